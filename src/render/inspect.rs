//! Looking at a typeset document as a reader would: text that runs off the
//! page, and characters the fonts cannot print (they come out as empty boxes).

use typst::layout::{Abs, Frame, FrameItem, Point, Transform};
use typst_layout::PagedDocument;

/// Something a reader would see as broken.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Problem {
    /// A run of text extends past the page's edge.
    OffPage { page: usize, text: String },
    /// The fonts have no glyph for a character.
    MissingGlyph { page: usize, character: char },
}

/// Tolerance, in points, for text that touches the edge (bleed, rounding).
const EDGE_PT: f64 = 1.0;

/// Every problem of the document, each text or character once.
pub fn inspect(document: &PagedDocument) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (index, page) in document.pages().iter().enumerate() {
        let size = page.frame.size();
        let mut walk = Walk {
            page: index + 1,
            width: size.x,
            height: size.y,
            problems: &mut problems,
        };
        walk.frame(&page.frame, Transform::identity());
    }
    let mut seen = std::collections::HashSet::new();
    problems.retain(|p| {
        seen.insert(match p {
            Problem::OffPage { text, .. } => text.clone(),
            Problem::MissingGlyph { character, .. } => character.to_string(),
        })
    });
    problems
}

struct Walk<'a> {
    page: usize,
    width: Abs,
    height: Abs,
    problems: &'a mut Vec<Problem>,
}

impl Walk<'_> {
    fn frame(&mut self, frame: &Frame, transform: Transform) {
        for (position, item) in frame.items() {
            match item {
                FrameItem::Group(group) => {
                    let inner = transform
                        .pre_concat(Transform::translate(position.x, position.y))
                        .pre_concat(group.transform);
                    self.frame(&group.frame, inner);
                }
                FrameItem::Text(text) => {
                    for glyph in text.glyphs.iter().filter(|g| g.id == 0) {
                        let character = text.text[glyph.range()].chars().next();
                        if let Some(character) = character.filter(|c| !c.is_whitespace()) {
                            self.problems.push(Problem::MissingGlyph {
                                page: self.page,
                                character,
                            });
                        }
                    }
                    let start = position.transform(transform);
                    let end =
                        Point::new(position.x + text.width(), position.y).transform(transform);
                    let (left, right) = (start.x.min(end.x), start.x.max(end.x));
                    let (top, bottom) = (start.y.min(end.y), start.y.max(end.y));
                    let edge = Abs::pt(EDGE_PT);
                    let off = left < -edge
                        || right > self.width + edge
                        || top < -edge
                        || bottom > self.height + edge;
                    if off {
                        self.problems.push(Problem::OffPage {
                            page: self.page,
                            text: text.text.to_string(),
                        });
                    }
                }
                _ => {}
            }
        }
    }
}
