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
    ("exchange", 6),
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

/// The layers of `render`, first to last. A file may use its own layer and
/// those before it; a backend uses no other backend, so that a new kind of
/// output is one module of `backends/` and one line of the registry, and
/// what two outputs share lives in a view or a document.
pub const RENDER_LAYERS: &[(&str, usize)] = &[
    ("typeset", 0),
    ("views", 1),
    ("documents", 2),
    ("contract", 3),
    ("backends", 4),
    ("registry", 5),
];

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::{FORBIDDEN, RENDER_LAYERS, STAGES};

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

    /// The top-level module a file belongs to: `src/render/views/tables/mod.rs` → render.
    fn module_of(src: &Path, file: &Path) -> String {
        let relative = file.strip_prefix(src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        Path::new(first)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    }

    /// A file's code without its tests (unit tests may build fixtures with
    /// any stage) and comments, line for line.
    fn code_of(text: &str) -> String {
        let code: Vec<&str> = text
            .lines()
            .take_while(|line| !line.trim_start().starts_with("#[cfg(test)]"))
            .map(|line| line.split("//").next().unwrap_or_default())
            .collect();
        code.join("\n")
    }

    /// Every `crate::module` a file's code (not its tests or comments) names,
    /// with its line.
    fn crate_paths(text: &str) -> Vec<(usize, String)> {
        let code = code_of(text);
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

    /// A file's module path: `src/render/backends/html/chapter.rs` →
    /// render, backends, html, chapter (a `mod.rs` is its folder).
    fn module_path(src: &Path, file: &Path) -> Vec<String> {
        let mut path: Vec<String> = file
            .strip_prefix(src)
            .unwrap()
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if path.last().is_some_and(|last| last == "mod") {
            path.pop();
        }
        path
    }

    /// Every module path a file's code names through `crate::` or `super::`,
    /// made absolute, with its line; a `{…}` group gives each of its items.
    fn absolute_paths(module: &[String], text: &str) -> Vec<(usize, Vec<String>)> {
        let code = code_of(text);
        let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        // The `a::b::c` that starts `text`, and what follows it.
        let chain = |text: &str| -> (Vec<String>, usize) {
            let mut names = Vec::new();
            let mut at = 0;
            loop {
                let rest = &text[at..];
                let trimmed = rest.trim_start();
                let name: String = trimmed.chars().take_while(|c| is_ident(*c)).collect();
                if name.is_empty() {
                    return (names, at);
                }
                at += rest.len() - trimmed.len() + name.len();
                names.push(name);
                match text[at..].strip_prefix("::") {
                    Some(_) => at += 2,
                    None => return (names, at),
                }
            }
        };
        let mut found = Vec::new();
        let bytes = code.as_bytes();
        let mut at = 0;
        while at < code.len() {
            let rest = &code[at..];
            let starts = rest.starts_with("crate::") || rest.starts_with("super::");
            let boundary = at == 0 || !(is_ident(bytes[at - 1] as char) || bytes[at - 1] == b':');
            if !(starts && boundary) {
                at += rest.chars().next().map_or(1, char::len_utf8);
                continue;
            }
            let line = code[..at].matches('\n').count() + 1;
            let (mut base, mut after) = if rest.starts_with("crate::") {
                (Vec::new(), "crate::".len())
            } else {
                let mut base = module.to_vec();
                let mut after = 0;
                while rest[after..].starts_with("super::") {
                    base.pop();
                    after += "super::".len();
                }
                (base, after)
            };
            let (names, end) = chain(&rest[after..]);
            base.extend(names);
            after += end;
            if rest[after..].starts_with('{') {
                // `use crate::render::{views::x, typeset::y}`: each item's path.
                let group = &rest[after + 1..];
                let close = group.find('}').unwrap_or(group.len());
                for item in group[..close].split(',') {
                    let (names, _) = chain(item);
                    if !names.is_empty() {
                        found.push((line, [base.clone(), names].concat()));
                    }
                }
            } else if !base.is_empty() {
                found.push((line, base));
            }
            at += after.max(1);
        }
        found
    }

    fn layer_rank(layer: &str) -> Option<usize> {
        RENDER_LAYERS
            .iter()
            .find(|(name, _)| *name == layer)
            .map(|(_, rank)| *rank)
    }

    /// The imports of one render file that go against its layers: a later
    /// layer, or a backend other than its own.
    fn render_violations(module: &[String], text: &str) -> Vec<String> {
        let (Some("render"), Some(layer)) = (
            module.first().map(String::as_str),
            module.get(1).map(String::as_str),
        ) else {
            return Vec::new();
        };
        let Some(rank) = layer_rank(layer) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        for (line, path) in absolute_paths(module, text) {
            if path.first().map(String::as_str) != Some("render") {
                continue;
            }
            let Some(used) = path.get(1) else { continue };
            let Some(used_rank) = layer_rank(used) else {
                continue;
            };
            let other_backend = layer == "backends"
                && used == "backends"
                && path.get(2).is_some_and(|b| Some(b) != module.get(2));
            if used_rank > rank || other_backend {
                found.push(format!(
                    "{line}: `{}` uses `{}`",
                    module.join("::"),
                    path.join("::")
                ));
            }
        }
        found
    }

    #[test]
    fn render_layers_import_only_downwards_and_no_backend_another() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src.join("render"), &mut files);
        files.sort();
        let mut wrong = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            for found in render_violations(&module_path(&src, file), &text) {
                let name = file.strip_prefix(&src).unwrap().display();
                wrong.push(format!("{name}:{found}"));
            }
        }
        assert!(
            wrong.is_empty(),
            "imports against the layers of render:\n{}",
            wrong.join("\n")
        );
    }

    #[test]
    fn the_layer_checker_sees_a_backend_using_another() {
        let module = |path: &str| -> Vec<String> { path.split("::").map(String::from).collect() };
        let html = module("render::backends::html::chapter");
        // A sibling of its own backend, a view and the contract are allowed.
        let allowed = "use super::site::Site;\nuse crate::render::views::tables::Row;\nuse crate::render::contract::Context;\n";
        assert!(render_violations(&html, allowed).is_empty());
        let across = "use super::super::booklet::render;\nfn f() { crate::render::backends::counters::render_faces(); }\n";
        let found = render_violations(&html, across);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("uses `render::backends::booklet::render`"));
        let grouped = "use crate::render::{registry::BACKENDS, typeset::pdf};\n";
        let view = module("render::views::phases");
        assert_eq!(render_violations(&view, grouped).len(), 1);
    }

    #[test]
    fn the_checker_sees_backwards_imports() {
        let text = "use crate::render::views::numbering::Numbers;\nuse crate::{\n    model::{a, b},\n    check::x, // crate::cli\n};\n#[cfg(test)]\nuse crate::cli;\n";
        let names: Vec<String> = crate_paths(text).into_iter().map(|(_, n)| n).collect();
        assert_eq!(names, ["render", "model", "check"]);
        assert!(stage("render") > stage("model"));
    }
}
