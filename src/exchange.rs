//! Orders of battle in and out of spreadsheets, as whole requests: `grognard
//! import` reads a sheet into a scenario (or a layer's values), checks what
//! it would write as the loader will read it, writes it through the
//! project's writer and checks the project again; `grognard export` writes
//! a scenario's units (or a layer's values) as CSV. The command line only
//! parses, calls and prints.

use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Diagnostics, codes};
use crate::model::{calendar, limits};
use crate::session::Session;
use crate::spreadsheet::import;

/// A sheet of units into `scenarios/<scenario>/scenario.toml`.
pub struct Import {
    pub file: PathBuf,
    pub scenario: String,
    /// Its title (default: the id).
    pub title: Option<String>,
    /// The first day of the action, YYYY-MM-DD.
    pub date: Option<String>,
    /// Start afresh over an existing scenario instead of merging into it.
    pub replace: bool,
}

/// A sheet of values into the `[values]` of a scenario's layer.
pub struct ImportValues {
    pub file: PathBuf,
    pub scenario: String,
    pub ruleset: String,
}

/// A scenario's units, or a layer's values, as CSV.
pub struct Export {
    pub scenario: String,
    /// The layer whose values to write instead.
    pub layer: Option<String>,
    /// The file to write; none: the text is returned.
    pub out: Option<PathBuf>,
}

/// What a request did.
pub enum Outcome {
    /// It cannot be carried out as asked (a wrong id, an unreadable sheet).
    Refused(String),
    /// It failed where nothing could be reported at a source (a file that
    /// cannot be written).
    Failed(String),
    /// Carried out, or stopped by the diagnostics its session holds.
    Done(Box<Done>),
}

pub struct Done {
    /// The project as the request leaves it: checked again after a write,
    /// else with the problems that stopped it.
    pub session: Session,
    /// The targets its diagnostics are about.
    pub targets: Vec<String>,
    /// What it did, a sentence each, for the author.
    pub said: Vec<String>,
    /// What an export wrote no file for: its text.
    pub text: Option<String>,
}

impl Done {
    fn of(session: Session, scenario: &str, said: Vec<String>) -> Outcome {
        Outcome::Done(Box::new(Done {
            session,
            targets: vec![scenario.to_string()],
            said,
            text: None,
        }))
    }
}

/// Reads the sheet into the scenario: a new file, or merged into (or, with
/// `replace`, in place of) the one there is. Nothing is written unless the
/// loader would read the result without an error.
pub fn import(root: &Path, request: &Import) -> Outcome {
    let mut session = Session::load(root);
    session.diagnostics.retain(|_| false);
    let id = &request.scenario;
    let target = root.join("scenarios").join(id).join("scenario.toml");
    if crate::spreadsheet::slug(id) != *id {
        return Outcome::Refused(format!(
            "`{id}` is not an id: lowercase letters, digits and hyphens"
        ));
    }
    let existing = match std::fs::read(&target) {
        Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Outcome::Refused(format!("{}: {e}", target.display())),
    };
    let date = match request
        .date
        .as_deref()
        .map(|d| (d, calendar::parse_date(d)))
    {
        Some((text, None)) => {
            return Outcome::Refused(format!(
                "`{text}` is not a date of the calendar (YYYY-MM-DD)"
            ));
        }
        Some((_, date)) => date,
        None => None,
    };
    let text = match read_sheet(&request.file) {
        Ok(text) => text,
        Err(message) => return Outcome::Refused(message),
    };
    let file = session.sources.add(request.file.clone(), text.clone());
    let options = import::Options {
        id: id.clone(),
        title: request.title.clone().unwrap_or_else(|| id.clone()),
        date,
        neutral: &session.project.neutral,
        max_rows: session.project.limits.get(limits::UNITS) as usize,
        max_chars: session.project.limits.get(limits::STRING_CHARS) as usize,
    };
    let mut found = Diagnostics::default();
    let mut said = Vec::new();
    let scenario = match &existing {
        None => import::scenario(file, &text, &options, &mut found),
        Some(existing) => {
            let over = import::over(file, &text, &options, existing, request.replace, &mut found);
            over.map(|over| what_changed(over, id, &mut said))
        }
    };
    session.diagnostics.extend(found.iter().cloned());
    let Some(scenario) = scenario else {
        return Done::of(session, id, said);
    };
    // The file is read as the loader will read it before anything is
    // written: what it would refuse leaves the project as it was.
    let relative = Path::new("scenarios").join(id).join("scenario.toml");
    let written_file = session.sources.add(relative, scenario.clone());
    let mut refused = Diagnostics::default();
    crate::load::scenario::load(
        written_file,
        &scenario,
        id,
        &session.project.limits,
        &session.project.locales,
        &mut refused,
    );
    if refused.has_errors() {
        session.diagnostics.extend(refused.iter().cloned());
        session.diagnostics.push(Diagnostic::of(
            codes::INVALID_FIELD,
            format!(
                "nothing was written: the sheet would make {} a file `check` refuses",
                target.display()
            ),
        ));
        return Done::of(session, id, said);
    }
    if let Err(error) = write(&target, &scenario) {
        session.diagnostics.push(*error);
        return Done::of(session, id, said);
    }
    said.push(format!("wrote {}", target.display()));
    // The new scenario is checked like any other.
    checked_again(root, id, said)
}

