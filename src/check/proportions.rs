//! Proportions written in words and applied to a number the text gives —
//! "la mitad de sus 8 figuras, 4", "un tercio de 12 (4)", "половина из 8
//! фигур — 4", "4 (la mitad de 8)" — are worked out like the arithmetic of
//! `prose`. Where the proportion does not come out whole, the text may
//! round either way: no rule here says which.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

/// A proportion found in text: where, the number it claims, the exact one.
#[derive(Debug, Clone, PartialEq)]
pub struct Proportion {
    pub range: Range<usize>,
    pub claimed: f64,
    pub computed: f64,
}

impl Proportion {
    /// The text's number is the proportion, or the proportion rounded.
    pub fn holds(&self) -> bool {
        let c = self.computed;
        [c, c.floor(), c.ceil()]
            .iter()
            .any(|v| (v - self.claimed).abs() < 1e-9)
    }
}

/// Fractions as the languages of the rules write them, longest first.
const FRACTIONS: &[(&str, f64)] = &[
    ("dos tercios", 2.0 / 3.0),
    ("tres cuartos", 0.75),
    ("la mitad", 0.5),
    ("un tercio", 1.0 / 3.0),
    ("un cuarto", 0.25),
    ("el doble", 2.0),
    ("el triple", 3.0),
    ("две трети", 2.0 / 3.0),
    ("три четверти", 0.75),
    ("половина", 0.5),
    ("половину", 0.5),
    ("половины", 0.5),
    ("треть", 1.0 / 3.0),
    ("четверть", 0.25),
    ("two thirds", 2.0 / 3.0),
    ("three quarters", 0.75),
    ("half", 0.5),
    ("a third", 1.0 / 3.0),
    ("a quarter", 0.25),
    ("twice", 2.0),
];

/// Numbers written as words that a proportion is applied to.
const NUMERALS: &[(&str, f64)] = &[
    ("dos", 2.0),
    ("tres", 3.0),
    ("cuatro", 4.0),
    ("cinco", 5.0),
    ("seis", 6.0),
    ("siete", 7.0),
    ("ocho", 8.0),
    ("nueve", 9.0),
    ("diez", 10.0),
    ("once", 11.0),
    ("doce", 12.0),
    ("quince", 15.0),
    ("veinte", 20.0),
    ("два", 2.0),
    ("две", 2.0),
    ("двух", 2.0),
    ("три", 3.0),
    ("трёх", 3.0),
    ("трех", 3.0),
    ("четыре", 4.0),
    ("четырёх", 4.0),
    ("четырех", 4.0),
    ("пять", 5.0),
    ("пяти", 5.0),
    ("шесть", 6.0),
    ("шести", 6.0),
    ("восемь", 8.0),
    ("восьми", 8.0),
    ("десять", 10.0),
    ("десяти", 10.0),
    ("двенадцать", 12.0),
    ("двенадцати", 12.0),
    ("two", 2.0),
    ("three", 3.0),
    ("four", 4.0),
    ("six", 6.0),
    ("eight", 8.0),
    ("ten", 10.0),
    ("twelve", 12.0),
];

const DETERMINERS: &str = "los|las|sus|su|estos|estas|esos|esas|todos|todas|the|its|their|these|those|all|его|её|их|всех|этих";

/// What follows a fraction's words: "de sus 8 figuras, 4" (the text is
/// lower-cased first, so the pattern needs no case folding, which would
/// make it slow to build).
static TAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^(?:\s+(?:de|del|из|от|of))?\s+(?:(?:{DETERMINERS})\s+)*(?P<n>[0-9]+(?:,[0-9]+)?|{numerals})(?P<between>[^0-9;.]{{0,40}}?)(?P<m>[0-9]+(?:,[0-9]+)?)",
        numerals = alternatives(NUMERALS),
    ))
    .expect("a valid pattern")
});

/// "(la mitad de 8)" after its result: what follows the fraction's words.
static CLOSING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^(?:\s+(?:de|del|из|от|of))?\s+(?:(?:{DETERMINERS})\s+)*(?P<n>[0-9]+(?:,[0-9]+)?|{numerals})[^)0-9]{{0,30}}\)",
        numerals = alternatives(NUMERALS),
    ))
    .expect("a valid pattern")
});

/// What may stand between the proportion and its result: a bracket, a
/// comma, a colon or a dash, or "es decir" and its kin.
static SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[(,:=—–→]|es decir|o sea|то есть|т\.\s?е\.|that is|i\.e\.")
        .expect("a valid pattern")
});

