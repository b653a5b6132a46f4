//! A scenario's layer: what one ruleset adds to the neutral facts — its
//! clock and turn track, map, orders, set-up, reinforcements and values.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::diagnostic::Location;
use crate::source::FileId;

use super::calendar::{Night, Track};
use super::scenario::{Clock, Prose, positions};

/// A hex such as "O26" (column letters, row number) or "0412" (column 4,
/// row 12). `column` reads the letters A … Z, AA, AB …; a map lettered
/// otherwise reads `text` again (`map::Grid::locate`).
#[derive(Debug, Clone, PartialEq)]
pub struct Hex {
    pub text: String,
    pub column: u32,
    pub row: u32,
    pub location: Location,
}

impl Hex {
    pub fn parse(text: &str, location: Location) -> Option<Hex> {
        let letters: String = text
            .chars()
            .take_while(|c| c.is_ascii_uppercase())
            .collect();
        let digits = &text[letters.len()..];
        let plain_digits =
            (1..=4).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
        // "0412": column 4, row 12, on maps numbered that way.
        if letters.is_empty() && digits.len() == 4 && plain_digits {
            return Some(Hex {
                text: text.to_string(),
                column: digits[..2].parse().ok()?,
                row: digits[2..].parse().ok()?,
                location,
            });
        }
        if letters.is_empty() || letters.len() > 3 || !plain_digits {
            return None;
        }
        let row = digits.parse().ok()?;
        Some(Hex {
            text: text.to_string(),
            column: column_number(&letters),
            row,
            location,
        })
    }
}

/// "A" = 1 … "Z" = 26, "AA" = 27 …
pub fn column_number(letters: &str) -> u32 {
    letters
        .bytes()
        .fold(0, |n, b| n * 26 + u32::from(b - b'A' + 1))
}

/// The levels of victory a layer may name; booklets print each in their
/// language (`victory_<level>` in the message files).
pub const VICTORY_LEVELS: &[&str] = &[
    "automatic",
    "decisive",
    "major",
    "marginal",
    "minor",
    "draw",
];

/// Who a layer rule applies to.
#[derive(Debug, Clone, Default)]
pub struct Who {
    pub side: Option<String>,
    pub nations: Vec<String>,
    pub leaders: Vec<String>,
    pub formations: Vec<String>,
    pub units: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Layer {
    pub ruleset: String,
    pub file: FileId,
    pub location: Location,
    pub start: Clock,
    pub turn_minutes: u32,
    pub turns: u32,
    /// False when no source gives a clock: then there are no turns.
    pub timed: bool,
    pub end: Option<(Clock, Location)>,
    /// Night hours the layer skips (no turns) or marks on its turn track.
    pub night: Option<Night>,
    /// How an arrival between two turn starts becomes a turn: "in-progress"
    /// (the turn under way) or "next" (the following turn). Unstated: none may need it.
    pub arrival_rounding: Option<(String, Location)>,
    pub map: Option<super::map::HexMap>,
    pub table_cm: Option<(f64, f64)>,
    pub missing: Vec<(String, Location)>,
    /// Lints the layer allows, each with the reason.
    pub allow: Vec<crate::model::table::Allow>,
    pub areas: Vec<(String, Vec<Hex>)>,
    pub orders: Vec<(String, String)>,
    pub order_changes: Vec<(Who, u32, u32)>,
    pub command_radii: Vec<(Who, u32)>,
    pub reorganisation: Vec<(Who, Vec<Hex>)>,
    pub demoralisation: Vec<(Who, u32, Location)>,
    pub victory: Vec<Victory>,
    pub setup: Vec<Placement>,
    pub reinforcements: Vec<Reinforcement>,
    pub special_rules: Vec<(String, Prose, Prose)>,
    pub errata: Vec<Prose>,
    pub values: Vec<(String, Vec<(String, String)>)>,
    /// Units of the order of battle that this ruleset plays as one (id, name, units).
    pub aggregates: Vec<(String, String, Vec<String>)>,
    /// Lookups by id, built on first use once loading is done.
    pub index: LayerIndex,
}

/// Where each id's values are, and which aggregate each unit belongs to.
#[derive(Debug, Clone, Default)]
pub struct LayerIndex {
    values: OnceLock<HashMap<String, usize>>,
    aggregate_of: OnceLock<HashMap<String, usize>>,
    track: OnceLock<Track>,
}

impl Layer {
    /// The values of a unit: its own, or its aggregate's.
    pub fn values_of(&self, unit: &str) -> Option<(&str, &[(String, String)])> {
        let aggregate_of = self.index.aggregate_of.get_or_init(|| {
            let mut map = HashMap::new();
            for (i, (_, _, units)) in self.aggregates.iter().enumerate() {
                for unit in units {
                    map.entry(unit.clone()).or_insert(i);
                }
            }
            map
        });
        let key = aggregate_of
            .get(unit)
            .map_or(unit, |&i| self.aggregates[i].0.as_str());
        let values = self
            .index
            .values
            .get_or_init(|| positions(self.values.iter().map(|(id, _)| id)));
        values
            .get(key)
            .map(|&i| (self.values[i].0.as_str(), self.values[i].1.as_slice()))
    }

