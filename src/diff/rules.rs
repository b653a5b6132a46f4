//! Cases and headings of two editions of a ruleset, matched and compared:
//! by the author's id first, then by identical words, then by place with
//! similar words; what is left was added or deleted.

use std::collections::HashMap;

use similar::{ChangeTag, TextDiff};

use super::passages::Passage;
use crate::model::changes::{Change, Entry, Kind, Place, Words};

/// Words at least this alike (0–1, by matching words) are the same case reworded.
const ALIKE: f32 = 0.5;
/// Pairs of cases weighed for likeness at most (about a second of work).
const MAX_COMPARISONS: usize = 100_000;

/// The changes of the rules text, and the cases whose number changed only
/// because cases were added or deleted before them (old → new).
pub fn compare(old: &[Passage], new: &[Passage]) -> (Vec<Entry>, Vec<(String, String)>) {
    let pairs = match_passages(old, new);
    let mut entries = Vec::new();
    let mut renumbered = Vec::new();
    let section_of: HashMap<&str, &str> = pairs
        .iter()
        .filter(|(o, n)| old[*o].heading && new[*n].heading)
        .map(|(o, n)| (old[*o].section.as_str(), new[*n].section.as_str()))
        .collect();
    let out_of_order = out_of_order(&pairs);
    for (index, &(o, n)) in pairs.iter().enumerate() {
        let (was, is) = (&old[o], &new[n]);
        if was.key != is.key {
            entries.push(entry(
                is,
                Change::Reworded {
                    words: words(&was.text, &is.text),
                },
            ));
        }
        if was.heading {
            continue;
        }
        let same_section = section_of
            .get(was.section.as_str())
            .map_or(was.section == is.section, |s| *s == is.section);
        if !same_section || was.chapter != is.chapter {
            entries.push(entry(
                is,
                Change::Moved {
                    from: was.number.clone(),
                    to: is.number.clone(),
                },
            ));
        } else if out_of_order.contains(&index) {
            entries.push(entry(
                is,
                Change::Renumbered {
                    from: was.number.clone(),
                    to: is.number.clone(),
                },
            ));
        } else if was.number != is.number {
            renumbered.push((was.number.clone(), is.number.clone()));
        }
    }
    let matched_old: Vec<bool> = flags(old.len(), pairs.iter().map(|p| p.0));
    let matched_new: Vec<bool> = flags(new.len(), pairs.iter().map(|p| p.1));
    for (passage, _) in old.iter().zip(&matched_old).filter(|(_, m)| !**m) {
        entries.push(Entry::new(
            place(passage),
            Kind::Deletion,
            Change::Removed {
                text: passage.text.clone(),
            },
        ));
    }
    for (passage, _) in new.iter().zip(&matched_new).filter(|(_, m)| !**m) {
        entries.push(Entry::new(
            place(passage),
            Kind::Addition,
            Change::Added {
                text: passage.text.clone(),
            },
        ));
    }
    (entries, renumbered)
}

fn flags(len: usize, set: impl Iterator<Item = usize>) -> Vec<bool> {
    let mut flags = vec![false; len];
    for i in set {
        flags[i] = true;
    }
    flags
}

fn entry(passage: &Passage, change: Change) -> Entry {
    Entry::new(place(passage), Kind::Change, change)
}

pub fn place(passage: &Passage) -> Place {
    if passage.heading {
        Place::Section {
            number: passage.number.clone(),
            id: passage.id.clone(),
        }
    } else {
        Place::Case {
            number: passage.number.clone(),
            id: passage.id.clone(),
            chapter: passage.chapter.clone(),
        }
    }
}

