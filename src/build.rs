//! The build loop: for each target that checked, each wanted backend plans its
//! files and renders them; the shared writer puts each in place atomically.
//! A failed output is that output's error alone.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

use crate::diagnostic::codes;
use crate::diagnostic::{self, Diagnostic};
use crate::output;
use crate::render::contract::{Artifact, Backend, Context, Made, MadeResult};
use crate::render::registry::BACKENDS;
use crate::render::typeset::inspect::Problem;
use crate::render::typeset::stored::Stored;
use crate::session::Session;
use crate::source::Sources;

/// One file a build wrote.
pub struct Output {
    pub target: String,
    pub path: PathBuf,
    pub bytes: usize,
}

/// One build as a command asks for it (`build`, and each round of `watch`
/// and `serve`): which targets and kinds of output, where, and how.
#[derive(Default)]
pub struct Request {
    pub root: PathBuf,
    /// Rulesets and scenarios named (none: all).
    pub names: Vec<String>,
    /// Kinds of output (none: all).
    pub only: Vec<String>,
    pub out: PathBuf,
    /// Every word grognard prints in a pseudo-language that shows clipping.
    pub pseudo_locale: bool,
    /// Mark in the rulebooks what changed since this edition (a git
    /// revision or a folder).
    pub changes_since: Option<String>,
    /// Count warnings as errors.
    pub deny_warnings: bool,
    pub options: Options,
}

/// What a build did.
pub struct Report {
    /// The checked project, with the diagnostics of the build.
    pub session: Session,
    pub targets: Vec<String>,
    /// The targets its diagnostics are about; none: the whole project.
    pub scope: Vec<String>,
    pub outputs: Vec<Output>,
}

/// Loads and checks what the request needs, marks what changed since the
/// edition it names, and builds: the one path of `build`, `watch` and
/// `serve`. An edition that cannot be opened is the error.
pub fn request(request: &Request, progress: impl FnMut(&str)) -> Result<Report, String> {
    let mut session = load(&request.root, &request.names, &request.only);
    if request.pseudo_locale {
        session.project.set_pseudo_locale(true);
    }
    let targets = crate::targets::select(&mut session, &request.names);
    let named = !request.names.is_empty();
    if named {
        crate::targets::retain(&mut session, &targets);
    }
    if request.deny_warnings {
        session.diagnostics.deny_warnings();
    }
    if let Some(since) = &request.changes_since {
        let old = crate::diff::editions::Edition::open(&request.root, since)?;
        let before = Session::load(&old.root);
        session.marks = crate::diff::marks(&before.project, &session.project, since);
    }
    let outputs = build_targets(
        &mut session,
        &targets,
        &request.only,
        &request.out,
        &request.options,
        progress,
    );
    let scope = if named { targets.clone() } else { Vec::new() };
    Ok(Report {
        session,
        targets,
        scope,
        outputs,
    })
}

/// Loads and checks what building the named targets needs (every kind of
/// output, or the kinds `only` names): `build ved --only rules` reads no
/// scenario. No names: the whole project.
pub fn load(root: &Path, names: &[String], only: &[String]) -> Session {
    let scenarios = reads_scenarios(only);
    Session::load_scoped(
        root,
        &crate::load::Scope::for_targets(root, names, scenarios),
    )
}

/// The backends a build runs: all, or those `--only` names.
pub fn wanted(only: &[String]) -> Vec<&'static dyn Backend> {
    wanted_of(BACKENDS, only)
}

