//! The map's hex grid in VASSAL's terms (`HexGrid` and `HexGridNumbering`,
//! VASSAL 3.7): the attributes that make VASSAL's own names of the hexes the
//! map's, and VASSAL's arithmetic again, so that the build can check that
//! every hex centre maps back to its own code before writing a module.
//!
//! VASSAL lays hexes in columns (`sideways = false`, flat tops) or, turned a
//! quarter, in rows (`sideways = true`, pointed tops: every computation runs
//! with x and y swapped). Raw column 0 is at `x0`; odd raw columns sit half a
//! hex lower. A hex's name is its raw column plus `hOff` and its raw row plus
//! `vOff`, written with `leading` zeros, or in letters (0 is "A", 26 "AA").
//! Raw column 0 is put on the map's first column or the one before it,
//! whichever shifts the same columns as the map does, so that no stagger
//! correction is needed (`stagger = false`).
//!
//! A flat-topped map lettered A … Z, AA, AB … names its columns past Z in a
//! way VASSAL's letters cannot ("AA, BB"): those columns are zones, 26 to a
//! zone, each with the same grid counted from its first column and its
//! first letter written before the grid's name (`locationFormat = "A$gridLocation$"`).

use crate::model::map::{Grid, Lettering, Orientation};

/// Pixels per millimetre of the module's images: 150 dpi.
pub const PX_PER_MM: f64 = 150.0 / 25.4;

/// VASSAL's numeric or alphabetic part of a hex name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Numeric,
    Alphabetic,
}

impl Kind {
    pub fn code(self) -> char {
        match self {
            Kind::Numeric => 'N',
            Kind::Alphabetic => 'A',
        }
    }
}

/// One part of a name (`h…` or `v…` attributes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Part {
    pub kind: Kind,
    pub offset: i64,
    pub leading: u32,
}

/// A `HexGrid` with its `HexGridNumbering`, in board pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct VassalGrid {
    pub sideways: bool,
    pub x0: i64,
    pub y0: i64,
    pub dx: f64,
    pub dy: f64,
    /// `first = "H"`: the part of raw columns is written first.
    pub columns_first: bool,
    pub h: Part,
    pub v: Part,
    /// Whether VASSAL can write every hex's name as the map does: a pointy
    /// map lettered "AA, AB" past Z cannot (VASSAL doubles: "AA, BB").
    pub names_match: bool,
    /// The zones of columns past Z, for a flat map lettered "AA, AB".
    pub zones: Vec<Zone>,
}

/// Columns of a flat map past Z, named with a leading letter.
#[derive(Debug, Clone, PartialEq)]
pub struct Zone {
    /// The leading letter: "A" for AA … AZ.
    pub prefix: char,
    /// The map's first and last columns in it.
    pub columns: (u32, u32),
    /// Its board pixels from left to right (VASSAL's column bounds).
    pub x: (i64, i64),
    /// The column offset of its grid (`hOff`).
    pub h_offset: i64,
}

