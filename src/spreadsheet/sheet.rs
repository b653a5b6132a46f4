//! A sheet's text read as records, and where each of its cells is, so that
//! a bad cell is reported at its row and column.

use std::ops::Range;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::source::FileId;

use super::cells::delimiter;

pub(super) struct Sheet<'a> {
    pub(super) file: FileId,
    text: &'a str,
    delimiter: u8,
}

impl<'a> Sheet<'a> {
    /// The header and the rows of a sheet (comma, semicolon or tab
    /// separated); `None` when it has no header, or more than `max_rows`
    /// rows. `required` names the columns a header must have, for the message.
    pub(super) fn open(
        file: FileId,
        text: &'a str,
        required: &[&str],
        max_rows: usize,
        diags: &mut Diagnostics,
    ) -> Option<(Self, csv::StringRecord, Vec<csv::StringRecord>)> {
        let sheet = Sheet {
            file,
            text,
            delimiter: delimiter(text),
        };
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(sheet.delimiter)
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        let mut records = reader.records();
        let Some(Ok(header)) = records.next() else {
            diags.push(
                Diagnostic::of(codes::INVALID_FIELD, "the sheet has no header row")
                    .at_location(Some(sheet.start()))
                    .expected(format!(
                        "a first row naming the columns: {}",
                        required.join(", ")
                    )),
            );
            return None;
        };
        let mut rows = Vec::new();
        for record in records {
            if rows.len() >= max_rows {
                diags.push(
                    Diagnostic::of(
                        codes::LIMIT,
                        format!("the sheet has more than {max_rows} rows"),
                    )
                    .at_location(Some(sheet.start()))
                    .note("the project's `[limits] units` bounds the rows a sheet may have"),
                );
                return None;
            }
            match record {
                Ok(record) => {
                    sheet.overruns(&header, &record, diags);
                    rows.push(record);
                }
                Err(error) => diags.push(
                    Diagnostic::of(
                        codes::INVALID_FIELD,
                        format!("the row does not read: {error}"),
                    )
                    .at_location(Some(sheet.start())),
                ),
            }
        }
        Some((sheet, header, rows))
    }

    /// A row that runs past its header, or swallows the rows after it: a
    /// cell beyond the last column, or a quote left open that takes in the
    /// next row (a cell that runs on over a line holding as many separators
    /// as a row). Each an error at its cell: a sheet read otherwise would
    /// silently lose a unit.
    fn overruns(
        &self,
        header: &csv::StringRecord,
        record: &csv::StringRecord,
        diags: &mut Diagnostics,
    ) {
        if let Some(extra) = (header.len()..record.len()).find(|&i| !record[i].trim().is_empty()) {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!(
                        "a cell beyond the last column: `{}`",
                        crate::diagnostic::shorten(&record[extra])
                    ),
                )
                .at_location(Some(self.at(record, extra)))
                .expected(format!("{} columns, as the header names", header.len())),
            );
        }
        let separators = header.len().saturating_sub(1).max(1);
        let delimiter = char::from(self.delimiter);
        for (i, cell) in record.iter().enumerate() {
            let swallowed = cell
                .split(['\n', '\r'])
                .skip(1)
                .any(|line| line.matches(delimiter).count() >= separators);
            if swallowed {
                diags.push(
                    Diagnostic::of(
                        codes::INVALID_FIELD,
                        "a quote left open in this cell takes in the row after it",
                    )
                    .at_location(Some(self.at(record, i)))
                    .expected("a closing `\"` before the end of the cell"),
                );
                break;
            }
        }
    }

    fn start(&self) -> Location {
        Location::new(self.file, 0..0)
    }

    /// The byte range of each field of the record that starts at `start`.
    fn spans(&self, start: usize) -> Vec<Range<usize>> {
        let bytes = self.text.as_bytes();
        let (mut spans, mut field_start, mut quoted, mut i) = (Vec::new(), start, false, start);
        while i < bytes.len() {
            match bytes[i] {
                b'"' if quoted && bytes.get(i + 1) == Some(&b'"') => i += 1,
                b'"' => quoted = !quoted,
                b'\n' | b'\r' if !quoted => break,
                b if b == self.delimiter && !quoted => {
                    spans.push(field_start..i);
                    field_start = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        spans.push(field_start..i);
        spans
    }

    /// Where a cell of a record is.
    pub(super) fn at(&self, record: &csv::StringRecord, column: usize) -> Location {
        let start = record.position().map_or(0, |p| p.byte() as usize);
        let span = self
            .spans(start)
            .get(column)
            .cloned()
            .unwrap_or(start..start);
        Location::new(self.file, span)
    }
}
