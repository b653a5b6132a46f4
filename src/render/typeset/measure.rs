//! Text widths measured in Rust with the fonts Typst embeds, so that the
//! templates need no per-item `measure` (whose introspection grows faster
//! than the document).

use std::sync::LazyLock;

use typst::text::{FontStretch, FontStyle, FontVariant, FontWeight};

use crate::render::typeset::world;

type Shaper = Option<rustybuzz::Face<'static>>;

/// The two faces grognard sets: the rulebooks' serif and the player aids' sans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// Libertinus Serif: rulebooks and booklets.
    Serif,
    /// Roboto Condensed: quick-reference sheets and cards, counters, labels.
    Sans,
}

impl Face {
    /// The family name Typst knows the face by: Typst drops "Condensed" from
    /// a family's name, and the files mark no width of their own.
    pub fn family(self) -> &'static str {
        match self {
            Face::Serif => "Libertinus Serif",
            Face::Sans => "Roboto",
        }
    }
}

fn shaper(face: Face, weight: FontWeight) -> Shaper {
    let variant = FontVariant::new(FontStyle::Normal, weight, FontStretch::NORMAL);
    let font = world::font(&face.family().to_lowercase(), variant)?;
    rustybuzz::Face::from_slice(font.data(), font.index())
}

static SERIF: LazyLock<Shaper> = LazyLock::new(|| shaper(Face::Serif, FontWeight::REGULAR));
static SERIF_BOLD: LazyLock<Shaper> = LazyLock::new(|| shaper(Face::Serif, FontWeight::BOLD));
static SANS: LazyLock<Shaper> = LazyLock::new(|| shaper(Face::Sans, FontWeight::REGULAR));
static SANS_BOLD: LazyLock<Shaper> = LazyLock::new(|| shaper(Face::Sans, FontWeight::BOLD));

/// The shaped width of `text` in `face`, in ems (multiply by the font
/// size). `None` when the font is not embedded.
pub fn width_em(face: Face, text: &str, bold: bool) -> Option<f64> {
    let shaper = match (face, bold) {
        (Face::Serif, false) => &SERIF,
        (Face::Serif, true) => &SERIF_BOLD,
        (Face::Sans, false) => &SANS,
        (Face::Sans, true) => &SANS_BOLD,
    };
    let face = shaper.as_ref()?;
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    let shaped = rustybuzz::shape(face, &[], buffer);
    let units: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
    Some(f64::from(units) / f64::from(face.units_per_em()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wider_text_measures_wider() {
        for face in [Face::Serif, Face::Sans] {
            let short = width_em(face, "Ney", true).unwrap();
            let long = width_em(face, "Ney Ney", true).unwrap();
            assert!(short > 0.5 && short < 3.0, "{short}");
            assert!(long > 2.0 * short, "{long} vs {short}");
            assert!(
                width_em(face, "Ney", false).unwrap() < short,
                "bold is wider"
            );
            assert_eq!(width_em(face, "", true).unwrap(), 0.0);
        }
        let condensed = width_em(Face::Sans, "Гренадеры", false).unwrap();
        assert!(condensed < width_em(Face::Serif, "Гренадеры", false).unwrap());
    }

    /// Our width is the width Typst lays the text out at, in both faces.
    #[test]
    fn agrees_with_typst_measure() {
        use crate::render::{typeset::pdf, typeset::world::MemoryWorld};
        let samples = ["2e Léger 1", "Lefebvre-D.", "Гренадеры 3", "½ H.bty Gey"];
        let cases: Vec<(Face, &str)> = [Face::Serif, Face::Sans]
            .into_iter()
            .flat_map(|face| samples.iter().map(move |t| (face, *t)))
            .collect();
        let mut world = MemoryWorld::new("main.typ");
        let measures: Vec<String> = cases
            .iter()
            .map(|(face, t)| {
                format!(
                    "measure(text(font: \"{}\", size: 10pt, weight: \"bold\", \"{t}\")).width.pt()",
                    face.family()
                )
            })
            .collect();
        world.add_source(
            "main.typ",
            format!(
                "#context [#metadata(({},)) <gg-overflow>]",
                measures.join(", ")
            ),
        );
        let rendered = pdf::typeset(&world, "test", |e| {
            crate::diagnostic::Diagnostic::of(
                crate::diagnostic::codes::TYPST_ERROR,
                e.message.to_string(),
            )
        })
        .unwrap_or_else(|_| panic!("the measuring document compiles"));
        for ((face, text), typst) in cases.iter().zip(&rendered.overflow) {
            let typst: f64 = typst.parse().unwrap();
            let ours = width_em(*face, text, true).unwrap() * 10.0;
            assert!(
                (ours - typst).abs() < 0.01 * typst,
                "{face:?} {text}: {ours} pt vs Typst {typst} pt"
            );
        }
        assert_eq!(rendered.overflow.len(), cases.len());
    }
}
