//! `grognard build [TARGET…] [--only KIND,…]`: check, then write the outputs.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::builder::{PossibleValue, PossibleValuesParser};
use grognard::render::registry::BACKENDS;

use super::report::{Report, finish, print_outputs};

/// What a build makes and where: `build`, `watch` and `serve` take the same.
#[derive(clap::Args)]
pub struct Selection {
    /// Rulesets and scenarios to build (default: everything)
    pub targets: Vec<String>,
    /// Output folder (default: <root>/out)
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Make only these kinds of output (default: all; for `serve`, html); repeat or separate with commas
    #[arg(long, value_delimiter = ',', value_parser = kinds())]
    pub only: Vec<String>,
}

impl Selection {
    pub fn out(&self, root: &Path) -> PathBuf {
        self.out.clone().unwrap_or_else(|| root.join("out"))
    }
}

/// Check the sources and build publications into out/
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    selection: Selection,
    /// Print every word grognard writes itself as ⟦…⟧, a third longer: shows
    /// words that do not come from the message files, and boxes too small
    /// for a longer language
    #[arg(long)]
    pseudo_locale: bool,
    /// Mark in the rulebooks what changed since this edition (a git revision
    /// or a folder): a bar beside each changed case, changed table cells tinted
    #[arg(long, value_name = "OLD")]
    changes_since: Option<String>,
    /// Files rendered at a time (default: one per core)
    #[arg(long, short, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    #[command(flatten)]
    report: Report,
}

/// The kinds of output, from the registry of backends.
pub fn kinds() -> PossibleValuesParser {
    PossibleValuesParser::new(
        BACKENDS
            .iter()
            .map(|b| PossibleValue::new(b.name()).help(b.about())),
    )
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let started = Instant::now();
    let mut session = grognard::load_for(root, &args.selection.targets, &args.selection.only);
    if args.pseudo_locale {
        session.project.set_pseudo_locale(true);
    }
    let targets = grognard::select_targets(&mut session, &args.selection.targets);
    let named = !args.selection.targets.is_empty();
    if named {
        grognard::retain_for_targets(&mut session, &targets);
    }
    if args.report.deny.is_some() {
        session.diagnostics.deny_warnings();
    }
    let out = args.selection.out(root);
    if let Some(since) = &args.changes_since {
        match grognard::diff::editions::Edition::open(root, since) {
            Ok(old) => {
                let before = grognard::load(&old.root);
                let (changes, _) = grognard::diff::compare(&before.project, &session.project);
                session.marks = changes
                    .iter()
                    .map(|c| {
                        // The margin names the edition that made the change,
                        // where the two editions are named apart.
                        let (old, new) = (c.old_edition.trim(), c.new_edition.trim());
                        let apart = !new.is_empty() && old != new;
                        let named = if apart { new } else { "" };
                        // The legend names the earlier edition, or the
                        // revision given where the editions share a name.
                        let earlier = if apart && !old.is_empty() {
                            session.project.locales.get(&c.language).edition_named(old)
                        } else {
                            since.clone()
                        };
                        (c.id.clone(), c.marks(named, &earlier))
                    })
                    .collect();
            }
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(2);
            }
        }
    }
    let spinner = spinner();
    let options = grognard::build::Options {
        jobs: args.jobs.map_or(0, usize::from),
        ..grognard::build::Options::default()
    };
    let outputs = grognard::build_with(
        &mut session,
        &targets,
        &args.selection.only,
        &out,
        &options,
        |file| spinner.set_message(format!("building {file}")),
    );
    spinner.finish_and_clear();
    let scope = if named { targets } else { Vec::new() };
    let code = finish(&mut session, &args.report, &scope);
    print_outputs(&outputs, root, started);
    code
}

pub fn spinner() -> indicatif::ProgressBar {
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.enable_steady_tick(Duration::from_millis(100));
    bar
}
