//! A scenario of two editions: its order of battle unit by unit (by id), and
//! its layer for one ruleset — who sets up where, who arrives when and where.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::Project;
use crate::model::changes::{Change, Entry, Kind, Place, Spot};
use crate::model::layer::{Layer, Who};
use crate::model::scenario::{Scenario, Unit};

/// The order of battle's changes: units added, deleted, or with other figures.
pub fn units(old: &Scenario, new: &Scenario) -> Vec<Entry> {
    let mut entries = Vec::new();
    let place = |unit: &Unit| Place::Unit {
        scenario: new.id.clone(),
        title: new.title.clone(),
        id: unit.id.clone(),
        name: unit.name.clone(),
    };
    for unit in &new.units {
        let Some(was) = old.units.iter().find(|u| u.id == unit.id) else {
            entries.push(Entry::new(
                place(unit),
                Kind::Addition,
                Change::Added {
                    text: unit.name.clone(),
                },
            ));
            continue;
        };
        for (field, before, after) in figures(was)
            .into_iter()
            .zip(figures(unit))
            .map(|((field, before), (_, after))| (field, before, after))
        {
            if before != after {
                entries.push(Entry::new(
                    place(unit),
                    Kind::Change,
                    Change::Value {
                        field: field.into(),
                        old: before,
                        new: after,
                    },
                ));
            }
        }
    }
    for unit in old
        .units
        .iter()
        .filter(|u| new.units.iter().all(|n| n.id != u.id))
    {
        entries.push(Entry::new(
            Place::Unit {
                scenario: old.id.clone(),
                title: old.title.clone(),
                id: unit.id.clone(),
                name: unit.name.clone(),
            },
            Kind::Deletion,
            Change::Removed {
                text: unit.name.clone(),
            },
        ));
    }
    entries
}

/// The figures of a unit a player reads, as strings ("" where none is given).
fn figures(unit: &Unit) -> Vec<(&'static str, String)> {
    let text = |v: Option<String>| v.unwrap_or_default();
    vec![
        ("name", unit.name.clone()),
        ("men", text(unit.men.map(|m| m.to_string()))),
        (
            "men-range",
            text(unit.men_range.map(|(a, b)| format!("{a}–{b}"))),
        ),
        ("guns", text(unit.guns.map(|g| g.to_string()))),
        ("quality", text(unit.quality.clone())),
        ("parent", unit.parent.clone()),
        (
            "arrives",
            text(unit.arrives.as_ref().map(|(c, _)| c.to_string())),
        ),
        ("entry", text(unit.entry.clone())),
    ]
}

/// The layer's changes: a set-up hex or an arrival's turn or hex.
pub fn layer(scenario: &Scenario, old: &Layer, new: &Layer) -> Vec<Entry> {
    let place = Place::Layer {
        scenario: scenario.id.clone(),
        title: scenario.title.clone(),
    };
    let mut entries = Vec::new();
    for (arrival, before, after) in [
        (false, setup(scenario, old), setup(scenario, new)),
        (true, arrivals(scenario, old), arrivals(scenario, new)),
    ] {
        let whos: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
        for who in whos {
            let (was, is) = (before.get(who), after.get(who));
            if was == is {
                continue;
            }
            entries.push(Entry::new(
                place.clone(),
                match (was, is) {
                    (None, _) => Kind::Addition,
                    (_, None) => Kind::Deletion,
                    _ => Kind::Change,
                },
                Change::Deployed {
                    who: who.clone(),
                    arrival,
                    old: was.cloned(),
                    new: is.cloned(),
                },
            ));
        }
    }
    entries
}

/// The counters of the layer whose printed values changed, by counter id.
pub fn counters(
    old: (&Project, &Scenario, &Layer),
    new: (&Project, &Scenario, &Layer),
) -> Vec<Entry> {
    let before = crate::render::views::counter_faces::counters(old.0, old.1, old.2);
    let after = crate::render::views::counter_faces::counters(new.0, new.1, new.2);
    let (scenario, title) = (&new.1.id, &new.1.title);
    let mut entries = Vec::new();
    for (front, back) in &after {
        let Some((was_front, was_back)) = before.iter().find(|(f, _)| f.id == front.id) else {
            continue;
        };
        for (is_back, was, is) in [(false, was_front, front), (true, was_back, back)] {
            let (old, new) = (was.values.join("-"), is.values.join("-"));
            if old != new {
                entries.push(Entry::new(
                    Place::Unit {
                        scenario: scenario.clone(),
                        title: title.clone(),
                        id: front.id.clone(),
                        name: front.title.clone(),
                    },
                    Kind::Change,
                    Change::Counter {
                        back: is_back,
                        old,
                        new,
                    },
                ));
            }
        }
    }
    entries
}

/// Who sets up where: each placement's who, by the names a player reads.
fn setup(scenario: &Scenario, layer: &Layer) -> BTreeMap<String, Spot> {
    layer
        .setup
        .iter()
        .map(|p| {
            let spot = Spot {
                hex: p.hex.as_ref().map(|h| h.text.clone()).unwrap_or_default(),
                within: p.within,
                turn: None,
            };
            (names(scenario, &p.who), spot)
        })
        .collect()
}

/// Who arrives on which turn and where.
fn arrivals(scenario: &Scenario, layer: &Layer) -> BTreeMap<String, Spot> {
    layer
        .reinforcements
        .iter()
        .map(|r| {
            let spot = Spot {
                hex: r.entry.as_ref().map(|h| h.text.clone()).unwrap_or_default(),
                within: None,
                turn: Some(r.turn),
            };
            (names(scenario, &r.who), spot)
        })
        .collect()
}

/// The names of who a placement or arrival concerns, as the order of battle gives them.
fn names(scenario: &Scenario, who: &Who) -> String {
    let name = |id: &String, found: Option<&str>| found.map_or_else(|| id.clone(), str::to_string);
    let mut names: Vec<String> = Vec::new();
    names.extend(who.side.clone());
    names.extend(who.nations.iter().cloned());
    names.extend(
        who.leaders
            .iter()
            .map(|id| name(id, scenario.leader(id).map(|l| l.name.as_str()))),
    );
    names.extend(
        who.formations
            .iter()
            .map(|id| name(id, scenario.formation(id).map(|f| f.name.as_str()))),
    );
    names.extend(
        who.units
            .iter()
            .map(|id| name(id, scenario.unit(id).map(|u| u.name.as_str()))),
    );
    names.join(", ")
}
