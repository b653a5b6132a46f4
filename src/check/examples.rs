//! Worked examples are doctests: every number an example claims is recomputed
//! from the table it names.

use crate::compute::evaluate;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::table::Effect;
use crate::model::{Ruleset, TableKind};

const CLAIMS: &[&str] = &["sum", "result", "target"];

pub fn check(ruleset: &Ruleset, diags: &mut Diagnostics) {
    for example in ruleset.chapters.iter().flat_map(|c| &c.examples) {
        let Some(table) = ruleset.table(&example.table) else {
            continue; // reported by the reference checks
        };
        let modifiers = match &table.kind {
            TableKind::Modifiers(m) => m,
            TableKind::DiceTest(t) => &t.modifiers,
            _ => continue,
        };
        let inputs: Vec<&str> = example.inputs.iter().map(|(k, _)| k.as_str()).collect();
        let evaluation = evaluate(ruleset, modifiers, &inputs, example.roll);
        for (name, claimed, location) in &example.claims {
            let Some(computed) = evaluation.claim(name) else {
                diags.push(
                    Diagnostic::error("invalid-example", format!("unknown claim `{name}`"))
                        .at_location(Some(location.clone()))
                        .expected(format!("one of {}", CLAIMS.join(", "))),
                );
                continue;
            };
            if computed != *claimed {
                let terms: Vec<String> = evaluation
                    .terms
                    .iter()
                    .filter(|t| !t.ignored)
                    .map(|t| match t.effect {
                        Effect::Add(n) => format!("{} {n:+}", t.label),
                        Effect::Factor(r) => format!("{} ×{r}", t.label),
                    })
                    .collect();
                diags.push(
                    Diagnostic::error(
                        "example-claim",
                        format!(
                            "example claims {name} = {claimed}, but table `{}` gives {computed}",
                            table.id
                        ),
                    )
                    .at_location(Some(location.clone()))
                    .label(format!("the table gives {computed}"))
                    .expected(computed.to_string())
                    .found(claimed.to_string())
                    .note(format!(
                        "from {} with: {}",
                        evaluation.start,
                        terms.join(", ")
                    )),
                );
            }
        }
    }
}
