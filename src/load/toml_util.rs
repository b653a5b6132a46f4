//! Reading TOML with locations, so every problem points at its characters.

use std::ops::Range;

use serde::de::DeserializeOwned;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
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

    /// Parses the text as a plain table: the syntax check.
    pub fn parse_table(&self, diags: &mut Diagnostics) -> Option<toml::Table> {
        match self.text.parse::<toml::Table>() {
            Ok(table) => Some(table),
            Err(e) => {
                diags.push(self.error("toml-syntax", "invalid TOML", &e));
                None
            }
        }
    }

    /// Deserializes the text into `T`; shape errors become `invalid-field`.
    pub fn deserialize<T: DeserializeOwned>(
        &self,
        what: &str,
        diags: &mut Diagnostics,
    ) -> Option<T> {
        match toml::from_str::<T>(self.text) {
            Ok(value) => Some(value),
            Err(e) => {
                diags.push(self.error("invalid-field", &format!("invalid {what}"), &e));
                None
            }
        }
    }

    fn error(&self, code: &'static str, what: &str, e: &toml::de::Error) -> Diagnostic {
        let span = e.span().unwrap_or(0..0);
        let message = e.message().trim().to_string();
        Diagnostic::error(code, format!("{what}: {message}"))
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

/// Finds a bare or quoted key followed by `=` inside `within`.
pub fn find_key(text: &str, within: Range<usize>, key: &str) -> Option<Range<usize>> {
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
    fn finds_keys_not_values_or_substrings() {
        let text = r#"{ line = "veteranos-line", veteranos = 1 }"#;
        let range = find_key(text, 0..text.len(), "veteranos").unwrap();
        assert_eq!(&text[range.clone()], "veteranos");
        assert_eq!(range.start, 27);
    }
}
