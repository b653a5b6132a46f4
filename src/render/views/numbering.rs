//! What a cross-reference prints: "13", "13.4" or "tabla 13.2".

use crate::model::Ruleset;
use crate::model::numbering::Target;

pub struct Numbers<'a> {
    ruleset: &'a Ruleset,
    table: &'a str,
}

impl<'a> Numbers<'a> {
    pub fn new(ruleset: &'a Ruleset) -> Self {
        let table = ruleset.locale().table_lower.as_str();
        Self { ruleset, table }
    }

    pub fn resolve(&self, id: &str) -> Option<String> {
        Some(match self.ruleset.numbering.resolve(id)? {
            Target::Chapter(n) => n.to_string(),
            Target::Section(number) | Target::Case(number) => number.clone(),
            Target::Table(number) => format!("{} {number}", self.table),
        })
    }
}
