//! Dice tests: every roll under every reachable modifier combination lands in
//! exactly one result, and each test's chance of success at its extremes.

use std::collections::BTreeMap;

use crate::diagnostic::{Diagnostic, Location};
use crate::model::table::{DiceTest, Effect, ModifierTable, Pass};
use crate::model::{Dice, Ratio};

/// Reachable totals of the additive modifiers, each with one combination (ids) reaching it.
pub fn reachable_totals(table: &ModifierTable) -> BTreeMap<i64, Vec<String>> {
    let mut reach: BTreeMap<i64, Vec<String>> = BTreeMap::from([(0, Vec::new())]);
    for group in &table.groups {
        let additive: Vec<(i64, &str)> = group
            .modifiers
            .iter()
            .filter_map(|m| match m.effect {
                Effect::Add(n) => Some((n, m.id.as_str())),
                Effect::Factor(_) => None,
            })
            .collect();
        // At most one member applies in a `by`, exclusive or choice group;
        // any subset of an ordinary group.
        let options: BTreeMap<i64, Vec<String>> =
            if group.by.is_some() || group.exclusive || group.choice {
                let mut options = BTreeMap::from([(0, Vec::new())]);
                for (value, id) in &additive {
                    options
                        .entry(*value)
                        .or_insert_with(|| vec![id.to_string()]);
                }
                options
            } else {
                let mut sums = BTreeMap::from([(0, Vec::new())]);
                for (value, id) in &additive {
                    let mut next = sums.clone();
                    for (total, witness) in &sums {
                        next.entry(total + value).or_insert_with(|| {
                            let mut w = witness.clone();
                            w.push(id.to_string());
                            w
                        });
                    }
                    sums = next;
                }
                sums
            };
        let mut combined = BTreeMap::new();
        for (total, witness) in &reach {
            for (value, ids) in &options {
                combined.entry(total + value).or_insert_with(|| {
                    let mut w = witness.clone();
                    w.extend(ids.iter().cloned());
                    w
                });
            }
        }
        reach = combined;
    }
    reach
}

/// How many ways each total of the dice can be rolled.
pub fn roll_counts(dice: Dice) -> BTreeMap<i64, u64> {
    let mut counts = BTreeMap::from([(0i64, 1u64)]);
    for _ in 0..dice.count {
        let mut next = BTreeMap::new();
        for (total, ways) in &counts {
            for face in 1..=dice.sides as i64 {
                *next.entry(total + face).or_insert(0) += ways;
            }
        }
        counts = next;
    }
    counts
}

/// The exact chance of passing against a modified base.
pub fn chance(test: &DiceTest, target: i64) -> Ratio {
    let counts = roll_counts(test.dice);
    let total: u64 = counts.values().sum();
    let passing: u64 = counts
        .iter()
        .filter(|(roll, _)| passes(test.pass, **roll, target))
        .map(|(_, ways)| ways)
        .sum();
    Ratio::new(passing as i64, total as i64)
}

fn passes(pass: Pass, roll: i64, target: i64) -> bool {
    match pass {
        Pass::AtMost => roll <= target,
        Pass::AtLeast => roll >= target,
    }
}

/// Chance of success for the worst and the best reachable modifiers.
pub struct Extremes {
    pub worst: (Ratio, i64, Vec<String>),
    pub best: (Ratio, i64, Vec<String>),
}

pub fn extremes(test: &DiceTest, base: i64) -> Extremes {
    let reach = reachable_totals(&test.modifiers);
    let at = |(total, witness): (&i64, &Vec<String>)| {
        (chance(test, base + total), base + total, witness.clone())
    };
    let low = reach.iter().next().map(at).expect("0 is always reachable");
    let high = reach
        .iter()
        .next_back()
        .map(at)
        .expect("0 is always reachable");
    match test.pass {
        Pass::AtMost => Extremes {
            worst: low,
            best: high,
        },
        Pass::AtLeast => Extremes {
            worst: high,
            best: low,
        },
    }
}

fn combination(witness: &[String]) -> String {
    if witness.is_empty() {
        "no modifiers".into()
    } else {
        witness.join(" + ")
    }
}

/// Coverage of the failure bands and the impossible or automatic cases.
pub fn check(test: &DiceTest, base: i64, table_location: &Location, found: &mut Vec<Diagnostic>) {
    let reach = reachable_totals(&test.modifiers);
    let (lowest, highest) = (test.dice.min(), test.dice.max());
    if !test.failures.is_empty() {
        let mut reported = Vec::new();
        for (total, witness) in &reach {
            let target = base + total;
            for roll in lowest..=highest {
                if passes(test.pass, roll, target) {
                    continue;
                }
                let margin = match test.pass {
                    Pass::AtMost => roll - target,
                    Pass::AtLeast => target - roll,
                };
                if reported.contains(&margin) {
                    continue;
                }
                let covering: Vec<_> = test
                    .failures
                    .iter()
                    .filter(|b| margin >= b.from && b.to.is_none_or(|to| margin <= to))
                    .collect();
                if covering.len() == 1 {
                    continue;
                }
                reported.push(margin);
                let nearest = test
                    .failures
                    .iter()
                    .min_by_key(|b| {
                        (b.from - margin)
                            .abs()
                            .min((b.to.unwrap_or(b.from) - margin).abs())
                    })
                    .map_or(table_location.clone(), |b| b.location.clone());
                let message = if covering.is_empty() {
                    format!(
                        "a roll of {roll} against {target} fails by {margin}, which no result band covers"
                    )
                } else {
                    format!(
                        "a roll of {roll} against {target} fails by {margin}, which {} result bands cover",
                        covering.len()
                    )
                };
                found.push(
                    Diagnostic::error("dice-coverage", message)
                        .at_location(Some(nearest))
                        .label(format!("failing by {margin} is reachable"))
                        .note(format!(
                            "reached with {} (modified base {target}) and a roll of {roll} on {}",
                            combination(witness),
                            test.dice
                        )),
                );
            }
        }
    }
    for (total, witness) in &reach {
        let target = base + total;
        let p = chance(test, target);
        let verdict = if p == Ratio::integer(0) {
            "impossible"
        } else if p == Ratio::integer(1) {
            "automatic"
        } else {
            continue;
        };
        found.push(
            Diagnostic::warning(
                "dice-probability",
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

/// "41,7 %"-style text for a chance, with the exact fraction.
pub fn percent(p: Ratio) -> String {
    format!("{p} = {:.1} %", p.as_f64() * 100.0)
}
