//! Numbers in running text that state a table's value without the claim
//! markup: the sentence names a row of the table (by its key's label) and
//! the column (by its label, or by the unit written after the number, when
//! one column has it), or a modifier by its label with a signed number.
//! "La infantería en línea mueve 12 cm" is read against the movement table.
//!
//! Reading prose is a guess, so a detected number only counts as checked
//! when the table agrees, and a disagreement is reported only when one
//! reading is nearer the number than any other.

mod reading;
use reading::{Number, read_sentence};

use std::collections::HashMap;
use std::ops::Range;
use std::rc::Rc;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::chapter::{Chapter, Container, Node};
use crate::model::table::Effect;
use crate::model::{Cell, Ruleset, TableKind};

use super::prose::show;

/// A number of the text read as a table's value.
#[derive(Debug, Clone)]
pub struct Detected {
    pub location: Location,
    pub said: String,
    /// Where the value is: the table, the row's label and the column's.
    pub table: String,
    pub row: String,
    pub column: String,
    pub value: f64,
    pub agrees: bool,
}

/// The numbers of a chapter's text read as table values: those that agree
/// with a table, and those whose one nearest reading disagrees.
pub fn claims(names: &Names, chapter: &Chapter) -> Vec<Detected> {
    let mut found = Vec::new();
    for passage in passages(chapter) {
        // The passage's words, read only when a reading needs its subject.
        let passage_words = std::cell::OnceCell::new();
        for sentence in sentences(&passage.text) {
            read_sentence(
                names,
                &passage,
                &passage_words,
                sentence,
                chapter,
                &mut found,
            );
        }
    }
    found
}

pub fn check(ruleset: &Ruleset, diags: &mut Diagnostics) {
    let names = Names::of(ruleset);
    for chapter in &ruleset.chapters {
        for d in claims(&names, chapter).into_iter().filter(|d| !d.agrees) {
            diags.push(
                Diagnostic::of(
                    codes::PROSE_CLAIM,
                    format!(
                        "the text says {}, table `{}` gives {} ({}, {})",
                        d.said,
                        d.table,
                        show(d.value),
                        d.row,
                        d.column
                    ),
                )
                .at_location(Some(d.location))
                .label(format!("read as `{}`: {}, {}", d.table, d.row, d.column))
                .expected(show(d.value))
                .found(d.said.clone()),
            );
        }
    }
}

/// The text of a paragraph, list item or note, with where each piece is in
/// the file, and the stretches (links) whose numbers are not read.
struct Passage {
    text: String,
    /// (offset in `text`, offset in the file, length) of each piece.
    pieces: Vec<(usize, usize, usize)>,
    skipped: Vec<Range<usize>>,
}

impl Passage {
    fn source(&self, offset: usize) -> usize {
        let piece = self
            .pieces
            .iter()
            .rev()
            .find(|(at, _, _)| *at <= offset)
            .copied()
            .unwrap_or((0, 0, 0));
        piece.1 + (offset - piece.0).min(piece.2)
    }
}

fn passages(chapter: &Chapter) -> Vec<Passage> {
    let mut all = Vec::new();
    let mut current = Passage {
        text: String::new(),
        pieces: Vec::new(),
        skipped: Vec::new(),
    };
    let mut link_start = None;
    let mut in_heading = false;
    let flush = |current: &mut Passage, all: &mut Vec<Passage>| {
        if !current.text.trim().is_empty() {
            all.push(std::mem::replace(
                current,
                Passage {
                    text: String::new(),
                    pieces: Vec::new(),
                    skipped: Vec::new(),
                },
            ));
        } else {
            current.text.clear();
            current.pieces.clear();
            current.skipped.clear();
        }
    };
    for (node, range) in &chapter.body.nodes {
        match node {
            Node::Open(Container::Link { .. }) => link_start = Some(current.text.len()),
            Node::Close(Container::Link { .. }) => {
                if let Some(start) = link_start.take() {
                    current.skipped.push(start..current.text.len());
                }
            }
            Node::Open(Container::Heading { .. }) => {
                flush(&mut current, &mut all);
                in_heading = true;
            }
            Node::Close(Container::Heading { .. }) => {
                current = Passage {
                    text: String::new(),
                    pieces: Vec::new(),
                    skipped: Vec::new(),
                };
                in_heading = false;
            }
            Node::Open(
                Container::Paragraph | Container::Item | Container::Quote | Container::Note { .. },
            )
            | Node::Close(
                Container::Paragraph | Container::Item | Container::Quote | Container::Note { .. },
            ) => flush(&mut current, &mut all),
            Node::Text(text) | Node::Code(text) if !in_heading => {
                current
                    .pieces
                    .push((current.text.len(), range.start, text.len()));
                current.text.push_str(text);
            }
            Node::SoftBreak | Node::HardBreak => current.text.push(' '),
            _ => {}
        }
    }
    flush(&mut current, &mut all);
    all
}

