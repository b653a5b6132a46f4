//! Reading one sentence: its numbers (with sign and unit), and which of the
//! names it holds each number is read against, by how near the name stands
//! and whether a conjunction parts them.

use super::*;
use crate::diagnostic::Location;
use crate::model::chapter::Chapter;
use std::collections::HashMap;
use std::ops::Range;

/// A number of a sentence: where, its value, whether signed, its unit.
pub(super) struct Number {
    pub(super) range: Range<usize>,
    pub(super) value: f64,
    pub(super) signed: bool,
    pub(super) unit: Option<String>,
}

pub(super) fn numbers(text: &str, sentence: Range<usize>, skipped: &[Range<usize>]) -> Vec<Number> {
    let part = &text[sentence.clone()];
    super::super::claim_coverage::numbers_in(part)
        .into_iter()
        .filter(|r| !super::super::claim_coverage::states_nothing(part, r))
        .filter_map(|r| {
            let at = sentence.start + r.start..sentence.start + r.end;
            if skipped
                .iter()
                .any(|s| s.start <= at.start && at.end <= s.end)
            {
                return None;
            }
            let written = part[r.clone()].replace(',', ".");
            let mut value = match written.split_once('/') {
                Some((a, b)) => {
                    a.parse::<f64>().ok()? / b.parse::<f64>().ok().filter(|b| *b != 0.0)?
                }
                None => written.parse().ok()?,
            };
            let sign = part[..r.start].chars().next_back();
            let signed = matches!(sign, Some('+' | '-' | '−'));
            if matches!(sign, Some('-' | '−')) {
                value = -value;
            }
            let unit: String = part[r.end..]
                .trim_start_matches([' ', '\u{a0}'])
                .chars()
                .take_while(|c| c.is_alphabetic() || *c == '%')
                .collect();
            Some(Number {
                range: at,
                value,
                signed,
                unit: (!unit.is_empty()).then(|| unit.to_lowercase()),
            })
        })
        .collect()
}

/// How many words apart a row's name and its number may stand to be read
/// together, and to be held against each other when they disagree.
pub(super) const NEAR: usize = 6;

pub(super) const NEAR_ENOUGH_TO_DISAGREE: usize = 4;

/// Words between a phrase (first and last word) and a word.
pub(super) fn gap(phrase: (usize, usize), word: usize) -> usize {
    if word < phrase.0 {
        phrase.0 - word
    } else {
        word.saturating_sub(phrase.1)
    }
}

/// Words that join clauses: a name and a number on either side of one
/// belong less together.
pub(super) const CONJUNCTIONS: &[&str] = &[
    "y", "e", "o", "u", "pero", "и", "а", "или", "но", "and", "or", "but",
];

/// How far a phrase stands from a word: the words between, and three more
/// for each clause break between them.
pub(super) fn cost(bounds: &[usize], phrase: (usize, usize), word: usize) -> usize {
    let at = |i: usize| bounds.get(i).copied().unwrap_or(0);
    let breaks = if word < phrase.0 {
        at(phrase.0) - at(word)
    } else {
        at(word).saturating_sub(at(phrase.1))
    };
    gap(phrase, word) + 3 * breaks
}

/// One reading of a number: the name, how far its row's words stand, and
/// whether the sentence names its column by its label.
pub(super) struct Reading<'a> {
    pub(super) name: &'a Name,
    /// The distance counting only the row's names nearest this number, where
    /// the sentence also names the column: the reading is firm enough to
    /// report a disagreement.
    pub(super) strict: Option<usize>,
}

