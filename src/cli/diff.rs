//! `grognard diff OLD [NEW]`: what changed between two editions of the
//! project, as errata per ruleset (`out/<ruleset>/<ruleset>-errata-<old>-<new>.md`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use grognard::diff::editions::Edition;

use super::report::{Format, Report, finish, print_outputs};

/// Compare two editions and write the errata: OLD and NEW are git revisions
/// (a tag, a branch, a commit) of the project, or folders
#[derive(clap::Args)]
pub struct Args {
    /// The earlier edition: a git revision or a folder
    old: String,
    /// The later edition (default: the project as it is now)
    new: Option<String>,
    /// Output folder (default: <root>/out)
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    report: Report,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let started = Instant::now();
    let opened = Edition::open(root, &args.old).and_then(|old| {
        let new = match &args.new {
            Some(spec) => Edition::open(root, spec)?,
            None => Edition::working_tree(root),
        };
        Ok((old, new))
    });
    let (old, new) = match opened {
        Ok(editions) => editions,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    for edition in [&old, &new] {
        if !edition.root.join("grognard.toml").is_file() {
            let named = edition.label.as_deref().unwrap_or(".");
            eprintln!(
                "error: `{}` holds no grognard.toml: not an edition of a project",
                grognard::diagnostic::shorten(named)
            );
            return ExitCode::from(1);
        }
    }
    let (mut before, mut after) =
        rayon::join(|| grognard::load(&old.root), || grognard::load(&new.root));
    // The earlier edition must read whole: errata against a half-read one
    // would leave out what failed to load. Its errors are told, at their
    // place in that edition.
    if before.diagnostics.has_errors() {
        before
            .diagnostics
            .retain(|d| d.severity == grognard::diagnostic::Severity::Error);
        eprintln!(
            "error: the earlier edition `{}` does not read:",
            grognard::diagnostic::shorten(old.label.as_deref().unwrap_or("."))
        );
        finish(&mut before, &args.report, &[]);
        return ExitCode::from(1);
    }
    let out = args.out.unwrap_or_else(|| root.join("out"));
    let report = grognard::diff::errata(&before, &mut after, (&old, &new), &out);
    if matches!(args.report.format, Format::Human) {
        for markdown in &report.errata {
            println!("{markdown}");
        }
    }
    if matches!(args.report.format, Format::Json) {
        println!(
            "{}",
            serde_json::to_string(&report.changes).unwrap_or_default()
        );
    }
    let code = finish(&mut after, &args.report, &[]);
    print_outputs(&report.outputs, root, started);
    code
}
