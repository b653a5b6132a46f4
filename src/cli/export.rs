//! `grognard export SCENARIO --csv`: a scenario's units as a spreadsheet.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grognard::exchange::{self, Export};

use super::report::Report;

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
    let _ = args.csv;
    let request = Export {
        scenario: args.scenario,
        layer: args.layer,
        out: args.out,
    };
    super::import::outcome(exchange::export(root, &request), &args.report)
}
