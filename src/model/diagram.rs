//! Diagrams: small figures of pure geometry that a rule describes better with
//! a drawing than with words — the hexes a square fires into, two lines facing
//! each other, what a counter prints where. Read from a chapter's
//! ```` ```diagram ```` block (TOML), drawn by `templates/diagram.typ`.

use crate::diagnostic::Location;

/// Hexes one hex diagram may have (columns × rows).
pub const MAX_HEXES: u32 = 200;
/// Entries one diagram may have: hexes marked, units, arrows, notes and fields.
pub const MAX_ITEMS: usize = 100;

/// One figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagram {
    /// Printed under the figure.
    pub caption: Option<String>,
    pub grid: Grid,
    /// Hexes shaded or labelled (hex grids only).
    pub hexes: Vec<HexMark>,
    pub units: Vec<Unit>,
    pub arrows: Vec<Arrow>,
    /// Free labels.
    pub notes: Vec<Note>,
    /// What a counter prints where (counter grids only).
    pub fields: Vec<Field>,
    /// The block's TOML text.
    pub location: Location,
}

/// What the figure is drawn on.
#[derive(Debug, Clone, PartialEq)]
pub enum Grid {
    /// Flat-topped hexes, `columns` × `rows`; columns B, D, F… sit half a hex
    /// lower than A, C, E. `hex_mm` is a hex's size from flat side to flat side.
    Hex {
        columns: u32,
        rows: u32,
        hex_mm: f64,
    },
    /// Free ground, `width_cm` × `height_cm`, points in cm from the top left.
    Plain { width_cm: f64, height_cm: f64 },
    /// One counter face, enlarged to `size_mm`, in a side's colour.
    Counter { size_mm: f64, side: Side },
}

/// A place on the grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Point {
    /// A hex: column and row counted from 0 (A1 is (0, 0)).
    Hex { column: u32, row: u32 },
    /// A point in cm from the top left, y downwards.
    Cm { x: f64, y: f64 },
}

/// How a hex is shaded: a few named roles, each its own shade in greyscale too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Unit,
    Target,
    Zone,
    Blocked,
}

impl Role {
    pub const NAMES: &[&str] = &["unit", "target", "zone", "blocked"];

    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "unit" => Role::Unit,
            "target" => Role::Target,
            "zone" => Role::Zone,
            "blocked" => Role::Blocked,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Unit => "unit",
            Role::Target => "target",
            Role::Zone => "zone",
            Role::Blocked => "blocked",
        }
    }
}

/// One hex shaded, labelled, or both.
#[derive(Debug, Clone, PartialEq)]
pub struct HexMark {
    pub at: Point,
    pub fill: Option<Role>,
    pub label: Option<String>,
}

/// The six sides of a flat-topped hex, clockwise from the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HexSide {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl HexSide {
    pub const NAMES: &[&str] = &["N", "NE", "SE", "S", "SW", "NW"];

    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "N" => HexSide::N,
            "NE" => HexSide::NE,
            "SE" => HexSide::SE,
            "S" => HexSide::S,
            "SW" => HexSide::SW,
            "NW" => HexSide::NW,
            _ => return None,
        })
    }

    /// Clockwise from the top, as a compass: N 0, NE 60 … NW 300.
    pub fn degrees(self) -> u16 {
        match self {
            HexSide::N => 0,
            HexSide::NE => 60,
            HexSide::SE => 120,
            HexSide::S => 180,
            HexSide::SW => 240,
            HexSide::NW => 300,
        }
    }
}

/// Where a unit faces.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Facing {
    /// A hex side (hex grids).
    Side(HexSide),
    /// Degrees clockwise from the top of the figure (plain grids), 0 to 360.
    Degrees(f64),
    /// Every side is frontal (the rules say so of some formations).
    All,
}

/// The symbol in a unit's block, as on the counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Infantry,
    LightInfantry,
    Cavalry,
    LightCavalry,
    HeavyCavalry,
    Artillery,
    HorseArtillery,
    Leader,
}

