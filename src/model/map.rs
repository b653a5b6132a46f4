//! A layer's hex map: the grid's geometry and coordinates, and what the
//! source says is on it — terrain, hexside features, paths, elevation,
//! named places, set-up zones, objectives and entry hexes.

use crate::diagnostic::Location;

use super::layer::Hex;

/// Which way the hexes point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// Flat tops: hexes stand in vertical columns, every other one half a hex lower.
    Flat,
    /// Pointed tops: hexes lie in horizontal rows, every other one half a hex to the right.
    Pointy,
}

/// How a hex's column is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lettering {
    /// A … Z, AA, AB … AZ, BA … ("AH" is the 34th column).
    Letters,
    /// A … Z, AA, BB … ZZ ("BB" is the 28th column).
    Doubled,
    /// Four digits, column then row: "0412" is column 4, row 12.
    Numbers,
}

/// The hex grid: which hexes exist and where each lies.
#[derive(Debug, Clone)]
pub struct Grid {
    pub orientation: Orientation,
    pub lettering: Lettering,
    /// First and last column numbers, first and last rows.
    pub columns: (u32, u32),
    pub rows: (u32, u32),
    /// Whether the even-numbered columns (flat) or rows (pointy) sit half a hex
    /// lower (right); otherwise the odd ones do.
    pub even_shifted: bool,
}

/// A point on the map, in millimetres from its top-left corner.
pub type Point = (f64, f64);

impl Grid {
    pub fn column_count(&self) -> u32 {
        self.columns.1 + 1 - self.columns.0
    }

    pub fn row_count(&self) -> u32 {
        self.rows.1 + 1 - self.rows.0
    }

    pub fn hex_count(&self) -> u64 {
        u64::from(self.column_count()) * u64::from(self.row_count())
    }

    /// A hex's column and row on this grid's lettering, if it is on the map.
    pub fn locate(&self, hex: &Hex) -> Option<(u32, u32)> {
        let (column, row) = self.parse(&hex.text)?;
        self.contains(column, row).then_some((column, row))
    }

    /// A hex's column and row on this grid's lettering, on the map or not.
    pub fn parse(&self, text: &str) -> Option<(u32, u32)> {
        match self.lettering {
            Lettering::Numbers => {
                if text.len() != 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                Some((text[..2].parse().ok()?, text[2..].parse().ok()?))
            }
            Lettering::Letters | Lettering::Doubled => {
                let split = text.find(|c: char| !c.is_ascii_uppercase())?;
                let (letters, digits) = text.split_at(split);
                let row = digits
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                    .then(|| digits.parse().ok())??;
                Some((self.column_of(letters)?, row))
            }
        }
    }

    /// The column number that `letters` write, `None` if this lettering cannot write them.
    pub fn column_of(&self, letters: &str) -> Option<u32> {
        let bytes = letters.as_bytes();
        if bytes.is_empty() || !bytes.iter().all(u8::is_ascii_uppercase) {
            return None;
        }
        match self.lettering {
            Lettering::Letters if bytes.len() <= 2 => Some(super::layer::column_number(letters)),
            Lettering::Doubled if bytes.iter().all(|&b| b == bytes[0]) => {
                Some(u32::from(bytes[0] - b'A' + 1) + 26 * (bytes.len() as u32 - 1))
            }
            _ => None,
        }
    }

    /// A hex's name: "AH12", "BB3" or "0412".
    pub fn name(&self, column: u32, row: u32) -> String {
        match self.lettering {
            Lettering::Numbers => format!("{column:02}{row:02}"),
            Lettering::Letters => {
                let mut letters = String::new();
                let mut n = column;
                while n > 0 {
                    let digit = (n - 1) % 26;
                    letters.insert(0, char::from(b'A' + digit as u8));
                    n = (n - 1) / 26;
                }
                format!("{letters}{row}")
            }
            Lettering::Doubled => {
                let letter = char::from(b'A' + ((column - 1) % 26) as u8);
                let times = (column - 1) / 26 + 1;
                format!("{}{row}", letter.to_string().repeat(times as usize))
            }
        }
    }

