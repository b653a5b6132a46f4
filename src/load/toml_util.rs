//! Reading TOML with locations, so every problem points at its characters.

use std::ops::Range;

use serde::de::DeserializeOwned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::limits::{self, Limits};
use crate::source::FileId;

/// A TOML text at an offset inside a source file (front matter, example blocks).
#[derive(Clone, Copy)]
pub struct TomlText<'a> {
    pub file: FileId,
    pub text: &'a str,
    pub offset: usize,
}

impl<'a> TomlText<'a> {
    pub fn whole(file: FileId, text: &'a str) -> Self {
        Self {
            file,
            text,
            offset: 0,
        }
    }

    pub fn location(&self, range: Range<usize>) -> Location {
        Location::new(
            self.file,
            range.start + self.offset..range.end + self.offset,
        )
    }

    /// Parses the text once — a syntax error is reported — and checks what
    /// no field type can: every string within the length limit, every number
    /// finite, nesting within the depth limit. Every field type is then read
    /// from the parsed document.
    pub fn parse(&self, limits: &Limits, diags: &mut Diagnostics) -> Option<Document<'a>> {
        match toml::de::DeTable::parse(self.text) {
            Ok(root) => {
                let document = Document { toml: *self, root };
                document.validate(limits, diags);
                Some(document)
            }
            Err(e) => {
                diags.push(self.error(codes::TOML_SYNTAX, "invalid TOML", &e));
                None
            }
        }
    }

    fn error(&self, code: codes::Code, what: &str, e: &toml::de::Error) -> Diagnostic {
        let span = e.span().unwrap_or(0..0);
        let message = e.message().trim().to_string();
        Diagnostic::of(code, format!("{what}: {message}"))
            .at_location(Some(self.location(span)))
            .label(message)
    }

    /// Where `key = …` is written inside `within` (falls back to `within`).
    pub fn key_location(&self, within: Range<usize>, key: &str) -> Location {
        self.location(find_key(self.text, within.clone(), key).unwrap_or(within))
    }

    /// Where the string value `"value"` is written inside `within`.
    pub fn string_location(&self, within: Range<usize>, value: &str) -> Location {
        let needle = format!("\"{value}\"");
        let slice = &self.text[within.clone()];
        match slice.find(&needle) {
            Some(i) => self.location(within.start + i..within.start + i + needle.len()),
            None => self.location(within),
        }
    }
}

/// A TOML text, parsed.
pub struct Document<'a> {
    pub toml: TomlText<'a>,
    root: toml::Spanned<toml::de::DeTable<'a>>,
}

impl Document<'_> {
    /// Reads the document as `T`; every shape error it can find becomes an
    /// `invalid-field`, in words.
    pub fn deserialize<T: DeserializeOwned>(
        &self,
        what: &str,
        diags: &mut Diagnostics,
    ) -> Option<T> {
        super::field_errors::deserialize(&self.toml, &self.root, what, diags)
    }

    /// The top-level keys, in the order written, each where it is written.
    pub fn keys(&self) -> impl Iterator<Item = (&str, Location)> {
        self.root
            .get_ref()
            .keys()
            .map(|k| (k.get_ref().as_ref(), self.toml.location(k.span())))
    }

    fn validate(&self, limits: &Limits, diags: &mut Diagnostics) {
        let mut walk = Walk {
            toml: &self.toml,
            limits,
            diags,
            reported_depth: false,
        };
        walk.table(self.root.get_ref(), 0);
    }
}

struct Walk<'a, 'd> {
    toml: &'a TomlText<'a>,
    limits: &'a Limits,
    diags: &'d mut Diagnostics,
    reported_depth: bool,
}

impl Walk<'_, '_> {
    fn table(&mut self, table: &toml::de::DeTable, depth: usize) {
        for (key, value) in table {
            self.string(key.get_ref(), key.span());
            self.value(value, depth + 1);
        }
    }

    fn value(&mut self, value: &toml::Spanned<toml::de::DeValue>, depth: usize) {
        use toml::de::DeValue;
        if depth > self.limits.count(limits::DEPTH) {
            if !self.reported_depth {
                self.reported_depth = true;
                self.diags.push(
                    Diagnostic::of(codes::LIMIT, "arrays and tables are nested too deeply")
                        .at_location(Some(self.toml.location(value.span())))
                        .note(self.limits.note(limits::DEPTH)),
                );
            }
            return;
        }
        match value.get_ref() {
            DeValue::String(text) => self.string(text, value.span()),
            DeValue::Float(float) => {
                let finite = float
                    .as_str()
                    .replace('_', "")
                    .parse::<f64>()
                    .is_ok_and(f64::is_finite);
                if !finite {
                    self.diags.push(
                        Diagnostic::of(
                            codes::INVALID_FIELD,
                            format!("`{}` is not a number grognard can use", float.as_str()),
                        )
                        .at_location(Some(self.toml.location(value.span())))
                        .expected("a finite number such as 2.5"),
                    );
                }
            }
            DeValue::Array(items) => {
                for item in items {
                    self.value(item, depth + 1);
                }
            }
            DeValue::Table(table) => self.table(table, depth),
            DeValue::Integer(_) | DeValue::Boolean(_) | DeValue::Datetime(_) => {}
        }
    }

