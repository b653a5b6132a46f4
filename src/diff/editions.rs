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
        // Removed when dropped, and on Ctrl-C.
        let files = crate::output::interruptible_tempdir()
            .map_err(|e| format!("cannot make a temporary folder: {e}"))?;
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
    // A name is echoed short, and what the repository's files say is never
    // quoted: a ref may be a link to a file outside it.
    let named = crate::diagnostic::shorten(spec);
    let unknown = || format!("`{named}` is neither a folder nor a revision of the repository");
    refs_inside(repo.git_dir(), spec).map_err(|link| {
        format!("`{named}` names a ref that is a link out of the repository ({link})")
    })?;
    let id = repo.rev_parse_single(spec).map_err(|_| unknown())?;
    let object = id
        .object()
        .and_then(|o| o.peel_tags_to_end())
        .map_err(|_| unknown())?;
    let kind = object.kind;
    let commit = object
        .try_into_commit()
        .map_err(|_| format!("`{named}` names a {kind}, not a commit"))?;
    let mut tree = commit.tree().map_err(|e| e.to_string())?;
    if !prefix.as_os_str().is_empty() {
        let entry = tree
            .lookup_entry_by_path(prefix)
            .map_err(|e| e.to_string())?
            .filter(|e| e.mode().is_tree())
            .ok_or_else(|| {
                format!(
                    "the project's folder {} is not in `{named}`",
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
        .map_err(|_| format!("cannot read the files of `{named}`"))?;
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
        // Sized before it is inflated: a small repository may hold a huge blob.
        let unreadable = || format!("cannot read {} at `{named}`", path.display());
        let size = repo
            .find_header(entry.oid)
            .map_err(|_| unreadable())?
            .size();
        files += 1;
        bytes += size;
        if files > MAX_FILES || bytes > MAX_BYTES {
            return Err(format!(
                "`{named}` holds more than {MAX_FILES} files or {} MB: not a project to compare",
                MAX_BYTES >> 20
            ));
        }
        let blob = repo.find_blob(entry.oid).map_err(|_| unreadable())?;
        let target = into.join(&path);
        crate::output::write_interruptible(&target, &blob.data)
            .map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(())
}

/// Refuses a revision name whose ref file, under any of the places git looks
/// for it, is a link leading out of the repository's git folder.
fn refs_inside(git_dir: &Path, spec: &str) -> Result<(), String> {
    let Ok(git_dir) = git_dir.canonicalize() else {
        return Ok(());
    };
    let candidates = ["", "refs", "refs/tags", "refs/heads", "refs/remotes"]
        .iter()
        .map(|folder| git_dir.join(folder).join(spec));
    for path in candidates {
        let is_link = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
        if is_link {
            let inside = path
                .canonicalize()
                .is_ok_and(|target| target.starts_with(&git_dir));
            if !inside {
                let relative = path.strip_prefix(&git_dir).unwrap_or(&path);
                return Err(relative.display().to_string());
            }
        }
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
