//! Dice: how many ways each total can be rolled, each test's chance of
//! success, and the totals its modifiers can reach. Facts the checker, the
//! rulebook and the summary all read.

use std::collections::BTreeMap;

use crate::model::table::{DiceTest, Effect, Group, ModifierTable, Pass};
use crate::model::{Dice, Ratio};

/// Reachable totals of the additive modifiers, each with one combination
/// (ids) reaching it; `Err(n)` once more than `limit` distinct totals (or
/// `limit` × 100 combinations to try) arise.
///
/// The totals are built group by group, so the work grows with the number of
/// distinct totals, never with the number of subsets.
pub fn reachable_totals(
    table: &ModifierTable,
    limit: usize,
) -> Result<BTreeMap<i64, Vec<String>>, usize> {
    let budget = limit.saturating_mul(100);
    let mut reach: BTreeMap<i64, Vec<String>> = BTreeMap::from([(0, Vec::new())]);
    for group in &table.groups {
        let additive = additive(group);
        // At most one member applies in a `by`, exclusive or choice group;
        // any subset of an ordinary group.
        let options: BTreeMap<i64, Vec<String>> = if at_most_one(group) {
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
                if sums.len() > limit {
                    return Err(sums.len());
                }
            }
            sums
        };
        if reach.len().saturating_mul(options.len()) > budget {
            return Err(reach.len().saturating_mul(options.len()));
        }
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
        if combined.len() > limit {
            return Err(combined.len());
        }
        reach = combined;
    }
    Ok(reach)
}

fn additive(group: &Group) -> Vec<(i64, &str)> {
    group
        .modifiers
        .iter()
        .filter_map(|m| match m.effect {
            Effect::Add(n) => Some((n, m.id.as_str())),
            Effect::Factor(_) => None,
        })
        .collect()
}

fn at_most_one(group: &Group) -> bool {
    group.by.is_some() || group.exclusive || group.choice
}

/// The lowest and highest reachable totals, each with a combination reaching
/// it: found group by group without enumerating anything.
fn extreme_totals(table: &ModifierTable) -> ((i64, Vec<String>), (i64, Vec<String>)) {
    let (mut low, mut high) = ((0i64, Vec::new()), (0i64, Vec::new()));
    for group in &table.groups {
        let additive = additive(group);
        if at_most_one(group) {
            if let Some((value, id)) = additive.iter().min_by_key(|(v, _)| *v)
                && *value < 0
            {
                low.0 += value;
                low.1.push(id.to_string());
            }
            if let Some((value, id)) = additive.iter().max_by_key(|(v, _)| *v)
                && *value > 0
            {
                high.0 += value;
                high.1.push(id.to_string());
            }
        } else {
            for (value, id) in additive {
                if value < 0 {
                    low.0 += value;
                    low.1.push(id.to_string());
                } else if value > 0 {
                    high.0 += value;
                    high.1.push(id.to_string());
                }
            }
        }
    }
    (low, high)
}

/// How many ways each total of the dice can be rolled, and in all.
pub struct Distribution {
    lowest: i64,
    /// `at_most[i]`: ways to roll `lowest + i` or less.
    at_most: Vec<u64>,
}

impl Distribution {
    /// Dice are limited when parsed to at most 2^62 outcomes, so every
    /// count fits in 64 bits.
    pub fn new(dice: Dice) -> Self {
        let mut counts = vec![1u64];
        for _ in 0..dice.count {
            let mut next = vec![0u64; counts.len() + dice.sides as usize - 1];
            for (total, ways) in counts.iter().enumerate() {
                for face in 0..dice.sides as usize {
                    next[total + face] += ways;
                }
            }
            counts = next;
        }
        let at_most = counts
            .iter()
            .scan(0u64, |sum, ways| {
                *sum += ways;
                Some(*sum)
            })
            .collect();
        Self {
            lowest: dice.min(),
            at_most,
        }
    }

    pub fn total(&self) -> u64 {
        *self.at_most.last().expect("at least one outcome")
    }

    /// Ways to roll exactly `roll`.
    pub fn ways_of(&self, roll: i64) -> u64 {
        self.ways_at_most(roll) - self.ways_at_most(roll - 1)
    }

    /// Ways to roll `roll` or less.
    fn ways_at_most(&self, roll: i64) -> u64 {
        if roll < self.lowest {
            return 0;
        }
        let i = usize::try_from(roll - self.lowest).unwrap_or(usize::MAX);
        self.at_most.get(i).copied().unwrap_or(self.total())
    }

    /// The exact chance of passing against a modified base.
    pub fn chance(&self, pass: Pass, target: i64) -> Ratio {
        let passing = match pass {
            Pass::AtMost => self.ways_at_most(target),
            Pass::AtLeast => self.total() - self.ways_at_most(target.saturating_sub(1)),
        };
        Ratio::new(passing as i64, self.total() as i64)
    }
}

/// The exact chance of passing against a modified base.
pub fn chance(test: &DiceTest, target: i64) -> Ratio {
    Distribution::new(test.dice).chance(test.pass, target)
}

pub fn passes(pass: Pass, roll: i64, target: i64) -> bool {
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
    let distribution = Distribution::new(test.dice);
    let ((low, low_ids), (high, high_ids)) = extreme_totals(&test.modifiers);
    let at = |total: i64, ids: Vec<String>| {
        let target = test.target(base, total);
        (distribution.chance(test.pass, target), target, ids)
    };
    let (low, high) = (at(low, low_ids), at(high, high_ids));
    // Which end is worse depends on the pass rule and on what the modifiers modify.
    if low.0 <= high.0 {
        Extremes {
            worst: low,
            best: high,
        }
    } else {
        Extremes {
            worst: high,
            best: low,
        }
    }
}

/// "41,7 %"-style text for a chance, with the exact fraction.
pub fn percent(p: Ratio) -> String {
    format!("{p} = {:.1} %", p.as_f64() * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_count_every_way() {
        let two_d6 = Distribution::new("2d6".parse().unwrap());
        assert_eq!(two_d6.total(), 36);
        assert_eq!(two_d6.chance(Pass::AtMost, 7), Ratio::new(21, 36));
        assert_eq!(two_d6.chance(Pass::AtLeast, 7), Ratio::new(21, 36));
        assert_eq!(two_d6.chance(Pass::AtLeast, 13), Ratio::integer(0));
        assert_eq!(two_d6.chance(Pass::AtMost, 1), Ratio::integer(0));
        assert_eq!(two_d6.chance(Pass::AtMost, i64::MAX), Ratio::integer(1));
        assert_eq!(two_d6.chance(Pass::AtLeast, i64::MIN), Ratio::integer(1));
    }
}
