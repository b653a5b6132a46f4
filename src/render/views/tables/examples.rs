//! Worked examples as display data: each step of an example with the row,
//! the modifiers and the roll the rules give, derived from the same tables
//! the book prints.

use super::*;
use crate::locale::Locale;
use crate::model::compute::{Evaluation, evaluate, evaluate_test, lookup_example};
use crate::model::table::{Base, DiceTest, LookupTable, ModifierTable, Pass};
use crate::model::{Example, Ruleset, Table, TableKind};
use serde::Serialize;

/// A worked example with its derivation from the table's own labels.
#[derive(Serialize)]
pub struct DisplayExample {
    pub title: String,
    pub table: String,
    pub lines: Vec<[String; 2]>,
    pub claims: Vec<[String; 2]>,
}

pub fn display_example(ruleset: &Ruleset, example: &Example, number: &str) -> DisplayExample {
    let locale = ruleset.locale();
    let title = match &example.title {
        Some(t) => format!("{} {number}. {t}", locale.example),
        None => format!("{} {number}", locale.example),
    };
    let mut display = DisplayExample {
        title,
        table: String::new(),
        lines: Vec::new(),
        claims: Vec::new(),
    };
    let Some(table) = ruleset.table(&example.table) else {
        return display;
    };
    display.table = table.title.clone();
    display.lines = match &table.kind {
        TableKind::Modifiers(m) => modifier_derivation(ruleset, locale, m, None, example),
        TableKind::DiceTest(t) => {
            modifier_derivation(ruleset, locale, &t.modifiers, Some(t), example)
        }
        TableKind::Lookup(l) => lookup_derivation(ruleset, locale, table, l, example),
        _ => Vec::new(),
    };
    // The source's own figure only where the derivation does not already
    // print it: one derivation, not every number twice.
    display.claims = example
        .claims
        .iter()
        .filter_map(|(name, value, _)| {
            let to_roll = matches!(&table.kind, TableKind::DiceTest(t) if t.modifies_roll);
            let label = match (name.as_str(), to_roll) {
                ("sum", true) => locale.message("example_to_roll", &[]),
                ("result" | "target", true) => locale.message("example_roll_needed", &[]),
                ("sum", false) => locale.sum.to_string(),
                ("result" | "target", false) => locale.result.to_string(),
                (other, _) => column_label(table, other),
            };
            let figure = locale.decimal(*value);
            // "3 o más", "+4": the roll needed with its bound, a total of
            // modifiers with its sign.
            let same = |v: &str| {
                let v = v.trim_start_matches('+').replace('−', "-");
                v == figure.replace('−', "-") || v.starts_with(&format!("{figure} "))
            };
            let derived = display.lines.iter().any(|[l, v]| *l == label && same(v));
            (!derived).then(|| [label, format!("{figure} ({})", locale.claimed)])
        })
        .collect();
    display
}

pub(super) fn column_label(table: &Table, id: &str) -> String {
    match &table.kind {
        TableKind::Lookup(l) => l
            .columns
            .iter()
            .find(|c| c.id == id)
            .map_or_else(|| id.to_string(), |c| c.label.clone()),
        _ => id.to_string(),
    }
}

pub(super) fn modifier_derivation(
    ruleset: &Ruleset,
    locale: &Locale,
    table: &ModifierTable,
    test: Option<&DiceTest>,
    example: &Example,
) -> Vec<[String; 2]> {
    let inputs: Vec<&str> = example.inputs.iter().map(|(k, _)| k.as_str()).collect();
    let evaluation = match test {
        Some(test) => evaluate_test(ruleset, test, &inputs, example.roll),
        None => evaluate(ruleset, table, &inputs, example.roll),
    };
    // An example that overflows is an error of `check`; nothing to print.
    match evaluation {
        Ok(evaluation) => derivation(locale, table, test, &evaluation),
        Err(_) => Vec::new(),
    }
}

/// The selected row's keys, then each claimed column's value, scaled.
pub(super) fn lookup_derivation(
    ruleset: &Ruleset,
    locale: &Locale,
    table: &Table,
    lookup: &LookupTable,
    example: &Example,
) -> Vec<[String; 2]> {
    let mut lines: Vec<[String; 2]> = example
        .select
        .iter()
        .map(|(column, key, _)| {
            let vocab = lookup
                .columns
                .iter()
                .find(|c| &c.id == column)
                .and_then(|c| c.vocab.clone())
                .unwrap_or_default();
            [
                column_label(table, column),
                member_label(ruleset, &vocab, key),
            ]
        })
        .collect();
    let Ok(outcome) = lookup_example(ruleset, table, example) else {
        return lines;
    };
    let scale = example.scale.unwrap_or(crate::model::Ratio::integer(1));
    for (name, _, _) in &example.claims {
        let Some((_, Some(value))) = outcome.values.iter().find(|(c, _)| c == name) else {
            continue;
        };
        if scale != crate::model::Ratio::integer(1) {
            let unscaled = value / scale.as_f64();
            lines.push([column_label(table, name), locale.decimal(unscaled)]);
            lines.push([format!("× {scale}"), locale.decimal(*value)]);
        } else {
            lines.push([column_label(table, name), locale.decimal(*value)]);
        }
    }
    lines
}

pub(super) fn derivation(
    locale: &Locale,
    table: &ModifierTable,
    test: Option<&DiceTest>,
    evaluation: &Evaluation,
) -> Vec<[String; 2]> {
    let mut lines = vec![match table.base {
        Base::Fixed(n) => [locale.base.to_string(), locale.decimal(n as f64)],
        Base::Roll(dice) => [
            format!("{} {dice}", locale.roll),
            locale.decimal(evaluation.start as f64),
        ],
    }];
    for term in &evaluation.terms {
        let value = effect(locale, term.effect);
        let value = if term.ignored {
            format!("({value})")
        } else {
            value
        };
        lines.push([term.label.clone(), value]);
    }
    // Modifiers to the roll: their total, and the roll the dice need.
    if let (Some((total, needed)), Some(test)) = (evaluation.to_roll, test) {
        let total = effect(locale, crate::model::table::Effect::Add(total));
        lines.push([locale.message("example_to_roll", &[]), total]);
        let bound = match test.pass {
            Pass::AtLeast => &locale.or_more,
            Pass::AtMost => &locale.or_less,
        };
        lines.push([
            locale.message("example_roll_needed", &[]),
            format!("{} {bound}", locale.decimal(needed as f64)),
        ]);
        return lines;
    }
    lines.push([
        locale.sum.to_string(),
        locale.decimal(evaluation.sum as f64),
    ]);
    if evaluation.factor != crate::model::Ratio::integer(1) {
        let exact = if evaluation.exact.is_integer() {
            evaluation.exact.to_string()
        } else {
            locale.decimal(evaluation.exact.as_f64())
        };
        lines.push([format!("{} × {}", evaluation.sum, evaluation.factor), exact]);
    }
    if let Some(minimum) = table.minimum
        && evaluation.result == minimum
        && evaluation.exact < crate::model::Ratio::integer(minimum)
    {
        lines.push([locale.minimum.to_string(), locale.decimal(minimum as f64)]);
    }
    lines.push([
        locale.result.to_string(),
        locale.decimal(evaluation.result as f64),
    ]);
    lines
}
