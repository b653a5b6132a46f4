//! Numbers of chapters, sections and tables, as cross-references print them.

use std::collections::{HashMap, HashSet};

use crate::model::Ruleset;

use super::locale::Locale;

/// The number of each table: chapter number and position among the chapter's
/// embeds ("13.2"); tables embedded nowhere go to an appendix ("A.1").
pub fn table_numbers(ruleset: &Ruleset) -> Vec<(String, String)> {
    let mut numbers: Vec<(String, String)> = Vec::new();
    let mut numbered: HashSet<&str> = HashSet::new();
    for chapter in &ruleset.chapters {
        let mut k = 0;
        for (id, _) in &chapter.embeds {
            if numbered.insert(id) {
                k += 1;
                numbers.push((id.clone(), format!("{}.{k}", chapter.number)));
            }
        }
    }
    let mut appendix = 0;
    for table in &ruleset.tables {
        if numbered.insert(&table.id) {
            appendix += 1;
            numbers.push((table.id.clone(), format!("A.{appendix}")));
        }
    }
    numbers
}

/// What a cross-reference to each id prints — "13", "13.4" or "tabla 13.2" —
/// computed once per ruleset.
pub struct Numbers {
    printed: HashMap<String, String>,
}

impl Numbers {
    pub fn new(ruleset: &Ruleset) -> Self {
        let locale = Locale::for_language(&ruleset.language);
        let mut printed = HashMap::new();
        // The first definition wins, as the reference checks read it:
        // chapters and their sections in order, then tables.
        for chapter in &ruleset.chapters {
            printed
                .entry(chapter.id.clone())
                .or_insert_with(|| chapter.number.to_string());
            for section in &chapter.sections {
                if let Some(id) = &section.id {
                    printed
                        .entry(id.clone())
                        .or_insert_with(|| section.number.clone());
                }
            }
        }
        for (table, number) in table_numbers(ruleset) {
            printed
                .entry(table)
                .or_insert_with(|| format!("{} {number}", locale.table_lower));
        }
        Self { printed }
    }

    pub fn resolve(&self, id: &str) -> Option<&str> {
        self.printed.get(id).map(String::as_str)
    }
}
