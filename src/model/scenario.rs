//! Scenarios: ruleset-neutral historical facts, and one layer per ruleset.

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::OnceLock;

use crate::diagnostic::Location;
use crate::source::FileId;

use super::Vocabulary;
use super::ruleset::in_language;

/// A moment of the action, in minutes after midnight of its first day
/// (`model::calendar` reads and writes the days after it).
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

/// "HH:MM" on the first day; "day N, HH:MM" after it, where no date is at
/// hand (`Clock::written` gives the date).
impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (day, minutes) = (self.0 / (24 * 60), self.0 % (24 * 60));
        if day > 0 {
            write!(f, "day {}, ", day + 1)?;
        }
        write!(f, "{:02}:{:02}", minutes / 60, minutes % 60)
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
    /// A member's label in `language` (else in the first language given).
    pub fn label<'a>(&'a self, vocab: &str, id: &'a str, language: &str) -> &'a str {
        self.vocabulary(vocab)
            .and_then(|v| v.member(id))
            .map_or(id, |m| m.label_in(language))
    }
}

#[derive(Debug, Default)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub date: String,
    /// `date` as a calendar date: the first day of the action, from which
    /// every [`Clock`] counts.
    pub first_day: Option<time::Date>,
    /// The place in the first language given.
    pub place: String,
    /// The place per language, where it is given per language.
    pub places: Vec<(String, String)>,
    pub start: Option<Clock>,
    pub end: Option<Clock>,
    /// Where `id` and `end` are written, for diagnostics about the whole
    /// scenario and its clock.
    pub id_location: Option<Location>,
    pub end_location: Option<Location>,
    pub sources: Vec<String>,
    /// Sources that figures cite by id (`[[source]]`).
    pub cited: Vec<CitedSource>,
    pub notes: Vec<String>,
    /// The language the file's plain texts are written in (notes,
    /// estimates), where the author says: booklets in another language
    /// say so.
    pub language: Option<String>,
    pub introduction: Prose,
    pub outcome: Prose,
    pub sides: Vec<Side>,
    pub contingents: Vec<Contingent>,
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

