//! `grognard check [TARGET…]`: load and check, build nothing.

use std::path::Path;
use std::process::ExitCode;

use super::report::{Report, finish};
use super::summary;

/// Check the sources and report every problem, building nothing
#[derive(clap::Args)]
pub struct Args {
    /// Rulesets and scenarios to check (default: everything)
    targets: Vec<String>,
    #[command(flatten)]
    report: Report,
    /// Also print each dice test's chance of success at its extremes, and each
    /// scenario's strengths per side and formation
    #[arg(long)]
    summary: bool,
    /// Also print, per ruleset and chapter, how many of the numbers in the text
    /// a lint checks (tied to a table, or worked out) against all it holds
    #[arg(long)]
    coverage: bool,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let mut session = grognard::load(root);
    let targets = grognard::select_targets(&mut session, &args.targets);
    let named = if args.targets.is_empty() {
        Vec::new()
    } else {
        grognard::retain_for_targets(&mut session, &targets);
        targets
    };
    if args.summary {
        print!("{}", summary::dice_chances(&session.project));
        print!("{}", summary::crt_outcomes(&session.project));
        print!("{}", summary::scenario_totals(&session.project));
    }
    if args.coverage {
        print!(
            "{}",
            summary::claim_coverage(&session.project, &session.sources, args.report.verbose)
        );
    }
    finish(&mut session, &args.report, &named)
}
