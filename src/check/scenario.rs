//! Scenario checks: names resolve, the formation tree is sound, the clock and
//! the turns agree, hexes lie on the map, stated totals add up.

use std::collections::HashMap;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::Project;
use crate::model::limits;
use crate::model::scenario::{Clock, Layer, Scenario};

use super::references::unknown;
use crate::model::strength::{Totals, sum};

pub fn check(project: &Project, scenario: &Scenario, diags: &mut Diagnostics) {
    unique_ids(scenario, diags);
    super::scenario_refs::check(project, scenario, &scenario.refs, diags);
    unit_types(project, scenario, diags);
    tree(scenario, &project.limits, diags);
    clock(scenario, diags);
    super::command::check(scenario, diags);
    stated_totals(scenario, diags);
    super::translations::check(project, scenario, diags);
    for layer in &scenario.layers {
        check_allowed_layer(project, scenario, layer, diags);
    }
}

fn unique_ids(scenario: &Scenario, diags: &mut Diagnostics) {
    let mut seen: HashMap<&str, &Location> = HashMap::new();
    let ids = scenario
        .sides
        .iter()
        .map(|s| (s.id.as_str(), &s.location))
        .chain(
            scenario
                .leaders
                .iter()
                .map(|l| (l.id.as_str(), &l.location)),
        )
        .chain(
            scenario
                .formations
                .iter()
                .map(|f| (f.id.as_str(), &f.location)),
        )
        .chain(scenario.units.iter().map(|u| (u.id.as_str(), &u.location)))
        .chain(scenario.areas.iter().map(|a| (a.id.as_str(), &a.location)));
    for (id, location) in ids {
        match seen.get(id) {
            Some(first) => diags.push(
                Diagnostic::of(codes::DUPLICATE_ID, format!("id `{id}` is defined twice"))
                    .at_location(Some(location.clone()))
                    .label("defined again here")
                    .related((*first).clone(), "first defined here"),
            ),
            None => {
                seen.insert(id, location);
            }
        }
    }
}

/// Checks a layer that is not (yet) in the scenario's folder, such as a
/// converted one: its names and everything the layer checks look at.
pub fn check_extra_layer(
    project: &Project,
    scenario: &Scenario,
    layer: &Layer,
    refs: &[crate::model::scenario::Ref],
    diags: &mut Diagnostics,
) {
    super::scenario_refs::check(project, scenario, refs, diags);
    check_allowed_layer(project, scenario, layer, diags);
}

/// The layer's lints, less those it allows with a reason.
fn check_allowed_layer(
    project: &Project,
    scenario: &Scenario,
    layer: &Layer,
    diags: &mut Diagnostics,
) {
    let mut found = Diagnostics::default();
    check_layer(project, scenario, layer, &mut found);
    super::apply_allows(&layer.allow, found.into_vec(), diags);
}

/// A unit's type belongs to an arm; the two must agree.
fn unit_types(project: &Project, scenario: &Scenario, diags: &mut Diagnostics) {
    for unit in &scenario.units {
        let type_arm = project
            .neutral
            .vocabulary("type")
            .and_then(|v| v.member(&unit.kind))
            .and_then(|m| m.attribute_str("arm"));
        if let Some(type_arm) = type_arm
            && type_arm != unit.arm
        {
            diags.push(
                Diagnostic::of(
                    codes::INCONSISTENT_UNIT,
                    format!(
                        "unit `{}` is `{}` but its type `{}` is {type_arm}",
                        unit.id, unit.arm, unit.kind
                    ),
                )
                .at_location(Some(unit.location.clone())),
            );
        }
    }
}

