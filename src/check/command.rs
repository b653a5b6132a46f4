//! Command and participation: contingents belong to their formations' side,
//! attachments point at other formations within the action, and a unit
//! leaves after it arrives.

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::Project;
use crate::model::scenario::{Layer, Scenario};

pub fn check(scenario: &Scenario, diags: &mut Diagnostics) {
    contingents(scenario, diags);
    attachments(scenario, diags);
    departures(scenario, diags);
}

/// A formation's contingent belongs to the formation's side.
fn contingents(scenario: &Scenario, diags: &mut Diagnostics) {
    for formation in &scenario.formations {
        let Some(contingent) = formation
            .contingent
            .as_deref()
            .and_then(|c| scenario.contingent(c))
        else {
            continue;
        };
        let side = scenario.formation_side(&formation.id);
        if side.is_some_and(|s| s != contingent.side) {
            diags.push(
                Diagnostic::of(
                    codes::FORMATION_TREE,
                    format!(
                        "formation `{}` is on side `{}` but its contingent `{}` is on `{}`",
                        formation.id,
                        side.unwrap_or_default(),
                        contingent.id,
                        contingent.side
                    ),
                )
                .at_location(Some(formation.location.clone())),
            );
        }
    }
}

/// An attachment names another formation of the same side, and its times run forward.
fn attachments(scenario: &Scenario, diags: &mut Diagnostics) {
    for formation in &scenario.formations {
        for attachment in &formation.attachments {
            let problem = if attachment.to == formation.id {
                Some(format!(
                    "formation `{}` is attached to itself",
                    formation.id
                ))
            } else if scenario.formation(&attachment.to).is_some()
                && scenario.formation_side(&attachment.to) != scenario.formation_side(&formation.id)
            {
                Some(format!(
                    "formation `{}` is attached to `{}` of the other side",
                    formation.id, attachment.to
                ))
            } else {
                match (attachment.from, attachment.until) {
                    (Some(from), Some(until)) if until <= from => Some(format!(
                        "the attachment of `{}` ends ({}) before it begins ({})",
                        formation.id,
                        scenario.moment(until),
                        scenario.moment(from)
                    )),
                    _ => None,
                }
            };
            if let Some(message) = problem {
                diags.push(
                    Diagnostic::of(codes::FORMATION_TREE, message)
                        .at_location(Some(attachment.location.clone())),
                );
            }
        }
    }
}

/// A unit departs after it arrives and before the action ends.
fn departures(scenario: &Scenario, diags: &mut Diagnostics) {
    for unit in &scenario.units {
        let Some((departs, location)) = &unit.departs else {
            continue;
        };
        let arrives = unit.arrives.as_ref().map(|(c, _)| *c).or(scenario.start);
        let problem = match (arrives, scenario.end) {
            (Some(arrives), _) if *departs <= arrives => Some(format!(
                "`{}` departs at {}, before it is on the field ({})",
                unit.id,
                scenario.moment(*departs),
                scenario.moment(arrives)
            )),
            (_, Some(end)) if *departs >= end => Some(format!(
                "`{}` departs at {}, when the action is over ({}): leave `departs` out",
                unit.id,
                scenario.moment(*departs),
                scenario.moment(end)
            )),
            _ => None,
        };
        if let Some(message) = problem {
            diags.push(Diagnostic::of(codes::CLOCK, message).at_location(Some(location.clone())));
        }
    }
}

/// A value the ruleset's counters print that the layer gives no unit or
/// leader: every counter would print "–" in its place.
pub fn counter_values(
    project: &Project,
    scenario: &Scenario,
    layer: &Layer,
    diags: &mut Diagnostics,
) {
    let Some(ruleset) = project.ruleset(&layer.ruleset) else {
        return;
    };
    let spec = &ruleset.counters;
    let units: Vec<&str> = scenario
        .units
        .iter()
        .filter(|u| u.takes_part())
        .flat_map(|u| {
            let parts = layer.parts_of(&u.id);
            if parts.is_empty() {
                vec![u.id.as_str()]
            } else {
                parts.into_iter().map(|(id, _)| id).collect()
            }
        })
        .collect();
    let leaders: Vec<&str> = scenario.leaders.iter().map(|l| l.id.as_str()).collect();
    for (keys, ids, whose) in [
        (&spec.unit, &units, "unit"),
        (&spec.leader, &leaders, "leader"),
    ] {
        if ids.is_empty() {
            continue;
        }
        for key in keys.iter() {
            let given = ids
                .iter()
                .filter(|id| layer.value(id, key).is_some())
                .count();
            if given == 0 {
                diags.push(
                    Diagnostic::of(
                        codes::COUNTER_VALUES,
                        format!(
                            "the `{}` counters print `{key}`, which this layer gives no {whose}: each of the {} {whose} counters shows \"–\"",
                            layer.ruleset,
                            ids.len()
                        ),
                    )
                    .at_location(Some(layer.location.clone()))
                    .note(format!(
                        "give it in [values] (\"<id>\" = {{ {key} = … }}), or allow the lint with the reason the source lacks it"
                    )),
                );
            }
        }
    }
}