pub(super) fn positions<'a>(ids: impl Iterator<Item = &'a String>) -> HashMap<String, usize> {
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
    /// The place in `language`, else the first given.
    pub fn place_in(&self, language: &str) -> &str {
        in_language(&self.places, language).unwrap_or(&self.place)
    }

    /// A moment as an author writes it: "HH:MM" on the first day, with the
    /// date after it.
    pub fn moment(&self, clock: Clock) -> String {
        clock.written(self.first_day)
    }

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

    pub fn contingent(&self, id: &str) -> Option<&Contingent> {
        self.contingents.iter().find(|c| c.id == id)
    }

    /// The contingent a formation belongs to: its own or its nearest
    /// ancestor's.
    pub fn formation_contingent(&self, id: &str) -> Option<&Contingent> {
        let mut current = self.formation(id);
        for _ in 0..=MAX_TREE_WALK {
            let formation = current?;
            if let Some(contingent) = &formation.contingent {
                return self.contingent(contingent);
            }
            current = formation.parent.as_deref().and_then(|p| self.formation(p));
        }
        None
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

    /// How many units of each side take part, in the order of `sides`.
    pub fn units_per_side(&self) -> Vec<usize> {
        let mut counts = vec![0; self.sides.len()];
        for unit in self.units.iter().filter(|u| u.takes_part()) {
            let side = self.unit_side(unit);
            if let Some(i) = self.sides.iter().position(|s| Some(s.id.as_str()) == side) {
                counts[i] += 1;
            }
        }
        counts
    }

    /// The units taking part, counted by side and by nation within it: side,
    /// nation and count, sides in order and nations as they first appear.
    pub fn units_per_army(&self) -> Vec<(&str, &str, usize)> {
        let mut armies: Vec<(&str, &str, usize)> = Vec::new();
        for side in &self.sides {
            for unit in self.units.iter().filter(|u| u.takes_part()) {
                if self.unit_side(unit) != Some(side.id.as_str()) {
                    continue;
                }
                let nation = unit.nation.as_str();
                match armies
                    .iter_mut()
                    .find(|(s, n, _)| *s == side.id && *n == nation)
                {
                    Some((_, _, count)) => *count += 1,
                    None => armies.push((&side.id, nation, 1)),
                }
            }
        }
        armies
    }

    pub fn unit_side(&self, unit: &Unit) -> Option<&str> {
        self.formation_side(&unit.parent)
    }

    /// The side of whoever a layer rule names: its side, else its first
    /// leader's, formation's or unit's.
    pub fn side_of<'a>(&'a self, who: &'a Who) -> Option<&'a str> {
        who.side
            .as_deref()
            .or_else(|| {
                who.leaders
                    .iter()
                    .find_map(|l| Some(self.leader(l)?.side.as_str()))
            })
            .or_else(|| who.formations.iter().find_map(|f| self.formation_side(f)))
            .or_else(|| who.units.iter().find_map(|u| self.unit_side(self.unit(u)?)))
    }

    /// The units a layer rule names: those listed, and every unit of the
    /// formations and nations listed.
    pub fn units_of(&self, who: &Who) -> Vec<&Unit> {
        self.units
            .iter()
            .filter(|u| {
                who.units.contains(&u.id)
                    || who.formations.iter().any(|f| self.is_within(&u.parent, f))
                    || u.nations.iter().any(|n| who.nations.contains(n))
            })
            .collect()
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

/// A source that figures cite by its id.
#[derive(Debug, Clone)]
pub struct CitedSource {
    pub id: String,
    pub text: String,
    pub url: Option<String>,
    pub location: Location,
}

/// An army or national contingent of a side under its own command.
#[derive(Debug, Clone)]
pub struct Contingent {
    pub id: String,
    pub name: String,
    pub side: String,
    pub nation: Option<String>,
    pub commander: Option<String>,
    pub note: String,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Side {
    pub id: String,
    /// The name in the first language given.
    pub name: String,
    /// The name per language, where it is given per language.
    pub names: Vec<(String, String)>,
    /// The leader who actually commanded.
    pub commander: Option<String>,
    /// The leader nominally senior, where a source says so.
    pub nominal_commander: Option<String>,
    pub colour: String,
    pub location: Location,
}

impl Side {
    /// The side's name in `language`, else the first given.
    pub fn name_in(&self, language: &str) -> &str {
        in_language(&self.names, language).unwrap_or(&self.name)
    }
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
    /// The name in the first language given.
    pub name: String,
    /// The name per language, where it is given per language.
    pub names: Vec<(String, String)>,
    /// A short name for the counters of its units.
    pub short: Option<String>,
    pub shorts: Vec<(String, String)>,
    pub level: String,
    pub side: Option<String>,
    /// The contingent, on the formation that states it (below, inherited).
    pub contingent: Option<String>,
    pub parent: Option<String>,
    pub leader: Option<String>,
    pub nominal_leader: Option<String>,
    /// Attached to other formations for part of the action.
    pub attachments: Vec<Attachment>,
    pub note: String,
    pub location: Location,
}

impl Formation {
    /// The formation's name in `language`, else the first given.
    pub fn name_in(&self, language: &str) -> &str {
        in_language(&self.names, language).unwrap_or(&self.name)
    }

    /// Its short name in `language`, else the first given.
    pub fn short_in(&self, language: &str) -> Option<&str> {
        in_language(&self.shorts, language).or(self.short.as_deref())
    }
}

/// A formation attached to another for part of the action.
#[derive(Debug, Clone)]
pub struct Attachment {
    pub to: String,
    pub from: Option<Clock>,
    pub until: Option<Clock>,
    pub location: Location,
}

/// What a unit is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Battalion,
    Squadron,
    Company,
    Battery,
}

impl Part {
    pub const ALL: [(Part, &'static str); 4] = [
        (Part::Battalion, "battalions"),
        (Part::Squadron, "squadrons"),
        (Part::Company, "companies"),
        (Part::Battery, "batteries"),
    ];

    /// The echelon of one such part.
    pub fn echelon(self) -> &'static str {
        match self {
            Part::Battalion => "battalion",
            Part::Squadron => "squadron",
            Part::Company => "company",
            Part::Battery => "battery",
        }
    }
}

/// The echelons of units and formations, smallest first.
pub const ECHELONS: [&str; 11] = [
    "company",
    "squadron",
    "battery",
    "battalion",
    "regiment",
    "brigade",
    "column",
    "division",
    "corps",
    "wing",
    "army",
];

/// Whether a unit fought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Status {
    /// Committed to the action (the default).
    #[default]
    Engaged,
    /// On the field but not committed: counted, played, marked.
    Present,
    /// Nearby but not in the action: left out of totals, conversions,
    /// counters and labels unless asked for.
    NotEngaged,
}

impl Status {
    pub const NAMES: [(Status, &'static str); 3] = [
        (Status::Engaged, "engaged"),
        (Status::Present, "present"),
        (Status::NotEngaged, "not-engaged"),
    ];

    pub fn name(self) -> &'static str {
        Status::NAMES
            .iter()
            .find(|(s, _)| *s == self)
            .map_or("engaged", |(_, n)| n)
    }
}

/// Guns of one calibre and kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Pieces {
    pub count: u32,
    pub calibre: String,
    /// "gun" or "howitzer".
    pub kind: String,
}

/// One source's figure for a unit, where sources disagree.
#[derive(Debug, Clone, PartialEq)]
pub struct SourcedValue {
    pub men: u32,
    pub source: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Unit {
    pub id: String,
    pub name: String,
    /// A short name for counters and labels.
    pub short: Option<String>,
    pub arm: String,
    pub kind: String,
    /// The unit's state (the first of `nations`).
    pub nation: String,
    /// Every state the unit belonged to (a regiment of two states).
    pub nations: Vec<String>,
    pub parent: String,
    /// What the unit is made of, where a source says: 3 battalions, 4 squadrons…
    pub organisation: Option<(Part, u32)>,
    /// The echelon stated by the author, else the one its organisation gives.
    pub echelon: Option<String>,
    /// The regiment this unit is a battalion of, where the author states it
    /// (else `model::regiment` reads it from the name).
    pub regiment: Option<String>,
    /// The unit this one is a detachment of.
    pub detached_from: Option<String>,
    /// The strength used: the figure given, or the middle of a range.
    pub men: Option<u32>,
    /// A range the source gives instead of one figure.
    pub men_range: Option<(u32, u32)>,
    /// Several sources' figures, where they disagree.
    pub values: Vec<SourcedValue>,
    pub guns: Option<u32>,
    pub calibre: Option<String>,
    pub pieces: Vec<Pieces>,
    /// The `[[source]]` the figures come from.
    pub source: Option<String>,
    /// How a derived figure was derived.
    pub estimate: Option<String>,
    pub quality: Option<String>,
    pub commander: Option<String>,
    pub arrives: Option<(Clock, Location)>,
    pub departs: Option<(Clock, Location)>,
    pub entry: Option<String>,
    pub status: Status,
    pub note: String,
    pub location: Location,
}

impl Unit {
    /// A figure derived rather than sourced: `estimate`, or a note that says so.
    pub fn is_estimate(&self) -> bool {
        self.estimate.is_some() || self.note.contains("ESTIMATE")
    }

    /// Whether the unit counts in totals, conversions, counters and labels.
    pub fn takes_part(&self) -> bool {
        self.status != Status::NotEngaged
    }

    /// The unit's echelon: stated, or from its organisation (one battalion is
    /// a battalion, several a regiment), else a battalion or, for artillery, a battery.
    pub fn echelon(&self) -> &str {
        if let Some(echelon) = &self.echelon {
            return echelon;
        }
        match self.organisation {
            Some((Part::Battalion, n)) if n > 1 => "regiment",
            Some((Part::Squadron, n)) if n > 1 => "regiment",
            Some((Part::Battery, n)) if n > 1 => "battalion",
            Some((part, _)) => part.echelon(),
            None if self.arm == "artillery" => "battery",
            None if self.arm == "cavalry" => "regiment",
            None => "battalion",
        }
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
    /// Only the units of this nation (one of their `nations`).
    pub nation: Option<String>,
    /// Only the units under this contingent's formations.
    pub contingent: Option<String>,
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
    Contingent,
    /// A `[[source]]` of the scenario.
    Source,
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

pub use super::layer::{
    Hex, Layer, LayerIndex, Placement, Reinforcement, VICTORY_LEVELS, Victory, Who, column_number,
};
