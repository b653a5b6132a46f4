//! A spreadsheet of units (CSV or TSV, one row per unit) into the text of a
//! scenario.toml: sides and formations from each row's side and formation
//! path, every bad cell reported at its row and column, all in one run.

use std::collections::HashMap;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location, closest};
use crate::model::calendar;
use crate::model::limits::{self, MAX_GUNS, MAX_MEN, MAX_PARTS};
use crate::model::scenario::{ECHELONS, Neutral, Status};
use crate::source::FileId;

use super::book::Book;
use super::cells::{self, bracketed};
pub use super::merge::Merged;
use super::sheet::Sheet;
use super::{COLUMNS, LEVELS_FROM_BOTTOM, LIST_SEPARATOR, PATH_SEPARATOR, REQUIRED, slug};

/// What the scenario is called and when it begins: dated moments in the
/// sheet count from `date`.
pub struct Options<'a> {
    pub id: String,
    pub title: String,
    pub date: Option<time::Date>,
    pub neutral: &'a Neutral,
    /// The most rows read (the project's unit limit).
    pub max_rows: usize,
    /// The longest cell (the project's limit on one string).
    pub max_chars: usize,
}

/// The scenario.toml text of a sheet, or `None` when a cell is wrong (each
/// wrong cell is in `diags`).
pub fn scenario(
    file: FileId,
    text: &str,
    options: &Options,
    diags: &mut Diagnostics,
) -> Option<String> {
    let book = read(file, text, options, diags)?;
    Some(book.toml(options))
}

/// What a sheet does to an existing scenario.toml.
pub enum Over {
    /// Its rows merged in; everything a row cannot hold kept.
    Merged(String, Merged),
    /// The file replaced, and what that drops (what, how many).
    Replaced(String, Vec<(String, usize)>),
}

/// A sheet imported over an existing scenario's file: merged into it, or
/// (`replace`) replacing it; `None` when a cell is wrong or the file is not
/// TOML that can be edited (`diags` says which).
pub fn over(
    file: FileId,
    text: &str,
    options: &Options,
    existing: &str,
    replace: bool,
    diags: &mut Diagnostics,
) -> Option<Over> {
    let book = read(file, text, options, diags)?;
    if replace {
        let dropped = super::merge::dropped_by_replacing(existing, &book);
        return Some(Over::Replaced(book.toml(options), dropped));
    }
    match super::merge::merge(existing, &book) {
        Some((merged, report)) => Some(Over::Merged(merged, report)),
        None => {
            diags.push(
                Diagnostic::of(
                    codes::TOML_SYNTAX,
                    "the existing scenario.toml is not TOML the sheet can be merged into",
                )
                .note("fix the file (`grognard check` says where), or import with `--replace`"),
            );
            None
        }
    }
}

/// Every row of a sheet, read into a book; `None` when a cell is wrong.
fn read(file: FileId, text: &str, options: &Options, diags: &mut Diagnostics) -> Option<Book> {
    let (sheet, header, records) = Sheet::open(file, text, REQUIRED, options.max_rows, diags)?;
    let columns = sheet.columns(&header, diags)?;
    let mut book = Book {
        columns: columns.keys().copied().collect(),
        ..Book::default()
    };
    for record in &records {
        sheet.row(&columns, record, options, &mut book, diags);
    }
    if diags.has_errors() {
        return None;
    }
    Some(book)
}

/// The index of each known column.
type Columns = HashMap<&'static str, usize>;

