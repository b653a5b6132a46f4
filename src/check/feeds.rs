//! A computed result that is looked up in another table (`feeds`) stays
//! inside what that table covers: every combination of modifiers the rules
//! allow gives a result the next table has a row for.

use std::collections::BTreeMap;

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::limits::{self, Limits};
use crate::model::table::{Base, Effect, Feeds, ModifierTable};
use crate::model::{Cell, Ratio, Ruleset, Table, TableKind};

pub fn check(
    ruleset: &Ruleset,
    table: &Table,
    modifiers: &ModifierTable,
    limits: &Limits,
    found: &mut Vec<Diagnostic>,
) {
    let Some(feeds) = &modifiers.feeds else {
        return;
    };
    let Some(fed) = ruleset.table(&feeds.table) else {
        let ids = ruleset.tables.iter().map(|t| t.id.as_str());
        let mut d = Diagnostic::of(
            codes::UNKNOWN_TABLE,
            format!("`{}` feeds no table `{}`", table.id, feeds.table),
        )
        .at_location(Some(feeds.location.clone()));
        if let Some(near) = crate::diagnostic::closest(&feeds.table, ids) {
            d = d.note(format!("did you mean `{near}`?"));
        }
        found.push(d);
        return;
    };
    let domain = match domain(feeds, fed) {
        Ok(domain) => domain,
        Err(why) => {
            found.push(
                Diagnostic::of(
                    codes::FEEDS_DOMAIN,
                    format!("`{}` feeds `{}`, {why}", table.id, fed.id),
                )
                .at_location(Some(feeds.location.clone()))
                .expected("a `column` of numbers to read it in, or the table's `domain = [lowest, highest]`"),
            );
            return;
        }
    };
    let Some((lowest, highest)) = results(modifiers, limits.count(limits::DICE_TOTALS)) else {
        found.push(
            Diagnostic::of(
                codes::LIMIT,
                format!(
                    "the modifiers of `{}` combine in too many ways to check what they feed",
                    table.id
                ),
            )
            .at_location(Some(feeds.location.clone()))
            .note(limits.note(limits::DICE_TOTALS)),
        );
        return;
    };
    let show = |v: f64| format!("{}", (v * 1000.0).round() / 1000.0);
    for ((value, witness), outside) in [
        (&lowest, (lowest.0 as f64) < domain.0),
        (&highest, (highest.0 as f64) > domain.1),
    ] {
        if outside {
            let with = if witness.is_empty() {
                "no modifiers".to_string()
            } else {
                witness.join(" + ")
            };
            found.push(
                Diagnostic::of(
                    codes::FEEDS_DOMAIN,
                    format!(
                        "`{}` gives {value} with {with}, which `{}` does not cover ({} to {})",
                        table.id,
                        fed.id,
                        show(domain.0),
                        show(domain.1)
                    ),
                )
                .at_location(Some(feeds.location.clone()))
                .expected(format!(
                    "results from {} to {}: a `minimum`, other modifiers, or more rows in `{}`",
                    show(domain.0),
                    show(domain.1),
                    fed.id
                )),
            );
        }
    }
}

/// The values the fed table covers: the author's `domain`, or the lowest
/// and highest of the column it is read in ("13+" reaching to infinity).
fn domain(feeds: &Feeds, fed: &Table) -> Result<(f64, f64), String> {
    if let Some(domain) = feeds.domain {
        return Ok(domain);
    }
    match &fed.kind {
        TableKind::Lookup(lookup) => {
            let Some(name) = &feeds.column else {
                return Err("but names no column of it to read the result in".into());
            };
            let Some(index) = lookup.columns.iter().position(|c| &c.id == name) else {
                return Err(format!("which has no column `{name}`"));
            };
            let spans: Vec<(f64, f64)> = lookup
                .rows
                .iter()
                .filter_map(|row| cell_span(row.get(index)?))
                .collect();
            let low = spans.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
            let high = spans.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
            if spans.is_empty() {
                Err(format!("whose column `{name}` holds no numbers"))
            } else {
                Ok((low, high))
            }
        }
        TableKind::Ranges(ranges) => {
            let high = ranges
                .rows
                .iter()
                .flat_map(|r| r.bounds.iter().map(|b| b.1))
                .fold(ranges.origin, f64::max);
            Ok((ranges.origin, high))
        }
        _ => Err("whose rows show no values to check against".into()),
    }
}

/// The values a cell stands for: a number, "3-5", or "13+".
fn cell_span(cell: &Cell) -> Option<(f64, f64)> {
    if let Some(n) = cell.number() {
        return Some((n, n));
    }
    let Cell::Text(text) = cell else {
        return None;
    };
    let text = text.trim().replace(['–', '—'], "-");
    if let Some(from) = text.strip_suffix('+') {
        return Some((from.trim().parse().ok()?, f64::INFINITY));
    }
    let (a, b) = text.split_once('-')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// A result and one combination of modifiers (and roll) that gives it.
type Reached = (i64, Vec<String>);

/// The lowest and highest results the modifiers can give, each with a
/// combination reaching it; `None` past `limit` combinations of sum and factor.
fn results(table: &ModifierTable, limit: usize) -> Option<(Reached, Reached)> {
    // Every reachable (sum of additions, product of factors), group by group.
    let mut states: BTreeMap<(i64, Ratio), Vec<String>> =
        BTreeMap::from([((0, Ratio::integer(1)), Vec::new())]);
    for group in &table.groups {
        let one_at_most = group.by.is_some() || group.exclusive || group.choice;
        if one_at_most {
            let mut next = states.clone();
            for ((sum, product), witness) in &states {
                for modifier in &group.modifiers {
                    let state = apply(*sum, *product, modifier.effect)?;
                    next.entry(state)
                        .or_insert_with(|| with(witness, &modifier.id));
                }
            }
            states = next;
        } else {
            for modifier in &group.modifiers {
                let mut next = states.clone();
                for ((sum, product), witness) in &states {
                    let state = apply(*sum, *product, modifier.effect)?;
                    next.entry(state)
                        .or_insert_with(|| with(witness, &modifier.id));
                }
                states = next;
                if states.len() > limit {
                    return None;
                }
            }
        }
        if states.len() > limit {
            return None;
        }
    }
    let starts: Vec<(i64, Option<i64>)> = match table.base {
        Base::Fixed(n) => vec![(n, None)],
        Base::Roll(dice) => (dice.min()..=dice.max()).map(|r| (r, Some(r))).collect(),
    };
    let mut lowest: Option<Reached> = None;
    let mut highest: Option<Reached> = None;
    for ((sum, product), witness) in &states {
        for (start, roll) in &starts {
            let exact = Ratio::integer(start.checked_add(*sum)?).checked_mul(*product)?;
            let result = table.finish(exact);
            let reached = || {
                let mut w = witness.clone();
                if let Some(roll) = roll {
                    w.insert(0, format!("a roll of {roll}"));
                }
                (result, w)
            };
            if lowest.as_ref().is_none_or(|l| result < l.0) {
                lowest = Some(reached());
            }
            if highest.as_ref().is_none_or(|h| result > h.0) {
                highest = Some(reached());
            }
        }
    }
    Some((lowest?, highest?))
}

fn apply(sum: i64, product: Ratio, effect: Effect) -> Option<(i64, Ratio)> {
    match effect {
        Effect::Add(n) => Some((sum.checked_add(n)?, product)),
        Effect::Factor(r) => Some((sum, product.checked_mul(r)?)),
    }
}

fn with(witness: &[String], id: &str) -> Vec<String> {
    let mut w = witness.to_vec();
    w.push(id.to_string());
    w
}
