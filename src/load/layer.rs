//! A scenario layer: what one ruleset adds to a battle's facts — its clock,
//! map, orders, command rules, victory, set-up, reinforcements and values.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::limits::{self, Limits};
use crate::model::scenario::{
    Clock, Hex, Layer, Placement, Ref, Reinforcement, Target, Victory, Who,
};
use crate::source::FileId;

use super::scenario::{Reader, display, prose};

type S = Spanned<String>;

/// A turn may last at most a day.
const MINUTES_PER_DAY: u32 = 24 * 60;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLayer {
    ruleset: S,
    start: Option<S>,
    turn_minutes: Option<Spanned<u32>>,
    turns: Option<Spanned<u32>>,
    end: Option<S>,
    arrival_rounding: Option<S>,
    night: Option<Spanned<super::layer_clock::RawNight>>,
    map: Option<super::map::RawMap>,
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
    setup: Vec<Spanned<RawSetup>>,
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
    level: S,
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
    first_day: Option<time::Date>,
    limits: &Limits,
    refs: &mut Vec<Ref>,
    diags: &mut Diagnostics,
) -> Option<Layer> {
    let (mut r, mut raw): (_, RawLayer) =
        Reader::parse(file, text, "scenario layer", limits, diags)?;
    r.first_day = first_day;
    let ruleset = raw.ruleset.get_ref().clone();
    // A layer without a clock is allowed where no source gives one: its
    // turns are then unknown, and the checks say so.
    let ruleset_location = r.toml.location(raw.ruleset.span());
    check_turn_limits(&r, &raw, limits, diags)?;
    let clock = layer_clock(&r, &raw, ruleset_location, diags)?;
    let mut layer = Layer {
        ruleset: ruleset.clone(),
        file,
        location: r.toml.location(raw.ruleset.span()),
        start: clock.start,
        turn_minutes: clock.turn_minutes,
        turns: clock.turns,
        timed: clock.timed,
        end: raw
            .end
            .as_ref()
            .and_then(|e| r.clock(e, diags).map(|c| (c, r.toml.location(e.span())))),
        arrival_rounding: raw
            .arrival_rounding
            .as_ref()
            .and_then(|a| super::layer_clock::arrival_rounding(&r, a, diags)),
        night: raw
            .night
            .as_ref()
            .and_then(|n| super::layer_clock::night(&r, n, diags)),
        map: None,
        table_cm: raw.table.as_ref().map(|t| (t.width_cm, t.depth_cm)),
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
    layer.map = raw
        .map
        .take()
        .and_then(|map| super::map::read_map(&mut r, map, limits, diags));
    read_areas_and_orders(&mut r, &raw, &ruleset, &mut layer, diags);
    read_command_rules(&mut r, &raw, &mut layer, diags);
    read_victory(&mut r, std::mem::take(&mut raw.victory), &mut layer, diags);
    read_setup(&mut r, std::mem::take(&mut raw.setup), &mut layer, diags);
    read_reinforcements(
        &mut r,
        std::mem::take(&mut raw.reinforcement),
        &mut layer,
        diags,
    );
    read_texts_and_values(&mut r, raw, &mut layer, diags);
    refs.extend(r.refs);
    Some(layer)
}

/// Special rules, errata, aggregates and the values of units and leaders.
fn read_texts_and_values(
    r: &mut Reader,
    raw: RawLayer,
    layer: &mut Layer,
    diags: &mut Diagnostics,
) {
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
    layer.values = read_values(r, raw.values, &layer.aggregates);
}

/// Refuses a layer with more turns than the limits allow or turns longer than
/// a day, before any turn arithmetic runs on them.
fn check_turn_limits(
    r: &Reader,
    raw: &RawLayer,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<()> {
    let turn_limit = limits.get(limits::TURNS);
    if let Some(turns) = &raw.turns
        && u64::from(*turns.get_ref()) > turn_limit
    {
        diags.push(
            Diagnostic::of(
                codes::LIMIT,
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
            Diagnostic::of(
                codes::INVALID_FIELD,
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
    Some(())
}

/// A layer's clock: when its first turn starts, how long and how many turns.
struct LayerClock {
    start: Clock,
    turn_minutes: u32,
    turns: u32,
    /// False when no source gives a clock.
    timed: bool,
}

/// The clock of a layer that states all of it, or an untimed one for a layer
/// that states none of it; half a clock is an error.
fn layer_clock(
    r: &Reader,
    raw: &RawLayer,
    ruleset_location: Location,
    diags: &mut Diagnostics,
) -> Option<LayerClock> {
    let clock = (
        &raw.start,
        raw.turn_minutes.as_ref().map(|m| *m.get_ref()),
        raw.turns.as_ref().map(|t| *t.get_ref()),
    );
    match clock {
        (Some(start), Some(minutes), Some(turns)) if minutes > 0 && turns > 0 => Some(LayerClock {
            start: r.clock(start, diags)?,
            turn_minutes: minutes,
            turns,
            timed: true,
        }),
        (None, None, None) => Some(LayerClock {
            start: Clock(0),
            turn_minutes: 1,
            turns: 0,
            timed: false,
        }),
        _ => {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    "a layer's clock needs all of `start`, `turn_minutes` and `turns` (above 0), or none",
                )
                .at_location(Some(ruleset_location)),
            );
            None
        }
    }
}

/// The hexes of a list that parse, each invalid one reported.
fn hexes(r: &Reader, list: &[S], diags: &mut Diagnostics) -> Vec<Hex> {
    list.iter().filter_map(|h| r.hex(h, diags)).collect()
}

/// The layer's areas (as hexes) and each leader's order.
fn read_areas_and_orders(
    r: &mut Reader,
    raw: &RawLayer,
    ruleset: &str,
    layer: &mut Layer,
    diags: &mut Diagnostics,
) {
    for area in &raw.area {
        let id = r.refer(Target::Area, &area.id);
        layer.areas.push((id, hexes(r, &area.hexes, diags)));
    }
    for order in &raw.order {
        let leader = r.refer(Target::Leader, &order.leader);
        let value = r.refer(
            Target::Ruleset(ruleset.to_string(), "order".into()),
            &order.order,
        );
        layer.orders.push((leader, value));
    }
}

/// Order changes, command radii, reorganisation bases and demoralisation
/// thresholds: the command rules, each with whom it applies to.
fn read_command_rules(r: &mut Reader, raw: &RawLayer, layer: &mut Layer, diags: &mut Diagnostics) {
    for change in &raw.order_change {
        let who = change.who(r);
        layer
            .order_changes
            .push((who, change.divisor, change.attempts));
    }
    for radius in &raw.command_radius {
        let who = radius.who(r);
        layer.command_radii.push((who, radius.hexes));
    }
    for base in &raw.reorganisation {
        let who = base.who(r);
        let list = hexes(r, &base.hexes, diags);
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
}

fn read_victory(
    r: &mut Reader,
    victories: Vec<RawVictory>,
    layer: &mut Layer,
    diags: &mut Diagnostics,
) {
    for victory in victories {
        let level = victory.level.get_ref();
        if !crate::model::scenario::VICTORY_LEVELS.contains(&level.as_str()) {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("`{level}` is not a level of victory"),
                )
                .at_location(Some(r.toml.location(victory.level.span())))
                .expected(format!(
                    "one of {}",
                    crate::model::scenario::VICTORY_LEVELS.join(", ")
                )),
            );
        }
        layer.victory.push(Victory {
            side: r.refer(Target::Side, &victory.side),
            level: victory.level.into_inner(),
            hexes: hexes(r, &victory.hexes, diags),
            text: prose(victory.text),
        });
    }
}

fn read_setup(
    r: &mut Reader,
    setups: Vec<Spanned<RawSetup>>,
    layer: &mut Layer,
    diags: &mut Diagnostics,
) {
    for setup in setups {
        let location = r.toml.location(setup.span());
        let setup = setup.into_inner();
        let who = r.forces(&setup.units, &setup.formations, &setup.leaders);
        layer.setup.push(Placement {
            who,
            hex: setup.hex.as_ref().and_then(|h| r.hex(h, diags)),
            within: setup.within,
            at: setup.at.map(|[x, y]| (x, y)),
            text: prose(setup.text),
            location,
        });
    }
}

fn read_reinforcements(
    r: &mut Reader,
    reinforcements: Vec<Spanned<RawReinforcement>>,
    layer: &mut Layer,
    diags: &mut Diagnostics,
) {
    for reinforcement in reinforcements {
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
}

/// Each `[values.<id>]` table as text; `id` is an aggregate of this layer, or
/// else a unit or leader of the scenario, recorded for checking.
fn read_values(
    r: &mut Reader,
    values: BTreeMap<S, toml::Table>,
    aggregates: &[(String, String, Vec<String>)],
) -> Vec<(String, Vec<(String, String)>)> {
    values
        .into_iter()
        .map(|(id, table)| {
            let aggregate = aggregates.iter().any(|(a, _, _)| a == id.get_ref());
            if !aggregate {
                r.refer(Target::Counter, &id);
            }
            let values = table.iter().map(|(k, v)| (k.clone(), display(v))).collect();
            (id.into_inner(), values)
        })
        .collect()
}