impl Sheet<'_> {
    fn columns(&self, header: &csv::StringRecord, diags: &mut Diagnostics) -> Option<Columns> {
        let mut columns = Columns::new();
        for (i, name) in header.iter().enumerate() {
            let name = name.trim().to_lowercase();
            match COLUMNS.iter().find(|c| **c == name) {
                Some(known) if columns.contains_key(known) => diags.push(
                    Diagnostic::of(
                        codes::INVALID_FIELD,
                        format!("column `{name}` is given twice"),
                    )
                    .at_location(Some(self.at(header, i)))
                    .expected("each column once"),
                ),
                Some(known) => {
                    columns.insert(known, i);
                }
                None => {
                    let mut d = Diagnostic::of(
                        codes::INVALID_FIELD,
                        format!("`{name}` is not a column grognard reads"),
                    )
                    .at_location(Some(self.at(header, i)))
                    .expected(format!("one of {}", COLUMNS.join(", ")));
                    if let Some(near) = closest(&name, COLUMNS.iter().copied()) {
                        d = d.note(format!("did you mean `{near}`?"));
                    }
                    diags.push(d);
                }
            }
        }
        let missing: Vec<&str> = REQUIRED
            .iter()
            .filter(|c| !columns.contains_key(*c))
            .copied()
            .collect();
        if !missing.is_empty() {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("the header lacks {}", missing.join(", ")),
                )
                .at_location(Some(self.at(header, 0)))
                .expected(format!("columns {}", REQUIRED.join(", "))),
            );
        }
        (!diags.has_errors()).then_some(columns)
    }

    fn row(
        &self,
        columns: &Columns,
        record: &csv::StringRecord,
        options: &Options,
        book: &mut Book,
        diags: &mut Diagnostics,
    ) {
        let row = Row {
            sheet: self,
            columns,
            record,
            options,
        };
        let before = diags.len();
        row.lengths(diags);
        let side = row.side(book, diags);
        let parent = side.and_then(|side| row.formations(&side, book, diags));
        let unit = row.unit(book, diags);
        if let (Some(parent), Some(mut unit)) = (parent, unit)
            && diags.len() == before
        {
            let id = unit
                .get("id")
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string();
            if book.unit_ids.insert(id.clone(), book.units.len()).is_some() {
                diags.push(
                    Diagnostic::of(
                        codes::DUPLICATE_ID,
                        format!("unit id `{id}` is given twice"),
                    )
                    .at_location(Some(row.location("id").unwrap_or_else(|| {
                        row.location("unit").unwrap_or(self.at(record, 0))
                    }))),
                );
                return;
            }
            unit.insert("parent".into(), parent.into());
            book.units.push(unit);
        }
    }
}

/// One row being read.
struct Row<'a> {
    sheet: &'a Sheet<'a>,
    columns: &'a Columns,
    record: &'a csv::StringRecord,
    options: &'a Options<'a>,
}

