//! Scenarios: ruleset-neutral historical facts, and one layer per ruleset.

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::OnceLock;

use crate::diagnostic::Location;
use crate::source::FileId;

use super::Vocabulary;

/// A clock time on the day of the battle, in minutes after midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Clock(pub u32);

impl Clock {
    /// "HH:MM", exactly: two digits, a colon, two digits.
    pub fn parse(text: &str) -> Option<Clock> {
        let (h, m) = text.split_once(':')?;
        let two_digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
        if !two_digits(h) || !two_digits(m) {
            return None;
        }
        let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
        (h < 24 && m < 60).then_some(Clock(h * 60 + m))
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

/// Prose in several languages: `{ es = "…", en = "…" }`.
pub type Prose = Vec<(String, String)>;

/// The text for `language`, else the first one given.
pub fn prose_in<'a>(prose: &'a Prose, language: &str) -> Option<&'a str> {
    prose
        .iter()
        .find(|(l, _)| l == language)
        .or(prose.first())
        .map(|(_, t)| t.as_str())
}

/// The neutral vocabularies of `scenarios/neutral.toml`.
#[derive(Debug, Default)]
pub struct Neutral {
    pub vocabularies: Vec<Vocabulary>,
}

impl Neutral {
    pub fn vocabulary(&self, id: &str) -> Option<&Vocabulary> {
        self.vocabularies.iter().find(|v| v.id == id)
    }

    /// The label of a member, or the id itself.
    pub fn label<'a>(&'a self, vocab: &str, id: &'a str) -> &'a str {
        self.vocabulary(vocab)
            .and_then(|v| v.member(id))
            .map_or(id, |m| m.label.as_str())
    }
}

#[derive(Debug, Default)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub date: String,
    pub place: String,
    pub start: Option<Clock>,
    pub end: Option<Clock>,
    /// Where `id` and `end` are written, for diagnostics about the whole
    /// scenario and its clock.
    pub id_location: Option<Location>,
    pub end_location: Option<Location>,
    pub sources: Vec<String>,
    pub notes: Vec<String>,
    pub introduction: Prose,
    pub outcome: Prose,
    pub sides: Vec<Side>,
    pub leaders: Vec<Leader>,
    pub formations: Vec<Formation>,
    pub units: Vec<Unit>,
    pub areas: Vec<Area>,
    pub objectives: Vec<Objective>,
    pub stated: Vec<Stated>,
    pub layers: Vec<Layer>,
    pub file: FileId,
    pub folder: PathBuf,
    /// Every id the scenario's files name, for the reference checks.
    pub refs: Vec<Ref>,
    /// Positions by id, built on first lookup once loading is done, so that
    /// lookups stay constant-time in orders of battle of thousands of units.
    pub index: ScenarioIndex,
}

/// Where each leader, formation and unit id sits in its list (the first one
/// declared, when an id is duplicated: the checks report duplicates).
#[derive(Debug, Default)]
pub struct ScenarioIndex {
    leaders: OnceLock<HashMap<String, usize>>,
    formations: OnceLock<HashMap<String, usize>>,
    units: OnceLock<HashMap<String, usize>>,
}

fn positions<'a>(ids: impl Iterator<Item = &'a String>) -> HashMap<String, usize> {
    let mut map = HashMap::new();
    for (i, id) in ids.enumerate() {
        map.entry(id.clone()).or_insert(i);
    }
    map
}

/// The deepest formation tree the walks below follow: deeper trees, and
/// cycles, are broken trees that the checks report.
pub const MAX_TREE_WALK: usize = 256;

impl Scenario {
    pub fn side(&self, id: &str) -> Option<&Side> {
        self.sides.iter().find(|s| s.id == id)
    }

    pub fn leader(&self, id: &str) -> Option<&Leader> {
        let index = self
            .index
            .leaders
            .get_or_init(|| positions(self.leaders.iter().map(|l| &l.id)));
        index.get(id).map(|&i| &self.leaders[i])
    }

    pub fn formation(&self, id: &str) -> Option<&Formation> {
        let index = self
            .index
            .formations
            .get_or_init(|| positions(self.formations.iter().map(|f| &f.id)));
        index.get(id).map(|&i| &self.formations[i])
    }

    pub fn unit(&self, id: &str) -> Option<&Unit> {
        let index = self
            .index
            .units
            .get_or_init(|| positions(self.units.iter().map(|u| &u.id)));
        index.get(id).map(|&i| &self.units[i])
    }

    /// The side a formation belongs to, following parents (None on a broken tree).
    pub fn formation_side(&self, id: &str) -> Option<&str> {
        let mut current = self.formation(id)?;
        for _ in 0..=MAX_TREE_WALK {
            match current.parent.as_deref() {
                None => return current.side.as_deref(),
                Some(parent) => current = self.formation(parent)?,
            }
        }
        None
    }

