//! The rulebook of one ruleset as a Typst document: title page, contents,
//! chapters, tables, glossary and index, typeset once per build and held
//! by the rulebook file and a VASSAL module's Help menu.

use crate::render::views::table_data::{TableData, table_data};

use crate::diagnostic::Diagnostic;
use crate::locale::Locale;
use crate::model::changes::Marks;
use crate::model::{Project, Ruleset};
use crate::render::documents::markdown::{ChapterTypst, chapter_to_typst};
use crate::render::typeset::escape::TypstWriter;
use crate::render::typeset::measure::Face;
pub use crate::render::typeset::pdf::{RenderResult, Rendered};
use crate::render::typeset::templates::{self, Template};
use crate::render::typeset::world::{MemoryWorld, file_path};
use crate::render::views::numbering::Numbers;
use crate::render::views::tables::{DisplayExample, display_example};
use crate::source::Sources;
use serde::Serialize;
use std::collections::BTreeMap;
use typst::WorldExt;
use typst::diag::SourceDiagnostic;

#[derive(Serialize)]
struct Book<'a> {
    project: &'a str,
    paper: &'a str,
    ruleset: RulesetInfo<'a>,
    strings: Strings<'a>,
    tables: BTreeMap<String, TableData>,
    examples: Vec<DisplayExample>,
    /// Every table's id in the order of their numbers, for the list of tables.
    table_order: Vec<String>,
    /// The tables the source does not print, for the page of what play needs.
    missing: Vec<String>,
    glossary: Vec<GlossaryEntry>,
    index: Vec<IndexEntry>,
    colophon: Colophon,
}

/// The title page's verso: the edition, its date and the documents it is
/// made from.
#[derive(Serialize)]
struct Colophon {
    date: Option<String>,
    /// What the margin bars and tinted cells mean (`build --changes-since`).
    changes: Option<String>,
    sources: Vec<ColophonSource>,
}

#[derive(Serialize)]
struct ColophonSource {
    title: String,
    author: String,
    note: String,
}

/// A line of the glossary: a term and its definition, or an abbreviation
/// that sends the reader to its term.
#[derive(Serialize)]
struct GlossaryEntry {
    term: String,
    abbr: String,
    definition: String,
    see: String,
}

/// A line of the index: a glossary term (whose places the template finds
/// where the chapters were marked) or a vocabulary member, with the tables
/// that list it.
#[derive(Serialize)]
struct IndexEntry {
    label: String,
    term: Option<usize>,
    tables: Vec<String>,
}

#[derive(Serialize)]
struct RulesetInfo<'a> {
    id: &'a str,
    name: &'a str,
    language: &'a str,
    /// As the page names it: "Edición 1.1".
    edition: String,
    authors: &'a [String],
    summary: &'a str,
    chapter_break: crate::model::ruleset::ChapterBreak,
}

#[derive(Serialize)]
struct Strings<'a> {
    contents: &'a str,
    chapter: &'a str,
    appendix: &'a str,
    appendix_intro: &'a str,
    editor_notes: &'a str,
    colophon: &'a str,
    colophon_sources: &'a str,
    colophon_date: &'a str,
    list_of_tables: &'a str,
    /// "p." before a page number in a cross-reference.
    page: &'a str,
    needs: &'a str,
    needs_intro: &'a str,
    source: &'a str,
    glossary: &'a str,
    index: &'a str,
    see: &'a str,
}

