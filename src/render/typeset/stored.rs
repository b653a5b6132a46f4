//! Typeset PDFs kept on disk between runs, in `<out>/.cache/typeset/`: a
//! document whose every input is the same as in an earlier run is not laid
//! out again (a module's rulebook, a full build after one scenario changed).
//!
//! The key is everything the PDF depends on: the world's files (sources,
//! templates, data), the document's identifier, the date it carries, and
//! this very program (its fonts and Typst are compiled in). Only documents
//! that typeset without Typst warnings are kept, so a warning is reported on
//! every run. An entry that cannot be read back whole, or that was written
//! under another key, is a miss. The folder is grognard's own: a cache
//! folder that is a link is not used, entries are regular files, and the
//! tidy removes only entries it wrote.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::render::typeset::inspect::Problem;
use crate::render::typeset::reuse::Pdf;

/// What the folder may hold before the least recently used go.
const LIMIT_BYTES: u64 = 256 * 1024 * 1024;

/// The typeset PDFs kept in one output folder's cache: a value a build
/// opens and hands to what it typesets, never process state.
#[derive(Debug, Clone)]
pub struct Stored {
    folder: PathBuf,
}

/// What is kept beside a PDF, and a check that the PDF is the one written.
#[derive(Serialize, Deserialize)]
struct Entry {
    /// The key it was written under: an entry copied or linked under
    /// another name does not prove that key.
    key: String,
    bytes: usize,
    hash: String,
    pages: usize,
    overflow: Vec<String>,
    problems: Vec<Problem>,
}

impl Stored {
    /// The cache of `out_dir`, unless it is not grognard's own folder.
    pub fn open(out_dir: &Path) -> Option<Stored> {
        let cache = out_dir.join(".cache");
        let typeset = cache.join("typeset");
        (own_folder(&cache) && own_folder(&typeset)).then_some(Stored { folder: typeset })
    }

    /// The PDF kept under `key`, if there is one and it is whole.
    pub fn load(&self, key: u128) -> Option<Pdf> {
        load(&self.folder, key)
    }

    /// Keeps a PDF that typeset without warnings. A failure to write only
    /// means it is typeset again next time.
    pub fn save(&self, key: u128, kept: &Pdf) {
        save(&self.folder, key, kept);
    }

    /// Drops the least recently used entries while the folder holds more
    /// than [`LIMIT_BYTES`].
    pub fn tidy(&self) {
        tidy_to(&self.folder, LIMIT_BYTES);
    }
}

/// A folder grognard may keep files in: absent (it makes it), or a real
/// folder, not a link to somewhere else.
fn own_folder(path: &Path) -> bool {
    match fs::symlink_metadata(path) {
        Ok(meta) => meta.file_type().is_dir(),
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
    }
}

/// A file's bytes, if it is a regular file (not a link).
fn read_regular(path: &Path) -> Option<Vec<u8>> {
    fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.file_type().is_file())?;
    fs::read(path).ok()
}

/// The key of a document: its world's fingerprint and identifier, with the
/// date and the program that would typeset it.
pub fn key(fingerprint: u128, ident: &str, seconds: i64) -> u128 {
    typst::utils::hash128(&(fingerprint, ident, seconds, program()))
}

/// This program's identity: its version, size and time of writing, so that
/// a rebuilt grognard (other fonts, templates, Typst) starts afresh.
fn program() -> &'static str {
    static PROGRAM: OnceLock<String> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        let stamp = std::env::current_exe()
            .and_then(fs::metadata)
            .map(|m| {
                let written = m
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                format!("{}:{written}", m.len())
            })
            .unwrap_or_default();
        format!("{} {stamp}", env!("CARGO_PKG_VERSION"))
    })
}

fn paths(folder: &Path, key: u128) -> (PathBuf, PathBuf) {
    let name = format!("{key:032x}");
    (
        folder.join(format!("{name}.pdf")),
        folder.join(format!("{name}.json")),
    )
}

fn load(folder: &Path, key: u128) -> Option<Pdf> {
    let (pdf_path, entry_path) = paths(folder, key);
    let entry: Entry = serde_json::from_slice(&read_regular(&entry_path)?).ok()?;
    if entry.key != format!("{key:032x}") {
        return None;
    }
    let pdf = read_regular(&pdf_path)?;
    if pdf.len() != entry.bytes || hash(&pdf) != entry.hash {
        return None;
    }
    // Used now: the last to be dropped when the folder is too full.
    let _ = fs::File::options()
        .append(true)
        .open(&entry_path)
        .and_then(|f| f.set_modified(SystemTime::now()));
    Some(Pdf {
        pdf,
        warnings: Default::default(),
        overflow: entry.overflow,
        problems: entry.problems,
        pages: entry.pages,
    })
}