/// The backends of `all` a build runs: all, or those `--only` names.
fn wanted_of(all: &[&'static dyn Backend], only: &[String]) -> Vec<&'static dyn Backend> {
    all.iter()
        .copied()
        .filter(|b| only.is_empty() || only.iter().any(|o| o == b.name()))
        .collect()
}

/// Whether the backends `only` names read the project's scenarios for a
/// ruleset's files, so that building a ruleset loads them.
pub fn reads_scenarios(only: &[String]) -> bool {
    wanted(only).iter().any(|b| b.reads_scenarios())
}

/// The kinds of output published as a folder (a web edition), and each one's
/// folder in a target's output.
pub fn published_folders() -> Vec<(&'static str, &'static str)> {
    BACKENDS
        .iter()
        .filter_map(|b| Some((b.name(), b.publishes_folder()?)))
        .collect()
}

/// Renders the outputs of the targets into `out_dir`: the conversions the
/// backends read first, then every planned file.
pub fn build_targets(
    session: &mut Session,
    targets: &[String],
    only: &[String],
    out_dir: &Path,
    options: &Options,
    progress: impl FnMut(&str),
) -> Vec<Output> {
    let all: Vec<&'static dyn Backend> = BACKENDS
        .iter()
        .chain(&options.more_backends)
        .copied()
        .collect();
    let backends = wanted_of(&all, only);
    if backends.iter().any(|b| b.reads_conversions()) {
        session.run_conversions(targets);
    }
    let planned = plan(session, targets, &backends);
    let (outputs, diagnostics) = run(session, planned, out_dir, options, progress);
    session.diagnostics.extend(diagnostics);
    outputs
}

/// Every file the backends make for the targets that checked, in build order.
pub fn plan<'s>(
    session: &'s Session,
    targets: &[String],
    backends: &[&'static dyn Backend],
) -> Vec<(&'static dyn Backend, Artifact<'s>)> {
    let cx = session.context();
    targets
        .iter()
        .filter(|target| session.folder(target).is_some() && !session.target_blocked(target))
        .flat_map(|target| {
            let cx = &cx;
            backends
                .iter()
                .flat_map(move |b| b.plan(cx, target).into_iter().map(move |a| (*b, a)))
        })
        .collect()
}

/// How a build renders and writes.
#[derive(Clone, Default)]
pub struct Options {
    /// Files rendered at a time; 0 for as many as the machine has cores.
    pub jobs: usize,
    /// Leave a file that already holds the rendered bytes untouched (and
    /// unlisted), as `watch` does: a viewer reloads only what changed.
    pub skip_unchanged: bool,
    /// What a long-lived process keeps between its builds (`watch`).
    pub reuse: Option<std::sync::Arc<crate::render::typeset::reuse::Reuse>>,
    /// Kinds of output a program using grognard as a library adds to the
    /// registry's, built after them.
    pub more_backends: Vec<&'static dyn Backend>,
    /// Keep no typeset PDFs in `<out>/.cache` (a file written outside the
    /// output folder, as `calibrate --out` may).
    pub no_cache: bool,
}

/// Renders and writes each planned file into `out_dir`: the files written,
/// and the diagnostics of the run. Nothing is written for an output whose
/// rendering fails; earlier outputs stay as they were. (The session is only
/// read: what was planned holds parts of its project.)
pub fn run(
    session: &Session,
    planned: Vec<(&dyn Backend, Artifact)>,
    out_dir: &Path,
    options: &Options,
    mut progress: impl FnMut(&str),
) -> (Vec<Output>, Vec<Diagnostic>) {
    output::remove_stale_temporaries(out_dir);
    let stored = (!session.env.no_cache && !options.no_cache)
        .then(|| Stored::open(out_dir))
        .flatten();
    let mut diagnostics: Vec<Diagnostic> = session.env.warning.iter().cloned().collect();
    let cx = Context {
        stored: stored.as_ref(),
        reuse: options.reuse.as_ref(),
        ..session.context()
    };
    let rendered = render_all(&cx, &planned, options.jobs, &mut progress);
    drop(cx);
    if let Some(stored) = &stored {
        stored.tidy();
    }
    let mut outputs = Vec::new();
    for ((_, artifact), made) in planned.into_iter().zip(rendered) {
        let path = out_dir.join(&artifact.path);
        match made {
            Ok(made) => {
                let unchanged = options.skip_unchanged
                    && std::fs::read(&path).is_ok_and(|old| old == made.bytes);
                let written = Written {
                    target: artifact.target(),
                    path,
                    unchanged,
                };
                write(
                    &session.sources,
                    written,
                    made,
                    &mut outputs,
                    &mut diagnostics,
                )
            }
            Err(found) => diagnostics.extend(found),
        }
    }
    (outputs, diagnostics)
}

/// Where a rendered file goes, and whether it holds the bytes already.
struct Written<'a> {
    target: &'a str,
    path: PathBuf,
    unchanged: bool,
}

/// Renders every planned file, as many at a time as the machine has cores:
/// each output is a Typst document of its own, and a rulebook whose
/// chapters run on is laid out on one core. The results come back in plan
/// order, so what is written and reported does not depend on which finished
/// first; `progress` hears of each file as it starts.
fn render_all(
    cx: &Context,
    planned: &[(&dyn Backend, Artifact)],
    jobs: usize,
    progress: &mut impl FnMut(&str),
) -> Vec<MadeResult> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = if jobs == 0 { cores } else { jobs }.clamp(1, planned.len().max(1));
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<MadeResult>>> = planned.iter().map(|_| Mutex::new(None)).collect();
    let (started, starts) = mpsc::channel::<usize>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let started = started.clone();
            let (next, slots) = (&next, &slots);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((backend, artifact)) = planned.get(i) else {
                        break;
                    };
                    let _ = started.send(i);
                    let made = backend.render(cx, artifact);
                    *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(made);
                }
            });
        }
        drop(started);
        for i in starts {
            progress(&planned[i].1.path.display().to_string());
        }
    });
    slots
        .into_iter()
        .map(|slot| {
            let made = slot.into_inner().unwrap_or_else(|e| e.into_inner());
            made.expect("every planned file is rendered")
        })
        .collect()
}