/// The rulebook; with `marks`, the cases and cells changed since an earlier
/// edition marked in the margin and tinted.
pub fn render(
    project: &Project,
    ruleset: &Ruleset,
    marks: Option<&Marks>,
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let book = book(project, ruleset, marks);
    let template = |name: &str| templates::find(press.templates, name);
    let mut world = MemoryWorld::new("main.typ").pressed(press);
    let chapters = add_chapters(&mut world, ruleset, marks);
    world.add_source("notes.typ", end_notes(ruleset, &chapters));
    world.add_source("appendix.typ", tables_appendix(ruleset));
    let chapter_paths: Vec<String> = chapters.iter().map(|(path, _, _)| path.clone()).collect();
    let main = templates::render(
        template("rulebook.typ"),
        templates::context("rulebook.typ", &chapter_paths, true),
        press.sources,
    )
    .map_err(|d| vec![*d])?;
    world.add_source("main.typ", main);
    world.add_source("grognard.typ", template("grognard.typ").text.clone());
    world.add_source("diagram.typ", template("diagram.typ").text.clone());
    world.add_data(
        "book.json",
        serde_json::to_vec(&book).expect("book serializes"),
    );

    let mapper = ErrorMapper {
        world: &world,
        chapters: &chapters,
        templates: press.templates,
        sources: press.sources,
    };
    crate::render::typeset::pdf::typeset(&world, &format!("grognard-{}-rules", ruleset.id), |e| {
        mapper.map(e)
    })
}

/// The data the templates read: the ruleset's facts, its tables and
/// examples as displayed, and which tables go in the appendix.
fn book<'a>(project: &'a Project, ruleset: &'a Ruleset, marks: Option<&Marks>) -> Book<'a> {
    let locale = ruleset.locale();
    let numbers = ruleset.numbering.tables();
    let tables = numbers
        .iter()
        .filter_map(|(id, number)| {
            let table = ruleset.table(id)?;
            let mut data = table_data(ruleset, table, number, Face::Serif);
            if let Some(marks) = marks {
                let cells = marks.cells.iter().filter(|(t, _, _)| t == id);
                data.table
                    .mark_changed(cells.map(|(_, row, column)| (row.as_str(), column.as_str())));
            }
            Some((id.clone(), data))
        })
        .collect();
    // Examples are numbered within their chapter: "13.2".
    let examples = ruleset
        .chapters
        .iter()
        .flat_map(|c| {
            c.examples
                .iter()
                .enumerate()
                .map(move |(i, e)| display_example(ruleset, e, &format!("{}.{}", c.number, i + 1)))
        })
        .collect();
    Book {
        project: project.title_in(&ruleset.language),
        paper: &project.paper,
        ruleset: RulesetInfo {
            id: &ruleset.id,
            name: &ruleset.name,
            language: &ruleset.language,
            edition: locale.edition_named(&ruleset.edition),
            authors: &ruleset.authors,
            summary: &ruleset.summary,
            chapter_break: ruleset.chapter_break,
        },
        strings: Strings {
            contents: &locale.contents,
            chapter: &locale.chapter,
            appendix: &locale.appendix,
            appendix_intro: &locale.appendix_intro,
            editor_notes: &locale.editor_notes,
            colophon: &locale.colophon,
            colophon_sources: &locale.colophon_sources,
            colophon_date: &locale.colophon_date,
            list_of_tables: &locale.list_of_tables,
            page: &locale.page_abbr,
            needs: &locale.needs,
            needs_intro: &locale.needs_intro,
            source: &locale.source,
            glossary: &locale.glossary,
            index: &locale.index,
            see: &locale.see,
        },
        tables,
        examples,
        table_order: numbers.iter().map(|(id, _)| id.clone()).collect(),
        missing: numbers
            .iter()
            .filter(|(id, _)| {
                ruleset
                    .table(id)
                    .is_some_and(|t| matches!(t.kind, crate::model::TableKind::Missing(_)))
            })
            .map(|(id, _)| id.clone())
            .collect(),
        glossary: glossary(ruleset, locale),
        index: index(ruleset, locale),
        colophon: Colophon {
            date: ruleset.book_date.map(|d| locale.date(d)),
            changes: marks.map(|m| {
                let earlier = crate::locale::Arg::Text(m.earlier.clone());
                locale.message("colophon_changes", &[("earlier", earlier)])
            }),
            sources: ruleset
                .book_sources
                .iter()
                .map(|s| ColophonSource {
                    title: s.title.clone(),
                    author: s.author.clone(),
                    note: s.note.clone(),
                })
                .collect(),
        },
    }
}

