//! Diagnostics: what every stage reports, and how they are printed.

use std::ops::Range;
use std::path::PathBuf;

use codespan_reporting::diagnostic as cs;
use codespan_reporting::term::{self, termcolor};
use serde::Serialize;

use crate::source::{FileId, Sources};

pub mod codes;
mod excerpt;
mod suggest;

pub use suggest::closest;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

/// A place in a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: FileId,
    pub range: Range<usize>,
}

impl Location {
    pub fn new(file: FileId, range: Range<usize>) -> Self {
        Self { file, range }
    }
}

/// One problem found in the sources.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable, documented lint code such as `unknown-vocabulary-key`.
    pub code: &'static str,
    pub message: String,
    pub location: Option<Location>,
    /// The file concerned when no place in it can be shown (a file that
    /// cannot be read, is too large, or cannot be written).
    pub file: Option<PathBuf>,
    /// The label under the caret; defaults to nothing.
    pub label: Option<String>,
    pub expected: Option<String>,
    pub found: Option<String>,
    pub notes: Vec<String>,
    /// Other places that explain this one ("first defined here").
    pub related: Vec<(Location, String)>,
}

impl Diagnostic {
    /// A diagnostic of `code`, at the severity the catalogue gives it
    /// (`--deny-warnings` may raise it later).
    pub fn of(code: codes::Code, message: impl Into<String>) -> Self {
        Self {
            severity: code.severity,
            code: code.code,
            message: message.into(),
            location: None,
            file: None,
            label: None,
            expected: None,
            found: None,
            notes: Vec::new(),
            related: Vec::new(),
        }
    }

    pub fn at(mut self, file: FileId, range: Range<usize>) -> Self {
        self.location = Some(Location::new(file, range));
        self
    }

    pub fn at_location(mut self, location: Option<Location>) -> Self {
        self.location = location;
        self
    }

    /// The file this concerns, where no place in it can be shown.
    pub fn in_file(mut self, file: impl Into<PathBuf>) -> Self {
        self.file = Some(file.into());
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn expected(mut self, expected: impl Into<String>) -> Self {
        self.expected = Some(expected.into());
        self
    }

    pub fn found(mut self, found: impl Into<String>) -> Self {
        self.found = Some(found.into());
        self
    }

    pub fn related(mut self, location: Location, message: impl Into<String>) -> Self {
        self.related.push((location, message.into()));
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}

/// The diagnostics of one run, in the order they were found.
#[derive(Debug, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.items.extend(other);
    }

    /// Keeps the diagnostics for which `keep` is true.
    pub fn retain(&mut self, keep: impl FnMut(&Diagnostic) -> bool) {
        self.items.retain(keep);
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.items
    }

    /// A copy with the diagnostics for which `keep` is true.
    pub fn filtered(&self, keep: impl Fn(&Diagnostic) -> bool) -> Diagnostics {
        Diagnostics {
            items: self.items.iter().filter(|d| keep(d)).cloned().collect(),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter()
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.items.iter().filter(|d| d.severity == severity).count()
    }

    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Sort by file and position, keeping the discovery order otherwise, and
    /// drop repeats: one problem is reported once however often it was found.
    pub fn sort(&mut self) {
        let mut seen = std::collections::HashSet::new();
        self.items.retain(|d| {
            let place = d.location.as_ref().map(|l| (l.file, l.range.clone()));
            seen.insert((
                d.severity,
                d.code,
                d.message.clone(),
                place,
                d.label.clone(),
            ))
        });
        self.items.sort_by_key(|d| {
            d.location
                .as_ref()
                .map(|l| (l.file, l.range.start))
                .unwrap_or((usize::MAX, 0))
        });
    }

    /// Turn every warning into an error (`--deny warnings`).
    pub fn deny_warnings(&mut self) {
        for d in &mut self.items {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
                d.notes.push("warnings are denied (--deny warnings)".into());
            }
        }
    }
}