/// Sentences: split after `.`, `;`, `?` or `!` followed by a space, never
/// inside a number ("7.5").
fn sentences(text: &str) -> Vec<Range<usize>> {
    let mut found = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | ';' | '?' | '!')
            && bytes.get(i + 1).is_none_or(|b| b.is_ascii_whitespace())
        {
            found.push(start..i + 1);
            start = i + 1;
        }
    }
    if start < text.len() {
        found.push(start..text.len());
    }
    found
}

/// A word of a label as the text's words are compared with it: long words
/// agree on all but their last two letters, allowing for the endings of
/// plural and case ("líneas", "колонной"); short ones and numbers exactly.
#[derive(Debug, Clone, PartialEq)]
struct LabelWord {
    stem: String,
    /// The longest text word that still is this one, in characters; none
    /// when the word must be written as it is.
    longest: Option<usize>,
}

impl LabelWord {
    fn new(word: &str) -> Self {
        let length = word.chars().count();
        if length < 5 || word.bytes().any(|b| b.is_ascii_digit()) {
            return LabelWord {
                stem: word.to_string(),
                longest: None,
            };
        }
        let stem = word.chars().take((length - 2).max(4)).collect();
        LabelWord {
            stem,
            longest: Some(length + 3),
        }
    }

    fn is(&self, text_word: &str) -> bool {
        match self.longest {
            None => text_word == self.stem,
            Some(longest) => {
                text_word.starts_with(&self.stem) && text_word.chars().count() <= longest
            }
        }
    }
}

/// A label's words, by their index among all the labels (so that where a
/// label stands in a sentence is found once per sentence).
type Phrase = usize;

/// A way the text can name a value: its row's keys, its column, the value.
struct Name {
    /// Every key of the row must be named, each by one of its phrases.
    keys: Rc<Vec<Vec<Phrase>>>,
    column: Option<Rc<ColumnName>>,
    /// Whether the number must be written with its sign (a modifier).
    signed: bool,
    value: f64,
    table: Rc<str>,
    row: Rc<str>,
    column_label: Rc<str>,
    /// The longer words of the table's title: a disagreement is only held
    /// against a table whose subject the passage names.
    topic: Rc<Vec<LabelWord>>,
}

struct ColumnName {
    label: Phrase,
    unit: Option<String>,
    /// No other column of the table has this unit: the unit names the column.
    unit_names: bool,
    /// The keys of [`Names::by_unit`] and [`Names::by_label`] it is found by.
    index_keys: [Option<String>; 2],
}

/// Every value of a ruleset's tables the text can name, and the labels
/// that name them.
pub struct Names {
    names: Vec<Name>,
    phrases: Vec<Vec<LabelWord>>,
    /// The names a number can have, by the unit written after it, by how
    /// the word after it begins (a column's label), and for signed numbers.
    by_unit: HashMap<String, Vec<usize>>,
    by_label: HashMap<String, Vec<usize>>,
    signed: Vec<usize>,
}

/// How a word begins, as far as a label's stem must agree with it.
fn opening(word: &str) -> String {
    word.chars().take(4).collect()
}

/// Gives each distinct label its index.
#[derive(Default)]
struct Phrases {
    all: Vec<Vec<LabelWord>>,
    index: HashMap<Vec<String>, usize>,
    /// The phrases of each label already read: a vocabulary's labels come
    /// back in row after row.
    labels: HashMap<String, Vec<Phrase>>,
}

impl Phrases {
    fn intern(&mut self, words: &[String]) -> Phrase {
        if let Some(&i) = self.index.get(words) {
            return i;
        }
        self.all
            .push(words.iter().map(|w| LabelWord::new(w)).collect());
        self.index.insert(words.to_vec(), self.all.len() - 1);
        self.all.len() - 1
    }

