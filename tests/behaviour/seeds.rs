//! The four source documents, transcribed faithfully with their mistakes in
//! tests/fixtures/seeds: the checker finds exactly their real inconsistencies.

use crate::common::{fixture, grognard, stdout};

/// (severity, code, file, line) of every diagnostic but the missing tables.
fn findings() -> (Vec<(String, String, String, u64)>, usize) {
    let output = grognard(&fixture("seeds"), &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let all: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let missing = all.iter().filter(|d| d["code"] == "missing-table").count();
    let mut found: Vec<_> = all
        .iter()
        .filter(|d| d["code"] != "missing-table")
        .map(|d| {
            (
                d["severity"].as_str().unwrap().to_string(),
                d["code"].as_str().unwrap().to_string(),
                d["file"].as_str().unwrap().replace("content/", ""),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect();
    found.sort();
    (found, missing)
}

fn finding(severity: &str, code: &str, file: &str, line: u64) -> (String, String, String, u64) {
    (severity.into(), code.into(), file.into(), line)
}

#[test]
fn the_checker_reports_exactly_the_inconsistencies_of_the_four_documents() {
    let (found, missing) = findings();
    let mut expected = vec![
        // Seed 002: the 10th Hussars' harassment, "(3x3=12)"; "(1+3+3+2=9)" beside it passes.
        finding(
            "error",
            "prose-arithmetic",
            "bataille/chapters/01-ejemplos.md",
            71,
        ),
        // Seed 004: 300 cuirassiers strike with 6 dice in the first clash where every other
        // row of the cavalry table follows horse dice + status dice + lance (5).
        finding("error", "cell-rule", "polk/tables/cavalry-shock.toml", 34),
        // Seed 004: skirmish melee dice of recruits at 500, trained at 400, veterans at 300
        // men break the printed "1 die per N figures".
        finding(
            "error",
            "cell-rule",
            "polk/tables/skirmish-melee-dice.toml",
            15,
        ),
        finding(
            "error",
            "cell-rule",
            "polk/tables/skirmish-melee-dice.toml",
            22,
        ),
        finding(
            "error",
            "cell-rule",
            "polk/tables/skirmish-melee-dice.toml",
            29,
        ),
        // Seed 000: the general's luck bands stop at 6, a roll of 12 against 5 fails by 7.
        finding(
            "error",
            "dice-coverage",
            "ved/tables/generals-luck.toml",
            31,
        ),
        // Seed 000: "Prusianos 1812-15" in the orders table, "1813-15" in the activation
        // table, which also forgets the Spanish.
        finding(
            "warning",
            "vocabulary-coverage",
            "ved/tables/activation.toml",
            13,
        ),
        finding(
            "warning",
            "vocabulary-coverage",
            "ved/tables/orders-rate.toml",
            7,
        ),
        // Seed 000: the orders example — an able Russian general still every three turns.
        finding("error", "example-claim", "ved/chapters/01-ejemplos.md", 17),
        // Seed 000: hussars in line move 7.5 cm in half an action; the table gives 6.
        finding("error", "example-claim", "ved/chapters/01-ejemplos.md", 49),
        // Seed 000: the voltigeurs' +2 "for firing as a reaction to a charge" is no modifier
        // of the table (which has +2 only for reacting by changing formation).
        finding(
            "error",
            "unknown-example-input",
            "ved/chapters/01-ejemplos.md",
            58,
        ),
        // Seed 004: musket fire starts at 5 cm ("с 5 до 15 см — близкая дистанция"); what
        // is nearer has no rule.
        finding(
            "error",
            "range-origin",
            "polk/tables/musket-ranges.toml",
            10,
        ),
        finding(
            "error",
            "range-origin",
            "polk/tables/musket-ranges.toml",
            11,
        ),
        // Seed 000: the fire table's «50 %» asks for «53 ó menos» on 2d10 (13.4, l. 576),
        // where the procedure reads the tens and units of the result, 50.
        finding("error", "cell-rule", "ved/tables/fire-table-cells.toml", 15),
        // Seed 000: "1 de cada 3 figuras" of a 12-figure Prussian battalion is 4, not the
        // 3 the example gives (5.1, l. 254).
        finding(
            "error",
            "cell-rule",
            "ved/tables/skirmish-equivalence.toml",
            14,
        ),
        // Seed 000: what the printed modifiers make reachable, reported as warnings.
        finding(
            "warning",
            "dice-probability",
            "ved/tables/activation.toml",
            1,
        ),
        finding(
            "warning",
            "dice-probability",
            "ved/tables/formation-change-test.toml",
            1,
        ),
    ];
    expected.sort();
    assert_eq!(found, expected);
    // Tables the documents refer to but do not print: 4 in 000, 4 in 002, 10 in 003.
    assert_eq!(missing, 18);
}

#[test]
fn correct_claims_of_the_documents_pass() {
    let output = grognard(&fixture("seeds"), &["check"]);
    let err = crate::common::stderr(&output);
    // The sum beside the wrong product, and the fire examples of 13.4 and 14.3.
    assert!(!err.contains("1+3+3+2=9"), "{err}");
    assert!(!err.contains("claims sum = 10"), "{err}");
    assert!(!err.contains("claims sum = 14"), "{err}");
    assert!(!err.contains("claims result = 4"), "{err}");
    // Beside the musket ranges from 5 cm, the cavalry's and the artillery's start at 0, and
    // sombra's artillery counts hexes from the adjacent one.
    assert!(!err.contains("`cavalry-fire` starts"), "{err}");
    assert!(!err.contains("`artillery` starts"), "{err}");
    assert!(!err.contains("`heavy` starts"), "{err}");
    // Beside the wrong «53», the 147 → «47 ó menos» of the second example holds; beside
    // the Prussians' 3 of 12, no other cell of the skirmish examples is reported.
    assert!(!err.contains("`roll` is 47"), "{err}");
    assert_eq!(
        err.matches("error[cell-rule]: `skirmishers`").count(),
        1,
        "{err}"
    );
    // No number of the transcribed examples is read against the wrong table.
    assert!(!err.contains("error[prose-claim]"), "{err}");
}
