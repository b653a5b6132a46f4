//! The text of every file a run reads, so diagnostics can quote it.

use std::path::{Path, PathBuf};

/// Index of a file in [`Sources`].
pub type FileId = usize;

/// One source file: its path as shown to the user and its text.
#[derive(Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    fn new(path: PathBuf, text: String) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self {
            path,
            text,
            line_starts,
        }
    }

    /// Zero-based line index of a byte offset.
    pub fn line_index(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1)
    }

    /// One-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_index(offset);
        let start = self.line_starts[line];
        let column = self.text[start..floor_char_boundary(&self.text, offset)]
            .chars()
            .count();
        (line + 1, column + 1)
    }
}

pub(crate) fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// All files read in one run.
#[derive(Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, path: impl Into<PathBuf>, text: String) -> FileId {
        self.files.push(SourceFile::new(path.into(), text));
        self.files.len() - 1
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id]
    }

    pub fn text(&self, id: FileId) -> &str {
        &self.files[id].text
    }

    pub fn path(&self, id: FileId) -> &Path {
        &self.files[id].path
    }

    /// The first place the project's own files hold `text` (built-in
    /// templates are not the project's).
    pub fn find(&self, text: &str) -> Option<crate::diagnostic::Location> {
        if text.is_empty() {
            return None;
        }
        self.files.iter().enumerate().find_map(|(id, file)| {
            if file.path.starts_with("<built-in>") {
                return None;
            }
            let start = file.text.find(text)?;
            Some(crate::diagnostic::Location::new(
                id,
                start..start + text.len(),
            ))
        })
    }
}
