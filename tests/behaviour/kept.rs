//! PDFs kept between runs in `out/.cache/typeset`: a second build gives the
//! same files and the same warnings, a changed source is typeset anew, a
//! damaged entry is not trusted, and `GROGNARD_NO_CACHE` keeps nothing.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{add_a_table_that_overflows, copy_fixture, grognard, pdf_text, stderr};

const FILES: [&str; 2] = ["demo/demo-rules.pdf", "demo/demo-qrs.pdf"];

fn outputs(project: &Path) -> Vec<Vec<u8>> {
    FILES
        .iter()
        .map(|f| std::fs::read(project.join("out").join(f)).unwrap())
        .collect()
}

/// The stored PDFs, by file name.
fn stored(project: &Path) -> Vec<std::path::PathBuf> {
    let folder = project.join("out/.cache/typeset");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    files.sort();
    files
}

/// The report without the line that gives the time taken.
fn report(output: &Output) -> String {
    stderr(output)
        .lines()
        .filter(|l| !l.contains(" written in "))
        .collect::<Vec<_>>()
        .join("\n")
}

fn build(project: &Path) -> Output {
    let output = grognard(project, &["build", "demo"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    output
}

#[test]
fn a_second_build_writes_the_same_files_and_reports_the_same_warnings() {
    let project = copy_fixture("good");
    add_a_table_that_overflows(project.path());
    let first = build(project.path());
    let written = outputs(project.path());
    assert!(
        stderr(&first).contains("warning[qrs-overflow]"),
        "{}",
        stderr(&first)
    );
    assert!(
        !stored(project.path()).is_empty(),
        "the typeset PDFs are kept in out/.cache/typeset"
    );
    let second = build(project.path());
    assert_eq!(report(&second), report(&first));
    assert!(outputs(project.path()) == written, "the kept PDFs differ");
}

#[test]
fn a_changed_source_is_typeset_again_not_taken_from_the_cache() {
    let project = copy_fixture("good");
    build(project.path());
    let before = stored(project.path());
    let table = project.path().join("content/demo/tables/fire.toml");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, text.replace("Blanco en línea", "Blanco desplegado")).unwrap();
    build(project.path());
    let text = pdf_text(&outputs(project.path())[0]);
    assert!(text.contains("Blanco desplegado"), "{text}");
    assert!(!text.contains("Blanco en línea"), "{text}");
    let after = stored(project.path());
    assert!(
        after.iter().any(|p| !before.contains(p)),
        "the new rulebook is kept beside the old one: {after:?}"
    );
}

#[test]
fn a_damaged_kept_pdf_is_typeset_again() {
    let project = copy_fixture("good");
    build(project.path());
    let written = outputs(project.path());
    for pdf in stored(project.path()) {
        let mut bytes = std::fs::read(&pdf).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0xff;
        std::fs::write(&pdf, bytes).unwrap();
    }
    build(project.path());
    assert!(
        outputs(project.path()) == written,
        "a damaged kept PDF was copied out"
    );
}

#[test]
fn with_grognard_no_cache_nothing_is_kept() {
    let project = copy_fixture("good");
    let output = Command::new(env!("CARGO_BIN_EXE_grognard"))
        .arg("--root")
        .arg(project.path())
        .args(["build", "demo"])
        .env("GROGNARD_NO_CACHE", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(outputs(project.path()).iter().all(|pdf| !pdf.is_empty()));
    assert!(!project.path().join("out/.cache").exists());
}
