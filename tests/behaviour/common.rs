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

/// A line of text on a page: its baseline's distance from the page top and
/// its height (font size), in points, and its text.
#[derive(Debug, Clone)]
pub struct Line {
    pub y: f64,
    pub size: f64,
    pub text: String,
}

/// Each page's height and lines of text, top to bottom, as a reader sees them.
pub fn page_lines(bytes: &[u8]) -> Vec<(f64, Vec<Line>)> {
    let document = pdf_extract::Document::load_mem(bytes).expect("a PDF");
    let mut lines = PageLines::default();
    pdf_extract::output_doc(&document, &mut lines).expect("its text can be read");
    lines.pages
}

/// A character as set on a page: where it starts (x, and y from the top),
/// where it ends, its size, its text.
pub struct Glyph {
    pub x: f64,
    pub y: f64,
    pub end: f64,
    pub size: f64,
    pub text: String,
    /// The direction the text runs, a unit vector (x right, y down).
    pub direction: (f64, f64),
}

/// A run of text set in one go: where it starts, its baseline's direction,
/// its size and text, and where it ends.
pub struct Run {
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub text: String,
    pub end: (f64, f64),
}

/// A page's characters gathered into the runs Typst set them in. The PDF
/// reader finds no advance widths in the embedded sans (every character of
/// a run is read at the run's start), so a run's length is measured with the
/// face's own metrics, in bold: never taken shorter than it is.
pub fn runs(glyphs: &[Glyph]) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut direction = (1.0, 0.0);
    for g in glyphs {
        match runs.last_mut() {
            Some(run)
                if (run.x - g.x).abs() < 1e-6
                    && (run.y - g.y).abs() < 1e-6
                    && (run.size - g.size).abs() < 1e-6 =>
            {
                run.text.push_str(&g.text);
            }
            _ => {
                direction = g.direction;
                runs.push(Run {
                    x: g.x,
                    y: g.y,
                    size: g.size,
                    text: g.text.clone(),
                    end: (g.x, g.y),
                });
            }
        }
        let run = runs.last_mut().expect("just pushed");
        let face = grognard::render::typeset::measure::Face::Sans;
        let ems = grognard::render::typeset::measure::width_em(face, run.text.trim_end(), true)
            .unwrap_or(0.6 * run.text.chars().count() as f64);
        let length = ems * run.size;
        run.end = (run.x + length * direction.0, run.y + length * direction.1);
    }
    runs
}

/// Each page's width, height and characters, in points from the top left.
pub fn page_glyphs(bytes: &[u8]) -> Vec<(f64, f64, Vec<Glyph>)> {
    let document = pdf_extract::Document::load_mem(bytes).expect("a PDF");
    let sizes: Vec<(f64, f64)> = document
        .get_pages()
        .values()
        .map(|page| media_box(&document, *page))
        .collect();
    let mut lines = PageLines {
        keep_glyphs: true,
        ..PageLines::default()
    };
    pdf_extract::output_doc(&document, &mut lines).expect("its text can be read");
    sizes
        .into_iter()
        .zip(lines.glyphs)
        .map(|((width, height), glyphs)| (width, height, glyphs))
        .collect()
}

/// A character as set: x, y, the x it ends at, size, text, direction.
type Char = (f64, f64, f64, f64, String, (f64, f64));

#[derive(Default)]
struct PageLines {
    pages: Vec<(f64, Vec<Line>)>,
    /// Every page's characters, kept when asked for.
    keep_glyphs: bool,
    glyphs: Vec<Vec<Glyph>>,
    /// Every page's filled shapes, and its stroked ones.
    fills: Vec<Vec<Fill>>,
    strokes: Vec<Vec<Fill>>,
    /// The characters of the current page.
    chars: Vec<Char>,
    height: f64,
}

impl pdf_extract::OutputDev for PageLines {
    fn begin_page(
        &mut self,
        _: u32,
        media_box: &pdf_extract::MediaBox,
        _: Option<(f64, f64, f64, f64)>,
    ) -> Result<(), pdf_extract::OutputError> {
        self.height = media_box.ury - media_box.lly;
        self.chars.clear();
        self.fills.push(Vec::new());
        self.strokes.push(Vec::new());
        Ok(())
    }

