//! grognard: a compiler for wargame publications.
//!
//! `load` reads a project into the model and checks it; `build` renders the
//! outputs. The binary in `main.rs` is a thin layer over these.

pub mod check;
pub mod convert;
pub mod diagnostic;
pub mod load;
pub mod model;
pub mod output;
pub mod render;
pub mod source;
pub mod stages;
pub mod summary;

use std::path::{Path, PathBuf};

use diagnostic::{Diagnostic, Diagnostics};
use model::Project;
use source::Sources;

/// A loaded and checked project, with every source file and every diagnostic.
pub struct Session {
    pub project: Project,
    pub sources: Sources,
    pub diagnostics: Diagnostics,
    /// The templates of each ruleset and scenario folder.
    templates: Vec<(PathBuf, Vec<render::templates::Template>)>,
}

impl Session {
    fn templates(&self, folder: &Path) -> &[render::templates::Template] {
        self.templates
            .iter()
            .find(|(f, _)| f == folder)
            .map(|(_, t)| t.as_slice())
            .expect("templates are loaded for every ruleset and scenario")
    }
}

/// Loads the project at `root` and runs every check, the project's own
/// templates included: whatever `build` would refuse, `check` reports.
pub fn load(root: &Path) -> Session {
    let mut sources = Sources::default();
    let mut diagnostics = Diagnostics::default();
    let project = load::load_project(root, &mut sources, &mut diagnostics);
    // Check whatever loaded, even after load errors: one run reports all it can.
    check::check_project(&project, &sources, &mut diagnostics);
    let mut files = load::ProjectFiles::new(root);
    files.limits = project.limits.clone();
    let folders = project
        .rulesets
        .iter()
        .map(|r| r.folder.clone())
        .chain(project.scenarios.iter().map(|s| s.folder.clone()));
    let mut templates = Vec::new();
    let mut read = render::templates::Read::new();
    for folder in folders {
        let set =
            render::templates::load(&files, &folder, &mut read, &mut sources, &mut diagnostics);
        templates.push((folder, set));
    }
    // Each template file once, however many folders use it.
    let mut unique: Vec<&render::templates::Template> =
        templates.iter().flat_map(|(_, set)| set).collect();
    unique.sort_by_key(|t| t.file);
    unique.dedup_by_key(|t| t.file);
    render::templates::check(unique, &mut diagnostics, &sources);
    Session {
        project,
        sources,
        diagnostics,
        templates,
    }
}

/// One file a build wrote.
pub struct Output {
    pub target: String,
    pub path: PathBuf,
    pub bytes: usize,
}

/// The build targets: every ruleset, or those named.
pub fn select_targets(session: &mut Session, names: &[String]) -> Vec<String> {
    let project = &session.project;
    let all: Vec<String> = project
        .rulesets
        .iter()
        .map(|r| r.id.clone())
        .chain(project.scenarios.iter().map(|s| s.id.clone()))
        .collect();
    if names.is_empty() {
        return all;
    }
    let mut selected = Vec::new();
    for name in names {
        if all.contains(name) {
            selected.push(name.clone());
        } else {
            let mut d = Diagnostic::error(
                "unknown-target",
                format!("nothing to build called `{name}`"),
            )
            .expected(format!("one of {}", all.join(", ")));
            if let Some(s) = diagnostic::closest(name, all.iter().map(String::as_str)) {
                d = d.note(format!("did you mean `{s}`?"));
            }
            session.diagnostics.push(d);
        }
    }
    selected
}

/// Whether a diagnostic concerns a ruleset folder: its own files, or the
/// project's (manifest, templates, unknown targets), but not another ruleset's.
fn concerns(session: &Session, d: &Diagnostic, folder: &Path) -> bool {
    match &d.location {
        None => true,
        Some(l) => match owner(session.sources.path(l.file)) {
            Some(owner) => owner == folder,
            None => true,
        },
    }
}

/// The ruleset or scenario folder a file belongs to; `None` for the project's
/// own files (manifest, templates, neutral vocabularies).
fn owner(path: &Path) -> Option<PathBuf> {
    let mut parts = path.components();
    let top = parts.next()?.as_os_str();
    let name = parts.next()?;
    parts.next()?; // a file inside the folder, not the folder's sibling file
    (top == "content" || top == "scenarios").then(|| Path::new(top).join(name.as_os_str()))
}

