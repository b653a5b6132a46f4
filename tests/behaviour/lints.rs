//! Every lint has a passing and a failing case in tests/fixtures/lints: the
//! failing ones are reported where they are, the passing ones not at all.

use crate::common::{fixture, grognard, stderr, stdout};

fn diagnostics() -> Vec<serde_json::Value> {
    let output = grognard(&fixture("lints"), &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// (code, file, line) of every diagnostic.
fn found() -> Vec<(String, String, u64)> {
    diagnostics()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["file"]
                    .as_str()
                    .unwrap_or("")
                    .replace("content/lints/", ""),
                d["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

fn assert_found(code: &str, file: &str, line: u64) {
    let all = found();
    assert!(
        all.contains(&(code.to_string(), file.to_string(), line)),
        "no {code} at {file}:{line} in {all:#?}"
    );
}

fn assert_clean(file: &str) {
    let all = found();
    assert!(
        !all.iter().any(|(_, f, _)| f == file),
        "{file} should check clean: {all:#?}"
    );
}

#[test]
fn range_bands_report_gaps_and_overlaps_with_both_bounds() {
    assert_clean("tables/ranges-ok.toml");
    assert_found("range-bands", "tables/ranges-bad.toml", 8);
    assert_found("range-bands", "tables/ranges-bad.toml", 9);
    let all = diagnostics();
    let gap = all
        .iter()
        .find(|d| d["code"] == "range-bands" && d["line"] == 8)
        .unwrap();
    assert_eq!(
        gap["message"],
        "`musket`: a gap between Short (to 2) and Effective (from 2.5)"
    );
}

#[test]
fn dice_coverage_reports_the_uncovered_or_doubly_covered_roll_and_how_it_is_reached() {
    assert_clean("tables/dice-ok.toml");
    assert_found("dice-coverage", "tables/dice-gap.toml", 25);
    assert_found("dice-coverage", "tables/dice-overlap.toml", 8);
    let all = diagnostics();
    let gap = all
        .iter()
        .find(|d| {
            d["code"] == "dice-coverage" && d["file"].as_str().unwrap().ends_with("dice-gap.toml")
        })
        .unwrap();
    assert_eq!(
        gap["message"],
        "a roll of 12 against 5 fails by 7, which no result band covers"
    );
    assert!(gap["notes"][0].as_str().unwrap().contains("gap-casualties"));
}

#[test]
fn impossible_or_automatic_success_is_a_warning_unless_allowed() {
    assert_found("dice-probability", "tables/dice-automatic.toml", 1);
    let all = found();
    assert!(!all.contains(&(
        "dice-probability".into(),
        "tables/dice-allowed.toml".into(),
        1
    )));
    // The allow that matched nothing is reported.
    assert_found("unused-allow", "tables/dice-allowed.toml", 9);
}

#[test]
fn vocabulary_coverage_names_the_missing_members() {
    assert_found("vocabulary-coverage", "tables/coverage.toml", 13);
    assert_found("vocabulary-coverage", "tables/coverage-lookup.toml", 5);
    let all = diagnostics();
    let group: Vec<_> = all
        .iter()
        .filter(|d| d["file"].as_str().unwrap().ends_with("coverage.toml"))
        .collect();
    assert_eq!(group.len(), 1, "the complete and the partial groups pass");
    assert!(group[0]["message"].as_str().unwrap().ends_with("`veteran`"));
}

#[test]
fn monotonic_ladders_report_the_member_that_breaks_the_order() {
    assert_found("monotonic", "tables/monotonic.toml", 16);
    assert_found("monotonic", "tables/monotonic-lookup.toml", 14);
    assert_eq!(
        found().iter().filter(|(c, _, _)| c == "monotonic").count(),
        2,
        "the ordered group and the infantry rows pass"
    );
}

#[test]
fn cell_rules_report_each_disagreeing_cell_with_expected_and_found() {
    let all = diagnostics();
    let cells: Vec<_> = all.iter().filter(|d| d["code"] == "cell-rule").collect();
    assert_eq!(cells.len(), 1, "{cells:#?}");
    assert_eq!(cells[0]["line"], 13);
    assert_eq!(cells[0]["expected"], "4");
    assert_eq!(cells[0]["found"], "3");
}

#[test]
fn a_rule_that_does_not_parse_points_at_the_character() {
    let all = diagnostics();
    let syntax = all.iter().find(|d| d["code"] == "rule-syntax").unwrap();
    assert_eq!(syntax["message"], "invalid rule: expected `,` or `)`");
    assert_eq!(
        (syntax["line"].as_u64(), syntax["column"].as_u64()),
        (Some(6), Some(58))
    );
}

#[test]
fn prose_arithmetic_flags_wrong_claims_only() {
    assert_found("prose-arithmetic", "chapters/01-arithmetic.md", 6);
    assert_found("prose-arithmetic", "chapters/01-arithmetic.md", 8);
    let all = diagnostics();
    let prose: Vec<_> = all
        .iter()
        .filter(|d| d["code"] == "prose-arithmetic")
        .collect();
    assert_eq!(
        prose.len(),
        2,
        "(1+3+3+2=9), 7 + 1 + 2 = 10, 10 / 2 = 5 and -24 pass"
    );
    assert_eq!(
        prose[0]["message"],
        "`3x3=12` claims 12, but the arithmetic gives 9"
    );
    assert_eq!(
        (prose[0]["column"].as_u64(), prose[0]["end_column"].as_u64()),
        (Some(61), Some(67))
    );
}

#[test]
fn the_human_report_shows_the_offending_characters() {
    let output = grognard(&fixture("lints"), &["check"]);
    let err = stderr(&output);
    assert!(
        err.contains("6 │ The hussars harass with (1+3+3+2=9) points, then triple it (3x3=12)."),
        "{err}"
    );
    assert!(err.contains("^^^^^^ this is 9"), "{err}");
}

/// The registry's examples are the fixtures: each lint is reported on its
/// failing source and not on its passing one.
#[test]
fn every_registered_lint_fails_and_passes_its_fixtures() {
    let all = found();
    let mut checked = 0;
    for code in grognard::diagnostic::codes::CODES {
        let Some(example) = &code.example else {
            continue;
        };
        let on = |file: &str| all.iter().any(|(c, f, _)| c == code.code && f == file);
        assert!(
            on(example.failing.0),
            "{} is not reported on {}",
            code.code,
            example.failing.0
        );
        if let Some((passing, _)) = example.passing {
            assert!(!on(passing), "{} is reported on {passing}", code.code);
        }
        checked += 1;
    }
    assert!(checked >= 9, "only {checked} lints have fixtures");
}

#[test]
fn explain_prints_the_long_explanation_with_the_fixtures() {
    let output = grognard(&fixture("lints"), &["explain", "range-bands"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("error[range-bands]: "), "{text}");
    assert!(
        text.contains("Reported on this source (tables/ranges-bad.toml)"),
        "{text}"
    );
    assert!(text.contains("{ key = \"musket\", bounds = [[0, 2], [2.5, 5], [5.1, 10]] }"));
    let output = grognard(&fixture("lints"), &["explain", "range-band"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("did you mean `range-bands`?"));
}
