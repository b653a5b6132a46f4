//! Imposition: pieces of one size (counters, cards) on printed sheets, the
//! grid centred on the page, each page of fronts followed by its backs as the
//! user's duplex mode turns the sheet, with cut marks off all four edges.

use crate::model::counter_spec::{Duplex, Settings};

/// A piece at its top-left corner on the page, in millimetres; `turned`
/// pieces print upside down (backs below the fold of a gutter-fold sheet,
/// which read upright once folded).
pub struct Placed<T> {
    pub x: f64,
    pub y: f64,
    pub item: T,
    pub turned: bool,
}

/// A cut mark: a line from (x1, y1) to (x2, y2), in millimetres from the
/// page's top left corner.
pub type Mark = [f64; 4];

/// One printed page: its pieces and cut marks, and where a gutter-fold page
/// is folded.
pub struct Page<T> {
    pub items: Vec<Placed<T>>,
    pub marks: Vec<Mark>,
    pub fold_mm: Option<f64>,
}

/// How pieces go on paper.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub page_mm: (f64, f64),
    /// A piece's width and height at the cut.
    pub piece_mm: (f64, f64),
    /// Colour past the cut on every side of a piece.
    pub bleed_mm: f64,
    pub margin_mm: f64,
    pub duplex: Duplex,
    /// Where the backs are moved to meet the fronts: right and down.
    pub back_offset_mm: (f64, f64),
    pub crop_marks: bool,
}

/// How far a cut mark stands off the pieces, and how long it is.
const MARK_GAP_MM: f64 = 0.5;
const MARK_LENGTH_MM: f64 = 3.0;

impl Sheet {
    /// The sheet counters are imposed on, under the user's print profile.
    pub fn for_counters(settings: &Settings) -> Self {
        Self::of(
            settings,
            (settings.size_mm, settings.size_mm),
            settings.margin_mm,
        )
    }

    /// A sheet of pieces of a size (cards) under the user's print profile.
    pub fn of(settings: &Settings, piece_mm: (f64, f64), margin_mm: f64) -> Self {
        Self {
            page_mm: settings.page_mm(),
            piece_mm,
            bleed_mm: settings.bleed_mm,
            margin_mm,
            duplex: settings.duplex,
            back_offset_mm: settings.back_offset_mm,
            crop_marks: settings.crop_marks,
        }
    }

    /// The distance from one piece to the next, bleed included.
    pub fn pitch_mm(&self) -> (f64, f64) {
        let (w, h) = self.piece_mm;
        (w + 2.0 * self.bleed_mm, h + 2.0 * self.bleed_mm)
    }

    /// Pieces per row and rows per page (per half-page, folded) inside the
    /// margins.
    pub fn grid(&self) -> (usize, usize) {
        let (w, h) = self.page_mm;
        let (pitch_x, pitch_y) = self.pitch_mm();
        let height = match self.duplex {
            // Each half keeps a margin at the fold as at the page's edge.
            Duplex::GutterFold => h / 2.0 - 2.0 * self.margin_mm,
            _ => h - 2.0 * self.margin_mm,
        };
        (
            ((w - 2.0 * self.margin_mm) / pitch_x).floor().max(0.0) as usize,
            (height / pitch_y).floor().max(0.0) as usize,
        )
    }

    /// Pieces a page of fronts holds (at least one, so that a piece larger
    /// than the paper still prints, cut off, and is not lost).
    pub fn per_page(&self) -> usize {
        let (columns, rows) = self.grid();
        (columns * rows).max(1)
    }
}

