//! `grognard convert SCENARIO --to RULESET`: one conversion, outside the
//! `[[convert]]` jobs of grognard.toml.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use grognard::model::ConvertJob;

use super::report::{Report, finish, print_outputs};

/// Convert a scenario to another ruleset: an editable layer, a report, a booklet
#[derive(clap::Args)]
pub struct Args {
    /// The scenario to convert
    scenario: String,
    /// The ruleset to convert to
    #[arg(long)]
    to: String,
    /// Convert from this ruleset's layer instead of the neutral facts
    #[arg(long)]
    from: Option<String>,
    /// Output folder (default: <root>/out)
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    report: Report,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let started = Instant::now();
    let mut session = grognard::load(root);
    let targets = vec![args.scenario.clone()];
    grognard::retain_for_targets(&mut session, &targets);
    let out = args.out.unwrap_or_else(|| root.join("out"));
    let job = ConvertJob {
        scenario: args.scenario,
        from: args.from,
        to: args.to,
        location: None,
    };
    let outputs = if session.diagnostics.has_errors() {
        Vec::new()
    } else {
        grognard::convert(&mut session, job, &out)
    };
    let code = finish(&mut session, &args.report, &targets);
    print_outputs(&outputs, root, started);
    code
}