impl VassalGrid {
    /// The grid of a map whose hexes are `flats` mm across, drawn at
    /// [`PX_PER_MM`] from the map's top-left corner.
    pub fn of(grid: &Grid, flats: f64) -> VassalGrid {
        let sideways = grid.orientation == Orientation::Pointy;
        // The map's direction of staggering (columns of a flat-topped map,
        // rows of a pointed one) is VASSAL's "column".
        let (first, first_across) = if sideways {
            (grid.rows.0, grid.columns.0)
        } else {
            (grid.columns.0, grid.rows.0)
        };
        let shifted = |n: u32| n.is_multiple_of(2) == grid.even_shifted;
        // Raw column 0 must be unshifted: the first one if it is, else the
        // (virtual) one before it.
        let raw0 = if shifted(first) {
            i64::from(first) - 1
        } else {
            i64::from(first)
        };
        let centre = grid.centre(grid.columns.0, grid.rows.0, flats);
        let (along, across) = if sideways {
            (centre.1, centre.0)
        } else {
            (centre.0, centre.1)
        };
        let radius = flats / 3f64.sqrt();
        let step = 1.5 * radius;
        let origin_along = along - (i64::from(first) - raw0) as f64 * step;
        let origin_across = across - if shifted(first) { flats / 2.0 } else { 0.0 };
        let px = |mm: f64| (mm * PX_PER_MM).round() as i64;
        let letters = matches!(grid.lettering, Lettering::Letters | Lettering::Doubled);
        // Which map direction carries letters or the first two digits: the
        // map's columns, whatever their orientation.
        let column_part = Part {
            kind: if letters {
                Kind::Alphabetic
            } else {
                Kind::Numeric
            },
            offset: 0,
            leading: if letters { 0 } else { 1 },
        };
        let row_part = Part {
            kind: Kind::Numeric,
            offset: 0,
            leading: if letters { 0 } else { 1 },
        };
        // VASSAL's value of a map number: letters count from 0 ("A").
        let value = |part: &Part, n: i64| match part.kind {
            Kind::Alphabetic => n - 1,
            Kind::Numeric => n,
        };
        // Along the stagger: raw 0 is `raw0`; across it: raw 0 is the first.
        let (h, v) = if sideways {
            let h = Part {
                offset: value(&row_part, raw0),
                ..row_part
            };
            let v = Part {
                offset: value(&column_part, i64::from(first_across)),
                ..column_part
            };
            (h, v)
        } else {
            let h = Part {
                offset: value(&column_part, raw0),
                ..column_part
            };
            let v = Part {
                offset: value(&row_part, i64::from(first_across)),
                ..row_part
            };
            (h, v)
        };
        let lettered_past_z = grid.lettering == Lettering::Letters && grid.columns.1 > 26;
        let names_match = !lettered_past_z || !sideways;
        // Past Z in zones of 26 columns, up to ZZ (the 702nd).
        let mut zones = Vec::new();
        if lettered_past_z && !sideways {
            let (dx, x0) = (step * PX_PER_MM, px(origin_along));
            let edge = |column: u32| {
                let raw = i64::from(column) - raw0;
                (x0 as f64 + (raw as f64 - 0.5) * dx).round() as i64
            };
            for block in 1..=26u32 {
                let from = (26 * block + 1).max(grid.columns.0);
                let to = (26 * block + 26).min(grid.columns.1);
                if from > to {
                    continue;
                }
                zones.push(Zone {
                    prefix: char::from(b'A' + (block - 1) as u8),
                    columns: (from, to),
                    x: (edge(from), edge(to + 1)),
                    h_offset: h.offset - 26 * i64::from(block),
                });
            }
        }
        VassalGrid {
            sideways,
            x0: px(origin_along),
            y0: px(origin_across),
            dx: step * PX_PER_MM,
            dy: flats * PX_PER_MM,
            // The map's name is column then row: VASSAL's columns when they
            // are the map's, its rows when the grid is turned.
            columns_first: !sideways,
            h,
            v,
            names_match: names_match && grid.columns.1 <= 702,
            zones,
        }
    }

    fn swap(&self, (x, y): (i64, i64)) -> (i64, i64) {
        if self.sideways { (y, x) } else { (x, y) }
    }

    /// `HexGrid.getRawColumn` and `getRawRow`.
    fn raw(&self, point: (i64, i64)) -> (i64, i64) {
        let (x, y) = self.swap(point);
        let column = ((x - self.x0) as f64 / self.dx + 0.5).floor() as i64;
        let down = if column % 2 == 0 { 0.0 } else { self.dy / 2.0 };
        let row = (((y - self.y0) as f64 - down) / self.dy + 0.5).floor() as i64;
        (column, row)
    }

    /// `RegularGridNumbering.locationName`: VASSAL's name of the hex under a
    /// board point.
    pub fn location_name(&self, point: (i64, i64)) -> String {
        let (column, row) = self.raw(point);
        // `ZonedGrid.locationName`: a zone holding the point names it.
        let zone = self
            .zones
            .iter()
            .find(|z| (z.x.0..z.x.1).contains(&point.0));
        let h = Part {
            offset: zone.map_or(self.h.offset, |z| z.h_offset),
            ..self.h
        };
        let prefix = zone.map(|z| z.prefix.to_string()).unwrap_or_default();
        let column = prefix + &name(column + h.offset, &h);
        let row = name(row + self.v.offset, &self.v);
        if self.columns_first {
            column + &row
        } else {
            row + &column
        }
    }

