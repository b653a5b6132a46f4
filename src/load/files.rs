//! Reading source files: only inside the project folder, never larger than
//! the limit, always UTF-8 — each refusal a diagnostic naming the file.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::limits::{self, Limits};
use crate::source::{FileId, Sources};

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
        let real = fs::canonicalize(self.root.join(relative)).ok()?;
        if real.starts_with(&self.real_root) {
            return Some(real);
        }
        diags.push(
            Diagnostic::error(
                "outside-project",
                format!(
                    "{} is a symbolic link that leads outside the project folder",
                    relative.display()
                ),
            )
            .note("grognard reads only files inside the project; copy the file into the project instead"),
        );
        None
    }

    /// Whether `relative` is a file inside the project (without reporting).
    pub fn is_file(&self, relative: &Path) -> bool {
        fs::canonicalize(self.root.join(relative))
            .is_ok_and(|real| real.starts_with(&self.real_root) && real.is_file())
    }

    /// Reads a source file into `sources`. A missing file, a link out of the
    /// project, a file over the size limit or text that is not UTF-8 is an error.
    pub fn read(
        &self,
        relative: &Path,
        sources: &mut Sources,
        diags: &mut Diagnostics,
    ) -> Option<(FileId, String)> {
        let Some(real) = self.inside(relative, diags) else {
            if !self.root.join(relative).exists() {
                diags.push(Diagnostic::error(
                    "io-error",
                    format!("cannot read {}: no such file", relative.display()),
                ));
            }
            return None;
        };
        let limit = self.limits.get(limits::FILE_BYTES);
        let mut bytes = Vec::new();
        let read = fs::File::open(&real)
            .and_then(|file| file.take(limit.saturating_add(1)).read_to_end(&mut bytes));
        if let Err(e) = read {
            diags.push(Diagnostic::error(
                "io-error",
                format!("cannot read {}: {e}", relative.display()),
            ));
            return None;
        }
        if bytes.len() as u64 > limit {
            diags.push(
                Diagnostic::error(
                    "limit",
                    format!("{} is larger than a source file may be", relative.display()),
                )
                .note(self.limits.note(limits::FILE_BYTES)),
            );
            return None;
        }
        // Editors on some systems start files with a byte-order mark; it is not text.
        let bytes = bytes
            .strip_prefix("\u{feff}".as_bytes())
            .map(<[u8]>::to_vec)
            .unwrap_or(bytes);
        match String::from_utf8(bytes) {
            Ok(text) => {
                let id = sources.add(relative, text.clone());
                Some((id, text))
            }
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let id = sources.add(relative, text);
                diags.push(
                    Diagnostic::error("invalid-utf8", "the file is not valid UTF-8 text")
                        .at(id, valid..valid + 1)
                        .label("this byte is not UTF-8")
                        .expected("UTF-8 text; save the file as UTF-8 in your editor"),
                );
                None
            }
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
        let Some(real) = fs::canonicalize(self.root.join(relative))
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
            .map(|e| relative.join(e.file_name()))
            .filter(|p| keep(&self.root.join(p)))
            .filter(|p| self.inside(p, diags).is_some())
            .collect();
        entries.sort();
        entries
    }
}
