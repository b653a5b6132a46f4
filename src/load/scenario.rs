//! `scenarios/`: the neutral vocabularies, each battle's facts and its layers.
//! The facts are read here, the layers in `super::layer`; both read names
//! through the [`Reader`] defined here.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::KeyRef;
use crate::model::limits::{self, Limits};
use crate::model::scenario::{
    Area, Clock, Formation, Hex, Leader, Neutral, Objective, Prose, Ref, Scenario, Side, Stated,
    Target, Unit, Who,
};
use crate::source::FileId;

use super::toml_util::TomlText;

pub use super::layer::load_layer;

type S = Spanned<String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNeutral {
    vocabulary: BTreeMap<String, Spanned<super::vocabulary::RawVocabulary>>,
}

pub fn load_neutral(
    file: FileId,
    text: &str,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> (Neutral, Vec<KeyRef>) {
    let toml = TomlText::whole(file, text);
    let mut refs = Vec::new();
    let mut neutral = Neutral::default();
    if let Some(document) = toml.parse(limits, diags)
        && let Some(raw) = document.deserialize::<RawNeutral>("neutral vocabularies", diags)
    {
        neutral.vocabularies = super::vocabulary::load(&toml, raw.vocabulary, &mut refs, diags);
    }
    (neutral, refs)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: S,
    title: String,
    #[serde(default)]
    date: String,
    #[serde(default)]
    place: String,
    start: Option<S>,
    end: Option<S>,
    #[serde(default)]
    sources: Vec<String>,
    #[serde(default)]
    notes: Vec<String>,
    #[serde(default)]
    introduction: BTreeMap<String, String>,
    #[serde(default)]
    outcome: BTreeMap<String, String>,
    #[serde(default)]
    side: Vec<RawSide>,
    #[serde(default)]
    leader: Vec<RawLeader>,
    #[serde(default)]
    formation: Vec<RawFormation>,
    #[serde(default)]
    unit: Vec<RawUnit>,
    #[serde(default)]
    area: Vec<RawArea>,
    #[serde(default)]
    objective: Vec<RawObjective>,
    #[serde(default)]
    stated: Vec<Spanned<RawStated>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSide {
    id: S,
    name: String,
    commander: Option<S>,
    #[serde(default)]
    colour: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeader {
    id: S,
    name: String,
    short: Option<String>,
    #[serde(default)]
    rank: String,
    side: S,
    #[serde(default)]
    ratings: BTreeMap<String, toml::Value>,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFormation {
    id: S,
    name: String,
    short: Option<String>,
    level: S,
    side: Option<S>,
    #[serde(default)]
    parent: Option<S>,
    leader: Option<S>,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    id: S,
    name: String,
    short: Option<String>,
    arm: S,
    #[serde(rename = "type")]
    kind: S,
    nation: S,
    parent: S,
    men: Option<Spanned<u32>>,
    guns: Option<Spanned<u32>>,
    calibre: Option<String>,
    quality: Option<S>,
    commander: Option<String>,
    arrives: Option<S>,
    entry: Option<S>,
    #[serde(default = "yes")]
    engaged: bool,
    #[serde(default)]
    note: String,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArea {
    id: S,
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObjective {
    id: S,
    name: String,
    area: Option<S>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStated {
    side: Option<S>,
    formation: Option<S>,
    arm: Option<S>,
    men: Option<u32>,
    guns: Option<u32>,
    units: Option<u32>,
    #[serde(default)]
    tolerance: u32,
    #[serde(default)]
    source: String,
}

/// Reads names with their locations and records what they must refer to.
pub(super) struct Reader<'a> {
    pub(super) toml: TomlText<'a>,
    pub(super) refs: Vec<Ref>,
}

impl<'a> Reader<'a> {
    /// Parses a file into `T`, with a reader that locates its spans.
    pub(super) fn parse<T: serde::de::DeserializeOwned>(
        file: FileId,
        text: &'a str,
        what: &str,
        limits: &Limits,
        diags: &mut Diagnostics,
    ) -> Option<(Self, T)> {
        let toml = TomlText::whole(file, text);
        let raw = toml.parse(limits, diags)?.deserialize(what, diags)?;
        let reader = Self {
            toml,
            refs: Vec::new(),
        };
        Some((reader, raw))
    }

    /// The units, formations and leaders a row names, recorded for checking.
    pub(super) fn forces(&mut self, units: &[S], formations: &[S], leaders: &[S]) -> Who {
        Who {
            units: self.refer_all(Target::Unit, units),
            formations: self.refer_all(Target::Formation, formations),
            leaders: self.refer_all(Target::Leader, leaders),
            ..Who::default()
        }
    }
    pub(super) fn id(&self, id: &S, diags: &mut Diagnostics) -> (String, Location) {
        let location = self.toml.location(id.span());
        super::check_id(id.get_ref(), &location, diags);
        (id.get_ref().clone(), location)
    }

    pub(super) fn refer(&mut self, target: Target, key: &S) -> String {
        self.refs.push(Ref {
            target,
            key: key.get_ref().clone(),
            location: self.toml.location(key.span()),
        });
        key.get_ref().clone()
    }

    pub(super) fn refer_all(&mut self, target: Target, keys: &[S]) -> Vec<String> {
        keys.iter().map(|k| self.refer(target.clone(), k)).collect()
    }

    pub(super) fn clock(&self, text: &S, diags: &mut Diagnostics) -> Option<Clock> {
        let clock = Clock::parse(text.get_ref());
        if clock.is_none() {
            diags.push(
                Diagnostic::error(
                    "invalid-time",
                    format!("`{}` is not a clock time", text.get_ref()),
                )
                .at_location(Some(self.toml.location(text.span())))
                .expected("\"HH:MM\", e.g. \"13:30\""),
            );
        }
        clock
    }

    /// Men or guns of one unit: no unit comes near the limit, and totals of
    /// many units stay exact.
    pub(super) fn strength(
        &self,
        value: &Option<Spanned<u32>>,
        what: &str,
        limit: u32,
        diags: &mut Diagnostics,
    ) -> Option<u32> {
        let value = value.as_ref()?;
        if *value.get_ref() <= limit {
            return Some(*value.get_ref());
        }
        diags.push(
            Diagnostic::error(
                "invalid-field",
                format!("{} {what} are more than one unit can have", value.get_ref()),
            )
            .at_location(Some(self.toml.location(value.span())))
            .expected(format!(
                "at most {} {what}; split the unit if the source gives more",
                limits::group_digits(u64::from(limit))
            )),
        );
        None
    }

    pub(super) fn hex(&self, text: &S, diags: &mut Diagnostics) -> Option<Hex> {
        let location = self.toml.location(text.span());
        let hex = Hex::parse(text.get_ref(), location.clone());
        if hex.is_none() {
            diags.push(
                Diagnostic::error("invalid-hex", format!("`{}` is not a hex", text.get_ref()))
                    .at_location(Some(location))
                    .expected("column letters and a row number, e.g. \"O26\""),
            );
        }
        hex
    }
}

pub(super) fn prose(map: BTreeMap<String, String>) -> Prose {
    map.into_iter().collect()
}

pub fn load(
    file: FileId,
    text: &str,
    folder_name: &str,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<Scenario> {
    let (mut r, raw): (_, RawScenario) = Reader::parse(file, text, "scenario", limits, diags)?;
    check_entry_limit(&r, &raw, limits, diags)?;
    r.id(&raw.id, diags);
    check_folder_name(&r, &raw.id, folder_name, diags);
    let mut scenario = Scenario {
        id: raw.id.get_ref().clone(),
        title: raw.title,
        date: raw.date,
        place: raw.place,
        start: raw.start.as_ref().and_then(|s| r.clock(s, diags)),
        end: raw.end.as_ref().and_then(|s| r.clock(s, diags)),
        id_location: Some(r.toml.location(raw.id.span())),
        end_location: raw.end.as_ref().map(|e| r.toml.location(e.span())),
        sources: raw.sources,
        notes: raw.notes,
        introduction: prose(raw.introduction),
        outcome: prose(raw.outcome),
        file,
        ..Scenario::default()
    };
    for side in raw.side {
        let side = read_side(&mut r, side, diags);
        scenario.sides.push(side);
    }
    for leader in raw.leader {
        let leader = read_leader(&mut r, leader, diags);
        scenario.leaders.push(leader);
    }
    for formation in raw.formation {
        let formation = read_formation(&mut r, formation, diags);
        scenario.formations.push(formation);
    }
    for unit in raw.unit {
        let unit = read_unit(&mut r, unit, diags);
        scenario.units.push(unit);
    }
    for area in raw.area {
        let (id, location) = r.id(&area.id, diags);
        scenario.areas.push(Area {
            id,
            name: area.name,
            location,
        });
    }
    for objective in raw.objective {
        let (id, location) = r.id(&objective.id, diags);
        let area = objective.area.as_ref().map(|a| r.refer(Target::Area, a));
        scenario.objectives.push(Objective {
            id,
            name: objective.name,
            area,
            location,
        });
    }
    for stated in raw.stated {
        let stated = read_stated(&mut r, stated);
        scenario.stated.push(stated);
    }
    scenario.refs = r.refs;
    Some(scenario)
}

/// Refuses a scenario with more units, formations and leaders than the limits
/// allow, before any of them is read.
fn check_entry_limit(
    r: &Reader,
    raw: &RawScenario,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<()> {
    let entries = raw.unit.len() + raw.formation.len() + raw.leader.len();
    if entries as u64 > limits.get(limits::UNITS) {
        diags.push(
            Diagnostic::error(
                "limit",
                format!(
                    "the scenario has {} units, formations and leaders: more than a scenario may have",
                    limits::group_digits(entries as u64)
                ),
            )
            .at_location(Some(r.toml.location(raw.id.span())))
            .note(limits.note(limits::UNITS)),
        );
        return None;
    }
    Some(())
}

/// A scenario's id must be the name of its folder.
fn check_folder_name(r: &Reader, id: &S, folder_name: &str, diags: &mut Diagnostics) {
    if id.get_ref() != folder_name {
        diags.push(
            Diagnostic::error(
                "scenario-id-mismatch",
                format!(
                    "scenario id `{}` differs from its folder `{folder_name}`",
                    id.get_ref()
                ),
            )
            .at_location(Some(r.toml.location(id.span())))
            .expected(format!("\"{folder_name}\"")),
        );
    }
}

fn read_side(r: &mut Reader, side: RawSide, diags: &mut Diagnostics) -> Side {
    let (id, location) = r.id(&side.id, diags);
    let commander = side.commander.as_ref().map(|c| r.refer(Target::Leader, c));
    Side {
        id,
        name: side.name,
        commander,
        colour: side.colour,
        location,
    }
}

fn read_leader(r: &mut Reader, leader: RawLeader, diags: &mut Diagnostics) -> Leader {
    let (id, location) = r.id(&leader.id, diags);
    let side = r.refer(Target::Side, &leader.side);
    Leader {
        id,
        name: leader.name,
        short: leader.short,
        rank: leader.rank,
        side,
        ratings: leader
            .ratings
            .iter()
            .map(|(k, v)| (k.clone(), display(v)))
            .collect(),
        note: leader.note,
        location,
    }
}

/// A formation, which must name its side when it has no parent.
fn read_formation(r: &mut Reader, formation: RawFormation, diags: &mut Diagnostics) -> Formation {
    let (id, location) = r.id(&formation.id, diags);
    let level = r.refer(Target::Neutral("level".into()), &formation.level);
    let side = formation.side.as_ref().map(|s| r.refer(Target::Side, s));
    let parent = formation
        .parent
        .as_ref()
        .filter(|p| !p.get_ref().is_empty())
        .map(|p| r.refer(Target::Formation, p));
    let leader = formation
        .leader
        .as_ref()
        .map(|l| r.refer(Target::Leader, l));
    if parent.is_none() && side.is_none() {
        diags.push(
            Diagnostic::error(
                "formation-tree",
                format!("top-level formation `{id}` names no side"),
            )
            .at_location(Some(location.clone()))
            .expected("`side = \"<side id>\"` on a formation without `parent`"),
        );
    }
    Formation {
        id,
        name: formation.name,
        short: formation.short,
        level,
        side,
        parent,
        leader,
        note: formation.note,
        location,
    }
}

fn read_unit(r: &mut Reader, unit: RawUnit, diags: &mut Diagnostics) -> Unit {
    let (id, location) = r.id(&unit.id, diags);
    let arrives = unit
        .arrives
        .as_ref()
        .and_then(|a| r.clock(a, diags).map(|c| (c, r.toml.location(a.span()))));
    Unit {
        arm: r.refer(Target::Neutral("arm".into()), &unit.arm),
        kind: r.refer(Target::Neutral("type".into()), &unit.kind),
        nation: r.refer(Target::Neutral("nation".into()), &unit.nation),
        parent: r.refer(Target::Formation, &unit.parent),
        quality: unit
            .quality
            .as_ref()
            .map(|q| r.refer(Target::Neutral("quality".into()), q)),
        entry: unit.entry.as_ref().map(|e| r.refer(Target::Area, e)),
        id,
        name: unit.name,
        short: unit.short,
        men: r.strength(&unit.men, "men", limits::MAX_MEN, diags),
        guns: r.strength(&unit.guns, "guns", limits::MAX_GUNS, diags),
        calibre: unit.calibre,
        commander: unit.commander,
        arrives,
        engaged: unit.engaged && !unit.note.starts_with("NOT ENGAGED"),
        note: unit.note,
        location,
    }
}

fn read_stated(r: &mut Reader, stated: Spanned<RawStated>) -> Stated {
    let location = r.toml.location(stated.span());
    let stated = stated.into_inner();
    Stated {
        side: stated.side.as_ref().map(|s| r.refer(Target::Side, s)),
        formation: stated
            .formation
            .as_ref()
            .map(|f| r.refer(Target::Formation, f)),
        arm: stated
            .arm
            .as_ref()
            .map(|a| r.refer(Target::Neutral("arm".into()), a)),
        men: stated.men,
        guns: stated.guns,
        units: stated.units,
        tolerance: stated.tolerance,
        source: stated.source,
        location,
    }
}

pub(super) fn display(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Loads every `scenarios/<battle>/` folder of the project.
pub fn load_all(
    files: &super::ProjectFiles,
    sources: &mut crate::source::Sources,
    diags: &mut Diagnostics,
) -> Vec<Scenario> {
    let mut scenarios = Vec::new();
    for folder in files.entries(Path::new("scenarios"), Path::is_dir, diags) {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some((file, text)) = files.read(&folder.join("scenario.toml"), sources, diags) else {
            continue;
        };
        let Some(mut scenario) = load(file, &text, &name, &files.limits, diags) else {
            continue;
        };
        scenario.folder = folder.clone();
        let is_layer = |p: &Path| {
            p.is_file()
                && p.extension().is_some_and(|e| e == "toml")
                && !p.ends_with("scenario.toml")
        };
        for path in files.entries(&folder, is_layer, diags) {
            let Some((file, text)) = files.read(&path, sources, diags) else {
                continue;
            };
            let limits = &files.limits;
            if let Some(layer) = load_layer(file, &text, limits, &mut scenario.refs, diags) {
                scenario.layers.push(layer);
            }
        }
        scenarios.push(scenario);
    }
    scenarios
}
