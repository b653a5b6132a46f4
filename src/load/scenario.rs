//! `scenarios/`: the neutral vocabularies, each battle's facts and its layers.
//! The facts are read here, the layers in `super::layer`; both read names
//! through the [`Reader`] defined here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::KeyRef;
use crate::model::calendar::{self, MomentError};
use crate::model::limits::{self, Limits};
use crate::model::scenario::{
    Area, CitedSource, Clock, Hex, Neutral, Objective, Prose, Ref, Scenario, Stated, Target, Who,
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
    locales: &crate::locale::Locales,
    diags: &mut Diagnostics,
) -> (Neutral, Vec<KeyRef>) {
    let toml = TomlText::whole(file, text);
    let mut refs = Vec::new();
    let mut neutral = Neutral::default();
    if let Some(document) = toml.parse(limits, diags)
        && let Some(raw) = document.deserialize::<RawNeutral>("neutral vocabularies", diags)
    {
        neutral.vocabularies =
            super::vocabulary::load(&toml, raw.vocabulary, locales, &mut refs, diags);
    }
    (neutral, refs)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: S,
    title: String,
    date: Option<S>,
    place: Option<super::toml_util::Localised>,
    start: Option<S>,
    end: Option<S>,
    #[serde(default)]
    sources: Vec<String>,
    #[serde(default)]
    source: Vec<RawSource>,
    #[serde(default)]
    notes: Vec<String>,
    /// The language of the file's plain texts: notes, estimates, names.
    language: Option<S>,
    #[serde(default)]
    introduction: BTreeMap<String, String>,
    #[serde(default)]
    outcome: BTreeMap<String, String>,
    #[serde(default)]
    side: Vec<super::forces::RawSide>,
    #[serde(default)]
    contingent: Vec<super::forces::RawContingent>,
    #[serde(default)]
    leader: Vec<super::forces::RawLeader>,
    #[serde(default)]
    formation: Vec<super::forces::RawFormation>,
    #[serde(default)]
    unit: Vec<super::unit::RawUnit>,
    #[serde(default)]
    area: Vec<RawArea>,
    #[serde(default)]
    objective: Vec<RawObjective>,
    #[serde(default)]
    stated: Vec<Spanned<RawStated>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSource {
    id: S,
    text: String,
    url: Option<String>,
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
    nation: Option<S>,
    contingent: Option<S>,
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
    /// The scenario's first day, which dated moments count from.
    pub(super) first_day: Option<time::Date>,
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
            first_day: None,
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

    /// A moment: "HH:MM" on the first day, or "YYYY-MM-DD HH:MM".
    pub(super) fn clock(&self, text: &S, diags: &mut Diagnostics) -> Option<Clock> {
        let written = text.get_ref();
        let error = match calendar::parse_moment(written, self.first_day) {
            Ok(clock) => return Some(clock),
            Err(error) => error,
        };
        let (message, expected) = match error {
            MomentError::Syntax => (
                format!("`{written}` is not a time"),
                "\"HH:MM\" on the action's first day, e.g. \"13:30\", or a date and a time, \
                 e.g. \"1811-05-05 06:30\""
                    .to_string(),
            ),
            MomentError::NoFirstDay => (
                format!("`{written}` gives a date, but the scenario has no valid `date`"),
                "a `date = \"YYYY-MM-DD\"` in scenario.toml, the action's first day".to_string(),
            ),
            MomentError::BeforeFirstDay(first) => (
                format!("`{written}` is before the action's first day ({first})"),
                format!("a date from {first} on"),
            ),
            MomentError::TooLate(first) => (
                format!(
                    "`{written}` is more than {} days after the action's first day ({first})",
                    calendar::MAX_DAYS
                ),
                "a moment within the action; a campaign is several scenarios".to_string(),
            ),
        };
        diags.push(
            Diagnostic::of(codes::INVALID_TIME, message)
                .at_location(Some(self.toml.location(text.span())))
                .expected(expected),
        );
        None
    }

    /// `date`: a calendar date, the action's first day.
    pub(super) fn date(&mut self, text: &S, diags: &mut Diagnostics) {
        self.first_day = calendar::parse_date(text.get_ref());
        if self.first_day.is_none() {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_DATE,
                    format!("`{}` is not a date of the calendar", text.get_ref()),
                )
                .at_location(Some(self.toml.location(text.span())))
                .expected("\"YYYY-MM-DD\", e.g. \"1811-05-03\""),
            );
        }
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
            Diagnostic::of(
                codes::INVALID_FIELD,
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
                Diagnostic::of(
                    codes::INVALID_HEX,
                    format!("`{}` is not a hex", text.get_ref()),
                )
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
    locales: &crate::locale::Locales,
    diags: &mut Diagnostics,
) -> Option<Scenario> {
    let (mut r, mut raw): (_, RawScenario) = Reader::parse(file, text, "scenario", limits, diags)?;
    check_entry_limit(&r, &raw, limits, diags)?;
    r.id(&raw.id, diags);
    check_folder_name(&r, &raw.id, folder_name, diags);
    if let Some(date) = &raw.date {
        r.date(date, diags);
    }
    let places = raw.place.take().map(|p| p.into_pairs()).unwrap_or_default();
    let mut scenario = Scenario {
        id: raw.id.get_ref().clone(),
        title: raw.title,
        date: raw.date.map(|d| d.into_inner()).unwrap_or_default(),
        first_day: r.first_day,
        place: places.first().map(|(_, p)| p.clone()).unwrap_or_default(),
        places,
        start: raw.start.as_ref().and_then(|s| r.clock(s, diags)),
        end: raw.end.as_ref().and_then(|s| r.clock(s, diags)),
        id_location: Some(r.toml.location(raw.id.span())),
        end_location: raw.end.as_ref().map(|e| r.toml.location(e.span())),
        sources: raw.sources,
        notes: raw.notes,
        language: raw
            .language
            .as_ref()
            .and_then(|l| language(&r, locales, l, diags)),
        introduction: prose(raw.introduction),
        outcome: prose(raw.outcome),
        file,
        ..Scenario::default()
    };
    scenario.cited = raw
        .source
        .into_iter()
        .map(|s| read_source(&mut r, s, diags))
        .collect();
    let forces = (raw.side, raw.contingent, raw.leader, raw.formation);
    super::forces::read_all(&mut r, forces, &mut scenario, diags);
    for unit in raw.unit {
        let unit = super::unit::read(&mut r, unit, diags);
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

fn read_source(r: &mut Reader, source: RawSource, diags: &mut Diagnostics) -> CitedSource {
    let (id, location) = r.id(&source.id, diags);
    CitedSource {
        id,
        text: source.text,
        url: source.url,
        location,
    }
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
            Diagnostic::of(
                codes::LIMIT,
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
            Diagnostic::of(
                codes::SCENARIO_ID_MISMATCH,
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
        nation: stated
            .nation
            .as_ref()
            .map(|n| r.refer(Target::Neutral("nation".into()), n)),
        contingent: stated
            .contingent
            .as_ref()
            .map(|c| r.refer(Target::Contingent, c)),
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

/// A scenario folder's files, read in order, waiting to be parsed.
pub(super) struct ScenarioFiles {
    name: String,
    folder: PathBuf,
    scenario: super::SourceText,
    layers: Vec<super::SourceText>,
}

/// Reads every `scenarios/<battle>/` folder of the project.
pub(super) fn read_all(
    files: &super::ProjectFiles,
    wanted: impl Fn(&Path) -> bool,
    sources: &mut crate::source::Sources,
    diags: &mut Diagnostics,
) -> Vec<ScenarioFiles> {
    let mut read = Vec::new();
    for folder in files.entries(Path::new("scenarios"), Path::is_dir, diags) {
        if !wanted(&folder) {
            continue;
        }
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some(scenario) = files.read(&folder.join("scenario.toml"), sources, diags) else {
            continue;
        };
        let is_layer = |p: &Path| {
            p.is_file()
                && p.extension().is_some_and(|e| e == "toml")
                && !p.ends_with("scenario.toml")
        };
        let layers = files.entries(&folder, is_layer, diags);
        let layers = files.read_each(&layers, sources, diags);
        read.push(ScenarioFiles {
            name,
            folder,
            scenario,
            layers,
        });
    }
    read
}

impl ScenarioFiles {
    /// The scenario, then its layers side by side (each needs the
    /// scenario's first day), in the order they were read.
    pub(super) fn parse(
        &self,
        limits: &Limits,
        locales: &crate::locale::Locales,
        diags: &mut Diagnostics,
    ) -> Option<Scenario> {
        let (file, text) = &self.scenario;
        let mut scenario = load(*file, text, &self.name, limits, locales, diags)?;
        scenario.folder = self.folder.clone();
        let first_day = scenario.first_day;
        let layers = super::parse_each(&self.layers, |(file, text), d| {
            let mut refs = Vec::new();
            let layer = load_layer(*file, text, first_day, limits, &mut refs, d);
            (layer, refs)
        });
        for ((layer, refs), found) in layers {
            diags.extend(found.into_vec());
            scenario.refs.extend(refs);
            scenario.layers.extend(layer);
        }
        Some(scenario)
    }
}

/// The language of a scenario's plain texts: one grognard has messages for
/// (to say in a booklet which language they are in).
fn language(
    r: &Reader,
    locales: &crate::locale::Locales,
    text: &S,
    diags: &mut Diagnostics,
) -> Option<String> {
    if locales.has(text.get_ref()) {
        return Some(text.get_ref().clone());
    }
    diags.push(
        Diagnostic::of(
            codes::UNKNOWN_LANGUAGE,
            format!("unsupported language `{}`", text.get_ref()),
        )
        .at_location(Some(r.toml.location(text.span())))
        .expected(format!("one of {}", locales.languages().join(", "))),
    );
    None
}
