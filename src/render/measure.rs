//! Text widths measured in Rust with the fonts Typst embeds, so that the
//! templates need no per-item `measure` (whose introspection grows faster
//! than the document).

use std::sync::LazyLock;

use typst::text::{FontStretch, FontStyle, FontVariant, FontWeight};

use super::world;

type Shaper = Option<rustybuzz::Face<'static>>;

fn libertinus(weight: FontWeight) -> Shaper {
    let variant = FontVariant::new(FontStyle::Normal, weight, FontStretch::NORMAL);
    let font = world::font("libertinus serif", variant)?;
    rustybuzz::Face::from_slice(font.data(), font.index())
}

/// Libertinus Serif, the counters' face, ready to shape.
static REGULAR: LazyLock<Shaper> = LazyLock::new(|| libertinus(FontWeight::REGULAR));
static BOLD: LazyLock<Shaper> = LazyLock::new(|| libertinus(FontWeight::BOLD));

/// The shaped width of `text` in Libertinus Serif, in ems (multiply by the
/// font size). `None` when the font is not embedded.
pub fn width_em(text: &str, bold: bool) -> Option<f64> {
    let face = if bold { &BOLD } else { &REGULAR }.as_ref()?;
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
        let short = width_em("Ney", true).unwrap();
        let long = width_em("Ney Ney", true).unwrap();
        assert!(short > 0.5 && short < 3.0, "{short}");
        assert!(long > 2.0 * short, "{long} vs {short}");
        assert!(width_em("Ney", false).unwrap() < short, "bold is wider");
        assert_eq!(width_em("", true).unwrap(), 0.0);
    }

    /// Our width is the width Typst lays the text out at.
    #[test]
    fn agrees_with_typst_measure() {
        use crate::render::{pdf, world::MemoryWorld};
        let samples = ["2e Léger 1", "Lefebvre-D.", "Гренадеры 3", "½ H.bty Gey"];
        let mut world = MemoryWorld::new("main.typ");
        let measures: Vec<String> = samples
            .iter()
            .map(|t| format!("measure(text(font: \"Libertinus Serif\", size: 10pt, weight: \"bold\", \"{t}\")).width.pt()"))
            .collect();
        world.add_source(
            "main.typ",
            format!(
                "#context [#metadata(({},)) <gg-overflow>]",
                measures.join(", ")
            ),
        );
        let rendered = pdf::typeset(&world, "test", |e| {
            crate::diagnostic::Diagnostic::error("typst-error", e.message.to_string())
        })
        .unwrap_or_else(|_| panic!("the measuring document compiles"));
        for (text, typst) in samples.iter().zip(&rendered.overflow) {
            let typst: f64 = typst.parse().unwrap();
            let ours = width_em(text, true).unwrap() * 10.0;
            assert!(
                (ours - typst).abs() < 0.01 * typst,
                "{text}: {ours} pt vs Typst {typst} pt"
            );
        }
        assert_eq!(rendered.overflow.len(), samples.len());
    }
}
