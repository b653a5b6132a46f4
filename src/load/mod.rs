//! Reading a project folder into the model, keeping source locations.

mod changelog;
pub mod chapter;
pub mod diagram;
mod example;
mod field_errors;
pub mod files;
mod forces;
mod glossary;
mod layer;
mod layer_clock;
mod map;
mod messages;
mod ruleset;
pub mod scenario;
mod table;
pub mod templates;
pub mod toml_util;
mod unit;
pub mod vocabulary;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use serde::Deserialize;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::limits::{self, Limits};
use crate::model::{ConvertJob, Project, Ruleset};
use crate::source::Sources;

pub use files::{ProjectFiles, SourceText};
use toml_util::TomlText;

pub const MANIFEST: &str = "grognard.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    title: toml_util::Localised,
    #[serde(default = "default_paper")]
    paper: toml::Spanned<String>,
    #[serde(default)]
    convert: Vec<RawConvert>,
    counters: Option<RawCounters>,
    print: Option<RawPrint>,
    cards: Option<RawCards>,
    #[serde(default)]
    limits: BTreeMap<toml::Spanned<String>, toml::Spanned<i64>>,
}

/// `[counters]`: counter size and sheet layout.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCounters {
    size_mm: Option<toml::Spanned<f64>>,
    bleed_mm: Option<toml::Spanned<f64>>,
    margin_mm: Option<toml::Spanned<f64>>,
}

/// `[cards]`: the quick-reference cards' size.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCards {
    size: Option<toml::Spanned<String>>,
}

/// `[print]`: how the user prints player aids with backs.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrint {
    bleed_mm: Option<toml::Spanned<f64>>,
    safe_mm: Option<toml::Spanned<f64>>,
    duplex: Option<toml::Spanned<String>>,
    back_offset_mm: Option<toml::Spanned<Vec<f64>>>,
    crop_marks: Option<bool>,
    map_tiles: Option<Vec<toml::Spanned<String>>>,
}

/// A conversion `build` makes: `[[convert]] scenario = "…", from = "…", to = ["…"]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConvert {
    scenario: toml::Spanned<String>,
    from: Option<toml::Spanned<String>>,
    to: Vec<toml::Spanned<String>>,
}

fn default_paper() -> toml::Spanned<String> {
    toml::Spanned::new(0..0, "a4".to_string())
}

pub const PAPERS: &[&str] = &["a4", "us-letter", "a4-or-letter"];

/// Loads every ruleset of the project at `root`. Problems go to `diags`;
/// whatever could be loaded is returned so that later checks still run.
/// Which rulesets and scenarios a run reads: all, or those a build of
/// named targets needs (`build ved --only rules` reads no scenario).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scope {
    /// The folders of `content/` to read; none: all.
    pub rulesets: Option<Vec<String>>,
    /// The folders of `scenarios/` to read; none: all.
    pub scenarios: Option<Vec<String>>,
}

impl Scope {
    /// Everything the project holds.
    pub fn all() -> Self {
        Self::default()
    }

    /// What building the named targets needs. A ruleset needs no scenario,
    /// unless its web edition is built (it has a page per scenario played
    /// with the ruleset); a scenario read needs every ruleset (its layers
    /// and conversions name them). A name that is no folder of the project
    /// reads everything, so that the error can list the names there are.
    pub fn for_targets(root: &Path, names: &[String], scenario_pages: bool) -> Self {
        if names.is_empty() {
            return Self::all();
        }
        let holds = |folder: &str, manifest: &str, name: &str| {
            let plain =
                !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\', ':']);
            plain && root.join(folder).join(name).join(manifest).is_file()
        };
        let (mut rulesets, mut scenarios) = (Vec::new(), Vec::new());
        for name in names {
            if holds("content", "ruleset.toml", name) {
                rulesets.push(name.clone());
            } else if holds("scenarios", "scenario.toml", name) {
                scenarios.push(name.clone());
            } else {
                return Self::all();
            }
        }
        let pages_need_all = scenario_pages && !rulesets.is_empty();
        let scenarios = (!pages_need_all).then_some(scenarios);
        let no_scenario = scenarios.as_ref().is_some_and(Vec::is_empty);
        Scope {
            rulesets: no_scenario.then_some(rulesets),
            scenarios,
        }
    }

