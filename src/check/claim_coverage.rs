//! `check --coverage`: how many of the numbers a chapter's text holds a lint
//! checks — those tied to a table (`[6 cm](=movement/line/cm)`, see
//! `claims`) and those in arithmetic the text works out ("3 × 3 = 9", see
//! `prose`) — against all the numbers it holds.

use std::ops::Range;

use crate::model::Ruleset;
use crate::model::chapter::Node;

/// One chapter's count.
pub struct ChapterCoverage {
    pub number: usize,
    pub title: String,
    /// Numbers in the chapter's running text.
    pub numbers: usize,
    /// Of them, those a lint compares with a table or works out.
    pub verified: usize,
}

pub fn of(ruleset: &Ruleset) -> Vec<ChapterCoverage> {
    ruleset
        .chapters
        .iter()
        .map(|chapter| {
            let claimed: Vec<Range<usize>> = chapter
                .claims
                .iter()
                .map(|c| c.location.range.clone())
                .collect();
            let (mut numbers, mut verified) = (0, 0);
            for (node, range) in &chapter.body.nodes {
                let Node::Text(text) = node else {
                    continue;
                };
                let in_claim = claimed
                    .iter()
                    .any(|c| c.start <= range.start && range.end <= c.end);
                let worked_out: Vec<Range<usize>> = super::prose::find_claims(text)
                    .into_iter()
                    .map(|c| c.range)
                    .collect();
                for number in numbers_in(text) {
                    numbers += 1;
                    let checked = in_claim
                        || worked_out
                            .iter()
                            .any(|w| w.start <= number.start && number.end <= w.end);
                    if checked {
                        verified += 1;
                    }
                }
            }
            ChapterCoverage {
                number: chapter.number,
                title: chapter.title.clone(),
                numbers,
                verified,
            }
        })
        .collect()
}

/// Where the numbers of a text are: runs of digits, with a decimal comma
/// or point or a fraction bar between digits ("7,5", "1/2").
pub fn numbers_in(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len()
            && (bytes[i].is_ascii_digit()
                || (matches!(bytes[i], b'.' | b',' | b'/')
                    && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
        {
            i += 1;
        }
        found.push(start..i);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::numbers_in;

    #[test]
    fn a_number_is_a_run_of_digits_with_its_decimals_or_fraction() {
        let text = "avanza 7,5 cm, la mitad (1/2) de 15; 3x3=9.";
        let found: Vec<&str> = numbers_in(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(found, ["7,5", "1/2", "15", "3", "3", "9"]);
    }
}
