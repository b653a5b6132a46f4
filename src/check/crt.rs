//! Combat results tables: columns in order from the attacker's worst odds to
//! his best, one row for every roll the dice can make, and shifts that stay
//! on the table or say what happens past its ends. That every cell is a code
//! of the result vocabulary is checked with every other vocabulary key.

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::table::{Crt, roll_text};

pub fn check(crt: &Crt, found: &mut Vec<Diagnostic>) {
    columns(crt, found);
    rows(crt, found);
    shifts(crt, found);
}

fn columns(crt: &Crt, found: &mut Vec<Diagnostic>) {
    let mut previous: Option<(f64, &str)> = None;
    for ((label, location), value) in crt.columns.iter().zip(crt.column_values()) {
        let Some(value) = value else {
            let expected = if crt.by == "odds" {
                "odds such as \"1-2\" or \"3-1\""
            } else {
                "a difference such as \"-2\", \"0\" or \"+3\""
            };
            found.push(
                Diagnostic::of(
                    codes::CRT_COLUMNS,
                    format!("column `{label}` cannot be read"),
                )
                .at_location(Some(location.clone()))
                .expected(expected),
            );
            continue;
        };
        if let Some((before, before_label)) = previous
            && value <= before
        {
            found.push(
                Diagnostic::of(
                    codes::CRT_COLUMNS,
                    format!("column `{label}` comes after `{before_label}`"),
                )
                .at_location(Some(location.clone()))
                .expected("columns from the attacker's worst odds to his best, each once"),
            );
        }
        previous = Some((value, label));
    }
}

/// Every roll of the dice has exactly one row, and no row a roll they cannot make.
fn rows(crt: &Crt, found: &mut Vec<Diagnostic>) {
    let (lowest, highest) = (crt.dice.min(), crt.dice.max());
    for row in &crt.rows {
        if row.rolls.0 < lowest || row.rolls.1 > highest {
            found.push(
                Diagnostic::of(
                    codes::CRT_ROWS,
                    format!("{} cannot roll {}", crt.dice, roll_text(row.rolls)),
                )
                .at_location(Some(row.location.clone()))
                .expected(format!("rolls from {lowest} to {highest}")),
            );
        }
    }
    for roll in lowest..=highest {
        let covering: Vec<_> = crt
            .rows
            .iter()
            .filter(|r| (r.rolls.0..=r.rolls.1).contains(&roll))
            .collect();
        match covering[..] {
            [] => found.push(
                Diagnostic::of(codes::CRT_ROWS, format!("no row for a roll of {roll}"))
                    .at_location(Some(crt.location.clone()))
                    .expected(format!("a row for every roll from {lowest} to {highest}")),
            ),
            [_] => {}
            [first, second, ..] => found.push(
                Diagnostic::of(codes::CRT_ROWS, format!("a roll of {roll} has two rows"))
                    .at_location(Some(second.location.clone()))
                    .related(first.location.clone(), "the first row for it")
                    .expected("each roll in one row"),
            ),
        }
    }
}

/// A shift moves at least one column and less than the table is wide, and a
/// table with shifts says what odds past its ends give.
fn shifts(crt: &Crt, found: &mut Vec<Diagnostic>) {
    let width = crt.columns.len() as i64;
    for shift in &crt.shifts {
        if shift.columns == 0 || shift.columns.abs() >= width {
            found.push(
                Diagnostic::of(
                    codes::CRT_SHIFTS,
                    format!(
                        "`{}` shifts {} columns on a table {width} columns wide",
                        shift.label, shift.columns
                    ),
                )
                .at_location(Some(shift.location.clone()))
                .expected(format!("a shift of 1 to {} columns, either way", width - 1)),
            );
        }
    }
    let right: i64 = crt.shifts.iter().map(|s| s.columns.max(0)).sum();
    let left: i64 = crt.shifts.iter().map(|s| s.columns.min(0)).sum();
    if crt.beyond.is_none() && (right > 0 || left < 0) {
        found.push(
            Diagnostic::of(
                codes::CRT_SHIFTS,
                format!(
                    "shifts can move the odds past the table's ends (from {left} to +{right} columns)"
                ),
            )
            .at_location(Some(crt.location.clone()))
            .expected(
                "`beyond = \"end-column\"`, or the results past each end: `beyond = { below = \"ae\", above = \"de\" }`",
            ),
        );
    }
}
