//! Player aids as a player uses them at the table: the quick-reference
//! sheets of the four rulesets, read from their PDFs.

use crate::common::{copy_fixture, grognard, page_glyphs, pdf_text, repo_root, stderr};

/// The four sheets, built once: ruleset and PDF.
fn sheets() -> &'static [(&'static str, Vec<u8>)] {
    static SHEETS: std::sync::OnceLock<Vec<(&'static str, Vec<u8>)>> = std::sync::OnceLock::new();
    SHEETS.get_or_init(|| {
        let out = tempfile::tempdir().unwrap();
        let args = [
            "build",
            "--only",
            "qrs",
            "--out",
            out.path().to_str().unwrap(),
        ];
        let output = grognard(&repo_root(), &args);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        ["ved", "bataille", "sombra", "polk"]
            .into_iter()
            .map(|id| {
                let pdf = std::fs::read(out.path().join(format!("{id}/{id}-qrs.pdf"))).unwrap();
                (id, pdf)
            })
            .collect()
    })
}

/// The base names of the fonts a PDF embeds.
fn font_names(pdf: &[u8]) -> Vec<String> {
    let document = pdf_extract::Document::load_mem(pdf).unwrap();
    document
        .objects
        .values()
        .filter_map(|object| object.as_dict().ok())
        .filter(|dict| dict.get(b"Type").and_then(|t| t.as_name()).ok() == Some(b"Font"))
        .filter_map(|dict| dict.get(b"BaseFont").and_then(|n| n.as_name()).ok())
        .map(|name| String::from_utf8_lossy(name).into_owned())
        .collect()
}

#[test]
fn every_sheet_is_two_landscape_pages_in_the_sans_nothing_under_7_pt_tables_at_8() {
    for (id, pdf) in sheets() {
        let pages = page_glyphs(pdf);
        assert_eq!(pages.len(), 2, "{id}: one sheet, printed on both sides");
        let mut sizes: Vec<f64> = Vec::new();
        for (p, (width, height, glyphs)) in pages.iter().enumerate() {
            assert!(width > height, "{id} p{}: landscape", p + 1);
            for g in glyphs.iter().filter(|g| !g.text.trim().is_empty()) {
                assert!(
                    g.size >= 6.95,
                    "{id} p{}: {:?} at {:.2} pt",
                    p + 1,
                    g.text,
                    g.size
                );
                sizes.push(g.size);
            }
        }
        // The tables' text, the bulk of a sheet, is at 8 pt or more: the
        // size most characters are set at.
        let mut counts = std::collections::BTreeMap::new();
        for size in &sizes {
            *counts.entry((size * 10.0).round() as i64).or_insert(0) += 1;
        }
        let (common, _) = counts.iter().max_by_key(|(_, n)| **n).unwrap();
        assert!(
            *common >= 80,
            "{id}: most text at {} pt",
            *common as f64 / 10.0
        );
        let fonts = font_names(pdf);
        assert!(!fonts.is_empty());
        for font in &fonts {
            assert!(
                font.contains("Roboto"),
                "{id}: set in {font}, not the aids' sans"
            );
        }
    }
}

/// How far down each of a page's three columns its text reaches, as a share
/// of the text area (margins of 0.8 cm, and 1 cm at the foot).
fn column_fill(width: f64, height: f64, glyphs: &[crate::common::Glyph]) -> [f64; 3] {
    let (side, top, bottom): (f64, f64, f64) =
        (0.8 / 2.54 * 72.0, 0.8 / 2.54 * 72.0, 1.0 / 2.54 * 72.0);
    let column = (width - 2.0 * side) / 3.0;
    let mut lowest = [top; 3];
    for g in glyphs.iter().filter(|g| g.y < height - bottom) {
        let k = (((g.x - side) / column).floor().max(0.0_f64) as usize).min(2);
        lowest[k] = lowest[k].max(g.y);
    }
    lowest.map(|y| (y - top) / (height - top - bottom))
}

#[test]
fn both_pages_of_every_sheet_are_at_least_four_fifths_used() {
    let mut thin = Vec::new();
    for (id, pdf) in sheets() {
        for (p, (width, height, glyphs)) in page_glyphs(pdf).iter().enumerate() {
            let fill = column_fill(*width, *height, glyphs);
            let used = fill.iter().sum::<f64>() / 3.0;
            if used < 0.8 {
                thin.push(format!(
                    "{id} p{}: {:.0} % used, by column {fill:.2?}",
                    p + 1,
                    used * 100.0
                ));
            }
        }
    }
    assert!(thin.is_empty(), "{thin:#?}");
}

#[test]
fn the_polk_sheet_carries_the_tables_a_player_consults_every_turn() {
    let (_, pdf) = sheets().iter().find(|(id, _)| *id == "polk").unwrap();
    let text = pdf_text(pdf);
    for title in [
        "Кубики при стрельбе по числу стреляющих фигурок",
        "Ударная сила кавалерии в линии",
        "Кубики пехоты в рукопашной",
        "Кубики кавалерии в рукопашной",
        "Реакции на действия противника",
    ] {
        assert!(text.contains(title), "the polk sheet lacks {title}");
    }
}

#[test]
fn the_phases_run_in_the_order_of_play_and_every_table_names_its_rule() {
    let (_, pdf) = sheets().iter().find(|(id, _)| *id == "ved").unwrap();
    let text = pdf_text(pdf);
    let bands = [
        "Secuencia de juego",
        "Órdenes y mando (pasos 1–3)",
        "Movimiento (paso 6)",
        "Cargas y fuego (pasos 4–8)",
        "Cuerpo a cuerpo y moral (pasos 9–11)",
    ];
    let at: Vec<usize> = bands
        .iter()
        .map(|band| text.find(band).unwrap_or_else(|| panic!("no band {band}")))
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "bands out of order: {at:?}"
    );
    // The rule beside the table ("§ 13.4"), not the rulebook's table number.
    assert!(text.contains("Tabla de puntos de fuego § 13.4"), "{text}");
    assert!(!text.contains("Tabla 13."));
    // No editor's remarks; a table the source does not print is a form.
    assert!(!text.contains("Nota de la edición"));
    assert!(
        text.contains("Tabla de combate cuerpo a cuerpo § 14.5 Tabla no incluida en la fuente")
    );
}

#[test]
fn a_sheet_phase_that_names_no_table_is_an_error_at_its_place() {
    let project = copy_fixture("good");
    let ruleset = project.path().join("content/demo/ruleset.toml");
    let text = std::fs::read_to_string(&ruleset).unwrap();
    let lines = text.lines().count();
    let phase = "\n[[qrs]]\nphase = \"Fuego\"\ntables = [\"fuego\"]\n";
    std::fs::write(&ruleset, format!("{text}{phase}")).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[unknown-table]: the quick-reference sheet's phase \"Fuego\" lists no table `fuego`"),
        "{err}"
    );
    assert!(
        err.contains(&format!("content/demo/ruleset.toml:{}:11", lines + 4)),
        "{err}"
    );
}
