//! The part of a source file a diagnostic shows: the lines it points at, and
//! of a very long line only a window around the place, with the original
//! line and column numbers.

use std::ops::Range;

use codespan_reporting::files::{self, Files};

use super::Location;
use crate::source::{Sources, floor_char_boundary as floor};

/// Lines shown for one place at most.
const MAX_LINES: usize = 12;
/// A line longer than this (in bytes) is shown as a window.
const MAX_LINE_BYTES: usize = 600;
/// Bytes shown before the place in a windowed line.
const BEFORE: usize = 120;

struct Excerpt {
    name: String,
    text: String,
    line_starts: Vec<usize>,
    /// Zero-based index of the excerpt's first line in the file.
    first_line: usize,
    /// Columns of the first line that the excerpt leaves out.
    column_shift: usize,
}

/// The excerpts of one diagnostic.
#[derive(Default)]
pub struct Excerpts {
    excerpts: Vec<Excerpt>,
}

impl Excerpts {
    /// The excerpt showing `location`, and the location's range inside it.
    pub fn add(&mut self, sources: &Sources, location: &Location) -> (usize, Range<usize>) {
        let source = sources.get(location.file);
        let text = source.text.as_str();
        let start = floor(text, location.range.start.min(text.len()));
        let end = floor(text, location.range.end.clamp(start, text.len()));
        let first_line = source.line_index(start);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let mut excerpt_end = line_end(text, start);
        let mut lines = 1;
        while excerpt_end < end && excerpt_end < text.len() && lines < MAX_LINES {
            excerpt_end = line_end(text, excerpt_end + 1);
            lines += 1;
        }
        let shown = &text[line_start..excerpt_end];
        let (text, range, column_shift) = if shown.split('\n').all(|l| l.len() <= MAX_LINE_BYTES) {
            let range = start - line_start..end.min(excerpt_end) - line_start;
            (shown.to_string(), range, 0)
        } else {
            window(text, line_start, start, end)
        };
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        self.excerpts.push(Excerpt {
            name: source.path.display().to_string(),
            text,
            line_starts,
            first_line,
            column_shift,
        });
        (self.excerpts.len() - 1, range)
    }

    fn get(&self, id: usize) -> Result<&Excerpt, files::Error> {
        self.excerpts.get(id).ok_or(files::Error::FileMissing)
    }
}

/// A window of the line around `start`: (text, range in it, columns left out).
fn window(
    text: &str,
    line_start: usize,
    start: usize,
    end: usize,
) -> (String, Range<usize>, usize) {
    let line_end = line_end(text, start);
    let from = floor(text, start.saturating_sub(BEFORE).max(line_start));
    let to = ceil(text, (from + MAX_LINE_BYTES).min(line_end));
    let (prefix, suffix) = (
        if from > line_start { "…" } else { "" },
        if to < line_end { "…" } else { "" },
    );
    let shown = format!("{prefix}{}{suffix}", &text[from..to]);
    let offset = |at: usize| at.clamp(from, to) - from + prefix.len();
    let range = offset(start)..offset(end.max(start));
    let skipped = text[line_start..from].chars().count();
    (
        shown,
        range,
        skipped.saturating_sub(usize::from(!prefix.is_empty())),
    )
}

fn line_end(text: &str, from: usize) -> usize {
    text[from..].find('\n').map_or(text.len(), |i| from + i)
}

fn ceil(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

impl<'a> Files<'a> for Excerpts {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'a str, files::Error> {
        Ok(&self.get(id)?.name)
    }

    fn source(&'a self, id: usize) -> Result<&'a str, files::Error> {
        Ok(&self.get(id)?.text)
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, files::Error> {
        let starts = &self.get(id)?.line_starts;
        Ok(starts
            .partition_point(|&s| s <= byte_index)
            .saturating_sub(1))
    }

    fn line_number(&'a self, id: usize, line_index: usize) -> Result<usize, files::Error> {
        Ok(self.get(id)?.first_line + line_index + 1)
    }

    fn column_number(
        &'a self,
        id: usize,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        let excerpt = self.get(id)?;
        let range = self.line_range(id, line_index)?;
        let column = files::column_index(&excerpt.text, range, byte_index) + 1;
        Ok(if line_index == 0 {
            column + excerpt.column_shift
        } else {
            column
        })
    }

    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, files::Error> {
        let excerpt = self.get(id)?;
        let start = *excerpt
            .line_starts
            .get(line_index)
            .ok_or(files::Error::LineTooLarge {
                given: line_index,
                max: excerpt.line_starts.len() - 1,
            })?;
        let end = excerpt
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(excerpt.text.len());
        Ok(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Diagnostic, Diagnostics, render_human};

    fn rendered(text: String, range: Range<usize>) -> String {
        let mut sources = Sources::default();
        let file = sources.add("content/x/tables/t.toml", text);
        let mut diagnostics = Diagnostics::default();
        diagnostics
            .push(Diagnostic::of(super::super::codes::INVALID_FIELD, "something").at(file, range));
        render_human(&diagnostics, &sources, false)
    }

    #[test]
    fn short_lines_show_whole_with_their_numbers() {
        let out = rendered("a = 1\nb = \"x\"\n".into(), 10..13);
        assert!(out.contains("t.toml:2:5"), "{out}");
        assert!(out.contains("b = \"x\""), "{out}");
    }

    #[test]
    fn a_megabyte_line_shows_a_window_with_the_true_column() {
        let mut text = "title = \"".to_string();
        text.push_str(&"é".repeat(500_000));
        text.push_str("\" oops\n");
        let at = text.find("oops").unwrap();
        let out = rendered(text, at..at + 4);
        assert!(out.len() < 2_000, "{} bytes", out.len());
        assert!(
            out.contains(&format!("t.toml:1:{}", 9 + 500_000 + 3)),
            "{out}"
        );
        assert!(out.contains("…"), "{out}");
    }
}
