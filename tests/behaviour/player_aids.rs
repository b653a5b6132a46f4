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

/// The four decks of a copy of the project with `[cards]` set to `cards`
/// (and `paper` as given), with the build's report.
fn decks(cards: &str, paper: &str) -> (Vec<(&'static str, Vec<u8>)>, String) {
    let project = crate::common::project_copy();
    let manifest = project.path().join("grognard.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let text = text.replace("paper = \"a4\"", &format!("paper = \"{paper}\""));
    // The project's own `[cards]`, if any, gives way to the one tried.
    let text: String = text
        .lines()
        .filter(|l| *l != "[cards]" && !l.starts_with("size = "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&manifest, format!("{text}\n[cards]\n{cards}\n")).unwrap();
    let out = project.path().join("out");
    let args = ["build", "--only", "cards", "--out", out.to_str().unwrap()];
    let output = grognard(project.path(), &args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let decks = ["ved", "bataille", "sombra", "polk"]
        .into_iter()
        .map(|id| {
            (
                id,
                std::fs::read(out.join(format!("{id}/{id}-cards.pdf"))).unwrap(),
            )
        })
        .collect();
    (decks, stderr(&output))
}

/// The distinct x of a page's upright cut marks and y of its level ones.
fn cut_lines(marks: &[[f64; 4]]) -> (Vec<f64>, Vec<f64>) {
    let distinct = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 0.05);
        v
    };
    let xs = marks
        .iter()
        .filter(|m| (m[0] - m[2]).abs() < 1e-3)
        .map(|m| m[0]);
    let ys = marks
        .iter()
        .filter(|m| (m[1] - m[3]).abs() < 1e-3)
        .map(|m| m[1]);
    (distinct(xs.collect()), distinct(ys.collect()))
}

/// Checks a deck's printed pages: fronts with their backs, cut marks every
/// card's width and height apart and mirrored overleaf, every character
/// legible and inside a card.
fn assert_imposed(
    id: &str,
    pdf: &[u8],
    page_mm: (f64, f64),
    card_mm: (f64, f64),
    grid: (usize, usize),
) {
    use crate::counters::{cut_marks, holds};
    let document = pdf_extract::Document::load_mem(pdf).unwrap();
    let pages: Vec<_> = document.get_pages().into_values().collect();
    assert!(
        pages.len() >= 2 && pages.len() % 2 == 0,
        "{id}: fronts and backs"
    );
    let glyphs = page_glyphs(pdf);
    for (sheet, pair) in pages.chunks(2).enumerate() {
        let (front, back) = (cut_marks(&document, pair[0]), cut_marks(&document, pair[1]));
        let (xs, ys) = cut_lines(&front);
        assert!(
            xs.len() >= 2 && ys.len() >= 2,
            "{id} sheet {sheet}: {front:?}"
        );
        for w in xs.windows(2) {
            assert!(
                (w[1] - w[0] - card_mm.0).abs() < 0.1,
                "{id} sheet {sheet}: columns {xs:?}"
            );
        }
        for h in ys.windows(2) {
            assert!(
                (h[1] - h[0] - card_mm.1).abs() < 0.1,
                "{id} sheet {sheet}: rows {ys:?}"
            );
        }
        if sheet == 0 {
            assert_eq!(
                (xs.len() - 1, ys.len() - 1),
                grid,
                "{id}: cards on a full page"
            );
        }
        // Long-edge duplex turns the sheet left to right.
        for [x1, y1, x2, y2] in &front {
            let mirrored = [page_mm.0 - x1, *y1, page_mm.0 - x2, *y2];
            assert!(
                holds(&back, mirrored),
                "{id} sheet {sheet}: no back mark at {mirrored:?}"
            );
        }
        // Every character stands inside one card, and none is under 7 pt.
        for side in [2 * sheet, 2 * sheet + 1] {
            let (width, height, chars) = &glyphs[side];
            assert!(
                (width / 72.0 * 25.4 - page_mm.0).abs() < 0.5,
                "{id}: paper width"
            );
            assert!(
                (height / 72.0 * 25.4 - page_mm.1).abs() < 0.5,
                "{id}: paper height"
            );
            let (xs, ys) = if side % 2 == 0 {
                (xs.clone(), ys.clone())
            } else {
                cut_lines(&back)
            };
            let inside =
                |v: f64, lines: &[f64]| lines.windows(2).position(|w| v > w[0] && v < w[1]);
            for g in chars.iter().filter(|g| !g.text.trim().is_empty()) {
                assert!(
                    g.size >= 6.95,
                    "{id} p{}: {:?} at {:.2} pt",
                    side + 1,
                    g.text,
                    g.size
                );
            }
            for run in crate::common::runs(chars)
                .iter()
                .filter(|r| !r.text.trim().is_empty())
            {
                let mm = |v: f64| v / 72.0 * 25.4;
                let (x, y) = (mm(run.x), mm(run.y));
                let (ex, ey) = (mm(run.end.0), mm(run.end.1));
                let cell = |x: f64, y: f64| (inside(x, &xs), inside(y, &ys));
                let start = cell(x, y);
                assert!(
                    start.0.is_some() && start.1.is_some() && cell(ex, ey) == start,
                    "{id} p{}: {:?} from ({x:.1}, {y:.1}) to ({ex:.1}, {ey:.1}) mm is not inside one card",
                    side + 1,
                    run.text
                );
            }
        }
    }
}

#[test]
fn poker_cards_come_nine_to_an_a4_page_with_backs_mirrored_and_every_character_on_a_card() {
    let (decks, report) = decks("size = \"poker\"", "a4");
    for (id, pdf) in &decks {
        assert_imposed(id, pdf, (210.0, 297.0), (63.5, 88.9), (3, 3));
    }
    // Each card names its phase; the backs the ruleset and the deck.
    let polk = pdf_text(&decks[3].1);
    for words in [
        "Стрельба",
        "Кубики при стрельбе",
        "Ударная сила кавалерии",
        "памятки",
    ] {
        assert!(polk.contains(words), "polk cards lack {words:?}");
    }
    assert!(pdf_text(&decks[0].1).contains("Valeur et Discipline Cartas de referencia"));
    // A table that runs over more than two cards is named where it is
    // defined, unless its author allows it with a reason.
    assert!(
        report.contains(
            "warning[card-overflow]: table \"Efecto de la formación sobre el movimiento\" runs over"
        ) && report.contains("content/bataille/tables/"),
        "{report}"
    );
    assert!(
        !report.contains("Реакции на действия противника"),
        "allowed in its table: {report}"
    );
}

#[test]
fn tarot_cards_come_four_to_a_us_letter_page() {
    let (decks, _) = decks("size = \"tarot\"", "us-letter");
    for (id, pdf) in &decks {
        assert_imposed(id, pdf, (215.9, 279.4), (69.9, 120.7), (2, 2));
    }
}

#[test]
fn a_card_size_grognard_does_not_know_is_an_error_at_its_place() {
    let project = copy_fixture("good");
    let manifest = project.path().join("grognard.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, format!("{text}\n[cards]\nsize = \"bridge\"\n")).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("no card size `bridge`"), "{err}");
    assert!(err.contains("expected: poker or tarot"), "{err}");
    let line = text.lines().count() + 3;
    assert!(err.contains(&format!("grognard.toml:{line}:8")), "{err}");
}