    fn end_page(&mut self) -> Result<(), pdf_extract::OutputError> {
        let mut chars = std::mem::take(&mut self.chars);
        if self.keep_glyphs {
            let glyphs = chars
                .iter()
                .map(|(x, y, end, size, text, direction)| Glyph {
                    x: *x,
                    y: *y,
                    end: *end,
                    size: *size,
                    text: text.clone(),
                    direction: *direction,
                });
            self.glyphs.push(glyphs.collect());
        }
        chars.sort_by(|a, b| a.1.total_cmp(&b.1));
        // Lines: baselines within a fifth of the type size of the first.
        let mut rows: Vec<Vec<Char>> = Vec::new();
        for c in chars {
            match rows.last_mut() {
                Some(row) if (c.1 - row[0].1).abs() < 0.2 * c.3.max(row[0].3) => row.push(c),
                _ => rows.push(vec![c]),
            }
        }
        let mut lines = Vec::new();
        for mut row in rows {
            row.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut current: Option<(Line, f64)> = None;
            for (x, y, end, size, text, _) in row {
                match &mut current {
                    Some((line, last_end)) => {
                        if x > *last_end + 0.1 * size {
                            line.text.push(' ');
                        }
                        line.text.push_str(&text);
                        line.size = line.size.max(size);
                        *last_end = end;
                    }
                    None => current = Some((Line { y, size, text }, end)),
                }
            }
            lines.extend(current.map(|(line, _)| line));
        }
        self.pages.push((self.height, lines));
        Ok(())
    }

    fn output_character(
        &mut self,
        trm: &pdf_extract::Transform,
        width: f64,
        _: f64,
        font_size: f64,
        text: &str,
    ) -> Result<(), pdf_extract::OutputError> {
        let vx = font_size * trm.m11 + font_size * trm.m21;
        let vy = font_size * trm.m12 + font_size * trm.m22;
        let size = (vx * vy).abs().sqrt();
        let (x, y) = (trm.m31, self.height - trm.m32);
        // The baseline's direction, with y turned to run down the page.
        let length = trm.m11.hypot(trm.m12).max(1e-9);
        let direction = (trm.m11 / length, -trm.m12 / length);
        self.chars
            .push((x, y, x + width * size, size, text.to_string(), direction));
        Ok(())
    }

    fn begin_word(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }
    fn end_word(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }
    fn end_line(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }
    fn stroke(
        &mut self,
        ctm: &pdf_extract::Transform,
        _: &pdf_extract::ColorSpace,
        colour: &[f64],
        path: &pdf_extract::Path,
    ) -> Result<(), pdf_extract::OutputError> {
        let shape = shape_on_page(ctm, colour, path, self.height);
        if let Some(page) = self.strokes.last_mut() {
            page.push(shape);
        }
        Ok(())
    }

    fn fill(
        &mut self,
        ctm: &pdf_extract::Transform,
        _: &pdf_extract::ColorSpace,
        colour: &[f64],
        path: &pdf_extract::Path,
    ) -> Result<(), pdf_extract::OutputError> {
        let shape = shape_on_page(ctm, colour, path, self.height);
        if let Some(page) = self.fills.last_mut() {
            page.push(shape);
        }
        Ok(())
    }
}

