//! A layer's values as a sheet: one row per unit of play (an aggregate of
//! the layer, a unit of the order of battle) or leader, one column per key
//! ("figures", "combat", "morale"…). Export writes every row the layer can
//! hold, with blank cells to fill in; import replaces the layer file's
//! `[values]` and keeps the rest of the file as its author wrote it.

use std::collections::{HashMap, HashSet};

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location, closest};
use crate::model::scenario::{Layer, Scenario};
use crate::source::FileId;

use super::sheet::Sheet;

/// The column of ids; `name` is written for the reader and ignored on import.
const ID: &str = "id";
const NAME: &str = "name";

/// (id, name) of each row the layer can hold, in the order of the order of
/// battle: the layer's aggregates, the units no aggregate covers, the
/// leaders, then any other id that has values.
fn rows<'a>(scenario: &'a Scenario, layer: &'a Layer) -> Vec<(&'a str, &'a str)> {
    let covered: HashSet<&str> = layer
        .aggregates
        .iter()
        .flat_map(|(_, _, units)| units.iter().map(String::as_str))
        .collect();
    let mut rows: Vec<(&str, &str)> = layer
        .aggregates
        .iter()
        .map(|(id, name, _)| (id.as_str(), name.as_str()))
        .collect();
    rows.extend(
        scenario
            .units
            .iter()
            .filter(|u| u.takes_part() && !covered.contains(u.id.as_str()))
            .map(|u| (u.id.as_str(), u.name.as_str())),
    );
    rows.extend(
        scenario
            .leaders
            .iter()
            .map(|l| (l.id.as_str(), l.name.as_str())),
    );
    let listed: HashSet<&str> = rows.iter().map(|(id, _)| *id).collect();
    rows.extend(
        layer
            .values
            .iter()
            .filter(|(id, _)| !listed.contains(id.as_str()))
            .map(|(id, _)| (id.as_str(), "")),
    );
    rows
}

/// The layer's values, one row per unit of play or leader.
pub fn export(scenario: &Scenario, layer: &Layer) -> String {
    let mut keys: Vec<&str> = Vec::new();
    for (_, values) in &layer.values {
        for (key, _) in values {
            if !keys.contains(&key.as_str()) {
                keys.push(key);
            }
        }
    }
    let own: HashMap<&str, &[(String, String)]> = layer
        .values
        .iter()
        .map(|(id, values)| (id.as_str(), values.as_slice()))
        .collect();
    let mut writer = csv::Writer::from_writer(Vec::new());
    let header = [ID, NAME].into_iter().chain(keys.iter().copied());
    // Writing to memory cannot fail.
    let _ = writer.write_record(header);
    for (id, name) in rows(scenario, layer) {
        let values = own.get(id).copied().unwrap_or_default();
        let cells = keys.iter().map(|key| {
            values
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, v)| v.as_str())
        });
        let cells = [id, name].into_iter().chain(cells);
        let _ = writer.write_record(cells.map(|c| super::cells::neutralised(c).into_owned()));
    }
    String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// Where a values sheet goes.
pub struct Target<'a> {
    pub scenario: &'a Scenario,
    pub layer: &'a Layer,
    /// The layer file's text, whose `[values]` the sheet replaces.
    pub layer_text: &'a str,
    pub max_rows: usize,
}

