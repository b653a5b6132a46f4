//! Every printed word in the reader's language. Pseudo-localisation: built
//! with `--pseudo-locale`, every word grognard prints itself is wrapped in
//! ⟦…⟧ and a third longer; every other word on a page must come from the
//! project's sources (rules, scenarios, their names): a word that does
//! neither is one grognard wrote without a message file, in one language for
//! every reader. No id and no back-tick reaches a page either. And a booklet
//! built in Spanish, Russian and English says the same in each.

use std::collections::HashSet;
use std::path::Path;

use crate::common::{grognard, stderr};

/// The words of every source file of the project.
fn source_words(root: &Path) -> HashSet<String> {
    let mut words = HashSet::new();
    let mut stack = vec![root.join("content"), root.join("scenarios")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                for token in tokens(&text) {
                    // "3rd" also as "rd": extraction may part a number from its suffix.
                    let letters = token.trim_start_matches(|c: char| c.is_ascii_digit());
                    words.insert(letters.to_string());
                    words.insert(token.to_string());
                }
            }
        }
    }
    // Counter names abbreviate the sources' own words ("Brigade" → "Bde",
    // "Guards" → "Gds").
    let mut short_forms = Vec::new();
    for (long, short) in grognard::render::views::counter_names::ABBREVIATIONS {
        short_forms.extend(tokens(short).map(str::to_string));
        if !long.contains(' ') {
            let short = short.trim_end_matches('.');
            short_forms.extend(
                words
                    .iter()
                    .filter(|w| w.contains(long))
                    .map(|w| w.replace(long, short)),
            );
        }
    }
    words.extend(short_forms);
    words
}

fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
}

