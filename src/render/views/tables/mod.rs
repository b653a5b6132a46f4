//! Tables and worked examples as display data: every cell already formatted,
//! so the Typst side only lays them out. Strings reach Typst as JSON data.

mod examples;
pub use examples::{DisplayExample, display_example};

use serde::Serialize;

use crate::model::table::{
    Base, Beyond, Crt, DiceTest, Effect, LookupTable, ModifierTable, Pass, RangeTable, Rounding,
    roll_text,
};
use crate::model::{Cell, Ruleset, Table, TableKind};

use crate::locale::{Arg, Locale};

use crate::render::typeset::measure::Face;
use crate::render::views::table_layout::{Column, measure_columns, row_spans};

#[derive(Serialize)]
pub struct DisplayTable {
    pub id: String,
    pub number: String,
    pub title: String,
    pub kind: &'static str,
    pub note: Option<String>,
    pub editor_note: Option<String>,
    /// Where the source gives (or names) the table.
    pub source: Option<String>,
    pub missing: bool,
    /// Short lines shown above the rows: "Base 7", "2d6 ≤ base".
    pub header: Vec<String>,
    pub columns: Vec<String>,
    /// Each column measured, for the template to share the width among them.
    pub layout: Vec<Column>,
    /// Whether the table spans the measure; a list of modifiers is as wide
    /// as its content, so that each value sits by its label.
    pub fill: bool,
    /// Per row, the rows kept on one page from it (see `row_spans`).
    pub keep: Vec<usize>,
    pub rows: Vec<Row>,
    /// A dice test's results (label, consequence), shown below its modifiers.
    pub outcomes: Vec<[String; 2]>,
    /// Cells changed since an earlier edition, by row and column index, for
    /// the template to tint (`build --changes-since`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<[usize; 2]>,
}

impl DisplayTable {
    /// Each row's label as a reader names it — its first cell, after its
    /// group's title ("Calidad · Élite") — or `None` for a group's heading.
    pub fn row_labels(&self) -> Vec<Option<String>> {
        let mut group = String::new();
        self.rows
            .iter()
            .map(|row| match row {
                Row::Group { group: g } => {
                    group.clone_from(g);
                    None
                }
                Row::Cells { cells } => {
                    let first = cells.first().cloned().unwrap_or_default();
                    Some(if group.is_empty() {
                        first
                    } else {
                        format!("{group} · {first}")
                    })
                }
            })
            .collect()
    }

    /// Marks the cells an earlier edition differs in: (row label, column
    /// heading), a heading of "" for the whole row.
    pub fn mark_changed<'a>(&mut self, cells: impl IntoIterator<Item = (&'a str, &'a str)>) {
        let labels = self.row_labels();
        for (row, column) in cells {
            for (i, label) in labels.iter().enumerate() {
                if label.as_deref() != Some(row) {
                    continue;
                }
                let Row::Cells { cells } = &self.rows[i] else {
                    continue;
                };
                for j in 0..cells.len() {
                    if column.is_empty() || self.columns.get(j).is_some_and(|c| c == column) {
                        self.changed.push([i, j]);
                    }
                }
            }
        }
    }
}

#[derive(Serialize)]
#[serde(untagged)]
pub enum Row {
    Group { group: String },
    Cells { cells: Vec<String> },
}

/// The empty rows of a missing table's form where its rows are not known.
const BLANK_ROWS: usize = 6;

fn cells(items: impl IntoIterator<Item = String>) -> Row {
    Row::Cells {
        cells: items.into_iter().collect(),
    }
}

pub fn display_table(ruleset: &Ruleset, table: &Table, number: &str, face: Face) -> DisplayTable {
    let mut display = display_unmeasured(ruleset, table, number);
    display.layout = measure_columns(face, &display.columns, &display.rows);
    display.keep = row_spans(&display.rows);
    display
}

