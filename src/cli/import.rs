//! `grognard import FILE --scenario ID`: a spreadsheet of units (CSV or TSV)
//! into `scenarios/<ID>/scenario.toml`, then the scenario checked. Over an
//! existing scenario its rows are merged in (`--replace` starts afresh and
//! says what that drops). With `--layer RULESET`, a sheet of values into
//! that layer's `[values]`.

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
    if let Some(ruleset) = &args.layer {
        return values(root, &args, ruleset);
    }
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
    let existing = match std::fs::read(&target) {
        Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return fail(format!("{}: {e}", target.display())),
    };
    let date = match args.date.as_deref().map(|d| (d, calendar::parse_date(d))) {
        Some((text, None)) => {
            return fail(format!(
                "`{text}` is not a date of the calendar (YYYY-MM-DD)"
            ));
        }
        Some((_, date)) => date,
        None => None,
    };
    let text = match read_sheet(&args.file) {
        Ok(text) => text,
        Err(message) => return fail(message),
    };
    let file = session.sources.add(args.file.clone(), text.clone());
    let options = import::Options {
        id: args.scenario.clone(),
        title: args.title.clone().unwrap_or_else(|| args.scenario.clone()),
        date,
        neutral: &session.project.neutral,
        max_rows: session.project.limits.get(grognard::model::limits::UNITS) as usize,
        max_chars: session
            .project
            .limits
            .get(grognard::model::limits::STRING_CHARS) as usize,
    };
    let mut found = grognard::diagnostic::Diagnostics::default();
    let scenario = match &existing {
        None => import::scenario(file, &text, &options, &mut found),
        Some(existing) => {
            let over = import::over(file, &text, &options, existing, args.replace, &mut found);
            over.map(|over| say_what_changed(over, &args.scenario))
        }
    };
    session.diagnostics.extend(found.iter().cloned());
    let Some(scenario) = scenario else {
        return finish(&mut session, &args.report, &[args.scenario]);
    };
    // The file is read as the loader will read it before anything is
    // written: what it would refuse leaves the project as it was.
    let relative = std::path::Path::new("scenarios")
        .join(&args.scenario)
        .join("scenario.toml");
    let written_file = session.sources.add(relative, scenario.clone());
    let mut refused = grognard::diagnostic::Diagnostics::default();
    let limits = &session.project.limits;
    grognard::load::scenario::load(
        written_file,
        &scenario,
        &args.scenario,
        limits,
        &session.project.locales,
        &mut refused,
    );
    if refused.has_errors() {
        session.diagnostics.extend(refused.iter().cloned());
        session.diagnostics.push(Diagnostic::error(
            "invalid-field",
            format!(
                "nothing was written: the sheet would make {} a file `check` refuses",
                target.display()
            ),
        ));
        return finish(&mut session, &args.report, &[args.scenario]);
    }
    // Through a temporary file: a failed write leaves an earlier scenario.toml whole.
    let written = grognard::output::write_atomic(&target, scenario.as_bytes());
    if let Err(e) = written {
        session.diagnostics.push(
            Diagnostic::error(
                "io-error",
                format!("cannot write {}: {e}", target.display()),
            )
            .in_file(&target),
        );
        return finish(&mut session, &args.report, &[args.scenario]);
    }
    eprintln!("wrote {}", target.display());
    // The new scenario is checked like any other.
    let mut session = grognard::load(root);
    let targets = vec![args.scenario];
    grognard::retain_for_targets(&mut session, &targets);
    finish(&mut session, &args.report, &targets)
}

/// Tells the author what a sheet did to the existing file; its new text.
fn say_what_changed(over: import::Over, scenario: &str) -> String {
    match over {
        import::Over::Merged(text, merged) => {
            eprintln!(
                "merged into {scenario}: {} unit(s) updated, {} added, {} side(s) and {} formation(s) added; leaders, contingents, stated totals, places, prose and sources kept",
                merged.updated, merged.added, merged.sides_added, merged.formations_added
            );
            if !merged.kept.is_empty() {
                let listed: Vec<&str> = merged.kept.iter().take(8).map(String::as_str).collect();
                let more = merged.kept.len().saturating_sub(listed.len());
                eprintln!(
                    "kept {} unit(s) no row names: {}{}",
                    merged.kept.len(),
                    listed.join(", "),
                    if more > 0 {
                        format!(" and {more} more")
                    } else {
                        String::new()
                    }
                );
            }
            text
        }
        import::Over::Replaced(text, dropped) => {
            if !dropped.is_empty() {
                let listed: Vec<String> = dropped
                    .iter()
                    .map(|(what, n)| format!("{n} × {what}"))
                    .collect();
                eprintln!("--replace drops from {scenario}: {}", listed.join(", "));
            }
            text
        }
    }
}

/// The sheet's text, without a byte-order mark.
fn read_sheet(path: &Path) -> Result<String, String> {
    match std::fs::read(path).map(String::from_utf8) {
        Ok(Ok(text)) => Ok(text.trim_start_matches('\u{feff}').to_string()),
        Ok(Err(_)) => Err(format!("{} is not UTF-8 text", path.display())),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// A sheet of values into the `[values]` of a scenario's layer, then the
/// scenario checked.
fn values(root: &Path, args: &Args, ruleset: &str) -> ExitCode {
    let mut session = grognard::load(root);
    let targets = vec![args.scenario.clone()];
    grognard::retain_for_targets(&mut session, &targets);
    let fail = |message: String| {
        eprintln!("error: {message}");
        ExitCode::from(2)
    };
    let Some(scenario) = session.project.scenario(&args.scenario) else {
        return fail(format!("no scenario `{}`", args.scenario));
    };
    let Some(layer) = scenario.layers.iter().find(|l| l.ruleset == ruleset) else {
        let layers: Vec<&str> = scenario.layers.iter().map(|l| l.ruleset.as_str()).collect();
        return fail(format!(
            "`{}` has no layer for `{ruleset}` (it has: {}); `grognard convert {} --to {ruleset}` writes one",
            args.scenario,
            layers.join(", "),
            args.scenario
        ));
    };
    let text = match read_sheet(&args.file) {
        Ok(text) => text,
        Err(message) => return fail(message),
    };
    // Source paths are relative to the project, not to the working directory.
    let layer_path = root.join(session.sources.path(layer.file));
    let layer_text = session.sources.text(layer.file).to_string();
    let target = grognard::spreadsheet::values::Target {
        scenario,
        layer,
        layer_text: &layer_text,
        max_rows: session.project.limits.get(grognard::model::limits::UNITS) as usize,
    };
    let file = session.sources.add(args.file.clone(), text.clone());
    let mut found = grognard::diagnostic::Diagnostics::default();
    let written = grognard::spreadsheet::values::import(file, &text, &target, &mut found);
    session.diagnostics.retain(|_| false);
    session.diagnostics.extend(found.iter().cloned());
    let Some((layer_text, rows)) = written else {
        return finish(&mut session, &args.report, &targets);
    };
    if let Err(e) = grognard::output::write_atomic(&layer_path, layer_text.as_bytes()) {
        session.diagnostics.push(
            Diagnostic::error(
                "io-error",
                format!("cannot write {}: {e}", layer_path.display()),
            )
            .in_file(&layer_path),
        );
        return finish(&mut session, &args.report, &targets);
    }
    eprintln!(
        "wrote the values of {rows} rows into {}",
        layer_path.display()
    );
    let mut session = grognard::load(root);
    grognard::retain_for_targets(&mut session, &targets);
    finish(&mut session, &args.report, &targets)
}