    /// Where a hex on the map stands in a list of every hex, column by
    /// column (the order of `hexes`).
    pub fn index(&self, (column, row): (u32, u32)) -> usize {
        (column - self.columns.0) as usize * self.row_count() as usize
            + (row - self.rows.0) as usize
    }

    pub fn contains(&self, column: u32, row: u32) -> bool {
        (self.columns.0..=self.columns.1).contains(&column)
            && (self.rows.0..=self.rows.1).contains(&row)
    }

    /// Every hex, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (self.columns.0..=self.columns.1)
            .flat_map(move |c| (self.rows.0..=self.rows.1).map(move |r| (c, r)))
    }

    fn shifted(&self, n: u32) -> bool {
        n.is_multiple_of(2) == self.even_shifted
    }

    /// Whether any column (row) of the map is shifted, which adds half a hex.
    fn any_shifted(&self, first: u32, last: u32) -> bool {
        (first..=last).any(|n| self.shifted(n))
    }

    /// Whether the first column (row) sits high, so that nothing is added above it.
    fn first_high(&self, first: u32, last: u32) -> bool {
        !(first..=last).all(|n| self.shifted(n))
    }

    /// The centre of a hex, for hexes `flats` millimetres across the flats.
    pub fn centre(&self, column: u32, row: u32, flats: f64) -> Point {
        let radius = flats / 3f64.sqrt();
        let i = f64::from(column - self.columns.0);
        let j = f64::from(row - self.rows.0);
        let lift = |n: u32, first: u32, last: u32| {
            let base = if self.first_high(first, last) {
                0.0
            } else {
                -0.5
            };
            base + if self.shifted(n) { 0.5 } else { 0.0 }
        };
        match self.orientation {
            Orientation::Flat => (
                radius + i * 1.5 * radius,
                flats * (0.5 + j + lift(column, self.columns.0, self.columns.1)),
            ),
            Orientation::Pointy => (
                flats * (0.5 + i + lift(row, self.rows.0, self.rows.1)),
                radius + j * 1.5 * radius,
            ),
        }
    }

    /// The map's width and height in millimetres.
    pub fn size(&self, flats: f64) -> (f64, f64) {
        let radius = flats / 3f64.sqrt();
        let (columns, rows) = (f64::from(self.column_count()), f64::from(self.row_count()));
        match self.orientation {
            Orientation::Flat => {
                let half = self.any_shifted(self.columns.0, self.columns.1)
                    && self.first_high(self.columns.0, self.columns.1);
                (
                    radius * (2.0 + 1.5 * (columns - 1.0)),
                    flats * (rows + if half { 0.5 } else { 0.0 }),
                )
            }
            Orientation::Pointy => {
                let half = self.any_shifted(self.rows.0, self.rows.1)
                    && self.first_high(self.rows.0, self.rows.1);
                (
                    flats * (columns + if half { 0.5 } else { 0.0 }),
                    radius * (2.0 + 1.5 * (rows - 1.0)),
                )
            }
        }
    }

    /// The six corners of a hex around `centre`, clockwise from the right
    /// (flat) or the top (pointy).
    pub fn corners(&self, centre: Point, flats: f64) -> [Point; 6] {
        let radius = flats / 3f64.sqrt();
        let start = match self.orientation {
            Orientation::Flat => 0.0,
            Orientation::Pointy => -90.0,
        };
        std::array::from_fn(|k| {
            let angle = (start + 60.0 * k as f64).to_radians();
            (
                centre.0 + radius * angle.cos(),
                centre.1 + radius * angle.sin(),
            )
        })
    }

    /// Whether two hexes share a side.
    pub fn adjacent(&self, a: (u32, u32), b: (u32, u32)) -> bool {
        let (ca, cb) = (self.centre(a.0, a.1, 1.0), self.centre(b.0, b.1, 1.0));
        let distance = (ca.0 - cb.0).hypot(ca.1 - cb.1);
        a != b && (distance - 1.0).abs() < 1e-6
    }

    /// The side two adjacent hexes share, as its two ends.
    pub fn side_between(&self, a: (u32, u32), b: (u32, u32), flats: f64) -> [Point; 2] {
        let (ca, cb) = (self.centre(a.0, a.1, flats), self.centre(b.0, b.1, flats));
        let middle = ((ca.0 + cb.0) / 2.0, (ca.1 + cb.1) / 2.0);
        let half = flats / 3f64.sqrt() / 2.0;
        // The side runs across the line between the centres.
        let (dx, dy) = ((cb.0 - ca.0) / flats, (cb.1 - ca.1) / flats);
        [
            (middle.0 - dy * half, middle.1 + dx * half),
            (middle.0 + dy * half, middle.1 - dx * half),
        ]
    }

    /// The hexes within `distance` hexes of `centre` (itself included).
    pub fn within(&self, centre: (u32, u32), distance: u32) -> Vec<(u32, u32)> {
        let mut reached = vec![centre];
        let mut frontier = vec![centre];
        for _ in 0..distance {
            if frontier.is_empty() {
                break; // the whole map is reached
            }
            let mut next = Vec::new();
            for hex in &frontier {
                for neighbour in self.neighbours(*hex) {
                    if !reached.contains(&neighbour) {
                        reached.push(neighbour);
                        next.push(neighbour);
                    }
                }
            }
            frontier = next;
        }
        reached
    }

    /// The hexes on the map that share a side with `hex`.
    pub fn neighbours(&self, hex: (u32, u32)) -> Vec<(u32, u32)> {
        let (c, r) = (hex.0 as i64, hex.1 as i64);
        (-1..=1i64)
            .flat_map(|dc| (-1..=1i64).map(move |dr| (c + dc, r + dr)))
            .filter(|&(c, r)| c > 0 && r >= 0)
            .map(|(c, r)| (c as u32, r as u32))
            .filter(|&n| self.contains(n.0, n.1) && self.adjacent(hex, n))
            .collect()
    }
}

