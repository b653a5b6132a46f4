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
    /// Write the values of the scenario's layer for this ruleset instead
    /// (one row per unit of play or leader, one column per key)
    #[arg(long, value_name = "RULESET")]
    layer: Option<String>,
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
    let text = match &args.layer {
        None => grognard::spreadsheet::export::csv(scenario),
        Some(ruleset) => match scenario.layers.iter().find(|l| &l.ruleset == ruleset) {
            Some(layer) => grognard::spreadsheet::values::export(scenario, layer),
            None => {
                eprintln!("error: `{}` has no layer for `{ruleset}`", args.scenario);
                return ExitCode::from(2);
            }
        },
    };
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
