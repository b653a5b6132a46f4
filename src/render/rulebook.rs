//! The rulebook of one ruleset: title page, contents, chapters, tables → PDF.

use std::collections::BTreeMap;

use serde::Serialize;
use typst::WorldExt;
use typst::diag::SourceDiagnostic;
use typst::foundations::Smart;
use typst_layout::PagedDocument;
use typst_pdf::{PdfOptions, Timestamp};

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{Project, Ruleset};
use crate::source::Sources;

use super::locale::Locale;
use super::markdown::{ChapterTypst, chapter_to_typst};
use super::numbering::table_numbers;
use super::tables::{DisplayExample, DisplayTable, display_example, display_table};
use super::templates::{self, Template};
use super::world::{MemoryWorld, file_path};

#[derive(Serialize)]
struct Book<'a> {
    project: &'a str,
    paper: &'a str,
    ruleset: RulesetInfo<'a>,
    strings: Strings,
    tables: BTreeMap<String, TableData>,
    examples: Vec<DisplayExample>,
    appendix: Vec<String>,
}

#[derive(Serialize)]
struct RulesetInfo<'a> {
    id: &'a str,
    name: &'a str,
    language: &'a str,
    edition: &'a str,
    authors: &'a [String],
    summary: &'a str,
}

#[derive(Serialize)]
struct Strings {
    contents: &'static str,
    chapter: &'static str,
    appendix: &'static str,
}

#[derive(Serialize)]
struct TableData {
    caption: String,
    missing_text: &'static str,
    #[serde(flatten)]
    table: DisplayTable,
}

/// A typeset PDF and the warnings Typst gave while making it.
pub struct Rendered {
    pub pdf: Vec<u8>,
    pub warnings: Vec<Diagnostic>,
}

/// What a rulebook build produced, or the diagnostics that stopped it.
pub type RenderResult = Result<Rendered, Vec<Diagnostic>>;

pub fn render(
    project: &Project,
    ruleset: &Ruleset,
    templates: &[Template],
    sources: &Sources,
) -> RenderResult {
    let locale = Locale::for_language(&ruleset.language);
    let numbers = table_numbers(ruleset);
    let tables = numbers
        .iter()
        .filter_map(|(id, number)| {
            let table = ruleset.table(id)?;
            Some((
                id.clone(),
                TableData {
                    caption: format!("{} {number}. {}", locale.table, table.title),
                    missing_text: locale.missing,
                    table: display_table(ruleset, table, number),
                },
            ))
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
    let appendix: Vec<String> = numbers
        .iter()
        .filter(|(_, n)| n.starts_with("A."))
        .map(|(id, _)| id.clone())
        .collect();
    let book = Book {
        project: &project.title,
        paper: &project.paper,
        ruleset: RulesetInfo {
            id: &ruleset.id,
            name: &ruleset.name,
            language: &ruleset.language,
            edition: &ruleset.edition,
            authors: &ruleset.authors,
            summary: &ruleset.summary,
        },
        strings: Strings {
            contents: locale.contents,
            chapter: locale.chapter,
            appendix: locale.appendix,
        },
        tables,
        examples,
        appendix: appendix.clone(),
    };

    let template = |name: &str| {
        templates
            .iter()
            .find(|t| t.name == name)
            .expect("built-in template")
    };
    let mut world = MemoryWorld::new("main.typ");
    let mut chapters = Vec::new();
    let mut context_chapters = Vec::new();
    for chapter in &ruleset.chapters {
        let path = format!("chapters/{:02}-{}.typ", chapter.number, chapter.id);
        let converted = chapter_to_typst(ruleset, chapter, sources.text(chapter.file));
        let text = format!("{CHAPTER_PRELUDE}{}", converted.typst);
        world.add_source(&path, text);
        context_chapters.push(minijinja::context! { path => path.clone() });
        chapters.push((path, chapter.file, converted));
    }
    let main = templates::render(
        template("rulebook.typ"),
        minijinja::context! { chapters => context_chapters, appendix => !appendix.is_empty() },
        sources,
    )
    .map_err(|d| vec![*d])?;
    world.add_source("main.typ", main);
    world.add_source("grognard.typ", template("grognard.typ").text.clone());
    world.add_data(
        "book.json",
        serde_json::to_vec(&book).expect("book serializes"),
    );

    let mapper = ErrorMapper {
        world: &world,
        chapters: &chapters,
        templates,
        sources,
    };
    let compiled = typst::compile::<PagedDocument>(&world);
    let warnings = compiled.warnings.iter().map(|w| mapper.map(w)).collect();
    let document = compiled
        .output
        .map_err(|errors| errors.iter().map(|e| mapper.map(e)).collect::<Vec<_>>())?;
    let options = PdfOptions {
        ident: Smart::Custom(format!("grognard-{}-rules", ruleset.id)),
        creator: Smart::Custom(Some("grognard".into())),
        timestamp: Some(Timestamp::new_utc(build_date())),
        ..PdfOptions::default()
    };
    let pdf = typst_pdf::pdf(&document, &options)
        .map_err(|errors| errors.iter().map(|e| mapper.map(e)).collect::<Vec<_>>())?;
    Ok(Rendered { pdf, warnings })
}

/// Each chapter file is compiled on its own and needs the library and data.
const CHAPTER_PRELUDE: &str = "#import \"/grognard.typ\": *\n#let book = json(\"/book.json\")\n#let tables = book.tables\n#let examples = book.examples\n";

/// The PDF date: `SOURCE_DATE_EPOCH` when set, else a fixed date, so builds are reproducible.
fn build_date() -> typst::foundations::Datetime {
    let fixed =
        typst::foundations::Datetime::from_ymd_hms(2026, 1, 1, 0, 0, 0).expect("valid date");
    let Some(seconds) = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
    else {
        return fixed;
    };
    let days = seconds.div_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    let secs = seconds.rem_euclid(86_400);
    typst::foundations::Datetime::from_ymd_hms(
        year as i32,
        month as u8,
        day as u8,
        (secs / 3600) as u8,
        (secs / 60 % 60) as u8,
        (secs % 60) as u8,
    )
    .unwrap_or(fixed)
}

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

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
        let severity = match error.severity {
            typst::diag::Severity::Error => Severity::Error,
            typst::diag::Severity::Warning => Severity::Warning,
        };
        let mut diagnostic = Diagnostic::new(
            severity,
            "typst-error",
            format!("typesetting failed: {}", error.message),
        );
        for hint in &error.hints {
            diagnostic = diagnostic.note(format!("hint: {}", hint.v));
        }
        let Some(id) = error.span.id() else {
            return diagnostic;
        };
        let path = file_path(id);
        let range = self.world.range(error.span).unwrap_or(0..0);
        if let Some((_, file, converted)) = self.chapters.iter().find(|(p, _, _)| *p == path) {
            let offset = range.start.saturating_sub(CHAPTER_PRELUDE.len());
            let md = converted.source_offset(offset);
            let text = self.sources.text(*file);
            let end = text[md..].find('\n').map_or(text.len(), |i| md + i);
            return diagnostic
                .at(*file, md..end)
                .label("while typesetting this")
                .note("this is a bug in grognard's Markdown conversion if the text above is plain prose; please report it");
        }
        let template_name = if path == "main.typ" {
            "rulebook.typ"
        } else {
            path.as_str()
        };
        if let Some(template) = self.templates.iter().find(|t| t.name == template_name) {
            let range = if path == "main.typ" { 0..0 } else { range };
            return diagnostic.at(template.file, range);
        }
        diagnostic.note(format!("in generated file {path}"))
    }
}
