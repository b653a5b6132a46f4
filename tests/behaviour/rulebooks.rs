//! Rulebooks and quick-reference sheets: every ruleset in its own language,
//! the tables and chances as readers and printers see them.

use crate::common::{copy_fixture, grognard, pdf_text, repo_root, stderr, stdout};

// ---- Every ruleset builds its rulebook, in its own language.

fn build(id: &str) -> String {
    pdf_text(&crate::common::output_file(
        &["build", id],
        &format!("{id}/{id}-rules.pdf"),
    ))
}

#[test]
fn check_reports_exactly_the_declared_missing_tables() {
    let output = grognard(&repo_root(), &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let diagnostics: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Scenarios have checks of their own; here only the rulesets' content.
    let mut reported: Vec<String> = diagnostics
        .iter()
        .filter(|d| {
            d["file"]
                .as_str()
                .is_some_and(|f| f.starts_with("content/"))
        })
        .map(|d| {
            assert_eq!(d["code"], "missing-table", "{d}");
            d["file"].as_str().unwrap().to_string()
        })
        .collect();
    reported.sort();
    // Every table file declared `kind = "missing"`, and nothing else.
    let mut declared = Vec::new();
    for ruleset in std::fs::read_dir(repo_root().join("content")).unwrap() {
        let tables = ruleset.unwrap().path().join("tables");
        for table in std::fs::read_dir(&tables).unwrap() {
            let path = table.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            if text.lines().any(|l| l.trim() == "kind = \"missing\"") {
                declared.push(
                    path.strip_prefix(repo_root())
                        .unwrap()
                        .display()
                        .to_string(),
                );
            }
        }
    }
    declared.sort();
    assert_eq!(reported, declared);
}

#[test]
fn the_bataille_rulebook_prints_its_formations_and_the_square_modifier() {
    let text = build("bataille");
    for title in [
        "Las formaciones",
        "Orden General",
        "Columna de Marcha",
        "Cuadro",
        "Escaramuza",
        "Desorden y Gran Desorden",
    ] {
        assert!(text.contains(title), "chapter `{title}` missing");
    }
    assert!(text.contains("Cuadro +6"), "the +6 square morale modifier");
    assert!(
        text.contains("Columna de Marcha −12"),
        "the −12 march column modifier"
    );
    assert!(text.contains("Tabla no incluida en la fuente"));
}

#[test]
fn the_polk_rulebook_is_typeset_in_russian() {
    let text = build("polk");
    for title in [
        "Содержание",
        "Общие положения",
        "Стрельба пехоты",
        "Кавалерия",
        "Артиллерия",
        "Боевой дух",
        "Генералы",
    ] {
        assert!(text.contains(title), "chapter `{title}` missing");
    }
    // The general's death on 11–12 with 2d6, and its chance printed beside the test.
    assert!(text.contains("Тест на гибель генерала"));
    assert!(text.contains("11 или 12"));
    assert!(text.contains("Вероятность успеха"));
}

#[test]
fn the_sombra_rulebook_prints_its_limits_and_declares_the_unprinted_tables() {
    let text = build("sombra");
    for title in [
        "Secuencia de juego",
        "Órdenes",
        "Formaciones",
        "Apilado",
        "Zonas de control",
        "Fuego",
        "Choque",
        "Pruebas de moral",
        "Comandantes",
        "Desmoralización",
        "Regla opcional: información limitada",
    ] {
        assert!(text.contains(title), "chapter `{title}` missing");
    }
    assert!(
        text.contains("Relación de fuerzas máxima 5:1"),
        "the 5:1 odds cap"
    );
    assert!(text.contains("Relación de fuerzas mínima para atacar 1:4"));
    // The shock, fire and morale tables are referred to but not printed.
    assert!(text.contains("Tabla de choque"));
    assert!(text.matches("Tabla no incluida en la fuente").count() >= 10);
}

// ---- Quick-reference sheets: two landscape pages from the rulebook's own tables.

#[test]
fn the_ved_sheet_is_one_landscape_sheet_with_the_tables_and_chances() {
    let pdf = crate::common::output_file(&["build", "ved"], "ved/ved-qrs.pdf");
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let pages = document.get_pages();
    assert_eq!(pages.len(), 2);
    for (_, page) in pages {
        let (width, height) = crate::common::media_box(&document, page);
        // A4 landscape: 841.89 × 595.28 pt.
        assert!((width - 841.89).abs() < 0.1 && (height - 595.28).abs() < 0.1);
    }
    let text = pdf_text(&pdf);
    assert!(text.contains("Hoja de referencia rápida"));
    assert!(text.contains("Secuencia de juego"));
    assert!(text.contains("Milicia −2"));
    assert!(text.contains("Probabilidad de éxito"));
}

#[test]
fn a_changed_table_value_changes_the_rulebook_and_the_sheet_in_one_build() {
    let project = tempfile::tempdir().unwrap();
    // The repository's manifest converts scenarios this copy leaves out.
    std::fs::write(project.path().join("grognard.toml"), "title = \"VED\"\n").unwrap();
    crate::common::copy_dir(
        &repo_root().join("content/ved"),
        &project.path().join("content/ved"),
    );
    let table = project.path().join("content/ved/tables/ranges.toml");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, text.replace("[40.1, 50]", "[40.1, 55]")).unwrap();
    let output = grognard(project.path(), &["build", "ved"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for name in ["ved-rules.pdf", "ved-qrs.pdf"] {
        let pdf = std::fs::read(project.path().join("out/ved").join(name)).unwrap();
        let text = pdf_text(&pdf);
        assert!(text.contains("40,1–55"), "{name} lacks the new value");
        assert!(!text.contains("40,1–50"), "{name} still has the old value");
    }
}

#[test]
fn a_table_that_does_not_fit_is_a_warning_naming_it() {
    let project = copy_fixture("good");
    crate::common::add_a_table_that_overflows(project.path());
    let output = grognard(project.path(), &["build"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning[qrs-overflow]: table \"Una tabla enorme\" does not fit on the 2-page quick-reference sheet"),
        "{err}"
    );
    assert!(
        err.contains("┌─ content/demo/tables/huge.toml:1:6"),
        "{err}"
    );
}

// ---- Page layout, as a reader leafs through the four rulebooks.

/// A rulebook for the layout tests: its ruleset, the word its captions
/// start with, its "continued" mark, the PDF.
type Book = (&'static str, &'static str, &'static str, Vec<u8>);

/// The four rulebooks, built once for the layout tests.
fn rulebooks() -> &'static [Book] {
    static BOOKS: std::sync::OnceLock<Vec<Book>> = std::sync::OnceLock::new();
    BOOKS.get_or_init(|| {
        let out = tempfile::tempdir().unwrap();
        let output = grognard(
            &repo_root(),
            &[
                "build",
                "--only",
                "rules",
                "--out",
                out.path().to_str().unwrap(),
            ],
        );
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        [
            ("ved", "Tabla", "(continuación)"),
            ("bataille", "Tabla", "(continuación)"),
            ("sombra", "Tabla", "(continuación)"),
            ("polk", "Таблица", "(продолжение)"),
        ]
        .into_iter()
        .map(|(id, word, mark)| {
            let pdf = std::fs::read(out.path().join(format!("{id}/{id}-rules.pdf"))).unwrap();
            (id, word, mark, pdf)
        })
        .collect()
    })
}

/// "Tabla 5.1." at the start of a line: a table's caption, by its number.
fn caption_number(line: &str, word: &str) -> Option<String> {
    let rest = line.strip_prefix(word)?.strip_prefix(' ')?;
    let number: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || c.is_ascii_uppercase())
        .collect();
    (number.ends_with('.') && number.len() > 1).then(|| format!("{word} {number}"))
}

/// The title of the appendix that sets every table again, in the books' languages.
const APPENDIX_TITLES: &[&str] = &["Apéndice: las tablas", "Приложение: таблицы"];

/// The running header sits above the text area and the folio below it
/// (margins of 2.5 cm and 2.3 cm).
const TOP: f64 = 2.5 / 2.54 * 72.0;
const BOTTOM: f64 = 2.3 / 2.54 * 72.0;

#[test]
fn a_table_that_runs_overleaf_keeps_three_rows_with_its_caption_and_is_marked_continued() {
    let mut continued = 0;
    for (id, word, mark, pdf) in rulebooks() {
        let pages = crate::common::page_lines(pdf);
        let mut begun: Vec<String> = Vec::new();
        for (p, (height, lines)) in pages.iter().enumerate() {
            for (i, line) in lines.iter().enumerate() {
                // The tables appendix sets every table again.
                if APPENDIX_TITLES.contains(&line.text.trim()) {
                    begun.clear();
                }
                // The list of tables names every caption, with dot leaders.
                if line.text.contains(". . .") {
                    continue;
                }
                let Some(number) = caption_number(&line.text, word) else {
                    continue;
                };
                if line.text.contains(mark) {
                    continued += 1;
                    assert!(
                        begun.contains(&number),
                        "{id} p{}: {number} is marked continued but began nowhere before",
                        p + 1
                    );
                    continue;
                }
                assert!(
                    !begun.contains(&number),
                    "{id} p{}: {number} goes on without its mark: {}",
                    p + 1,
                    line.text
                );
                begun.push(number.clone());
                let goes_on = pages.get(p + 1).is_some_and(|(_, next)| {
                    next.iter()
                        .any(|l| l.text.starts_with(&number) && l.text.contains(mark))
                });
                if goes_on {
                    let below = lines[i + 1..]
                        .iter()
                        .filter(|l| l.y < height - BOTTOM)
                        .count();
                    assert!(
                        below >= 4,
                        "{id} p{}: {number} breaks after {below} line(s) under its caption",
                        p + 1
                    );
                }
            }
        }
    }
    assert!(continued > 0, "some table runs overleaf in the four books");
}

#[test]
fn no_page_of_a_rulebook_is_left_nearly_empty() {
    let mut empty = Vec::new();
    for (id, _, _, pdf) in rulebooks() {
        let pages = crate::common::page_lines(pdf);
        // The title page is designed as it is, and the book ends where its
        // text does; every other page is at least a quarter full.
        let last = pages.len().saturating_sub(1);
        for (p, (height, lines)) in pages.iter().enumerate().take(last).skip(1) {
            let area = height - TOP - BOTTOM;
            let lowest = lines
                .iter()
                .filter(|l| l.y > TOP && l.y < height - BOTTOM)
                .map(|l| l.y)
                .fold(TOP, f64::max);
            let full = (lowest - TOP) / area;
            if full < 0.25 {
                empty.push(format!("{id} p{} is {:.0} % full", p + 1, full * 100.0));
            }
        }
    }
    assert!(empty.is_empty(), "{empty:#?}");
}

/// "13.2" in "véase 13.2, p. 28": the number before a page reference, and
/// the page. Spaces are dropped first: extraction sets them as it guesses.
fn page_references(line: &str, word: &str) -> Vec<(String, usize)> {
    let line: String = line
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{2060}')
        .collect();
    let marker = format!(",{word}");
    let mut found = Vec::new();
    for (at, _) in line.match_indices(&marker) {
        let page: String = line[at + marker.len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let mut number: Vec<char> = line[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        number.reverse();
        let number: String = number.into_iter().collect();
        let number = number.trim_matches('.').to_string();
        if let (Ok(page), false) = (page.parse(), number.is_empty()) {
            found.push((number, page));
        }
    }
    found
}

#[test]
fn every_cross_reference_gives_the_page_its_target_is_on() {
    let mut checked = 0;
    for (id, word, _, pdf) in rulebooks() {
        let page_word = if *word == "Таблица" {
            "с."
        } else {
            "p."
        };
        let language = if *word == "Таблица" {
            "ru"
        } else {
            "es"
        };
        let chapter = grognard::locale::Locale::builtin(language)
            .chapter
            .to_uppercase();
        // Each page's text in the order it is set.
        let pages: Vec<Vec<String>> = pdf_extract::extract_text_from_mem_by_pages(pdf)
            .unwrap()
            .iter()
            .map(|page| page.lines().map(str::to_string).collect())
            .collect();
        for (p, lines) in pages.iter().enumerate() {
            for line in lines {
                for (number, page) in page_references(line, page_word) {
                    // Extraction also reads word joiners between glyphs.
                    let target: String = pages[page - 1]
                        .concat()
                        .chars()
                        .filter(|c| !c.is_whitespace() && *c != '\u{2060}')
                        .collect();
                    // A section's heading ("3.3Tiposdeórdenes"), a table's
                    // caption ("Tabla3.1.") or a chapter's opening ("CAPÍTULO15").
                    let there = if number.contains('.') {
                        target.match_indices(&number).any(|(at, _)| {
                            target[at + number.len()..].starts_with(char::is_alphabetic)
                                || target[..at].ends_with(word)
                        })
                    } else {
                        target.contains(&format!("{chapter}{number}"))
                    };
                    assert!(
                        there,
                        "{id} p{}: \"{line}\" sends the reader to p{page}, which does not hold {number}",
                        p + 1,
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10, "only {checked} page references");
}

/// The words of a page run together, lower-case, hyphens at line ends and
/// spaces gone: "Zona de con-⏎trol" → "zonadecontrol".
fn page_words(text: &str) -> String {
    text.lines()
        .map(|l| l.trim_end().trim_end_matches(['-', '\u{ad}']))
        .collect::<String>()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

#[test]
fn every_index_entry_of_a_glossary_term_points_at_pages_that_use_it() {
    let session = grognard::load(&repo_root());
    let mut checked = 0;
    for (id, _, _, pdf) in rulebooks() {
        let ruleset = session.project.ruleset(id).unwrap();
        let language = ruleset.locale();
        // The text of each page in the order it is set: an index's columns
        // one after the other.
        let pages = pdf_extract::extract_text_from_mem_by_pages(pdf).unwrap();
        let index_start = pages
            .iter()
            .position(|text| text.lines().any(|l| l.trim() == language.index))
            .unwrap_or_else(|| panic!("{id}: no index"));
        // An entry starts with its word; its places may run on below.
        let mut entries: Vec<String> = Vec::new();
        for text in &pages[index_start..] {
            let text = text.replace('\u{a0}', " ");
            for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
                if line.starts_with(|c: char| c.is_alphabetic()) {
                    entries.push(line.to_string());
                } else if let Some(last) = entries.last_mut() {
                    last.push(' ');
                    last.push_str(line);
                }
            }
        }
        for term in &ruleset.glossary {
            let Some(entry) = entries
                .iter()
                .find(|e| e.starts_with(&format!("{} ", term.term)))
            else {
                continue;
            };
            let words: Vec<String> = std::iter::once(&term.term)
                .chain(&term.forms)
                .chain(&term.abbr)
                .map(|w| {
                    w.to_lowercase()
                        .chars()
                        .filter(|c| c.is_alphanumeric())
                        .collect()
                })
                .collect();
            for place in entry.split(&format!("({} ", language.page_abbr)).skip(1) {
                let page: usize = place
                    .trim_start()
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
                    .parse()
                    .unwrap_or_else(|_| panic!("{id}: {entry}"));
                let text = page_words(&pages[page - 1]);
                assert!(
                    words.iter().any(|w| text.contains(w.as_str())),
                    "{id}: the index sends \"{}\" to p{page}, which does not use it",
                    term.term
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} index places");
}

// ---- The editorial apparatus: end-notes, case ids, colophon, appendix.

/// The demo project with its chapter's text changed by `edit`.
fn demo_with_chapter(edit: impl Fn(&str) -> String) -> tempfile::TempDir {
    let project = copy_fixture("good");
    let chapter = project.path().join("content/demo/chapters/01-fuego.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    std::fs::write(&chapter, edit(&text)).unwrap();
    project
}

#[test]
fn an_editors_note_is_an_end_note_and_a_case_with_an_id_is_cited_by_its_number() {
    let project = demo_with_chapter(|text| {
        text.replace(
            "Véase también [](#fuego-alcances)",
            "Los alcances se cuentan en centímetros, como dice [](#alcance-cm). Véase también [](#fuego-alcances)",
        )
        .replace(
            "- Primer punto",
            "Se mide de borde a borde.[^medida] {#alcance-cm}\n\nOtra regla del mismo apartado.\n\n- Primer punto",
        ) + "\n[^medida]: La fuente no dice desde qué borde se mide.\n"
    });
    let output = grognard(project.path(), &["build", "--only", "rules"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(project.path().join("out/demo/demo-rules.pdf")).unwrap();
    let text = pdf_text(&pdf);
    // The contents name the notes first; their heading comes after the chapters.
    let (rules, notes) = text
        .rsplit_once("Notas de la edición")
        .expect("the notes follow the chapters");
    // The note is out of the rules, and in the notes under its chapter.
    assert!(!rules.contains("La fuente no dice desde"), "{rules}");
    let notes: String = notes.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(notes.contains("Capítulo 1. Fuego"), "{notes}");
    assert!(
        notes.contains("1. La fuente no dice desde qué borde se mide."),
        "{notes}"
    );
    // The case is numbered under its section, and cited by that number;
    // its id does not print.
    assert!(rules.contains("1.2.1 Se mide de borde a borde."), "{rules}");
    assert!(rules.contains("1.2.2 Otra regla"), "{rules}");
    assert!(rules.contains("como dice 1.2.1"), "{rules}");
    assert!(!text.contains("{#alcance-cm}"), "{text}");
}

#[test]
fn a_note_without_its_text_and_a_text_without_its_note_are_reported_where_written() {
    let project = demo_with_chapter(|text| {
        text.replace(
            "- Primer punto",
            "Una regla.[^nada]\n\nOtra regla. {#caso}\n\nY otra. {#caso}\n\n- Primer punto",
        ) + "\n[^sobra]: Una nota que nadie cita.\n"
    });
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[broken-note]: `[^nada]` refers to no note of this chapter"),
        "{err}"
    );
    assert!(
        err.contains("warning[broken-note]: the note `[^sobra]` is referred to nowhere"),
        "{err}"
    );
    assert!(
        err.contains("error[duplicate-id]: id `caso` is defined twice"),
        "{err}"
    );
    assert!(err.contains("content/demo/chapters/01-fuego.md:"), "{err}");
}

#[test]
fn the_colophon_names_the_edition_its_date_and_its_sources() {
    let project = copy_fixture("good");
    let ruleset = project.path().join("content/demo/ruleset.toml");
    let text = std::fs::read_to_string(&ruleset).unwrap();
    let book = "\n[book]\ndate = \"2026-12-01\"\n\n[[book.source]]\ntitle = \"Reglas originales\"\nauthor = \"Un Autor\"\nnote = \"Capítulos 1 a 3\"\n";
    std::fs::write(&ruleset, format!("{text}{book}")).unwrap();
    let output = grognard(project.path(), &["build", "--only", "rules"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(project.path().join("out/demo/demo-rules.pdf")).unwrap();
    let printed = pdf_text(&pdf);
    let verso: String = printed
        .split_once("Índice")
        .expect("the contents follow the colophon")
        .0
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        // Extraction puts a space where italics end.
        .replace(" .", ".");
    assert!(verso.contains("Esta edición"), "{verso}");
    assert!(
        verso.contains("Fecha de la edición: 1 de diciembre de 2026."),
        "{verso}"
    );
    assert!(
        verso.contains("Reglas originales. Un Autor. Capítulos 1 a 3"),
        "{verso}"
    );

    // A date that is no date is reported at it.
    std::fs::write(&ruleset, format!("{text}\n[book]\ndate = \"2026-13-01\"\n")).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("the edition's date is no date"), "{err}");
    assert!(err.contains("content/demo/ruleset.toml:"), "{err}");
}

#[test]
fn a_glossary_with_a_term_twice_or_without_its_words_is_reported_at_each() {
    let project = copy_fixture("good");
    let glossary = "[[term]]\nterm = \"Fuego\"\ndefinition = \"Disparar.\"\n\n[[term]]\nterm = \"fuego\"\ndefinition = \"Otra vez.\"\n\n[[term]]\nterm = \"Carga\"\ndefinition = \" \"\n";
    std::fs::write(project.path().join("content/demo/glossary.toml"), glossary).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[duplicate-id]: the glossary defines `fuego` twice"),
        "{err}"
    );
    assert!(err.contains("content/demo/glossary.toml:5:1"), "{err}");
    assert!(err.contains("a glossary term without its words"), "{err}");
    assert!(err.contains("content/demo/glossary.toml:9:1"), "{err}");

    // A field the glossary does not know, with the line it is on.
    std::fs::write(
        project.path().join("content/demo/glossary.toml"),
        "[[term]]\nterm = \"Fuego\"\ndefinicion = \"Disparar.\"\n",
    )
    .unwrap();
    let err = stderr(&grognard(project.path(), &["check"]));
    assert!(err.contains("content/demo/glossary.toml:"), "{err}");
    assert!(err.contains("definicion"), "{err}");
}

#[test]
fn the_tables_appendix_sets_every_printed_table_again_under_its_chapter() {
    for (id, word, _, pdf) in rulebooks() {
        // Line by line, as extracted.
        let text = pdf_extract::extract_text_from_mem(pdf).unwrap();
        let title = APPENDIX_TITLES
            .iter()
            .find(|t| text.contains(*t))
            .unwrap_or_else(|| panic!("{id} has a tables appendix"));
        // The body of the book, then the appendix up to the list of tables.
        // Its heading: the first line that is the title alone (the contents
        // give it a page, and the running heads follow the heading).
        let at = text
            .match_indices(*title)
            .map(|(at, _)| at)
            .find(|at| {
                let line_end = text[*at..].find('\n').map_or(text.len(), |e| at + e);
                text[*at..line_end].trim() == *title
            })
            .unwrap();
        let (body, appendix) = text.split_at(at);
        // Tables the source does not print are on the page of what play
        // needs, not in the appendix: their caption is followed by the notice.
        let lines: Vec<&str> = body.lines().collect();
        let body_captions: Vec<String> = lines
            .iter()
            .enumerate()
            // Not the list of tables, nor the page of what play needs, which
            // names the missing tables with their page.
            .filter(|(_, l)| !l.contains(". . .") && !l.contains("— "))
            .filter(|(i, _)| {
                !lines[i + 1..(i + 4).min(lines.len())].iter().any(|l| {
                    l.contains("no incluida en la fuente") || l.contains("отсутствует в источнике")
                })
            })
            .filter_map(|(_, l)| caption_number(l.trim(), word))
            .collect();
        let appendix_captions: Vec<String> = appendix
            .lines()
            .filter(|l| !l.contains(". . ."))
            .filter_map(|l| caption_number(l.trim(), word))
            .collect();
        assert!(!appendix_captions.is_empty(), "{id}: an empty appendix");
        for caption in &body_captions {
            assert!(
                appendix_captions.contains(caption),
                "{id}: {caption} is not in the tables appendix"
            );
        }
    }
}

#[test]
fn number_ranges_take_an_en_dash_in_the_rules() {
    let (_, _, _, pdf) = &rulebooks()[0];
    let text = pdf_text(pdf);
    assert!(text.contains("Prusianos 1812–15"), "an en dash in 1812–15");
    assert!(!text.contains("1812-15"));
}
