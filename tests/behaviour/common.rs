//! Helpers shared by the integration tests: run the binary, copy fixtures.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixture(name: &str) -> PathBuf {
    repo_root().join("tests/fixtures").join(name)
}

/// Runs `grognard --root <root> <args>` with colours off.
pub fn grognard(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grognard"))
        .arg("--root")
        .arg(root)
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("SOURCE_DATE_EPOCH")
        .output()
        .expect("the grognard binary runs")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A writable copy of a fixture project in a temporary folder.
pub fn copy_fixture(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    copy_dir(&fixture(name), dir.path());
    dir
}

/// Copies a folder and everything below it (or a single file).
pub fn copy_dir(from: &Path, to: &Path) {
    if from.is_file() {
        std::fs::copy(from, to).unwrap();
        return;
    }
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A copy of the repository's project: its rulesets, scenarios and grognard.toml.
pub fn project_copy() -> tempfile::TempDir {
    let project = tempfile::tempdir().unwrap();
    for folder in ["content", "scenarios"] {
        copy_dir(&repo_root().join(folder), &project.path().join(folder));
    }
    std::fs::copy(
        repo_root().join("grognard.toml"),
        project.path().join("grognard.toml"),
    )
    .unwrap();
    project
}

/// The text of a PDF, with runs of white space folded to one space.
pub fn pdf_text(bytes: &[u8]) -> String {
    let text = pdf_extract::extract_text_from_mem(bytes).expect("the PDF has extractable text");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A page's width and height in points, from its MediaBox.
pub fn media_box(document: &pdf_extract::Document, page: pdf_extract::ObjectId) -> (f64, f64) {
    let values: Vec<f64> = document
        .get_dictionary(page)
        .unwrap()
        .get(b"MediaBox")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| f64::from(v.as_float().unwrap()))
        .collect();
    (values[2], values[3])
}

/// Runs `grognard <args> --out <temporary folder>` on the repository's own
/// project, asserts it succeeds, and returns the named output file's bytes.
pub fn output_file(args: &[&str], file: &str) -> Vec<u8> {
    output_file_of(&repo_root(), args, file)
}

/// `output_file` for the project at `root`.
pub fn output_file_of(root: &Path, args: &[&str], file: &str) -> Vec<u8> {
    let out = tempfile::tempdir().expect("temporary folder");
    let mut all = args.to_vec();
    all.extend_from_slice(&["--out", out.path().to_str().unwrap()]);
    let output = grognard(root, &all);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    std::fs::read(out.path().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Asserts that `actual` is the golden file `tests/golden/<name>`; with
/// `GROGNARD_BLESS=1` it writes `actual` there instead, for review in the diff.
pub fn golden(name: &str, actual: &str) {
    let path = repo_root().join("tests/golden").join(name);
    if std::env::var_os("GROGNARD_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(e, a)| e != a)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} differs from tests/golden from line {}:\n  golden: {:?}\n  output: {:?}\n\
             if the change is right, re-bless: GROGNARD_BLESS=1 cargo test --test behaviour",
            first + 1,
            expected.lines().nth(first).unwrap_or("<end>"),
            actual.lines().nth(first).unwrap_or("<end>"),
        );
    }
}
