//! The duplex calibration sheet: one sheet, front and back, from which a
//! user reads how far their printer puts backs off their fronts.
//!
//! The front has a line across each of two scales; the back has a tick per
//! row (or column) of the scale, each moved by one more half millimetre, as
//! `[print] back_offset_mm` would move it. Held to the light, the tick that
//! falls on the line names the offset to write down.

use serde::Serialize;

use crate::locale::Locale;
use crate::model::counter_spec::{Duplex, Settings};

use crate::render::typeset::pdf::RenderResult;

/// The offsets the scales show: −5 to +5 mm in half millimetres, the range
/// `back_offset_mm` accepts.
const STEPS: i32 = 10;
const STEP_MM: f64 = 0.5;
/// Rows of the across scale and columns of the down scale, in millimetres.
const ROW_MM: f64 = 5.0;
const COLUMN_MM: f64 = 6.0;

/// A line on a page: from (x1, y1) to (x2, y2) in millimetres from its top
/// left, and its stroke in points.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
struct Stroke {
    from: (f64, f64),
    to: (f64, f64),
    width_pt: f64,
}

/// A word on a page, its centre at (x, y) in millimetres.
#[derive(Serialize)]
struct Label {
    x: f64,
    y: f64,
    text: String,
}

#[derive(Serialize, Default)]
struct Side {
    strokes: Vec<Stroke>,
    labels: Vec<Label>,
}

#[derive(Serialize)]
struct Sheet {
    paper: String,
    language: String,
    title: String,
    how: String,
    setting: String,
    pages: Vec<Side>,
}

/// The reference lines of the front.
const LINE_PT: f64 = 0.4;
/// The ticks of the back.
const TICK_PT: f64 = 0.3;

/// Where the scales stand on the front: the across scale's line runs down
/// at `x`, from `top`; the down scale's line runs across at `y`.
fn scales(settings: &Settings) -> (f64, f64, f64) {
    let (width, height) = settings.page_mm();
    let top = height * 0.3;
    let rows = f64::from(2 * STEPS + 1) * ROW_MM;
    (width / 2.0, top, top + rows + 25.0)
}

/// The front and the back (one page folded in half, for gutter-fold).
fn sides(settings: &Settings, locale: &Locale) -> (Side, Side) {
    let (width, height) = settings.page_mm();
    let turn = |(x, y): (f64, f64)| match settings.duplex {
        Duplex::LongEdge => (width - x, y),
        Duplex::ShortEdge | Duplex::GutterFold => (x, height - y),
    };
    let (x0, top, y0) = scales(settings);
    let rows = f64::from(2 * STEPS + 1) * ROW_MM;
    let columns = f64::from(2 * STEPS + 1) * COLUMN_MM;
    // "+1,5", "0", "−1,5": the decimal as the language writes it, signed.
    let signed = |k: i32| {
        let mm = locale.decimal(f64::from(k) * STEP_MM);
        if k > 0 { format!("+{mm}") } else { mm }
    };
    let mut front = Side::default();
    let mut back = Side::default();
    // Across: one line down the front, a tick per row on the back.
    front.strokes.push(Stroke {
        from: (x0, top),
        to: (x0, top + rows),
        width_pt: LINE_PT,
    });
    front.labels.push(Label {
        x: x0,
        y: top - 6.0,
        text: locale.calibration_across.clone(),
    });
    for k in -STEPS..=STEPS {
        let y = top + f64::from(k + STEPS) * ROW_MM + ROW_MM / 2.0;
        front.labels.push(Label {
            x: x0 - 14.0,
            y,
            text: signed(k),
        });
        let shift = f64::from(k) * STEP_MM;
        let (a, b) = (turn((x0, y - 1.8)), turn((x0, y + 1.8)));
        back.strokes.push(Stroke {
            from: (a.0 + shift, a.1),
            to: (b.0 + shift, b.1),
            width_pt: TICK_PT,
        });
        let at = turn((x0 - 14.0, y));
        back.labels.push(Label {
            x: at.0,
            y: at.1,
            text: signed(k),
        });
    }
    // Down: one line across the front, a tick per column on the back.
    let left = x0 - columns / 2.0;
    front.strokes.push(Stroke {
        from: (left, y0),
        to: (left + columns, y0),
        width_pt: LINE_PT,
    });
    front.labels.push(Label {
        x: x0,
        y: y0 - 12.0,
        text: locale.calibration_down.clone(),
    });
    for k in -STEPS..=STEPS {
        let x = left + f64::from(k + STEPS) * COLUMN_MM + COLUMN_MM / 2.0;
        // Whole millimetres are labelled; the half steps between are ticks alone.
        if k % 2 == 0 {
            front.labels.push(Label {
                x,
                y: y0 + 7.0,
                text: signed(k),
            });
        }
        let shift = f64::from(k) * STEP_MM;
        let (a, b) = (turn((x - 2.0, y0)), turn((x + 2.0, y0)));
        back.strokes.push(Stroke {
            from: (a.0, a.1 + shift),
            to: (b.0, b.1 + shift),
            width_pt: TICK_PT,
        });
        if k % 2 == 0 {
            let at = turn((x, y0 + 7.0));
            back.labels.push(Label {
                x: at.0,
                y: at.1,
                text: signed(k),
            });
        }
    }
    (front, back)
}

/// Typesets the sheet in the language given: two pages, or one for a
/// gutter-fold print.
pub fn render(
    settings: &Settings,
    locale: &Locale,
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let (mut front, back) = sides(settings, locale);
    let pages = if settings.duplex == Duplex::GutterFold {
        front.strokes.extend(back.strokes);
        front.labels.extend(back.labels);
        vec![front]
    } else {
        vec![front, back]
    };
    let sheet = Sheet {
        paper: settings.paper.clone(),
        language: locale.language.clone(),
        title: locale.calibration_title.clone(),
        how: locale.calibration_how.clone(),
        setting: locale.calibration_setting.clone(),
        pages,
    };
    let world = crate::render::typeset::templates::data_world(
        press,
        "calibration.typ",
        "calibration.json",
        &sheet,
    )?;
    crate::render::typeset::pdf::typeset(&world, "grognard-calibration", |error| {
        let what = "the calibration sheet";
        crate::render::typeset::templates::typst_diagnostic(
            error,
            &world,
            press.templates,
            "calibration.typ",
            what,
        )
    })
}

/// The sheet `grognard calibrate` asks for: in its language, typeset with
/// the templates of `folder` (the project's own). A backend of that request,
/// not of `build`: it is no ruleset's or scenario's file.
pub struct CalibrationSheet {
    pub language: String,
    pub folder: std::path::PathBuf,
}

impl crate::render::contract::Backend for CalibrationSheet {
    fn name(&self) -> &'static str {
        "calibration"
    }
    fn about(&self) -> &'static str {
        "The duplex calibration sheet (`grognard calibrate`): out/print-calibration.pdf"
    }
    fn holds(
        &self,
        _: &crate::render::contract::Artifact,
        _: &crate::render::contract::Changed,
    ) -> bool {
        // It prints no fact of the rules or of a battle.
        false
    }
    fn plan<'p>(
        &self,
        _: &crate::render::contract::Context<'p>,
        _: &str,
    ) -> Vec<crate::render::contract::Artifact<'p>> {
        Vec::new()
    }
    fn render(
        &self,
        cx: &crate::render::contract::Context,
        _: &crate::render::contract::Artifact,
    ) -> crate::render::contract::MadeResult {
        let locale = cx.project.locales.get(&self.language);
        let press = cx.press(&self.folder);
        render(&cx.project.counters, locale, &press).map(Into::into)
    }
}