/// A path's bounds on the page, from the top left, and its colour.
fn shape_on_page(
    ctm: &pdf_extract::Transform,
    colour: &[f64],
    path: &pdf_extract::Path,
    height: f64,
) -> Fill {
    {
        use pdf_extract::PathOp;
        let mut points = Vec::new();
        for op in &path.ops {
            match *op {
                PathOp::MoveTo(x, y) | PathOp::LineTo(x, y) => points.push((x, y)),
                PathOp::CurveTo(_, _, _, _, x, y) => points.push((x, y)),
                PathOp::Rect(x, y, w, h) => points.extend([(x, y), (x + w, y + h)]),
                PathOp::Close => {}
            }
        }
        let on_page: Vec<(f64, f64)> = points
            .into_iter()
            .map(|(x, y)| {
                let px = x * ctm.m11 + y * ctm.m21 + ctm.m31;
                let py = x * ctm.m12 + y * ctm.m22 + ctm.m32;
                (px, height - py)
            })
            .collect();
        let least = |v: &mut dyn Iterator<Item = f64>| v.fold(f64::INFINITY, f64::min);
        let most = |v: &mut dyn Iterator<Item = f64>| v.fold(f64::NEG_INFINITY, f64::max);
        Fill {
            left: least(&mut on_page.iter().map(|p| p.0)),
            top: least(&mut on_page.iter().map(|p| p.1)),
            right: most(&mut on_page.iter().map(|p| p.0)),
            bottom: most(&mut on_page.iter().map(|p| p.1)),
            colour: colour.to_vec(),
        }
    }
}

/// A shape filled on a page: its bounds in points from the page's top left,
/// and its colour's components as the PDF gives them (one for a grey).
pub struct Fill {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
    pub colour: Vec<f64>,
}

/// Each page's stroked shapes, in the order they are painted.
pub fn page_strokes(bytes: &[u8]) -> Vec<Vec<Fill>> {
    let document = pdf_extract::Document::load_mem(bytes).expect("a PDF");
    let mut lines = PageLines::default();
    pdf_extract::output_doc(&document, &mut lines).expect("its shapes can be read");
    lines.strokes
}

/// Each page's filled shapes, in the order they are painted.
pub fn page_fills(bytes: &[u8]) -> Vec<Vec<Fill>> {
    let document = pdf_extract::Document::load_mem(bytes).expect("a PDF");
    let mut lines = PageLines::default();
    pdf_extract::output_doc(&document, &mut lines).expect("its shapes can be read");
    lines.fills
}

/// The Python in `$variable` (else `python3`) if it can import `module`.
/// `None` (the test skips, saying so) only outside CI: in CI the reader
/// must be there, and `install` says how `.ci/run` puts it there.
pub fn python_with(variable: &str, module: &str, install: &str) -> Option<String> {
    let python = std::env::var(variable).unwrap_or_else(|_| "python3".into());
    let found = Command::new(&python)
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return Some(python);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI needs {module} for {python}: {install}"
    );
    eprintln!("skipped: no {module} for {python} ({install})");
    None
}

/// Adds to the `good` fixture a table too long for its quick-reference
/// sheet: a layout warning to report.
pub fn add_a_table_that_overflows(project: &Path) {
    let rows: Vec<String> = (0..600)
        .map(|i| format!("  {{ grade = \"elite\", actions = {i} }},"))
        .collect();
    let table = format!(
        "id = \"huge\"\nkind = \"lookup\"\ntitle = \"Una tabla enorme\"\nqrs = true\ncolumns = [\n  {{ id = \"grade\", label = \"Calidad\", vocab = \"grade\", partial = true }},\n  {{ id = \"actions\", label = \"Acciones\" }},\n]\nrows = [\n{}\n]\n",
        rows.join("\n")
    );
    std::fs::write(project.join("content/demo/tables/huge.toml"), table).unwrap();
}

/// Runs one of poppler's readers (`pdftotext`, `pdftoppm`) on `pdf`, with
/// the options before and after it; `None` where poppler is not installed,
/// a failure where `GROGNARD_REQUIRE_READERS` says it must be (`.ci/run`
/// installs it).
pub fn poppler(program: &str, before: &[&str], pdf: &Path, after: &[&str]) -> Option<Output> {
    let command = Command::new(program)
        .args(before)
        .arg(pdf)
        .args(after)
        .output();
    let Ok(output) = command else {
        assert!(
            std::env::var_os("GROGNARD_REQUIRE_READERS").is_none(),
            "GROGNARD_REQUIRE_READERS is set but {program} (poppler-utils) is not installed"
        );
        eprintln!("skipped: no {program} (apt-get install poppler-utils)");
        return None;
    };
    Some(output)
}