    /// The phrases a label can be written as: whole, and without what it
    /// adds in brackets or after a comma ("Línea (dos filas)" → "línea").
    /// A label of one short word names nothing: too many sentences hold it.
    fn of_label(&mut self, label: &str) -> Vec<Phrase> {
        if let Some(found) = self.labels.get(label) {
            return found.clone();
        }
        let mut found: Vec<Phrase> = Vec::new();
        // The head's words are the first words of the whole label.
        let whole = words(label);
        let head = label.split(['(', ',', ':']).next().unwrap_or(label);
        let head_words = head
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty());
        let head_len = head_words.count();
        for part in [&whole[..], &whole[..head_len.min(whole.len())]] {
            let long_enough = part.iter().map(|w| w.chars().count()).sum::<usize>() >= 4;
            if !part.is_empty() && long_enough {
                let phrase = self.intern(part);
                if !found.contains(&phrase) {
                    found.push(phrase);
                }
            }
        }
        self.labels.insert(label.to_string(), found.clone());
        found
    }
}

impl Names {
    pub fn of(ruleset: &Ruleset) -> Self {
        let mut names = Vec::new();
        let mut phrases = Phrases::default();
        let label_of = |vocab: &Option<String>, key: &str| -> String {
            vocab
                .as_deref()
                .and_then(|v| ruleset.vocabulary(v))
                .and_then(|v| v.member(key))
                .map_or_else(|| key.to_string(), |m| m.label.clone())
        };
        for table in &ruleset.tables {
            let subject = Rc::new(topic(&table.title));
            let table_id: Rc<str> = table.id.as_str().into();
            match &table.kind {
                TableKind::Lookup(lookup) => {
                    let units: Vec<Option<String>> = lookup
                        .columns
                        .iter()
                        .map(|c| c.unit.as_deref().map(str::to_lowercase))
                        .collect();
                    // A column is named the same way in every row.
                    let columns: Vec<(Rc<ColumnName>, Rc<str>)> = lookup
                        .columns
                        .iter()
                        .zip(&units)
                        .map(|(column, unit)| {
                            let unit_names =
                                unit.is_some() && units.iter().filter(|u| *u == unit).count() == 1;
                            let label = phrases.intern(&words(&column.label));
                            let index_keys = [
                                unit.as_ref().map(|u| u.trim_end_matches('.').to_string()),
                                phrases.all[label].first().map(|w| opening(&w.stem)),
                            ];
                            let name = ColumnName {
                                label,
                                unit: unit.clone(),
                                unit_names,
                                index_keys,
                            };
                            (Rc::new(name), column.label.as_str().into())
                        })
                        .collect();
                    for row in &lookup.rows {
                        let labels: Vec<Vec<String>> = row
                            .iter()
                            .zip(&lookup.columns)
                            .filter_map(|(cell, column)| match cell {
                                Cell::Keys(keys) => {
                                    Some(keys.iter().map(|k| label_of(&column.vocab, k)).collect())
                                }
                                Cell::Text(text) if column.vocab.is_none() => {
                                    Some(vec![text.clone()])
                                }
                                _ => None,
                            })
                            .collect();
                        let keys: Vec<Vec<Phrase>> = labels
                            .iter()
                            .map(|alternatives| {
                                alternatives
                                    .iter()
                                    .flat_map(|l| phrases.of_label(l))
                                    .collect()
                            })
                            .collect();
                        if keys.is_empty() || keys.iter().any(Vec::is_empty) {
                            continue;
                        }
                        let keys = Rc::new(keys);
                        let row_label: Rc<str> = labels
                            .iter()
                            .filter_map(|k| k.first().cloned())
                            .collect::<Vec<_>>()
                            .join(", ")
                            .into();
                        for (cell, (column, column_label)) in row.iter().zip(&columns) {
                            let Some(value) = cell.number() else { continue };
                            names.push(Name {
                                keys: keys.clone(),
                                column: Some(column.clone()),
                                signed: false,
                                value,
                                table: table_id.clone(),
                                row: row_label.clone(),
                                column_label: column_label.clone(),
                                topic: subject.clone(),
                            });
                        }
                    }
                }
                TableKind::Modifiers(m) => {
                    push_modifiers(&mut names, &mut phrases, table, &subject, m)
                }
                TableKind::DiceTest(t) => {
                    push_modifiers(&mut names, &mut phrases, table, &subject, &t.modifiers)
                }
                _ => {}
            }
        }
        let mut by_unit: HashMap<String, Vec<usize>> = HashMap::new();
        let (mut by_label, mut signed) = (HashMap::new(), Vec::new());
        for (i, name) in names.iter().enumerate() {
            let Some(column) = &name.column else {
                signed.push(i);
                continue;
            };
            let [unit, label] = &column.index_keys;
            for (key, index) in [(unit, &mut by_unit), (label, &mut by_label)] {
                let Some(key) = key else { continue };
                match index.get_mut(key) {
                    Some(list) => list.push(i),
                    None => {
                        index.insert(key.clone(), vec![i]);
                    }
                }
            }
        }
        Names {
            names,
            phrases: phrases.all,
            by_unit,
            by_label,
            signed,
        }
    }

