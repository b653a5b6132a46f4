//! `grognard check --summary`: the numbers a designer wants to see at a glance.

use std::fmt::Write;

use crate::check::dice::{extremes, percent};
use crate::model::table::Base;
use crate::model::{Project, TableKind};

/// Each dice test's chance of success for its worst and best reachable modifiers.
pub fn dice_chances(project: &Project) -> String {
    let mut out = String::new();
    for ruleset in &project.rulesets {
        let tests: Vec<_> = ruleset
            .tables
            .iter()
            .filter_map(|t| match &t.kind {
                TableKind::DiceTest(test) => match test.modifiers.base {
                    Base::Fixed(base) => Some((t, test, base)),
                    Base::Roll(_) => None,
                },
                _ => None,
            })
            .collect();
        if tests.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{} — dice tests, chance of success", ruleset.name);
        for (table, test, base) in tests {
            let e = extremes(test, base);
            let combination = |w: &[String]| {
                if w.is_empty() {
                    "no modifiers".to_string()
                } else {
                    w.join(" + ")
                }
            };
            let _ = writeln!(out, "  {} ({}, base {base})", table.id, test.dice);
            for (name, (chance, target, witness)) in [("worst", &e.worst), ("best", &e.best)] {
                let _ = writeln!(
                    out,
                    "    {name:<5} {:>22}  at {target:>3}  {}",
                    percent(*chance),
                    combination(witness)
                );
            }
        }
    }
    out
}
