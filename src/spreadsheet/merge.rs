//! A sheet imported over an existing scenario: its rows update the units
//! they name and add the others, new sides and formations are added, and
//! everything a row cannot hold — leaders, contingents, stated totals,
//! places, prose, dates, sources, a unit's entry area or regiment — stays as
//! its author wrote it. `--replace` starts from a clean slate instead and
//! says what that drops.

use std::collections::{HashMap, HashSet};

use toml_edit::{ArrayOfTables, DocumentMut, Item, Table};

use super::book::Book;

/// What a merge did, for the author.
#[derive(Debug, Default, PartialEq)]
pub struct Merged {
    pub updated: usize,
    pub added: usize,
    pub sides_added: usize,
    pub formations_added: usize,
    /// Units of the file that no row names: kept as they are.
    pub kept: Vec<String>,
}

/// The unit fields each column of a sheet holds.
fn fields_of(column: &str) -> &'static [&'static str] {
    match column {
        "id" => &["id"],
        "unit" => &["name"],
        "type" => &["type", "arm"],
        "nation" => &["nation", "nations"],
        "formation" => &["parent"],
        "status" => &["status", "engaged"],
        "short" => &["short"],
        "battalions" => &["battalions"],
        "squadrons" => &["squadrons"],
        "companies" => &["companies"],
        "batteries" => &["batteries"],
        "echelon" => &["echelon"],
        "regiment" => &["regiment"],
        "detached_from" => &["detached_from"],
        "men" => &["men"],
        "guns" => &["guns"],
        "calibre" => &["calibre"],
        "pieces" => &["pieces"],
        "values" => &["values"],
        "quality" => &["quality"],
        "commander" => &["commander"],
        "arrives" => &["arrives"],
        "departs" => &["departs"],
        "source" => &["source"],
        "estimate" => &["estimate"],
        "note" => &["note"],
        _ => &[],
    }
}

/// The existing scenario.toml with the sheet's rows merged into it, or
/// `None` when the file is not TOML the merge can edit (the loader says why).
pub(super) fn merge(existing: &str, book: &Book) -> Option<(String, Merged)> {
    let mut doc: DocumentMut = existing.parse().ok()?;
    let mut merged = Merged::default();
    // Sources by text: the sheet's cells name the file's own sources.
    let sources = sources(&mut doc, book);
    // A sheet without ids names the file's sides and formations by name.
    let renamed = matching_ids(&doc, book);
    let id_of = |id: &str| renamed.get(id).cloned().unwrap_or_else(|| id.to_string());
    let sides = ids(&doc, "side");
    for (id, name) in &book.sides {
        if sides.contains(&id_of(id)) {
            continue;
        }
        let mut side = Table::new();
        side.insert("id", id.as_str().into());
        side.insert("name", name.as_str().into());
        tables(&mut doc, "side")?.push(side);
        merged.sides_added += 1;
    }
    let formations = ids(&doc, "formation");
    for (id, name, level, parent, side) in &book.formations {
        if formations.contains(&id_of(id)) {
            continue;
        }
        let mut formation = Table::new();
        formation.insert("id", id.as_str().into());
        formation.insert("name", name.as_str().into());
        formation.insert("level", level.as_str().into());
        match parent {
            Some(parent) => formation.insert("parent", id_of(parent).as_str().into()),
            None => formation.insert("side", id_of(side).as_str().into()),
        };
        tables(&mut doc, "formation")?.push(formation);
        merged.formations_added += 1;
    }
    let held: Vec<&str> = book
        .columns
        .iter()
        .flat_map(|c| fields_of(c))
        .copied()
        .collect();
    let units = tables(&mut doc, "unit")?;
    let at: HashMap<String, usize> = units
        .iter()
        .enumerate()
        .filter_map(|(i, t)| Some((t.get("id")?.as_str()?.to_string(), i)))
        .collect();
    let mut named = HashSet::new();
    for row in &book.units {
        let mut row = row.clone();
        if let Some(toml::Value::String(source)) = row.get("source")
            && let Some(id) = sources.get(source)
        {
            row.insert("source".into(), id.clone().into());
        }
        for value in row
            .get_mut("values")
            .and_then(|v| v.as_array_mut())
            .into_iter()
            .flatten()
        {
            if let Some(toml::Value::String(source)) = value.get("source")
                && let Some(id) = sources.get(source)
            {
                let id = id.clone();
                if let Some(table) = value.as_table_mut() {
                    table.insert("source".into(), id.into());
                }
            }
        }
        if let Some(toml::Value::String(parent)) = row.get("parent") {
            let parent = id_of(parent);
            row.insert("parent".into(), parent.into());
        }
        let id = row
            .get("id")
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string();
        named.insert(id.clone());
        let edited = edit_table(&row)?;
        match at.get(&id).and_then(|&i| units.get_mut(i)) {
            Some(unit) => {
                // The row's columns say all there is of their fields: an
                // empty cell takes the field away; the rest stays.
                for field in held.iter().filter(|f| !edited.contains_key(f)) {
                    unit.remove(field);
                }
                for (key, item) in edited.iter() {
                    unit.insert(key, item.clone());
                }
                merged.updated += 1;
            }
            None => {
                units.push(edited);
                merged.added += 1;
            }
        }
    }
    merged.kept = units
        .iter()
        .filter_map(|t| t.get("id")?.as_str())
        .filter(|id| !named.contains(*id))
        .map(String::from)
        .collect();
    Some((doc.to_string(), merged))
}

/// The ids of the file's `[[key]]` tables.
fn ids(doc: &DocumentMut, key: &str) -> HashSet<String> {
    doc.get(key)
        .and_then(Item::as_array_of_tables)
        .into_iter()
        .flatten()
        .filter_map(|t| t.get("id").and_then(Item::as_str).map(String::from))
        .collect()
}

