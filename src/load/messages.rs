//! A project's own message files, `templates/messages/<language>.ftl`: a
//! language grognard does not ship, or a project's wording of one it does.

use std::path::Path;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::source::Sources;

use super::ProjectFiles;

/// Reads and checks the project's message files: the project's words, with
/// those of the files without errors, before any ruleset names its language.
pub fn load(
    files: &ProjectFiles,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> crate::locale::Locales {
    let folder = Path::new("templates/messages");
    let mut usable = Vec::new();
    if files.root().join(folder).is_dir() {
        for path in files.entries(folder, Path::is_file, diags) {
            if path.extension().is_none_or(|e| e != "ftl") {
                continue;
            }
            let Some((file, text)) = files.read(&path, sources, diags) else {
                continue;
            };
            let language = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            if language.parse::<unic_langid::LanguageIdentifier>().is_err() || language.is_empty() {
                diags.push(
                    Diagnostic::of(
                        codes::INVALID_MESSAGES,
                        format!("`{language}` is not a language code"),
                    )
                    .at(file, 0..0)
                    .expected("a file named after its language, such as `fr.ftl` or `pt-BR.ftl`"),
                );
                continue;
            }
            let problems = crate::locale::problems(&language, &text);
            for problem in &problems {
                let mut diagnostic =
                    Diagnostic::of(codes::INVALID_MESSAGES, problem.what.clone()).at_location(
                        Some(Location::new(file, problem.at.clone().unwrap_or(0..0))),
                    );
                if problem.at.is_none() {
                    diagnostic = diagnostic.note(
                        "`grognard messages en` prints every message; start from it and translate",
                    );
                }
                diags.push(diagnostic);
            }
            if problems.is_empty() {
                usable.push((language, text));
            }
        }
    }
    crate::locale::Locales::new(usable, false)
}
