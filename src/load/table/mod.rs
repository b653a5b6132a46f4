//! `tables/*.toml`: one typed table per file. This module reads the header
//! every table has and dispatches on its kind; each kind's body is read in a
//! submodule of its own.

mod crt;
mod lookup;
mod modifiers;
mod ranges;
mod sequence;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::table::Allow;
use crate::model::{KeyRef, Table, TableKind};
use crate::source::FileId;

use super::toml_util::{Document, TomlText};
use crate::model::limits::Limits;

/// Fields every table kind has.
const COMMON_FIELDS: &[&str] = &[
    "id",
    "kind",
    "title",
    "note",
    "editor_note",
    "source",
    "qrs",
    "allow",
];
const MODIFIER_FIELDS: &[&str] = &["base", "roll", "rounding", "minimum", "group", "feeds"];

/// The table kinds and the top-level fields each accepts besides the common ones.
const KINDS: &[(&str, &[&str])] = &[
    ("modifiers", MODIFIER_FIELDS),
    (
        "dice-test",
        &[
            "base",
            "roll",
            "rounding",
            "minimum",
            "group",
            "dice",
            "pass",
            "on_success",
            "failure",
            "success",
            "modifies",
        ],
    ),
    ("ranges", &["unit", "by", "bands", "rows", "step", "origin"]),
    ("lookup", &["columns", "group_by", "rows", "constants"]),
    ("sequence", &["steps", "numbering"]),
    (
        "crt",
        &[
            "dice", "by", "columns", "results", "rows", "shifts", "beyond",
        ],
    ),
    ("missing", &["columns", "rows"]),
];

#[derive(Deserialize)]
struct RawHeader {
    id: Spanned<String>,
    kind: Spanned<String>,
    title: String,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    editor_note: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    qrs: bool,
    #[serde(default)]
    allow: Vec<Spanned<RawAllow>>,
}

/// `allow = [{ lint = "…", reason = "…" }]`: a lint the author has looked at.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAllow {
    lint: String,
    reason: String,
}

pub(super) fn allows(toml: &TomlText, raw: Vec<Spanned<RawAllow>>) -> Vec<Allow> {
    raw.into_iter()
        .map(|a| {
            let location = toml.location(a.span());
            let a = a.into_inner();
            Allow {
                lint: a.lint,
                reason: a.reason,
                location,
            }
        })
        .collect()
}

/// Loads one table file; vocabulary keys it names are returned for checking.
pub fn load(
    file: FileId,
    text: &str,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<(Table, Vec<KeyRef>)> {
    let toml = TomlText::whole(file, text);
    let document = toml.parse(limits, diags)?;
    // A table whose numbers are out of range is not loaded: the checks
    // compute with them.
    if !document.numbers_within(crate::model::limits::MAX_TABLE_VALUE, diags) {
        return None;
    }
    let header: RawHeader = document.deserialize("table", diags)?;
    let id_location = toml.location(header.id.span());
    super::check_id(header.id.get_ref(), &id_location, diags);

    let kind_name = header.kind.get_ref().as_str();
    let kind_fields = fields_of_kind(&toml, &header.kind, diags)?;
    check_fields(&document, kind_name, kind_fields, diags);

    let mut refs = Vec::new();
    let mut loader = TableLoader {
        toml,
        document: &document,
        diags,
        refs: &mut refs,
    };
    let kind = match kind_name {
        "modifiers" => TableKind::Modifiers(loader.modifiers()?),
        "dice-test" => TableKind::DiceTest(loader.dice_test()?),
        "ranges" => TableKind::Ranges(loader.ranges()?),
        "lookup" => TableKind::Lookup(loader.lookup()?),
        "sequence" => TableKind::Sequence(loader.sequence()?),
        "crt" => TableKind::Crt(loader.crt()?),
        _ => TableKind::Missing(loader.missing()?),
    };
    let table = Table {
        id: header.id.into_inner(),
        title: header.title,
        note: header.note,
        editor_note: header.editor_note,
        source: header.source,
        kind,
        file,
        location: id_location,
        qrs: header.qrs,
        allow: allows(&toml, header.allow),
    };
    Some((table, refs))
}

/// The top-level fields a known kind accepts besides the common ones; an
/// unknown kind is reported.
fn fields_of_kind(
    toml: &TomlText,
    kind: &Spanned<String>,
    diags: &mut Diagnostics,
) -> Option<&'static [&'static str]> {
    let kind_name = kind.get_ref().as_str();
    let Some((_, fields)) = KINDS.iter().find(|(name, _)| *name == kind_name) else {
        let names: Vec<_> = KINDS.iter().map(|(n, _)| format!("\"{n}\"")).collect();
        diags.push(
            Diagnostic::of(
                codes::UNKNOWN_TABLE_KIND,
                format!("unknown table kind `{kind_name}`"),
            )
            .at_location(Some(toml.location(kind.span())))
            .label("not a table kind")
            .expected(format!("one of {}", names.join(", ")))
            .found(format!("\"{kind_name}\"")),
        );
        return None;
    };
    Some(fields)
}

/// Reports each top-level field that neither every table nor this kind has.
fn check_fields(
    document: &Document,
    kind_name: &str,
    kind_fields: &[&str],
    diags: &mut Diagnostics,
) {
    for (key, location) in document.keys() {
        if !COMMON_FIELDS.contains(&key) && !kind_fields.contains(&key) {
            let allowed: Vec<_> = COMMON_FIELDS.iter().chain(kind_fields.iter()).collect();
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("unknown field `{key}` in a `{kind_name}` table"),
                )
                .at_location(Some(location))
                .expected(format!(
                    "one of {}",
                    allowed
                        .iter()
                        .map(|s| format!("`{s}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
        }
    }
}

/// Reads a table's kind-specific body, collecting diagnostics and the
/// vocabulary keys it names.
struct TableLoader<'a> {
    toml: TomlText<'a>,
    document: &'a Document<'a>,
    diags: &'a mut Diagnostics,
    refs: &'a mut Vec<KeyRef>,
}

impl TableLoader<'_> {
    fn error(&mut self, code: codes::Code, message: String, location: Location) {
        self.diags
            .push(Diagnostic::of(code, message).at_location(Some(location)));
    }

    fn key_ref(&mut self, vocab: Option<&str>, key: &str, location: Location) {
        self.refs.push(KeyRef {
            vocab: vocab.map(String::from),
            key: key.to_string(),
            location,
        });
    }

    fn check_direction(&mut self, direction: &Spanned<String>) {
        if !["increasing", "decreasing"].contains(&direction.get_ref().as_str()) {
            self.diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("unknown monotonic direction `{}`", direction.get_ref()),
                )
                .at_location(Some(self.toml.location(direction.span())))
                .expected("\"increasing\" or \"decreasing\""),
            );
        }
    }
}