    /// The names a number may have: those of its unit or of the label after
    /// it, or the modifiers for a signed number.
    fn candidates(&self, number: &Number, next_word: Option<&str>) -> Vec<usize> {
        if number.signed {
            return self.signed.clone();
        }
        let mut found: Vec<usize> = number
            .unit
            .as_deref()
            .and_then(|u| self.by_unit.get(u))
            .cloned()
            .unwrap_or_default();
        if let Some(list) = next_word.and_then(|w| self.by_label.get(&opening(w))) {
            found.extend(list);
        }
        found.sort_unstable();
        found.dedup();
        found
    }
}

fn push_modifiers(
    names: &mut Vec<Name>,
    phrases: &mut Phrases,
    table: &crate::model::Table,
    subject: &Rc<Vec<LabelWord>>,
    m: &crate::model::table::ModifierTable,
) {
    for group in &m.groups {
        for modifier in &group.modifiers {
            let Effect::Add(value) = modifier.effect else {
                continue;
            };
            let label = phrases.of_label(&modifier.label);
            if label.is_empty() {
                continue;
            }
            names.push(Name {
                keys: Rc::new(vec![label]),
                column: None,
                signed: true,
                value: value as f64,
                table: table.id.as_str().into(),
                row: modifier.label.as_str().into(),
                column_label: "modifier".into(),
                topic: subject.clone(),
            });
        }
    }
}

/// The words of a title that say what the table is about.
fn topic(title: &str) -> Vec<LabelWord> {
    words(title)
        .into_iter()
        .filter(|w| w.chars().count() >= 5)
        .map(|w| LabelWord::new(&w))
        .collect()
}

/// The lower-case words of a text.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Where (word index) a label stands in the sentence's words, each time.
fn positions(sentence: &[(String, usize)], phrase: &[LabelWord]) -> Vec<usize> {
    if phrase.is_empty() || phrase.len() > sentence.len() {
        return Vec::new();
    }
    (0..=sentence.len() - phrase.len())
        .filter(|&i| phrase.iter().zip(&sentence[i..]).all(|(p, (w, _))| p.is(w)))
        .collect()
}

/// Where each label stands in one sentence, found when first asked.
struct Places<'a> {
    sentence: &'a [(String, usize)],
    phrases: &'a [Vec<LabelWord>],
    found: HashMap<Phrase, Vec<usize>>,
}

impl Places<'_> {
    fn of(&mut self, phrase: Phrase) -> &[usize] {
        let (sentence, phrases) = (self.sentence, self.phrases);
        self.found
            .entry(phrase)
            .or_insert_with(|| positions(sentence, &phrases[phrase]))
    }
}

#[cfg(test)]
mod tests {
    use super::{LabelWord, sentences};

    fn same_word(text_word: &str, label_word: &str) -> bool {
        LabelWord::new(label_word).is(text_word)
    }

    #[test]
    fn words_agree_across_plural_and_case() {
        assert!(same_word("líneas", "línea"));
        assert!(same_word("колонной", "колонна"));
        assert!(!same_word("linaje", "línea"));
        assert!(same_word("cm", "cm"));
        assert!(!same_word("cms", "cm"));
    }

    #[test]
    fn sentences_end_at_stops_but_not_inside_numbers() {
        let text = "Mueve 7.5 cm. Luego dispara; fin";
        let parts: Vec<&str> = sentences(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(parts, ["Mueve 7.5 cm.", " Luego dispara;", " fin"]);
    }
}