    /// The units of play a unit is split into (id, name): the aggregates that
    /// stand for it alone, when there are several (a regiment of three
    /// battalions played as three).
    pub fn parts_of(&self, unit: &str) -> Vec<(&str, &str)> {
        let parts: Vec<(&str, &str)> = self
            .aggregates
            .iter()
            .filter(|(_, _, units)| units.len() == 1 && units[0] == unit)
            .map(|(id, name, _)| (id.as_str(), name.as_str()))
            .collect();
        if parts.len() > 1 { parts } else { Vec::new() }
    }

    /// One of a unit's or leader's values in this layer ("combat", "class"…).
    pub fn value(&self, id: &str, key: &str) -> Option<&str> {
        let (_, values) = self.values_of(id)?;
        values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

impl Layer {
    /// The layer's turn track, built on first use once loading is done.
    pub fn track(&self) -> &Track {
        self.index.track.get_or_init(|| {
            Track::new(
                self.start,
                self.turn_minutes,
                self.turns,
                self.night.as_ref(),
            )
        })
    }

    /// The moment at which `turn` (1-based) begins.
    pub fn turn_start(&self, turn: u32) -> Clock {
        self.track().start(turn)
    }

    /// When play ends: the end of the last turn.
    pub fn end_of_play(&self) -> Clock {
        Clock(
            self.turn_start(self.turns)
                .0
                .saturating_add(self.turn_minutes),
        )
    }

    /// Whether a turn is played at night (on a layer that marks the night).
    pub fn is_night_turn(&self, turn: u32) -> bool {
        self.night
            .as_ref()
            .is_some_and(|n| n.contains(self.turn_start(turn)))
    }

    /// The turn of a moment: the turn under way, or the next one when the
    /// layer rounds arrivals up or the moment falls in a skipped night.
    pub fn turn_of(&self, clock: Clock) -> u32 {
        let next = self
            .arrival_rounding
            .as_ref()
            .is_some_and(|(r, _)| r == "next");
        self.track().turn_of(clock, next)
    }

    /// Whether a moment is exactly the start of a turn.
    pub fn on_turn(&self, clock: Clock) -> bool {
        self.track().on_turn(clock)
    }
}

#[derive(Debug, Clone)]
pub struct Victory {
    pub side: String,
    pub level: String,
    pub hexes: Vec<Hex>,
    pub text: Prose,
}

#[derive(Debug, Clone)]
pub struct Placement {
    pub who: Who,
    pub hex: Option<Hex>,
    pub within: Option<u32>,
    pub at: Option<(f64, f64)>,
    pub text: Prose,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Reinforcement {
    pub turn: u32,
    pub who: Who,
    pub entry: Option<Hex>,
    pub location: Location,
}
