//! Colours written in sources (side and nation colours) reach Typst's
//! `rgb()`: only `#rgb`, `#rrggbb` or `#rrggbbaa` is a colour.

pub fn is_colour(text: &str) -> bool {
    text.strip_prefix('#').is_some_and(|hex| {
        matches!(hex.len(), 3 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit())
    })
}
