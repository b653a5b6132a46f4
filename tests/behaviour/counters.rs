//! Counter sheets read back from the PDF: page size, the grid to 0.1 mm, the
//! mirrored backs, the texts, and a rendered page that is not blank.

use crate::common::{grognard, pdf_text, repo_root, stderr};

const PT_PER_MM: f64 = 72.0 / 25.4;

fn counters_pdf() -> Vec<u8> {
    crate::common::output_file(
        &["build", "quatre-bras-1815"],
        "quatre-bras-1815/quatre-bras-1815-sombra-counters.pdf",
    )
}

/// A path a page paints: "B" (filled and stroked) or "S" (stroked), its
/// stroke width in points and its points in millimetres from the page's top
/// left, read from the content stream with its transformations.
struct Painted {
    operator: String,
    width: f64,
    points: Vec<(f64, f64)>,
}

fn painted(document: &pdf_extract::Document, page: pdf_extract::ObjectId) -> Vec<Painted> {
    let (_, height) = crate::common::media_box(document, page);
    let content = document.get_and_decode_page_content(page).unwrap();
    let number = |o: &pdf_extract::Object| {
        o.as_float()
            .map(f64::from)
            .or_else(|_| o.as_i64().map(|i| i as f64))
            .unwrap_or(f64::NAN)
    };
    // The current transformation, its saved copies, the stroke width and path.
    let mut ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut saved = Vec::new();
    let mut width = 1.0;
    let mut path: Vec<(f64, f64)> = Vec::new();
    let mut found = Vec::new();
    let apply = |m: &[f64; 6], x: f64, y: f64| {
        let (px, py) = (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
        (px / PT_PER_MM, (height - py) / PT_PER_MM)
    };
    for op in &content.operations {
        let args: Vec<f64> = op.operands.iter().map(number).collect();
        match op.operator.as_str() {
            "q" => saved.push((ctm, width)),
            "Q" => (ctm, width) = saved.pop().unwrap_or((ctm, width)),
            "cm" if args.len() == 6 => {
                let m = ctm;
                ctm = [
                    args[0] * m[0] + args[1] * m[2],
                    args[0] * m[1] + args[1] * m[3],
                    args[2] * m[0] + args[3] * m[2],
                    args[2] * m[1] + args[3] * m[3],
                    args[4] * m[0] + args[5] * m[2] + m[4],
                    args[4] * m[1] + args[5] * m[3] + m[5],
                ];
            }
            "w" if args.len() == 1 => width = args[0],
            "m" if args.len() == 2 => path = vec![apply(&ctm, args[0], args[1])],
            "l" if args.len() == 2 => path.push(apply(&ctm, args[0], args[1])),
            "B" | "S" => found.push(Painted {
                operator: op.operator.clone(),
                width,
                points: std::mem::take(&mut path),
            }),
            _ => {}
        }
    }
    found
}

/// Top-left corners (mm from the page's top-left) of the filled squares of
/// side `size_mm` on a page: the counters, upright or turned.
fn squares(
    document: &pdf_extract::Document,
    page: pdf_extract::ObjectId,
    size_mm: f64,
) -> Vec<(f64, f64)> {
    painted(document, page)
        .into_iter()
        .filter(|p| p.operator == "B" && p.points.len() == 4)
        .filter_map(|p| {
            let xs = p.points.iter().map(|q| q.0);
            let ys = p.points.iter().map(|q| q.1);
            let (left, right) = (
                xs.clone().fold(f64::MAX, f64::min),
                xs.fold(f64::MIN, f64::max),
            );
            let (top, bottom) = (
                ys.clone().fold(f64::MAX, f64::min),
                ys.fold(f64::MIN, f64::max),
            );
            let square =
                (right - left - size_mm).abs() < 0.02 && (bottom - top - size_mm).abs() < 0.02;
            square.then_some((left, top))
        })
        .collect()
}

#[test]
fn counters_sit_on_a_16_mm_grid_with_backs_mirrored_for_duplex() {
    let pdf = counters_pdf();
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let pages: Vec<_> = document.get_pages().into_values().collect();
    assert_eq!(pages.len() % 2, 0, "fronts and backs come in pairs");
    for page in &pages {
        let (width, height) = crate::common::media_box(&document, *page);
        assert!(
            (width / PT_PER_MM - 210.0).abs() < 0.1 && (height / PT_PER_MM - 297.0).abs() < 0.1,
            "A4"
        );
    }
    // 11 columns × 17 rows of 16 mm fit inside 10 mm margins on A4. Quatre
    // Bras has 105 units, all taking part (the Guard light cavalry, which the
    // set-up places, present but not committed), and 38 leaders; sombra's
    // markers: 7 orders × 3, 6 squares, 6 skirmish, 4 limbered, 6 disorder,
    // 6 rout, 4 new commander, one FFD per three units taking part of each
    // army (France 45; Britain 19, Brunswick 12, Hanover 11, the Netherlands
    // 10, Nassau 6, the KGL 2) and the turn.
    let markers = 7 * 3 + 6 + 6 + 4 + 6 + 6 + 4 + (15 + 6 + 4 + 3 + 3 + 2) + 1;
    let total = 105 + 38 + markers;
    assert_eq!(pages.len(), 4, "two sheets, each fronts then backs");
    let mut placed = 0;
    for sheet in pages.chunks(2) {
        let fronts = squares(&document, sheet[0], 16.0);
        let backs = squares(&document, sheet[1], 16.0);
        assert_eq!(backs.len(), fronts.len());
        // The grid stands in the middle of the page: (210 − 11 × 16) / 2
        // across, and as many rows as the sheet fills, centred down it.
        let rows = fronts.len().div_ceil(11) as f64;
        let top = (297.0 - 16.0 * rows) / 2.0;
        for (i, (x, y)) in fronts.iter().enumerate() {
            let (column, row) = ((i % 11) as f64, (i / 11) as f64);
            assert!(
                (x - (17.0 + 16.0 * column)).abs() < 0.1,
                "counter {i} at x {x}"
            );
            assert!((y - (top + 16.0 * row)).abs() < 0.1, "counter {i} at y {y}");
            // The back of each counter is its mirror image across the page's width.
            let (bx, by) = backs[i];
            assert!((bx - (210.0 - x - 16.0)).abs() < 0.1, "back {i} at x {bx}");
            assert!((by - y).abs() < 0.1, "back {i} at y {by}");
        }
        placed += fronts.len();
    }
    assert_eq!(
        squares(&document, pages[0], 16.0).len(),
        11 * 17,
        "a full first sheet"
    );
    assert_eq!(placed, total);
}

#[test]
fn counters_carry_the_units_names_parents_and_reduced_backs() {
    let text = pdf_text(&counters_pdf());
    assert!(text.contains("2e Léger 1"), "the battalion's ordinal kept");
    // The parent in the game's language (Spanish), abbreviated.
    assert!(
        text.contains("5.ª Div., 1.ª Bda."),
        "the parent, abbreviated"
    );
    assert!(
        text.contains("5e Lanciers"),
        "a count of squadrons is not an ordinal"
    );
    assert!(
        !text.contains("5e Lanciers 3"),
        "a count of squadrons is not an ordinal"
    );
    assert!(text.contains("Lefebvre-D."), "a leader's short name");
    assert!(text.contains("Adscripción"), "an order marker's short name");
    assert!(text.contains("Desorg."), "the disordered backs");
    assert!(
        text.contains("FFD 15") && !text.contains("FFD 16"),
        "FFD per army: France's 45 units give 15, the largest"
    );
    assert!(text.contains("Ney"), "the leaders");
    assert!(
        text.contains("Cuadro") && text.contains("FFD"),
        "the markers"
    );
    // Unit-size marks: battalions "II", cavalry regiments "III", batteries "I".
    let marks = |mark: &str| text.matches(&format!(" {mark} ")).count();
    assert!(marks("II") > 50, "battalions: {}", marks("II"));
    assert!(
        marks("III") > 5 && marks("I") > 5,
        "regiments and batteries"
    );
}

/// Drawn by an outside rasteriser, poppler's `pdftoppm`, the first page of
/// counters is mostly ink, not a blank sheet with text.
#[test]
fn a_rendered_counter_page_is_not_blank() {
    let folder = tempfile::tempdir().unwrap();
    let pdf = folder.path().join("counters.pdf");
    std::fs::write(&pdf, counters_pdf()).unwrap();
    // The first page in grey at 36 dpi, as a PGM image on stdout.
    let args = ["-gray", "-r", "36", "-f", "1", "-l", "1"];
    let Some(output) = crate::common::poppler("pdftoppm", &args, &pdf, &[]) else {
        return;
    };
    assert!(output.status.success(), "pdftoppm failed");
    // "P5\n<width> <height>\n255\n" and one byte a pixel.
    let image = output.stdout;
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        let end = at
            + image[at..]
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap();
        fields.push(String::from_utf8_lossy(&image[at..end]).into_owned());
        at = end + 1;
    }
    assert_eq!(fields[0], "P5");
    let (width, height): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = &image[at..];
    assert_eq!(pixels.len(), width * height);
    let inked = pixels.iter().filter(|&&grey| grey < 200).count();
    assert!(
        inked > pixels.len() / 3,
        "only {inked} of {} pixels are inked",
        pixels.len()
    );
}