/// A hexside feature: a river, stream, wall… along the side two hexes share.
#[derive(Debug, Clone)]
pub struct Hexside {
    pub feature: String,
    pub between: [Hex; 2],
    pub location: Location,
}

/// A road or track through a chain of hexes, or a river drawn along them.
#[derive(Debug, Clone)]
pub struct Path {
    pub feature: String,
    pub hexes: Vec<Hex>,
    pub location: Location,
}

/// A named place: a village, farm or crossroads at a hex.
#[derive(Debug, Clone)]
pub struct Place {
    pub name: String,
    pub hex: Hex,
}

/// Hexes where a side may set up.
#[derive(Debug, Clone)]
pub struct Zone {
    pub side: String,
    pub name: String,
    pub hexes: Vec<Hex>,
    pub location: Location,
}

/// A hex worth victory points.
#[derive(Debug, Clone)]
pub struct Objective {
    pub hex: Hex,
    pub value: u32,
    pub side: Option<String>,
    pub name: String,
}

/// A hex where reinforcements come on, for a side.
#[derive(Debug, Clone)]
pub struct Entry {
    pub hex: Hex,
    pub side: Option<String>,
    pub name: String,
}

/// What a ruleset lets share a hex.
#[derive(Debug, Clone, Default)]
pub struct Stacking {
    /// The most counters in one hex, where the rules set one.
    pub counters: Option<u32>,
    /// Only counters of one side may share a hex.
    pub same_side: bool,
    /// Only units of one nation may share a hex.
    pub same_nation: bool,
    /// Whether leaders count against `counters`.
    pub leaders_count: bool,
}

/// The map a layer plays on.
#[derive(Debug, Clone)]
pub struct HexMap {
    pub grid: Grid,
    pub location: Location,
    /// Hexes' width across the flats, in millimetres, where the source gives it.
    pub hex_mm: Option<f64>,
    pub metres_per_hex: Option<f64>,
    /// Where north lies, in degrees clockwise from the top of the map, where known.
    pub north: Option<f64>,
    /// Whether the layer states the orientation, or it is only assumed.
    pub orientation_given: bool,
    /// The terrain of hexes the source leaves out, if it says.
    pub default_terrain: Option<(String, Location)>,
    /// Each terrain and the hexes it covers (a later entry wins).
    pub terrain: Vec<(String, Vec<Hex>, Location)>,
    pub elevation: Vec<(i32, Vec<Hex>)>,
    pub hexsides: Vec<Hexside>,
    pub paths: Vec<Path>,
    pub places: Vec<Place>,
    pub zones: Vec<Zone>,
    pub objectives: Vec<Objective>,
    pub entries: Vec<Entry>,
}