    fn reads(list: &Option<Vec<String>>, folder: &Path) -> bool {
        let name = folder.file_name().map(|n| n.to_string_lossy());
        list.as_ref()
            .is_none_or(|names| name.is_some_and(|n| names.iter().any(|x| *x == n)))
    }
}

pub fn load_project(root: &Path, sources: &mut Sources, diags: &mut Diagnostics) -> Project {
    load_scoped(root, &Scope::all(), sources, diags)
}

/// [`load_project`], reading only the rulesets and scenarios of `scope`.
pub fn load_scoped(
    root: &Path,
    scope: &Scope,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Project {
    let mut files = ProjectFiles::new(root);
    let mut project = Project {
        root: root.to_path_buf(),
        paper: "a4".into(),
        ..Project::default()
    };
    if let Some((file, text)) = files.read(Path::new(MANIFEST), sources, diags) {
        manifest(TomlText::whole(file, &text), &mut project, diags);
    }
    files.limits = project.limits.clone();
    project.locales = std::sync::Arc::new(messages::load(&files, sources, diags));
    let locales = std::sync::Arc::clone(&project.locales);
    let locales = &*locales;
    // Every file is read first, in order, then parsed on every core.
    let rulesets: Vec<RulesetFiles> = files
        .entries(Path::new("content"), Path::is_dir, diags)
        .iter()
        .filter(|folder| Scope::reads(&scope.rulesets, folder))
        .filter_map(|folder| RulesetFiles::read(&files, folder, sources, diags))
        .collect();
    let neutral = Path::new("scenarios/neutral.toml");
    let neutral = if files.is_file(neutral) {
        files.read(neutral, sources, diags)
    } else {
        None
    };
    let scenarios = scenario::read_all(
        &files,
        |folder| Scope::reads(&scope.scenarios, folder),
        sources,
        diags,
    );
    let limits = &files.limits;
    let (rulesets, scenarios) = rayon::join(
        || parse_each(&rulesets, |ruleset, d| ruleset.parse(limits, locales, d)),
        || parse_each(&scenarios, |scenario, d| scenario.parse(limits, locales, d)),
    );
    for (ruleset, found) in rulesets {
        diags.extend(found.into_vec());
        project.rulesets.extend(ruleset.map(|ruleset| Ruleset {
            locales: std::sync::Arc::clone(&project.locales),
            ..ruleset
        }));
    }
    if let Some((file, text)) = neutral {
        let (vocabularies, refs) = scenario::load_neutral(file, &text, limits, locales, diags);
        project.neutral = vocabularies;
        project.neutral_refs = refs;
    }
    for (scenario, found) in scenarios {
        diags.extend(found.into_vec());
        project.scenarios.extend(scenario);
    }
    // The conversions of scenarios left unread are not this run's.
    project
        .conversions
        .retain(|job| Scope::reads(&scope.scenarios, Path::new(&job.scenario)));
    project
}

/// `grognard.toml`: title, paper, counters, conversions and limits.
fn manifest(toml: TomlText, project: &mut Project, diags: &mut Diagnostics) {
    // The manifest sets the limits; it is read within the defaults.
    let Some(document) = toml.parse(&Limits::default(), diags) else {
        return;
    };
    let Some(manifest) = document.deserialize::<RawManifest>("manifest", diags) else {
        return;
    };
    if !PAPERS.contains(&manifest.paper.get_ref().as_str()) {
        diags.push(
            Diagnostic::of(
                codes::INVALID_FIELD,
                format!("unknown paper size `{}`", manifest.paper.get_ref()),
            )
            .at_location(Some(toml.location(manifest.paper.span())))
            .expected("\"a4\", \"us-letter\" or \"a4-or-letter\" (the part both share, to print on either)"),
        );
    }
    if let Some(print) = &manifest.print {
        print_settings(&toml, print, project, diags);
    }
    if let Some(counters) = &manifest.counters {
        counter_settings(&toml, counters, project, diags);
    }
    if let Some(size) = manifest.cards.as_ref().and_then(|c| c.size.as_ref()) {
        use crate::model::counter_spec::CardSize;
        let expected = "poker or tarot (63.5 × 88.9 mm or 69.9 × 120.7 mm)";
        if let Some(card) = choice(&toml, size, CardSize::parse, "card size", expected, diags) {
            project.cards = card;
        }
    }
    project.limits = limits(&toml, &manifest.limits, diags);
    project.titles = manifest.title.into_pairs();
    project.title = project
        .titles
        .first()
        .map(|(_, t)| t.clone())
        .unwrap_or_default();
    project.paper = manifest.paper.into_inner();
    project.counters.paper = project.paper.clone();
    project.conversions = manifest
        .convert
        .into_iter()
        .flat_map(|c| {
            let scenario = c.scenario;
            let from = c.from;
            c.to.into_iter().map(move |to| ConvertJob {
                scenario: scenario.get_ref().clone(),
                from: from.as_ref().map(|f| f.get_ref().clone()),
                to: to.get_ref().clone(),
                location: Some(crate::model::ConvertLocations {
                    scenario: toml.location(scenario.span()),
                    from: from.as_ref().map(|f| toml.location(f.span())),
                    to: toml.location(to.span()),
                }),
            })
        })
        .collect();
}

/// The farthest a printer puts its backs from its fronts, in millimetres.
const BACK_OFFSET_MM: f64 = 5.0;

/// `[print]`: a duplex mode grognard knows and a back offset within reason.
fn print_settings(
    toml: &TomlText,
    print: &RawPrint,
    project: &mut Project,
    diags: &mut Diagnostics,
) {
    let settings = &mut project.counters;
    if let Some(duplex) = &print.duplex {
        use crate::model::counter_spec::Duplex;
        let expected = Duplex::NAMES.join(", ");
        if let Some(mode) = choice(toml, duplex, Duplex::parse, "duplex mode", &expected, diags) {
            settings.duplex = mode;
        }
    }
    if let Some(offset) = &print.back_offset_mm {
        match offset.get_ref().as_slice() {
            [x, y] if x.abs() <= BACK_OFFSET_MM && y.abs() <= BACK_OFFSET_MM => {
                settings.back_offset_mm = (*x, *y);
            }
            found => diags.push(
                Diagnostic::of(codes::INVALID_FIELD, "`back_offset_mm` is no offset a printer makes")
                    .at_location(Some(toml.location(offset.span())))
                    .expected(format!(
                        "two numbers, right and down, each between -{BACK_OFFSET_MM} and {BACK_OFFSET_MM} mm, as read off the calibration sheet"
                    ))
                    .found(format!("{found:?}")),
            ),
        }
    }
    for paper in print.map_tiles.iter().flatten() {
        let known = |p: &str| {
            crate::model::counter_spec::TILE_PAPERS
                .contains(&p)
                .then_some(())
        };
        let expected = crate::model::counter_spec::TILE_PAPERS.join(", ");
        if choice(toml, paper, known, "paper for map tiles", &expected, diags).is_some() {
            settings.map_tiles.push(paper.get_ref().clone());
        }
    }
    if let Some(crop_marks) = print.crop_marks {
        settings.crop_marks = crop_marks;
    }
    if let Some(bleed) = millimetres(toml, &print.bleed_mm, "bleed_mm", (0.0, 3.0), diags) {
        settings.bleed_mm = bleed;
    }
    if let Some(safe) = millimetres(toml, &print.safe_mm, "safe_mm", (0.0, 3.0), diags) {
        settings.safe_mm = safe;
    }
}

/// One of the names a setting knows (`expected` lists them); another is
/// reported at its place.
fn choice<T>(
    toml: &TomlText,
    value: &toml::Spanned<String>,
    parse: fn(&str) -> Option<T>,
    what: &str,
    expected: &str,
    diags: &mut Diagnostics,
) -> Option<T> {
    let found = parse(value.get_ref());
    if found.is_none() {
        diags.push(
            Diagnostic::of(
                codes::INVALID_FIELD,
                format!("no {what} `{}`", value.get_ref()),
            )
            .at_location(Some(toml.location(value.span())))
            .expected(expected.to_string()),
        );
    }
    found
}

/// A length in millimetres within `range`; one outside it is reported.
fn millimetres(
    toml: &TomlText,
    value: &Option<toml::Spanned<f64>>,
    name: &str,
    range: (f64, f64),
    diags: &mut Diagnostics,
) -> Option<f64> {
    let value = value.as_ref()?;
    let mm = *value.get_ref();
    if (range.0..=range.1).contains(&mm) {
        return Some(mm);
    }
    if !mm.is_finite() {
        return None; // reported with every other number that is not one
    }
    diags.push(
        Diagnostic::of(
            codes::INVALID_FIELD,
            format!("`{name}` of {mm} mm is out of range"),
        )
        .at_location(Some(toml.location(value.span())))
        .expected(format!("between {} and {} mm", range.0, range.1)),
    );
    None
}

/// `[counters]`: a size the sheets know, and bleed and margins within reason.
fn counter_settings(
    toml: &TomlText,
    counters: &RawCounters,
    project: &mut Project,
    diags: &mut Diagnostics,
) {
    let settings = &mut project.counters;
    if let Some(size) = &counters.size_mm {
        let sizes = crate::model::counter_spec::SIZES_MM;
        if sizes.iter().any(|s| (s - size.get_ref()).abs() < 1e-6) {
            settings.size_mm = *size.get_ref();
        } else {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("no counter size of {} mm", size.get_ref()),
                )
                .at_location(Some(toml.location(size.span())))
                .expected("12.7, 15.875, 16 or 19.05"),
            );
        }
    }
    if let Some(bleed) = millimetres(toml, &counters.bleed_mm, "bleed_mm", (0.0, 3.0), diags) {
        settings.bleed_mm = bleed;
    }
    if let Some(margin) = millimetres(toml, &counters.margin_mm, "margin_mm", (5.0, 30.0), diags) {
        settings.margin_mm = margin;
    }
}

