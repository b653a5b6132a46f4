//! Turning untrusted text into Typst that can only ever print that text.

/// Escapes text for Typst markup: every character that could start markup,
/// code, math, a label, a reference or a comment is backslash-escaped.
pub fn markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut previous: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let escape = match c {
            '\\' | '#' | '$' | '*' | '_' | '`' | '@' | '<' | '>' | '[' | ']' | '~' | '{' | '}'
            | '/' | '=' | '+' | ':' | '.' => true,
            // A dash starts a list item or becomes a shorthand only in some
            // places; escape it wherever it is not between word characters.
            '-' => {
                !(previous.is_some_and(char::is_alphanumeric)
                    && next.is_some_and(char::is_alphanumeric))
            }
            // Digits at the very start could form an enumeration marker "1.".
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
    fn code_and_comments_are_escaped() {
        assert_eq!(markup("#read(\"x\")"), "\\#read(\"x\")");
        assert_eq!(markup("a // b"), "a \\/\\/ b");
        assert_eq!(markup("- item"), "\\- item");
        assert_eq!(markup("bien-estar"), "bien-estar");
        assert_eq!(string("say \"hi\" \\ bye"), "\"say \\\"hi\\\" \\\\ bye\"");
    }
}