fn blocked(session: &Session, folder: &Path) -> bool {
    session
        .diagnostics
        .iter()
        .filter(|d| d.severity == diagnostic::Severity::Error)
        .any(|d| concerns(session, d, folder))
}

/// Keeps only the diagnostics about the named targets (as `build <target>`
/// reports, like `cargo build -p`); `check` keeps everything.
pub fn retain_for_targets(session: &mut Session, targets: &[String]) {
    let folders: Vec<PathBuf> = targets
        .iter()
        .filter_map(|t| {
            let project = &session.project;
            project
                .ruleset(t)
                .map(|r| r.folder.clone())
                .or_else(|| project.scenario(t).map(|s| s.folder.clone()))
        })
        .collect();
    if folders.is_empty() {
        return;
    }
    let mut diagnostics = std::mem::take(&mut session.diagnostics);
    diagnostics.retain(|d| folders.iter().any(|f| concerns(session, d, f)));
    session.diagnostics = diagnostics;
}

/// The kinds of output a build makes; `build --only` picks some.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// Rulebooks: out/<ruleset>/<ruleset>-rules.pdf
    Rules,
    /// Quick-reference sheets: out/<ruleset>/<ruleset>-qrs.pdf
    Qrs,
    /// Scenario booklets: out/<battle>/<battle>-oob.pdf and -<ruleset>.pdf
    Booklets,
    /// Counter sheets of hex layers: out/<battle>/<battle>-<ruleset>-counters.pdf
    Counters,
    /// The `[[convert]]` jobs of grognard.toml: layers, reports, booklets, labels
    Conversions,
}

/// Which kinds of output to make: all of them when none is named.
#[derive(Debug, Clone, Default)]
pub struct Only(pub Vec<Kind>);

impl Only {
    pub fn wants(&self, kind: Kind) -> bool {
        self.0.is_empty() || self.0.contains(&kind)
    }
}

/// Renders the outputs of each target into `out_dir`. Nothing is written for
/// an output whose rendering fails; earlier outputs stay as they were.
pub fn build(
    session: &mut Session,
    targets: &[String],
    only: &Only,
    out_dir: &Path,
    mut progress: impl FnMut(&str),
) -> Vec<Output> {
    output::remove_stale_temporaries(out_dir);
    if let Some(problem) = render::pdf::source_date_problem() {
        session
            .diagnostics
            .push(Diagnostic::warning("source-date-epoch", problem));
    }
    // Decided before anything is written: a failed write is that output's
    // error and must not stop the targets after it.
    let buildable: Vec<&String> = targets
        .iter()
        .filter(|id| {
            let project = &session.project;
            let folder = project
                .ruleset(id)
                .map(|r| &r.folder)
                .or_else(|| project.scenario(id).map(|s| &s.folder));
            folder.is_some_and(|f| !blocked(session, f))
        })
        .collect();
    let mut outputs = Vec::new();
    for id in buildable {
        progress(id);
        if session.project.ruleset(id).is_some() {
            if only.wants(Kind::Rules) || only.wants(Kind::Qrs) {
                build_ruleset(session, id, only, out_dir, &mut outputs);
            }
            continue;
        }
        if only.wants(Kind::Booklets) || only.wants(Kind::Counters) {
            build_scenario(session, id, only, out_dir, &mut outputs);
        }
        if only.wants(Kind::Conversions) {
            let jobs: Vec<model::ConvertJob> = session
                .project
                .conversions
                .iter()
                .filter(|j| &j.scenario == id)
                .cloned()
                .collect();
            for job in jobs {
                progress(&format!("{id} → {}", job.to));
                outputs.extend(convert(session, &job, out_dir));
            }
        }
    }
    outputs
}

/// A ruleset's rulebook and quick-reference sheet.
fn build_ruleset(
    session: &mut Session,
    id: &str,
    only: &Only,
    out_dir: &Path,
    outputs: &mut Vec<Output>,
) {
    let kinds = [
        (
            Kind::Rules,
            "rules",
            render::rulebook::render as RulesetRenderer,
        ),
        (Kind::Qrs, "qrs", render::qrs::render),
    ];
    for (kind, suffix, renderer) in kinds {
        if !only.wants(kind) {
            continue;
        }
        let result = {
            let ruleset = session.project.ruleset(id).expect("a ruleset");
            let templates = session.templates(&ruleset.folder);
            renderer(&session.project, ruleset, templates, &session.sources)
        };
        let path = out_dir.join(id).join(format!("{id}-{suffix}.pdf"));
        write(session, id, path, result, outputs);
    }
}