impl Kind {
    pub const NAMES: &[&str] = &[
        "infantry",
        "light-infantry",
        "cavalry",
        "light-cavalry",
        "heavy-cavalry",
        "artillery",
        "horse-artillery",
        "leader",
    ];

    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "infantry" => Kind::Infantry,
            "light-infantry" => Kind::LightInfantry,
            "cavalry" => Kind::Cavalry,
            "light-cavalry" => Kind::LightCavalry,
            "heavy-cavalry" => Kind::HeavyCavalry,
            "artillery" => Kind::Artillery,
            "horse-artillery" => Kind::HorseArtillery,
            "leader" => Kind::Leader,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::LightInfantry => "light-infantry",
            Kind::Cavalry => "cavalry",
            Kind::LightCavalry => "light-cavalry",
            Kind::HeavyCavalry => "heavy-cavalry",
            Kind::Artillery => "artillery",
            Kind::HorseArtillery => "horse-artillery",
            Kind::Leader => "leader",
        }
    }
}

/// The two sides of a figure, each its own colour (also apart in greyscale).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub const NAMES: &[&str] = &["a", "b"];

    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "a" => Side::A,
            "b" => Side::B,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
}

/// A unit: a block with its symbol in a hex, or a rectangle of its frontage
/// on plain ground.
#[derive(Debug, Clone, PartialEq)]
pub struct Unit {
    pub at: Point,
    pub facing: Option<Facing>,
    pub kind: Kind,
    pub side: Side,
    pub label: Option<String>,
    /// Frontage in cm (plain grids).
    pub width_cm: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrowStyle {
    /// Dashed, one head.
    Fire,
    /// Solid, one head.
    Move,
    /// Solid, a double head.
    Charge,
}

impl ArrowStyle {
    pub const NAMES: &[&str] = &["fire", "move", "charge"];

    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "fire" => ArrowStyle::Fire,
            "move" => ArrowStyle::Move,
            "charge" => ArrowStyle::Charge,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            ArrowStyle::Fire => "fire",
            ArrowStyle::Move => "move",
            ArrowStyle::Charge => "charge",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Arrow {
    pub from: Point,
    pub to: Point,
    pub style: ArrowStyle,
    pub label: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    pub at: Point,
    pub text: String,
}

/// Where a field sits on a counter face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    TopLeft,
    Top,
    TopRight,
    Left,
    Centre,
    Right,
    /// The line above the bottom one, centred.
    Lower,
    BottomLeft,
    Bottom,
    BottomRight,
}

impl Spot {
    pub const NAMES: &[&str] = &[
        "top-left",
        "top",
        "top-right",
        "left",
        "centre",
        "right",
        "lower",
        "bottom-left",
        "bottom",
        "bottom-right",
    ];

    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "top-left" => Spot::TopLeft,
            "top" => Spot::Top,
            "top-right" => Spot::TopRight,
            "left" => Spot::Left,
            "centre" => Spot::Centre,
            "right" => Spot::Right,
            "lower" => Spot::Lower,
            "bottom-left" => Spot::BottomLeft,
            "bottom" => Spot::Bottom,
            "bottom-right" => Spot::BottomRight,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Spot::TopLeft => "top-left",
            Spot::Top => "top",
            Spot::TopRight => "top-right",
            Spot::Left => "left",
            Spot::Centre => "centre",
            Spot::Right => "right",
            Spot::Lower => "lower",
            Spot::BottomLeft => "bottom-left",
            Spot::Bottom => "bottom",
            Spot::BottomRight => "bottom-right",
        }
    }
}

/// What a field shows on the counter.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A sample value, as printed.
    Text(String),
    /// The unit's symbol.
    Symbol(Kind),
    /// Black circles down the edge (a unit's class).
    Circles(u32),
}

/// The most circles a field may show.
pub const MAX_CIRCLES: u32 = 6;

/// One thing a counter prints, where it prints it, and the callout naming it.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub at: Spot,
    pub mark: Mark,
    pub label: Option<String>,
}
