//! `grognard check --summary`: the numbers a designer wants to see at a glance.

use std::fmt::Write;

use grognard::model::dice::{extremes, percent};
use grognard::model::table::Base;
use grognard::model::{Project, TableKind};

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

/// Men, guns and units per side and per formation of every scenario.
pub fn scenario_totals(project: &Project) -> String {
    use grognard::model::strength::sum;
    let mut out = String::new();
    for scenario in &project.scenarios {
        let _ = writeln!(out, "{} ({}) — strengths", scenario.title, scenario.id);
        for side in &scenario.sides {
            let grognard::model::strength::Totals { men, guns, units } =
                sum(scenario, Some(&side.id), None, None);
            let _ = writeln!(
                out,
                "  {:<46} {men:>7} men {guns:>4} guns {units:>4} units",
                side.name
            );
            let tops = scenario
                .formations
                .iter()
                .filter(|f| f.parent.is_none() && f.side.as_deref() == Some(side.id.as_str()));
            let totals = grognard::model::strength::formation_totals(scenario);
            for top in tops {
                write_formation(&mut out, scenario, &totals, top, 2);
            }
        }
    }
    out
}

fn write_formation(
    out: &mut String,
    scenario: &grognard::model::scenario::Scenario,
    totals: &std::collections::HashMap<&str, grognard::model::strength::Totals>,
    formation: &grognard::model::scenario::Formation,
    depth: usize,
) {
    let grognard::model::strength::Totals { men, guns, units } = totals
        .get(formation.id.as_str())
        .copied()
        .unwrap_or_default();
    let name = format!("{}{}", "  ".repeat(depth), formation.name);
    let _ = writeln!(
        out,
        "  {name:<46} {men:>7} men {guns:>4} guns {units:>4} units"
    );
    if depth > 6 {
        return; // a cycle; the tree check reports it
    }
    for child in scenario
        .formations
        .iter()
        .filter(|f| f.parent.as_deref() == Some(formation.id.as_str()))
    {
        write_formation(out, scenario, totals, child, depth + 1);
    }
}