impl Row<'_> {
    /// A cell's text, without the `'` export wrote before a formula.
    fn cell(&self, column: &str) -> &str {
        self.columns
            .get(column)
            .and_then(|i| self.record.get(*i))
            .map_or("", |c| cells::restored(c.trim()))
    }

    fn location(&self, column: &str) -> Option<Location> {
        self.columns
            .get(column)
            .map(|i| self.sheet.at(self.record, *i))
    }

    fn error(
        &self,
        column: &str,
        code: codes::Code,
        message: String,
        expected: &str,
    ) -> Diagnostic {
        Diagnostic::of(code, message)
            .at_location(self.location(column))
            .expected(expected.to_string())
    }

    /// Every cell within the longest text a source may hold.
    fn lengths(&self, diags: &mut Diagnostics) {
        for (i, cell) in self.record.iter().enumerate() {
            let chars = cell.chars().count();
            if chars > self.options.max_chars {
                diags.push(
                    Diagnostic::of(
                        codes::LIMIT,
                        format!(
                            "a cell of {} characters",
                            limits::group_digits(chars as u64)
                        ),
                    )
                    .at_location(Some(self.sheet.at(self.record, i)))
                    .expected(format!(
                        "at most {} characters (the project's `[limits] string_chars`)",
                        limits::group_digits(self.options.max_chars as u64)
                    )),
                );
            }
        }
    }

    /// A required cell, or an error that says it is empty.
    fn required(&self, column: &str, what: &str, diags: &mut Diagnostics) -> Option<&str> {
        let value = self.cell(column);
        if value.is_empty() {
            diags.push(self.error(
                column,
                codes::INVALID_FIELD,
                format!("`{column}` is empty"),
                what,
            ));
            return None;
        }
        Some(value)
    }

    /// A member of a neutral vocabulary, with the closest one suggested.
    fn member(&self, column: &str, vocabulary: &str, value: &str, diags: &mut Diagnostics) -> bool {
        let Some(vocab) = self.options.neutral.vocabulary(vocabulary) else {
            return true;
        };
        if vocab.member(value).is_some() {
            return true;
        }
        let ids = vocab.members.iter().map(|m| m.id.as_str());
        let mut d = self.error(
            column,
            codes::UNKNOWN_REFERENCE,
            format!("`{value}` is no member of the neutral vocabulary `{vocabulary}`"),
            &format!(
                "one of {}",
                vocab
                    .members
                    .iter()
                    .map(|m| m.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        if let Some(near) = closest(value, ids) {
            d = d.note(format!("did you mean `{near}`?"));
        }
        diags.push(d);
        false
    }

    /// "Name" or "Name [id]".
    fn side(&self, book: &mut Book, diags: &mut Diagnostics) -> Option<String> {
        let cell = self.required(
            "side",
            "the side's name, e.g. \"Francés\" or \"Francés [french]\"",
            diags,
        )?;
        let (name, id) = bracketed(cell);
        let id = id.map_or_else(|| slug(name), str::to_string);
        if !book.sides.iter().any(|(s, _)| *s == id) {
            book.sides.push((id.clone(), name.to_string()));
        }
        Some(id)
    }

    /// The formations of the path, added to the book; the last one's id.
    fn formations(&self, side: &str, book: &mut Book, diags: &mut Diagnostics) -> Option<String> {
        let path = self.required(
            "formation",
            "the formations above the unit, e.g. \"II Corps [corps] > Heudelet [division]\"",
            diags,
        )?;
        let names: Vec<(&str, Option<&str>)> = path
            .split(PATH_SEPARATOR)
            .map(|p| bracketed(p.trim()))
            .collect();
        let ids_cell = self.cell("formation_ids");
        let given: Vec<&str> = if ids_cell.is_empty() {
            Vec::new()
        } else {
            ids_cell.split(PATH_SEPARATOR).map(str::trim).collect()
        };
        if !given.is_empty() && given.len() != names.len() {
            diags.push(self.error(
                "formation_ids",
                codes::INVALID_FIELD,
                format!(
                    "{} formation ids for {} formations",
                    given.len(),
                    names.len()
                ),
                "one id for each formation of the path, separated by \" > \"",
            ));
            return None;
        }
        if let Some(at) = self.location("formation_ids") {
            let before = diags.len();
            for id in &given {
                crate::load::check_id(id, &at, diags);
            }
            if diags.len() > before {
                return None;
            }
        }
        let mut parent: Option<String> = None;
        let mut key = side.to_string();
        for (depth, (name, level)) in names.iter().enumerate() {
            let from_bottom = names.len() - 1 - depth;
            let level =
                level.unwrap_or(LEVELS_FROM_BOTTOM[from_bottom.min(LEVELS_FROM_BOTTOM.len() - 1)]);
            if name.is_empty() || !self.member("formation", "level", level, diags) {
                if name.is_empty() {
                    diags.push(self.error(
                        "formation",
                        codes::INVALID_FIELD,
                        "a formation of the path has no name".into(),
                        "names separated by \" > \"",
                    ));
                }
                return None;
            }
            key = format!("{key}-{}", slug(name));
            let id = given
                .get(depth)
                .map_or_else(|| key.clone(), |g| g.to_string());
            if !book.formation_index.contains_key(&id) {
                book.formation_index
                    .insert(id.clone(), book.formations.len());
                book.formations.push((
                    id.clone(),
                    name.to_string(),
                    level.to_string(),
                    parent.clone(),
                    side.to_string(),
                ));
            }
            parent = Some(id);
        }
        parent
    }

    fn unit(&self, book: &mut Book, diags: &mut Diagnostics) -> Option<toml::Table> {
        let mut unit = toml::Table::new();
        let name = self.required("unit", "the unit's name", diags);
        let id = match self.cell("id") {
            "" => name.map(|n| unique(&slug(n), &book.unit_ids)),
            id => {
                // An id names files and labels: checked here, at its cell,
                // before anything is written.
                let at = self
                    .location("id")
                    .unwrap_or_else(|| self.sheet.at(self.record, 0));
                crate::load::check_id(id, &at, diags);
                Some(id.to_string())
            }
        };
        unit.insert("id".into(), id.unwrap_or_default().into());
        unit.insert("name".into(), name.unwrap_or_default().into());
        if let Some(kind) = self.required("type", "a unit type, e.g. \"line-infantry\"", diags)
            && self.member("type", "type", kind, diags)
        {
            let arm = self
                .options
                .neutral
                .vocabulary("type")
                .and_then(|v| v.member(kind))
                .and_then(|m| m.attribute_str("arm"));
            unit.insert("arm".into(), arm.unwrap_or_default().into());
            unit.insert("type".into(), kind.into());
        }
        self.nations(&mut unit, diags);
        self.organisation(&mut unit, diags);
        self.figures(&mut unit, diags);
        self.texts(&mut unit, book);
        self.lists(&mut unit, book, diags);
        Some(unit)
    }

    fn nations(&self, unit: &mut toml::Table, diags: &mut Diagnostics) {
        let Some(cell) = self.required(
            "nation",
            "a nation, e.g. \"france\" (several separated by \";\")",
            diags,
        ) else {
            return;
        };
        let nations: Vec<&str> = cell.split(LIST_SEPARATOR).map(str::trim).collect();
        let known = nations
            .iter()
            .filter(|n| self.member("nation", "nation", n, diags))
            .count();
        if known == nations.len() {
            match nations.as_slice() {
                [one] => unit.insert("nation".into(), (*one).into()),
                many => unit.insert(
                    "nations".into(),
                    many.iter()
                        .map(|n| toml::Value::from(*n))
                        .collect::<Vec<_>>()
                        .into(),
                ),
            };
        }
    }

    fn organisation(&self, unit: &mut toml::Table, diags: &mut Diagnostics) {
        let mut stated = 0;
        for column in ["battalions", "squadrons", "companies", "batteries"] {
            if let Some(n) = self.whole(column, 1, MAX_PARTS, diags) {
                stated += 1;
                if stated > 1 {
                    diags.push(self.error(
                        column,
                        codes::INVALID_FIELD,
                        "two columns say what the unit is made of".into(),
                        "one of battalions, squadrons, companies or batteries",
                    ));
                }
                unit.insert(column.into(), i64::from(n).into());
            }
        }
        let echelon = self.cell("echelon");
        if !echelon.is_empty() {
            if ECHELONS.contains(&echelon) {
                unit.insert("echelon".into(), echelon.into());
            } else {
                diags.push(self.error(
                    "echelon",
                    codes::INVALID_FIELD,
                    format!("`{echelon}` is not an echelon"),
                    &format!("one of {}", ECHELONS.join(", ")),
                ));
            }
        }
        let regiment = self.cell("regiment");
        if !regiment.is_empty() {
            unit.insert("regiment".into(), regiment.into());
        }
        let detached = self.cell("detached_from");
        if !detached.is_empty() {
            unit.insert("detached_from".into(), detached.into());
        }
    }

    /// A whole number in a cell, within bounds; `None` when empty or wrong.
    fn whole(&self, column: &str, low: u32, high: u32, diags: &mut Diagnostics) -> Option<u32> {
        let cell = self.cell(column);
        if cell.is_empty() {
            return None;
        }
        let plain: String = cell
            .chars()
            .filter(|c| !matches!(c, '.' | ',' | ' ' | '\u{a0}'))
            .collect();
        match plain.parse::<u32>() {
            Ok(n) if (low..=high).contains(&n) => Some(n),
            _ => {
                let high = limits::group_digits(u64::from(high));
                diags.push(self.error(
                    column,
                    codes::INVALID_FIELD,
                    format!("`{cell}` is not a whole number of {column}"),
                    &format!("a whole number of {column}, {low} to {high}"),
                ));
                None
            }
        }
    }

    fn figures(&self, unit: &mut toml::Table, diags: &mut Diagnostics) {
        let men = self.cell("men");
        if !men.is_empty() {
            match men.split_once(['-', '–']) {
                Some((a, b)) => match (a.trim().parse::<u32>(), b.trim().parse::<u32>()) {
                    (Ok(a), Ok(b)) if a < b && b <= MAX_MEN => {
                        unit.insert("men".into(), format!("{a}-{b}").into());
                    }
                    _ => diags.push(self.error(
                        "men",
                        codes::INVALID_FIELD,
                        format!("`{men}` is not a range of men"),
                        "a whole number of men, or a range such as \"950-1000\"",
                    )),
                },
                None => {
                    if let Some(n) = self.whole("men", 0, MAX_MEN, diags) {
                        unit.insert("men".into(), i64::from(n).into());
                    }
                }
            }
        }
        if let Some(guns) = self.whole("guns", 0, MAX_GUNS, diags) {
            unit.insert("guns".into(), i64::from(guns).into());
        }
        let quality = self.cell("quality");
        if !quality.is_empty() && self.member("quality", "quality", quality, diags) {
            unit.insert("quality".into(), quality.into());
        }
        for column in ["arrives", "departs"] {
            let cell = self.cell(column);
            if cell.is_empty() {
                continue;
            }
            match calendar::parse_moment(cell, self.options.date) {
                Ok(_) => {
                    unit.insert(column.into(), cell.into());
                }
                Err(_) => diags.push(self.error(
                    column,
                    codes::INVALID_TIME,
                    format!("`{cell}` is not a time"),
                    "\"HH:MM\" on the first day, or \"YYYY-MM-DD HH:MM\" (dates need `--date`)",
                )),
            }
        }
        let status = self.cell("status");
        if !status.is_empty() {
            if Status::NAMES.iter().any(|(_, n)| *n == status) {
                unit.insert("status".into(), status.into());
            } else {
                diags.push(self.error(
                    "status",
                    codes::INVALID_FIELD,
                    format!("`{status}` is not a status"),
                    "engaged, present or not-engaged",
                ));
            }
        }
    }

    fn texts(&self, unit: &mut toml::Table, book: &mut Book) {
        let source = self.cell("source");
        if !source.is_empty() {
            unit.insert("source".into(), book.source_id(source).into());
        }
        for column in ["short", "calibre", "commander", "estimate", "note"] {
            let cell = self.cell(column);
            if !cell.is_empty() {
                unit.insert(column.into(), cell.into());
            }
        }
    }

    /// Guns by calibre and rival figures, each a list in one cell.
    fn lists(&self, unit: &mut toml::Table, book: &mut Book, diags: &mut Diagnostics) {
        let pieces = self.cell("pieces");
        match cells::read_pieces(pieces) {
            Ok(list) if !list.is_empty() => {
                let list = list.into_iter().map(|p| {
                    let mut t = toml::Table::new();
                    t.insert("count".into(), i64::from(p.count).into());
                    if !p.calibre.is_empty() {
                        t.insert("calibre".into(), p.calibre.into());
                    }
                    t.insert("kind".into(), p.kind.into());
                    toml::Value::Table(t)
                });
                unit.insert("pieces".into(), list.collect::<Vec<_>>().into());
            }
            Ok(_) => {}
            Err(problem) => diags.push(self.error(
                "pieces",
                codes::INVALID_FIELD,
                problem,
                "pieces separated by \";\", each a count, a calibre and gun or howitzer: \"6 × 9-pounder gun; 2 × 5.5-inch howitzer\"",
            )),
        }
        match cells::read_values(self.cell("values")) {
            Ok(list) if !list.is_empty() => {
                let list = list.into_iter().map(|(men, source)| {
                    let mut t = toml::Table::new();
                    t.insert("men".into(), i64::from(men).into());
                    if let Some(source) = source {
                        t.insert("source".into(), book.source_id(&source).into());
                    }
                    toml::Value::Table(t)
                });
                unit.insert("values".into(), list.collect::<Vec<_>>().into());
            }
            Ok(_) => {}
            Err(problem) => diags.push(self.error(
                "values",
                codes::INVALID_FIELD,
                problem,
                "figures separated by \";\", each with its source's text in brackets: \"591 [Oman, app. XIII]; 580\"",
            )),
        }
    }
}

/// `id`, or `id-2`, `id-3`… when taken.
fn unique(id: &str, taken: &HashMap<String, usize>) -> String {
    if !taken.contains_key(id) {
        return id.to_string();
    }
    (2..)
        .map(|n| format!("{id}-{n}"))
        .find(|c| !taken.contains_key(c))
        .unwrap_or_default()
}
