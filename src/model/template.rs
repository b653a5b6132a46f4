//! Templates: the defaults built into the binary, overridable by the project
//! (`templates/<name>`) or by one ruleset or scenario (`<folder>/templates/<name>`).

use std::path::{Path, PathBuf};

use crate::source::FileId;

/// The Typst library every main template imports; it is Typst, not minijinja.
pub const LIBRARY: &str = "grognard.typ";

/// One template as used for a ruleset, with the file it came from.
pub struct Template {
    pub name: &'static str,
    pub text: String,
    pub file: FileId,
    /// False for the defaults built into grognard, and for a project's
    /// unchanged copy of one.
    pub from_project: bool,
}

/// The templates of each ruleset and scenario folder.
#[derive(Default)]
pub struct Templates {
    sets: Vec<(PathBuf, Vec<Template>)>,
}

impl Templates {
    pub fn insert(&mut self, folder: PathBuf, set: Vec<Template>) {
        self.sets.push((folder, set));
    }

    /// The templates of a ruleset's or scenario's folder.
    pub fn of(&self, folder: &Path) -> &[Template] {
        self.sets
            .iter()
            .find(|(f, _)| f == folder)
            .map(|(_, set)| set.as_slice())
            .expect("templates are loaded for every ruleset and scenario")
    }

    /// Each template file once, however many folders use it.
    pub fn unique(&self) -> Vec<&Template> {
        let mut unique: Vec<&Template> = self.sets.iter().flat_map(|(_, set)| set).collect();
        unique.sort_by_key(|t| t.file);
        unique.dedup_by_key(|t| t.file);
        unique
    }
}