/// Reads a sheet of values into the `[values]` of the scenario's layer for
/// the ruleset, keeping the rest of the layer's file as it was written.
pub fn import_values(root: &Path, request: &ImportValues) -> Outcome {
    let mut session = Session::load(root);
    let targets = vec![request.scenario.clone()];
    crate::targets::retain(&mut session, &targets);
    let (id, ruleset) = (&request.scenario, &request.ruleset);
    let Some(scenario) = session.project.scenario(id) else {
        return Outcome::Refused(format!("no scenario `{id}`"));
    };
    let Some(layer) = scenario.layers.iter().find(|l| &l.ruleset == ruleset) else {
        let layers: Vec<&str> = scenario.layers.iter().map(|l| l.ruleset.as_str()).collect();
        return Outcome::Refused(format!(
            "`{id}` has no layer for `{ruleset}` (it has: {}); `grognard convert {id} --to {ruleset}` writes one",
            layers.join(", "),
        ));
    };
    let text = match read_sheet(&request.file) {
        Ok(text) => text,
        Err(message) => return Outcome::Refused(message),
    };
    // Source paths are relative to the project, not to the working directory.
    let layer_path = root.join(session.sources.path(layer.file));
    let layer_text = session.sources.text(layer.file).to_string();
    let target = crate::spreadsheet::values::Target {
        scenario,
        layer,
        layer_text: &layer_text,
        max_rows: session.project.limits.get(limits::UNITS) as usize,
    };
    let file = session.sources.add(request.file.clone(), text.clone());
    let mut found = Diagnostics::default();
    let written = crate::spreadsheet::values::import(file, &text, &target, &mut found);
    session.diagnostics.retain(|_| false);
    session.diagnostics.extend(found.iter().cloned());
    let Some((layer_text, rows)) = written else {
        return Done::of(session, id, Vec::new());
    };
    if let Err(error) = write(&layer_path, &layer_text) {
        session.diagnostics.push(*error);
        return Done::of(session, id, Vec::new());
    }
    let said = vec![format!(
        "wrote the values of {rows} rows into {}",
        layer_path.display()
    )];
    checked_again(root, id, said)
}

/// The scenario's units (or a layer's values) as CSV, written to the file
/// asked for or handed back.
pub fn export(root: &Path, request: &Export) -> Outcome {
    let mut session = Session::load(root);
    let id = &request.scenario;
    crate::targets::retain(&mut session, std::slice::from_ref(id));
    let Some(scenario) = session.project.scenario(id) else {
        return Outcome::Refused(format!("no scenario `{id}`"));
    };
    let text = match &request.layer {
        None => crate::spreadsheet::export::csv(scenario),
        Some(ruleset) => match scenario.layers.iter().find(|l| &l.ruleset == ruleset) {
            Some(layer) => crate::spreadsheet::values::export(scenario, layer),
            None => return Outcome::Refused(format!("`{id}` has no layer for `{ruleset}`")),
        },
    };
    let mut said = Vec::new();
    let text = match &request.out {
        None => Some(text),
        Some(path) => {
            if let Err(e) = crate::output::write_atomic(path, text.as_bytes()) {
                return Outcome::Failed(format!("{}: {e}", path.display()));
            }
            said.push(format!("wrote {}", path.display()));
            None
        }
    };
    Outcome::Done(Box::new(Done {
        session,
        targets: vec![id.clone()],
        said,
        text,
    }))
}

/// The project loaded again after a write, its diagnostics those of the scenario.
fn checked_again(root: &Path, scenario: &str, said: Vec<String>) -> Outcome {
    let mut session = Session::load(root);
    crate::targets::retain(&mut session, &[scenario.to_string()]);
    Done::of(session, scenario, said)
}

/// Writes through a temporary file: a failed write leaves the earlier file whole.
fn write(path: &Path, text: &str) -> Result<(), Box<Diagnostic>> {
    crate::output::write_atomic(path, text.as_bytes()).map_err(|e| {
        let message = format!("cannot write {}: {e}", path.display());
        Box::new(Diagnostic::of(codes::IO_ERROR, message).in_file(path))
    })
}

/// What a sheet did to the existing file, told to `said`; its new text.
fn what_changed(over: import::Over, scenario: &str, said: &mut Vec<String>) -> String {
    match over {
        import::Over::Merged(text, merged) => {
            said.push(format!(
                "merged into {scenario}: {} unit(s) updated, {} added, {} side(s) and {} formation(s) added; leaders, contingents, stated totals, places, prose and sources kept",
                merged.updated, merged.added, merged.sides_added, merged.formations_added
            ));
            if !merged.kept.is_empty() {
                let listed: Vec<&str> = merged.kept.iter().take(8).map(String::as_str).collect();
                let more = merged.kept.len().saturating_sub(listed.len());
                let more = if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                };
                said.push(format!(
                    "kept {} unit(s) no row names: {}{more}",
                    merged.kept.len(),
                    listed.join(", "),
                ));
            }
            text
        }
        import::Over::Replaced(text, dropped) => {
            if !dropped.is_empty() {
                let listed: Vec<String> = dropped
                    .iter()
                    .map(|(what, n)| format!("{n} × {what}"))
                    .collect();
                said.push(format!(
                    "--replace drops from {scenario}: {}",
                    listed.join(", ")
                ));
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