/// `[limits]`: known keys, whole numbers between 1 and each limit's ceiling.
fn limits(
    toml: &TomlText,
    raw: &BTreeMap<toml::Spanned<String>, toml::Spanned<i64>>,
    diags: &mut Diagnostics,
) -> Limits {
    let mut found = Limits::default();
    for (key, value) in raw {
        let Some(limit) = limits::ALL.iter().find(|l| l.key == key.get_ref()) else {
            let names: Vec<_> = limits::ALL.iter().map(|l| l.key).collect();
            let mut d = Diagnostic::of(
                codes::INVALID_FIELD,
                format!("no limit called `{}`", key.get_ref()),
            )
            .at_location(Some(toml.location(key.span())))
            .expected(format!("one of {}", names.join(", ")));
            if let Some(s) = crate::diagnostic::closest(key.get_ref(), names) {
                d = d.note(format!("did you mean `{s}`?"));
            }
            diags.push(d);
            continue;
        };
        match u64::try_from(*value.get_ref()) {
            Ok(n) if (1..=limit.ceiling).contains(&n) => found.set(limit.key, n),
            _ => diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("`{}` cannot be {}", limit.key, value.get_ref()),
                )
                .at_location(Some(toml.location(value.span())))
                .expected(format!(
                    "a whole number from 1 to {}",
                    limits::group_digits(limit.ceiling)
                )),
            ),
        }
    }
    found
}

