//! What a table's layout needs from measurement, computed in Rust with the
//! embedded fonts: each column's narrowest and natural width, which columns
//! hold numbers (set flush right), and which runs of rows must stay on one
//! page. The template shares the width it finds among the columns.

use serde::Serialize;

use crate::render::typeset::measure::{Face, width_em};
use crate::render::views::tables::Row;

/// The cell padding on both sides, in ems of the table's text (5 pt a side
/// at 9 pt).
const PADDING_EM: f64 = 10.0 / 9.0;

/// Rows a table keeps together at its start (with its caption) and end,
/// and after a group heading.
const KEEP_FIRST: usize = 3;
const KEEP_LAST: usize = 2;
const KEEP_AFTER_GROUP: usize = 2;
/// A table this short never breaks.
const UNBROKEN_ROWS: usize = 6;
/// Runs kept together never grow past this, so that no run is taller than a page.
const LONGEST_RUN: usize = 12;

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Column {
    /// Its longest word (or whole number), padding included, in ems: narrower
    /// and words would break inside.
    pub min: f64,
    /// Its longest cell on one line, padding included, in ems.
    pub max: f64,
    /// The same without its head: how narrow it can be with its head set
    /// upright across the column (see the template).
    pub cells: f64,
    /// Every cell is a number, a range or a modifier: set flush right.
    pub numeric: bool,
    /// Its head on one line, in ems: how tall the head stands when turned.
    pub head: f64,
}

/// The columns of a table measured from its heads (bold) and cells, as set in `face`.
pub fn measure_columns(face: Face, heads: &[String], rows: &[Row]) -> Vec<Column> {
    (0..heads.len())
        .map(|i| {
            let cells = column_cells(rows, i);
            let numeric = all_numeric(&cells);
            let head = heads[i].as_str();
            let mut min = longest_word(face, head, true);
            let max = width(face, head, true);
            let mut widest_cell: f64 = 0.0;
            for cell in &cells {
                let word = if numeric {
                    width(face, cell, false)
                } else {
                    longest_word(face, cell, false)
                };
                min = min.max(word);
                widest_cell = widest_cell.max(width(face, cell, false));
            }
            Column {
                min: min + PADDING_EM,
                max: max.max(widest_cell) + PADDING_EM,
                cells: widest_cell + PADDING_EM,
                numeric,
                head: max,
            }
        })
        .collect()
}

/// Whether each column holds only numbers, ranges or modifiers (set flush
/// right), without measuring anything: what a web page needs.
pub fn numeric_columns(heads: &[String], rows: &[Row]) -> Vec<bool> {
    (0..heads.len())
        .map(|i| all_numeric(&column_cells(rows, i)))
        .collect()
}

/// The cells of column `i`, group rows left out.
fn column_cells(rows: &[Row], i: usize) -> Vec<&str> {
    rows.iter()
        .filter_map(|row| match row {
            Row::Cells { cells } => cells.get(i).map(String::as_str),
            Row::Group { .. } => None,
        })
        .collect()
}

fn all_numeric(cells: &[&str]) -> bool {
    cells.iter().any(|c| !c.is_empty()) && cells.iter().all(|c| is_numeric(c))
}

/// The width of `text` on one line, in ems of its size; estimated where the
/// font is not embedded.
pub fn width(face: Face, text: &str, bold: bool) -> f64 {
    width_em(face, text, bold).unwrap_or_else(|| 0.5 * text.chars().count() as f64)
}

/// The widest piece a line may not break: words, parted at spaces and
/// after hyphens and slashes.
fn longest_word(face: Face, text: &str, bold: bool) -> f64 {
    text.split_whitespace()
        .flat_map(|word| word.split_inclusive(['-', '/', '‐']))
        .map(|word| width(face, word, bold))
        .fold(0.0, f64::max)
}

/// "+2", "−1", "×1/2", "2,1–5", "27,8 %", "—", "3/4": numbers set flush right.
fn is_numeric(cell: &str) -> bool {
    let cell = cell.trim();
    cell.is_empty()
        || (cell.chars().any(|c| c.is_ascii_digit() || c == '—')
            && cell
                .chars()
                .all(|c| c.is_ascii_digit() || "+-−–—×/,.%½¼¾ \u{a0}\u{202f}()".contains(c)))
}

/// Per row, the rows kept on one page from it: 1 for a row alone, k > 1
/// for the first of a run of k, 0 for a row inside a run. The template sets
/// them as unbreakable cells of a hidden column.
pub fn row_spans(rows: &[Row]) -> Vec<usize> {
    let mut spans = vec![1; rows.len()];
    for [start, count] in keep_together(rows) {
        spans[start] = count;
        for span in &mut spans[start + 1..start + count] {
            *span = 0;
        }
    }
    spans
}

