//! `grognard import FILE --scenario ID`: a spreadsheet of units (CSV or TSV)
//! into `scenarios/<ID>/scenario.toml`, then the scenario checked. Over an
//! existing scenario its rows are merged in (`--replace` starts afresh and
//! says what that drops). With `--layer RULESET`, a sheet of values into
//! that layer's `[values]`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grognard::exchange::{self, Import, ImportValues, Outcome};

use super::report::{Report, finish};

/// Bring an order of battle in from a spreadsheet (one row per unit)
#[derive(clap::Args)]
pub struct Args {
    /// The CSV or TSV file (comma, semicolon or tab separated; the header
    /// names the columns: docs/scenarios.md)
    file: PathBuf,
    /// The new scenario's id, its folder under scenarios/
    #[arg(long)]
    scenario: String,
    /// Read the values of an existing scenario's layer for this ruleset
    /// (a column `id`, then one column per key) into the layer's `[values]`
    #[arg(long, value_name = "RULESET", conflicts_with_all = ["title", "date", "replace"])]
    layer: Option<String>,
    /// Its title (default: the id)
    #[arg(long)]
    title: Option<String>,
    /// The first day of the action, YYYY-MM-DD, which dated times count from
    #[arg(long)]
    date: Option<String>,
    /// Replace an existing scenario.toml instead of merging the rows into
    /// it: leaders, contingents, stated totals, places, prose and sources
    /// are dropped, and listed
    #[arg(long, alias = "force")]
    replace: bool,
    #[command(flatten)]
    report: Report,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let done = match args.layer {
        Some(ruleset) => exchange::import_values(
            root,
            &ImportValues {
                file: args.file,
                scenario: args.scenario,
                ruleset,
            },
        ),
        None => exchange::import(
            root,
            &Import {
                file: args.file,
                scenario: args.scenario,
                title: args.title,
                date: args.date,
                replace: args.replace,
            },
        ),
    };
    outcome(done, &args.report)
}

/// Prints what a request of `import` or `export` did, and its exit code.
pub fn outcome(outcome: Outcome, report: &Report) -> ExitCode {
    match outcome {
        Outcome::Refused(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Outcome::Failed(message) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
        Outcome::Done(mut done) => {
            for line in &done.said {
                eprintln!("{line}");
            }
            if let Some(text) = &done.text {
                print!("{text}");
            }
            finish(&mut done.session, report, &done.targets)
        }
    }
}
