//! Numbers of chapters, sections and tables: computed once when a ruleset is
//! loaded, read by the reference checks, the rulebook and the QRS.

use std::collections::{HashMap, HashSet};

use crate::model::Ruleset;

/// What a cross-reference to an id points at, with its number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// "13"
    Chapter(usize),
    /// "13.4" or "13.4.1"
    Section(String),
    /// "13.2", or "A.1" for a table embedded in no chapter
    Table(String),
    /// "13.4.2": a paragraph the author gave an id
    Case(String),
}

#[derive(Debug, Clone, Default)]
pub struct Numbering {
    /// Every table with its number, in the rulebook's order.
    tables: Vec<(String, String)>,
    targets: HashMap<String, Target>,
    /// The rule a table belongs to: the section (or chapter) it is set in.
    rules: HashMap<String, String>,
}

impl Numbering {
    pub fn of(ruleset: &Ruleset) -> Self {
        let tables = table_numbers(ruleset);
        let mut targets = HashMap::new();
        // The first definition wins, as the duplicate-id check reads it:
        // chapters and their sections in order, then tables.
        for chapter in &ruleset.chapters {
            targets
                .entry(chapter.id.clone())
                .or_insert(Target::Chapter(chapter.number));
            for section in &chapter.sections {
                if let Some(id) = &section.id {
                    targets
                        .entry(id.clone())
                        .or_insert_with(|| Target::Section(section.number.clone()));
                }
            }
            for case in &chapter.cases {
                targets
                    .entry(case.id.clone())
                    .or_insert_with(|| Target::Case(case.number.clone()));
            }
        }
        for (table, number) in &tables {
            targets
                .entry(table.clone())
                .or_insert_with(|| Target::Table(number.clone()));
        }
        Self {
            tables,
            targets,
            rules: table_rules(ruleset),
        }
    }

    /// "13.1": the section whose rules a table serves, where it is embedded.
    pub fn rule_of(&self, table: &str) -> Option<&str> {
        self.rules.get(table).map(String::as_str)
    }

    /// Every table and its number, chapter tables first, then the appendix.
    pub fn tables(&self) -> &[(String, String)] {
        &self.tables
    }

    pub fn resolve(&self, id: &str) -> Option<&Target> {
        self.targets.get(id)
    }
}

/// The number of each table: chapter number and position among the chapter's
/// embeds ("13.2"); tables embedded nowhere go to an appendix ("A.1").
fn table_numbers(ruleset: &Ruleset) -> Vec<(String, String)> {
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

/// Each embedded table's section: the last heading before its embed in the
/// chapter's file, or the chapter where it comes before any section.
fn table_rules(ruleset: &Ruleset) -> HashMap<String, String> {
    let mut rules = HashMap::new();
    for chapter in &ruleset.chapters {
        for (id, at) in &chapter.embeds {
            let section = chapter
                .sections
                .iter()
                .rfind(|s| s.location.file == at.file && s.location.range.start <= at.range.start);
            let number = section.map_or_else(|| chapter.number.to_string(), |s| s.number.clone());
            rules.entry(id.clone()).or_insert(number);
        }
    }
    rules
}
