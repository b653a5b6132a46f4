//! `scenarios/`: the neutral vocabularies, each battle's facts and its layers.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::KeyRef;
use crate::model::limits::{self, Limits};
use crate::model::scenario::{
    Area, Clock, Formation, Hex, Layer, Leader, Neutral, Objective, Placement, Prose, Ref,
    Reinforcement, Scenario, Side, Stated, Target, Unit, Victory, Who,
};
use crate::source::FileId;

use super::toml_util::TomlText;

type S = Spanned<String>;

/// A turn may last at most a day.
const MINUTES_PER_DAY: u32 = 24 * 60;

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
struct Reader<'a> {
    toml: TomlText<'a>,
    refs: Vec<Ref>,
}

impl<'a> Reader<'a> {
    /// Parses a file into `T`, with a reader that locates its spans.
    fn parse<T: serde::de::DeserializeOwned>(
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
    fn forces(&mut self, units: &[S], formations: &[S], leaders: &[S]) -> Who {
        Who {
            units: self.refer_all(Target::Unit, units),
            formations: self.refer_all(Target::Formation, formations),
            leaders: self.refer_all(Target::Leader, leaders),
            ..Who::default()
        }
    }
    fn id(&self, id: &S, diags: &mut Diagnostics) -> (String, Location) {
        let location = self.toml.location(id.span());
        super::check_id(id.get_ref(), &location, diags);
        (id.get_ref().clone(), location)
    }

    fn refer(&mut self, target: Target, key: &S) -> String {
        self.refs.push(Ref {
            target,
            key: key.get_ref().clone(),
            location: self.toml.location(key.span()),
        });
        key.get_ref().clone()
    }

    fn refer_all(&mut self, target: Target, keys: &[S]) -> Vec<String> {
        keys.iter().map(|k| self.refer(target.clone(), k)).collect()
    }

    fn clock(&self, text: &S, diags: &mut Diagnostics) -> Option<Clock> {
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
    fn strength(
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

    fn hex(&self, text: &S, diags: &mut Diagnostics) -> Option<Hex> {
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

fn prose(map: BTreeMap<String, String>) -> Prose {
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
    r.id(&raw.id, diags);
    if raw.id.get_ref() != folder_name {
        diags.push(
            Diagnostic::error(
                "scenario-id-mismatch",
                format!(
                    "scenario id `{}` differs from its folder `{folder_name}`",
                    raw.id.get_ref()
                ),
            )
            .at_location(Some(r.toml.location(raw.id.span())))
            .expected(format!("\"{folder_name}\"")),
        );
    }
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
        let (id, location) = r.id(&side.id, diags);
        let commander = side.commander.as_ref().map(|c| r.refer(Target::Leader, c));
        scenario.sides.push(Side {
            id,
            name: side.name,
            commander,
            colour: side.colour,
            location,
        });
    }
    for leader in raw.leader {
        let (id, location) = r.id(&leader.id, diags);
        let side = r.refer(Target::Side, &leader.side);
        scenario.leaders.push(Leader {
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
        });
    }
    for formation in raw.formation {
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
        scenario.formations.push(Formation {
            id,
            name: formation.name,
            short: formation.short,
            level,
            side,
            parent,
            leader,
            note: formation.note,
            location,
        });
    }
    for unit in raw.unit {
        let (id, location) = r.id(&unit.id, diags);
        let arrives = unit
            .arrives
            .as_ref()
            .and_then(|a| r.clock(a, diags).map(|c| (c, r.toml.location(a.span()))));
        scenario.units.push(Unit {
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
        });
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
        let location = r.toml.location(stated.span());
        let stated = stated.into_inner();
        scenario.stated.push(Stated {
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
        });
    }
    scenario.refs = r.refs;
    Some(scenario)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLayer {
    ruleset: S,
    start: Option<S>,
    turn_minutes: Option<Spanned<u32>>,
    turns: Option<Spanned<u32>>,
    end: Option<S>,
    arrival_rounding: Option<S>,
    map: Option<RawMap>,
    table: Option<RawTable>,
    #[serde(default)]
    missing: Vec<S>,
    #[serde(default)]
    allow: Vec<Spanned<super::table::RawAllow>>,
    #[serde(default)]
    area: Vec<RawLayerArea>,
    #[serde(default)]
    order: Vec<RawOrder>,
    #[serde(default)]
    order_change: Vec<RawOrderChange>,
    #[serde(default)]
    command_radius: Vec<RawRadius>,
    #[serde(default)]
    reorganisation: Vec<RawReorganisation>,
    #[serde(default)]
    demoralisation: Vec<Spanned<RawThreshold>>,
    #[serde(default)]
    victory: Vec<RawVictory>,
    #[serde(default)]
    setup: Vec<RawSetup>,
    #[serde(default)]
    reinforcement: Vec<Spanned<RawReinforcement>>,
    #[serde(default)]
    special_rule: Vec<RawSpecialRule>,
    #[serde(default)]
    erratum: Vec<RawErratum>,
    #[serde(default)]
    values: BTreeMap<S, toml::Table>,
    #[serde(default)]
    aggregate: Vec<RawAggregate>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAggregate {
    id: S,
    name: String,
    units: Vec<S>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    columns: [S; 2],
    rows: [u32; 2],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    width_cm: f64,
    depth_cm: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLayerArea {
    id: S,
    hexes: Vec<S>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOrder {
    leader: S,
    order: S,
}

/// A layer table whose rows say who they apply to — a side, nations,
/// leaders, formations or units — besides their own fields. The who-fields are
/// written into each struct rather than `#[serde(flatten)]`ed, because
/// flattening loses the spans that point a diagnostic at a misspelt name.
macro_rules! applies_to_whom {
    ($name:ident { $($field:ident : $ty:ty),* $(,)? }) => {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $name {
            side: Option<S>,
            #[serde(default)]
            nations: Vec<S>,
            #[serde(default)]
            leaders: Vec<S>,
            #[serde(default)]
            formations: Vec<S>,
            #[serde(default)]
            units: Vec<S>,
            $($field: $ty),*
        }

        impl $name {
            /// Whom the row applies to, every name recorded for checking.
            fn who(&self, r: &mut Reader) -> Who {
                Who {
                    side: self.side.as_ref().map(|s| r.refer(Target::Side, s)),
                    nations: r.refer_all(Target::Neutral("nation".into()), &self.nations),
                    ..r.forces(&self.units, &self.formations, &self.leaders)
                }
            }
        }
    };
}

applies_to_whom!(RawOrderChange {
    divisor: u32,
    attempts: u32
});
applies_to_whom!(RawRadius { hexes: u32 });
applies_to_whom!(RawReorganisation { hexes: Vec<S> });

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawThreshold {
    leader: Option<S>,
    formation: Option<S>,
    threshold: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVictory {
    side: S,
    level: String,
    #[serde(default)]
    hexes: Vec<S>,
    #[serde(default)]
    text: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    #[serde(default)]
    units: Vec<S>,
    #[serde(default)]
    formations: Vec<S>,
    #[serde(default)]
    leaders: Vec<S>,
    hex: Option<S>,
    within: Option<u32>,
    at: Option<[f64; 2]>,
    #[serde(default)]
    text: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReinforcement {
    turn: u32,
    #[serde(default)]
    units: Vec<S>,
    #[serde(default)]
    formations: Vec<S>,
    #[serde(default)]
    leaders: Vec<S>,
    entry: Option<S>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpecialRule {
    id: String,
    title: BTreeMap<String, String>,
    text: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawErratum {
    text: BTreeMap<String, String>,
}

/// A layer: what one ruleset adds to the scenario. Its references are added to `refs`.
pub fn load_layer(
    file: FileId,
    text: &str,
    limits: &Limits,
    refs: &mut Vec<Ref>,
    diags: &mut Diagnostics,
) -> Option<Layer> {
    let (mut r, mut raw): (_, RawLayer) =
        Reader::parse(file, text, "scenario layer", limits, diags)?;
    let ruleset = raw.ruleset.get_ref().clone();
    // A layer without a clock is allowed where no source gives one: its
    // turns are then unknown, and the checks say so.
    let ruleset_location = r.toml.location(raw.ruleset.span());
    let turn_limit = limits.get(limits::TURNS);
    if let Some(turns) = &raw.turns
        && u64::from(*turns.get_ref()) > turn_limit
    {
        diags.push(
            Diagnostic::error(
                "limit",
                format!("{} turns are more than a layer may have", turns.get_ref()),
            )
            .at_location(Some(r.toml.location(turns.span())))
            .note(limits.note(limits::TURNS)),
        );
        return None;
    }
    if let Some(minutes) = &raw.turn_minutes
        && *minutes.get_ref() > MINUTES_PER_DAY
    {
        diags.push(
            Diagnostic::error(
                "invalid-field",
                format!(
                    "a turn of {} minutes is longer than a day",
                    minutes.get_ref()
                ),
            )
            .at_location(Some(r.toml.location(minutes.span())))
            .expected(format!("from 1 to {MINUTES_PER_DAY} minutes")),
        );
        return None;
    }
    let clock = (
        &raw.start,
        raw.turn_minutes.as_ref().map(|m| *m.get_ref()),
        raw.turns.as_ref().map(|t| *t.get_ref()),
    );
    let (start, turn_minutes, turns, timed) = match clock {
        (Some(start), Some(minutes), Some(turns)) if minutes > 0 && turns > 0 => {
            (r.clock(start, diags)?, minutes, turns, true)
        }
        (None, None, None) => (Clock(0), 1, 0, false),
        _ => {
            diags.push(
                Diagnostic::error(
                    "invalid-field",
                    "a layer's clock needs all of `start`, `turn_minutes` and `turns` (above 0), or none",
                )
                .at_location(Some(ruleset_location)),
            );
            return None;
        }
    };
    let hexes = |r: &Reader, list: &[S], diags: &mut Diagnostics| -> Vec<Hex> {
        list.iter().filter_map(|h| r.hex(h, diags)).collect()
    };
    let mut layer = Layer {
        ruleset: ruleset.clone(),
        file,
        location: r.toml.location(raw.ruleset.span()),
        start,
        turn_minutes,
        turns,
        timed,
        end: raw
            .end
            .as_ref()
            .and_then(|e| r.clock(e, diags).map(|c| (c, r.toml.location(e.span())))),
        arrival_rounding: raw.arrival_rounding.as_ref().and_then(|a| {
            let location = r.toml.location(a.span());
            if ["in-progress", "next"].contains(&a.get_ref().as_str()) {
                Some((a.get_ref().clone(), location))
            } else {
                diags.push(
                    Diagnostic::error(
                        "invalid-field",
                        format!("unknown arrival rounding `{}`", a.get_ref()),
                    )
                    .at_location(Some(location))
                    .expected("\"in-progress\" or \"next\""),
                );
                None
            }
        }),
        map: None,
        table_cm: raw.table.map(|t| (t.width_cm, t.depth_cm)),
        missing: raw
            .missing
            .iter()
            .map(|m| (m.get_ref().clone(), r.toml.location(m.span())))
            .collect(),
        allow: super::table::allows(&r.toml, std::mem::take(&mut raw.allow)),
        areas: Vec::new(),
        orders: Vec::new(),
        order_changes: Vec::new(),
        command_radii: Vec::new(),
        reorganisation: Vec::new(),
        demoralisation: Vec::new(),
        victory: Vec::new(),
        setup: Vec::new(),
        reinforcements: Vec::new(),
        special_rules: Vec::new(),
        errata: Vec::new(),
        values: Vec::new(),
        aggregates: Vec::new(),
        index: Default::default(),
    };
    if let Some(map) = &raw.map {
        let column = |letters: &S, diags: &mut Diagnostics| {
            let text = letters.get_ref();
            let valid =
                (1..=2).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_uppercase());
            if !valid {
                diags.push(
                    Diagnostic::error("invalid-hex", format!("`{text}` is not a map column"))
                        .at_location(Some(r.toml.location(letters.span())))
                        .expected("one or two capital letters, e.g. \"A\" or \"AH\""),
                );
            }
            valid.then(|| crate::model::scenario::column_number(text))
        };
        let first = column(&map.columns[0], diags);
        let last = column(&map.columns[1], diags);
        if let (Some(first), Some(last)) = (first, last) {
            layer.map = Some((first, last, map.rows[0], map.rows[1]));
        }
    }
    for area in &raw.area {
        let id = r.refer(Target::Area, &area.id);
        layer.areas.push((id, hexes(&r, &area.hexes, diags)));
    }
    for order in &raw.order {
        let leader = r.refer(Target::Leader, &order.leader);
        let value = r.refer(
            Target::Ruleset(ruleset.clone(), "order".into()),
            &order.order,
        );
        layer.orders.push((leader, value));
    }
    for change in &raw.order_change {
        let who = change.who(&mut r);
        layer
            .order_changes
            .push((who, change.divisor, change.attempts));
    }
    for radius in &raw.command_radius {
        let who = radius.who(&mut r);
        layer.command_radii.push((who, radius.hexes));
    }
    for base in &raw.reorganisation {
        let who = base.who(&mut r);
        let list = hexes(&r, &base.hexes, diags);
        layer.reorganisation.push((who, list));
    }
    for threshold in &raw.demoralisation {
        let location = r.toml.location(threshold.span());
        let t = threshold.get_ref();
        let who = Who {
            leaders: t
                .leader
                .iter()
                .map(|l| r.refer(Target::Leader, l))
                .collect(),
            formations: t
                .formation
                .iter()
                .map(|f| r.refer(Target::Formation, f))
                .collect(),
            ..Who::default()
        };
        layer.demoralisation.push((who, t.threshold, location));
    }
    for victory in raw.victory {
        layer.victory.push(Victory {
            side: r.refer(Target::Side, &victory.side),
            level: victory.level,
            hexes: hexes(&r, &victory.hexes, diags),
            text: prose(victory.text),
        });
    }
    for setup in raw.setup {
        let who = r.forces(&setup.units, &setup.formations, &setup.leaders);
        layer.setup.push(Placement {
            who,
            hex: setup.hex.as_ref().and_then(|h| r.hex(h, diags)),
            within: setup.within,
            at: setup.at.map(|[x, y]| (x, y)),
            text: prose(setup.text),
        });
    }
    for reinforcement in raw.reinforcement {
        let location = r.toml.location(reinforcement.span());
        let rf = reinforcement.into_inner();
        let who = r.forces(&rf.units, &rf.formations, &rf.leaders);
        layer.reinforcements.push(Reinforcement {
            turn: rf.turn,
            who,
            entry: rf.entry.as_ref().and_then(|h| r.hex(h, diags)),
            location,
        });
    }
    layer.special_rules = raw
        .special_rule
        .into_iter()
        .map(|s| (s.id, prose(s.title), prose(s.text)))
        .collect();
    layer.errata = raw.erratum.into_iter().map(|e| prose(e.text)).collect();
    for aggregate in &raw.aggregate {
        let (id, _) = r.id(&aggregate.id, diags);
        let units = r.refer_all(Target::Unit, &aggregate.units);
        layer.aggregates.push((id, aggregate.name.clone(), units));
    }
    layer.values = raw
        .values
        .into_iter()
        .map(|(id, table)| {
            // An aggregate of this layer, or a unit or leader of the scenario.
            let aggregate = layer.aggregates.iter().any(|(a, _, _)| a == id.get_ref());
            if !aggregate {
                r.refer(Target::Counter, &id);
            }
            let values = table.iter().map(|(k, v)| (k.clone(), display(v))).collect();
            (id.into_inner(), values)
        })
        .collect();
    refs.extend(r.refs);
    Some(layer)
}

fn display(value: &toml::Value) -> String {
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