/// The text with the words hyphenation split at line ends joined again
/// ("caba -⏎llería", "По­⏎строение").
fn join_hyphenated(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if matches!(chars[i], '-' | '\u{ad}') {
            let mut j = i + 1;
            while j < chars.len() && (chars[j] == ' ' || chars[j] == '\u{ad}') {
                j += 1;
            }
            if j < chars.len() && chars[j] == '\n' {
                while j < chars.len() && chars[j].is_whitespace() {
                    j += 1;
                }
                while out.ends_with(' ') {
                    out.pop();
                }
                i = j;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// The page's text without the pseudo-localised messages.
fn unwrapped(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '⟦' => depth += 1,
            '⟧' => {
                depth = depth.saturating_sub(1);
                out.push(' ');
            }
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether a word is the sources' own: a number, a source word, or several
/// of three letters or more run together (table cells the text extraction joins, a page number
/// after the first half of a word hyphenated across pages), where a part may
/// be the lowercase first or last piece of a source word.
/// Cells whose text extraction runs together, as turned column heads do
/// ("1-е" and "Пехота" read "еПехота"): each part, cut where a capital
/// follows a small letter or a digit a letter, is a word of the sources.
fn glued_from_sources(word: &str, known: &Known) -> bool {
    // A number read glued to a name that starts with digits ("585" + "7e
    // Ligne", a roster's last number and the next row's unit): some split
    // inside the leading digits leaves a word of the sources.
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    if digits > 0
        && (1..=digits).any(|k| {
            let rest = &word[k..];
            rest.chars().next().is_some_and(|c| c.is_ascii_digit())
                && (known.words.contains(rest) || from_sources(rest, known))
        })
    {
        return true;
    }
    let mut parts = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    for pair in chars.windows(2) {
        let (a, b) = (pair[0].1, pair[1].1);
        if (a.is_lowercase() && b.is_uppercase()) || (a.is_alphabetic() && b.is_ascii_digit()) {
            parts.push(&word[start..pair[1].0]);
            start = pair[1].0;
        }
    }
    parts.push(&word[start..]);
    parts.len() > 1
        && parts
            .iter()
            .all(|p| known.words.contains(*p) || from_sources(p, known))
}

fn from_sources(word: &str, known: &Known) -> bool {
    if known.words.contains(word) {
        return true;
    }
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let mut reach = vec![false; chars.len() + 1];
    reach[0] = true;
    for i in 0..chars.len() {
        if !reach[i] {
            continue;
        }
        let start = chars[i].0;
        for (offset, reached) in reach[i + 1..].iter_mut().enumerate() {
            let j = i + 1 + offset;
            let end = chars.get(j).map_or(word.len(), |(b, _)| *b);
            let part = &word[start..end];
            // Parts of three letters or more, or capitals ("Ney" + "II"):
            // "H" and "ex" do not make "Hex", but "Caballería" and "De" make
            // the two cells "CaballeríaDe".
            let long = j - i >= 3;
            let capitals = part.chars().all(char::is_uppercase);
            let capitalised = j - i >= 2 && part.starts_with(char::is_uppercase);
            if ((long || capitals || capitalised) && known.words.contains(part))
                || (j - i >= 2 && known.pieces.contains(part))
                || part.chars().all(|c| c.is_ascii_digit())
            {
                *reached = true;
            }
        }
    }
    reach[chars.len()]
}

/// The sources' words, and the lowercase first and last pieces of the
/// longer ones.
struct Known {
    words: HashSet<String>,
    pieces: HashSet<String>,
}

impl Known {
    fn new(words: HashSet<String>) -> Self {
        // Lowercase words, and long tokens such as a URL's, which a line
        // may break anywhere.
        let pieces = words
            .iter()
            .map(|w| w.chars().collect::<Vec<char>>())
            .filter(|w| (w.len() >= 5 && w.iter().all(|c| c.is_lowercase())) || w.len() >= 14)
            .flat_map(|w| {
                // First pieces of two letters or more (hyphenation leaves
                // two on the line, and a page break may set the folio
                // between: "ве-" 15 "теранов"), last pieces of three or more.
                let firsts = (2..w.len() - 1).map({
                    let w = w.clone();
                    move |k| w[..k].iter().collect::<String>()
                });
                let lasts = (2..w.len() - 2).map(move |k| w[k..].iter().collect::<String>());
                firsts.chain(lasts)
            })
            .collect();
        Known { words, pieces }
    }
}

#[test]
fn every_word_grognard_prints_comes_from_its_message_files() {
    let project = crate::common::project_copy();
    // Every output: rulebooks, QRS, booklets, OOB booklets, counters,
    // labels, rosters and conversion reports, of every ruleset and battle.
    let output = grognard(project.path(), &["build", "--pseudo-locale"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let session = grognard::load(project.path());
    // The names of every hex of a map: its extent is in the sources.
    let mut words = source_words(project.path());
    for layer in session.project.scenarios.iter().flat_map(|s| &s.layers) {
        if let Some(map) = &layer.map {
            words.extend(map.grid.hexes().map(|(c, r)| map.grid.name(c, r)));
        }
    }
    let known = Known::new(words);
    // Ids of every scenario (those with a hyphen: a plain word may be one too).
    let ids: Vec<&str> = session
        .project
        .scenarios
        .iter()
        .flat_map(|scenario| {
            let units = scenario.units.iter().map(|u| u.id.as_str());
            let formations = scenario.formations.iter().map(|f| f.id.as_str());
            let leaders = scenario.leaders.iter().map(|l| l.id.as_str());
            units.chain(formations).chain(leaders)
        })
        .filter(|id| id.contains('-'))
        .collect();
    let mut pdfs = Vec::new();
    for folder in std::fs::read_dir(project.path().join("out")).unwrap() {
        for entry in std::fs::read_dir(folder.unwrap().path()).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pdf" || e == "md") {
                pdfs.push(path);
            }
        }
    }
    pdfs.sort();
    assert!(pdfs.len() >= 40, "{pdfs:?}");
    let mut problems = Vec::new();
    for pdf in &pdfs {
        let name = pdf.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(pdf).unwrap();
        // A conversion report is Markdown; everything else a PDF.
        let text = if name.ends_with(".md") {
            String::from_utf8(bytes).unwrap()
        } else {
            pdf_extract::extract_text_from_mem(&bytes).unwrap()
        };
        // A counter sheet prints only the sources' names and values.
        if !name.ends_with("-counters.pdf") {
            assert!(text.contains('⟦'), "{name}: no message at all");
        }
        let rest = unwrapped(&join_hyphenated(&text));
        let mut foreign: Vec<&str> = tokens(&rest)
            .filter(|w| !from_sources(w, &known) && !glued_from_sources(w, &known))
            .collect();
        foreign.sort();
        foreign.dedup();
        if !foreign.is_empty() {
            let at = rest.find(foreign[0]).unwrap_or(0);
            let from = rest.floor_char_boundary(at.saturating_sub(60));
            let context: String = rest[from..].chars().take(120).collect();
            problems.push(format!(
                "{name}: words from no message file: {foreign:?}, e.g. in «{context}»"
            ));
        }
        if rest.contains('`') {
            problems.push(format!("{name}: a back-tick"));
        }
        // The page's words once, not once per id (a scan per id took minutes).
        let page_words: HashSet<&str> = rest
            .split(|c: char| c.is_whitespace() || ",;:()".contains(c))
            .collect();
        let leaked: Vec<&&str> = ids.iter().filter(|id| page_words.contains(**id)).collect();
        if !leaked.is_empty() {
            problems.push(format!("{name}: ids on the page: {leaked:?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The numbers of a text in order, each as its digits alone: "20.818",
/// "20 818" and "20,818" are all 20818.
fn numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut numbers = Vec::new();
    let mut current = String::new();
    for (i, c) in chars.iter().enumerate() {
        // A group separator: a space of any width (justified text may
        // stretch it to two), a point or a comma, before three digits.
        let rest: Vec<char> = chars[i + 1..]
            .iter()
            .skip_while(|n| **n == ' ')
            .take(4)
            .copied()
            .collect();
        let group = rest.len() >= 3
            && rest[..3].iter().all(char::is_ascii_digit)
            && !rest.get(3).is_some_and(char::is_ascii_digit);
        let between_digits = (c.is_whitespace() || matches!(c, '.' | ','))
            && *c != '\n'
            && !current.is_empty()
            && group;
        if c.is_ascii_digit() {
            current.push(*c);
        } else if !between_digits && !current.is_empty() {
            numbers.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        numbers.push(current);
    }
    numbers
}

#[test]
fn a_booklet_built_in_three_languages_says_the_same_in_each() {
    let project = crate::common::project_copy();
    let ruleset = project.path().join("content/sombra/ruleset.toml");
    let original = std::fs::read_to_string(&ruleset).unwrap();
    let mut texts = Vec::new();
    for language in ["es", "ru", "en"] {
        let text = original.replacen(
            "language = \"es\"",
            &format!("language = \"{language}\""),
            1,
        );
        assert!(original.contains("language = \"es\""));
        std::fs::write(&ruleset, text).unwrap();
        let output = grognard(
            project.path(),
            &["build", "quatre-bras-1815", "--only", "booklets"],
        );
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let pdf = project
            .path()
            .join("out/quatre-bras-1815/quatre-bras-1815-sombra.pdf");
        let pages = pdf_extract::extract_text_from_mem_by_pages(&std::fs::read(pdf).unwrap());
        // Without the page numbers: pages break at different places in
        // different languages.
        let text: Vec<String> = pages
            .unwrap()
            .iter()
            .map(|page| {
                let mut lines: Vec<&str> = page.lines().collect();
                if let Some(last) = lines.iter().rposition(|l| !l.trim().is_empty())
                    && lines[last].trim().chars().all(|c| c.is_ascii_digit())
                {
                    lines.remove(last);
                }
                lines.join("\n")
            })
            .collect();
        texts.push((language, text.join("\n")));
    }
    let (es, ru, en) = (&texts[0].1, &texts[1].1, &texts[2].1);
    // Each in its own words…
    assert!(es.contains("Orden de batalla") && es.contains("16 de junio de 1815"));
    assert!(ru.contains("Боевое расписание"), "{ru}");
    assert!(ru.contains("16 июня 1815"), "{ru}");
    assert!(
        en.contains("Order of battle") && en.contains("16 June 1815"),
        "{en}"
    );
    assert!(ru.contains("Лёгкая пехота") && en.contains("Light infantry"));
    // …and the same figures (in whatever order each language's layout
    // draws its table cells).
    let sorted = |text: &str| {
        let mut numbers = numbers(text);
        numbers.sort();
        numbers
    };
    let (es, ru, en) = (sorted(es), sorted(ru), sorted(en));
    assert!(es.len() > 500, "{}", es.len());
    fn counts(numbers: &[String]) -> std::collections::BTreeMap<&str, i64> {
        let mut counts = std::collections::BTreeMap::new();
        for n in numbers {
            *counts.entry(n.as_str()).or_default() += 1;
        }
        counts
    }
    for (language, other) in [("ru", &ru), ("en", &en)] {
        let (mine, theirs) = (counts(&es), counts(other));
        let differences: Vec<(&str, i64)> = mine
            .keys()
            .chain(theirs.keys())
            .map(|n| (*n, theirs.get(n).unwrap_or(&0) - mine.get(n).unwrap_or(&0)))
            .filter(|(_, d)| *d != 0)
            .collect();
        assert!(
            differences.is_empty(),
            "{language} against es: {differences:?}"
        );
    }
}

/// The demo fixture with `templates/messages/fr.ftl` holding `messages`
/// and its ruleset written in French.
fn project_in_french(messages: &str) -> tempfile::TempDir {
    let project = crate::common::copy_fixture("good");
    let folder = project.path().join("templates/messages");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("fr.ftl"), messages).unwrap();
    let ruleset = project.path().join("content/demo/ruleset.toml");
    let text = std::fs::read_to_string(&ruleset).unwrap();
    let text = text.replace("language = \"es\"", "language = \"fr\"");
    std::fs::write(&ruleset, text).unwrap();
    project
}

/// A project adds a language by giving its message file: the rulebook of
/// a ruleset in that language prints its words and writes its numbers.
#[test]
fn a_project_adds_a_language_with_its_own_message_file() {
    let english = grognard(&crate::common::repo_root(), &["messages", "en"]);
    assert_eq!(english.status.code(), Some(0));
    let french = crate::common::stdout(&english)
        .replace("contents = Contents", "contents = Sommaire")
        .replace("chapter = Chapter", "chapter = Chapitre")
        .replace("formats = en-GB", "formats = fr-FR")
        .replace(
            "language_en = English",
            "language_en = anglais\nlanguage_fr = français",
        );
    let project = project_in_french(&french);

    let output = grognard(project.path(), &["build"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(project.path().join("out/demo/demo-rules.pdf")).unwrap();
    let text = crate::common::pdf_text(&pdf);
    assert!(text.contains("Sommaire"), "{text}");
    assert!(text.to_lowercase().contains("chapitre"), "{text}");
    // French writes a decimal comma: the ranges table's "2,1".
    assert!(text.contains("2,1"), "{text}");
    assert!(
        !text.contains("Contents") && !text.contains("Índice"),
        "{text}"
    );
}

/// A message file that does not parse, or lacks messages, is reported at
/// its line, and the language it would add is unknown to the ruleset.
#[test]
fn a_broken_message_file_is_reported_at_its_line() {
    let project = project_in_french("contents = Sommaire\nchapter Chapitre\nformats = fr-FR\n");

    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("error[invalid-messages]"), "{err}");
    assert!(err.contains("templates/messages/fr.ftl:2:"), "{err}");
    assert!(err.contains("missing, which every language gives"), "{err}");
    assert!(err.contains("error[unknown-language]"), "{err}");
}
