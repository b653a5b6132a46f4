//! Looking at a typeset document as a reader would: text that runs off the
//! page or out of the box that holds it, text printed over other text, and
//! characters the fonts cannot print (they come out as empty boxes). The
//! laid-out pages are the geometry the PDF is written from, so this reads
//! every page of every output without parsing the PDF again.

use typst::layout::{Abs, Frame, FrameItem, Point, Transform};
use typst_layout::PagedDocument;

/// Something a reader would see as broken.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Problem {
    /// A run of text extends past the page's edge.
    OffPage { page: usize, text: String },
    /// The fonts have no glyph for a character.
    MissingGlyph { page: usize, character: char },
    /// A run of text is printed over another.
    Overprint {
        page: usize,
        text: String,
        other: String,
    },
    /// A run of text runs past the edge of the box that holds it: cut off
    /// where the box clips, spilling out where it does not.
    OutOfBox { page: usize, text: String },
}

/// Tolerance, in points, for text that touches an edge (bleed, rounding).
const EDGE_PT: f64 = 1.0;

/// How much two runs must share, as a share of the smaller type size across
/// and of its capitals' height down, to be printed over each other: more
/// than letters that touch, or lines set tight.
const OVERLAP_ACROSS: f64 = 0.3;
const OVERLAP_DOWN: f64 = 0.35;

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
            runs: Vec::new(),
            boxes: Vec::new(),
        };
        walk.frame(&page.frame, Transform::identity());
        let runs = std::mem::take(&mut walk.runs);
        overprints(index + 1, runs, &mut problems);
    }
    let mut seen = std::collections::HashSet::new();
    problems.retain(|p| {
        seen.insert(match p {
            Problem::OffPage { text, .. } => format!("off {text}"),
            Problem::MissingGlyph { character, .. } => format!("glyph {character}"),
            Problem::Overprint { text, other, .. } => format!("over {text} {other}"),
            Problem::OutOfBox { text, .. } => format!("box {text}"),
        })
    });
    problems
}

/// A rectangle on the page, in points from its top left.
#[derive(Debug, Clone, Copy)]
struct Rect {
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

impl Rect {
    /// The rectangle `(0, 0)–(width, height)` under `transform`, if it
    /// stays upright (turned by a multiple of a right angle).
    fn of(transform: Transform, width: Abs, height: Abs) -> Option<Rect> {
        let upright = transform.kx.get().abs() < 1e-9 && transform.ky.get().abs() < 1e-9
            || transform.sx.get().abs() < 1e-9 && transform.sy.get().abs() < 1e-9;
        if !upright {
            return None;
        }
        let a = Point::zero().transform(transform);
        let b = Point::new(width, height).transform(transform);
        Some(Rect {
            left: a.x.to_pt().min(b.x.to_pt()),
            top: a.y.to_pt().min(b.y.to_pt()),
            right: a.x.to_pt().max(b.x.to_pt()),
            bottom: a.y.to_pt().max(b.y.to_pt()),
        })
    }

    fn contains(&self, other: &Rect, tolerance: f64) -> bool {
        other.left >= self.left - tolerance
            && other.right <= self.right + tolerance
            && other.top >= self.top - tolerance
            && other.bottom <= self.bottom + tolerance
    }
}

/// A run of text as set on the page: the part its letters' bodies fill
/// (baseline to capitals, a little in from either end), and its size.
struct Run {
    text: String,
    body: Rect,
    size: f64,
}

struct Walk<'a> {
    page: usize,
    width: Abs,
    height: Abs,
    problems: &'a mut Vec<Problem>,
    runs: Vec<Run>,
    /// The boxes the walk is inside, innermost last: their rectangle, and
    /// whether they clip what passes their edge.
    boxes: Vec<(Rect, bool)>,
}