/// A ruleset folder's files, read in the order their ids are given, waiting
/// to be parsed (the parsing runs on every core; the reading stays in order
/// so that file ids, and so the order of reports, never depend on timing).
struct RulesetFiles {
    folder: PathBuf,
    manifest: SourceText,
    tables: Vec<SourceText>,
    chapters: Vec<SourceText>,
    glossary: Option<SourceText>,
    changelog: Option<SourceText>,
}

impl RulesetFiles {
    fn read(
        files: &ProjectFiles,
        folder: &Path,
        sources: &mut Sources,
        diags: &mut Diagnostics,
    ) -> Option<Self> {
        let manifest = files.read(&folder.join("ruleset.toml"), sources, diags)?;
        let is_toml = |p: &Path| has_extension(p, "toml");
        let tables = files.entries(&folder.join("tables"), is_toml, diags);
        let is_markdown = |p: &Path| has_extension(p, "md");
        let chapters = files.entries(&folder.join("chapters"), is_markdown, diags);
        if !files.within_ruleset_limits(folder, &tables, &chapters, diags) {
            return None;
        }
        let tables = files.read_each(&tables, sources, diags);
        let chapters = files.read_each(&chapters, sources, diags);
        let optional = |name: &str, sources: &mut Sources, diags: &mut Diagnostics| {
            let path = folder.join(name);
            files
                .is_file(&path)
                .then(|| files.read(&path, sources, diags))
                .flatten()
        };
        let glossary = optional("glossary.toml", sources, diags);
        let changelog = optional("changelog.toml", sources, diags);
        Some(Self {
            folder: folder.to_path_buf(),
            manifest,
            tables,
            chapters,
            glossary,
            changelog,
        })
    }