/// Every parent exists (checked above), no cycles, and every formation reaches a side.
fn tree(scenario: &Scenario, limits: &limits::Limits, diags: &mut Diagnostics) {
    let deepest = limits.count(limits::DEPTH);
    for formation in &scenario.formations {
        // Walk up at most two levels past the limit: enough to tell a cycle,
        // a tree too deep, and the one formation where it first gets too deep.
        let mut seen = vec![formation.id.as_str()];
        let mut current = formation;
        let mut cycle = false;
        while let Some(parent) = current
            .parent
            .as_deref()
            .and_then(|p| scenario.formation(p))
        {
            if seen.contains(&parent.id.as_str()) {
                cycle = parent.id == formation.id;
                if cycle {
                    diags.push(
                        Diagnostic::of(
                            codes::FORMATION_TREE,
                            format!("formation `{}` is its own ancestor", formation.id),
                        )
                        .at_location(Some(formation.location.clone()))
                        .label("a cycle in the formation tree"),
                    );
                }
                break;
            }
            seen.push(&parent.id);
            current = parent;
            if seen.len() > deepest + 2 {
                break;
            }
        }
        let ancestors = seen.len() - 1;
        if !cycle && ancestors == deepest + 1 {
            diags.push(
                Diagnostic::of(
                    codes::LIMIT,
                    format!(
                        "formation `{}` is nested more than {deepest} levels deep",
                        formation.id
                    ),
                )
                .at_location(Some(formation.location.clone()))
                .note(limits.note(limits::DEPTH)),
            );
        }
        if formation.parent.is_some() && formation.side.is_some() && ancestors <= deepest {
            let inherited = current.side.as_deref();
            if inherited.is_some() && inherited != formation.side.as_deref() {
                diags.push(
                    Diagnostic::of(
                        codes::FORMATION_TREE,
                        format!(
                            "formation `{}` names another side than its parents",
                            formation.id
                        ),
                    )
                    .at_location(Some(formation.location.clone())),
                );
            }
        }
    }
}

fn clock(scenario: &Scenario, diags: &mut Diagnostics) {
    let whole = scenario
        .id_location
        .clone()
        .unwrap_or(Location::new(scenario.file, 0..0));
    match (scenario.start, scenario.end) {
        (Some(start), Some(end)) if end <= start => diags.push(
            Diagnostic::of(
                codes::CLOCK,
                format!(
                    "the action ends ({}) before it starts ({})",
                    scenario.moment(end),
                    scenario.moment(start)
                ),
            )
            .at_location(scenario.end_location.clone().or(Some(whole)))
            .label("the end of the action")
            .note("an action that runs past midnight gives its end with the date: end = \"YYYY-MM-DD HH:MM\""),
        ),
        (Some(start), Some(end)) => {
            for unit in &scenario.units {
                if let Some((arrives, location)) = &unit.arrives
                    && *arrives > end
                {
                    diags.push(
                        Diagnostic::of(
                            codes::ARRIVAL_OUTSIDE_GAME,
                            format!(
                                "`{}` arrives at {}, after the action ends ({})",
                                unit.id,
                                scenario.moment(*arrives),
                                scenario.moment(end)
                            ),
                        )
                        .at_location(Some(location.clone()))
                        .note(format!(
                            "the action runs {}–{}",
                            scenario.moment(start),
                            scenario.moment(end)
                        )),
                    );
                }
            }
        }
        // Left empty because no source gives them: a note, as the author meant.
        _ => diags.push(
            Diagnostic::of(
                codes::MISSING_DATA,
                format!(
                    "scenario `{}` has no clock start and end: no source gives them",
                    scenario.id
                ),
            )
            .at_location(Some(whole))
            .note("layers set their own clock; arrivals cannot be checked against the action"),
        ),
    }
}

/// A source's total counts every unit of its return, engaged or not.
fn stated_totals(scenario: &Scenario, diags: &mut Diagnostics) {
    for stated in &scenario.stated {
        let totals = crate::model::strength::stated_sum(scenario, stated);
        for (what, claimed, computed) in [
            ("men", stated.men, totals.men),
            ("guns", stated.guns, totals.guns),
            ("units", stated.units, totals.units),
        ] {
            let Some(claimed) = claimed.map(u64::from) else {
                continue;
            };
            if claimed.abs_diff(computed) > u64::from(stated.tolerance) {
                diags.push(
                    Diagnostic::of(
                        codes::STATED_TOTAL,
                        format!("the units add up to {computed} {what}, but the stated total is {claimed}"),
                    )
                    .at_location(Some(stated.location.clone()))
                    .expected(claimed.to_string())
                    .found(computed.to_string())
                    .note(format!("tolerance {}; source: {}", stated.tolerance, stated.source)),
                );
            }
        }
    }
}

/// A hex layer's counter sheet stays within the limit: units, leaders and
/// the markers its ruleset declares.
fn counter_sheet_size(
    project: &Project,
    scenario: &Scenario,
    layer: &Layer,
    diags: &mut Diagnostics,
) {
    let Some(ruleset) = project
        .ruleset(&layer.ruleset)
        .filter(|_| layer.map.is_some())
    else {
        return;
    };
    let units_per_side = scenario.units_per_side();
    let members = |vocabulary: &str| {
        ruleset
            .vocabulary(vocabulary)
            .map_or(0, |v| v.members.len())
    };
    let markers = ruleset.counters.marker_count(members, &units_per_side);
    let counters = (scenario.units.len() + scenario.leaders.len()) as u64 + markers;
    let limit = project.limits.get(limits::COUNTERS);
    if counters > limit {
        diags.push(
            Diagnostic::of(
                codes::LIMIT,
                format!(
                    "the `{}` counter sheet would hold {} counters ({} of them markers)",
                    layer.ruleset,
                    limits::group_digits(counters),
                    limits::group_digits(markers)
                ),
            )
            .at_location(Some(layer.location.clone()))
            .note(project.limits.note(limits::COUNTERS)),
        );
    }
}

