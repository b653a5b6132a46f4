//! Evaluating a modifier table for a set of inputs: what a worked example claims.

use crate::model::table::{Base, Effect, ModifierTable, Rounding};
use crate::model::{Ratio, Ruleset};

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
}

impl Evaluation {
    /// The value of a claim by name (`sum`, `result`, `target`).
    pub fn claim(&self, name: &str) -> Option<i64> {
        match name {
            "sum" => Some(self.sum),
            "result" | "target" => Some(self.result),
            _ => None,
        }
    }
}

/// Applies `inputs` (modifier ids) to the table. Unknown ids are skipped:
/// the reference checks report them.
pub fn evaluate(
    ruleset: &Ruleset,
    table: &ModifierTable,
    inputs: &[&str],
    roll: Option<i64>,
) -> Evaluation {
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
                match modifier.effect {
                    Effect::Add(n) => sum += n,
                    Effect::Factor(r) => factor = factor * r,
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
    let exact = Ratio::integer(sum) * factor;
    let mut result = match table.rounding {
        Rounding::Up => exact.ceil(),
        Rounding::Down | Rounding::None => exact.floor(),
        Rounding::Nearest => exact.round(),
    };
    if let Some(minimum) = table.minimum {
        result = result.max(minimum);
    }
    Evaluation {
        start,
        terms,
        sum,
        factor,
        result,
        exact,
    }
}

/// Orders effects from most to least penalising: lower additions and smaller factors first.
fn penalty_key(effect: Effect) -> (i64, Ratio) {
    match effect {
        Effect::Add(n) => (n, Ratio::integer(1)),
        Effect::Factor(r) => (0, r),
    }
}
