//! Combat results tables: an original 8 × 6 odds table checks, typesets in
//! the rulebook and on the quick-reference sheet, and its outcomes per
//! column are summed up by `check --summary`; its lints point at the row.

use crate::common::{copy_fixture, fixture, grognard, output_file_of, page_lines, stderr, stdout};

/// Each page's lines, as a reader reads them.
fn lines(pdf: &[u8]) -> Vec<String> {
    page_lines(pdf)
        .into_iter()
        .flat_map(|(_, lines)| lines.into_iter().map(|l| l.text))
        .collect()
}

#[test]
fn an_odds_table_typesets_in_the_rulebook_and_on_the_sheet() {
    let root = fixture("crt");
    let check = grognard(&root, &["check"]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    for file in ["outpost/outpost-rules.pdf", "outpost/outpost-qrs.pdf"] {
        let text = lines(&output_file_of(&root, &["build"], file)).join("\n");
        let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let text = squeeze(&text);
        // The heads, the first and last rows, as printed.
        for expected in [
            "Roll 1-3 1-2 1-1 2-1 3-1 4-1 5-1 6-1",
            "1 AR AR DR DR DR DE DE DE",
            "6 AE AE AE AE AR AR EX DR",
            "eliminated",
            "−2 columns",
            "+1 column",
        ] {
            assert!(text.contains(expected), "{file}: no {expected:?} in {text}");
        }
    }
    // A modifier written "+1" keeps its sign.
    let rules = lines(&output_file_of(
        &root,
        &["build"],
        "outpost/outpost-rules.pdf",
    ))
    .join("\n");
    assert!(rules.contains("+1") && rules.contains("+2"), "{rules}");
}

#[test]
fn check_summary_gives_each_columns_outcomes() {
    let output = grognard(&fixture("crt"), &["check", "--summary"]);
    let out = stdout(&output);
    assert!(
        out.contains("3-1  DR 1/2 = 50.0 % · EX 1/6 = 16.7 % · AR 1/3 = 33.3 %"),
        "{out}"
    );
    assert!(
        out.contains("6-1  DE 1/2 = 50.0 % · DR 1/2 = 50.0 %"),
        "{out}"
    );
}

#[test]
fn a_broken_odds_table_is_reported_at_its_rows_and_columns() {
    let project = copy_fixture("crt");
    let table = project
        .path()
        .join("content/outpost/tables/combat-results.toml");
    let text = std::fs::read_to_string(&table)
        .unwrap()
        .replace("\"2-1\", \"3-1\"", "\"3-1\", \"2-1\"")
        .replace("{ roll = 4,", "{ roll = 3,")
        .replace("\"ex\", \"dr\"] },\n]", "\"ex\", \"xx\"] },\n]")
        .replace("beyond = \"end-column\"\n", "");
    std::fs::write(&table, text).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    for expected in [
        "error[crt-columns]: column `2-1` comes after `3-1`",
        "error[crt-rows]: a roll of 3 has two rows",
        "combat-results.toml:12:",
        "error[crt-rows]: no row for a roll of 4",
        "`xx` is not a member of vocabulary `combat-result`",
        "error[crt-shifts]: shifts can move the odds past the table's ends (from -3 to +1 columns)",
    ] {
        assert!(err.contains(expected), "no {expected:?} in\n{err}");
    }
}

#[test]
fn modifiers_to_the_roll_count_for_the_roll_and_results_go_by_margin() {
    let root = fixture("crt");
    // "+2 to the roll" on a 7-or-more test: 2d6 + 2 ≥ 7 is 2d6 ≥ 5, 30 chances in 36.
    let summary = stdout(&grognard(&root, &["check", "--summary"]));
    assert!(
        summary.contains("best            5/6 = 83.3 %  at   5  general-with-unit"),
        "{summary}"
    );
    assert!(
        summary.contains("worst          5/12 = 41.7 %  at   8  disordered"),
        "{summary}"
    );
    let text = lines(&output_file_of(
        &root,
        &["build"],
        "outpost/outpost-rules.pdf",
    ))
    .join(" ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in ["2d6 + modifiers ≥ base", "Made by 0–2", "Failed by 1–2"] {
        assert!(text.contains(expected), "no {expected:?} in {text}");
    }
    // The results as the table prints them (the serif's kerning scrambles them in the PDF's text).
    let session = grognard::load(&root);
    let ruleset = session.project.ruleset("outpost").unwrap();
    let rally = ruleset.table("rally").unwrap();
    let display = grognard::render::views::tables::display_table(
        ruleset,
        rally,
        "1.3",
        grognard::render::typeset::measure::Face::Serif,
    );
    let outcomes: Vec<String> = display
        .outcomes
        .iter()
        .map(|[a, b]| format!("{a}: {b}"))
        .collect();
    assert_eq!(
        outcomes,
        [
            "Made by 0–2: The unit rallies, disordered.",
            "Made by 3 or more: The unit rallies in good order.",
            "Failed by 1–2: The unit stays where it is.",
            "Failed by 3 or more: The unit routs. Then roll on: Rout.",
        ]
    );
}

#[test]
fn a_gap_between_success_bands_and_a_chain_to_no_table_are_errors() {
    let project = copy_fixture("crt");
    let table = project.path().join("content/outpost/tables/rally.toml");
    let text = std::fs::read_to_string(&table)
        .unwrap()
        .replace(
            "from = 3\nresult = \"The unit rallies in good order.\"",
            "from = 4\nresult = \"The unit rallies in good order.\"",
        )
        .replace("then = \"rout\"", "then = \"ruot\"");
    std::fs::write(&table, text).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[dice-coverage]: no success band covers a margin of success of 3"),
        "{err}"
    );
    assert!(
        err.contains(
            "error[unknown-table]: a result of `rally` sends the player to no table `ruot`"
        ),
        "{err}"
    );
    assert!(err.contains("did you mean `rout`?"), "{err}");
}

#[test]
fn a_cross_reference_in_a_table_prints_its_number_and_a_broken_one_is_located() {
    // The corrected edition's tables refer to chapters and tables by id.
    let session = grognard::load(&crate::common::repo_root());
    let sombra = session.project.ruleset("sombra").unwrap();
    let display = |id: &str| {
        grognard::render::views::tables::display_table(
            sombra,
            sombra.table(id).unwrap(),
            "",
            grognard::render::typeset::measure::Face::Serif,
        )
    };
    let square = display("square").note.unwrap();
    assert!(square.contains("(véase el capítulo 14)"), "{square}");
    let formations = display("formations");
    let text = serde_json::to_string(&formations.rows).unwrap();
    assert!(text.contains("véase la tabla 4."), "{text}");
    assert!(!text.contains("[](#"), "{text}");

    let project = copy_fixture("crt");
    let table = project.path().join("content/outpost/tables/rout.toml");
    let text = std::fs::read_to_string(&table).unwrap().replace(
        "the unit is disordered.",
        "the unit is disordered (see [](#combat-rallying)).",
    );
    std::fs::write(&table, text).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[broken-reference]: table `rout` refers to `combat-rallying`, which is no chapter, section, case or table"),
        "{err}"
    );
    assert!(
        err.contains("content/outpost/tables/rout.toml:10:78"),
        "{err}"
    );
    assert!(err.contains("did you mean `combat-rally`?"), "{err}");
}