/// Whether the layer's ruleset prints counters (hex games do; miniatures
/// print labels instead).
pub(super) fn ruleset_makes_counters(project: &Project, layer: &Layer) -> bool {
    project
        .ruleset(&layer.ruleset)
        .is_some_and(|r| !r.counters.unit.is_empty() || !r.counters.leader.is_empty())
}

fn check_layer(project: &Project, scenario: &Scenario, layer: &Layer, diags: &mut Diagnostics) {
    if project.ruleset(&layer.ruleset).is_none() {
        let names = project.rulesets.iter().map(|r| r.id.as_str());
        diags.push(unknown(
            codes::UNKNOWN_RULESET,
            format!("no ruleset `{}` for this layer", layer.ruleset),
            &layer.ruleset,
            names,
            &layer.location,
        ));
    }
    counter_sheet_size(project, scenario, layer, diags);
    super::map::check(project, scenario, layer, diags);
    if ruleset_makes_counters(project, layer) {
        super::command::counter_values(project, scenario, layer, diags);
    }
    check_clock(scenario, layer, diags);
    for (text, location) in &layer.missing {
        diags.push(
            Diagnostic::of(codes::MISSING_DATA, format!("not in the source: {text}"))
                .at_location(Some(location.clone())),
        );
    }
    hexes_on_map(layer, diags);
    arrival_rounding_needed(scenario, layer, diags);
    for reinforcement in layer.reinforcements.iter().filter(|_| layer.timed) {
        if !(1..=layer.turns).contains(&reinforcement.turn) {
            diags.push(
                Diagnostic::of(
                    codes::ARRIVAL_OUTSIDE_GAME,
                    format!(
                        "reinforcements on turn {} of a {}-turn game",
                        reinforcement.turn, layer.turns
                    ),
                )
                .at_location(Some(reinforcement.location.clone())),
            );
            continue;
        }
        arrival_agreement(scenario, layer, reinforcement, diags);
    }
    demoralisation_thresholds(scenario, layer, diags);
    super::package::check_layer(project, scenario, layer, diags);
}

/// A layer without a clock is remarked on; a stated end must be where the
/// turns lead.
fn check_clock(scenario: &Scenario, layer: &Layer, diags: &mut Diagnostics) {
    if !layer.timed {
        diags.push(
            Diagnostic::of(
                codes::MISSING_DATA,
                format!(
                    "the `{}` layer has no clock: no source gives the times of the action",
                    layer.ruleset
                ),
            )
            .at_location(Some(layer.location.clone())),
        );
    }
    let last = layer.turn_start(layer.turns);
    if let Some((end, location)) = &layer.end
        && layer.timed
        && *end != last
    {
        diags.push(
            Diagnostic::of(
                codes::CLOCK,
                format!(
                    "{} turns of {} minutes from {} make the last turn start at {}, not {}",
                    layer.turns,
                    layer.turn_minutes,
                    scenario.moment(layer.start),
                    scenario.moment(last),
                    scenario.moment(*end)
                ),
            )
            .at_location(Some(location.clone()))
            .expected(scenario.moment(last))
            .found(scenario.moment(*end)),
        );
    }
}