    /// How many units each side has, in the order of `sides`.
    pub fn units_per_side(&self) -> Vec<usize> {
        let mut counts = vec![0; self.sides.len()];
        for unit in &self.units {
            let side = self.unit_side(unit);
            if let Some(i) = self.sides.iter().position(|s| Some(s.id.as_str()) == side) {
                counts[i] += 1;
            }
        }
        counts
    }

    pub fn unit_side(&self, unit: &Unit) -> Option<&str> {
        self.formation_side(&unit.parent)
    }

    /// Whether the formation `id` is `ancestor` or below it.
    pub fn is_within(&self, id: &str, ancestor: &str) -> bool {
        let mut current = Some(id);
        for _ in 0..=MAX_TREE_WALK {
            match current {
                Some(c) if c == ancestor => return true,
                Some(c) => current = self.formation(c).and_then(|f| f.parent.as_deref()),
                None => return false,
            }
        }
        false
    }
}

#[derive(Debug, Clone)]
pub struct Side {
    pub id: String,
    pub name: String,
    pub commander: Option<String>,
    pub colour: String,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Leader {
    pub id: String,
    pub name: String,
    /// A short name for the leader's counter (default: the surname).
    pub short: Option<String>,
    pub rank: String,
    pub side: String,
    /// Ratings where sources give them ("competent", a morale factor…).
    pub ratings: Vec<(String, String)>,
    pub note: String,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Formation {
    pub id: String,
    pub name: String,
    /// A short name for the counters of its units.
    pub short: Option<String>,
    pub level: String,
    pub side: Option<String>,
    pub parent: Option<String>,
    pub leader: Option<String>,
    pub note: String,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Unit {
    pub id: String,
    pub name: String,
    /// A short name for counters and labels.
    pub short: Option<String>,
    pub arm: String,
    pub kind: String,
    pub nation: String,
    pub parent: String,
    pub men: Option<u32>,
    pub guns: Option<u32>,
    pub calibre: Option<String>,
    pub quality: Option<String>,
    pub commander: Option<String>,
    pub arrives: Option<(Clock, Location)>,
    pub entry: Option<String>,
    pub engaged: bool,
    pub note: String,
    pub location: Location,
}

impl Unit {
    /// A note that marks the figure as an estimate rather than a sourced number.
    pub fn is_estimate(&self) -> bool {
        self.note.contains("ESTIMATE")
    }
}

#[derive(Debug, Clone)]
pub struct Area {
    pub id: String,
    pub name: String,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Objective {
    pub id: String,
    pub name: String,
    pub area: Option<String>,
    pub location: Location,
}

/// A total a source states, which the units must add up to.
#[derive(Debug, Clone)]
pub struct Stated {
    pub side: Option<String>,
    pub formation: Option<String>,
    pub arm: Option<String>,
    pub men: Option<u32>,
    pub guns: Option<u32>,
    pub units: Option<u32>,
    pub tolerance: u32,
    pub source: String,
    pub location: Location,
}

/// What a name in a scenario must be.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    Side,
    Leader,
    Formation,
    Unit,
    /// Anything with a counter: a unit or a leader.
    Counter,
    Area,
    /// A member of a neutral vocabulary.
    Neutral(String),
    /// A member of a ruleset's vocabulary.
    Ruleset(String, String),
}

#[derive(Debug, Clone)]
pub struct Ref {
    pub target: Target,
    pub key: String,
    pub location: Location,
}

/// A hex such as "O26": column letters, row number.
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
        if letters.is_empty() || letters.len() > 2 || !plain_digits {
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
    /// How an arrival between two turn starts becomes a turn: "in-progress"
    /// (the turn under way) or "next" (the following turn). Unstated: none may need it.
    pub arrival_rounding: Option<(String, Location)>,
    pub map: Option<(u32, u32, u32, u32)>,
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
    /// The clock time at which `turn` (1-based) begins.
    pub fn turn_start(&self, turn: u32) -> Clock {
        let elapsed = turn.saturating_sub(1).saturating_mul(self.turn_minutes);
        Clock(self.start.0.saturating_add(elapsed))
    }

    /// The turn of a clock time (turn 1 for anything before the start): the
    /// turn under way, or the next one when the layer rounds arrivals up.
    pub fn turn_of(&self, clock: Clock) -> u32 {
        if clock <= self.start {
            return 1;
        }
        let elapsed = clock.0 - self.start.0;
        let next = self
            .arrival_rounding
            .as_ref()
            .is_some_and(|(r, _)| r == "next");
        if next {
            elapsed.div_ceil(self.turn_minutes) + 1
        } else {
            elapsed / self.turn_minutes + 1
        }
    }

    /// Whether a clock time is exactly the start of a turn.
    pub fn on_turn(&self, clock: Clock) -> bool {
        clock <= self.start || (clock.0 - self.start.0).is_multiple_of(self.turn_minutes)
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
}

#[derive(Debug, Clone)]
pub struct Reinforcement {
    pub turn: u32,
    pub who: Who,
    pub entry: Option<Hex>,
    pub location: Location,
}