    /// `HexGridNumbering.getCenterPoint` after `getLocation` read a name:
    /// where VASSAL puts a piece set up on the hex of the map's `column` and `row`.
    pub fn centre(&self, column: u32, row: u32) -> (i64, i64) {
        let value = |part: &Part, n: u32| match part.kind {
            Kind::Alphabetic => i64::from(n) - 1,
            Kind::Numeric => i64::from(n),
        };
        // The map's column is VASSAL's row when the grid is turned.
        let (along, across) = if self.sideways {
            (row, column)
        } else {
            (column, row)
        };
        let raw_column = value(&self.h, along) - self.h.offset;
        let raw_row = value(&self.v, across) - self.v.offset;
        let x = (raw_column as f64 * self.dx) as i64 + self.x0;
        let y = if raw_column % 2 == 0 {
            (raw_row as f64 * self.dy) as i64
        } else {
            (raw_row as f64 * self.dy + self.dy / 2.0) as i64
        } + self.y0;
        self.swap((x, y))
    }
}

/// `RegularGridNumbering.getName(int, char, int)`.
fn name(n: i64, part: &Part) -> String {
    let mut text = if n < 0 {
        "-".to_string()
    } else {
        String::new()
    };
    let mut n = n.abs();
    match part.kind {
        Kind::Alphabetic => loop {
            text.push(char::from(b'A' + (n % 26) as u8));
            n -= 26;
            if n < 0 {
                return text;
            }
        },
        Kind::Numeric => {
            let mut leading = part.leading;
            while leading > 0 && (n as f64) < 10f64.powi(leading as i32) {
                text.push('0');
                leading -= 1;
            }
            text + &n.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(orientation: Orientation, lettering: Lettering, even_shifted: bool) -> Grid {
        Grid {
            orientation,
            lettering,
            columns: (1, 60),
            rows: (1, 24),
            even_shifted,
        }
    }

    /// Every hex of every kind of map: VASSAL's centre of the hex names the
    /// hex, and lies within a pixel of the hex drawn on the board.
    #[test]
    fn every_hex_centre_maps_back_to_its_own_code() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            for lettering in [Lettering::Numbers, Lettering::Doubled, Lettering::Letters] {
                for even_shifted in [true, false] {
                    let map = grid(orientation, lettering, even_shifted);
                    let vassal = VassalGrid::of(&map, 16.0);
                    for (column, row) in map.hexes() {
                        let code = map.name(column, row);
                        let at = vassal.centre(column, row);
                        let drawn = map.centre(column, row, 16.0);
                        let drawn = (drawn.0 * PX_PER_MM, drawn.1 * PX_PER_MM);
                        let off = ((at.0 as f64 - drawn.0).powi(2)
                            + (at.1 as f64 - drawn.1).powi(2))
                        .sqrt();
                        assert!(
                            off <= 1.5,
                            "{code} {orientation:?} {lettering:?}: {off} px off"
                        );
                        if vassal.names_match || column <= 26 {
                            // A stack resolved in its zone lies in it.
                            if let Some(z) = vassal
                                .zones
                                .iter()
                                .find(|z| (z.columns.0..=z.columns.1).contains(&column))
                            {
                                assert!((z.x.0..z.x.1).contains(&at.0), "{code} outside its zone");
                            }
                            assert_eq!(
                                vassal.location_name(at),
                                code,
                                "{orientation:?} {lettering:?} {even_shifted}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn vassal_writes_names_as_its_numbering_does() {
        let numeric = Part {
            kind: Kind::Numeric,
            offset: 0,
            leading: 1,
        };
        assert_eq!(name(5, &numeric), "05");
        assert_eq!(name(12, &numeric), "12");
        let letters = Part {
            kind: Kind::Alphabetic,
            offset: 0,
            leading: 0,
        };
        assert_eq!(name(0, &letters), "A");
        assert_eq!(name(26, &letters), "AA");
        assert_eq!(name(27, &letters), "BB");
    }
}
