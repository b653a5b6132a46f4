//! Rebuilding as the author edits (`grognard watch`, `grognard serve`): one
//! long-lived process loads and checks the project again on each change
//! (tens of milliseconds), re-renders every planned file, and lets Typst
//! work again only where its input changed: a world whose files are the same
//! as in the last build gives back its kept PDF ([`Reuse`]),
//! and Typst's own memo cache stays warm for the documents that did change.
//! Files whose bytes are unchanged are not written again.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::build::{self, Output};
use crate::render::typeset::reuse::Reuse;
use crate::session::Session;

/// The project's folders a build reads.
const SOURCE_FOLDERS: [&str; 4] = ["content", "scenarios", "templates", "messages"];
/// The project's manifest, the one file of its root a build reads.
const MANIFEST: &str = "grognard.toml";

/// What to rebuild, and where.
pub struct Watch {
    pub root: PathBuf,
    /// Rulesets and scenarios named (none: all).
    pub names: Vec<String>,
    /// Kinds of output (none: all).
    pub only: Vec<String>,
    pub out: PathBuf,
    pub jobs: usize,
    /// What the builds of this watch keep for the next.
    reuse: Arc<Reuse>,
}

/// One build of a watch: the checked project, its targets, the files that
/// changed on disk and the time it took.
pub struct Round {
    pub session: Session,
    pub targets: Vec<String>,
    pub written: Vec<Output>,
    pub took: Duration,
}

impl Watch {
    pub fn new(root: PathBuf, names: Vec<String>, only: Vec<String>, out: PathBuf) -> Self {
        Self {
            root,
            names,
            only,
            out,
            jobs: 0,
            reuse: Arc::default(),
        }
    }

    /// Loads, checks and builds again, writing only the files that changed.
    pub fn build(&self) -> Round {
        let started = Instant::now();
        self.reuse.next_build();
        let request = build::Request {
            root: self.root.clone(),
            names: self.names.clone(),
            only: self.only.clone(),
            out: self.out.clone(),
            options: build::Options {
                jobs: self.jobs,
                skip_unchanged: true,
                reuse: Some(Arc::clone(&self.reuse)),
                ..build::Options::default()
            },
            ..build::Request::default()
        };
        let report = build::request(&request, |_| {})
            .expect("a build that marks no changes opens no other edition");
        Round {
            session: report.session,
            targets: report.targets,
            written: report.outputs,
            took: started.elapsed(),
        }
    }

    /// The files and folders a build reads: the manifest and message files
    /// beside it, and the project's folders of sources and templates. (New
    /// top-level folders show as a change of the root.)
    pub fn inputs(&self) -> Vec<(PathBuf, bool)> {
        let mut inputs = vec![(self.root.clone(), false)];
        for folder in SOURCE_FOLDERS {
            let path = self.root.join(folder);
            if path.is_dir() {
                inputs.push((path, true));
            }
        }
        inputs
    }

    /// Whether a changed path can change a build: the manifest, or a file
    /// in one of the folders a build reads (not the output folder, an
    /// editor's hidden or backup file, or a temporary file grognard writes).
    /// Other files of the project, such as a log or a version control
    /// folder, are not the build's.
    pub fn concerns(&self, path: &Path) -> bool {
        if path.starts_with(&self.out) {
            return false;
        }
        let Ok(relative) = path.strip_prefix(&self.root) else {
            return false;
        };
        let mut parts = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy());
        let read = match parts.next() {
            Some(first) => first == MANIFEST || SOURCE_FOLDERS.contains(&first.as_ref()),
            None => false,
        };
        let hidden = relative.components().any(|c| {
            let name = c.as_os_str().to_string_lossy();
            name.starts_with('.') || name.ends_with('~') || name.ends_with(".swp")
        });
        read && !hidden
    }
}
