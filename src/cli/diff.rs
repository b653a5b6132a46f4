//! `grognard diff OLD [NEW]`: what changed between two editions of the
//! project, as errata per ruleset (`out/<ruleset>/<ruleset>-errata-<old>-<new>.md`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use grognard::diagnostic::Diagnostic;
use grognard::diff::editions::Edition;
use grognard::model::changes::RulesetChanges;
use grognard::render::backends::errata::{self, Named};

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
    let (mut changes, unmatched) = grognard::diff::compare(&before.project, &after.project);
    grognard::diff::reprints(&mut after, &mut changes);
    after.diagnostics.extend(unmatched);
    let out = args.out.unwrap_or_else(|| root.join("out"));
    let mut outputs = Vec::new();
    for ruleset in &changes {
        let (old_name, new_name) = names(ruleset, &old, &new);
        // In the new edition's words.
        let locale = after.project.locales.get(&ruleset.language);
        let sheet = errata::errata(ruleset, old_name, new_name, locale);
        let markdown = errata::markdown(&sheet, locale);
        if matches!(args.report.format, Format::Human) {
            println!("{markdown}");
        }
        let base = format!(
            "{}-errata-{}-{}",
            ruleset.id,
            old_name.file_part(),
            new_name.file_part()
        );
        // The changes are of the new edition's rulesets.
        let Some(folder) = after.project.ruleset(&ruleset.id).map(|r| r.folder.clone()) else {
            continue;
        };
        let pdf = errata::pdf(
            &sheet,
            locale,
            &after.project.paper,
            &after.context().press(&folder),
        );
        let mut files = vec![(format!("{base}.md"), markdown.into_bytes())];
        match pdf {
            Ok(rendered) => files.push((format!("{base}.pdf"), rendered.pdf)),
            Err(diagnostics) => after.diagnostics.extend(diagnostics),
        }
        for (name, bytes) in files {
            let path = out.join(&ruleset.id).join(name);
            match grognard::output::write_atomic(&path, &bytes) {
                Ok(()) => outputs.push(grognard::Output {
                    target: ruleset.id.clone(),
                    path,
                    bytes: bytes.len(),
                }),
                Err(e) => after.diagnostics.push(
                    Diagnostic::error("io-error", format!("cannot write {}: {e}", path.display()))
                        .in_file(&path),
                ),
            }
        }
    }
    if matches!(args.report.format, Format::Json) {
        println!("{}", serde_json::to_string(&changes).unwrap_or_default());
    }
    let code = finish(&mut after, &args.report, &[]);
    print_outputs(&outputs, root, started);
    code
}

/// How the errata name the two editions: by the edition strings of
/// `ruleset.toml` where they differ, else by the revisions or folders given.
fn names<'a>(
    ruleset: &'a RulesetChanges,
    old: &'a Edition,
    new: &'a Edition,
) -> (Named<'a>, Named<'a>) {
    let (a, b) = (ruleset.old_edition.trim(), ruleset.new_edition.trim());
    if !a.is_empty() && !b.is_empty() && a != b {
        return (Named::Edition(a), Named::Edition(b));
    }
    let named = |edition: &'a Edition| match &edition.label {
        Some(label) => Named::Revision(label),
        None => Named::WorkingCopy,
    };
    (named(old), named(new))
}
