//! Quick-reference sheets: two landscape pages from the rulebook's own tables.

mod common;

use common::{copy_fixture, grognard, pdf_text, repo_root, stderr};

#[test]
fn the_ved_sheet_is_one_landscape_sheet_with_the_tables_and_chances() {
    let pdf = common::output_file(&["build", "ved"], "ved/ved-qrs.pdf");
    let document = lopdf::Document::load_mem(&pdf).unwrap();
    let pages = document.get_pages();
    assert_eq!(pages.len(), 2);
    for (_, page) in pages {
        let (width, height) = common::media_box(&document, page);
        // A4 landscape: 841.89 × 595.28 pt.
        assert!((width - 841.89).abs() < 0.1 && (height - 595.28).abs() < 0.1);
    }
    let text = pdf_text(&pdf);
    assert!(text.contains("Hoja de referencia rápida"));
    assert!(text.contains("Secuencia de juego"));
    assert!(text.contains("Milicia −2"));
    assert!(text.contains("Probabilidad de éxito"));
}

#[test]
fn a_changed_table_value_changes_the_rulebook_and_the_sheet_in_one_build() {
    let project = tempfile::tempdir().unwrap();
    // The repository's manifest converts scenarios this copy leaves out.
    std::fs::write(project.path().join("grognard.toml"), "title = \"VED\"\n").unwrap();
    common::copy_dir(
        &repo_root().join("content/ved"),
        &project.path().join("content/ved"),
    );
    let table = project.path().join("content/ved/tables/ranges.toml");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, text.replace("[40.1, 50]", "[40.1, 55]")).unwrap();
    let output = grognard(project.path(), &["build", "ved"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for name in ["ved-rules.pdf", "ved-qrs.pdf"] {
        let pdf = std::fs::read(project.path().join("out/ved").join(name)).unwrap();
        let text = pdf_text(&pdf);
        assert!(text.contains("40,1–55"), "{name} lacks the new value");
        assert!(!text.contains("40,1–50"), "{name} still has the old value");
    }
}

#[test]
fn a_table_that_does_not_fit_is_a_warning_naming_it() {
    let project = copy_fixture("good");
    let rows: Vec<String> = (0..600)
        .map(|i| format!("  {{ grade = \"elite\", actions = {i} }},"))
        .collect();
    let table = format!(
        "id = \"huge\"\nkind = \"lookup\"\ntitle = \"Una tabla enorme\"\nqrs = true\ncolumns = [\n  {{ id = \"grade\", label = \"Calidad\", vocab = \"grade\", partial = true }},\n  {{ id = \"actions\", label = \"Acciones\" }},\n]\nrows = [\n{}\n]\n",
        rows.join("\n")
    );
    std::fs::write(project.path().join("content/demo/tables/huge.toml"), table).unwrap();
    let output = grognard(project.path(), &["build"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning[qrs-overflow]: Tabla A.1. Una tabla enorme does not fit on the 2-page quick-reference sheet"),
        "{err}"
    );
    assert!(
        err.contains("┌─ content/demo/tables/huge.toml:1:6"),
        "{err}"
    );
}