/// Writes a rendered file into place with its warnings, or records why not;
/// an `unchanged` file keeps its warnings and is not written again.
fn write(
    sources: &Sources,
    written: Written,
    made: Made,
    outputs: &mut Vec<Output>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Written {
        target,
        path,
        unchanged,
    } = written;
    diagnostics.extend(made.warnings);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    diagnostics.extend(layout_warnings(
        sources,
        &made.problems,
        &name.unwrap_or_default(),
    ));
    if unchanged {
        return;
    }
    match output::write_atomic(&path, &made.bytes) {
        Ok(()) => outputs.push(Output {
            target: target.to_string(),
            path,
            bytes: made.bytes.len(),
        }),
        Err(e) => diagnostics.push(
            Diagnostic::of(
                codes::IO_ERROR,
                format!("cannot write {}: {e}", path.display()),
            )
            .in_file(&path)
            .note(
                "the other outputs are still written; the earlier file, if any, is left as it was",
            ),
        ),
    }
}

/// Layout problems a reader would see, each pointing at the source text it
/// comes from where that text can be found.
fn layout_warnings(sources: &Sources, problems: &[Problem], output: &str) -> Vec<Diagnostic> {
    // A few name the problem; a flood would hide everything else.
    const SHOWN: usize = 10;
    // The source a run of text comes from: its words as written there (a
    // word broken at a line's end without its hyphen).
    let source_of = |text: &str| sources.find(text.trim().trim_end_matches(['-', '\u{ad}']));
    let warning = |message: String, at, note: &str| {
        Diagnostic::of(codes::LAYOUT, message)
            .at_location(at)
            .note(note)
    };
    let mut warnings: Vec<Diagnostic> = problems
        .iter()
        .take(SHOWN)
        .map(|problem| match problem {
            Problem::OffPage { page, text } => warning(
                format!(
                    "text runs off page {page} of {output}: `{}`",
                    diagnostic::shorten(text)
                ),
                source_of(text),
                "a word this long cannot be broken; shorten it or add spaces or hyphens",
            ),
            Problem::Overprint { page, text, other } => warning(
                format!(
                    "text printed over other text on page {page} of {output}: `{}` over `{}`",
                    diagnostic::shorten(text),
                    diagnostic::shorten(other)
                ),
                source_of(text).or_else(|| source_of(other)),
                "shorten it, or give it more room",
            ),
            Problem::OutOfBox { page, text } => warning(
                format!(
                    "text runs past the edge of its box on page {page} of {output}: `{}`",
                    diagnostic::shorten(text)
                ),
                source_of(text),
                "shorten it, or give it a larger box",
            ),
            Problem::MissingGlyph { page, character } => Diagnostic::of(
                codes::LAYOUT,
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
        warnings.push(Diagnostic::of(
            codes::LAYOUT,
            format!(
                "{} more layout problems in {output}",
                problems.len() - SHOWN
            ),
        ));
    }
    warnings
}
