//! Writing outputs so that a failed build never leaves a half-written file.
//!
//! Each output is written to a temporary file beside it — created
//! exclusively, under an unpredictable name, so that nothing planted at that
//! name can redirect the write — then renamed into place. The temporary file
//! is removed on every failure; one left by a killed build is removed by the
//! next build.

use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// Every temporary file grognard writes ends so.
const SUFFIX: &str = ".grognard-tmp";

/// A temporary file older than this belongs to no running build.
const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// Writes `bytes` to a temporary file beside `path`, then renames it into place.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let parent = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(parent)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.{}.", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(SUFFIX);
    // Outputs are for others to read (a web server, a print shop's share),
    // not private as a temporary file is made.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    let mut temporary = builder.tempfile_in(parent)?;
    temporary.write_all(bytes)?;
    temporary.flush()?;
    // On failure the temporary file is dropped, which removes it.
    temporary.persist(path).map(drop).map_err(|e| e.error)
}

/// Removes temporary files that killed builds left in `out_dir` (two levels
/// down: `out/<target>/<file>`): those of processes that no longer run, or
/// older than an hour where that cannot be told.
pub fn remove_stale_temporaries(out_dir: &Path) {
    let subfolders = |folder: &Path| -> Vec<std::path::PathBuf> {
        fs::read_dir(folder)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .map(|e| e.path())
            .collect()
    };
    // A target's folder, and the folders of its outputs (its web edition).
    let targets = subfolders(out_dir);
    let outputs: Vec<_> = targets.iter().flat_map(|t| subfolders(t)).collect();
    let folders = std::iter::once(out_dir.to_path_buf())
        .chain(targets)
        .chain(outputs);
    for folder in folders {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let is_file = entry.file_type().is_ok_and(|t| t.is_file());
            if is_file && name.ends_with(SUFFIX) && is_stale(&name, &entry) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

fn is_stale(name: &str, entry: &fs::DirEntry) -> bool {
    let old = entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|modified| SystemTime::now().duration_since(modified).ok())
        .is_some_and(|age| age > STALE_AFTER);
    old || writer_is_gone(name)
}

/// Whether the process named in ".<file>.<pid>.<random>.grognard-tmp" has ended.
fn writer_is_gone(name: &str) -> bool {
    let Some(pid) = name
        .strip_suffix(SUFFIX)
        .and_then(|rest| rest.rsplit('.').nth(1))
        .and_then(|pid| pid.parse::<u32>().ok())
    else {
        return false;
    };
    if pid == std::process::id() {
        return false;
    }
    let proc = Path::new("/proc");
    proc.is_dir() && !proc.join(pid.to_string()).exists()
}

/// Folders to remove if the user interrupts the run (Ctrl-C): destructors
/// do not run when the process is stopped by a signal.
static ON_INTERRUPT: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Held while a file is written into an interruptible folder.
static WRITING: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Writes a file into an [`interruptible_tempdir`]: an interrupt waits for
/// it, then removes the folder, so none is made again after.
pub fn write_interruptible(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let _writing = WRITING.read().unwrap_or_else(|e| e.into_inner());
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, bytes)
}

/// A temporary folder that is removed however the run ends: when it is
/// dropped, and if the user interrupts the run (Ctrl-C), which then ends
/// with code 130. The handler is set before the folder exists and waits
/// while it is being made, so an interrupt at any moment removes it.
pub fn interruptible_tempdir() -> io::Result<tempfile::TempDir> {
    static HANDLER: std::sync::Once = std::sync::Once::new();
    HANDLER.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            // No file is being written into a folder while it is removed,
            // and none after: the lock is never given back.
            let _writing = WRITING.write().unwrap_or_else(|e| e.into_inner());
            let folders = ON_INTERRUPT
                .lock()
                .map(|f| f.clone())
                .unwrap_or_else(|e| e.into_inner().clone());
            for folder in folders {
                let _ = fs::remove_dir_all(folder);
            }
            std::process::exit(130);
        });
    });
    let mut folders = ON_INTERRUPT.lock().unwrap_or_else(|e| e.into_inner());
    let made = tempfile::tempdir()?;
    folders.push(made.path().to_path_buf());
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_leaves_only_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book.pdf");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn a_planted_link_at_a_temporary_name_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        fs::write(&victim, "keep").unwrap();
        // The name a build used to write to, predictable from the pid.
        let planted = dir
            .path()
            .join(format!(".book.pdf.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, planted).unwrap();
        write_atomic(&dir.path().join("book.pdf"), b"new").unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep");
    }

    #[test]
    fn temporaries_of_ended_processes_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("ved");
        fs::create_dir(&target).unwrap();
        // No process has pid 4294967 (above Linux's pid_max).
        let dead = target.join(".ved-rules.pdf.4294967.Ab3dEf.grognard-tmp");
        let ours = target.join(format!(
            ".ved-rules.pdf.{}.Xy12Zw.grognard-tmp",
            std::process::id()
        ));
        fs::write(&dead, "half").unwrap();
        fs::write(&ours, "in progress").unwrap();
        remove_stale_temporaries(dir.path());
        assert!(!dead.exists());
        assert!(ours.exists());
    }
}
