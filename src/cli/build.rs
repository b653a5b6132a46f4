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
    /// Make only these kinds of output (default: all; for `serve`, the web editions); repeat or separate with commas
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
    let request = grognard::build::Request {
        root: root.to_path_buf(),
        out: args.selection.out(root),
        names: args.selection.targets,
        only: args.selection.only,
        pseudo_locale: args.pseudo_locale,
        changes_since: args.changes_since,
        deny_warnings: args.report.deny.is_some(),
        options: grognard::build::Options {
            jobs: args.jobs.map_or(0, usize::from),
            ..grognard::build::Options::default()
        },
    };
    let spinner = spinner();
    let built = grognard::build::request(&request, |file| {
        spinner.set_message(format!("building {file}"))
    });
    spinner.finish_and_clear();
    let mut report = match built {
        Ok(report) => report,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let code = finish(&mut report.session, &args.report, &report.scope);
    print_outputs(&report.outputs, root, started);
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
