//! What the rows of a sheet add up to — sides, formations, sources and
//! units — and the scenario.toml they make.

use std::collections::HashMap;

use super::import::Options;

/// What the rows add up to, in the order they came.
#[derive(Default)]
pub(super) struct Book {
    /// The columns the sheet has: what its rows say all there is of.
    pub(super) columns: Vec<&'static str>,
    pub(super) sides: Vec<(String, String)>,
    /// (id, name, level, parent, side) of each formation.
    pub(super) formations: Vec<(String, String, String, Option<String>, String)>,
    pub(super) formation_index: HashMap<String, usize>,
    pub(super) sources: Vec<(String, String)>,
    pub(super) units: Vec<toml::Table>,
    pub(super) unit_ids: HashMap<String, usize>,
}

impl Book {
    /// The id of the `[[source]]` with this text, added when new.
    pub(super) fn source_id(&mut self, text: &str) -> String {
        if let Some((id, _)) = self.sources.iter().find(|(_, t)| t == text) {
            return id.clone();
        }
        let id = format!("s{}", self.sources.len() + 1);
        self.sources.push((id.clone(), text.to_string()));
        id
    }

    pub(super) fn toml(&self, options: &Options) -> String {
        let mut doc = toml::Table::new();
        doc.insert("id".into(), options.id.clone().into());
        doc.insert("title".into(), options.title.clone().into());
        if let Some(date) = options.date {
            doc.insert("date".into(), date.to_string().into());
        }
        let tables = |rows: Vec<toml::Table>| {
            toml::Value::Array(rows.into_iter().map(toml::Value::Table).collect())
        };
        let sources = self
            .sources
            .iter()
            .map(|(id, text)| table(&[("id", id), ("text", text)]))
            .collect();
        doc.insert("source".into(), tables(sources));
        let sides = self
            .sides
            .iter()
            .map(|(id, name)| table(&[("id", id), ("name", name)]))
            .collect();
        doc.insert("side".into(), tables(sides));
        let formations = self
            .formations
            .iter()
            .map(|(id, name, level, parent, side)| {
                let mut t = table(&[("id", id), ("name", name), ("level", level)]);
                match parent {
                    Some(parent) => t.insert("parent".into(), parent.clone().into()),
                    None => t.insert("side".into(), side.clone().into()),
                };
                t
            })
            .collect();
        doc.insert("formation".into(), tables(formations));
        doc.insert("unit".into(), tables(self.units.clone()));
        let body = toml::to_string(&doc).unwrap_or_default();
        format!("# Imported by grognard from a spreadsheet: one [[unit]] per row.\n\n{body}")
    }
}

fn table(pairs: &[(&str, &String)]) -> toml::Table {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), toml::Value::from((*v).clone())))
        .collect()
}
