//! `grognard watch [TARGET…]`: build, then build again on every change of
//! the sources, in one process whose Typst results stay warm (see
//! `grognard::watch`). Diagnostics are printed when they change.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use grognard::watch::{Round, Watch};
use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecursiveMode, Watcher};

use super::build::Selection;
use super::report::{Format, Report, diagnostics_text, plural};

/// File events closer together than this are one change (an editor's save
/// is often several writes and a rename).
const DEBOUNCE: Duration = Duration::from_millis(30);
/// A source written without pause is built this long after its first change.
const SETTLE_AT_MOST: Duration = Duration::from_secs(1);

/// Build, then build again whenever a source, template or message file changes
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    selection: Selection,
    #[command(flatten)]
    report: Report,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let out = args.selection.out(root);
    let Selection { targets, only, .. } = args.selection;
    let watch = Watch::new(root.to_path_buf(), targets, only, out);
    watch_loop(&watch, &args.report, |_| {})
}

/// Builds, then builds again after each change, until the process is
/// stopped or the file events stop; `after` hears of each build.
pub fn watch_loop(watch: &Watch, report: &Report, mut after: impl FnMut(&Round)) -> ExitCode {
    let (events, changes) = mpsc::channel::<notify::Result<Event>>();
    let mut watcher = match notify::recommended_watcher(events) {
        Ok(watcher) => watcher,
        Err(error) => {
            eprintln!("error: cannot watch files for changes: {error}");
            return ExitCode::from(2);
        }
    };
    let mut watched: Vec<(PathBuf, bool)> = Vec::new();
    let mut printed = String::new();
    loop {
        // Watch first, so that no change made during the build is missed;
        // folders may have appeared or gone since the last one.
        let inputs = watch.inputs();
        if inputs != watched {
            for (path, _) in &watched {
                let _ = watcher.unwatch(path);
            }
            for (path, recursive) in &inputs {
                let mode = if *recursive {
                    RecursiveMode::Recursive
                } else {
                    RecursiveMode::NonRecursive
                };
                if let Err(error) = watcher.watch(path, mode) {
                    eprintln!("warning: cannot watch {}: {error}", path.display());
                }
            }
            watched = inputs;
        }
        let mut round = watch.build();
        after(&round);
        print_round(&mut round, watch, report, &mut printed);
        // Wait for a change that can change the build, then for the files
        // the build reads to be quiet: an editor's save is several events.
        // Writes elsewhere in the project do not postpone the build.
        loop {
            match changes.recv() {
                Ok(Ok(event)) if changes_build(&event, watch) => break,
                Ok(Ok(_)) => {}
                Ok(Err(error)) => eprintln!("warning: watching files: {error}"),
                Err(_) => return ExitCode::FAILURE,
            }
        }
        if !settle(&changes, watch) {
            return ExitCode::FAILURE;
        }
    }
}

/// Waits until no change the build cares about has come for [`DEBOUNCE`],
/// or [`SETTLE_AT_MOST`] has passed; false when the events have stopped.
fn settle(changes: &mpsc::Receiver<notify::Result<Event>>, watch: &Watch) -> bool {
    let latest = Instant::now() + SETTLE_AT_MOST;
    let mut quiet_at = Instant::now() + DEBOUNCE;
    loop {
        let wait = quiet_at
            .min(latest)
            .saturating_duration_since(Instant::now());
        if wait.is_zero() {
            return true;
        }
        match changes.recv_timeout(wait) {
            Ok(Ok(event)) if changes_build(&event, watch) => quiet_at = Instant::now() + DEBOUNCE,
            Ok(_) => {}
            Err(mpsc::RecvTimeoutError::Timeout) => return true,
            Err(mpsc::RecvTimeoutError::Disconnected) => return false,
        }
    }
}

/// A file written, made, moved or removed where the build reads (a build's
/// own reading shows as access events, which are not changes).
fn changes_build(event: &Event, watch: &Watch) -> bool {
    let written = match event.kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) | EventKind::Other => false,
        EventKind::Any | EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) => true,
    };
    written && event.paths.iter().any(|path| watch.concerns(path))
}

/// The files written, and the diagnostics when they differ from the last
/// build's; then the summary line.
fn print_round(round: &mut Round, watch: &Watch, report: &Report, printed: &mut String) {
    let targets = if watch.names.is_empty() {
        Vec::new()
    } else {
        round.targets.clone()
    };
    let (shown, summary) = diagnostics_text(&mut round.session, report, &targets);
    if let Format::Json = report.format {
        println!("{shown}");
        return;
    }
    for output in &round.written {
        let path = output
            .path
            .strip_prefix(&watch.root)
            .unwrap_or(&output.path);
        eprintln!("wrote {}", path.display());
    }
    if shown != *printed {
        eprint!("{shown}");
        *printed = shown;
    }
    eprintln!(
        "{summary}; {} changed in {} ms; watching for changes (Ctrl-C stops)",
        plural(round.written.len(), "file"),
        round.took.as_millis()
    );
}
