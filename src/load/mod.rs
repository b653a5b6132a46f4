//! Reading a project folder into the model, keeping source locations.

pub mod chapter;
mod ruleset;
pub mod scenario;
mod table;
pub mod toml_util;
pub mod vocabulary;

use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::{Project, Ruleset};
use crate::source::Sources;

use toml_util::TomlText;

pub const MANIFEST: &str = "grognard.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    title: String,
    #[serde(default = "default_paper")]
    paper: toml::Spanned<String>,
    #[serde(default)]
    convert: Vec<RawConvert>,
    counters: Option<RawCounters>,
}

/// `[counters]`: counter size and sheet layout.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCounters {
    size_mm: Option<toml::Spanned<f64>>,
    bleed_mm: Option<f64>,
    margin_mm: Option<f64>,
}

/// A conversion `build` makes: `[[convert]] scenario = "…", from = "…", to = ["…"]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConvert {
    scenario: String,
    from: Option<String>,
    to: Vec<String>,
}

fn default_paper() -> toml::Spanned<String> {
    toml::Spanned::new(0..0, "a4".to_string())
}

pub const PAPERS: &[&str] = &["a4", "us-letter"];

/// Loads every ruleset of the project at `root`. Problems go to `diags`;
/// whatever could be loaded is returned so that later checks still run.
pub fn load_project(root: &Path, sources: &mut Sources, diags: &mut Diagnostics) -> Project {
    let mut project = Project {
        root: root.to_path_buf(),
        paper: "a4".into(),
        ..Project::default()
    };
    if let Some((file, text)) = read(root, Path::new(MANIFEST), sources, diags) {
        let toml = TomlText::whole(file, &text);
        if toml.parse_table(diags).is_some()
            && let Some(manifest) = toml.deserialize::<RawManifest>("manifest", diags)
        {
            if !PAPERS.contains(&manifest.paper.get_ref().as_str()) {
                diags.push(
                    Diagnostic::error(
                        "invalid-field",
                        format!("unknown paper size `{}`", manifest.paper.get_ref()),
                    )
                    .at_location(Some(toml.location(manifest.paper.span())))
                    .expected("\"a4\" or \"us-letter\""),
                );
            }
            if let Some(counters) = &manifest.counters {
                let settings = &mut project.counters;
                if let Some(size) = &counters.size_mm {
                    let sizes = crate::render::counters::SIZES_MM;
                    if sizes.iter().any(|s| (s - size.get_ref()).abs() < 1e-6) {
                        settings.size_mm = *size.get_ref();
                    } else {
                        diags.push(
                            Diagnostic::error(
                                "invalid-field",
                                format!("no counter size of {} mm", size.get_ref()),
                            )
                            .at_location(Some(toml.location(size.span())))
                            .expected("12.7, 15.875, 16 or 19.05"),
                        );
                    }
                }
                settings.bleed_mm = counters.bleed_mm.unwrap_or(0.0).clamp(0.0, 3.0);
                settings.margin_mm = counters.margin_mm.unwrap_or(10.0).clamp(5.0, 30.0);
            }
            project.title = manifest.title;
            project.paper = manifest.paper.into_inner();
            project.counters.paper = project.paper.clone();
            project.conversions = manifest
                .convert
                .into_iter()
                .flat_map(|c| {
                    let (scenario, from) = (c.scenario, c.from);
                    c.to.into_iter().map(move |to| crate::model::ConvertJob {
                        scenario: scenario.clone(),
                        from: from.clone(),
                        to,
                    })
                })
                .collect();
        }
    }
    for folder in sorted_entries(&root.join("content"), |p| p.is_dir()) {
        if let Some(ruleset) = load_ruleset(root, &folder, sources, diags) {
            project.rulesets.push(ruleset);
        }
    }
    let neutral = Path::new("scenarios/neutral.toml");
    if root.join(neutral).is_file()
        && let Some((file, text)) = read(root, neutral, sources, diags)
    {
        let (vocabularies, refs) = scenario::load_neutral(file, &text, diags);
        project.neutral = vocabularies;
        project.neutral_refs = refs;
    }
    project.scenarios = scenario::load_all(root, sources, diags);
    project
}

fn load_ruleset(
    root: &Path,
    folder: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Option<Ruleset> {
    let folder_name = folder.file_name()?.to_string_lossy().into_owned();
    let relative = folder.strip_prefix(root).unwrap_or(folder).to_path_buf();
    let (file, text) = read(root, &relative.join("ruleset.toml"), sources, diags)?;
    let (mut ruleset, refs) = ruleset::load(file, &text, &folder_name, diags)?;
    ruleset.folder = relative.clone();
    ruleset.key_refs = refs;

    for path in sorted_entries(&folder.join("tables"), |p| has_extension(p, "toml")) {
        let rel = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
        let Some((file, text)) = read(root, &rel, sources, diags) else {
            continue;
        };
        if let Some((table, refs)) = table::load(file, &text, diags) {
            ruleset.tables.push(table);
            ruleset.key_refs.extend(refs);
        }
    }
    let chapter_paths = sorted_entries(&folder.join("chapters"), |p| has_extension(p, "md"));
    for (index, path) in chapter_paths.iter().enumerate() {
        let rel = path.strip_prefix(root).unwrap_or(path).to_path_buf();
        let Some((file, text)) = read(root, &rel, sources, diags) else {
            continue;
        };
        if let Some(chapter) = chapter::load(file, &text, index + 1, diags) {
            ruleset.chapters.push(chapter);
        }
    }
    Some(ruleset)
}

/// Ids are lower-case ASCII words joined by `-`: safe as file names and labels.
pub fn check_id(id: &str, location: &Location, diags: &mut Diagnostics) {
    let valid = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && !id.starts_with('-');
    if !valid {
        diags.push(
            Diagnostic::error("invalid-id", format!("`{id}` is not a valid id"))
                .at_location(Some(location.clone()))
                .expected("lower-case letters, digits, `-` and `_`, e.g. \"fire-points\""),
        );
    }
}

pub(crate) fn read(
    root: &Path,
    relative: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Option<(usize, String)> {
    match fs::read_to_string(root.join(relative)) {
        Ok(text) => {
            let id = sources.add(relative, text.clone());
            Some((id, text))
        }
        Err(e) => {
            diags.push(Diagnostic::error(
                "io-error",
                format!("cannot read {}: {e}", relative.display()),
            ));
            None
        }
    }
}

pub(crate) fn sorted_entries(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| keep(p))
        .collect();
    entries.sort();
    entries
}

fn has_extension(path: &Path, extension: &str) -> bool {
    path.is_file() && path.extension().is_some_and(|e| e == extension)
}