/// Renders diagnostics in the rustc style, with the source line and a caret.
/// Only the lines a diagnostic points at are shown, and a long line only
/// around the place: a one-line file of megabytes prints a short excerpt.
pub fn render_human(diagnostics: &Diagnostics, sources: &Sources, color: bool) -> String {
    let mut buffer = if color {
        termcolor::Buffer::ansi()
    } else {
        termcolor::Buffer::no_color()
    };
    let config = term::Config::default();
    for d in diagnostics.iter() {
        let mut excerpts = excerpt::Excerpts::default();
        let diagnostic = to_codespan(d, sources, &mut excerpts);
        let _ = term::emit_to_write_style(&mut buffer, &config, &excerpts, &diagnostic);
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// The longest message, label or note printed: a source can put megabytes in
/// a name, and a diagnostic quotes names.
const MAX_TEXT_CHARS: usize = 400;

/// `text`, cut to [`MAX_TEXT_CHARS`] with an ellipsis.
pub fn shorten(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MAX_TEXT_CHARS) {
        None => text.into(),
        Some((cut, _)) => format!("{}…", &text[..cut]).into(),
    }
}

fn to_codespan(
    d: &Diagnostic,
    sources: &Sources,
    excerpts: &mut excerpt::Excerpts,
) -> cs::Diagnostic<usize> {
    let severity = match d.severity {
        Severity::Error => cs::Severity::Error,
        Severity::Warning => cs::Severity::Warning,
        Severity::Note => cs::Severity::Note,
    };
    let mut notes = Vec::new();
    if let Some(expected) = &d.expected {
        notes.push(format!("expected: {}", shorten(expected)));
    }
    if let Some(found) = &d.found {
        notes.push(format!("found: {}", shorten(found)));
    }
    notes.extend(d.notes.iter().map(|n| shorten(n).into_owned()));
    let mut label = |l: &Location, primary: bool, message: &str| {
        let (file, range) = excerpts.add(sources, l);
        let style = if primary {
            cs::LabelStyle::Primary
        } else {
            cs::LabelStyle::Secondary
        };
        cs::Label::new(style, file, range).with_message(shorten(message))
    };
    let mut labels = Vec::new();
    if let Some(location) = &d.location {
        labels.push(label(
            location,
            true,
            d.label.as_deref().unwrap_or_default(),
        ));
    }
    for (location, message) in &d.related {
        labels.push(label(location, false, message));
    }
    cs::Diagnostic::new(severity)
        .with_code(d.code)
        .with_message(shorten(&d.message))
        .with_labels(labels)
        .with_notes(notes)
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    code: &'a str,
    severity: Severity,
    message: &'a str,
    file: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    end_line: Option<usize>,
    end_column: Option<usize>,
    expected: Option<&'a str>,
    found: Option<&'a str>,
    notes: &'a [String],
}

/// One JSON object per line, for editors and CI.
pub fn render_json(diagnostics: &Diagnostics, sources: &Sources) -> String {
    let mut out = String::new();
    for d in diagnostics.iter() {
        let (file, start, end) = match &d.location {
            Some(l) => {
                let source = sources.get(l.file);
                (
                    Some(source.path.display().to_string()),
                    Some(source.line_col(l.range.start)),
                    Some(source.line_col(l.range.end)),
                )
            }
            None => (d.file.as_ref().map(|f| f.display().to_string()), None, None),
        };
        let (message, expected, found) = (
            shorten(&d.message),
            d.expected.as_deref().map(shorten),
            d.found.as_deref().map(shorten),
        );
        let notes: Vec<_> = d.notes.iter().map(|n| shorten(n).into_owned()).collect();
        let json = JsonDiagnostic {
            code: d.code,
            severity: d.severity,
            message: &message,
            file,
            line: start.map(|p| p.0),
            column: start.map(|p| p.1),
            end_line: end.map(|p| p.0),
            end_column: end.map(|p| p.1),
            expected: expected.as_deref(),
            found: found.as_deref(),
            notes: &notes,
        };
        let line = serde_json::to_string(&json).expect("diagnostics serialize");
        // JSON allows U+2028 and U+2029 raw, but many line-splitting tools
        // (and JavaScript before ES2019) take them for line ends.
        out.push_str(
            &line
                .replace('\u{2028}', "\\u2028")
                .replace('\u{2029}', "\\u2029"),
        );
        out.push('\n');
    }
    out
}

/// "2 errors, 1 warning" style summary line.
pub fn summary(diagnostics: &Diagnostics) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    format!(
        "{}, {}",
        plural(diagnostics.count(Severity::Error), "error"),
        plural(diagnostics.count(Severity::Warning), "warning")
    )
}