/// The labels of Quatre Bras converted from sombra to a miniatures ruleset.
fn quatre_bras_labels(to: &str) -> Vec<u8> {
    crate::common::output_file(
        &[
            "convert",
            "quatre-bras-1815",
            "--from",
            "sombra",
            "--to",
            to,
        ],
        &format!("quatre-bras-1815/quatre-bras-1815-{to}-labels.pdf"),
    )
}

#[test]
fn miniatures_get_labels_sized_to_the_frontage_rosters_and_order_markers() {
    let pdf = quatre_bras_labels("ved");
    // A card's title is a block of its own: read on with a space.
    let text = pdf_text(&pdf).replace("BrigadaGeneral", "Brigada General");
    assert!(
        text.contains("2e Léger (1st bn)") && text.contains("10 figuras"),
        "a unit label"
    );
    assert!(
        text.contains("5.ª División, 1.ª Brigada General: Husson"),
        "a roster card with its leader: {text}"
    );
    // Its command data: the orders to tick and the command roll (§10).
    assert!(
        text.contains("Órdenes de división: Avance Ataque Maniobra Defensa Reserva Retirada"),
        "{text}"
    );
    assert!(text.contains("Puntos de mando (§ 10): 1d6"), "{text}");
    // Columns no unit fills (grade, as Quatre Bras gives none) are left out.
    assert!(
        text.contains("Unidad figuras bases hombres / cañones bajas"),
        "{text}"
    );
    assert!(
        text.contains("Marcadores de órdenes") && text.contains("Avance"),
        "VED's order markers"
    );
    // A 10-figure battalion's label is 10 cm wide (1 cm of frontage a figure).
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let first = *document.get_pages().values().next().unwrap();
    let content = document.get_and_decode_page_content(first).unwrap();
    let widths: Vec<f64> = content
        .operations
        .iter()
        .filter(|op| op.operator == "l" && op.operands.len() == 2)
        .filter_map(|op| op.operands[0].as_float().ok().map(f64::from))
        .map(|pt| pt / PT_PER_MM)
        .collect();
    assert!(
        widths.iter().any(|w| (w - 100.0).abs() < 0.1),
        "no 100 mm label among {widths:?}"
    );
}