fn save(folder: &Path, key: u128, kept: &Pdf) {
    if !kept.warnings.is_empty() {
        return;
    }
    let (pdf_path, entry_path) = paths(folder, key);
    let entry = Entry {
        key: format!("{key:032x}"),
        bytes: kept.pdf.len(),
        hash: hash(&kept.pdf),
        pages: kept.pages,
        overflow: kept.overflow.clone(),
        problems: kept.problems.clone(),
    };
    let Ok(json) = serde_json::to_vec(&entry) else {
        return;
    };
    // The entry is written last: a PDF without one is never read.
    if write_whole(&pdf_path, &kept.pdf).is_ok() {
        let _ = write_whole(&entry_path, &json);
    }
}

/// Writes a file under another name and renames it into place, so that a
/// reader (another build at the same time) never sees half of it.
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let folder = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(folder)?;
    let mut temporary = tempfile::Builder::new()
        .prefix(".kept.")
        .tempfile_in(folder)?;
    temporary.write_all(bytes)?;
    temporary.persist(path).map(drop).map_err(|e| e.error)
}

fn hash(bytes: &[u8]) -> String {
    format!("{:032x}", typst::utils::hash128(bytes))
}

/// Whether a file of the folder is an entry this program wrote: a regular
/// file named by its key that holds that key.
fn is_own_entry(path: &Path) -> bool {
    let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
        return false;
    };
    let named = stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_hexdigit());
    named
        && read_regular(path)
            .and_then(|bytes| serde_json::from_slice::<Entry>(&bytes).ok())
            .is_some_and(|entry| entry.key == stem)
}

fn tidy_to(folder: &Path, limit: u64) {
    let Ok(read) = fs::read_dir(folder) else {
        return;
    };
    let mut entries = Vec::new();
    let mut total = 0;
    for file in read.flatten() {
        let path = file.path();
        if file.file_name().to_string_lossy().starts_with(".kept.") {
            // Left by a run killed while writing.
            let old = file
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().is_ok_and(|age| age.as_secs() > 3600));
            if old {
                let _ = fs::remove_file(&path);
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "json") || !is_own_entry(&path) {
            continue;
        }
        let pdf = path.with_extension("pdf");
        let size = fs::symlink_metadata(&pdf)
            .ok()
            .filter(|m| m.file_type().is_file())
            .map_or(0, |m| m.len());
        let used = file
            .metadata()
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        total += size;
        entries.push((used, path, pdf, size));
    }
    entries.sort_by_key(|e| e.0);
    for (_, entry, pdf, size) in entries {
        if total <= limit {
            break;
        }
        let _ = fs::remove_file(entry);
        let _ = fs::remove_file(pdf);
        total -= size;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tidy_removes_only_the_entries_it_wrote() {
        let folder = tempfile::tempdir().unwrap();
        let own = format!("{:032x}", 7u128);
        let entry = Entry {
            key: own.clone(),
            bytes: 3,
            hash: hash(b"pdf"),
            pages: 1,
            overflow: Vec::new(),
            problems: Vec::new(),
        };
        let write = |name: &str, bytes: &[u8]| fs::write(folder.path().join(name), bytes).unwrap();
        write(&format!("{own}.json"), &serde_json::to_vec(&entry).unwrap());
        write(&format!("{own}.pdf"), b"pdf");
        // The author's own files, one even named like an entry.
        let other = format!("{:032x}", 9u128);
        write("mine.json", b"{}");
        write("mine.pdf", b"%PDF");
        write(&format!("{other}.json"), b"{\"mine\": true}");
        write(&format!("{other}.pdf"), b"%PDF");
        tidy_to(folder.path(), 0);
        let left: std::collections::BTreeSet<String> = fs::read_dir(folder.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let expected: std::collections::BTreeSet<String> = [
            "mine.json".to_string(),
            "mine.pdf".into(),
            format!("{other}.json"),
            format!("{other}.pdf"),
        ]
        .into();
        assert_eq!(left, expected);
    }
}
