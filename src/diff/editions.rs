//! The two sides of `grognard diff`: a folder holding a project, or a git
//! revision of the project, read with gix (no git program needed) into a
//! temporary folder the loader reads like any other.

use std::path::{Path, PathBuf};

use gix::bstr::ByteSlice;
use gix::object::tree::EntryKind;

/// Most files and bytes a revision may hold: a project is text and tables.
const MAX_FILES: usize = 20_000;
const MAX_BYTES: u64 = 512 * 1024 * 1024;

/// A project as it is in one edition.
pub struct Edition {
    /// How the reader named it: the revision, or the folder; none for the
    /// working copy.
    pub label: Option<String>,
    pub root: PathBuf,
    /// The revision's files, removed when the edition is dropped.
    _files: Option<tempfile::TempDir>,
}

impl Edition {
    /// The project as it is now, in its folder.
    pub fn working_tree(root: &Path) -> Edition {
        Edition {
            label: None,
            root: root.to_path_buf(),
            _files: None,
        }
    }

    /// `spec` as a folder, if there is one by that name, else as a git
    /// revision of the repository holding `project`.
    pub fn open(project: &Path, spec: &str) -> Result<Edition, String> {
        let folder = Path::new(spec);
        if folder.is_dir() {
            return Ok(Edition {
                label: Some(spec.trim_end_matches('/').to_string()),
                root: folder.to_path_buf(),
                _files: None,
            });
        }
        let files =
            tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
        checkout(project, spec, files.path())?;
        Ok(Edition {
            label: Some(spec.to_string()),
            root: files.path().to_path_buf(),
            _files: Some(files),
        })
    }
}

/// Writes the project's files as they are at `spec` into `into`.
fn checkout(project: &Path, spec: &str, into: &Path) -> Result<(), String> {
    let project = project
        .canonicalize()
        .map_err(|e| format!("{}: {e}", project.display()))?;
    let repo = gix::discover(&project).map_err(|_| {
        format!(
            "`{spec}` is neither a folder nor a revision: {} is not in a git repository",
            project.display()
        )
    })?;
    let workdir = repo
        .workdir()
        .and_then(|w| w.canonicalize().ok())
        .ok_or_else(|| format!("{} has no working tree", repo.git_dir().display()))?;
    // Where the project sits in the repository.
    let prefix = project.strip_prefix(&workdir).unwrap_or(Path::new(""));
    let unknown = |why: String| {
        format!("`{spec}` is neither a folder nor a revision of the repository ({why})")
    };
    let id = repo
        .rev_parse_single(spec)
        .map_err(|e| unknown(e.probable_cause().to_string()))?;
    let object = id
        .object()
        .and_then(|o| o.peel_tags_to_end())
        .map_err(|e| unknown(e.to_string()))?;
    let kind = object.kind;
    let commit = object
        .try_into_commit()
        .map_err(|_| format!("`{spec}` names a {kind}, not a commit"))?;
    let mut tree = commit.tree().map_err(|e| e.to_string())?;
    if !prefix.as_os_str().is_empty() {
        let entry = tree
            .lookup_entry_by_path(prefix)
            .map_err(|e| e.to_string())?
            .filter(|e| e.mode().is_tree())
            .ok_or_else(|| {
                format!(
                    "the project's folder {} is not in `{spec}`",
                    prefix.display()
                )
            })?;
        tree = entry
            .object()
            .map_err(|e| e.to_string())?
            .try_into_tree()
            .map_err(|e| e.to_string())?;
    }
    let entries = tree
        .traverse()
        .breadthfirst
        .files()
        .map_err(|e| format!("cannot read `{spec}`: {e}"))?;
    let (mut files, mut bytes) = (0, 0);
    for entry in &entries {
        if !matches!(
            entry.mode.kind(),
            EntryKind::Blob | EntryKind::BlobExecutable
        ) {
            continue;
        }
        let Ok(path) = gix::path::from_bstr(entry.filepath.as_slice().as_bstr()) else {
            continue;
        };
        if !wanted(&path) {
            continue;
        }
        let blob = repo
            .find_blob(entry.oid)
            .map_err(|e| format!("cannot read {} at `{spec}`: {e}", path.display()))?;
        files += 1;
        bytes += blob.data.len() as u64;
        if files > MAX_FILES || bytes > MAX_BYTES {
            return Err(format!(
                "`{spec}` holds more than {MAX_FILES} files or {} MB: not a project to compare",
                MAX_BYTES >> 20
            ));
        }
        let target = into.join(&path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&target, &blob.data).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(())
}

/// The files a project's loader may read: not the outputs, not a build
/// folder, not hidden ones; and only plain relative paths.
fn wanted(path: &Path) -> bool {
    use std::path::Component;
    let plain = path.components().all(|c| matches!(c, Component::Normal(_)));
    let first = path
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy());
    let skipped = first.is_some_and(|f| f == "out" || f == "target" || f.starts_with('.'));
    plain && !skipped
}
