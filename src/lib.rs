//! grognard: a compiler for wargame publications.
//!
//! The stages, in the one direction data flows (see [`stages`]):
//! `source`/`diagnostic` → `model` → `load` → `check` → `convert` → `render`
//! (one backend per kind of output) → `session`/`build` → the command line in
//! `main.rs` and `cli/`. This file is the facade the binary, the tests and the
//! benchmarks call.

pub mod build;
pub mod check;
pub mod convert;
pub mod diagnostic;
pub mod diff;
pub mod env;
pub mod exchange;
pub mod load;
pub mod locale;
pub mod model;
pub mod output;
pub mod render;
pub mod session;
pub mod source;
pub mod spreadsheet;
pub mod stages;
pub mod targets;
pub mod watch;

use std::path::Path;

use model::ConvertJob;

pub use build::Output;
pub use session::Session;

/// Loads and checks the project at `root`.
pub fn load(root: &Path) -> Session {
    Session::load(root)
}

/// Loads and checks what building the named targets makes needs (every
/// kind of output, or the kinds `only` names): `build ved --only rules`
/// reads no scenario. No names: the whole project.
pub fn load_for(root: &Path, names: &[String], only: &[String]) -> Session {
    build::load(root, names, only)
}

/// The build targets: every ruleset and scenario, or those named.
pub fn select_targets(session: &mut Session, names: &[String]) -> Vec<String> {
    targets::select(session, names)
}

/// Keeps only the diagnostics about the named targets.
pub fn retain_for_targets(session: &mut Session, targets: &[String]) {
    targets::retain(session, targets)
}

/// Renders the outputs of the targets into `out_dir`: every kind of output,
/// or the kinds `only` names (see [`render::registry::BACKENDS`]).
pub fn build(
    session: &mut Session,
    targets: &[String],
    only: &[String],
    out_dir: &Path,
    progress: impl FnMut(&str),
) -> Vec<Output> {
    build_with(
        session,
        targets,
        only,
        out_dir,
        &build::Options::default(),
        progress,
    )
}

/// [`build`], rendering as `options` say (how many at a time, whether
/// unchanged files are written again).
pub fn build_with(
    session: &mut Session,
    targets: &[String],
    only: &[String],
    out_dir: &Path,
    options: &build::Options,
    progress: impl FnMut(&str),
) -> Vec<Output> {
    build::build_targets(session, targets, only, out_dir, options, progress)
}

/// Writes the duplex calibration sheet (`grognard calibrate`) in
/// `language` to `path`, through the writer every output goes through.
pub fn calibrate(session: &mut Session, language: &str, path: &Path) -> Vec<Output> {
    let sheet = render::backends::calibration::CalibrationSheet {
        language: language.to_string(),
        folder: load::templates::PROJECT_FOLDER.into(),
    };
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let artifact = render::contract::Artifact::new(render::contract::Subject::Project, &path);
    let out_dir = path.parent().unwrap_or(Path::new("."));
    let options = build::Options {
        no_cache: true,
        ..build::Options::default()
    };
    let (outputs, diagnostics) =
        build::run(session, vec![(&sheet, artifact)], out_dir, &options, |_| {});
    session.diagnostics.extend(diagnostics);
    outputs
}

/// Converts one scenario (`grognard convert`) and writes what the
/// conversion makes: the layer, the report, the booklet and, for miniatures,
/// the labels. It replaces a `[[convert]]` job of the same scenario and ruleset.
pub fn convert(session: &mut Session, job: ConvertJob, out_dir: &Path) -> Vec<Output> {
    let (scenario, to) = (job.scenario.clone(), job.to.clone());
    session
        .conversions
        .retain(|c| c.job.scenario != scenario || c.job.to != to);
    if !session.convert(job) {
        return Vec::new();
    }
    let planned = build::plan(session, &[scenario], &build::wanted(&[]))
        .into_iter()
        .filter(|(_, a)| a.subject.converted() && a.subject.layer_ruleset() == Some(to.as_str()))
        .collect();
    let options = build::Options::default();
    let (outputs, diagnostics) = build::run(session, planned, out_dir, &options, |_| {});
    session.diagnostics.extend(diagnostics);
    outputs
}

// Loading and checking make many small allocations on every core.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