/// Pairs (old index, new index), in the order of the old text.
fn match_passages(old: &[Passage], new: &[Passage]) -> Vec<(usize, usize)> {
    let mut new_of: Vec<Option<usize>> = vec![None; old.len()];
    let mut taken = vec![false; new.len()];
    let pair = |o: usize, n: usize, new_of: &mut [Option<usize>], taken: &mut [bool]| {
        new_of[o] = Some(n);
        taken[n] = true;
    };
    // 1. The author's ids: stable whatever moved.
    let by_id: HashMap<(&str, bool), usize> = new
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.id.as_deref().map(|id| ((id, p.heading), i)))
        .collect();
    for (o, passage) in old.iter().enumerate() {
        if let Some(&n) = passage
            .id
            .as_deref()
            .and_then(|id| by_id.get(&(id, passage.heading)))
        {
            pair(o, n, &mut new_of, &mut taken);
        }
    }
    // 2. The same words, wherever they now are (first come, first served).
    let mut by_words: HashMap<(&str, bool), Vec<usize>> = HashMap::new();
    for (n, passage) in new.iter().enumerate().rev() {
        if !taken[n] {
            by_words
                .entry((passage.key.as_str(), passage.heading))
                .or_default()
                .push(n);
        }
    }
    for (o, passage) in old.iter().enumerate() {
        if new_of[o].is_some() {
            continue;
        }
        if let Some(n) = by_words
            .get_mut(&(passage.key.as_str(), passage.heading))
            .and_then(Vec::pop)
        {
            pair(o, n, &mut new_of, &mut taken);
        }
    }
    // 3. Reworded: the most alike passage left in the same chapter, of the
    // same kind, above the threshold; ties go to the same number.
    let comparisons = std::cell::Cell::new(0);
    for (o, passage) in old.iter().enumerate() {
        if new_of[o].is_some() {
            continue;
        }
        let best = new
            .iter()
            .enumerate()
            .filter(|(n, p)| {
                // Two ids are two cases, however alike their words.
                let ids_agree = p.id.is_none() || passage.id.is_none();
                !taken[*n]
                    && ids_agree
                    && p.heading == passage.heading
                    && p.chapter == passage.chapter
            })
            // Past the budget (a chapter rewritten from end to end), only
            // the case of the same number is weighed.
            .filter(|(_, p)| comparisons.get() < MAX_COMPARISONS || p.number == passage.number)
            .map(|(n, p)| {
                comparisons.set(comparisons.get() + 1);
                let same_number = p.number == passage.number;
                (n, likeness(&passage.key, &p.key), same_number)
            })
            .filter(|(_, ratio, _)| *ratio >= ALIKE)
            .max_by(|a, b| {
                (a.1, a.2)
                    .partial_cmp(&(b.1, b.2))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
        if let Some((n, _, _)) = best {
            pair(o, n, &mut new_of, &mut taken);
        }
    }
    new_of
        .into_iter()
        .enumerate()
        .filter_map(|(o, n)| n.map(|n| (o, n)))
        .collect()
}

/// How alike two texts are, word by word (0–1).
fn likeness(a: &str, b: &str) -> f32 {
    let (a, b): (Vec<&str>, Vec<&str>) = (
        a.split_whitespace().collect(),
        b.split_whitespace().collect(),
    );
    TextDiff::from_slices(&a, &b).ratio()
}

/// The pairs (by index) whose order among the others changed: those off
/// the longest run that kept its order, as a reader would say what moved.
fn out_of_order(pairs: &[(usize, usize)]) -> Vec<usize> {
    let news: Vec<usize> = pairs.iter().map(|p| p.1).collect();
    let kept = longest_increasing(&news);
    (0..pairs.len()).filter(|i| !kept.contains(i)).collect()
}

/// Indices of a longest strictly increasing subsequence (patience sorting).
fn longest_increasing(values: &[usize]) -> Vec<usize> {
    let mut tails: Vec<usize> = Vec::new();
    let mut previous = vec![usize::MAX; values.len()];
    for (i, value) in values.iter().enumerate() {
        let at = tails.partition_point(|&t| values[t] < *value);
        if at > 0 {
            previous[i] = tails[at - 1];
        }
        if at == tails.len() {
            tails.push(i);
        } else {
            tails[at] = i;
        }
    }
    let mut kept = Vec::new();
    let mut next = tails.last().copied();
    while let Some(i) = next {
        kept.push(i);
        next = (previous[i] != usize::MAX).then(|| previous[i]);
    }
    kept.reverse();
    kept
}

/// The words of a reworded text, each run kept, removed or inserted.
pub fn words(old: &str, new: &str) -> Vec<Words> {
    let diff = TextDiff::from_words(old, new);
    let mut runs: Vec<Words> = Vec::new();
    for change in diff.iter_all_changes() {
        let text = change.value();
        let run = match change.tag() {
            ChangeTag::Equal => Words::Same(text.to_string()),
            ChangeTag::Delete => Words::Removed(text.to_string()),
            ChangeTag::Insert => Words::Inserted(text.to_string()),
        };
        match (runs.last_mut(), run) {
            (Some(Words::Same(a)), Words::Same(b))
            | (Some(Words::Removed(a)), Words::Removed(b))
            | (Some(Words::Inserted(a)), Words::Inserted(b)) => a.push_str(&b),
            (_, run) => runs.push(run),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cases_off_the_longest_ordered_run_are_the_moved_ones() {
        // Old order 0..5; new positions: the third case went to the end.
        let pairs = [(0, 0), (1, 1), (2, 4), (3, 2), (4, 3)];
        assert_eq!(out_of_order(&pairs), vec![2]);
        assert_eq!(longest_increasing(&[3, 1, 2]), vec![1, 2]);
    }

    fn passage(number: usize, words: &str) -> Passage {
        Passage {
            number: format!("1.1.{number}"),
            id: None,
            chapter: "c".into(),
            section: "s".into(),
            heading: false,
            key: words.into(),
            text: words.into(),
        }
    }

    #[test]
    fn a_chapter_rewritten_whole_is_weighed_within_the_budget_and_reported_whole() {
        // Every case replaced: far more pairs than the budget lets be weighed.
        let old: Vec<Passage> = (0..500)
            .map(|i| passage(i, &format!("old rule {i} about marching columns")))
            .collect();
        let new: Vec<Passage> = (0..500)
            .map(|i| passage(i, &format!("fresh text {i} on squares of infantry")))
            .collect();
        let (entries, renumbered) = compare(&old, &new);
        let count = |kind| entries.iter().filter(|e| e.kind == kind).count();
        assert_eq!((count(Kind::Deletion), count(Kind::Addition)), (500, 500));
        assert!(renumbered.is_empty());
    }

    #[test]
    fn a_reworded_sentence_keeps_its_unchanged_words_in_runs() {
        let runs = words(
            "La carga se resuelve antes del fuego.",
            "La carga se resuelve después del fuego.",
        );
        assert_eq!(
            runs,
            vec![
                Words::Same("La carga se resuelve ".into()),
                Words::Removed("antes".into()),
                Words::Inserted("después".into()),
                Words::Same(" del fuego.".into()),
            ]
        );
    }
}