/// The runs of rows (first row, count) that must stay on one page: the
/// first rows with the caption, a group heading with its first rows, the
/// last rows; a short table whole.
pub fn keep_together(rows: &[Row]) -> Vec<[usize; 2]> {
    let n = rows.len();
    if n == 0 {
        return Vec::new();
    }
    if n <= UNBROKEN_ROWS {
        return vec![[0, n]];
    }
    let is_group = |i: usize| matches!(rows[i], Row::Group { .. });
    // A run from `start` holding `data` rows that are not group headings.
    let run = |start: usize, data: usize| {
        let mut end = start;
        let mut seen = 0;
        while end < n && (seen < data || is_group(end)) {
            if !is_group(end) {
                seen += 1;
            }
            end += 1;
            if seen == data {
                break;
            }
        }
        (start, end)
    };
    let mut wanted = vec![run(0, KEEP_FIRST)];
    wanted.extend(
        (1..n)
            .filter(|&i| is_group(i))
            .map(|i| run(i, KEEP_AFTER_GROUP)),
    );
    wanted.push((n.saturating_sub(KEEP_LAST), n));
    // Overlapping runs merge, up to the longest run; past it the later one
    // starts where the earlier ends.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (start, end) in wanted {
        match runs.last().copied() {
            Some((first, last_end)) if start < last_end => {
                if end - first <= LONGEST_RUN {
                    if let Some(last) = runs.last_mut() {
                        last.1 = last_end.max(end);
                    }
                } else if end > last_end {
                    runs.push((last_end, end));
                }
            }
            _ => runs.push((start, end)),
        }
    }
    runs.into_iter()
        .filter(|(start, end)| end - start > 1)
        .map(|(start, end)| [start, end - start])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(texts: &[&str]) -> Row {
        Row::Cells {
            cells: texts.iter().map(|t| t.to_string()).collect(),
        }
    }

    fn group(title: &str) -> Row {
        Row::Group {
            group: title.into(),
        }
    }

    #[test]
    fn a_label_column_is_never_narrower_than_its_longest_word() {
        let heads = vec!["Группа".to_string(), "Фигурок на шаг".to_string()];
        let rows = vec![cells(&["Новобранцы", "4"]), cells(&["Элита", "3"])];
        let columns = measure_columns(Face::Serif, &heads, &rows);
        assert!(columns[0].min >= width(Face::Serif, "Новобранцы", false) + PADDING_EM);
        assert!(!columns[0].numeric);
        assert!(columns[1].numeric);
        // The head's longest word, bold, sets the number column's minimum.
        assert!(columns[1].min >= width(Face::Serif, "Фигурок", true));
        assert!(columns[1].max >= width(Face::Serif, "Фигурок на шаг", true));
    }

    #[test]
    fn numbers_ranges_and_modifiers_are_numeric_and_words_are_not() {
        for n in ["+2", "−1", "×1/2", "2,1–5", "27,8 %", "—", "3/4", "20 818"] {
            assert!(is_numeric(n), "{n}");
        }
        for t in ["Élite", "2d6", "línea", "1 en 6"] {
            assert!(!is_numeric(t), "{t}");
        }
    }

    #[test]
    fn a_short_table_is_kept_whole_and_a_long_one_at_its_ends_and_groups() {
        let short: Vec<Row> = (0..5).map(|_| cells(&["a"])).collect();
        assert_eq!(keep_together(&short), vec![[0, 5]]);
        let mut long = vec![group("A")];
        long.extend((0..8).map(|_| cells(&["a"])));
        long.push(group("B"));
        long.extend((0..8).map(|_| cells(&["b"])));
        // The first group heading and three rows; B and two rows; the last two.
        assert_eq!(keep_together(&long), vec![[0, 4], [9, 3], [16, 2]]);
    }

    #[test]
    fn runs_of_tiny_groups_merge_but_never_past_the_longest_run() {
        let rows: Vec<Row> = (0..20)
            .flat_map(|i| [group(&i.to_string()), cells(&["a"])])
            .collect();
        let runs = keep_together(&rows);
        let spans = row_spans(&rows);
        assert_eq!(spans.iter().sum::<usize>(), rows.len());
        assert!(runs.iter().all(|[_, len]| *len <= LONGEST_RUN), "{runs:?}");
        let covered: usize = runs.iter().map(|[_, len]| len).sum();
        assert!(covered <= rows.len());
    }
}
