//! `grognard import FILE --scenario ID`: a spreadsheet of units (CSV or TSV)
//! into `scenarios/<ID>/scenario.toml`, then the new scenario checked.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grognard::diagnostic::Diagnostic;
use grognard::model::calendar;
use grognard::spreadsheet::import;

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
    /// Its title (default: the id)
    #[arg(long)]
    title: Option<String>,
    /// The first day of the action, YYYY-MM-DD, which dated times count from
    #[arg(long)]
    date: Option<String>,
    /// Replace an existing scenario.toml
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    report: Report,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let mut session = grognard::load(root);
    session.diagnostics.retain(|_| false);
    let target = root
        .join("scenarios")
        .join(&args.scenario)
        .join("scenario.toml");
    let fail = |message: String| {
        eprintln!("error: {message}");
        ExitCode::from(2)
    };
    if grognard::spreadsheet::slug(&args.scenario) != args.scenario {
        return fail(format!(
            "`{}` is not an id: lowercase letters, digits and hyphens",
            args.scenario
        ));
    }
    if target.exists() && !args.force {
        return fail(format!(
            "{} exists; `--force` replaces it",
            target.display()
        ));
    }
    let date = match args.date.as_deref().map(|d| (d, calendar::parse_date(d))) {
        Some((text, None)) => {
            return fail(format!(
                "`{text}` is not a date of the calendar (YYYY-MM-DD)"
            ));
        }
        Some((_, date)) => date,
        None => None,
    };
    let text = match std::fs::read(&args.file).map(String::from_utf8) {
        Ok(Ok(text)) => text.trim_start_matches('\u{feff}').to_string(),
        Ok(Err(_)) => return fail(format!("{} is not UTF-8 text", args.file.display())),
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let file = session.sources.add(args.file.clone(), text.clone());
    let options = import::Options {
        id: args.scenario.clone(),
        title: args.title.clone().unwrap_or_else(|| args.scenario.clone()),
        date,
        neutral: &session.project.neutral,
        max_rows: session.project.limits.get(grognard::model::limits::UNITS) as usize,
    };
    let mut found = grognard::diagnostic::Diagnostics::default();
    let scenario = import::scenario(file, &text, &options, &mut found);
    session.diagnostics.extend(found.iter().cloned());
    let Some(scenario) = scenario else {
        return finish(&mut session, &args.report, &[args.scenario]);
    };
    // Through a temporary file: a failed write leaves an earlier scenario.toml whole.
    let written = grognard::output::write_atomic(&target, scenario.as_bytes());
    if let Err(e) = written {
        session.diagnostics.push(Diagnostic::error(
            "io-error",
            format!("{}: {e}", target.display()),
        ));
        return finish(&mut session, &args.report, &[args.scenario]);
    }
    eprintln!("wrote {}", target.display());
    // The new scenario is checked like any other.
    let mut session = grognard::load(root);
    let targets = vec![args.scenario];
    grognard::retain_for_targets(&mut session, &targets);
    finish(&mut session, &args.report, &targets)
}