/// Lays pairs of (front, back) out: each page of fronts is followed by its
/// backs, mirrored as the duplex mode turns the sheet (left to right for
/// long-edge, top to bottom for short-edge), or set below the fronts on the
/// same page, mirrored about the fold (gutter-fold). Backs and their cut
/// marks move by the printer's back offset.
pub fn impose<T: Clone>(sheet: &Sheet, pieces: &[(T, T)]) -> Vec<Page<T>> {
    let (columns, _) = sheet.grid();
    let columns = columns.max(1);
    let (pitch_x, pitch_y) = sheet.pitch_mm();
    let (piece_w, piece_h) = sheet.piece_mm;
    let (width, height) = sheet.page_mm;
    let (dx, dy) = sheet.back_offset_mm;
    // The back of a point of the front, as the sheet is turned.
    let turn = |x: f64, y: f64| match sheet.duplex {
        Duplex::LongEdge => (width - x + dx, y + dy),
        Duplex::ShortEdge | Duplex::GutterFold => (x + dx, height - y + dy),
    };
    let mut pages = Vec::new();
    for chunk in pieces.chunks(sheet.per_page()) {
        let columns_used = chunk.len().min(columns);
        let rows_used = chunk.len().div_ceil(columns);
        let left = (width - columns as f64 * pitch_x) / 2.0;
        let grid_height = rows_used as f64 * pitch_y;
        let top = match sheet.duplex {
            Duplex::GutterFold => (height / 2.0 - grid_height) / 2.0,
            _ => (height - grid_height) / 2.0,
        };
        let turned = sheet.duplex == Duplex::GutterFold;
        let mut fronts = Vec::new();
        let mut backs = Vec::new();
        for (i, (front, back)) in chunk.iter().enumerate() {
            let (column, row) = (i % columns, i / columns);
            let x = left + column as f64 * pitch_x + sheet.bleed_mm;
            let y = top + row as f64 * pitch_y + sheet.bleed_mm;
            fronts.push(Placed {
                x,
                y,
                item: front.clone(),
                turned: false,
            });
            // The back's corner is the turned front's opposite corner.
            let (bx, by) = turn(x, y);
            let (bx, by) = match sheet.duplex {
                Duplex::LongEdge => (bx - piece_w, by),
                _ => (bx, by - piece_h),
            };
            backs.push(Placed {
                x: bx,
                y: by,
                item: back.clone(),
                turned,
            });
        }
        let front_marks = if sheet.crop_marks {
            cut_marks(sheet, (left, top), columns_used, rows_used)
        } else {
            Vec::new()
        };
        let back_marks: Vec<Mark> = front_marks
            .iter()
            .map(|[x1, y1, x2, y2]| {
                let (a, b) = turn(*x1, *y1);
                let (c, d) = turn(*x2, *y2);
                [a, b, c, d]
            })
            .collect();
        if sheet.duplex == Duplex::GutterFold {
            fronts.extend(backs);
            pages.push(Page {
                items: fronts,
                marks: front_marks.into_iter().chain(back_marks).collect(),
                fold_mm: Some(height / 2.0),
            });
        } else {
            pages.push(Page {
                items: fronts,
                marks: front_marks,
                fold_mm: None,
            });
            pages.push(Page {
                items: backs,
                marks: back_marks,
                fold_mm: None,
            });
        }
    }
    pages
}

/// Marks at every cut line of a grid, off all four of its edges: with
/// bleed each piece has cuts of its own, else neighbours share one.
fn cut_marks(sheet: &Sheet, (left, top): (f64, f64), columns: usize, rows: usize) -> Vec<Mark> {
    let (pitch_x, pitch_y) = sheet.pitch_mm();
    let cuts = |start: f64, count: usize, pitch: f64, size: f64| {
        let mut at: Vec<f64> = (0..count)
            .flat_map(|k| {
                let edge = start + k as f64 * pitch + sheet.bleed_mm;
                [edge, edge + size]
            })
            .collect();
        at.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        at
    };
    let (right, bottom) = (left + columns as f64 * pitch_x, top + rows as f64 * pitch_y);
    let (near, far) = (MARK_GAP_MM, MARK_GAP_MM + MARK_LENGTH_MM);
    let mut marks = Vec::new();
    for x in cuts(left, columns, pitch_x, sheet.piece_mm.0) {
        marks.push([x, top - far, x, top - near]);
        marks.push([x, bottom + near, x, bottom + far]);
    }
    for y in cuts(top, rows, pitch_y, sheet.piece_mm.1) {
        marks.push([left - far, y, left - near, y]);
        marks.push([right + near, y, right + far, y]);
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poker(duplex: Duplex) -> Sheet {
        Sheet {
            page_mm: (210.0, 297.0),
            piece_mm: (63.5, 88.9),
            bleed_mm: 0.0,
            margin_mm: 5.0,
            duplex,
            back_offset_mm: (0.0, 0.0),
            crop_marks: true,
        }
    }

    #[test]
    fn nine_poker_cards_fit_a4_and_letter_and_four_tarot() {
        assert_eq!(poker(Duplex::LongEdge).grid(), (3, 3));
        let letter = Sheet {
            page_mm: (215.9, 279.4),
            ..poker(Duplex::LongEdge)
        };
        assert_eq!(letter.grid(), (3, 3));
        let tarot = Sheet {
            piece_mm: (69.9, 120.7),
            ..letter
        };
        assert_eq!(tarot.grid(), (2, 2));
    }

    #[test]
    fn a_long_edge_back_mirrors_its_front_left_to_right() {
        let pages = impose(&poker(Duplex::LongEdge), &[(1, -1), (2, -2)]);
        assert_eq!(pages.len(), 2);
        let (front, back) = (&pages[0].items[0], &pages[1].items[0]);
        assert_eq!(back.item, -1);
        assert!((front.x - (210.0 - back.x - 63.5)).abs() < 1e-9);
        assert!((front.y - back.y).abs() < 1e-9);
        // Every back mark is a front mark turned.
        for (f, b) in pages[0].marks.iter().zip(&pages[1].marks) {
            assert!((f[0] - (210.0 - b[0])).abs() < 1e-9 && (f[1] - b[1]).abs() < 1e-9);
        }
    }

    #[test]
    fn gutter_fold_backs_are_turned_below_the_fold() {
        let pages = impose(&poker(Duplex::GutterFold), &[(1, -1)]);
        assert_eq!(pages.len(), 1);
        let back = pages[0].items.iter().find(|p| p.item == -1).unwrap();
        assert!(back.turned && back.y > 297.0 / 2.0);
    }
}