/// The table's printed strings without the print layout (column widths,
/// rows kept together): what a web page shows.
pub fn display_unmeasured(ruleset: &Ruleset, table: &Table, number: &str) -> DisplayTable {
    let locale = ruleset.locale();
    let mut display = DisplayTable {
        id: table.id.clone(),
        number: number.to_string(),
        title: table.title.clone(),
        kind: table.kind.name(),
        note: table.note.clone(),
        editor_note: table.editor_note.clone(),
        source: table.source.clone(),
        missing: false,
        header: Vec::new(),
        columns: Vec::new(),
        layout: Vec::new(),
        fill: true,
        keep: Vec::new(),
        rows: Vec::new(),
        outcomes: Vec::new(),
        changed: Vec::new(),
    };
    match &table.kind {
        TableKind::Modifiers(m) => modifiers(ruleset, locale, m, &mut display),
        TableKind::DiceTest(t) => dice_test(ruleset, locale, t, &mut display),
        TableKind::Ranges(r) => ranges(ruleset, locale, r, &mut display),
        TableKind::Lookup(l) => lookup(ruleset, locale, l, &mut display),
        TableKind::Crt(c) => crt(ruleset, locale, c, &mut display),
        TableKind::Sequence(sequence) => {
            display.columns = vec![String::new(), String::new()];
            for (i, step) in sequence.steps.iter().enumerate() {
                let label = sequence.label(i);
                display
                    .rows
                    .push(cells([format!("{label}."), step.text.clone()]));
                for (j, sub) in step.steps.iter().enumerate() {
                    display
                        .rows
                        .push(cells([sequence.sub_label(i, j), sub.clone()]));
                }
            }
        }
        TableKind::Missing(shape) => {
            // A blank form: the known heads, empty cells.
            display.missing = true;
            let width = shape.columns.len().max(2);
            display.columns = if shape.columns.is_empty() {
                vec![String::new(); width]
            } else {
                shape.columns.clone()
            };
            let blank = |label: &str| {
                cells(std::iter::once(label.to_string()).chain(vec![String::new(); width - 1]))
            };
            display.rows = if shape.rows.is_empty() {
                (0..BLANK_ROWS).map(|_| blank("")).collect()
            } else {
                shape.rows.iter().map(|r| blank(r)).collect()
            };
        }
    }
    each_text(&mut display, |text| resolve_references(ruleset, text));
    en_dashes(&mut display);
    display
}

/// Number ranges in every printed string take an en dash ("2–3").
/// A cross-reference in a table's text, `[](#id)`, as the rulebook numbers
/// its target: "15", "13.4" or "tabla 13.2".
fn resolve_references(ruleset: &Ruleset, text: &mut String) {
    let found = crate::model::table::references(text);
    if found.is_empty() {
        return;
    }
    let numbers = crate::render::views::numbering::Numbers::new(ruleset);
    let mut out = String::new();
    let mut rest = 0;
    for (at, id) in found {
        out.push_str(&text[rest..at]);
        // An unknown target is reported by `check`; the page shows its id's place empty.
        out.push_str(&numbers.resolve(id).unwrap_or_default());
        rest = at + id.len() + 5;
    }
    out.push_str(&text[rest..]);
    *text = out;
}

fn en_dashes(display: &mut DisplayTable) {
    each_text(display, |s| {
        if let std::borrow::Cow::Owned(fixed) = crate::render::views::typography::ranges(s) {
            *s = fixed;
        }
    });
}

/// Applies `fix` to every text of a displayed table.
fn each_text(display: &mut DisplayTable, fix: impl Fn(&mut String)) {
    for row in &mut display.rows {
        match row {
            Row::Group { group } => fix(group),
            Row::Cells { cells } => cells.iter_mut().for_each(&fix),
        }
    }
    display.header.iter_mut().for_each(&fix);
    display.outcomes.iter_mut().flatten().for_each(&fix);
    for note in [&mut display.note, &mut display.editor_note]
        .into_iter()
        .flatten()
    {
        fix(note);
    }
}

/// A message "lead: rest" where `title` already says the lead: the rest
/// alone ("Modificadores no acumulativos (se aplica el más penalizador)").
fn unsaid<'a>(title: &str, message: &'a str) -> &'a str {
    match message.split_once(':') {
        Some((lead, rest)) if title.to_lowercase().contains(&lead.trim().to_lowercase()) => {
            rest.trim()
        }
        _ => message,
    }
}

/// An outcome's text without the label printed beside it: "Éxito: la
/// orden queda activada." beside "Éxito" reads "la orden queda activada."
fn without_label(text: &str, label: &str) -> String {
    let lead = text
        .split_once(':')
        .filter(|(lead, _)| lead.trim().to_lowercase() == label.to_lowercase());
    match lead {
        Some((_, rest)) => {
            let rest = rest.trim_start();
            let mut chars = rest.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => text.to_string(),
            }
        }
        None => text.to_string(),
    }
}

