//! The package check: what a player sets up and plays from agrees with
//! itself. Every unit a layer places takes part (and so has its counter or
//! label), no unit is brought into play twice, and on a map with a set-up
//! every counter has somewhere to go.

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::Project;
use crate::model::layer::Who;
use crate::model::scenario::{Layer, Scenario, Status};
use crate::model::schedule::{Entry, Schedule};

pub fn check_layer(project: &Project, scenario: &Scenario, layer: &Layer, diags: &mut Diagnostics) {
    let entries = layer
        .setup
        .iter()
        .map(|p| (&p.who, &p.location))
        .chain(layer.reinforcements.iter().map(|r| (&r.who, &r.location)));
    for (who, location) in entries {
        placed_not_engaged(scenario, who, location, diags);
    }
    let schedule = Schedule::new(scenario, layer);
    brought_twice(scenario, layer, &schedule, diags);
    if !layer.setup.is_empty() && super::scenario::ruleset_makes_counters(project, layer) {
        unplaced(scenario, layer, &schedule, diags);
    }
}

/// A set-up or arrival that names units not engaged: they have no counter
/// or label and count in no total, so a player is told to place what he
/// does not have.
fn placed_not_engaged(
    scenario: &Scenario,
    who: &Who,
    location: &Location,
    diags: &mut Diagnostics,
) {
    let mut named: Vec<String> = who
        .units
        .iter()
        .filter(|id| scenario.unit(id).is_some_and(|u| !u.takes_part()))
        .map(|id| format!("`{id}`"))
        .collect();
    for formation in &who.formations {
        let units: Vec<_> = scenario
            .units
            .iter()
            .filter(|u| scenario.is_within(&u.parent, formation))
            .collect();
        if !units.is_empty() && units.iter().all(|u| u.status == Status::NotEngaged) {
            named.push(format!("`{formation}` (all {} of its units)", units.len()));
        }
    }
    if named.is_empty() {
        return;
    }
    diags.push(
        Diagnostic::of(
            codes::PLACED_NOT_ENGAGED,
            format!(
                "this places {} that the order of battle marks not engaged",
                named.join(", ")
            ),
        )
        .at_location(Some(location.clone()))
        .label("units without a counter or label")
        .note(
            "units not engaged have no piece and count in no total; if the game plays them, \
             mark them `status = \"present\"` in scenario.toml (on the field, not committed), \
             else leave them out of the set-up",
        ),
    );
}

/// A unit the layer brings into play twice, equally directly: set up and
/// arriving, or arriving on two turns.
fn brought_twice(scenario: &Scenario, layer: &Layer, schedule: &Schedule, diags: &mut Diagnostics) {
    let place = |entry: Entry| match entry {
        Entry::SetUp(i) => (
            "set up".to_string(),
            layer.setup.get(i).map(|p| p.location.clone()),
        ),
        Entry::Arrives(i) => {
            let r = layer.reinforcements.get(i);
            (
                format!("arriving on turn {}", r.map_or(0, |r| r.turn)),
                r.map(|r| r.location.clone()),
            )
        }
    };
    let mut reported = std::collections::HashSet::new();
    for conflict in &schedule.conflicts {
        if !reported.insert((conflict.id.as_str(), conflict.second)) {
            continue;
        }
        if scenario.unit(&conflict.id).is_some_and(|u| !u.takes_part()) {
            continue; // reported as placed-not-engaged
        }
        let (first, first_at) = place(conflict.first);
        let (second, second_at) = place(conflict.second);
        let mut diagnostic = Diagnostic::of(
            codes::BROUGHT_TWICE,
            format!("`{}` is {first} and {second}", conflict.id),
        )
        .at_location(second_at)
        .label(second);
        if let Some(at) = first_at {
            diagnostic = diagnostic.related(at, first);
        }
        diags.push(diagnostic.note(
            "each unit comes into play once: name it in one set-up or one reinforcement \
             (a unit named by its id wins over its formation)",
        ));
    }
}

/// On a map with a set-up, the units and leaders with counters that the
/// layer neither sets up nor brings on: a player holds pieces he is not
/// told where to put.
fn unplaced(scenario: &Scenario, layer: &Layer, schedule: &Schedule, diags: &mut Diagnostics) {
    let units = scenario
        .units
        .iter()
        .filter(|u| u.takes_part() && schedule.entry(&u.id).is_none())
        .map(|u| u.id.as_str());
    let leaders = scenario
        .leaders
        .iter()
        .filter(|l| schedule.entry(&l.id).is_none() && !leads_scheduled(scenario, schedule, &l.id))
        .map(|l| l.id.as_str());
    let missing: Vec<&str> = units.chain(leaders).collect();
    let Some(first) = missing.first() else {
        return;
    };
    let listed: Vec<String> = missing.iter().map(|id| format!("`{id}`")).collect();
    diags.push(
        Diagnostic::of(
            codes::UNPLACED_COUNTER,
            format!(
                "{} counter(s) the layer neither sets up nor brings on",
                missing.len()
            ),
        )
        .at_location(Some(layer.location.clone()))
        .note(listed.join(", "))
        .note(format!(
            "name `{first}` (or its formation) in a [[setup]] or a [[reinforcement]]; where the \
             source does not place it, allow the lint with the reason"
        )),
    );
}

/// A leader who commands a formation the layer brings: he comes with it.
fn leads_scheduled(scenario: &Scenario, schedule: &Schedule, leader: &str) -> bool {
    scenario
        .formations
        .iter()
        .filter(|f| f.leader.as_deref() == Some(leader))
        .any(|f| {
            scenario
                .units
                .iter()
                .any(|u| scenario.is_within(&u.parent, &f.id) && schedule.entry(&u.id).is_some())
        })
        || scenario
            .sides
            .iter()
            .any(|s| s.commander.as_deref() == Some(leader))
}
