//! The stages of grognard, in the one direction data flows. A module may use
//! its own stage and the stages before it, never a later one: the model knows
//! nothing of loading, checking or rendering; load nothing of check or
//! render; check nothing of render. Facts several stages need (numbers,
//! strengths, dice chances, colours, counter settings) live in the model.
//!
//! The test below reads `src/` and fails on a backwards `crate::` path.

/// Each top-level module of the crate and its stage, first to last.
pub const STAGES: &[(&str, usize)] = &[
    ("source", 0),
    ("diagnostic", 0),
    ("model", 1),
    ("locale", 1),
    ("env", 1),
    ("load", 2),
    ("check", 3),
    ("convert", 4),
    ("spreadsheet", 4),
    ("render", 5),
    ("output", 6),
    ("session", 6),
    ("build", 6),
    ("diff", 6),
    ("targets", 6),
    ("watch", 6),
    ("cli", 7),
    ("lib", 7),
    ("main", 7),
    ("stages", 7),
];

/// Pairs that the order allows but the design does not: a renderer reads the
/// model, it neither recomputes facts with the checker's code nor parses
/// sources again with the loader's.
pub const FORBIDDEN: &[(&str, &str)] = &[("render", "check"), ("render", "load")];

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::{FORBIDDEN, STAGES};

    fn stage(module: &str) -> usize {
        STAGES
            .iter()
            .find(|(name, _)| *name == module)
            .unwrap_or_else(|| panic!("module `{module}` has no stage in src/stages.rs"))
            .1
    }

    fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }

    /// The top-level module a file belongs to: `src/render/tables.rs` → render.
    fn module_of(src: &Path, file: &Path) -> String {
        let relative = file.strip_prefix(src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        Path::new(first)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    }

    /// Every `crate::module` a file's code (not its tests or comments) names,
    /// with its line.
    fn crate_paths(text: &str) -> Vec<(usize, String)> {
        // Unit tests may build fixtures with any stage.
        let code: Vec<&str> = text
            .lines()
            .take_while(|line| !line.trim_start().starts_with("#[cfg(test)]"))
            .map(|line| line.split("//").next().unwrap_or_default())
            .collect();
        let code = code.join("\n");
        let line_of = |at: usize| code[..at].matches('\n').count() + 1;
        let ident = |s: &str| -> String {
            s.trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        };
        let mut found = Vec::new();
        for (at, _) in code.match_indices("crate::") {
            let after = &code[at + "crate::".len()..];
            if let Some(group) = after.strip_prefix('{') {
                // `use crate::{a, b::{c, d}}`: the first name of each top-level item.
                let mut depth = 0;
                let mut item_start = true;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => item_start = true,
                        c if item_start && !c.is_whitespace() => {
                            item_start = false;
                            let name = ident(&group[i..]);
                            if !name.is_empty() {
                                found.push((line_of(at), name));
                            }
                        }
                        _ => {}
                    }
                }
            } else {
                let name = ident(after);
                if !name.is_empty() {
                    found.push((line_of(at), name));
                }
            }
        }
        found
    }

    #[test]
    fn no_module_imports_from_a_later_stage() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        files.sort();
        let mut backwards = Vec::new();
        for file in &files {
            let module = module_of(&src, file);
            let text = std::fs::read_to_string(file).unwrap();
            for (line, used) in crate_paths(&text) {
                if used == module {
                    continue;
                }
                let late = stage(&used) > stage(&module);
                let forbidden = FORBIDDEN.contains(&(module.as_str(), used.as_str()));
                if late || forbidden {
                    backwards.push(format!(
                        "{}:{line}: `{module}` uses `{used}`",
                        file.strip_prefix(&src).unwrap().display()
                    ));
                }
            }
        }
        assert!(
            backwards.is_empty(),
            "imports against the stages:\n{}",
            backwards.join("\n")
        );
    }

    #[test]
    fn the_checker_sees_backwards_imports() {
        let text = "use crate::render::numbering::Numbers;\nuse crate::{\n    model::{a, b},\n    check::x, // crate::cli\n};\n#[cfg(test)]\nuse crate::cli;\n";
        let names: Vec<String> = crate_paths(text).into_iter().map(|(_, n)| n).collect();
        assert_eq!(names, ["render", "model", "check"]);
        assert!(stage("render") > stage("model"));
    }
}