/// The layer file's text with the sheet's values, and how many rows gave
/// values; `None` when a cell is wrong (each is in `diags`).
pub fn import(
    file: FileId,
    text: &str,
    target: &Target,
    diags: &mut Diagnostics,
) -> Option<(String, usize)> {
    let (sheet, header, records) = Sheet::open(file, text, &[ID], target.max_rows, diags)?;
    let keys = keys(&sheet, &header, diags)?;
    let ids: Vec<&str> = rows(target.scenario, target.layer)
        .into_iter()
        .map(|(id, _)| id)
        .chain(target.scenario.units.iter().map(|u| u.id.as_str()))
        .collect();
    // A set to look rows up in (a sheet may have as many rows as the
    // scenario has units); the list, in order, for suggestions.
    let known: HashSet<&str> = ids.iter().copied().collect();
    let mut values = toml_edit::Table::new();
    let mut seen: HashMap<String, Location> = HashMap::new();
    for record in &records {
        let id = record
            .get(keys.id)
            .map_or("", |c| super::cells::restored(c.trim()));
        let at = sheet.at(record, keys.id);
        if id.is_empty() {
            diags.push(
                Diagnostic::of(codes::INVALID_FIELD, "the row has no id")
                    .at_location(Some(at))
                    .expected("the id of a unit, aggregate or leader of the scenario"),
            );
            continue;
        }
        if !known.contains(&id) {
            let mut d = Diagnostic::of(
                codes::UNKNOWN_REFERENCE,
                format!("`{id}` is no unit, aggregate or leader of this layer"),
            )
            .at_location(Some(at.clone()))
            .expected("the id of a unit, aggregate or leader of the scenario");
            if let Some(near) = closest(id, ids.iter().copied()) {
                d = d.note(format!("did you mean `{near}`?"));
            }
            diags.push(d);
            continue;
        }
        if let Some(first) = seen.insert(id.to_string(), at.clone()) {
            diags.push(
                Diagnostic::of(codes::DUPLICATE_ID, format!("`{id}` has two rows"))
                    .at_location(Some(at))
                    .related(first, "its first row"),
            );
            continue;
        }
        let mut row = toml_edit::InlineTable::new();
        for (column, key) in &keys.values {
            let cell = record
                .get(*column)
                .map_or("", |c| super::cells::restored(c.trim()));
            if !cell.is_empty() {
                row.insert(key, value(cell));
            }
        }
        if !row.is_empty() {
            values.insert(id, toml_edit::value(row));
        }
    }
    if diags.has_errors() {
        return None;
    }
    let count = values.len();
    let mut document: toml_edit::DocumentMut = target.layer_text.parse().ok()?;
    values.set_implicit(false);
    document.insert("values", toml_edit::Item::Table(values));
    Some((document.to_string(), count))
}

/// The column of ids, and (column, key) of each value.
struct Keys {
    id: usize,
    values: Vec<(usize, String)>,
}

fn keys(sheet: &Sheet, header: &csv::StringRecord, diags: &mut Diagnostics) -> Option<Keys> {
    let (mut id, mut values) = (None, Vec::new());
    let before = diags.len();
    for (i, name) in header.iter().enumerate() {
        let name = name.trim();
        match name {
            ID if id.is_some() => diags.push(
                Diagnostic::of(codes::INVALID_FIELD, "column `id` is given twice")
                    .at_location(Some(sheet.at(header, i)))
                    .expected("each column once"),
            ),
            ID => id = Some(i),
            NAME => {}
            key if is_key(key) && !values.iter().any(|(_, k)| k == key) => {
                values.push((i, key.to_string()));
            }
            key => diags.push(
                Diagnostic::of(codes::INVALID_FIELD, format!("`{key}` is not a value's key"))
                    .at_location(Some(sheet.at(header, i)))
                    .expected(
                        "a key once, in lowercase letters, digits, `-` and `_`: \"figures\", \"combat\", \"morale\"",
                    ),
            ),
        }
    }
    let Some(id) = id else {
        diags.push(
            Diagnostic::of(codes::INVALID_FIELD, "the header has no `id` column")
                .at_location(Some(sheet.at(header, 0)))
                .expected("a column `id` naming each row's unit, aggregate or leader"),
        );
        return None;
    };
    (diags.len() == before).then_some(Keys { id, values })
}

fn is_key(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_lowercase())
        && key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// A whole number stays a number ("11"), anything else is text ("B").
fn value(cell: &str) -> toml_edit::Value {
    match cell.parse::<i64>() {
        Ok(n) => n.into(),
        Err(_) => cell.into(),
    }
}