#[test]
fn a_command_table_the_ruleset_lacks_is_an_error_at_its_place() {
    let project = crate::common::project_copy();
    let path = project.path().join("content/ved/ruleset.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text.replace(
        "command_table = \"command-points\"",
        "command_table = \"command-pints\"",
    );
    assert_ne!(text, broken);
    std::fs::write(&path, broken).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the profile's `command_table` names no table `command-pints`"),
        "{err}"
    );
    assert!(err.contains("content/ved/ruleset.toml:"), "{err}");
    assert!(err.contains("command-points"), "a suggestion: {err}");
}

#[test]
fn a_layout_safe_for_both_papers_prints_nine_poker_cards_on_the_part_a4_and_letter_share() {
    let (decks, _) = decks("size = \"poker\"", "a4-or-letter");
    for (id, pdf) in &decks {
        assert_imposed(id, pdf, (210.0, 279.4), (63.5, 88.9), (3, 3));
    }
    // The quick-reference sheet takes the same page.
    let project = crate::common::project_copy();
    let manifest = project.path().join("grognard.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("paper = \"a4\"", "paper = \"a4-or-letter\""),
    )
    .unwrap();
    let pdf = crate::common::output_file_of(
        project.path(),
        &["build", "polk", "--only", "qrs"],
        "polk/polk-qrs.pdf",
    );
    for (width, height, _) in page_glyphs(&pdf) {
        let (w, h) = (width / 72.0 * 25.4, height / 72.0 * 25.4);
        assert!(
            (w - 279.4).abs() < 0.2 && (h - 210.0).abs() < 0.2,
            "{w} × {h} mm"
        );
    }
}

#[test]
fn a_hex_booklet_keys_the_counters_symbols_and_a_miniatures_one_has_no_counters_to_key() {
    let sombra = pdf_text(&crate::common::output_file(
        &["build", "quatre-bras-1815", "--only", "booklets"],
        "quatre-bras-1815/quatre-bras-1815-sombra.pdf",
    ));
    let key = sombra
        .find("Clave de las fichas")
        .expect("a key in the sombra booklet");
    let after = &sombra[key..];
    for entry in [
        "Infantería ligera",
        "Artillería a caballo",
        "General",
        "Pesada",
    ] {
        assert!(
            after[..400.min(after.len())].contains(entry),
            "{entry}: {after}"
        );
    }
    let ved = pdf_text(&crate::common::output_file(
        &["build", "quatre-bras-1815", "--only", "booklets"],
        "quatre-bras-1815/quatre-bras-1815-ved.pdf",
    ));
    assert!(!ved.contains("Clave de las fichas"));
}
