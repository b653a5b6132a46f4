//! `grognard check --summary`: the numbers a designer wants to see at a glance.

use std::fmt::Write;

use grognard::model::dice::{extremes, percent};
use grognard::model::table::Base;
use grognard::model::{Project, TableKind};
use grognard::source::Sources;

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

/// Each combat results table's outcomes per column: how often each result
/// comes up on the table's dice.
pub fn crt_outcomes(project: &Project) -> String {
    use grognard::model::dice::Distribution;
    let mut out = String::new();
    for ruleset in &project.rulesets {
        for table in &ruleset.tables {
            let TableKind::Crt(crt) = &table.kind else {
                continue;
            };
            let _ = writeln!(
                out,
                "{} — {} ({}, {}), chance of each result per column",
                ruleset.name, table.id, crt.dice, crt.by
            );
            let ways = Distribution::new(crt.dice);
            let total = ways.total() as i64;
            for (i, (label, _)) in crt.columns.iter().enumerate() {
                // The rolls of each result, in the order results first appear.
                let mut results: Vec<(&str, u64)> = Vec::new();
                for row in &crt.rows {
                    let Some(result) = row.cells.get(i) else {
                        continue;
                    };
                    // Only the rolls the dice make (the lint reports the others).
                    let rolls = row.rolls.0.max(crt.dice.min())..=row.rolls.1.min(crt.dice.max());
                    let count: u64 = rolls.map(|r| ways.ways_of(r)).sum();
                    match results.iter_mut().find(|(r, _)| r == result) {
                        Some((_, n)) => *n += count,
                        None => results.push((result, count)),
                    }
                }
                let code = |id: &str| {
                    ruleset
                        .vocabulary(&crt.results)
                        .and_then(|v| v.member(id))
                        .and_then(|m| m.attribute_str("short"))
                        .unwrap_or(id)
                        .to_string()
                };
                let parts: Vec<String> = results
                    .iter()
                    .map(|(result, n)| {
                        let p = grognard::model::Ratio::new(*n as i64, total);
                        format!("{} {}", code(result), percent(p))
                    })
                    .collect();
                let _ = writeln!(out, "  {label:>6}  {}", parts.join(" · "));
            }
        }
    }
    out
}

/// Per ruleset and chapter: the numbers of the text a lint checks, of all it
/// holds; with `verbose`, where each unchecked number is, with its line.
pub fn claim_coverage(project: &Project, sources: &Sources, verbose: bool) -> String {
    let mut out = String::new();
    let percent = |verified: usize, numbers: usize| {
        if numbers == 0 {
            "—".to_string()
        } else {
            format!("{:.0} %", verified as f64 * 100.0 / numbers as f64)
        }
    };
    for ruleset in &project.rulesets {
        let _ = writeln!(
            out,
            "{} — numbers in the text checked by a lint",
            ruleset.name
        );
        let chapters = grognard::check::claim_coverage::of(ruleset);
        for c in &chapters {
            let title = format!("{} {}", c.number, c.title);
            let _ = writeln!(
                out,
                "  {title:<44} {:>4} of {:>4}  {:>5}",
                c.verified,
                c.numbers,
                percent(c.verified, c.numbers)
            );
            if verbose {
                for range in &c.unchecked {
                    let _ = writeln!(out, "    {}", unchecked_line(sources, c.file, range));
                }
            }
        }
        let verified: usize = chapters.iter().map(|c| c.verified).sum();
        let numbers: usize = chapters.iter().map(|c| c.numbers).sum();
        let _ = writeln!(
            out,
            "  {:<44} {verified:>4} of {numbers:>4}  {:>5}",
            "all",
            percent(verified, numbers)
        );
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

/// "content/ved/chapters/13-fuego.md:82: … a 5 cm, es decir …", the number
/// in the middle of its line's words.
fn unchecked_line(
    sources: &Sources,
    file: grognard::source::FileId,
    range: &std::ops::Range<usize>,
) -> String {
    let source = sources.get(file);
    let (line, _) = source.line_col(range.start);
    let text = &source.text;
    let floor = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let line_start = text[..floor(range.start)].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[range.end.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| range.end + i);
    let from = floor(range.start.saturating_sub(40).max(line_start));
    let to = floor((range.end + 40).min(line_end));
    format!(
        "{}:{line}: …{}…",
        source.path.display(),
        text[from..to].replace(['\n', '\r'], " ")
    )
}
