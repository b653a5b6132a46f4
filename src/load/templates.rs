//! Finds the templates of each folder: its own, the project's, or the default
//! built into grognard.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostics;
use crate::model::template::Template;
use crate::source::{FileId, Sources};

use super::ProjectFiles;

pub const DEFAULTS: &[(&str, &str)] = &[
    ("rulebook.typ", include_str!("../../templates/rulebook.typ")),
    ("grognard.typ", include_str!("../../templates/grognard.typ")),
    ("diagram.typ", include_str!("../../templates/diagram.typ")),
    ("booklet.typ", include_str!("../../templates/booklet.typ")),
    ("qrs.typ", include_str!("../../templates/qrs.typ")),
    ("cards.typ", include_str!("../../templates/cards.typ")),
    ("counters.typ", include_str!("../../templates/counters.typ")),
    ("labels.typ", include_str!("../../templates/labels.typ")),
    ("map.typ", include_str!("../../templates/map.typ")),
    ("vassal.typ", include_str!("../../templates/vassal.typ")),
    ("errata.typ", include_str!("../../templates/errata.typ")),
    (
        "calibration.typ",
        include_str!("../../templates/calibration.typ"),
    ),
    ("page.html", include_str!("../../templates/page.html")),
    ("booklet.html", include_str!("../../templates/booklet.html")),
    ("grognard.css", include_str!("../../templates/grognard.css")),
    ("grognard.js", include_str!("../../templates/grognard.js")),
];

/// Template files already read, by path: the project's templates serve every
/// ruleset and scenario, and are read (and checked) once.
pub type Read = HashMap<PathBuf, Option<(FileId, String)>>;

/// Finds each template for a ruleset (or a scenario's folder): its own
/// `templates/`, then the project's, then the built-in default. Templates are
/// read like every source: only inside the project.
pub fn load(
    files: &ProjectFiles,
    folder: &Path,
    read: &mut Read,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Vec<Template> {
    DEFAULTS
        .iter()
        .map(|(name, default)| {
            let candidates = [
                folder.join("templates").join(name),
                Path::new("templates").join(name),
                Path::new("<built-in>/templates").join(name),
            ];
            let (path, found) = candidates
                .into_iter()
                .find_map(|path| {
                    let found = read
                        .entry(path.clone())
                        .or_insert_with(|| {
                            if path.starts_with("<built-in>") {
                                let file = sources.add(&path, default.to_string());
                                Some((file, default.to_string()))
                            } else if files.root().join(&path).exists() {
                                files.read(&path, sources, diags)
                            } else {
                                None
                            }
                        })
                        .clone()?;
                    Some((path, found))
                })
                .expect("the built-in default is always there");
            // An unchanged copy of a built-in template is the built-in
            // one, checked when grognard was built.
            let from_project = !path.starts_with("<built-in>") && found.1 != *default;
            Template {
                name,
                text: found.1,
                file: found.0,
                from_project,
            }
        })
        .collect()
}

/// The folder of templates that belong to the whole project: `templates/`.
pub const PROJECT_FOLDER: &str = "";

/// The templates of the project and of every ruleset and scenario folder,
/// each file read once.
pub fn load_all(
    project: &crate::model::Project,
    files: &ProjectFiles,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> crate::model::template::Templates {
    // The project's own folder serves outputs of no ruleset or scenario
    // (the calibration sheet).
    let folders = std::iter::once(PROJECT_FOLDER.into())
        .chain(project.rulesets.iter().map(|r| r.folder.clone()))
        .chain(project.scenarios.iter().map(|s| s.folder.clone()));
    let mut templates = crate::model::template::Templates::default();
    let mut read = Read::new();
    for folder in folders {
        let set = load(files, &folder, &mut read, sources, diags);
        templates.insert(folder, set);
    }
    templates
}
