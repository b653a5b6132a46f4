//! Counters: what a hex ruleset's counters print (`[counters]` and
//! `[[marker]]` in ruleset.toml, so that no ruleset's terms live in code) and
//! the sheet settings of the project (`[counters]` in grognard.toml).

/// The `[counters]` section of a ruleset.
#[derive(Debug, Clone, Default)]
pub struct CounterSpec {
    /// Value keys printed on a unit's front, joined by "-" (e.g. combat, morale).
    pub unit: Vec<String>,
    /// Value keys printed on a leader's front.
    pub leader: Vec<String>,
    /// Value keys printed on a leader's reduced back.
    pub leader_back: Vec<String>,
    /// Whether the leader's back keeps the name (sombra 15.1: it does not).
    pub leader_back_named: bool,
    /// The label on a unit's back (its disordered or reduced side).
    pub unit_back: String,
    /// A vocabulary whose members' `circles` mark a unit's class on the
    /// right-hand edge (sombra §1.3.1), for the arms in `class_arms`.
    pub class_vocabulary: Option<String>,
    pub class_arms: Vec<String>,
    /// Nation colours the rules give (sombra §1.2: blue French, red British,
    /// orange Dutch), over the neutral ones.
    pub colours: Vec<NationColour>,
    pub markers: Vec<MarkerSpec>,
}

/// A nation's colour on a ruleset's counters and markers.
#[derive(Debug, Clone)]
pub struct NationColour {
    pub nation: String,
    pub colour: String,
    pub nation_at: crate::diagnostic::Location,
    pub colour_at: crate::diagnostic::Location,
}

/// A kind of marker the rules use.
#[derive(Debug, Clone)]
pub struct MarkerSpec {
    pub id: String,
    pub label: String,
    /// Copies printed; for `vocabulary`, copies of each member.
    pub copies: u32,
    /// One marker per member of this vocabulary (e.g. the orders).
    pub vocabulary: Option<String>,
    /// Per side, numbered, in the side's colour: one for every so many of the
    /// side's units (sombra's FFD: at most a third of the units).
    pub one_per_units: Option<u32>,
}

impl CounterSpec {
    /// How many markers a sheet of this ruleset prints, given the members of
    /// each vocabulary and each side's number of units.
    pub fn marker_count(&self, members: impl Fn(&str) -> usize, units_per_side: &[usize]) -> u64 {
        self.markers
            .iter()
            .map(|marker| {
                let copies = u64::from(marker.copies);
                if let Some(vocabulary) = &marker.vocabulary {
                    members(vocabulary) as u64 * copies
                } else if let Some(every) = marker.one_per_units {
                    let every = every.max(1) as usize;
                    units_per_side.iter().map(|n| (n / every) as u64).sum()
                } else {
                    copies
                }
            })
            .sum()
    }
}

/// Sizes counters come in, in millimetres (½", 5/8", 16 mm, ¾").
pub const SIZES_MM: &[f64] = &[12.7, 15.875, 16.0, 19.05];

/// How the back of a sheet is printed: the second page of a long-edge or a
/// short-edge duplex print, or the lower half of the same page folded along
/// its middle (gutter-fold).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Duplex {
    #[default]
    LongEdge,
    ShortEdge,
    GutterFold,
}

impl Duplex {
    pub const NAMES: [&str; 3] = ["long-edge", "short-edge", "gutter-fold"];

    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "long-edge" => Some(Self::LongEdge),
            "short-edge" => Some(Self::ShortEdge),
            "gutter-fold" => Some(Self::GutterFold),
            _ => None,
        }
    }
}

/// Sheet settings: counter size, bleed, margins, paper, and how the user
/// prints backs (`[print]`).
#[derive(Debug, Clone)]
pub struct Settings {
    pub size_mm: f64,
    pub bleed_mm: f64,
    pub margin_mm: f64,
    pub paper: String,
    pub duplex: Duplex,
    /// Where the backs are moved to meet the fronts, read off the
    /// calibration sheet: right and down, in millimetres.
    pub back_offset_mm: (f64, f64),
    pub crop_marks: bool,
    /// How far inside the cut text keeps, so that a cut a little off
    /// takes none of it.
    pub safe_mm: f64,
    /// The papers maps are tiled on (`[print] map_tiles`); none: the project's paper.
    pub map_tiles: Vec<String>,
}

/// The papers a map may be tiled on.
pub const TILE_PAPERS: &[&str] = &["a4", "a3", "us-letter"];

/// Width and height of a paper, portrait, in millimetres.
pub fn paper_mm(paper: &str) -> (f64, f64) {
    match paper {
        "us-letter" => (215.9, 279.4),
        "a4-or-letter" => (210.0, 279.4),
        "a3" => (297.0, 420.0),
        _ => (210.0, 297.0),
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            size_mm: 16.0,
            bleed_mm: 0.0,
            margin_mm: 10.0,
            paper: "a4".into(),
            duplex: Duplex::default(),
            back_offset_mm: (0.0, 0.0),
            crop_marks: true,
            safe_mm: 0.5,
            map_tiles: Vec::new(),
        }
    }
}

impl Settings {
    /// Page width and height in millimetres.
    pub fn page_mm(&self) -> (f64, f64) {
        // "a4-or-letter": what A4 and US Letter share, which prints on either unscaled.
        paper_mm(&self.paper)
    }
}

/// The card a deck of quick-reference cards is printed on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum CardSize {
    #[default]
    Poker,
    Tarot,
}

impl CardSize {
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "poker" => Some(Self::Poker),
            "tarot" => Some(Self::Tarot),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Poker => "poker",
            Self::Tarot => "tarot",
        }
    }

    /// Width and height at the cut, in millimetres (2½ × 3½ in and
    /// 2¾ × 4¾ in).
    pub fn mm(self) -> (f64, f64) {
        match self {
            Self::Poker => (63.5, 88.9),
            Self::Tarot => (69.9, 120.7),
        }
    }
}