/// The glossary in dictionary order, each abbreviation also under its own
/// letters.
fn glossary(ruleset: &Ruleset, locale: &Locale) -> Vec<GlossaryEntry> {
    let mut entries: Vec<GlossaryEntry> = ruleset
        .glossary
        .iter()
        .map(|t| GlossaryEntry {
            term: t.term.clone(),
            abbr: t.abbr.clone().unwrap_or_default(),
            definition: t.definition.clone(),
            see: String::new(),
        })
        .collect();
    entries.extend(ruleset.glossary.iter().filter_map(|t| {
        Some(GlossaryEntry {
            term: t.abbr.clone()?,
            abbr: String::new(),
            definition: String::new(),
            see: t.term.clone(),
        })
    }));
    locale.sort_by_word(&mut entries, |e| &e.term);
    entries
}

/// The index: every glossary term, and every vocabulary member a table
/// lists, with those tables; one line per word, in dictionary order.
fn index(ruleset: &Ruleset, locale: &Locale) -> Vec<IndexEntry> {
    let mut entries: Vec<IndexEntry> = ruleset
        .glossary
        .iter()
        .enumerate()
        .map(|(i, t)| IndexEntry {
            label: t.term.clone(),
            term: Some(i),
            tables: Vec::new(),
        })
        .collect();
    let order = ruleset.numbering.tables();
    for key in &ruleset.key_refs {
        let Some(vocab) = key.vocab.as_deref().and_then(|v| ruleset.vocabulary(v)) else {
            continue;
        };
        let Some(member) = vocab.member(&key.key) else {
            continue;
        };
        let Some(table) = ruleset.tables.iter().find(|t| t.file == key.location.file) else {
            continue;
        };
        let label = member.label_in(&ruleset.language);
        // Grades "A" to "F" are no words to look up.
        if label.chars().filter(|c| c.is_alphabetic()).count() < 2 {
            continue;
        }
        let entry = match entries
            .iter()
            .position(|e| e.label.to_lowercase() == label.to_lowercase())
        {
            Some(at) => &mut entries[at],
            None => {
                entries.push(IndexEntry {
                    label: label.to_string(),
                    term: None,
                    tables: Vec::new(),
                });
                entries.last_mut().expect("just pushed")
            }
        };
        if !entry.tables.contains(&table.id) {
            entry.tables.push(table.id.clone());
        }
    }
    let position = |id: &String| order.iter().position(|(t, _)| t == id);
    for entry in &mut entries {
        entry.tables.sort_by_key(position);
    }
    locale.sort_by_word(&mut entries, |e| &e.label);
    entries
}

/// Each chapter as a Typst file of the world: its path, its source file and
/// the conversion that maps its text back to the Markdown.
fn add_chapters(
    world: &mut MemoryWorld,
    ruleset: &Ruleset,
    marks: Option<&Marks>,
) -> Vec<(String, usize, ChapterTypst)> {
    let mut chapters = Vec::new();
    let cross_references = Numbers::new(ruleset);
    let terms = crate::render::views::terms::TermFinder::new(&ruleset.glossary);
    // Examples are numbered across the ruleset, chapter after chapter.
    let mut example_base = 0;
    for chapter in &ruleset.chapters {
        let path = format!("chapters/{:02}-{}.typ", chapter.number, chapter.id);
        let converted = chapter_to_typst(&cross_references, &terms, chapter, example_base, marks);
        example_base += chapter.examples.len();
        let text = format!("{CHAPTER_PRELUDE}{}", converted.typst);
        world.add_source(&path, text);
        chapters.push((path, chapter.file, converted));
    }
    chapters
}

/// "Capítulo 13. Fuego": a chapter named in the back matter.
fn chapter_heading(locale: &Locale, chapter: &crate::model::Chapter) -> String {
    format!("{} {}. {}", locale.chapter, chapter.number, chapter.title)
}

