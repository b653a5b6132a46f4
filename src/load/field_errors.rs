//! Every field error of a file in one run, in an author's words. Serde stops
//! at the first error; here the offending entry is reported, taken out of the
//! parsed document, and the document read again, until it reads or nothing
//! more can be taken out.

use std::ops::Range;

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};

use super::toml_util::TomlText;

/// Errors reported per file before the rest are left for the next run.
const MOST: usize = 25;

/// Reads `root` as `T`, reporting every field error it can find.
pub fn deserialize<T: DeserializeOwned>(
    toml: &TomlText,
    root: &Spanned<DeTable<'_>>,
    what: &str,
    diags: &mut Diagnostics,
) -> Option<T> {
    // Most files read at the first attempt: only a failing one is copied to
    // be taken apart.
    let first = T::deserialize(toml::de::Deserializer::from(root.clone()));
    let mut error = match first {
        Ok(value) => return Some(value),
        Err(error) => error,
    };
    let mut root = root.clone();
    let mut removed: Vec<String> = Vec::new();
    for _ in 0..MOST {
        let span = error.span().unwrap_or(0..0);
        let message = error.message().trim().to_string();
        // A field taken out below is reported already, not as missing.
        if let Some(field) = missing_field(&message)
            && removed.iter().any(|r| r == field)
        {
            return None;
        }
        let key = take_out(root.get_mut(), &span);
        diags.push(diagnostic(toml, what, &message, key.as_deref(), span));
        match key {
            Some(key) => removed.push(key),
            None => return None,
        }
        error = match T::deserialize(toml::de::Deserializer::from(root.clone())) {
            // What was taken out was reported: the file as a whole is not read.
            Ok(_) => return None,
            Err(error) => error,
        };
    }
    None
}

fn diagnostic(
    toml: &TomlText,
    what: &str,
    message: &str,
    key: Option<&str>,
    span: Range<usize>,
) -> Diagnostic {
    let location = Some(toml.location(span));
    if let Some((found, expected)) = wrong_type(message) {
        let noun = key.and_then(noun_of).unwrap_or_default();
        let expected = in_words(expected, &noun);
        let field = key.map_or_else(String::new, |k| format!("`{k}` "));
        return Diagnostic::of(
            codes::INVALID_FIELD,
            format!(
                "invalid {what}: {field}must be {expected}, not {}",
                found_words(found)
            ),
        )
        .at_location(location)
        .label(format!("expected {expected}"))
        .expected(expected)
        .found(found_words(found));
    }
    if let Some((field, known)) = unknown_field(message) {
        let mut d = Diagnostic::of(
            codes::INVALID_FIELD,
            format!("invalid {what}: `{field}` is not one of its fields"),
        )
        .at_location(location)
        .label("unknown field")
        .expected(format!("one of {}", known.join(", ")));
        let names = known.iter().map(|k| k.trim_matches('`'));
        if let Some(close) = crate::diagnostic::closest(field, names) {
            d = d.note(format!("did you mean `{close}`?"));
        }
        return d;
    }
    Diagnostic::of(codes::INVALID_FIELD, format!("invalid {what}: {message}"))
        .at_location(location)
        .label(message.to_string())
}

/// `unknown field `x`, expected one of `a`, `b`` → `x` and the known fields.
fn unknown_field(message: &str) -> Option<(&str, Vec<&str>)> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let known = rest
        .strip_prefix(", expected one of ")
        .or_else(|| rest.strip_prefix(", expected "))
        .map(|list| list.split(", ").collect())
        .unwrap_or_default();
    Some((field, known))
}

/// `missing field `x`` → `x`.
fn missing_field(message: &str) -> Option<&str> {
    message.strip_prefix("missing field `")?.split('`').next()
}

/// `invalid type: string "x", expected u32` (or `invalid value: …`) → its
/// found and expected parts.
fn wrong_type(message: &str) -> Option<(&str, &str)> {
    let rest = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))?;
    rest.rsplit_once(", expected ")
}

/// What a field holds, in an author's words rather than a type's name, with
/// a count's noun: "a whole number of men (0 or more)".
fn in_words(expected: &str, noun: &str) -> String {
    let (words, qualifier) = match expected.trim() {
        "u8" | "u16" | "u32" | "u64" | "usize" => ("a whole number", " (0 or more)"),
        "i8" | "i16" | "i32" | "i64" | "isize" => ("a whole number", ""),
        "f32" | "f64" => ("a number", ""),
        "a boolean" => return "true or false".into(),
        "a string" | "a borrowed string" => return "text in quotes".into(),
        "a sequence" => return "a list in brackets, [ … ]".into(),
        "a map" => return "a table of fields, { … }".into(),
        "a character" => return "one character in quotes".into(),
        other if other.starts_with("struct ") => return "a table of fields, { … }".into(),
        other => return other.to_string(),
    };
    format!("{words}{noun}{qualifier}")
}

/// The thing a count counts, for the fields whose name says it.
fn noun_of(key: &str) -> Option<String> {
    let noun = match key {
        "men" | "guns" | "turns" | "copies" | "figures" | "bases" | "squadrons" | "battalions"
        | "companies" | "batteries" | "horses" => key,
        "turn_minutes" => "minutes",
        "figures_per_base" => "figures",
        _ => return None,
    };
    Some(format!(" of {noun}"))
}

/// `string "about 400"` → `text "about 400"`.
fn found_words(found: &str) -> String {
    let found = found.trim();
    for (serde, words) in [
        ("string ", "text "),
        ("integer ", "the number "),
        ("floating point ", "the number "),
        ("boolean ", ""),
    ] {
        if let Some(value) = found.strip_prefix(serde) {
            return format!("{words}{}", value.trim_matches('`'));
        }
    }
    match found {
        "sequence" => "a list".into(),
        "map" => "a table".into(),
        other => other.to_string(),
    }
}

/// Takes the entry at `span` out of the table: a key whose key or value is
/// there, or an element of a list. Returns the key it was under.
fn take_out(table: &mut DeTable<'_>, span: &Range<usize>) -> Option<String> {
    let at = table
        .iter()
        .find(|(key, value)| key.span() == *span || value.span() == *span)
        .map(|(key, _)| key.get_ref().to_string());
    if let Some(key) = at {
        let entries = std::mem::take(table).into_iter();
        *table = entries.filter(|(k, _)| k.get_ref() != &key).collect();
        return Some(key);
    }
    // Spans of arrays of tables do not cover their tables: search them all.
    for (key, value) in table.iter_mut() {
        let name = key.get_ref().to_string();
        if let Some(found) = take_out_value(value.get_mut(), span) {
            return Some(found.unwrap_or(name));
        }
    }
    None
}

/// Within a value: `Some(Some(key))` when a key of a table inside was taken
/// out, `Some(None)` for an element of a list.
fn take_out_value(value: &mut DeValue<'_>, span: &Range<usize>) -> Option<Option<String>> {
    match value {
        DeValue::Table(table) => take_out(table, span).map(Some),
        DeValue::Array(array) => {
            if let Some(index) = array.iter().position(|item| item.span() == *span) {
                let items = std::mem::replace(array, toml::de::DeArray::new()).into_iter();
                *array = items
                    .enumerate()
                    .filter(|(i, _)| *i != index)
                    .map(|(_, item)| item)
                    .collect();
                return Some(None);
            }
            array
                .as_mut()
                .iter_mut()
                .find_map(|item| take_out_value(item.get_mut(), span))
        }
        _ => None,
    }
}
