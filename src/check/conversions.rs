//! `[[convert]]` in grognard.toml: every conversion `build` would make names
//! a scenario, a ruleset that can be converted to, and a layer it has.

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostics, Location};
use crate::model::Project;

use super::references::unknown;

pub fn check(project: &Project, diags: &mut Diagnostics) {
    for job in &project.conversions {
        let Some(at) = &job.location else {
            continue;
        };
        let scenarios = || project.scenarios.iter().map(|s| s.id.as_str());
        let rulesets = || project.rulesets.iter().map(|r| r.id.as_str());
        let scenario = project.scenario(&job.scenario);
        if scenario.is_none() {
            diags.push(unknown(
                codes::CONVERT,
                format!("no scenario `{}` to convert", job.scenario),
                &job.scenario,
                scenarios(),
                &at.scenario,
            ));
        }
        match project.ruleset(&job.to) {
            None => diags.push(unknown(
                codes::CONVERT,
                format!("no ruleset `{}` to convert to", job.to),
                &job.to,
                rulesets(),
                &at.to,
            )),
            Some(ruleset) if ruleset.profile.is_none() => diags.push(
                crate::diagnostic::Diagnostic::of(
                    codes::CONVERT,
                    format!("ruleset `{}` cannot be converted to", job.to),
                )
                .at_location(Some(at.to.clone()))
                .note("a conversion needs the ruleset's [profile] in its ruleset.toml"),
            ),
            Some(_) => {}
        }
        if let (Some(from), Some(scenario)) = (&job.from, scenario)
            && !scenario.layers.iter().any(|l| &l.ruleset == from)
        {
            let location: &Location = at.from.as_ref().unwrap_or(&at.scenario);
            diags.push(unknown(
                codes::CONVERT,
                format!(
                    "scenario `{}` has no `{from}` layer to convert from",
                    job.scenario
                ),
                from,
                scenario.layers.iter().map(|l| l.ruleset.as_str()),
                location,
            ));
        }
    }
}
