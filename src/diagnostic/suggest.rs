//! "Did you mean …?" suggestions for misspelt ids.

/// The closest candidate within a small edit distance, if any.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // Ids are short; a long word is no misspelling of one, and comparing it
    // against thousands of candidates would be quadratic in its length.
    const LONGEST: usize = 64;
    let length = word.chars().count();
    if length > LONGEST {
        return None;
    }
    let limit = (length / 3).max(1);
    candidates
        .into_iter()
        // Words whose lengths differ by more than the limit are too far apart.
        .filter(|c| {
            c.len().abs_diff(word.len()) <= limit * 4 && c.chars().count().abs_diff(length) <= limit
        })
        .map(|c| (edit_distance(word, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Optimal string alignment distance: edits and adjacent swaps cost one.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_misses_only() {
        let grades = ["veteranos", "fogueados", "milicia"];
        assert_eq!(closest("veteranso", grades), Some("veteranos"));
        assert_eq!(closest("cossacks", grades), None);
        assert_eq!(closest("vde", ["ved", "polk"]), Some("ved"));
    }
}