#[test]
fn counter_size_bleed_and_paper_come_from_the_manifest() {
    let project = tempfile::tempdir().unwrap();
    for part in ["content", "scenarios", "templates"] {
        crate::common::copy_dir(&repo_root().join(part), &project.path().join(part));
    }
    std::fs::write(
        project.path().join("grognard.toml"),
        "title = \"Letter\"\npaper = \"us-letter\"\n\n[counters]\nsize_mm = 19.05\nbleed_mm = 1\nmargin_mm = 12\n",
    )
    .unwrap();
    let output = grognard(project.path(), &["build", "quatre-bras-1815"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(
        project
            .path()
            .join("out/quatre-bras-1815/quatre-bras-1815-sombra-counters.pdf"),
    )
    .unwrap();
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let pages: Vec<_> = document.get_pages().into_values().collect();
    let fronts = squares(&document, pages[0], 19.05);
    // Letter is 215.9 × 279.4 mm: (215.9 − 24) / (19.05 + 2) = 9 columns and
    // (279.4 − 24) / 21.05 = 12 rows, pitch 21.05 mm, centred: the first
    // face at (215.9 − 9 × 21.05) / 2 + 1 across, (279.4 − 12 × 21.05) / 2 + 1 down.
    let (left, top) = (
        (215.9 - 9.0 * 21.05) / 2.0 + 1.0,
        (279.4 - 12.0 * 21.05) / 2.0 + 1.0,
    );
    assert!(
        (fronts[0].0 - left).abs() < 0.1 && (fronts[0].1 - top).abs() < 0.1,
        "{:?}",
        fronts[0]
    );
    assert!(
        (fronts[1].0 - (left + 21.05)).abs() < 0.1,
        "{:?}",
        fronts[1]
    );
    assert!((fronts[9].1 - (top + 21.05)).abs() < 0.1, "{:?}", fronts[9]);

    std::fs::write(
        project.path().join("grognard.toml"),
        "title = \"Bad\"\n\n[counters]\nsize_mm = 17\n",
    )
    .unwrap();
    let output = grognard(project.path(), &["check"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("error[invalid-field]: no counter size of 17 mm"));
}

/// Builds the small fixture with `blue-1` renamed, at a counter size.
fn build_with_name(
    name: &str,
    extra: &str,
    size_mm: f64,
) -> (std::process::Output, tempfile::TempDir) {
    let project = crate::common::copy_fixture("scenario");
    let path = project.path().join("scenarios/skirmish-1809/scenario.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let renamed = text.replace(
        "name = \"1st Blue Line\"\n",
        &format!("name = \"{name}\"\n{extra}"),
    );
    assert_ne!(text, renamed, "the fixture names blue-1 `1st Blue Line`");
    std::fs::write(&path, renamed).unwrap();
    let manifest = project.path().join("grognard.toml");
    let mut manifest_text = std::fs::read_to_string(&manifest).unwrap();
    manifest_text.push_str(&format!("\n[counters]\nsize_mm = {size_mm}\n"));
    std::fs::write(&manifest, manifest_text).unwrap();
    (grognard(project.path(), &["build"]), project)
}

#[test]
fn a_name_too_long_for_the_counter_is_a_warning_pointing_at_the_unit() {
    let long = "Regimiento de Infantería de Línea Voluntarios de Castilla";
    let (output, project) = build_with_name(long, "", 16.0);
    let err = stderr(&output);
    assert_eq!(
        output.status.code(),
        Some(0),
        "a warning, not an error: {err}"
    );
    assert!(
        err.contains(
            "warning[counter-overflow]: the text of counter `blue-1` does not fit a 16 mm counter"
        ),
        "{err}"
    );
    assert!(
        err.contains("scenario.toml:48:6"),
        "points at the unit's id: {err}"
    );
    assert!(err.contains("at most 15.0 mm of text"), "{err}");
    assert!(err.contains("mm wide at 5.5 pt"), "{err}");
    // The sheet is still written, the name at the size of every other.
    let sheet = project
        .path()
        .join("out/skirmish-1809/skirmish-1809-hexrules-counters.pdf");
    assert!(sheet.exists(), "the counter sheet is written anyway");

    // A short name fixes it.
    let (output, _project) = build_with_name(long, "short = \"Vol. Castilla\"\n", 16.0);
    let err = stderr(&output);
    assert!(!err.contains("counter-overflow"), "{err}");
    let text = pdf_text(
        &std::fs::read(
            _project
                .path()
                .join("out/skirmish-1809/skirmish-1809-hexrules-counters.pdf"),
        )
        .unwrap(),
    );
    assert!(text.contains("Vol. Castilla"), "{text}");
}

#[test]
fn a_larger_counter_makes_room_for_a_longer_name() {
    let name = "Voluntarios de Castilla";
    let (small, _a) = build_with_name(name, "", 12.7);
    let (large, _b) = build_with_name(name, "", 19.05);
    assert!(
        stderr(&small).contains("counter `blue-1` does not fit a 12.7 mm counter"),
        "{}",
        stderr(&small)
    );
    assert!(
        !stderr(&large).contains("counter-overflow"),
        "{}",
        stderr(&large)
    );
}

#[test]
fn the_ruleset_says_what_counters_print_and_which_markers_it_needs() {
    let pdf = crate::common::output_file_of(
        &crate::common::fixture("scenario"),
        &["build", "skirmish-1809", "--only", "counters"],
        "skirmish-1809/skirmish-1809-hexrules-counters.pdf",
    );
    let pages = pdf_extract::extract_text_from_mem_by_pages(&pdf).unwrap();
    assert_eq!(pages.len(), 2, "one sheet: fronts, then backs");
    let (fronts, backs) = (&pages[0], &pages[1]);
    // Values from the layer; an empty box for each it does not give.
    assert!(
        fronts.contains("4-B"),
        "blue-1's combat and morale: {fronts}"
    );
    assert!(
        !fronts.contains('–'),
        "no dash stands for a value: {fronts}"
    );
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let front_page = *document.get_pages().values().next().unwrap();
    let boxes = painted(&document, front_page)
        .into_iter()
        .filter(|p| p.operator == "S" && (p.width - 0.5).abs() < 0.01 && p.points.len() == 4)
        .count();
    assert!(boxes >= 2, "units without values get boxes to fill in");
    assert!(fronts.contains("Azul") && fronts.contains('3'), "{fronts}");
    // Backs: the disordered side; the leader's reduced side has no name.
    assert!(backs.contains("Disordered"), "{backs}");
    assert!(
        !backs.contains("Azul") && !backs.contains("Rojo"),
        "{backs}"
    );
    // Markers: each order twice, every back alike (hidden information);
    // one numbered marker per two units of each side.
    assert_eq!(fronts.matches("Attack").count(), 2, "{fronts}");
    assert!(
        !backs.contains("Attack"),
        "an order shows through its back: {backs}"
    );
    assert_eq!(fronts.matches("Hidden 1").count(), 2, "{fronts}");
    assert!(!fronts.contains("Hidden 2"), "{fronts}");
}

#[test]
fn values_for_a_unit_that_does_not_exist_are_an_error_with_a_suggestion() {
    let project = crate::common::copy_fixture("scenario");
    let layer = project.path().join("scenarios/skirmish-1809/hexrules.toml");
    let text = std::fs::read_to_string(&layer).unwrap();
    std::fs::write(&layer, text.replace("\"blue-1\" = {", "\"blue-l\" = {")).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[unknown-reference]: `blue-l` is no unit or leader"),
        "{err}"
    );
    assert!(err.contains("did you mean `blue-1`?"), "{err}");
}

#[test]
fn labels_speak_the_rulesets_language() {
    let pdf = quatre_bras_labels("polk");
    let text = pdf_text(&pdf);
    for word in ["Часть", "потери", "фигуры", "Командир"] {
        assert!(text.contains(word), "`{word}` missing from the polk labels");
    }
    assert!(
        !text.contains("figures") && !text.contains("Marcadores"),
        "{text}"
    );
}

#[test]
fn sombra_marks_the_class_of_cavalry_with_circles_on_the_edge() {
    let session = grognard::load(&repo_root());
    let project = &session.project;
    let scenario = project.scenario("quatre-bras-1815").unwrap();
    let layer = scenario
        .layers
        .iter()
        .find(|l| l.ruleset == "sombra")
        .unwrap();
    let counters = grognard::render::views::counter_faces::counters(project, scenario, layer);
    let circles = |id: &str| {
        let (front, back) = counters.iter().find(|(f, _)| f.id == id).unwrap();
        assert_eq!(front.circles, back.circles, "both sides of `{id}`");
        front.circles
    };
    assert_eq!(circles("fr-8cuir"), 3, "cuirassiers are heavy");
    assert_eq!(circles("fr-6chass"), 1, "chasseurs are light");
    assert_eq!(circles("fr-2leger-1"), 0, "infantry has no class mark");
    // The source gives no class for batteries: no circles rather than a guess.
    assert_eq!(circles("al-kuhlmann"), 0);
}

/// The cut marks of a page (lines of 0.2 pt), each as (x1, y1, x2, y2) in
/// millimetres from the page's top left.
pub(crate) fn cut_marks(
    document: &pdf_extract::Document,
    page: pdf_extract::ObjectId,
) -> Vec<[f64; 4]> {
    painted(document, page)
        .into_iter()
        .filter(|p| p.operator == "S" && (p.width - 0.2).abs() < 0.01 && p.points.len() == 2)
        .map(|p| [p.points[0].0, p.points[0].1, p.points[1].0, p.points[1].1])
        .collect()
}

/// Whether `marks` holds `mark` to 0.1 mm, drawn either way.
pub(crate) fn holds(marks: &[[f64; 4]], [x1, y1, x2, y2]: [f64; 4]) -> bool {
    let near = |a: f64, b: f64| (a - b).abs() < 0.1;
    marks.iter().any(|m| {
        (near(m[0], x1) && near(m[1], y1) && near(m[2], x2) && near(m[3], y2))
            || (near(m[0], x2) && near(m[1], y2) && near(m[2], x1) && near(m[3], y1))
    })
}

/// The faces' extent on a page: left, top, right, bottom, in millimetres.
fn extent(faces: &[(f64, f64)], size: f64) -> [f64; 4] {
    let xs = faces.iter().map(|f| f.0);
    let ys = faces.iter().map(|f| f.1);
    [
        xs.clone().fold(f64::MAX, f64::min),
        ys.clone().fold(f64::MAX, f64::min),
        xs.fold(f64::MIN, f64::max) + size,
        ys.fold(f64::MIN, f64::max) + size,
    ]
}

#[test]
fn every_back_page_cut_mark_mirrors_its_front_on_all_four_edges() {
    let pdf = counters_pdf();
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let pages: Vec<_> = document.get_pages().into_values().collect();
    for (sheet, pair) in pages.chunks(2).enumerate() {
        let (front, back) = (cut_marks(&document, pair[0]), cut_marks(&document, pair[1]));
        assert!(
            !front.is_empty() && front.len() == back.len(),
            "sheet {sheet}"
        );
        // Marks stand off every edge of the counters, at every cut line.
        let [left, top, right, bottom] = extent(&squares(&document, pair[0], 16.0), 16.0);
        let off = |test: &dyn Fn(&[f64; 4]) -> bool| front.iter().filter(|m| test(m)).count();
        let columns = ((right - left) / 16.0).round() as usize;
        let rows = ((bottom - top) / 16.0).round() as usize;
        let (top, bottom, left, right) = (top - 0.2, bottom + 0.2, left - 0.2, right + 0.2);
        assert_eq!(
            off(&|m| m[1] < top && m[3] < top),
            columns + 1,
            "sheet {sheet}: above"
        );
        assert_eq!(off(&|m| m[1] > bottom), columns + 1, "sheet {sheet}: below");
        assert_eq!(
            off(&|m| m[0] < left && m[2] < left),
            rows + 1,
            "sheet {sheet}: left"
        );
        assert_eq!(off(&|m| m[0] > right), rows + 1, "sheet {sheet}: right");
        for x in (0..=columns).map(|k| left + 0.2 + 16.0 * k as f64) {
            assert!(
                front.iter().any(|m| (m[0] - x).abs() < 0.1 && m[1] < top),
                "a cut at x {x}"
            );
        }
        // Long-edge duplex turns the sheet left to right.
        for [x1, y1, x2, y2] in &front {
            let mirrored = [210.0 - x1, *y1, 210.0 - x2, *y2];
            assert!(
                holds(&back, mirrored),
                "sheet {sheet}: no back mark at {mirrored:?}"
            );
        }
    }
}

#[test]
fn a_gutter_fold_sheet_sets_backs_below_the_fold_moved_by_the_printers_offset() {
    let project = tempfile::tempdir().unwrap();
    for part in ["content", "scenarios", "templates"] {
        crate::common::copy_dir(&repo_root().join(part), &project.path().join(part));
    }
    let manifest =
        "title = \"Fold\"\n\n[print]\nduplex = \"gutter-fold\"\nback_offset_mm = [1.5, -0.5]\n";
    std::fs::write(project.path().join("grognard.toml"), manifest).unwrap();
    let output = grognard(
        project.path(),
        &["build", "quatre-bras-1815", "--only", "counters"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(
        project
            .path()
            .join("out/quatre-bras-1815/quatre-bras-1815-sombra-counters.pdf"),
    )
    .unwrap();
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let pages: Vec<_> = document.get_pages().into_values().collect();
    // Half a page a side: 11 columns × 8 rows of fronts over their backs.
    let markers = 7 * 3 + 6 + 6 + 4 + 6 + 6 + 4 + (14 + 6 + 4 + 3 + 3 + 2) + 1;
    assert_eq!(pages.len(), (103_usize + 38 + markers).div_ceil(88));
    for (p, page) in pages.iter().enumerate() {
        let faces = squares(&document, *page, 16.0);
        let upper: Vec<&(f64, f64)> = faces.iter().filter(|f| f.1 < 148.5).collect();
        let lower: Vec<&(f64, f64)> = faces.iter().filter(|f| f.1 >= 148.5).collect();
        assert_eq!(upper.len(), lower.len(), "page {p}: a back for every front");
        // Each back is its front turned about the fold, then moved.
        for (x, y) in &upper {
            let back = (x + 1.5, 297.0 - y - 16.0 - 0.5);
            assert!(
                lower
                    .iter()
                    .any(|b| (b.0 - back.0).abs() < 0.1 && (b.1 - back.1).abs() < 0.1),
                "page {p}: no back at {back:?}"
            );
        }
        let marks = cut_marks(&document, *page);
        let (above, below): (Vec<[f64; 4]>, Vec<[f64; 4]>) =
            marks.iter().partition(|m| m[1] < 148.5);
        assert_eq!(above.len(), below.len());
        for [x1, y1, x2, y2] in &above {
            let turned = [x1 + 1.5, 297.0 - y1 - 0.5, x2 + 1.5, 297.0 - y2 - 0.5];
            assert!(holds(&marks, turned), "page {p}: no mark at {turned:?}");
        }
    }

    std::fs::write(
        project.path().join("grognard.toml"),
        "title = \"Bad\"\n\n[print]\nduplex = \"sideways\"\nback_offset_mm = [9, 0]\n",
    )
    .unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[invalid-field]: no duplex mode `sideways`"),
        "{err}"
    );
    assert!(err.contains("long-edge, short-edge, gutter-fold"), "{err}");
    assert!(
        err.contains("error[invalid-field]: `back_offset_mm` is no offset a printer makes"),
        "{err}"
    );
    assert!(err.contains("grognard.toml:5:18"), "{err}");
}

#[test]
fn the_calibration_sheet_moves_each_tick_of_the_back_half_a_millimetre_further() {
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("calibration.pdf");
    let output = grognard(
        &repo_root(),
        &["calibrate", "--out", path.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(&path).unwrap();
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let pages: Vec<_> = document.get_pages().into_values().collect();
    assert_eq!(pages.len(), 2, "a front and its back");
    let lines = |page, width: f64| -> Vec<[f64; 4]> {
        painted(&document, page)
            .into_iter()
            .filter(|p| p.operator == "S" && (p.width - width).abs() < 0.01 && p.points.len() == 2)
            .map(|p| [p.points[0].0, p.points[0].1, p.points[1].0, p.points[1].1])
            .collect()
    };
    // The front: a line down the middle of the page, and one across it.
    let front = lines(pages[0], 0.4);
    let down = front
        .iter()
        .find(|l| (l[0] - l[2]).abs() < 0.01)
        .expect("a line down");
    let across = front
        .iter()
        .find(|l| (l[1] - l[3]).abs() < 0.01)
        .expect("a line across");
    assert!((down[0] - 105.0).abs() < 0.1, "{down:?}");
    // The back, turned left to right: a tick per half millimetre from −5 to +5.
    let back = lines(pages[1], 0.3);
    let mut xs: Vec<f64> = back
        .iter()
        .filter(|l| (l[0] - l[2]).abs() < 0.01)
        .map(|l| l[0])
        .collect();
    let mut ys: Vec<f64> = back
        .iter()
        .filter(|l| (l[1] - l[3]).abs() < 0.01)
        .map(|l| l[1])
        .collect();
    xs.sort_by(f64::total_cmp);
    ys.sort_by(f64::total_cmp);
    assert_eq!((xs.len(), ys.len()), (21, 21));
    for (k, (x, y)) in xs.iter().zip(&ys).enumerate() {
        let shift = (k as f64 - 10.0) * 0.5;
        assert!(
            (x - (210.0 - down[0] + shift)).abs() < 0.05,
            "tick {k} at x {x}"
        );
        assert!((y - (across[1] + shift)).abs() < 0.05, "tick {k} at y {y}");
    }
    let text = pdf_text(&pdf);
    assert!(
        text.contains("Calibración de la impresión a doble cara"),
        "{text}"
    );
    assert!(text.contains("+2,5") && text.contains("−4,5"), "{text}");

    let output = grognard(
        &repo_root(),
        &["calibrate", "--lang", "ru", "--out", path.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(pdf_text(&std::fs::read(&path).unwrap()).contains("Калибровка двусторонней печати"));
    let output = grognard(
        &repo_root(),
        &["calibrate", "--lang", "xx", "--out", path.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no language `xx`"));
}

#[test]
fn counter_text_is_legible_at_arms_length_and_the_values_dominate() {
    let pdf = crate::common::output_file_of(
        &crate::common::fixture("scenario"),
        &["build", "skirmish-1809", "--only", "counters"],
        "skirmish-1809/skirmish-1809-hexrules-counters.pdf",
    );
    for (p, (_, _, glyphs)) in crate::common::page_glyphs(&pdf).iter().enumerate() {
        for g in glyphs.iter().filter(|g| !g.text.trim().is_empty()) {
            assert!(
                g.size >= 5.45,
                "page {}: {:?} at {:.2} pt",
                p + 1,
                g.text,
                g.size
            );
        }
    }
    // blue-1's values, "4-B", the largest text of its counter: 9 pt or more.
    let (_, _, glyphs) = &crate::common::page_glyphs(&pdf)[0];
    let four = glyphs.iter().find(|g| g.text == "4" && g.size >= 8.95);
    assert!(four.is_some(), "no value at 9 pt");
    let largest = glyphs.iter().map(|g| g.size).fold(0.0, f64::max);
    assert!(
        four.unwrap().size >= largest - 0.01,
        "the values are the largest text"
    );
}

#[test]
fn unknown_factor_markers_come_per_army_in_its_colour() {
    let session = grognard::load(&repo_root());
    let project = &session.project;
    let scenario = project.scenario("quatre-bras-1815").unwrap();
    let layer = scenario
        .layers
        .iter()
        .find(|l| l.ruleset == "sombra")
        .unwrap();
    let faces = grognard::render::views::counter_faces::counters(project, scenario, layer);
    let ffd = |army: &str| -> Vec<&grognard::render::views::counter_faces::Face> {
        faces
            .iter()
            .map(|(front, _)| front)
            .filter(|f| f.title.starts_with("FFD ") && f.subtitle == army)
            .collect()
    };
    // Sombra 19: "blue the French, red the English, orange the Dutch".
    let british = ffd("Reino Unido");
    assert_eq!(british.len(), 19 / 3);
    assert!(
        british.iter().all(|f| f.colour == "#b22222"),
        "British FFD in red"
    );
    let dutch = ffd("Países Bajos");
    assert_eq!(dutch.len(), 10 / 3);
    assert!(
        dutch.iter().all(|f| f.colour == "#e07b00"),
        "Dutch FFD in orange"
    );
    assert!(ffd("Francia").iter().all(|f| f.colour == "#2b4c9b"));
    // Numbered within each army.
    assert_eq!(british.last().unwrap().title, "FFD 6");
}

/// Whether two runs of text set on different lines overlap: one's ink over
/// the other's, taking a line as tall as 0.7 of its size over its baseline.
fn overprints(a: &crate::common::Run, b: &crate::common::Run) -> bool {
    let apart_lines = (a.y - b.y).abs() > 0.5;
    let across = a.x < b.end.0 - 0.1 && b.x < a.end.0 - 0.1;
    let down = a.y - 0.7 * a.size < b.y - 0.1 && b.y - 0.7 * b.size < a.y - 0.1;
    apart_lines && across && down
}

#[test]
fn labels_are_ganged_in_rows_and_no_text_overprints_or_crosses_a_cut() {
    let pdf = crate::common::output_file(
        &["build", "albuera-1811", "--only", "labels"],
        "albuera-1811/albuera-1811-polk-labels.pdf",
    );
    let pages = crate::common::page_glyphs(&pdf);
    let (_, _, first) = &pages[0];
    // Labels stand in rows 12 mm deep under the title, from 22 mm down.
    let row_of = |y_pt: f64| ((y_pt / PT_PER_MM - 22.0) / 12.0).floor();
    let mut starts: std::collections::BTreeMap<i64, Vec<f64>> = Default::default();
    for g in first
        .iter()
        .filter(|g| g.y / PT_PER_MM > 22.0 && !g.text.trim().is_empty())
    {
        // No character stands across the cut between two rows.
        let (top, baseline) = ((g.y - 0.7 * g.size) / PT_PER_MM, g.y / PT_PER_MM);
        assert_eq!(
            row_of(top * PT_PER_MM),
            row_of(baseline * PT_PER_MM),
            "{:?} at {top:.1}–{baseline:.1} mm crosses a cut",
            g.text
        );
        starts
            .entry(row_of(g.y) as i64)
            .or_default()
            .push(g.x / PT_PER_MM);
    }
    // Several labels a row: their text begins at several places across it.
    let ganged = starts
        .values()
        .filter(|xs| {
            let mut xs: Vec<f64> = xs.to_vec();
            xs.sort_by(f64::total_cmp);
            xs.windows(2).filter(|w| w[1] - w[0] > 25.0).count() >= 2
        })
        .count();
    assert!(
        ganged * 2 > starts.len(),
        "{ganged} of {} rows hold three labels or more",
        starts.len()
    );
    for (p, (_, _, glyphs)) in pages.iter().enumerate() {
        let runs = crate::common::runs(glyphs);
        let runs: Vec<_> = runs.iter().filter(|r| !r.text.trim().is_empty()).collect();
        for (i, a) in runs.iter().enumerate() {
            for b in &runs[i + 1..] {
                assert!(
                    !overprints(a, b),
                    "p{}: {:?} over {:?}",
                    p + 1,
                    a.text,
                    b.text
                );
            }
        }
    }
}

#[test]
fn a_name_too_long_for_its_label_is_a_warning_pointing_at_the_unit() {
    let project = crate::common::project_copy();
    let path = project
        .path()
        .join("scenarios/quatre-bras-1815/scenario.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    // Far past two lines of the widest label, and with no part to shorten it to.
    let long = "Régiment d'infanterie légère de la Division Bachelu ".repeat(5);
    std::fs::write(
        &path,
        text.replacen(
            "name = \"2e Léger (1st bn)\"",
            &format!("name = \"{}\"", long.trim()),
            1,
        ),
    )
    .unwrap();
    let out = project.path().join("out");
    let output = grognard(
        project.path(),
        &[
            "convert",
            "quatre-bras-1815",
            "--from",
            "sombra",
            "--to",
            "ved",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning[label-overflow]: the name of `fr-2leger-1` does not fit its"),
        "{err}"
    );
    assert!(
        err.contains("scenarios/quatre-bras-1815/scenario.toml:"),
        "{err}"
    );
}

#[test]
fn a_rulesets_nation_colour_wins_over_the_neutral_one_and_an_unknown_nation_is_an_error() {
    let project = crate::common::project_copy();
    let path = project.path().join("content/sombra/ruleset.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let given = "colours = { france = \"#2b4c9b\", united-kingdom = \"#b22222\", netherlands = \"#e07b00\" }";
    assert!(text.contains(given));
    // Dutch markers a pale orange: with black ink, which reads on it.
    std::fs::write(
        &path,
        text.replace(given, "colours = { netherlands = \"#ffc080\" }"),
    )
    .unwrap();
    let session = grognard::load(project.path());
    assert!(!session.diagnostics.has_errors());
    let scenario = session.project.scenario("quatre-bras-1815").unwrap();
    let layer = scenario
        .layers
        .iter()
        .find(|l| l.ruleset == "sombra")
        .unwrap();
    let faces = grognard::render::views::counter_faces::counters(&session.project, scenario, layer);
    let dutch: Vec<_> = faces
        .iter()
        .map(|(front, _)| front)
        .filter(|f| f.title.starts_with("FFD ") && f.subtitle == "Países Bajos")
        .collect();
    assert!(!dutch.is_empty());
    assert!(
        dutch
            .iter()
            .all(|f| f.colour == "#ffc080" && f.ink == "#000000")
    );
    // The British keep the neutral red, with white ink.
    assert!(
        faces.iter().any(|(f, _)| f.subtitle == "Reino Unido"
            && f.colour == "#b22222"
            && f.ink == "#ffffff")
    );

    std::fs::write(
        &path,
        text.replace(
            given,
            "colours = { netherland = \"#ffc080\", france = \"blue\" }",
        ),
    )
    .unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("`netherland` is not a nation of scenarios/neutral.toml"),
        "{err}"
    );
    assert!(err.contains("did you mean `netherlands`?"), "{err}");
    assert!(err.contains("`blue` is not a colour"), "{err}");
    assert!(err.contains("content/sombra/ruleset.toml:"), "{err}");
}

#[test]
fn no_character_of_a_counter_lies_outside_it() {
    let pdf = counters_pdf();
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let pages: Vec<_> = document.get_pages().into_values().collect();
    let glyphs = crate::common::page_glyphs(&pdf);
    for (p, page) in pages.iter().enumerate() {
        let squares = squares(&document, *page, 16.0);
        assert!(!squares.is_empty(), "page {}", p + 1);
        let [_, top, _, bottom] = extent(&squares, 16.0);
        for g in crate::common::runs(&glyphs[p].2)
            .iter()
            .filter(|g| !g.text.trim().is_empty())
        {
            let (x, end, y) = (g.x / PT_PER_MM, g.end.0 / PT_PER_MM, g.y / PT_PER_MM);
            let rise = 0.7 * g.size / PT_PER_MM;
            let within = |(left, upper): &(f64, f64)| {
                x >= left - 0.05 && x < left + 16.0 && y > *upper && y <= upper + 16.0 + 0.05
            };
            // Descenders too stay inside the safe zone, 0.5 mm from the cut
            // ("Desorg." once touched it).
            let descent = 0.21 * g.size / PT_PER_MM;
            match squares.iter().find(|s| within(s)) {
                Some((left, upper)) => {
                    assert!(
                        end <= left + 16.05 && y - rise >= upper - 0.05,
                        "page {}: {:?} runs out of the counter at ({left:.1}, {upper:.1}) to {end:.1} mm",
                        p + 1,
                        g.text
                    );
                    assert!(
                        y + descent <= upper + 16.0 - 0.5 + 0.05,
                        "page {}: {:?} comes within {:.2} mm of the cut",
                        p + 1,
                        g.text,
                        upper + 16.0 - y - descent
                    );
                }
                // Outside every counter only the sheet's title and key.
                None => assert!(
                    y < top || y - rise > bottom,
                    "page {}: {:?} at ({x:.1}, {y:.1}) mm is between the counters",
                    p + 1,
                    g.text
                ),
            }
        }
    }
}