type RulesetRenderer = fn(
    &Project,
    &model::Ruleset,
    &[render::templates::Template],
    &Sources,
) -> render::pdf::RenderResult;

/// A scenario's booklets (historical OOB and one per layer) and the counter
/// sheets of its hex layers.
fn build_scenario(
    session: &mut Session,
    id: &str,
    only: &Only,
    out_dir: &Path,
    outputs: &mut Vec<Output>,
) {
    let scenario = session.project.scenario(id).expect("a scenario");
    let layers: Vec<Option<String>> = std::iter::once(None)
        .chain(scenario.layers.iter().map(|l| Some(l.ruleset.clone())))
        .collect();
    for layer in layers {
        if only.wants(Kind::Booklets) {
            let result = {
                let scenario = session.project.scenario(id).expect("a scenario");
                render::booklet::render(
                    &session.project,
                    scenario,
                    find_layer(scenario, layer.as_deref()),
                    session.templates(&scenario.folder),
                    &session.sources,
                )
            };
            let name = match &layer {
                Some(ruleset) => format!("{id}-{ruleset}.pdf"),
                None => format!("{id}-oob.pdf"),
            };
            write(session, id, out_dir.join(id).join(name), result, outputs);
        }
        // Hex games get counter sheets.
        let scenario = session.project.scenario(id).expect("a scenario");
        let hex_layer = find_layer(scenario, layer.as_deref()).filter(|l| l.map.is_some());
        if let Some(layer) = hex_layer
            && only.wants(Kind::Counters)
        {
            let path = out_dir
                .join(id)
                .join(format!("{id}-{}-counters.pdf", layer.ruleset));
            let result = render::counters::render(
                &session.project,
                scenario,
                layer,
                &session.project.counters,
                session.templates(&scenario.folder),
                &session.sources,
            );
            write(session, id, path, result, outputs);
        }
    }
}

fn find_layer<'a>(
    scenario: &'a model::scenario::Scenario,
    ruleset: Option<&str>,
) -> Option<&'a model::scenario::Layer> {
    let ruleset = ruleset?;
    scenario.layers.iter().find(|l| l.ruleset == ruleset)
}

/// Converts a scenario and writes the layer, the report and the booklet.
pub fn convert(session: &mut Session, job: &model::ConvertJob, out_dir: &Path) -> Vec<Output> {
    let mut outputs = Vec::new();
    let Some(scenario) = session.project.scenario(&job.scenario) else {
        let names = session.project.scenarios.iter().map(|s| s.id.as_str());
        let mut d = Diagnostic::error(
            "convert",
            format!("no scenario `{}` to convert", job.scenario),
        );
        if let Some(s) = diagnostic::closest(&job.scenario, names) {
            d = d.note(format!("did you mean `{s}`?"));
        }
        session.diagnostics.push(d);
        return outputs;
    };
    let converted = match convert::convert(&session.project, scenario, &job.to, job.from.as_deref())
    {
        Ok(c) => c,
        Err(diagnostics) => {
            session.diagnostics.extend(diagnostics);
            return outputs;
        }
    };
    // Nothing is dropped in silence: what the report warns of, check shows too.
    for warning in &converted.conversion.warnings {
        session.diagnostics.push(
            Diagnostic::warning(
                "convert",
                format!("{} → {}: {warning}", job.scenario, job.to),
            )
            .note("the conversion report lists it too"),
        );
    }
    let folder = out_dir.join(&job.scenario);
    let stem = format!("{}-{}", job.scenario, job.to);
    let layer_path = folder.join(format!("{stem}.toml"));
    let report_path = folder.join(format!("{stem}-report.md"));
    // The converted layer must load and check like a hand-written one.
    let shown = Path::new("out")
        .join(&job.scenario)
        .join(format!("{stem}.toml"));
    let file = session.sources.add(shown, converted.layer.clone());
    let mut refs = Vec::new();
    let mut found = diagnostic::Diagnostics::default();
    let limits = &session.project.limits;
    let layer = load::scenario::load_layer(file, &converted.layer, limits, &mut refs, &mut found);
    if let Some(layer) = &layer {
        check::scenario::check_extra_layer(&session.project, scenario, layer, &refs, &mut found);
    }
    if found.has_errors() || layer.is_none() {
        session.diagnostics.extend(found.iter().cloned());
        session.diagnostics.push(Diagnostic::error(
            "convert",
            format!(
                "the converted `{}` layer of `{}` does not check; this is a bug in grognard",
                job.to, job.scenario
            ),
        ));
        return outputs;
    }
    for (path, text) in [
        (layer_path, &converted.layer),
        (report_path, &converted.report),
    ] {
        write_file(session, &job.scenario, path, text.as_bytes(), &mut outputs);
    }
    let scenario = session
        .project
        .scenario(&job.scenario)
        .expect("looked up above");
    let result = render::booklet::render(
        &session.project,
        scenario,
        layer.as_ref(),
        session.templates(&scenario.folder),
        &session.sources,
    );
    let pdf_path = folder.join(format!("{stem}.pdf"));
    write(session, &job.scenario, pdf_path, result, &mut outputs);
    // Miniatures get unit labels, roster cards and order markers.
    let miniatures = session
        .project
        .ruleset(&job.to)
        .and_then(|r| r.profile.as_ref())
        .is_some_and(|p| p.is_miniatures());
    if miniatures {
        let scenario = session
            .project
            .scenario(&job.scenario)
            .expect("looked up above");
        let result = render::labels::render(
            &session.project,
            scenario,
            &converted.conversion,
            session.templates(&scenario.folder),
            &session.sources,
        );
        let path = folder.join(format!("{stem}-labels.pdf"));
        write(session, &job.scenario, path, result, &mut outputs);
    }
    outputs
}