/// Every hex the layer names lies within its map's declared extent.
fn hexes_on_map(layer: &Layer, diags: &mut Diagnostics) {
    let Some(map) = &layer.map else {
        return;
    };
    let hexes = layer
        .areas
        .iter()
        .flat_map(|(_, h)| h)
        .chain(layer.victory.iter().flat_map(|v| &v.hexes))
        .chain(layer.setup.iter().filter_map(|s| s.hex.as_ref()))
        .chain(layer.reinforcements.iter().filter_map(|r| r.entry.as_ref()))
        .chain(layer.reorganisation.iter().flat_map(|(_, h)| h))
        .chain(map.terrain.iter().flat_map(|(_, h, _)| h))
        .chain(map.elevation.iter().flat_map(|(_, h)| h))
        .chain(map.hexsides.iter().flat_map(|s| &s.between))
        .chain(map.paths.iter().flat_map(|p| &p.hexes))
        .chain(map.places.iter().map(|p| &p.hex))
        .chain(map.zones.iter().flat_map(|z| &z.hexes))
        .chain(map.objectives.iter().map(|o| &o.hex))
        .chain(map.entries.iter().map(|e| &e.hex));
    let mut reported = std::collections::HashSet::new();
    for hex in hexes {
        if map.grid.locate(hex).is_none() && reported.insert(hex.location.range.start) {
            let grid = &map.grid;
            let extent = format!(
                "{} to {}",
                grid.name(grid.columns.0, grid.rows.0),
                grid.name(grid.columns.1, grid.rows.1)
            );
            diags.push(
                Diagnostic::of(
                    codes::HEX_OFF_MAP,
                    format!("hex {} lies off the map", hex.text),
                )
                .at_location(Some(hex.location.clone()))
                .label("outside the map's declared extent")
                .expected(format!("a hex from {extent}")),
            );
        }
    }
}

/// A timed layer must say how arrivals between turn starts round when the
/// order of battle has any.
fn arrival_rounding_needed(scenario: &Scenario, layer: &Layer, diags: &mut Diagnostics) {
    if layer.arrival_rounding.is_none() && layer.timed {
        let between: Vec<&str> = scenario
            .units
            .iter()
            .filter(|u| u.arrives.as_ref().is_some_and(|(c, _)| !layer.on_turn(*c)))
            .map(|u| u.id.as_str())
            .collect();
        if let Some(first) = between.first() {
            diags.push(
                Diagnostic::of(
                    codes::ARRIVAL_ROUNDING,
                    format!(
                        "{} arrival time(s) fall between turn starts (`{first}`…) and the layer does not say how they round",
                        between.len()
                    ),
                )
                .at_location(Some(layer.location.clone()))
                .note("add `arrival_rounding = \"in-progress\"` or `\"next\"`"),
            );
        }
    }
}

/// A demoralisation threshold no formation it names could reach.
fn demoralisation_thresholds(scenario: &Scenario, layer: &Layer, diags: &mut Diagnostics) {
    for (who, threshold, location) in &layer.demoralisation {
        for formation in &who.formations {
            let Totals { men, units, .. } = sum(scenario, None, Some(formation), None);
            // Thresholds count the ruleset's points; without counter values only
            // a threshold above the formation's men (1 point per 100) can be caught.
            if units > 0 && men > 0 && u64::from(*threshold) > men / 100 + units {
                diags.push(
                    Diagnostic::of(
                        codes::THRESHOLD,
                        format!("demoralisation threshold {threshold} exceeds what `{formation}` can lose"),
                    )
                    .at_location(Some(location.clone())),
                );
            }
        }
    }
}

/// A reinforcement's turn and the neutral arrival times of what it brings.
fn arrival_agreement(
    scenario: &Scenario,
    layer: &Layer,
    reinforcement: &crate::model::scenario::Reinforcement,
    diags: &mut Diagnostics,
) {
    let named: std::collections::HashSet<&str> =
        reinforcement.who.units.iter().map(String::as_str).collect();
    let units = scenario.units.iter().filter(|u| {
        named.contains(u.id.as_str())
            || reinforcement
                .who
                .formations
                .iter()
                .any(|f| scenario.is_within(&u.parent, f))
    });
    let mut disagreeing: Vec<(String, Clock)> = Vec::new();
    for unit in units {
        if let Some((arrives, _)) = unit.arrives
            && layer.turn_of(arrives) != reinforcement.turn
        {
            disagreeing.push((unit.id.clone(), arrives));
        }
    }
    if disagreeing.is_empty() {
        return;
    }
    let turn_clock = scenario.moment(layer.turn_start(reinforcement.turn));
    let listed: Vec<String> = disagreeing
        .iter()
        .take(4)
        .map(|(id, at)| {
            let at_moment = scenario.moment(*at);
            format!("`{id}` at {at_moment} (turn {})", layer.turn_of(*at))
        })
        .collect();
    diags.push(
        Diagnostic::of(
            codes::ARRIVAL_MISMATCH,
            format!(
                "turn {} ({turn_clock}) brings units the order of battle has arriving at other times",
                reinforcement.turn
            ),
        )
        .at_location(Some(reinforcement.location.clone()))
        .note(format!(
            "{}{}",
            listed.join(", "),
            if disagreeing.len() > 4 {
                format!(" and {} more", disagreeing.len() - 4)
            } else {
                String::new()
            }
        )),
    );
}