    /// Parses every file, the tables and chapters side by side; findings
    /// come back in the order the files were read.
    fn parse(
        &self,
        limits: &Limits,
        locales: &crate::locale::Locales,
        diags: &mut Diagnostics,
    ) -> Option<Ruleset> {
        let folder_name = self
            .folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned());
        let (file, text) = &self.manifest;
        let folder_name = folder_name.as_deref().unwrap_or("");
        let (mut ruleset, refs) = ruleset::load(*file, text, folder_name, limits, locales, diags)?;
        ruleset.folder = self.folder.clone();
        ruleset.key_refs = refs;
        let (tables, chapters) = rayon::join(
            || {
                parse_each(&self.tables, |(file, text), d| {
                    table::load(*file, text, limits, d)
                })
            },
            || {
                let numbered: Vec<_> = self.chapters.iter().enumerate().collect();
                parse_each(&numbered, |(index, (file, text)), d| {
                    chapter::load(*file, text, index + 1, limits, d)
                })
            },
        );
        for (table, found) in tables {
            diags.extend(found.into_vec());
            if let Some((table, refs)) = table {
                ruleset.tables.push(table);
                ruleset.key_refs.extend(refs);
            }
        }
        for (chapter, found) in chapters {
            diags.extend(found.into_vec());
            ruleset.chapters.extend(chapter);
        }
        if let Some((file, text)) = &self.glossary {
            ruleset.glossary = glossary::load(*file, text, limits, diags);
        }
        if let Some((file, text)) = &self.changelog {
            ruleset.changelog = changelog::load(*file, text, limits, diags);
        }
        ruleset.numbering = crate::model::numbering::Numbering::of(&ruleset);
        Some(ruleset)
    }
}

/// `parse` applied to every item on the cores available, each with its own
/// findings, the results in the items' order.
pub(crate) fn parse_each<T: Sync, R: Send>(
    items: &[T],
    parse: impl Fn(&T, &mut Diagnostics) -> R + Sync,
) -> Vec<(R, Diagnostics)> {
    items
        .par_iter()
        .map(|item| {
            let mut found = Diagnostics::default();
            let parsed = parse(item, &mut found);
            (parsed, found)
        })
        .collect()
}

/// The longest id: ids name files and labels, and are typed by hand.
pub const MAX_ID_CHARS: usize = 100;

/// Ids are lower-case ASCII words joined by `-`: safe as file names and labels.
pub fn check_id(id: &str, location: &Location, diags: &mut Diagnostics) {
    if id.len() > MAX_ID_CHARS {
        diags.push(
            Diagnostic::of(
                codes::INVALID_ID,
                format!("an id of {} characters is too long", id.chars().count()),
            )
            .at_location(Some(location.clone()))
            .expected(format!("at most {MAX_ID_CHARS} characters")),
        );
        return;
    }
    let valid = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && !id.starts_with('-');
    if !valid {
        diags.push(
            Diagnostic::of(codes::INVALID_ID, format!("`{id}` is not a valid id"))
                .at_location(Some(location.clone()))
                .expected("lower-case letters, digits, `-` and `_`, e.g. \"fire-points\""),
        );
    }
}

fn has_extension(path: &Path, extension: &str) -> bool {
    path.is_file() && path.extension().is_some_and(|e| e == extension)
}