fn effect(locale: &Locale, effect: Effect) -> String {
    match effect {
        Effect::Add(n) => locale.signed(n),
        Effect::Factor(r) => format!("×{r}"),
    }
}

/// A combat results table: the roll down the side, the odds across, each
/// cell its result's code; under it the codes' meanings, the shifts and what
/// odds past the table give.
fn crt(ruleset: &Ruleset, locale: &Locale, crt: &Crt, display: &mut DisplayTable) {
    let code = |id: &str| {
        ruleset
            .vocabulary(&crt.results)
            .and_then(|v| v.member(id))
            .map_or_else(
                || id.to_string(),
                |m| m.attribute_str("short").unwrap_or(&m.label).to_string(),
            )
    };
    let by = if crt.by == "odds" {
        &locale.crt_odds
    } else {
        &locale.crt_differential
    };
    display.header = vec![format!("{} · {by}", crt.dice)];
    display.columns = std::iter::once(locale.roll.clone())
        .chain(crt.columns.iter().map(|(label, _)| label.clone()))
        .collect();
    for row in &crt.rows {
        display.rows.push(cells(
            std::iter::once(roll_text(row.rolls)).chain(row.cells.iter().map(|c| code(c))),
        ));
    }
    // The meaning of each code the table uses, in the vocabulary's order.
    if let Some(vocabulary) = ruleset.vocabulary(&crt.results) {
        for member in &vocabulary.members {
            if crt.rows.iter().any(|r| r.cells.contains(&member.id)) {
                display
                    .outcomes
                    .push([code(&member.id), member.label.clone()]);
            }
        }
    }
    for shift in &crt.shifts {
        let text = locale.message(
            "crt_shift",
            &[
                (
                    "sign",
                    Arg::Text(if shift.columns < 0 { "−" } else { "+" }.into()),
                ),
                ("n", Arg::Number(shift.columns.unsigned_abs())),
            ],
        );
        display.outcomes.push([shift.label.clone(), text]);
    }
    match &crt.beyond {
        Some(Beyond::EndColumn) => {
            display
                .outcomes
                .push([locale.crt_beyond.clone(), locale.crt_end_column.clone()]);
        }
        Some(Beyond::Results { below, above }) => {
            let text = locale.message(
                "crt_beyond_results",
                &[
                    ("below", Arg::Text(code(below))),
                    ("above", Arg::Text(code(above))),
                ],
            );
            display.outcomes.push([locale.crt_beyond.clone(), text]);
        }
        None => {}
    }
}

fn member_label(ruleset: &Ruleset, vocab: &str, id: &str) -> String {
    ruleset
        .vocabulary(vocab)
        .and_then(|v| v.member(id))
        .map_or_else(|| id.to_string(), |m| m.label.clone())
}

fn modifiers(
    ruleset: &Ruleset,
    locale: &Locale,
    table: &ModifierTable,
    display: &mut DisplayTable,
) {
    let mut header = match table.base {
        Base::Fixed(n) => format!("{} {n}", locale.base),
        Base::Roll(dice) => format!("{} {dice}", locale.roll),
    };
    let rounding = match table.rounding {
        Rounding::Up => Some(locale.rounding_up.as_str()),
        Rounding::Down => Some(locale.rounding_down.as_str()),
        Rounding::Nearest => Some(locale.rounding_nearest.as_str()),
        Rounding::None => None,
    };
    if let Some(rounding) = rounding {
        header.push_str(&format!(" · {rounding}"));
    }
    if let Some(minimum) = table.minimum {
        header.push_str(&format!(" · {} {minimum}", locale.minimum));
    }
    display.header.push(header);
    display.columns = vec![String::new(), String::new()];
    display.fill = false;
    for group in &table.groups {
        let title = if group.exclusive {
            format!(
                "{} ({})",
                group.title,
                unsaid(&group.title, &locale.exclusive)
            )
        } else {
            group.title.clone()
        };
        display.rows.push(Row::Group { group: title });
        for m in &group.modifiers {
            let label = match &group.by {
                Some(vocab) => member_label(ruleset, vocab, &m.id),
                None => m.label.clone(),
            };
            display.rows.push(cells([label, effect(locale, m.effect)]));
        }
    }
}

