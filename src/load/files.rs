//! Reading source files: only inside the project folder, never larger than
//! the limit, always UTF-8 — each refusal a diagnostic naming the file.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::limits::{self, Limits};
use crate::source::{FileId, Sources};

/// A file's id and text.
pub type SourceText = (FileId, String);

/// The project folder as a wall: every read is checked to stay inside it.
pub struct ProjectFiles {
    root: PathBuf,
    /// The root with every symbolic link resolved, to compare real paths with.
    real_root: PathBuf,
    pub limits: Limits,
}

impl ProjectFiles {
    pub fn new(root: &Path) -> Self {
        Self {
            root: root.to_path_buf(),
            real_root: fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf()),
            limits: Limits::default(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The real path of `relative`, if it exists and lies inside the project;
    /// a link that leads outside is reported.
    fn inside(&self, relative: &Path, diags: &mut Diagnostics) -> Option<PathBuf> {
        let real = fs::canonicalize(self.real_root.join(relative)).ok()?;
        if real.starts_with(&self.real_root) {
            return Some(real);
        }
        diags.push(
            Diagnostic::of(
                codes::OUTSIDE_PROJECT,
                format!(
                    "{} is a symbolic link that leads outside the project folder",
                    relative.display()
                ),
            )
            .in_file(relative)
            .note("grognard reads only files inside the project; copy the file into the project instead"),
        );
        None
    }

    /// Whether a ruleset's chapters and tables are within the limits of
    /// their number and size, measured before any is read: typesetting
    /// takes memory by the page.
    pub fn within_ruleset_limits(
        &self,
        folder: &Path,
        tables: &[PathBuf],
        chapters: &[PathBuf],
        diags: &mut Diagnostics,
    ) -> bool {
        let most = self.limits.count(limits::CHAPTERS);
        if chapters.len() > most {
            diags.push(
                Diagnostic::of(
                    codes::LIMIT,
                    format!(
                        "{} holds {} chapters, more than a ruleset may have",
                        folder.join("chapters").display(),
                        chapters.len()
                    ),
                )
                .in_file(folder.join("chapters"))
                .note(self.limits.note(limits::CHAPTERS)),
            );
            return false;
        }
        // A file over its own limit is refused on its own, and not read.
        let file_limit = self.limits.get(limits::FILE_BYTES);
        let bytes: u64 = tables
            .iter()
            .chain(chapters)
            .filter_map(|p| fs::metadata(self.real_root.join(p)).ok())
            .map(|m| m.len())
            .filter(|&size| size <= file_limit)
            .sum();
        if bytes > self.limits.get(limits::RULESET_BYTES) {
            diags.push(
                Diagnostic::of(
                    codes::LIMIT,
                    format!(
                        "the chapters and tables of {} hold {} bytes, more than one ruleset may",
                        folder.display(),
                        limits::group_digits(bytes)
                    ),
                )
                .in_file(folder.join("ruleset.toml"))
                .note(self.limits.note(limits::RULESET_BYTES)),
            );
            return false;
        }
        true
    }

    /// Whether `relative` is a file inside the project (without reporting).
    pub fn is_file(&self, relative: &Path) -> bool {
        fs::canonicalize(self.real_root.join(relative))
            .is_ok_and(|real| real.starts_with(&self.real_root) && real.is_file())
    }

    /// Reads each of `paths` that can be read, in order. (Reading them side by
    /// side measured no faster: parsing is what runs on every core.)
    pub fn read_each(
        &self,
        paths: &[PathBuf],
        sources: &mut Sources,
        diags: &mut Diagnostics,
    ) -> Vec<SourceText> {
        paths
            .iter()
            .filter_map(|path| self.read(path, sources, diags))
            .collect()
    }

    /// Reads a source file into `sources`. A missing file, a link out of the
    /// project, a file over the size limit or text that is not UTF-8 is an error.
    pub fn read(
        &self,
        relative: &Path,
        sources: &mut Sources,
        diags: &mut Diagnostics,
    ) -> Option<SourceText> {
        admit(relative, self.fetch(relative), sources, diags)
    }

    /// The text of a file, or why it cannot be had.
    fn fetch(&self, relative: &Path) -> Fetched {
        let mut problems = Diagnostics::default();
        let Some(real) = self.inside(relative, &mut problems) else {
            if !self.root.join(relative).exists() {
                problems.push(
                    Diagnostic::of(
                        codes::IO_ERROR,
                        format!("cannot read {}: no such file", relative.display()),
                    )
                    .in_file(relative),
                );
            }
            return Fetched::Failed(problems);
        };
        let limit = self.limits.get(limits::FILE_BYTES);
        let mut bytes = Vec::new();
        let read = fs::File::open(&real).and_then(|file| {
            // Sized once: a file is read in one call, not grown into.
            let size = file.metadata().map_or(0, |m| m.len().min(limit));
            bytes.reserve(usize::try_from(size).unwrap_or(0));
            file.take(limit.saturating_add(1)).read_to_end(&mut bytes)
        });
        if let Err(e) = read {
            problems.push(
                Diagnostic::of(
                    codes::IO_ERROR,
                    format!("cannot read {}: {e}", relative.display()),
                )
                .in_file(relative),
            );
            return Fetched::Failed(problems);
        }
        if bytes.len() as u64 > limit {
            problems.push(
                Diagnostic::of(
                    codes::LIMIT,
                    format!("{} is larger than a source file may be", relative.display()),
                )
                .in_file(relative)
                .note(self.limits.note(limits::FILE_BYTES)),
            );
            return Fetched::Failed(problems);
        }
        // Editors on some systems start files with a byte-order mark; it is not text.
        let bytes = bytes
            .strip_prefix("\u{feff}".as_bytes())
            .map(<[u8]>::to_vec)
            .unwrap_or(bytes);
        match String::from_utf8(bytes) {
            Ok(text) => Fetched::Text(text),
            Err(e) => Fetched::NotUtf8 {
                valid: e.utf8_error().valid_up_to(),
                text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
            },
        }
    }

    /// The entries of a project folder that `keep` accepts, sorted by name.
    /// Entries that lead outside the project are reported and skipped.
    pub fn entries(
        &self,
        relative: &Path,
        keep: impl Fn(&Path) -> bool,
        diags: &mut Diagnostics,
    ) -> Vec<PathBuf> {
        let Some(real) = fs::canonicalize(self.real_root.join(relative))
            .ok()
            .filter(|real| real.starts_with(&self.real_root))
        else {
            if self.root.join(relative).exists() {
                self.inside(relative, diags);
            }
            return Vec::new();
        };
        let mut entries: Vec<PathBuf> = fs::read_dir(real)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| {
                let linked = e.file_type().is_ok_and(|t| t.is_symlink());
                (relative.join(e.file_name()), linked)
            })
            .filter(|(p, _)| keep(&self.root.join(p)))
            // The folder is inside: only a link can lead out of it.
            .filter(|(p, linked)| !linked || self.inside(p, diags).is_some())
            .map(|(p, _)| p)
            .collect();
        entries.sort();
        entries
    }
}

/// A file as read from disk, before it has an id.
enum Fetched {
    Text(String),
    /// Shown (with its bad bytes replaced) so the error can point into it.
    NotUtf8 {
        text: String,
        valid: usize,
    },
    Failed(Diagnostics),
}

/// Gives a fetched file its id; its text when it is usable.
fn admit(
    relative: &Path,
    fetched: Fetched,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Option<SourceText> {
    match fetched {
        Fetched::Text(text) => {
            let id = sources.add(relative, text.clone());
            Some((id, text))
        }
        Fetched::NotUtf8 { text, valid } => {
            let id = sources.add(relative, text);
            diags.push(
                Diagnostic::of(codes::INVALID_UTF8, "the file is not valid UTF-8 text")
                    .at(id, valid..valid + 1)
                    .label("this byte is not UTF-8")
                    .expected("UTF-8 text; save the file as UTF-8 in your editor"),
            );
            None
        }
        Fetched::Failed(problems) => {
            diags.extend(problems.into_vec());
            None
        }
    }
}
