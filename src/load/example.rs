//! Directive blocks in chapters: ```` ```table <id> ```` embeds a table, and
//! ```` ```example <table-id> ```` holds a worked example whose numbers the
//! checks recompute.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::limits::{self, Limits};
use crate::model::{Chapter, Example};

use super::toml_util::TomlText;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExample {
    title: Option<String>,
    #[serde(default)]
    inputs: Vec<Spanned<String>>,
    roll: Option<i64>,
    #[serde(default)]
    claims: Option<Spanned<toml::Table>>,
    select: Option<Spanned<toml::Table>>,
    scale: Option<Spanned<String>>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

/// A fenced `table` or `example` block: its kind, the table it names, its
/// range, and its text with that text's offset.
pub(super) struct Directive<'a> {
    pub(super) kind: &'a str,
    pub(super) arg: &'a str,
    pub(super) range: Range<usize>,
    pub(super) content: Option<(usize, String)>,
}

/// A directive block: a table embed, or an example read from its TOML body.
pub(super) fn directive(
    chapter: &mut Chapter,
    block: Directive,
    text: &str,
    limits: &Limits,
    diags: &mut Diagnostics,
) {
    let Directive {
        kind,
        arg,
        range,
        content,
    } = block;
    let file = chapter.file;
    // Point at the info string on the opening fence line.
    let fence_line_end = text[range.start..]
        .find('\n')
        .map_or(range.end, |i| range.start + i);
    let fence = Location::new(file, range.start..fence_line_end);
    if arg.is_empty() {
        diags.push(
            Diagnostic::of(
                codes::INVALID_DIRECTIVE,
                format!("a `{kind}` block names a table id"),
            )
            .at_location(Some(fence))
            .expected(format!("```{kind} <table-id>")),
        );
        return;
    }
    if kind == "table" {
        chapter.embeds.push((arg.to_string(), fence));
        return;
    }
    let (offset, body) = content.unwrap_or((fence_line_end, String::new()));
    let toml = TomlText {
        file,
        text: &body,
        offset,
    };
    if let Some(example) = example(&toml, arg, fence, limits, diags) {
        chapter.examples.push(example);
    }
}

/// An ```` ```example <table-id> ```` block's TOML: inputs, roll, the row it
/// selects, its scale and the numbers it claims.
fn example(
    toml: &TomlText,
    table: &str,
    fence: Location,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<Example> {
    let document = toml.parse(limits, diags)?;
    if !document.numbers_within(limits::MAX_TABLE_VALUE, diags) {
        return None;
    }
    let raw = document.deserialize::<RawExample>("example", diags)?;
    let claims = raw
        .claims
        .as_ref()
        .map(|c| claims(toml, c, diags))
        .unwrap_or_default();
    let select = raw
        .select
        .as_ref()
        .map(|s| select(toml, s, diags))
        .unwrap_or_default();
    let scale = raw.scale.as_ref().and_then(|s| scale(toml, s, diags));
    let file = toml.file;
    Some(Example {
        select,
        scale,
        table: table.to_string(),
        title: raw.title,
        inputs: raw
            .inputs
            .into_iter()
            .map(|i| (toml.location(i.span()).range, i.into_inner()))
            .map(|(range, key)| (key, Location::new(file, range)))
            .collect(),
        roll: raw.roll,
        claims,
        location: fence,
    })
}

/// `claims = { name = number, … }`: what the example says the table gives.
fn claims(
    toml: &TomlText,
    raw_claims: &Spanned<toml::Table>,
    diags: &mut Diagnostics,
) -> Vec<(String, f64, Location)> {
    let mut claims = Vec::new();
    for (name, value) in raw_claims.get_ref() {
        let location = toml.key_location(raw_claims.span(), name);
        match value.as_integer().map(|n| n as f64).or(value.as_float()) {
            Some(n) => claims.push((name.clone(), n, location)),
            None => diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("claim `{name}` must be a number"),
                )
                .at_location(Some(location)),
            ),
        }
    }
    claims
}

/// `select = { column = "member", … }`: the lookup row the example reads.
fn select(
    toml: &TomlText,
    raw_select: &Spanned<toml::Table>,
    diags: &mut Diagnostics,
) -> Vec<(String, String, Location)> {
    let mut select = Vec::new();
    for (column, value) in raw_select.get_ref() {
        let location = toml.key_location(raw_select.span(), column);
        match value.as_str() {
            Some(key) => select.push((column.clone(), key.to_string(), location)),
            None => diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("`select.{column}` names one member id"),
                )
                .at_location(Some(location)),
            ),
        }
    }
    select
}

/// `scale = "1/2"`: a factor applied to the looked-up values.
fn scale(
    toml: &TomlText,
    scale: &Spanned<String>,
    diags: &mut Diagnostics,
) -> Option<crate::model::Ratio> {
    match scale.get_ref().parse::<crate::model::Ratio>() {
        Ok(r) => Some(r),
        Err(e) => {
            diags.push(
                Diagnostic::of(codes::INVALID_FIELD, e)
                    .at_location(Some(toml.location(scale.span()))),
            );
            None
        }
    }
}
