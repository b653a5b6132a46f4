//! `grognard export SCENARIO --csv`: a scenario's units as a spreadsheet.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::report::{Report, finish};

/// Write a scenario's order of battle as a spreadsheet (one row per unit)
#[derive(clap::Args)]
pub struct Args {
    /// The scenario
    scenario: String,
    /// Comma-separated values (the only format so far)
    #[arg(long, required = true)]
    csv: bool,
    /// The file to write (default: standard output)
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    report: Report,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let mut session = grognard::load(root);
    let targets = vec![args.scenario.clone()];
    grognard::retain_for_targets(&mut session, &targets);
    let Some(scenario) = session.project.scenario(&args.scenario) else {
        eprintln!("error: no scenario `{}`", args.scenario);
        return ExitCode::from(2);
    };
    let _ = args.csv;
    let text = grognard::spreadsheet::export::csv(scenario);
    match &args.out {
        Some(path) => {
            if let Err(e) = grognard::output::write_atomic(path, text.as_bytes()) {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(1);
            }
            eprintln!("wrote {}", path.display());
        }
        None => print!("{text}"),
    }
    finish(&mut session, &args.report, &targets)
}
