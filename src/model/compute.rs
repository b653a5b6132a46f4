//! Evaluating a modifier table for a set of inputs: what a worked example claims.

use crate::model::expr::Scope;
use crate::model::table::LookupTable;
use crate::model::table::{Base, DiceTest, Effect, ModifierTable};
use crate::model::{Cell, Ratio, Ruleset};

/// One applied term, labelled as the table labels it.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    pub label: String,
    pub effect: Effect,
    /// Named but not applied: a less penalising member of an exclusive group.
    pub ignored: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    pub start: i64,
    pub terms: Vec<Term>,
    /// Base (or roll) plus every additive term that applies.
    pub sum: i64,
    pub factor: Ratio,
    /// After factors, rounding and minimum.
    pub result: i64,
    /// The exact value before rounding.
    pub exact: Ratio,
    /// Where the modifiers go to the roll ("2d6 + modifiers ≥ 7"): their
    /// total, and the roll needed (the base less that total).
    pub to_roll: Option<(i64, i64)>,
}

impl Evaluation {
    /// The value of a claim by name (`sum`, `result`, `target`): on a test
    /// whose modifiers go to the roll, the sum is theirs and the target the
    /// roll needed.
    pub fn claim(&self, name: &str) -> Option<i64> {
        match (name, self.to_roll) {
            ("sum", Some((total, _))) => Some(total),
            ("result" | "target", Some((_, needed))) => Some(needed),
            ("sum", None) => Some(self.sum),
            ("result" | "target", None) => Some(self.result),
            _ => None,
        }
    }
}

/// Applies `inputs` to a dice test's modifiers, as its rules read them:
/// added to the base it is compared with, or (`modifies = "roll"`) to the
/// roll, which then needs the base less their total.
pub fn evaluate_test(
    ruleset: &Ruleset,
    test: &DiceTest,
    inputs: &[&str],
    roll: Option<i64>,
) -> Result<Evaluation, Overflow> {
    let mut evaluation = evaluate(ruleset, &test.modifiers, inputs, roll)?;
    if test.modifies_roll {
        let total = evaluation
            .sum
            .checked_sub(evaluation.start)
            .ok_or(Overflow)?;
        let needed = test.target(evaluation.start, total);
        evaluation.to_roll = Some((total, needed));
    }
    Ok(evaluation)
}

/// The factors of an example multiply to a fraction too fine to hold exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

/// Applies `inputs` (modifier ids) to the table. Unknown ids are skipped:
/// the reference checks report them.
pub fn evaluate(
    ruleset: &Ruleset,
    table: &ModifierTable,
    inputs: &[&str],
    roll: Option<i64>,
) -> Result<Evaluation, Overflow> {
    let start = match table.base {
        Base::Fixed(n) => n,
        Base::Roll(_) => roll.unwrap_or(0),
    };
    let mut terms = Vec::new();
    let mut sum = start;
    let mut factor = Ratio::integer(1);
    for group in &table.groups {
        let chosen: Vec<_> = group
            .modifiers
            .iter()
            .filter(|m| inputs.contains(&m.id.as_str()))
            .collect();
        // In an exclusive group only the most penalising member applies.
        let applied = if group.exclusive {
            chosen.iter().min_by_key(|m| penalty_key(m.effect)).copied()
        } else {
            None
        };
        for modifier in &chosen {
            let ignored = group.exclusive && applied.is_some_and(|a| a.id != modifier.id);
            if !ignored {
                // Table values and rolls are bounded when loaded; sums of
                // them stay far inside 64 bits.
                match modifier.effect {
                    Effect::Add(n) => sum = sum.checked_add(n).ok_or(Overflow)?,
                    Effect::Factor(r) => factor = factor.checked_mul(r).ok_or(Overflow)?,
                }
            }
            let label = match &group.by {
                Some(vocab) => {
                    let member = ruleset
                        .vocabulary(vocab)
                        .and_then(|v| v.member(&modifier.id))
                        .map_or(modifier.id.as_str(), |m| m.label.as_str());
                    format!("{}: {member}", group.title)
                }
                None => modifier.label.clone(),
            };
            terms.push(Term {
                label,
                effect: modifier.effect,
                ignored,
            });
        }
    }
    let exact = Ratio::integer(sum).checked_mul(factor).ok_or(Overflow)?;
    let result = table.finish(exact);
    Ok(Evaluation {
        start,
        terms,
        sum,
        factor,
        result,
        exact,
        to_roll: None,
    })
}

/// Orders effects from most to least penalising: lower additions and smaller factors first.
fn penalty_key(effect: Effect) -> (i64, Ratio) {
    match effect {
        Effect::Add(n) => (n, Ratio::integer(1)),
        Effect::Factor(r) => (0, r),
    }
}

/// The row a lookup example selects, and its numeric cells scaled by the example's factor.
pub struct LookupOutcome {
    pub row: usize,
    /// (column id, value × scale) for every column; `None` where the cell is no number.
    pub values: Vec<(String, Option<f64>)>,
}

/// Finds the one row whose key columns contain every selected member.
pub fn lookup_example(
    ruleset: &Ruleset,
    table: &crate::model::Table,
    example: &crate::model::Example,
) -> Result<LookupOutcome, (String, Option<crate::diagnostic::Location>)> {
    use crate::model::{Cell, TableKind};
    let TableKind::Lookup(lookup) = &table.kind else {
        return Err((format!("`{}` is not a lookup table", table.id), None));
    };
    let mut columns = Vec::new();
    for (column, key, location) in &example.select {
        let Some(index) = lookup.columns.iter().position(|c| &c.id == column) else {
            return Err((
                format!("table `{}` has no column `{column}`", table.id),
                Some(location.clone()),
            ));
        };
        if let Some(vocab) = &lookup.columns[index].vocab
            && ruleset
                .vocabulary(vocab)
                .is_some_and(|v| v.member(key).is_none())
        {
            return Err((
                format!("`{key}` is not a member of vocabulary `{vocab}`"),
                Some(location.clone()),
            ));
        }
        columns.push((index, key));
    }
    let matches: Vec<usize> = lookup
        .rows
        .iter()
        .enumerate()
        .filter(|(_, row)| {
            columns.iter().all(|(index, key)| match &row[*index] {
                Cell::Keys(keys) => keys.iter().any(|k| k == *key),
                Cell::Text(t) => t == *key,
                _ => false,
            })
        })
        .map(|(i, _)| i)
        .collect();
    let row = match matches.as_slice() {
        [one] => *one,
        [] => {
            return Err((
                format!("no row of `{}` matches the selection", table.id),
                None,
            ));
        }
        _ => {
            return Err((
                format!(
                    "{} rows of `{}` match the selection; select more columns",
                    matches.len(),
                    table.id
                ),
                None,
            ));
        }
    };
    let scale = example.scale.map_or(1.0, Ratio::as_f64);
    let values = lookup
        .columns
        .iter()
        .zip(&lookup.rows[row])
        .map(|(column, cell)| {
            // A blank cell of a column with a rule is what the rule gives.
            let number = cell.number().or_else(|| {
                column
                    .rule
                    .as_ref()
                    .and_then(|(rule, _)| rule.eval(&RowScope::new(lookup, &lookup.rows[row])).ok())
            });
            (column.id.clone(), number.map(|n| n * scale))
        })
        .collect();
    Ok(LookupOutcome { row, values })
}

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