/// Writes a rendered PDF into place, or records why there is none.
fn write(
    session: &mut Session,
    target: &str,
    path: PathBuf,
    result: render::pdf::RenderResult,
    outputs: &mut Vec<Output>,
) {
    match result {
        Ok(render::pdf::Rendered {
            pdf,
            warnings,
            problems,
            ..
        }) => {
            session.diagnostics.extend(warnings);
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            let layout = layout_warnings(&session.sources, &problems, &name.unwrap_or_default());
            session.diagnostics.extend(layout);
            write_file(session, target, path, &pdf, outputs);
        }
        Err(diagnostics) => session.diagnostics.extend(diagnostics),
    }
}

/// Layout problems a reader would see, each pointing at the source text it
/// comes from where that text can be found.
fn layout_warnings(
    sources: &Sources,
    problems: &[render::inspect::Problem],
    output: &str,
) -> Vec<Diagnostic> {
    use render::inspect::Problem;
    // A few name the problem; a flood would hide everything else.
    const SHOWN: usize = 10;
    let mut warnings: Vec<Diagnostic> = problems
        .iter()
        .take(SHOWN)
        .map(|problem| match problem {
            Problem::OffPage { page, text } => {
                let wanted = text.trim().trim_end_matches(['-', '\u{ad}']);
                Diagnostic::warning(
                    "layout",
                    format!(
                        "text runs off page {page} of {output}: `{}`",
                        diagnostic::shorten(text)
                    ),
                )
                .at_location(sources.find(wanted))
                .note("a word this long cannot be broken; shorten it or add spaces or hyphens")
            }
            Problem::MissingGlyph { page, character } => Diagnostic::warning(
                "layout",
                format!(
                    "`{character}` (U+{:04X}) prints as an empty box on page {page} of {output}",
                    u32::from(*character)
                ),
            )
            .at_location(sources.find(&character.to_string()))
            .note("the fonts grognard embeds have no glyph for it; use another character"),
        })
        .collect();
    if problems.len() > SHOWN {
        warnings.push(Diagnostic::warning(
            "layout",
            format!(
                "{} more layout problems in {output}",
                problems.len() - SHOWN
            ),
        ));
    }
    warnings
}

/// Writes one output file; a failure is that output's error alone.
fn write_file(
    session: &mut Session,
    target: &str,
    path: PathBuf,
    bytes: &[u8],
    outputs: &mut Vec<Output>,
) {
    match output::write_atomic(&path, bytes) {
        Ok(()) => outputs.push(Output {
            target: target.to_string(),
            path,
            bytes: bytes.len(),
        }),
        Err(e) => session.diagnostics.push(
            Diagnostic::error("io-error", format!("cannot write {}: {e}", path.display())).note(
                "the other outputs are still written; the earlier file, if any, is left as it was",
            ),
        ),
    }
}
