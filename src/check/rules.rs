//! Declared cell rules: every cell of a column with `rule` is recomputed.

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::compute::RowScope;
use crate::model::table::LookupTable;

fn show(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

pub fn check(table: &LookupTable, found: &mut Vec<Diagnostic>) {
    for (index, column) in table.columns.iter().enumerate() {
        let Some((rule, rule_location)) = &column.rule else {
            continue;
        };
        for (row_index, row) in table.rows.iter().enumerate() {
            let location = table.cell_locations[row_index][index].clone();
            let Some(actual) = row[index].number() else {
                continue; // blank or "-": nothing to check
            };
            match rule.eval(&RowScope::new(table, row)) {
                Ok(expected) if (expected - actual).abs() < 1e-9 => {}
                Ok(expected) => found.push(
                    Diagnostic::of(
                        codes::CELL_RULE,
                        format!(
                            "`{}` is {} here, but its rule gives {}",
                            column.id,
                            show(actual),
                            show(expected)
                        ),
                    )
                    .at_location(Some(location))
                    .label(format!("the rule gives {}", show(expected)))
                    .expected(show(expected))
                    .found(show(actual))
                    .related(rule_location.clone(), "the rule"),
                ),
                Err(message) => found.push(
                    Diagnostic::of(
                        codes::CELL_RULE,
                        format!("cannot apply the rule of `{}`: {message}", column.id),
                    )
                    .at_location(Some(location))
                    .related(rule_location.clone(), "the rule"),
                ),
            }
        }
    }
}
