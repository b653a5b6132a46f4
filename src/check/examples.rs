//! Worked examples are doctests: every number an example claims is recomputed
//! from the table it names.

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::compute::{evaluate, evaluate_test, lookup_example};
use crate::model::table::{DiceTest, Effect, ModifierTable};
use crate::model::{Example, Ruleset, Table, TableKind};

use super::references::unknown;

const CLAIMS: &[&str] = &["sum", "result", "target"];

pub fn check(ruleset: &Ruleset, diags: &mut Diagnostics) {
    for example in ruleset.chapters.iter().flat_map(|c| &c.examples) {
        let Some(table) = ruleset.table(&example.table) else {
            continue; // reported by the reference checks
        };
        match &table.kind {
            TableKind::Modifiers(m) => modifier_example(ruleset, table, m, None, example, diags),
            TableKind::DiceTest(t) => {
                modifier_example(ruleset, table, &t.modifiers, Some(t), example, diags);
            }
            TableKind::Lookup(_) => lookup(ruleset, table, example, diags),
            other => diags.push(
                Diagnostic::of(
                    codes::INVALID_EXAMPLE,
                    format!(
                        "examples compute from modifier, dice-test and lookup tables; `{}` is a {} table",
                        table.id,
                        other.name()
                    ),
                )
                .at_location(Some(example.location.clone())),
            ),
        }
    }
}

fn modifier_example(
    ruleset: &Ruleset,
    table: &Table,
    modifiers: &ModifierTable,
    test: Option<&DiceTest>,
    example: &Example,
    diags: &mut Diagnostics,
) {
    let mut known = true;
    for (input, location) in &example.inputs {
        if modifiers.modifier(input).is_none() {
            known = false;
            let ids = modifiers
                .groups
                .iter()
                .flat_map(|g| g.modifiers.iter().map(|m| m.id.as_str()));
            diags.push(unknown(
                codes::UNKNOWN_EXAMPLE_INPUT,
                format!("`{input}` is no modifier of table `{}`", table.id),
                input,
                ids,
                location,
            ));
        }
    }
    if !known {
        return; // a claim computed without the unknown input would mislead
    }
    let inputs: Vec<&str> = example.inputs.iter().map(|(k, _)| k.as_str()).collect();
    let evaluation = match test {
        Some(test) => evaluate_test(ruleset, test, &inputs, example.roll),
        None => evaluate(ruleset, modifiers, &inputs, example.roll),
    };
    let Ok(evaluation) = evaluation else {
        diags.push(
            Diagnostic::of(
                codes::INVALID_EXAMPLE,
                "the factors of this example multiply to a fraction too fine to compute exactly",
            )
            .at_location(Some(example.location.clone()))
            .note("factors are fractions such as 1/2 or 3/2; check the inputs"),
        );
        return;
    };
    for (name, claimed, location) in &example.claims {
        let Some(computed) = evaluation.claim(name) else {
            diags.push(
                Diagnostic::of(codes::INVALID_EXAMPLE, format!("unknown claim `{name}`"))
                    .at_location(Some(location.clone()))
                    .expected(format!("one of {}", CLAIMS.join(", "))),
            );
            continue;
        };
        let terms: Vec<String> = evaluation
            .terms
            .iter()
            .filter(|t| !t.ignored)
            .map(|t| match t.effect {
                Effect::Add(n) => format!("{} {n:+}", t.label),
                Effect::Factor(r) => format!("{} ×{r}", t.label),
            })
            .collect();
        let mut how = format!("from {} with: {}", evaluation.start, terms.join(", "));
        if let Some((total, needed)) = evaluation.to_roll {
            how.push_str(&format!(
                "; the modifiers go to the roll ({total:+}), which needs {needed}"
            ));
        }
        compare(table, name, *claimed, computed as f64, location, how, diags);
    }
}

fn lookup(ruleset: &Ruleset, table: &Table, example: &Example, diags: &mut Diagnostics) {
    let outcome = match lookup_example(ruleset, table, example) {
        Ok(outcome) => outcome,
        Err((message, location)) => {
            diags.push(
                Diagnostic::of(codes::INVALID_EXAMPLE, message)
                    .at_location(Some(location.unwrap_or_else(|| example.location.clone()))),
            );
            return;
        }
    };
    for (name, claimed, location) in &example.claims {
        match outcome.values.iter().find(|(column, _)| column == name) {
            Some((_, Some(computed))) => {
                let how = format!("row {} of `{}`", outcome.row + 1, table.id);
                compare(table, name, *claimed, *computed, location, how, diags);
            }
            Some((_, None)) => diags.push(
                Diagnostic::of(
                    codes::INVALID_EXAMPLE,
                    format!("column `{name}` holds no number in that row"),
                )
                .at_location(Some(location.clone())),
            ),
            None => diags.push(
                Diagnostic::of(
                    codes::INVALID_EXAMPLE,
                    format!("table `{}` has no column `{name}`", table.id),
                )
                .at_location(Some(location.clone())),
            ),
        }
    }
}

fn compare(
    table: &Table,
    name: &str,
    claimed: f64,
    computed: f64,
    location: &Location,
    how: String,
    diags: &mut Diagnostics,
) {
    if (claimed - computed).abs() < 1e-9 {
        return;
    }
    let (claimed, computed) = (show(claimed), show(computed));
    diags.push(
        Diagnostic::of(
            codes::EXAMPLE_CLAIM,
            format!(
                "example claims {name} = {claimed}, but table `{}` gives {computed}",
                table.id
            ),
        )
        .at_location(Some(location.clone()))
        .label(format!("the table gives {computed}"))
        .expected(computed)
        .found(claimed)
        .note(how),
    );
}

fn show(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}
