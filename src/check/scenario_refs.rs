//! Every name a scenario's files give refers to something that exists: a
//! side, leader, formation, unit, area, contingent, source or vocabulary
//! member; a wrong one is reported with the closest name.

use crate::diagnostic::Diagnostics;
use crate::diagnostic::codes;
use crate::model::Project;
use crate::model::scenario::{Ref, Scenario, Target};

use super::references::unknown;

pub fn check(project: &Project, scenario: &Scenario, refs: &[Ref], diags: &mut Diagnostics) {
    for r in refs {
        let Some((exists, what, candidates)) = lookup(project, scenario, r) else {
            continue;
        };
        if !exists {
            diags.push(unknown(
                codes::UNKNOWN_REFERENCE,
                format!("`{}` is no {what}", r.key),
                &r.key,
                candidates.into_iter(),
                &r.location,
            ));
        }
    }
}

/// Whether the name exists, what it must be (in words) and the names it
/// could have meant; `None` where another check reports the problem.
fn lookup<'a>(
    project: &'a Project,
    scenario: &'a Scenario,
    r: &Ref,
) -> Option<(bool, String, Vec<&'a str>)> {
    let found = match &r.target {
        Target::Side => (
            scenario.side(&r.key).is_some(),
            "side".into(),
            scenario.sides.iter().map(|s| s.id.as_str()).collect(),
        ),
        Target::Leader => (
            scenario.leader(&r.key).is_some(),
            "leader".into(),
            scenario.leaders.iter().map(|l| l.id.as_str()).collect(),
        ),
        Target::Formation => (
            scenario.formation(&r.key).is_some(),
            "formation".into(),
            scenario.formations.iter().map(|f| f.id.as_str()).collect(),
        ),
        Target::Unit => (
            scenario.unit(&r.key).is_some(),
            "unit".into(),
            scenario.units.iter().map(|u| u.id.as_str()).collect(),
        ),
        Target::Counter => (
            scenario.unit(&r.key).is_some() || scenario.leader(&r.key).is_some(),
            "unit or leader".into(),
            scenario
                .units
                .iter()
                .map(|u| u.id.as_str())
                .chain(scenario.leaders.iter().map(|l| l.id.as_str()))
                .collect(),
        ),
        Target::Area => (
            scenario.areas.iter().any(|a| a.id == r.key),
            "area".into(),
            scenario.areas.iter().map(|a| a.id.as_str()).collect(),
        ),
        Target::Contingent => (
            scenario.contingent(&r.key).is_some(),
            "contingent".into(),
            scenario.contingents.iter().map(|c| c.id.as_str()).collect(),
        ),
        Target::Source => (
            scenario.cited.iter().any(|c| c.id == r.key),
            "`[[source]]` of the scenario".into(),
            scenario.cited.iter().map(|c| c.id.as_str()).collect(),
        ),
        Target::Neutral(vocab) => match project.neutral.vocabulary(vocab) {
            Some(v) => (
                v.member(&r.key).is_some(),
                format!("member of the neutral vocabulary `{vocab}`"),
                v.members.iter().map(|m| m.id.as_str()).collect(),
            ),
            None => (
                false,
                format!("member of `{vocab}`: scenarios/neutral.toml declares no such vocabulary"),
                Vec::new(),
            ),
        },
        Target::Ruleset(ruleset, vocab) => {
            match project.ruleset(ruleset).and_then(|rs| rs.vocabulary(vocab)) {
                Some(v) => (
                    v.member(&r.key).is_some(),
                    format!("member of `{vocab}` in ruleset `{ruleset}`"),
                    v.members.iter().map(|m| m.id.as_str()).collect(),
                ),
                None => return None, // the layer's ruleset is reported by check_layer
            }
        }
    };
    Some(found)
}
