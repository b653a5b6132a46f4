//! Finds the glossary's terms in a chapter's text, so that the index can
//! give every case and page where a term is used. Terms and their forms
//! match whatever their capitals; an abbreviation only as written ("LOS",
//! not the article "los").

use crate::model::ruleset::Term;

struct Pattern {
    chars: Vec<char>,
    exact: bool,
    term: usize,
}

pub struct TermFinder {
    /// Longest first, so that "zona de control" wins over "zona".
    patterns: Vec<Pattern>,
}

fn folded(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

impl TermFinder {
    pub fn new(glossary: &[Term]) -> Self {
        let mut patterns = Vec::new();
        for (term, entry) in glossary.iter().enumerate() {
            for word in std::iter::once(&entry.term).chain(&entry.forms) {
                patterns.push(Pattern {
                    chars: word.chars().map(folded).collect(),
                    exact: false,
                    term,
                });
            }
            if let Some(abbr) = &entry.abbr {
                patterns.push(Pattern {
                    chars: abbr.chars().collect(),
                    exact: true,
                    term,
                });
            }
        }
        patterns.retain(|p| !p.chars.is_empty());
        patterns.sort_by_key(|p| std::cmp::Reverse(p.chars.len()));
        Self { patterns }
    }

    /// Each occurrence in `text` as (byte offset, term index), in order,
    /// whole words only.
    pub fn find(&self, text: &str) -> Vec<(usize, usize)> {
        self.find_words(text)
            .into_iter()
            .map(|(words, term)| (words.start, term))
            .collect()
    }

    /// Each occurrence in `text` as (the words' byte range, term index).
    pub fn find_words(&self, text: &str) -> Vec<(std::ops::Range<usize>, usize)> {
        if self.patterns.is_empty() {
            return Vec::new();
        }
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        // A word ends at a letter or digit's end; an abbreviation may end
        // in a full stop ("hex.").
        let is_word = |i: usize| chars.get(i).is_some_and(|(_, c)| c.is_alphanumeric());
        let mut found = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if is_word(i) && (i == 0 || !is_word(i - 1)) {
                let matched = self.patterns.iter().find(|p| {
                    let end = i + p.chars.len();
                    end <= chars.len()
                        && (p.chars.last().is_some_and(|c| !c.is_alphanumeric()) || !is_word(end))
                        && p.chars.iter().zip(&chars[i..end]).all(|(want, (_, got))| {
                            if p.exact {
                                want == got
                            } else {
                                *want == folded(*got)
                            }
                        })
                });
                if let Some(p) = matched {
                    let end = chars
                        .get(i + p.chars.len())
                        .map_or(text.len(), |(at, _)| *at);
                    found.push((chars[i].0..end, p.term));
                    i += p.chars.len();
                    continue;
                }
            }
            i += 1;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(term: &str, abbr: Option<&str>, forms: &[&str]) -> Term {
        Term {
            term: term.into(),
            abbr: abbr.map(str::to_string),
            forms: forms.iter().map(|f| f.to_string()).collect(),
            definition: "…".into(),
            location: crate::diagnostic::Location::new(0, 0..0),
        }
    }

    #[test]
    fn terms_are_found_whole_whatever_their_capitals_and_abbreviations_as_written() {
        let finder = TermFinder::new(&[
            term("Zona de control", Some("ZdC"), &["zonas de control"]),
            term("Línea de visión", Some("LOS"), &[]),
            term("Рукопашная", None, &["рукопашной"]),
        ]);
        let text =
            "Las Zonas de control (ZdC) de los batallones; la zdc no; LOS y línea de visión.";
        let found: Vec<usize> = finder.find(text).into_iter().map(|(_, t)| t).collect();
        assert_eq!(found, [0, 0, 1, 1]);
        assert_eq!(finder.find("В рукопашной схватке; рукопашная.").len(), 2);
        assert!(finder.find("rezona de controles").is_empty());
    }
}