impl Walk<'_> {
    fn frame(&mut self, frame: &Frame, transform: Transform) {
        for (position, item) in frame.items() {
            match item {
                FrameItem::Group(group) => {
                    let inner = transform
                        .pre_concat(Transform::translate(position.x, position.y))
                        .pre_concat(group.transform);
                    let size = group.frame.size();
                    // A box of its own size: a block or box the template
                    // sized, or one that clips.
                    let sized = group.frame.kind().is_hard() || group.clip.is_some();
                    let boxed = (sized && upright(inner))
                        .then(|| Rect::of(inner, size.x, size.y))
                        .flatten()
                        .filter(|r| r.right - r.left > 0.0 && r.bottom - r.top > 0.0);
                    if let Some(rect) = boxed {
                        self.boxes.push((rect, group.clip.is_some()));
                    }
                    self.frame(&group.frame, inner);
                    if boxed.is_some() {
                        self.boxes.pop();
                    }
                }
                FrameItem::Text(text) => self.text(text, *position, transform),
                _ => {}
            }
        }
    }

    fn text(&mut self, text: &typst::text::TextItem, position: Point, transform: Transform) {
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
        let end = Point::new(position.x + text.width(), position.y).transform(transform);
        let (left, right) = (start.x.min(end.x), start.x.max(end.x));
        let (top, bottom) = (start.y.min(end.y), start.y.max(end.y));
        let edge = Abs::pt(EDGE_PT);
        let off =
            left < -edge || right > self.width + edge || top < -edge || bottom > self.height + edge;
        let content = text.text.to_string();
        if off {
            self.problems.push(Problem::OffPage {
                page: self.page,
                text: content.clone(),
            });
        }
        if content.trim().is_empty() {
            return;
        }
        // Boxes and overprints are looked for in text that reads upright:
        // turned or rotated text (a column's head set sideways, the back of
        // a counter turned over a fold) stands apart on its own.
        if !upright(transform) {
            return;
        }
        let metrics = text.font.metrics();
        let size = text.size;
        // The letters from their capitals to their descenders, upright; a
        // space that ends the run takes room but prints nothing.
        let glyphs = Transform::translate(position.x, position.y - metrics.cap_height.at(size));
        let ink_height = (metrics.cap_height - metrics.descender).at(size);
        let Some(ink) = Rect::of(transform.pre_concat(glyphs), inked_width(text), ink_height)
        else {
            return;
        };
        // A box that clips cuts whatever passes its edge, descenders too; one
        // that does not is as tall as its lines from capitals to baseline.
        let descender = -metrics.descender.at(size).to_pt();
        let body = Rect {
            bottom: ink.bottom - descender,
            ..ink
        };
        // Punctuation may hang past a justified line's end by a part of
        // its width.
        let hanging = Rect {
            right: body.right - 0.3 * size.to_pt(),
            ..body
        };
        if let Some((held, clips)) = self.boxes.last()
            && !held.contains(if *clips { &ink } else { &hanging }, EDGE_PT)
            && !off
        {
            // Spilling past a box that does not clip is a problem only where
            // the run starts inside it (not text placed beside on purpose).
            let starts_inside = (held.left - EDGE_PT..=held.right).contains(&ink.left)
                && (held.top - EDGE_PT..=held.bottom).contains(&ink.top);
            if *clips || starts_inside {
                self.problems.push(Problem::OutOfBox {
                    page: self.page,
                    text: content.clone(),
                });
            }
        }
        let pt = size.to_pt();
        let in_from_ends = 0.05 * pt;
        self.runs.push(Run {
            text: content,
            body: Rect {
                left: body.left + in_from_ends,
                right: body.right - in_from_ends,
                ..body
            },
            size: pt,
        });
    }
}

/// The width of a run to its last printed glyph (trailing spaces left out).
fn inked_width(text: &typst::text::TextItem) -> Abs {
    let printed = text
        .glyphs
        .iter()
        .rposition(|g| !text.text[g.range()].chars().all(char::is_whitespace))
        .map_or(0, |last| last + 1);
    text.glyphs[..printed]
        .iter()
        .map(|g| g.x_advance)
        .sum::<typst::layout::Em>()
        .at(text.size)
}

/// Whether a transform keeps text upright: no turn, no mirror, no slant.
fn upright(transform: Transform) -> bool {
    transform.sx.get() > 0.0
        && transform.sy.get() > 0.0
        && transform.kx.get().abs() < 1e-9
        && transform.ky.get().abs() < 1e-9
}

/// Runs printed over each other on one page: their bodies share more than
/// letters that touch. Swept top to bottom, each run against those it
/// shares lines with.
fn overprints(page: usize, mut runs: Vec<Run>, problems: &mut Vec<Problem>) {
    runs.sort_by(|a, b| a.body.top.total_cmp(&b.body.top));
    for (i, run) in runs.iter().enumerate() {
        for other in runs[i + 1..].iter() {
            if other.body.top >= run.body.bottom {
                break;
            }
            let across = run.body.right.min(other.body.right) - run.body.left.max(other.body.left);
            let down = run.body.bottom.min(other.body.bottom) - run.body.top.max(other.body.top);
            let smaller = run.size.min(other.size);
            let capitals = (run.body.bottom - run.body.top).min(other.body.bottom - other.body.top);
            if across > OVERLAP_ACROSS * smaller && down > OVERLAP_DOWN * capitals {
                problems.push(Problem::Overprint {
                    page,
                    text: run.text.clone(),
                    other: other.text.clone(),
                });
            }
        }
    }
}
