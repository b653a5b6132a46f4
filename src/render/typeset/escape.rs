//! Turning untrusted text into Typst that can only ever print that text.
//!
//! Everything grognard writes as Typst source goes through [`TypstWriter`]:
//! its only way to add code takes a `&'static str`, so a string read from a
//! source file can reach Typst only as escaped markup, a string literal or a
//! sanitised label. (Templates get the same guarantee from the minijinja
//! formatter in `templates.rs`; all other data reaches Typst as JSON.)

use std::fmt::Write;

/// Typst source under construction.
#[derive(Default)]
pub struct TypstWriter {
    out: String,
}

impl TypstWriter {
    /// grognard's own code: a literal in grognard's source, never a source string.
    pub fn code(&mut self, code: &'static str) -> &mut Self {
        self.out.push_str(code);
        self
    }

    /// Text to print, escaped as markup.
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.out.push_str(&markup(text));
        self
    }

    /// A Typst string literal holding `text`.
    pub fn string(&mut self, text: &str) -> &mut Self {
        self.out.push_str(&string(text));
        self
    }

    /// A label (`<id>`); see [`label`].
    pub fn label(&mut self, id: &str) -> &mut Self {
        self.out.push('<');
        self.out.push_str(&label(id));
        self.out.push('>');
        self
    }

    /// A whole number.
    pub fn int(&mut self, n: impl Into<i64>) -> &mut Self {
        let _ = write!(self.out, "{}", n.into());
        self
    }

    /// What another writer wrote: Typst that is safe by the same rules.
    pub fn append(&mut self, other: &TypstWriter) -> &mut Self {
        self.out.push_str(&other.out);
        self
    }

    /// Bytes written so far, for source maps.
    pub fn len(&self) -> usize {
        self.out.len()
    }

    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// The name of a Typst label for an id. Checked ids (lower-case letters,
/// digits, `-`, `_`) are used as they are; anything else, which the checks
/// report, is spelt out in hex so that it can never close the label.
pub fn label(id: &str) -> String {
    let plain = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if plain {
        return id.to_string();
    }
    let mut out = String::from("gg-x");
    for byte in id.bytes() {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// Escapes text for Typst markup: every character that could start markup,
/// code, math, a label, a reference or a comment is backslash-escaped, and
/// quotes stay the characters written (no smart quotes).
pub fn markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut previous: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let escape = match c {
            '\\' | '#' | '$' | '*' | '_' | '`' | '@' | '<' | '>' | '[' | ']' | '~' | '{' | '}'
            | '/' | '=' | '+' | ':' | '.' | '"' | '\'' => true,
            // A dash starts a list item or becomes a shorthand only in some
            // places; escape it wherever it is not between word characters.
            '-' => {
                !(previous.is_some_and(char::is_alphanumeric)
                    && next.is_some_and(char::is_alphanumeric))
            }
            // Digits are safe: "1." can only start a list once `.` is escaped.
            _ => false,
        };
        if c == '\n' || c == '\r' {
            out.push(' ');
        } else {
            if escape {
                out.push('\\');
            }
            out.push(c);
        }
        previous = Some(c);
    }
    out
}

/// A Typst string literal with the given content.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_ids_or_spelt_out() {
        assert_eq!(label("fuego-2"), "fuego-2");
        assert_eq!(label("a>b"), "gg-x613e62");
        assert_eq!(label(""), "gg-x");
    }

    #[test]
    fn code_and_comments_are_escaped() {
        assert_eq!(markup("#read(\"x\")"), "\\#read(\\\"x\\\")");
        assert_eq!(markup("a // b"), "a \\/\\/ b");
        assert_eq!(markup("- item"), "\\- item");
        assert_eq!(markup("bien-estar"), "bien-estar");
        assert_eq!(string("say \"hi\" \\ bye"), "\"say \\\"hi\\\" \\\\ bye\"");
    }
}

#[cfg(test)]
mod properties {
    use crate::render::typeset::escape::markup;
    use proptest::prelude::*;
    use typst::syntax::{SyntaxKind, SyntaxNode};

    /// Every leaf of escaped text is plain text, an escape or a space.
    fn only_plain_text(node: &SyntaxNode) -> bool {
        match node.kind() {
            SyntaxKind::Markup => node.children().all(only_plain_text),
            SyntaxKind::Text | SyntaxKind::Escape | SyntaxKind::Space => true,
            _ => false,
        }
    }

    proptest! {
        #[test]
        fn any_text_parses_back_as_plain_text(text in "\\PC{0,60}") {
            let escaped = markup(&text);
            let tree = typst::syntax::parse(&escaped);
            prop_assert!(only_plain_text(&tree), "{text:?} became {tree:#?}");
        }

        #[test]
        fn markup_heavy_text_parses_back_as_plain_text(
            text in "[-#$*_`@<>\\[\\]~{}/=+:.\"' a1\\\\\\n]{0,40}"
        ) {
            let escaped = markup(&text);
            let tree = typst::syntax::parse(&escaped);
            prop_assert!(only_plain_text(&tree), "{text:?} became {tree:#?}");
        }
    }
}
