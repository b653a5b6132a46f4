//! Numbers of chapters, sections and tables, as cross-references print them.

use crate::model::Ruleset;

use super::locale::Locale;

/// The number of each table: chapter number and position among the chapter's
/// embeds ("13.2"); tables embedded nowhere go to an appendix ("A.1").
pub fn table_numbers(ruleset: &Ruleset) -> Vec<(String, String)> {
    let mut numbers: Vec<(String, String)> = Vec::new();
    for chapter in &ruleset.chapters {
        let mut k = 0;
        for (id, _) in &chapter.embeds {
            if !numbers.iter().any(|(t, _)| t == id) {
                k += 1;
                numbers.push((id.clone(), format!("{}.{k}", chapter.number)));
            }
        }
    }
    let mut appendix = 0;
    for table in &ruleset.tables {
        if !numbers.iter().any(|(t, _)| *t == table.id) {
            appendix += 1;
            numbers.push((table.id.clone(), format!("A.{appendix}")));
        }
    }
    numbers
}

/// What a cross-reference to `id` prints: "13", "13.4" or "tabla 13.2".
pub fn resolve(ruleset: &Ruleset, id: &str) -> Option<String> {
    for chapter in &ruleset.chapters {
        if chapter.id == id {
            return Some(chapter.number.to_string());
        }
        if let Some(section) = chapter
            .sections
            .iter()
            .find(|s| s.id.as_deref() == Some(id))
        {
            return Some(section.number.clone());
        }
    }
    let locale = Locale::for_language(&ruleset.language);
    table_numbers(ruleset)
        .into_iter()
        .find(|(table, _)| table == id)
        .map(|(_, number)| format!("{} {number}", locale.table_lower))
}