/// A name as the file writes it: one text, or one per language.
fn names(item: Option<&Item>) -> Vec<String> {
    match item {
        Some(item) if item.is_str() => item.as_str().map(String::from).into_iter().collect(),
        Some(item) => item
            .as_table_like()
            .into_iter()
            .flat_map(|t| t.iter().filter_map(|(_, v)| v.as_str().map(String::from)))
            .collect(),
        None => Vec::new(),
    }
}

/// The sheet's side and formation ids mapped to the file's, where a sheet
/// without ids names them as the file does: a side by its name, a
/// formation by its name under the same parent.
fn matching_ids(doc: &DocumentMut, book: &Book) -> HashMap<String, String> {
    let mut map: HashMap<String, String> = HashMap::new();
    let file = |key: &str| -> Vec<(String, Vec<String>, Option<String>)> {
        doc.get(key)
            .and_then(Item::as_array_of_tables)
            .into_iter()
            .flatten()
            .filter_map(|t| {
                let id = t.get("id")?.as_str()?.to_string();
                // A top-level formation's parent is empty, or absent: its side.
                let parent = t
                    .get("parent")
                    .and_then(Item::as_str)
                    .filter(|p| !p.is_empty())
                    .or_else(|| t.get("side").and_then(Item::as_str))
                    .map(String::from);
                Some((id, names(t.get("name")), parent))
            })
            .collect()
    };
    let sides = file("side");
    for (id, name) in &book.sides {
        if sides.iter().any(|(s, _, _)| s == id) {
            continue;
        }
        if let Some((found, _, _)) = sides.iter().find(|(_, names, _)| names.contains(name)) {
            map.insert(id.clone(), found.clone());
        }
    }
    let formations = file("formation");
    for (id, name, _, parent, side) in &book.formations {
        if formations.iter().any(|(f, _, _)| f == id) {
            continue;
        }
        let above = parent.as_ref().unwrap_or(side);
        let above = map.get(above).unwrap_or(above).clone();
        let found = formations
            .iter()
            .find(|(_, names, p)| names.contains(name) && p.as_deref() == Some(above.as_str()));
        if let Some((found, _, _)) = found {
            map.insert(id.clone(), found.clone());
        }
    }
    map
}

/// The array of `[[key]]` tables, made when the file has none.
fn tables<'a>(doc: &'a mut DocumentMut, key: &str) -> Option<&'a mut ArrayOfTables> {
    if doc.get(key).is_none() {
        doc.insert(key, Item::ArrayOfTables(ArrayOfTables::new()));
    }
    doc.get_mut(key)?.as_array_of_tables_mut()
}

/// The book's source ids mapped to the file's: a source with the same text
/// keeps its id; a new one is added under an id of its own.
fn sources(doc: &mut DocumentMut, book: &Book) -> HashMap<String, String> {
    let existing: Vec<(String, String)> = doc
        .get("source")
        .and_then(Item::as_array_of_tables)
        .into_iter()
        .flatten()
        .filter_map(|t| {
            let id = t.get("id")?.as_str()?;
            let text = t.get("text")?.as_str()?;
            Some((id.to_string(), text.to_string()))
        })
        .collect();
    let taken: HashSet<&str> = existing.iter().map(|(id, _)| id.as_str()).collect();
    let mut fresh = (1..)
        .map(|n| format!("s{n}"))
        .filter(|id| !taken.contains(id.as_str()));
    let mut map = HashMap::new();
    let mut added = Vec::new();
    for (id, text) in &book.sources {
        let to = match existing.iter().find(|(_, t)| t == text) {
            Some((existing, _)) => existing.clone(),
            None => {
                let new = fresh.next().unwrap_or_else(|| id.clone());
                added.push((new.clone(), text.clone()));
                new
            }
        };
        map.insert(id.clone(), to);
    }
    if let Some(list) = tables(doc, "source") {
        for (id, text) in added {
            let mut source = Table::new();
            source.insert("id", id.as_str().into());
            source.insert("text", text.as_str().into());
            list.push(source);
        }
    }
    map
}

/// A row as a table the file can hold.
fn edit_table(row: &toml::Table) -> Option<Table> {
    let text = toml::to_string(row).ok()?;
    let doc: DocumentMut = text.parse().ok()?;
    Some(doc.as_table().clone())
}

/// What `--replace` drops from an existing scenario.toml: each kind of
/// thing no row can hold, counted.
pub fn dropped_by_replacing(existing: &str, book: &Book) -> Vec<(String, usize)> {
    let Ok(doc) = existing.parse::<DocumentMut>() else {
        return Vec::new();
    };
    let count = |key: &str| {
        doc.get(key)
            .map_or(0, |item| item.as_array_of_tables().map_or(1, |a| a.len()))
    };
    let mut dropped: Vec<(String, usize)> = [
        "leader",
        "contingent",
        "stated",
        "area",
        "objective",
        "source",
    ]
    .iter()
    .map(|key| (format!("[[{key}]]"), count(key)))
    .collect();
    for key in [
        "place",
        "start",
        "end",
        "sources",
        "notes",
        "introduction",
        "outcome",
    ] {
        dropped.push((format!("`{key}`"), count(key)));
    }
    let named: HashSet<&str> = book
        .units
        .iter()
        .filter_map(|u| u.get("id")?.as_str())
        .collect();
    let units = doc.get("unit").and_then(Item::as_array_of_tables);
    let missing = units
        .into_iter()
        .flatten()
        .filter_map(|t| t.get("id")?.as_str())
        .filter(|id| !named.contains(id))
        .count();
    dropped.push(("units no row names".into(), missing));
    dropped.retain(|(_, n)| *n > 0);
    dropped
}
