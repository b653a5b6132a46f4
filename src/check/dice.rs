//! Dice tests: every roll under every reachable modifier combination lands in
//! exactly one result; impossible and automatic results are reported.

use std::collections::BTreeMap;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Location};
use crate::model::Ratio;
use crate::model::dice::{Distribution, passes, percent, reachable_totals};
use crate::model::limits::{self, Limits};
use crate::model::table::{DiceTest, Pass};

fn combination(witness: &[String]) -> String {
    if witness.is_empty() {
        "no modifiers".into()
    } else {
        witness.join(" + ")
    }
}

/// Uncovered or doubly covered margins reported per table; the rest are counted.
const MARGINS_REPORTED: usize = 10;

/// Coverage of the failure bands and the impossible or automatic cases.
pub fn check(
    test: &DiceTest,
    base: i64,
    table_location: &Location,
    limits: &Limits,
    found: &mut Vec<Diagnostic>,
) {
    let reach = match reachable_totals(&test.modifiers, limits.count(limits::DICE_TOTALS)) {
        Ok(reach) => reach,
        Err(_) => {
            found.push(
                Diagnostic::of(
                    codes::LIMIT,
                    "the modifiers of this dice test reach too many different totals to check",
                )
                .at_location(Some(table_location.clone()))
                .note(limits.note(limits::DICE_TOTALS)),
            );
            return;
        }
    };
    let distribution = Distribution::new(test.dice);
    if !test.failures.is_empty() {
        coverage(test, base, &reach, table_location, found);
    }
    if !test.successes.is_empty() {
        success_coverage(test, base, &reach, table_location, found);
    }
    for (total, witness) in &reach {
        let target = test.target(base, *total);
        let p = distribution.chance(test.pass, target);
        let verdict = if p == Ratio::integer(0) {
            "impossible"
        } else if p == Ratio::integer(1) {
            "automatic"
        } else {
            continue;
        };
        found.push(
            Diagnostic::of(
                codes::DICE_PROBABILITY,
                format!(
                    "success is {verdict} ({} on {}) with {} (modified base {target})",
                    percent(p),
                    test.dice,
                    combination(witness)
                ),
            )
            .at_location(Some(table_location.clone()))
            .label(format!("{verdict} success is reachable")),
        );
        break;
    }
}

/// Every margin of success a roll can reach falls in exactly one success
/// band; the first few that do not are reported, each with a roll and the
/// modifiers that reach it.
fn success_coverage(
    test: &DiceTest,
    base: i64,
    reach: &BTreeMap<i64, Vec<String>>,
    table_location: &Location,
    found: &mut Vec<Diagnostic>,
) {
    let (lowest, highest) = (test.dice.min(), test.dice.max());
    let mut seen = std::collections::BTreeSet::new();
    let mut reported = 0usize;
    for (total, witness) in reach {
        let target = test.target(base, *total);
        for roll in lowest..=highest {
            if !passes(test.pass, roll, target) {
                continue;
            }
            let margin = (target - roll).abs();
            if !seen.insert(margin) {
                continue;
            }
            let covering = test
                .successes
                .iter()
                .filter(|b| margin >= b.from && b.to.is_none_or(|to| margin <= to))
                .count();
            if covering == 1 || reported == MARGINS_REPORTED {
                continue;
            }
            reported += 1;
            let what = if covering == 0 {
                "no success band covers".to_string()
            } else {
                format!("{covering} success bands cover")
            };
            found.push(
                Diagnostic::of(
                    codes::DICE_COVERAGE,
                    format!(
                        "{what} a margin of success of {margin} (a roll of {roll} against {target}, with {})",
                        combination(witness)
                    ),
                )
                .at_location(Some(table_location.clone()))
                .expected("each margin of success, from 0, in exactly one `success` band"),
            );
        }
    }
}

/// Every margin of failure some reachable total allows must fall in exactly
/// one band. Each total allows a run of margins; the runs are swept once, so
/// each margin is looked at once however many totals reach it.
fn coverage(
    test: &DiceTest,
    base: i64,
    reach: &BTreeMap<i64, Vec<String>>,
    table_location: &Location,
    found: &mut Vec<Diagnostic>,
) {
    let (lowest, highest) = (test.dice.min(), test.dice.max());
    // (first margin, last margin, target, combination) per reachable total.
    let mut runs: Vec<(i64, i64, i64, &[String])> = reach
        .iter()
        .filter_map(|(total, witness)| {
            let target = test.target(base, *total);
            let (first, last) = match test.pass {
                Pass::AtMost => ((lowest - target).max(1), highest - target),
                Pass::AtLeast => ((target - highest).max(1), target - lowest),
            };
            (first <= last).then_some((first, last, target, witness.as_slice()))
        })
        .collect();
    runs.sort_by_key(|run| run.0);
    let mut next = i64::MIN;
    let mut reported = 0usize;
    let mut unreported = 0usize;
    for (first, last, target, witness) in runs {
        for margin in first.max(next)..=last {
            let covering = test
                .failures
                .iter()
                .filter(|b| margin >= b.from && b.to.is_none_or(|to| margin <= to))
                .count();
            if covering == 1 {
                continue;
            }
            if reported == MARGINS_REPORTED {
                unreported += 1;
                continue;
            }
            reported += 1;
            let roll = match test.pass {
                Pass::AtMost => target + margin,
                Pass::AtLeast => target - margin,
            };
            debug_assert!(!passes(test.pass, roll, target));
            found.push(margin_diagnostic(
                test,
                roll,
                target,
                margin,
                covering,
                witness,
                table_location,
            ));
        }
        next = next.max(last.saturating_add(1));
    }
    if unreported > 0 {
        found.push(
            Diagnostic::of(
                codes::DICE_COVERAGE,
                format!(
                    "{unreported} more margins of failure are covered by no band or by several"
                ),
            )
            .at_location(Some(table_location.clone()))
            .note(format!("only the first {MARGINS_REPORTED} are shown")),
        );
    }
}

fn margin_diagnostic(
    test: &DiceTest,
    roll: i64,
    target: i64,
    margin: i64,
    covering: usize,
    witness: &[String],
    table_location: &Location,
) -> Diagnostic {
    let nearest = test
        .failures
        .iter()
        .min_by_key(|b| {
            (b.from - margin)
                .abs()
                .min((b.to.unwrap_or(b.from) - margin).abs())
        })
        .map_or(table_location.clone(), |b| b.location.clone());
    let message = if covering == 0 {
        format!("a roll of {roll} against {target} fails by {margin}, which no result band covers")
    } else {
        format!(
            "a roll of {roll} against {target} fails by {margin}, which {covering} result bands cover"
        )
    };
    Diagnostic::of(codes::DICE_COVERAGE, message)
        .at_location(Some(nearest))
        .label(format!("failing by {margin} is reachable"))
        .note(format!(
            "reached with {} (modified base {target}) and a roll of {roll} on {}",
            combination(witness),
            test.dice
        ))
}
