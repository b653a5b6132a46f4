//! How a run reports: the diagnostics (human or JSON), one summary line, the
//! files written and the time taken; the exit code.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use clap::ValueEnum;
use grognard::diagnostic::{self, Severity};
use grognard::{Output, Session};

/// The arguments every subcommand shares.
#[derive(clap::Args)]
pub struct Report {
    /// How to print diagnostics
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Treat warnings as errors: `--deny warnings`
    #[arg(long, value_parser = ["warnings"])]
    pub deny: Option<String>,
    /// Also print the notes: what the sources declare missing or allowed
    #[arg(long, short)]
    pub verbose: bool,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// Prints the diagnostics and the summary line; exit 1 if any is an error.
pub fn finish(session: &mut Session, report: &Report, targets: &[String]) -> ExitCode {
    let (shown, summary) = diagnostics_text(session, report, targets);
    match report.format {
        Format::Json => print!("{shown}"),
        Format::Human => {
            eprint!("{shown}");
            eprintln!("{summary}");
        }
    }
    exit_code(session)
}

/// The diagnostics as the format prints them (JSON on stdout, or text for
/// stderr), and the summary line.
pub fn diagnostics_text(
    session: &mut Session,
    report: &Report,
    targets: &[String],
) -> (String, String) {
    if report.deny.is_some() {
        session.diagnostics.deny_warnings();
    }
    session.diagnostics.sort();
    let summary = summary_line(session, targets, report.verbose);
    let shown = match report.format {
        Format::Json => diagnostic::render_json(&session.diagnostics, &session.sources),
        Format::Human => {
            let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            let shown = session
                .diagnostics
                .filtered(|d| report.verbose || d.severity != Severity::Note);
            diagnostic::render_human(&shown, &session.sources, color)
        }
    };
    (shown, summary)
}

/// 1 if any diagnostic is an error, else 0.
pub fn exit_code(session: &Session) -> ExitCode {
    if session.diagnostics.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// "4 rulesets, 4 scenarios: 0 errors, 0 warnings, 28 notes (`--verbose` lists them)"
fn summary_line(session: &Session, targets: &[String], verbose: bool) -> String {
    let project = &session.project;
    let in_scope = |id: &String| targets.is_empty() || targets.contains(id);
    let rulesets = project.rulesets.iter().filter(|r| in_scope(&r.id)).count();
    let scenarios = project.scenarios.iter().filter(|s| in_scope(&s.id)).count();
    let diagnostics = &session.diagnostics;
    let notes = diagnostics.count(Severity::Note);
    let hint = if notes > 0 && !verbose {
        " (`--verbose` lists the notes)"
    } else {
        ""
    };
    format!(
        "{}, {}: {}, {}, {}{hint}",
        plural(rulesets, "ruleset"),
        plural(scenarios, "scenario"),
        plural(diagnostics.count(Severity::Error), "error"),
        plural(diagnostics.count(Severity::Warning), "warning"),
        plural(notes, "note"),
    )
}

pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// "wrote out/ved/ved-rules.pdf (550 KiB)" for each file, then the count and the time.
pub fn print_outputs(outputs: &[Output], root: &Path, started: Instant) {
    for output in outputs {
        eprintln!(
            "wrote {} ({} KiB)",
            output
                .path
                .strip_prefix(root)
                .unwrap_or(&output.path)
                .display(),
            output.bytes.div_ceil(1024)
        );
    }
    eprintln!(
        "{} written in {:.1} s",
        plural(outputs.len(), "file"),
        started.elapsed().as_secs_f64()
    );
}
