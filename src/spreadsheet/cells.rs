//! The cells that hold a list: guns by calibre ("6 × 9-pounder gun;
//! 2 × 5.5-inch howitzer") and rival figures ("591 [Oman, app.]; 580"),
//! read and written the same way so that a sheet round-trips.

use std::borrow::Cow;

use crate::model::limits::{MAX_GUNS, MAX_MEN};

use super::LIST_SEPARATOR;

/// What a piece cell says: a count, a calibre (possibly empty) and "gun" or
/// "howitzer".
#[derive(Debug, Clone, PartialEq)]
pub struct PieceCell {
    pub count: u32,
    pub calibre: String,
    pub kind: String,
}

/// "6 × 9-pounder gun; 2 howitzer": the count first, the kind last.
pub fn read_pieces(cell: &str) -> Result<Vec<PieceCell>, String> {
    split_list(cell)
        .into_iter()
        .map(|item| {
            let mut words: Vec<&str> = item.split_whitespace().collect();
            let count = words
                .first()
                .and_then(|w| w.parse::<u32>().ok())
                .filter(|n| (1..=MAX_GUNS).contains(n))
                .ok_or_else(|| format!("`{item}` does not start with a number of pieces"))?;
            words.remove(0);
            if matches!(words.first(), Some(&("×" | "x"))) {
                words.remove(0);
            }
            let kind = match words.pop() {
                Some(kind @ ("gun" | "howitzer")) => kind.to_string(),
                _ => return Err(format!("`{item}` does not end with gun or howitzer")),
            };
            Ok(PieceCell {
                count,
                calibre: words.join(" "),
                kind,
            })
        })
        .collect()
}

pub fn write_pieces(pieces: &[PieceCell]) -> String {
    pieces
        .iter()
        .map(|p| match p.calibre.as_str() {
            "" => format!("{} × {}", p.count, p.kind),
            calibre => format!("{} × {calibre} {}", p.count, p.kind),
        })
        .collect::<Vec<_>>()
        .join(&format!("{LIST_SEPARATOR} "))
}

/// "591 [Oman, vol. IV, app. XIII]; 580": each figure with the text of its
/// source in brackets, where it has one.
pub fn read_values(cell: &str) -> Result<Vec<(u32, Option<String>)>, String> {
    split_list(cell)
        .into_iter()
        .map(|item| {
            let (number, source) = match item.split_once('[') {
                Some((number, rest)) => {
                    let source = rest
                        .strip_suffix(']')
                        .ok_or_else(|| format!("`{item}`: the source's bracket is not closed"))?;
                    (number.trim(), Some(source.trim().to_string()))
                }
                None => (item, None),
            };
            let men = number
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= MAX_MEN)
                .ok_or_else(|| format!("`{number}` is not a number of men"))?;
            Ok((men, source.filter(|s| !s.is_empty())))
        })
        .collect()
}

pub fn write_values(values: &[(u32, Option<String>)]) -> String {
    values
        .iter()
        .map(|(men, source)| match source {
            Some(source) => format!("{men} [{source}]"),
            None => men.to_string(),
        })
        .collect::<Vec<_>>()
        .join(&format!("{LIST_SEPARATOR} "))
}

/// The items of a list cell, split at separators outside brackets (a
/// source's text may hold one).
fn split_list(cell: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in cell.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            c if c == LIST_SEPARATOR && depth == 0 => {
                items.push(cell[start..i].trim());
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    items.push(cell[start..].trim());
    items.retain(|item| !item.is_empty());
    items
}

/// A comma, semicolon or tab: whichever the header row uses most.
pub fn delimiter(text: &str) -> u8 {
    let header = text.lines().next().unwrap_or("");
    [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| header.bytes().filter(|b| b == d).count())
        .unwrap_or(b',')
}

/// "Name [tag]" → ("Name", Some("tag")).
pub fn bracketed(text: &str) -> (&str, Option<&str>) {
    match text.strip_suffix(']').and_then(|t| t.rsplit_once(" [")) {
        Some((name, tag)) => (name.trim(), Some(tag.trim())),
        None => (text.trim(), None),
    }
}

#[cfg(test)]
mod formula_tests {
    use super::{neutralised, restored};

    #[test]
    fn formulas_are_written_as_text_and_read_back_as_they_were() {
        for cell in [
            "=HYPERLINK(\"http://x\")",
            "=cmd|' /C calc'!A0",
            "+1",
            "-2",
            "@SUM(A1)",
            "\t=1",
            "'=already quoted",
            "''",
            "2e Léger",
            "l'Empereur",
            "'t Hooft",
        ] {
            let written = neutralised(cell);
            assert!(
                !written.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{cell:?}"
            );
            assert_eq!(restored(&written), cell, "{cell:?} → {written:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_read_back_what_is_written() {
        let pieces = read_pieces("6 × 9-pounder gun; 2 5.5-inch howitzer;4 x gun").unwrap();
        assert_eq!(pieces.len(), 3);
        assert_eq!(pieces[1].calibre, "5.5-inch");
        assert_eq!(pieces[2].calibre, "");
        assert_eq!(read_pieces(&write_pieces(&pieces)).unwrap(), pieces);
        assert!(read_pieces("six guns").is_err());
        assert!(read_pieces("6 × 9-pounder").is_err());
    }

    #[test]
    fn values_keep_sources_with_separators() {
        let values = read_values("591 [Oman; app. XIII]; 580").unwrap();
        assert_eq!(
            values,
            vec![(591, Some("Oman; app. XIII".to_string())), (580, None)]
        );
        assert_eq!(read_values(&write_values(&values)).unwrap(), values);
        assert!(read_values("591 [Oman").is_err());
        assert!(read_values("about 600").is_err());
    }
}

/// The characters that make a spreadsheet read a cell as a formula (OWASP's
/// list for CSV injection): `=`, `+`, `-`, `@`, a tab, a carriage return.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A cell as export writes it: one that a spreadsheet would run as a
/// formula ("=HYPERLINK(…)") is written after a `'`, which shows it as text;
/// a cell that already starts so gets one more, so that import gives back
/// exactly what was written.
pub fn neutralised(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(FORMULA_STARTS) || restored(cell).len() < cell.len() {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A cell as import reads it: the `'` export put before a formula-like
/// cell (or before another such `'`) taken away.
pub fn restored(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) || rest.starts_with('\'') => rest,
        _ => cell,
    }
}