impl HexMap {
    /// A map of `grid` with nothing on it, of unknown size and scale.
    pub fn new(grid: Grid, location: Location) -> Self {
        HexMap {
            grid,
            location,
            hex_mm: None,
            metres_per_hex: None,
            north: None,
            orientation_given: false,
            default_terrain: None,
            terrain: Vec::new(),
            elevation: Vec::new(),
            hexsides: Vec::new(),
            paths: Vec::new(),
            places: Vec::new(),
            zones: Vec::new(),
            objectives: Vec::new(),
            entries: Vec::new(),
        }
    }

    /// Whether the source says what is on the map, or only names hexes on it.
    pub fn has_terrain(&self) -> bool {
        self.default_terrain.is_some()
            || !self.terrain.is_empty()
            || !self.hexsides.is_empty()
            || !self.paths.is_empty()
    }

    /// Each hex's terrain id, where the source gives one, by `Grid::index`.
    pub fn terrain_grid(&self) -> Vec<Option<&str>> {
        let default = self.default_terrain.as_ref().map(|(t, _)| t.as_str());
        let mut cells = vec![default; self.grid.hex_count() as usize];
        for (terrain, hexes, _) in &self.terrain {
            for hex in hexes {
                if let Some(at) = self.grid.locate(hex) {
                    cells[self.grid.index(at)] = Some(terrain.as_str());
                }
            }
        }
        cells
    }

    /// Each hex's elevation (0 where the source gives none), indexed as
    /// `terrain_grid`.
    pub fn elevation_grid(&self) -> Vec<i32> {
        let mut cells = vec![0; self.grid.hex_count() as usize];
        for (level, hexes) in &self.elevation {
            for hex in hexes {
                if let Some(at) = self.grid.locate(hex) {
                    cells[self.grid.index(at)] = *level;
                }
            }
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(orientation: Orientation, lettering: Lettering) -> Grid {
        Grid {
            orientation,
            lettering,
            columns: (1, 30),
            rows: (1, 20),
            even_shifted: true,
        }
    }

    #[test]
    fn letterings_name_and_read_the_same_hex() {
        let letters = grid(Orientation::Flat, Lettering::Letters);
        assert_eq!(letters.name(34, 12), "AH12");
        assert_eq!(letters.parse("AH12"), Some((34, 12)));
        let doubled = grid(Orientation::Flat, Lettering::Doubled);
        assert_eq!(doubled.name(28, 3), "BB3");
        assert_eq!(doubled.parse("BB3"), Some((28, 3)));
        assert_eq!(doubled.parse("AB3"), None);
        let numbers = grid(Orientation::Flat, Lettering::Numbers);
        assert_eq!(numbers.name(4, 12), "0412");
        assert_eq!(numbers.parse("0412"), Some((4, 12)));
    }

    #[test]
    fn neighbours_are_six_inside_and_share_a_side_of_the_hex() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            let g = grid(orientation, Lettering::Letters);
            for hex in [(5, 5), (6, 5), (5, 6)] {
                let neighbours = g.neighbours(hex);
                assert_eq!(neighbours.len(), 6, "{orientation:?} {hex:?}");
                for n in neighbours {
                    let [a, b] = g.side_between(hex, n, 16.0);
                    let side = (a.0 - b.0).hypot(a.1 - b.1);
                    assert!((side - 16.0 / 3f64.sqrt()).abs() < 1e-9);
                }
            }
            assert_eq!(g.within((5, 5), 2).len(), 19);
            // However far a set-up reaches, it reaches the map and stops.
            assert_eq!(g.within((5, 5), u32::MAX).len(), 600);
        }
    }

    #[test]
    fn the_map_holds_every_hex() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            let g = grid(orientation, Lettering::Letters);
            let (w, h) = g.size(16.0);
            for (c, r) in g.hexes() {
                for (x, y) in g.corners(g.centre(c, r, 16.0), 16.0) {
                    assert!((-1e-9..=w + 1e-9).contains(&x) && (-1e-9..=h + 1e-9).contains(&y));
                }
            }
        }
    }
}