pub(super) fn read_sentence(
    names: &Names,
    passage: &Passage,
    passage_words: &std::cell::OnceCell<Vec<String>>,
    sentence: Range<usize>,
    chapter: &Chapter,
    found: &mut Vec<Detected>,
) {
    // Numbers inside the author's own claims are theirs to check.
    let numbers: Vec<Number> = numbers(&passage.text, sentence.clone(), &passage.skipped)
        .into_iter()
        .filter(|n| {
            let at = passage.source(n.range.start);
            !chapter
                .claims
                .iter()
                .any(|c| c.location.range.start <= at && at < c.location.range.end)
        })
        .collect();
    if numbers.is_empty() {
        return;
    }
    // The sentence's words (numbers among them) with their byte offsets.
    let part = &passage.text[sentence.clone()];
    let mut sentence_words: Vec<(String, usize)> = Vec::new();
    let mut start = None;
    for (i, c) in part
        .char_indices()
        .chain(std::iter::once((part.len(), ' ')))
    {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                sentence_words.push((part[s..i].to_lowercase(), sentence.start + s));
                start = None;
            }
            _ => {}
        }
    }
    let word_of = |offset: usize| sentence_words.partition_point(|(_, at)| *at < offset);
    let number_words: Vec<usize> = numbers.iter().map(|n| word_of(n.range.start)).collect();
    // A name belongs to the number nearest it (the one before, on a tie:
    // "−2 por X y +1 por Y" gives X to −2).
    // Clause breaks (commas, brackets, "y", "и"…) before each word: a name
    // and a number across one stand further apart.
    let mut bounds = Vec::with_capacity(sentence_words.len());
    let mut breaks = 0;
    let mut previous_end = sentence.start;
    for (word, at) in &sentence_words {
        let between = passage.text.get(previous_end.min(*at)..*at).unwrap_or("");
        breaks += between.matches([',', ';', ':', '(', ')', '—', '–']).count();
        if CONJUNCTIONS.contains(&word.as_str()) {
            breaks += 1;
        }
        bounds.push(breaks);
        previous_end = at + word.len();
    }
    let nearest_number = |phrase: (usize, usize)| -> Option<usize> {
        number_words
            .iter()
            .enumerate()
            .min_by_key(|(_, w)| (cost(&bounds, phrase, **w), **w > phrase.0))
            .map(|(i, _)| i)
    };
    let mut places = Places {
        sentence: &sentence_words,
        phrases: &names.phrases,
        found: HashMap::new(),
    };
    for (index, number) in numbers.iter().enumerate() {
        let mut readings: Vec<Reading> = Vec::new();
        let next = sentence_words
            .get(number_words[index] + 1)
            .map(|(w, _)| w.as_str());
        for name in names
            .candidates(number, next)
            .into_iter()
            .map(|i| &names.names[i])
        {
            if name.signed != number.signed {
                continue;
            }
            let mut column_named = name.column.is_none();
            if let Some(column) = &name.column {
                // The number is written with the column's unit, or followed
                // by the column's label ("3 hexágonos").
                let written_unit = number.unit.as_deref().unwrap_or("");
                let named_by_unit = column
                    .unit
                    .as_deref()
                    .is_some_and(|u| u.trim_end_matches('.') == written_unit);
                let label = &names.phrases[column.label];
                let next_word = number_words[index] + 1;
                let label_follows = !label.is_empty()
                    && sentence_words
                        .get(next_word)
                        .is_some_and(|(w, _)| label[0].is(w))
                    && places.of(column.label).contains(&next_word);
                if !named_by_unit && !label_follows {
                    continue;
                }
                let label_at = places.of(column.label);
                if !label_follows && !column.unit_names && label_at.is_empty() {
                    continue;
                }
                // Firm only when the column's label stands by the number.
                let label_len = label.len().max(1);
                column_named = label_at.iter().any(|&i| {
                    cost(&bounds, (i, i + label_len - 1), number_words[index])
                        <= NEAR_ENOUGH_TO_DISAGREE
                });
            }
            // How far the row's names stand: any of their places, for a
            // reading that agrees; only the places nearest this number, for
            // one held against the table.
            let mut loose = Some(0);
            let mut strict = Some(0);
            for key in name.keys.iter() {
                let mut spans: Vec<(usize, usize)> = Vec::new();
                for &phrase in key {
                    let length = names.phrases[phrase].len();
                    spans.extend(places.of(phrase).iter().map(|&i| (i, i + length - 1)));
                }
                if spans.is_empty() {
                    loose = None;
                    break;
                }
                let cost = |span: (usize, usize)| cost(&bounds, span, number_words[index]);
                let nearest = spans.iter().map(|&span| cost(span)).min();
                let owned = spans
                    .iter()
                    .filter(|&&span| nearest_number(span) == Some(index))
                    .map(|&span| cost(span))
                    .min();
                loose = loose
                    .zip(nearest.filter(|d| *d <= NEAR))
                    .map(|(a, b)| a.max(b));
                strict = strict
                    .zip(owned.filter(|d| *d <= NEAR_ENOUGH_TO_DISAGREE))
                    .map(|(a, b)| a.max(b));
            }
            if loose.is_none() {
                continue;
            }
            let on_topic = name.topic.iter().any(|t| {
                passage_words
                    .get_or_init(|| words(&passage.text))
                    .iter()
                    .any(|w| t.is(w))
            });
            {
                readings.push(Reading {
                    name,
                    strict: strict.filter(|_| column_named && on_topic),
                });
            }
        }
        let agrees = |n: &Name| {
            (n.value - number.value).abs() < 1e-9
                || (!n.signed && (n.value - number.value.abs()).abs() < 1e-9)
        };
        let chosen = match readings.iter().find(|r| agrees(r.name)) {
            Some(r) => Some((true, r.name)),
            None => {
                // Held against the table only when one reading stands
                // nearest, close by, and the sentence names its column.
                let mut strict: Vec<(usize, &Name)> = readings
                    .iter()
                    .filter_map(|r| r.strict.map(|d| (d, r.name)))
                    .collect();
                strict.sort_by_key(|(d, _)| *d);
                match strict[..] {
                    [(_, name)] => Some((false, name)),
                    [(d0, name), (d1, _), ..] if d1 > d0 => Some((false, name)),
                    _ => None,
                }
            }
        };
        let Some((agrees, name)) = chosen else {
            continue;
        };
        let from = passage.source(number.range.start);
        let to = passage.source(number.range.end);
        found.push(Detected {
            location: Location::new(chapter.file, from..to.max(from)),
            said: passage.text[number.range.clone()].to_string()
                + &number
                    .unit
                    .as_deref()
                    .map(|u| format!(" {u}"))
                    .unwrap_or_default(),
            table: name.table.to_string(),
            row: name.row.to_string(),
            column: name.column_label.to_string(),
            value: name.value,
            agrees,
        });
    }
}