fn dice_test(ruleset: &Ruleset, locale: &Locale, test: &DiceTest, display: &mut DisplayTable) {
    modifiers(ruleset, locale, &test.modifiers, display);
    let comparison = match test.pass {
        Pass::AtMost => "≤",
        Pass::AtLeast => "≥",
    };
    // Modifiers to the roll are written with the dice, those to the target with the base.
    let dice = if test.modifies_roll {
        locale.message(
            "dice_plus_modifiers",
            &[("dice", Arg::Text(test.dice.to_string()))],
        )
    } else {
        test.dice.to_string()
    };
    display.header.insert(
        0,
        format!("{dice} {comparison} {}", locale.base.to_lowercase()),
    );
    if let Base::Fixed(base) = test.modifiers.base {
        let extremes = crate::model::dice::extremes(test, base);
        display.header.push(format!(
            "{}: {} {}, {} {}",
            locale.chance,
            locale.worst,
            locale.chance_text(extremes.worst.0),
            locale.best,
            locale.chance_text(extremes.best.0)
        ));
    }
    if let Some(success) = &test.on_success {
        display.outcomes.push([
            locale.success.to_string(),
            without_label(success, &locale.success),
        ]);
    }
    let bands = [
        (&test.successes, &locale.success_by),
        (&test.failures, &locale.failure_by),
    ];
    for (bands, by) in bands {
        for band in bands {
            let range = match band.to {
                Some(to) if to == band.from => format!("{by} {}", band.from),
                Some(to) => format!("{by} {}–{to}", band.from),
                None => format!("{by} {} {}", band.from, locale.or_more),
            };
            let mut result = without_label(&band.result, by);
            if let Some(table) = band.then.as_ref().and_then(|(id, _)| ruleset.table(id)) {
                let then =
                    locale.message("then_roll_on", &[("table", Arg::Text(table.title.clone()))]);
                if !result.is_empty() && !result.ends_with(['.', '!', '?', '…']) {
                    result.push('.');
                }
                result = format!("{result} {then}").trim_start().to_string();
            }
            display.outcomes.push([range, result]);
        }
    }
}

fn ranges(ruleset: &Ruleset, locale: &Locale, table: &RangeTable, display: &mut DisplayTable) {
    display.columns = std::iter::once(String::new())
        .chain(table.bands.iter().map(|b| format!("{b} ({})", table.unit)))
        .collect();
    for row in &table.rows {
        let label = member_label(ruleset, &table.by, &row.key);
        let bounds = row
            .bounds
            .iter()
            .map(|(a, b)| format!("{}–{}", locale.decimal(*a), locale.decimal(*b)));
        display
            .rows
            .push(cells(std::iter::once(label).chain(bounds)));
    }
}

fn lookup(ruleset: &Ruleset, locale: &Locale, table: &LookupTable, display: &mut DisplayTable) {
    let group_column = table
        .group_by
        .as_ref()
        .and_then(|g| table.columns.iter().position(|c| &c.id == g));
    display.columns = table
        .columns
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != group_column)
        .map(|(_, c)| match &c.unit {
            Some(unit) => format!("{} ({unit})", c.label),
            None => c.label.clone(),
        })
        .collect();
    let mut current_group: Option<String> = None;
    for row in &table.rows {
        let format = |i: usize| {
            let column = &table.columns[i];
            match &row[i] {
                Cell::Empty => String::new(),
                Cell::Keys(keys) => keys
                    .iter()
                    .map(|k| member_label(ruleset, column.vocab.as_deref().unwrap_or(""), k))
                    .collect::<Vec<_>>()
                    .join(", "),
                Cell::Integer(n) => locale.decimal(*n as f64),
                Cell::Decimal(f) => locale.decimal(*f),
                Cell::Fraction(r) => r.to_string(),
                Cell::Signed(r) if r.is_integer() => locale.signed(r.num / r.den),
                Cell::Signed(r) if r.num > 0 => format!("+{r}"),
                Cell::Signed(r) => r.to_string(),
                Cell::Dash => "—".into(),
                Cell::Text(t) => t.clone(),
            }
        };
        if let Some(g) = group_column {
            let group = format(g);
            if current_group.as_ref() != Some(&group) {
                display.rows.push(Row::Group {
                    group: group.clone(),
                });
                current_group = Some(group);
            }
        }
        display.rows.push(cells(
            (0..table.columns.len())
                .filter(|i| Some(*i) != group_column)
                .map(format),
        ));
    }
}
