//! Typographic conventions grognard applies to text it prints.

use std::borrow::Cow;

/// Number ranges take an en dash: "2-3" → "2–3", "1812-15" → "1812–15".
/// Only between plain numbers: "2d6-1", "A-1" and ids keep their hyphen.
pub fn ranges(text: &str) -> Cow<'_, str> {
    if !text.contains('-') {
        return Cow::Borrowed(text);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let is_range = c == '-'
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && plain_number_before(&chars[..i])
            && plain_number_after(&chars[i + 1..]);
        out.push(if is_range { '–' } else { c });
    }
    Cow::Owned(out)
}

/// Whether the word ending here is a number, with decimal marks only, and
/// not the middle of a date ("1815-06-16").
fn plain_number_before(chars: &[char]) -> bool {
    let word: Vec<&char> = chars
        .iter()
        .rev()
        .take_while(|c| c.is_alphanumeric() || matches!(c, ',' | '.'))
        .collect();
    let before = chars.len().checked_sub(word.len() + 1).map(|i| chars[i]);
    word.first().is_some_and(|c| c.is_ascii_digit())
        && word
            .iter()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.'))
        && before != Some('-')
}

/// Whether the word starting here is a number followed by no letter.
fn plain_number_after(chars: &[char]) -> bool {
    let end = chars
        .iter()
        .position(|c| !(c.is_alphanumeric() || matches!(c, ',' | '.')))
        .unwrap_or(chars.len());
    chars[..end]
        .iter()
        .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.'))
        && chars.get(end) != Some(&'-')
}

#[cfg(test)]
mod tests {
    use crate::render::views::typography::ranges;

    #[test]
    fn number_ranges_take_an_en_dash_and_nothing_else_does() {
        assert_eq!(ranges("Prusianos 1813-15"), "Prusianos 1813–15");
        assert_eq!(ranges("2-3 figuras, 1,5-2 cm"), "2–3 figuras, 1,5–2 cm");
        assert_eq!(ranges("(5-6)."), "(5–6).");
        assert_eq!(ranges("2d6-1"), "2d6-1");
        assert_eq!(ranges("A-1 y línea-2"), "A-1 y línea-2");
        assert_eq!(ranges("1815-06-16"), "1815-06-16");
        assert_eq!(ranges("el 3-a"), "el 3-a");
        assert_eq!(ranges("-2 al dado"), "-2 al dado");
    }
}
