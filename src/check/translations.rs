//! Prose a booklet prints that is not written in the booklet's language:
//! the booklet prints the text that exists with a note saying which
//! language it is in, and `check` names what would need translating.

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::Project;
use crate::model::scenario::{Layer, Prose, Scenario};

pub fn check(project: &Project, scenario: &Scenario, diags: &mut Diagnostics) {
    // Every booklet of the scenario: one per layer, one per conversion the
    // project asks for (a converted booklet carries no special rules).
    let layers = scenario
        .layers
        .iter()
        .map(|l| (l.ruleset.as_str(), Some(l), l.location.clone()));
    let conversions = project
        .conversions
        .iter()
        .filter(|job| job.scenario == scenario.id)
        .filter_map(|job| Some((job.to.as_str(), None, job.location.as_ref()?.to.clone())));
    for (ruleset, layer, location) in layers.chain(conversions) {
        booklet(project, scenario, ruleset, layer, location, diags);
    }
}

fn booklet(
    project: &Project,
    scenario: &Scenario,
    ruleset: &str,
    layer: Option<&Layer>,
    location: Location,
    diags: &mut Diagnostics,
) {
    let Some(ruleset) = project.ruleset(ruleset) else {
        return;
    };
    let language = ruleset.language.as_str();
    let lacks = |prose: &Prose| !prose.is_empty() && !prose.iter().any(|(l, _)| l == language);
    let mut untranslated: Vec<String> = Vec::new();
    if lacks(&scenario.introduction) {
        untranslated.push("the introduction".into());
    }
    if lacks(&scenario.outcome) {
        untranslated.push("the outcome".into());
    }
    if let Some(layer) = layer {
        let rules = layer
            .special_rules
            .iter()
            .filter(|(_, title, text)| lacks(title) || lacks(text))
            .count();
        if rules > 0 {
            untranslated.push(format!("{rules} special rule(s)"));
        }
        let victory = layer.victory.iter().filter(|v| lacks(&v.text)).count();
        if victory > 0 {
            untranslated.push(format!("{victory} victory condition(s)"));
        }
        let errata = layer.errata.iter().filter(|e| lacks(e)).count();
        if errata > 0 {
            untranslated.push(format!("{errata} erratum(s)"));
        }
    }
    if untranslated.is_empty() {
        return;
    }
    diags.push(
        Diagnostic::of(
            codes::MISSING_TRANSLATION,
            format!(
                "the {} booklet of `{}` is in `{language}`, but not {}: it prints the text that exists, after a note saying which language it is in",
                ruleset.name,
                scenario.id,
                untranslated.join(", "),
            ),
        )
        .at_location(Some(location))
        .note(format!(
            "give the text as `{{ {language} = \"…\", … }}` alongside the language it is written in"
        )),
    );
}