    fn string(&mut self, text: &str, span: Range<usize>) {
        let limit = self.limits.count(limits::STRING_CHARS);
        // Bytes bound characters from above: count only when it may matter.
        if text.len() > limit && text.chars().count() > limit {
            self.diags.push(
                Diagnostic::of(
                    codes::LIMIT,
                    format!(
                        "a text of {} characters is longer than a string may be",
                        limits::group_digits(text.chars().count() as u64)
                    ),
                )
                .at_location(Some(
                    self.toml.location(span.start..span.start.saturating_add(1)),
                ))
                .note(self.limits.note(limits::STRING_CHARS)),
            );
        }
    }
}

impl Document<'_> {
    /// Every number in the document lies within ±`max`: tables and examples
    /// feed arithmetic, which stays exact for numbers of this size. False
    /// (and reported) when one does not.
    pub fn numbers_within(&self, max: i64, diags: &mut Diagnostics) -> bool {
        fn walk(
            value: &toml::Spanned<toml::de::DeValue>,
            max: i64,
            out: &mut Vec<(String, Range<usize>)>,
        ) {
            use toml::de::DeValue;
            let within = match value.get_ref() {
                DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                    .is_ok_and(|n| n.checked_abs().is_some_and(|n| n <= max)),
                DeValue::Float(f) => f
                    .as_str()
                    .replace('_', "")
                    .parse::<f64>()
                    .is_ok_and(|n| n.abs() <= max as f64),
                DeValue::Array(items) => {
                    items.iter().for_each(|v| walk(v, max, out));
                    true
                }
                DeValue::Table(table) => {
                    table.values().for_each(|v| walk(v, max, out));
                    true
                }
                _ => true,
            };
            if !within {
                let text = match value.get_ref() {
                    DeValue::Integer(i) => i.as_str().to_string(),
                    DeValue::Float(f) => f.as_str().to_string(),
                    _ => String::new(),
                };
                out.push((text, value.span()));
            }
        }
        let mut found = Vec::new();
        for value in self.root.get_ref().values() {
            walk(value, max, &mut found);
        }
        for (text, span) in &found {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("`{text}` is beyond what a table may hold"),
                )
                .at_location(Some(self.toml.location(span.clone())))
                .expected(format!(
                    "a number between −{0} and {0}",
                    limits::group_digits(max.unsigned_abs())
                )),
            );
        }
        found.is_empty()
    }
}

/// Finds a bare or quoted key followed by `=` inside `within`.
pub fn find_key(text: &str, within: Range<usize>, key: &str) -> Option<Range<usize>> {
    if key.is_empty() {
        // `"" = 1`: an empty key has nothing to search for.
        return None;
    }
    let slice = text.get(within.clone())?;
    for quoted in [false, true] {
        let needle = if quoted {
            format!("\"{key}\"")
        } else {
            key.to_string()
        };
        let mut from = 0;
        while let Some(i) = slice[from..].find(&needle) {
            let start = from + i;
            let end = start + needle.len();
            let before_ok = slice[..start]
                .chars()
                .next_back()
                .is_none_or(|c| c == '{' || c == ',' || c.is_whitespace());
            let after_ok = slice[end..]
                .trim_start_matches([' ', '\t'])
                .starts_with('=');
            if before_ok && after_ok {
                return Some(within.start + start..within.start + end);
            }
            from = end;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::find_key;

    #[test]
    fn an_empty_key_is_not_searched_for() {
        let text = r#"{ "" = 1 }"#;
        assert_eq!(find_key(text, 0..text.len(), ""), None);
    }

    #[test]
    fn finds_keys_not_values_or_substrings() {
        let text = r#"{ line = "veteranos-line", veteranos = 1 }"#;
        let range = find_key(text, 0..text.len(), "veteranos").unwrap();
        assert_eq!(&text[range.clone()], "veteranos");
        assert_eq!(range.start, 27);
    }
}

/// A name given once, or once per language (`{ es = "Francés", ru = "Французы" }`),
/// the languages in the order written: the first is the default.
#[derive(serde::Deserialize)]
#[serde(untagged)]
pub enum Localised {
    One(String),
    PerLanguage(toml::Table),
}

impl Localised {
    /// (language, text) pairs; the language of a single text is unsaid ("").
    pub fn into_pairs(self) -> Vec<(String, String)> {
        match self {
            Localised::One(text) => vec![(String::new(), text)],
            Localised::PerLanguage(texts) => texts
                .into_iter()
                .filter_map(|(language, text)| Some((language, text.as_str()?.to_string())))
                .collect(),
        }
    }
}
