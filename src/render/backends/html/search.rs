//! The search index, built at compile time: every case, section, table and
//! glossary term with its words, as a script the pages load (a page opened
//! from disk may not fetch a file, but it may load a script).

use serde::Serialize;

use crate::render::backends::html::site::{
    GLOSSARY_PAGE, Site, case_texts, chapter_page, section_anchor, table_anchor, term_anchor,
};

#[derive(Serialize)]
struct Entry {
    /// What the result shows first: "13.4.2", "Tabla 13.2".
    n: String,
    /// Where it goes.
    h: String,
    /// Its words.
    t: String,
}

pub fn index_js(site: &Site) -> String {
    let entries = entries(site);
    let json = serde_json::to_string(&entries).expect("the index serializes");
    format!("window.GG_SEARCH = {json};\n")
}

fn entries(site: &Site) -> Vec<Entry> {
    let ruleset = site.ruleset;
    let mut entries = Vec::new();
    for chapter in &ruleset.chapters {
        let page = chapter_page(chapter);
        entries.push(Entry {
            n: chapter.number.to_string(),
            h: page.clone(),
            t: chapter.title.clone(),
        });
        for section in &chapter.sections {
            entries.push(Entry {
                n: section.number.clone(),
                h: format!("{page}#{}", section_anchor(&section.number)),
                t: section.title.clone(),
            });
        }
        for (number, _, text) in case_texts(chapter) {
            entries.push(Entry {
                h: format!("{page}#{number}"),
                n: number,
                t: text,
            });
        }
    }
    for (id, number) in ruleset.numbering.tables() {
        if let Some(table) = ruleset.table(id) {
            entries.push(Entry {
                n: format!("{} {number}", site.locale.table),
                h: format!("{}#{}", site.table_page(id), table_anchor(id)),
                t: table.title.clone(),
            });
        }
    }
    for (i, term) in ruleset.glossary.iter().enumerate() {
        let abbr = term.abbr.as_deref().unwrap_or_default();
        entries.push(Entry {
            n: term.term.clone(),
            h: format!("{GLOSSARY_PAGE}#{}", term_anchor(i)),
            t: format!("{abbr} {}", term.definition).trim().to_string(),
        });
    }
    entries
}