/// The words of `FRACTIONS` standing as words, in one pass over a text: the
/// longer phrases are listed first and so win where they overlap.
static FRACTION_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"\b(?:{})\b", alternatives(FRACTIONS))).expect("a valid pattern")
});

fn alternatives(words: &[(&str, f64)]) -> String {
    words
        .iter()
        .map(|(w, _)| regex::escape(w))
        .collect::<Vec<_>>()
        .join("|")
}

fn value_of(written: &str, table: &[(&str, f64)]) -> Option<f64> {
    table
        .iter()
        .find(|(w, _)| *w == written)
        .map(|(_, v)| *v)
        .or_else(|| written.replace(',', ".").parse().ok())
}

/// Where each fraction is written (start, end) and what it is worth: the
/// words of `FRACTIONS` standing as words, and per cents ("50 %").
fn fractions(lower: &str) -> Vec<(usize, usize, f64)> {
    let mut found: Vec<(usize, usize, f64)> = FRACTION_WORDS
        .find_iter(lower)
        .filter_map(|m| {
            let value = value_of(m.as_str(), FRACTIONS)?;
            Some((m.start(), m.end(), value))
        })
        .collect();
    for (at, _) in lower.match_indices('%') {
        let digits = lower[..at].trim_end();
        let start = digits
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_digit() || *c == ',')
            .last()
            .map(|(i, _)| i);
        if let Some(start) = start
            && let Ok(pct) = digits[start..].replace(',', ".").parse::<f64>()
        {
            found.push((start, at + 1, pct / 100.0));
        }
    }
    found.sort_by_key(|&(start, _, _)| start);
    found
}

/// Every proportion of a text that states its result.
pub fn find(text: &str) -> Vec<Proportion> {
    let mut found = Vec::new();
    let lower = text.to_lowercase();
    // Offsets in the lower-cased text are the text's only where lower-casing
    // kept every letter's length (true of Spanish, Russian and English).
    if lower.len() != text.len() {
        return found;
    }
    for (start, end, fraction) in fractions(&lower) {
        let rest = &lower[end..];
        if let Some(c) = TAIL.captures(rest)
            && SEPARATOR.is_match(c.name("between").map_or("", |b| b.as_str()))
            && let (Some(n), Some(m)) = (
                value_of(c.name("n").map_or("", |n| n.as_str()), NUMERALS),
                value_of(c.name("m").map_or("", |m| m.as_str()), &[]),
            )
        {
            found.push(Proportion {
                range: start..end + c.get(0).map_or(0, |w| w.end()),
                claimed: m,
                computed: fraction * n,
            });
            continue;
        }
        // "4 (la mitad de 8)".
        let before = lower[..start].trim_end();
        let Some(before) = before.strip_suffix('(') else {
            continue;
        };
        let before = before.trim_end();
        let digits: String = before
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == ',')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if let Some(c) = CLOSING.captures(rest)
            && !digits.is_empty()
            && let (Some(n), Some(m)) = (
                value_of(c.name("n").map_or("", |n| n.as_str()), NUMERALS),
                value_of(&digits, &[]),
            )
        {
            found.push(Proportion {
                range: before.len() - digits.len()..end + c.get(0).map_or(0, |w| w.end()),
                claimed: m,
                computed: fraction * n,
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::find;

    fn read(text: &str) -> Vec<(f64, f64, bool)> {
        find(text)
            .into_iter()
            .map(|p| (p.claimed, p.computed, p.holds()))
            .collect()
    }

    #[test]
    fn proportions_in_words_are_worked_out() {
        assert_eq!(
            read("pierde la mitad de sus 8 figuras, 4"),
            [(4.0, 4.0, true)]
        );
        assert_eq!(read("la mitad de ocho figuras (5)"), [(5.0, 4.0, false)]);
        assert_eq!(read("un tercio de 12 bases: 4"), [(4.0, 4.0, true)]);
        assert_eq!(read("el 50 % de 12 = 6"), [(6.0, 6.0, true)]);
        assert_eq!(read("3 (la mitad de 7)"), [(3.0, 3.5, true)]);
        assert_eq!(read("половина из 8 фигур — 4"), [(4.0, 4.0, true)]);
        assert_eq!(read("две трети из 9 — 7"), [(7.0, 6.0, false)]);
    }

    #[test]
    fn a_proportion_without_a_stated_result_is_no_claim() {
        assert!(read("la mitad de sus 8 figuras disparan a 20 cm").is_empty());
        assert!(read("la mitad de los cañones.").is_empty());
    }
}
