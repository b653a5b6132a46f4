//! Declared cell rules: every cell of a column with `rule` is recomputed.

use crate::diagnostic::Diagnostic;
use crate::expr::Scope;
use crate::model::Cell;
use crate::model::table::LookupTable;

/// A row of a lookup table as a rule sees it.
pub struct RowScope<'a> {
    table: &'a LookupTable,
    row: &'a [Cell],
}

impl<'a> RowScope<'a> {
    pub fn new(table: &'a LookupTable, row: &'a [Cell]) -> Self {
        Self { table, row }
    }
}

impl Scope for RowScope<'_> {
    fn number(&self, column: &str) -> Result<f64, String> {
        let index = self.index(column)?;
        self.row[index]
            .number()
            .ok_or_else(|| format!("column `{column}` holds no number in this row"))
    }

    fn constant(&self, name: &str, column: &str) -> Result<f64, String> {
        let index = self.index(column)?;
        let key = match &self.row[index] {
            Cell::Keys(keys) if keys.len() == 1 => keys[0].as_str(),
            Cell::Keys(_) => {
                return Err(format!(
                    "column `{column}` names several members in this row"
                ));
            }
            _ => return Err(format!("column `{column}` names no member in this row")),
        };
        let (_, entries) = self
            .table
            .constants
            .iter()
            .find(|(n, _)| n == name)
            .ok_or_else(|| format!("no constant `{name}`"))?;
        entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| *v)
            .ok_or_else(|| format!("constant `{name}` has no value for `{key}`"))
    }
}

impl RowScope<'_> {
    fn index(&self, column: &str) -> Result<usize, String> {
        self.table
            .columns
            .iter()
            .position(|c| c.id == column)
            .ok_or_else(|| format!("no column `{column}`"))
    }
}

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
            match rule.eval(&RowScope { table, row }) {
                Ok(expected) if (expected - actual).abs() < 1e-9 => {}
                Ok(expected) => found.push(
                    Diagnostic::error(
                        "cell-rule",
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
                    Diagnostic::error(
                        "cell-rule",
                        format!("cannot apply the rule of `{}`: {message}", column.id),
                    )
                    .at_location(Some(location))
                    .related(rule_location.clone(), "the rule"),
                ),
            }
        }
    }
}
