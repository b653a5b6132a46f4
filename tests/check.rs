//! `grognard check`: diagnostics users see, exit codes, JSON for editors.

mod common;

use common::{fixture, grognard, repo_root, stderr, stdout};

#[test]
fn the_project_content_checks_clean() {
    let output = grognard(&repo_root(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("0 errors"), "{err}");
}

#[test]
fn a_good_fixture_exits_zero_with_only_warnings() {
    let output = grognard(&fixture("good"), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("warning[unsupported-markdown]"), "{err}");
    // A table the author declared missing is a note, listed with --verbose.
    assert!(!err.contains("missing-table"), "{err}");
    assert!(
        err.contains(
            "1 ruleset, 0 scenarios: 0 errors, 1 warning, 1 note (`--verbose` lists the notes)"
        ),
        "{err}"
    );
    let verbose = stderr(&grognard(&fixture("good"), &["check", "--verbose"]));
    assert!(verbose.contains("note[missing-table]"), "{verbose}");
    assert!(!verbose.contains("lists the notes"), "{verbose}");
}

#[test]
fn deny_warnings_turns_warnings_but_not_notes_into_a_failure() {
    let output = grognard(&fixture("good"), &["check", "--deny", "warnings"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains("error[unsupported-markdown]"), "{err}");
    assert!(err.contains("1 error, 0 warnings, 1 note"), "{err}");
}

#[test]
fn the_project_passes_deny_warnings() {
    let output = grognard(&repo_root(), &["check", "--deny", "warnings"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("0 errors, 0 warnings"), "{err}");
}

#[test]
fn check_of_one_ruleset_reports_only_what_concerns_it() {
    let output = grognard(
        &repo_root(),
        &["check", "ved", "--verbose", "--format", "json"],
    );
    assert_eq!(output.status.code(), Some(0));
    let files: Vec<String> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter_map(|d| d["file"].as_str().map(str::to_string))
        .collect();
    assert!(!files.is_empty());
    for file in &files {
        assert!(file.starts_with("content/ved/"), "{file}");
    }
    let err = stderr(&grognard(&repo_root(), &["check", "ved"]));
    assert!(err.contains("1 ruleset, 0 scenarios: 0 errors"), "{err}");
}

#[test]
fn every_problem_of_a_broken_project_is_reported_in_one_run() {
    let output = grognard(&fixture("broken"), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    let expected = [
        // Malformed TOML: the exact character.
        "error[toml-syntax]: invalid TOML",
        "┌─ content/demo/tables/bad-syntax.toml:3:8",
        "3 │ base = = 7",
        // A misspelt table kind, with the valid ones.
        "error[unknown-table-kind]: unknown table kind `modifers`",
        "┌─ content/demo/tables/bad-kind.toml:2:8",
        "expected: one of \"modifiers\", \"dice-test\"",
        // A misspelt vocabulary key, with a suggestion.
        "error[unknown-vocabulary-key]: `veteranso` is not a member of vocabulary `grade`",
        "┌─ content/demo/tables/bad-key.toml:9:23",
        "did you mean `veteranos`?",
        // A duplicate id, pointing at both definitions.
        "error[duplicate-id]: id `sequence` is defined twice",
        "first defined here",
        // Broken cross-reference and table embed in a chapter.
        "error[broken-reference]: cross-reference to `no-such-section`",
        "┌─ content/demo/chapters/02-roto.md:6:10",
        "error[unknown-table]: no table `no-such-table` to embed",
        "┌─ content/demo/chapters/02-roto.md:8:1",
        // A worked example whose arithmetic disagrees with the table.
        "error[example-claim]: example claims sum = 10, but table `fire` gives 9",
        "┌─ content/demo/chapters/02-roto.md:13:12",
        "7 errors, 2 warnings, 1 note",
    ];
    for line in expected {
        assert!(err.contains(line), "missing `{line}` in:\n{err}");
    }
}

#[test]
fn json_diagnostics_carry_code_position_expected_and_found() {
    let output = grognard(&fixture("broken"), &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let claim = lines
        .iter()
        .find(|d| d["code"] == "example-claim")
        .expect("the wrong claim is reported");
    assert_eq!(claim["severity"], "error");
    assert_eq!(claim["file"], "content/demo/chapters/02-roto.md");
    assert_eq!(claim["line"], 13);
    assert_eq!(claim["column"], 12);
    assert_eq!(claim["expected"], "9");
    assert_eq!(claim["found"], "10");
    assert_eq!(lines.iter().filter(|d| d["severity"] == "error").count(), 7);
}

#[test]
fn a_folder_without_a_manifest_is_a_clear_error() {
    let empty = tempfile::tempdir().unwrap();
    let output = grognard(empty.path(), &["check"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("error[io-error]: cannot read grognard.toml"));
}