/// The editor's notes of every chapter, under the chapter's title, after
/// the chapters: the rules read without them, the reader who wants the
/// sources' story finds it here.
fn end_notes(ruleset: &Ruleset, chapters: &[(String, usize, ChapterTypst)]) -> String {
    let locale = ruleset.locale();
    let mut out = TypstWriter::default();
    for (chapter, (_, _, converted)) in ruleset.chapters.iter().zip(chapters) {
        if converted.notes.is_empty() {
            continue;
        }
        if out.is_empty() {
            out.code("#gg-endnotes-heading(book.strings.editor_notes)\n");
        }
        let title = chapter_heading(locale, chapter);
        out.code("#gg-endnotes-chapter(").string(&title).code(")\n");
        for note in &converted.notes {
            out.append(note);
        }
    }
    format!("{CHAPTER_PRELUDE}{}", out.finish())
}

/// Every table the book prints, by number, under its chapter's title: the
/// tables a player consults, in one place. A table embedded in a chapter is
/// a copy here; one embedded nowhere is printed only here.
fn tables_appendix(ruleset: &Ruleset) -> String {
    let locale = ruleset.locale();
    let mut out = TypstWriter::default();
    let in_chapters: Vec<(&str, String)> = ruleset
        .chapters
        .iter()
        .flat_map(|c| {
            let title = chapter_heading(locale, c);
            c.embeds
                .iter()
                .map(move |(id, _)| (id.as_str(), title.clone()))
        })
        .collect();
    let mut group = None;
    for (id, _) in ruleset.numbering.tables() {
        let Some(table) = ruleset.table(id) else {
            continue;
        };
        if matches!(table.kind, crate::model::TableKind::Missing(_)) {
            continue;
        }
        let chapter = in_chapters.iter().find(|(t, _)| t == id);
        let title = chapter.map_or(locale.tables_outside.as_str(), |(_, title)| title);
        if out.is_empty() {
            out.code("#gg-appendix-heading(book.strings.appendix, book.strings.appendix_intro)\n");
        }
        if group != Some(title) {
            out.code("#gg-appendix-chapter(").string(title).code(")\n");
            group = Some(title);
        }
        out.code("#gg-table(tables.at(")
            .string(id)
            .code("), size: 8.5pt");
        match chapter {
            Some(_) => out.code(", copy: true)\n"),
            None => out.code(") ").label(id).code("\n"),
        };
    }
    format!("{CHAPTER_PRELUDE}{}", out.finish())
}

/// Each chapter file is compiled on its own and needs the library and data.
const CHAPTER_PRELUDE: &str = "#import \"/grognard.typ\": *\n#import \"/diagram.typ\": *\n#let book = json(\"/book.json\")\n#let tables = book.tables\n#let examples = book.examples\n";

/// Points a Typst diagnostic back at the user's file: the chapter Markdown,
/// or the template it came from.
struct ErrorMapper<'a> {
    world: &'a MemoryWorld,
    chapters: &'a [(String, usize, ChapterTypst)],
    templates: &'a [Template],
    sources: &'a Sources,
}

impl ErrorMapper<'_> {
    fn map(&self, error: &SourceDiagnostic) -> Diagnostic {
        let chapter = error.span.id().and_then(|id| {
            let path = file_path(id);
            self.chapters.iter().find(|(p, _, _)| *p == path)
        });
        if let Some((_, file, converted)) = chapter {
            let range = self.world.range(error.span).unwrap_or(0..0);
            let offset = range.start.saturating_sub(CHAPTER_PRELUDE.len());
            let md = converted.source_offset(offset);
            let text = self.sources.text(*file);
            let end = text[md..].find('\n').map_or(text.len(), |i| md + i);
            return templates::typst_message(error, "the rulebook")
                .at(*file, md..end)
                .label("while typesetting this")
                .note("this is a bug in grognard's Markdown conversion if the text above is plain prose; please report it");
        }
        crate::render::typeset::templates::typst_diagnostic(
            error,
            self.world,
            self.templates,
            "rulebook.typ",
            "the rulebook",
        )
    }
}
