//! A diagram to Typst: one call of `gg-diagram` (templates/diagram.typ) whose
//! argument is a dictionary literal. Every source string reaches it as a
//! string literal, every number as a number literal: nothing read from a
//! chapter can become Typst code.

use crate::model::diagram::{
    Arrow, Diagram, Facing, Field, Grid, HexMark, Mark, Note, Point, Unit,
};

use crate::render::typeset::escape::TypstWriter;

/// Writes `#gg-diagram((grid: "hex", …))` — one call, no line break after it.
pub fn to_typst(diagram: &Diagram, out: &mut TypstWriter) {
    out.code("#gg-diagram((grid: ");
    match &diagram.grid {
        Grid::Hex {
            columns,
            rows,
            hex_mm,
        } => {
            out.code("\"hex\", columns: ")
                .int(*columns)
                .code(", rows: ")
                .int(*rows);
            out.code(", hex: ");
            float(out, *hex_mm);
        }
        Grid::Plain {
            width_cm,
            height_cm,
        } => {
            out.code("\"plain\", width: ");
            float(out, *width_cm);
            out.code(", height: ");
            float(out, *height_cm);
        }
        Grid::Counter { size_mm, side } => {
            out.code("\"counter\", size: ");
            float(out, *size_mm);
            out.code(", side: ").string(side.name());
        }
    }
    out.code(", caption: ");
    optional(out, diagram.caption.as_deref());
    list(out, "hexes", &diagram.hexes, hex);
    // Units in one hex are stacked: each knows how many are under it.
    let stacks: Vec<i64> = diagram
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let under = diagram.units[..i].iter().filter(|v| v.at == u.at).count();
            i64::try_from(under).unwrap_or(i64::MAX)
        })
        .collect();
    let units: Vec<(&Unit, i64)> = diagram.units.iter().zip(stacks).collect();
    list(out, "units", &units, unit);
    list(out, "arrows", &diagram.arrows, arrow);
    list(out, "notes", &diagram.notes, note);
    list(out, "fields", &diagram.fields, field);
    out.code("))");
}

/// `, key: (item, item,)` — a trailing comma keeps a list of one a list.
fn list<T>(out: &mut TypstWriter, key: &'static str, items: &[T], write: fn(&mut TypstWriter, &T)) {
    out.code(", ").code(key).code(": (");
    for item in items {
        write(out, item);
        out.code(",");
    }
    out.code(")");
}

fn optional(out: &mut TypstWriter, text: Option<&str>) {
    match text {
        Some(text) => out.string(text),
        None => out.code("none"),
    };
}

/// `(column, row)` counted from 0 on a hex grid, `(x, y)` in cm on plain ground.
fn point(out: &mut TypstWriter, point: &Point) {
    match point {
        Point::Hex { column, row } => {
            out.code("(").int(*column).code(", ").int(*row).code(")");
        }
        Point::Cm { x, y } => {
            out.code("(");
            float(out, *x);
            out.code(", ");
            float(out, *y);
            out.code(")");
        }
    }
}

fn hex(out: &mut TypstWriter, mark: &HexMark) {
    out.code("(at: ");
    point(out, &mark.at);
    out.code(", fill: ");
    optional(out, mark.fill.map(|r| r.name()));
    out.code(", label: ");
    optional(out, mark.label.as_deref());
    out.code(")");
}

fn unit(out: &mut TypstWriter, (unit, stack): &(&Unit, i64)) {
    out.code("(at: ");
    point(out, &unit.at);
    out.code(", facing: ");
    match unit.facing {
        None => {
            out.code("none");
        }
        Some(Facing::All) => {
            out.code("\"all\"");
        }
        Some(Facing::Side(side)) => {
            float(out, f64::from(side.degrees()));
        }
        Some(Facing::Degrees(degrees)) => float(out, degrees),
    }
    out.code(", kind: ").string(unit.kind.name());
    out.code(", side: ").string(unit.side.name());
    out.code(", label: ");
    optional(out, unit.label.as_deref());
    out.code(", width: ");
    float(out, unit.width_cm);
    out.code(", stack: ").int(*stack).code(")");
}

fn arrow(out: &mut TypstWriter, arrow: &Arrow) {
    out.code("(from: ");
    point(out, &arrow.from);
    out.code(", to: ");
    point(out, &arrow.to);
    out.code(", style: ").string(arrow.style.name());
    out.code(", label: ");
    optional(out, arrow.label.as_deref());
    out.code(")");
}

fn note(out: &mut TypstWriter, note: &Note) {
    out.code("(at: ");
    point(out, &note.at);
    out.code(", text: ").string(&note.text).code(")");
}

fn field(out: &mut TypstWriter, field: &Field) {
    out.code("(at: ").string(field.at.name());
    let (text, symbol, circles) = match &field.mark {
        Mark::Text(text) => (Some(text.as_str()), None, 0),
        Mark::Symbol(kind) => (None, Some(kind.name()), 0),
        Mark::Circles(n) => (None, None, *n),
    };
    out.code(", text: ");
    optional(out, text);
    out.code(", symbol: ");
    optional(out, symbol);
    out.code(", circles: ").int(circles);
    out.code(", label: ");
    optional(out, field.label.as_deref());
    out.code(")");
}

/// Decimal digits as static code, so that a number is written with nothing
/// but grognard's own literals.
const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

/// Writes a finite number as a Typst float literal (`14.0`, `-2.125`),
/// rounded to thousandths: far finer than print. The loader lets no
/// `nan` or infinity through; should one come, it is written as `0.0`.
pub fn float(out: &mut TypstWriter, x: f64) {
    debug_assert!(x.is_finite(), "the loader rejects {x}");
    let x = if x.is_finite() { x } else { 0.0 };
    let thousandths = (x.abs() * 1000.0).round();
    // Beyond i64 nothing is a drawing; clamp rather than wrap.
    let thousandths = if thousandths < 9.0e15 {
        thousandths as i64
    } else {
        9_000_000_000_000_000
    };
    if x < 0.0 && thousandths > 0 {
        out.code("-");
    }
    out.int(thousandths / 1000).code(".");
    let mut fraction = thousandths % 1000;
    let mut digits = 3;
    while digits > 1 && fraction % 10 == 0 {
        fraction /= 10;
        digits -= 1;
    }
    for place in (0..digits).rev() {
        let digit = (fraction / 10_i64.pow(place)) % 10;
        out.code(DIGITS[digit as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Diagnostic, Diagnostics};
    use crate::model::diagram::{ArrowStyle, HexSide, Kind, Role, Side, Spot};
    use crate::model::limits::Limits;
    use crate::render::{typeset::pdf, typeset::world::MemoryWorld};

    const TEMPLATE: &str = include_str!("../../../templates/diagram.typ");

    fn written(x: f64) -> String {
        let mut out = TypstWriter::default();
        float(&mut out, x);
        out.finish()
    }

    fn typst(diagram: &Diagram) -> String {
        let mut out = TypstWriter::default();
        to_typst(diagram, &mut out);
        out.finish()
    }

    fn load(body: &str) -> Diagram {
        let mut diags = Diagnostics::default();
        let diagram = crate::load::diagram::load(0, body, 0, &Limits::default(), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        diagram.expect("the diagram loads")
    }

    #[test]
    fn floats_are_typst_float_literals() {
        assert_eq!(written(14.0), "14.0");
        assert_eq!(written(0.25), "0.25");
        assert_eq!(written(-2.125), "-2.125");
        assert_eq!(written(0.0005), "0.001");
        assert_eq!(written(3.0004), "3.0");
        assert_eq!(written(-0.0001), "0.0");
        assert_eq!(written(1e300), "9000000000000.0");
        for x in ["14.0", "0.25", "-2.125", "0.001"] {
            let code = typst::syntax::parse_code(x);
            let kinds: Vec<_> = code.children().map(|c| c.kind()).collect();
            assert!(
                kinds == [typst::syntax::SyntaxKind::Float]
                    || kinds == [typst::syntax::SyntaxKind::Unary],
                "{x}: {kinds:?}"
            );
        }
    }

    #[test]
    fn a_diagram_is_one_call_of_gg_diagram() {
        let diagram = load(
            "grid = \"hex\"\ncolumns = 3\nrows = 2\nhex_mm = 12.5\n\
             [[hex]]\nat = \"B1\"\nfill = \"target\"\nlabel = \"A\"\n\
             [[unit]]\nat = \"B2\"\nkind = \"infantry\"\nfacing = \"NE\"\n\
             [[unit]]\nat = \"B2\"\nkind = \"artillery\"\nside = \"b\"\n\
             [[arrow]]\nfrom = \"B2\"\nto = \"B1\"\nstyle = \"fire\"\n",
        );
        assert_eq!(
            typst(&diagram),
            "#gg-diagram((grid: \"hex\", columns: 3, rows: 2, hex: 12.5, caption: none, \
             hexes: ((at: (1, 0), fill: \"target\", label: \"A\"),), \
             units: ((at: (1, 1), facing: 60.0, kind: \"infantry\", side: \"a\", label: none, width: 2.0, stack: 0),\
             (at: (1, 1), facing: none, kind: \"artillery\", side: \"b\", label: none, width: 2.0, stack: 1),), \
             arrows: ((from: (1, 1), to: (1, 0), style: \"fire\", label: none),), \
             notes: (), fields: ()))"
        );
    }

    /// Compiles diagrams with the template, as the rulebook would — the
    /// library imports diagram.typ, a chapter imports the library — on a
    /// page of the rulebook's text width.
    fn compile(calls: &[String]) -> pdf::Rendered {
        let mut world = MemoryWorld::new("main.typ");
        world.add_source("diagram.typ", TEMPLATE.to_string());
        world.add_source("library.typ", "#import \"diagram.typ\": *\n".into());
        world.add_source(
            "main.typ",
            format!(
                "#import \"/library.typ\": *\n\
                 #set page(width: 21cm, height: auto, margin: (x: 2.1cm, y: 1cm))\n\
                 #set text(font: \"Libertinus Serif\", size: 10.5pt, lang: \"es\")\n\
                 Texto antes.\n\n{}\n\nTexto después.\n",
                calls.join("\n\nTexto.\n\n")
            ),
        );
        let rendered = pdf::typeset(&world, "diagram-test", |e| {
            Diagnostic::of(
                crate::diagnostic::codes::TYPST_ERROR,
                format!("{} {:?}", e.message, e.hints),
            )
        })
        .unwrap_or_else(|errors| {
            let messages: Vec<_> = errors.iter().map(|e| e.message.clone()).collect();
            panic!("the diagrams do not compile: {messages:#?}")
        });
        let warnings: Vec<_> = rendered.warnings.iter().map(|w| &w.message).collect();
        assert!(warnings.is_empty(), "{warnings:#?}");
        // Long hostile labels may crowd each other; none may leave the page
        // or lack a glyph.
        let broken: Vec<_> = rendered
            .problems
            .iter()
            .filter(|p| {
                matches!(
                    p,
                    crate::render::typeset::inspect::Problem::OffPage { .. }
                        | crate::render::typeset::inspect::Problem::MissingGlyph { .. }
                )
            })
            .collect();
        assert!(broken.is_empty(), "{broken:?}");
        rendered
    }

    /// Text that would be code, markup or a comment if it were not escaped.
    const HOSTILE: &str = "\")#read(\"/etc/passwd\") [*x*] $y$ <l> @r // #set text(red)";

    #[test]
    fn every_kind_of_diagram_compiles() {
        let hex = load(
            "caption = \"Un cuadro\"\ngrid = \"hex\"\ncolumns = 4\nrows = 3\n\
             [[hex]]\nat = \"B1\"\nfill = \"target\"\nlabel = \"A\"\n\
             [[hex]]\nat = \"C2\"\nfill = \"zone\"\nlabel = \"d\"\n\
             [[hex]]\nat = \"A3\"\nfill = \"blocked\"\n\
             [[hex]]\nat = \"B2\"\nfill = \"unit\"\nlabel = \"X\"\n\
             [[unit]]\nat = \"B2\"\nkind = \"infantry\"\nfacing = \"all\"\nlabel = \"Cuadro\"\n\
             [[unit]]\nat = \"D2\"\nkind = \"light-cavalry\"\nside = \"b\"\nfacing = \"NW\"\n\
             [[unit]]\nat = \"D2\"\nkind = \"leader\"\nside = \"b\"\n\
             [[arrow]]\nfrom = \"B2\"\nto = \"B1\"\nstyle = \"fire\"\nlabel = \"fuego\"\n\
             [[arrow]]\nfrom = \"D2\"\nto = \"C2\"\nstyle = \"charge\"\n\
             [[note]]\nat = \"D1\"\ntext = \"bosque\"\n",
        );
        let plain = load(
            "caption = \"Dos líneas\"\ngrid = \"plain\"\nwidth_cm = 14\nheight_cm = 6\n\
             [[unit]]\nat = [4, 1]\nkind = \"infantry\"\nfacing = 180\nwidth = 4\nlabel = \"Línea\"\n\
             [[unit]]\nat = [10, 5]\nkind = \"horse-artillery\"\nside = \"b\"\nfacing = 315\nwidth = 2\n\
             [[arrow]]\nfrom = [4, 2]\nto = [9, 4.5]\nstyle = \"move\"\nlabel = \"avance\"\n\
             [[note]]\nat = [12, 1]\ntext = \"colina\"\n",
        );
        let counter = load(
            "caption = \"Una ficha\"\ngrid = \"counter\"\nside = \"b\"\n\
             [[field]]\nat = \"top\"\ntext = \"8e Cuir.\"\nlabel = \"Identificación\"\n\
             [[field]]\nat = \"centre\"\nsymbol = \"heavy-cavalry\"\nlabel = \"Tipo\"\n\
             [[field]]\nat = \"right\"\ncircles = 3\nlabel = \"Clase\"\n\
             [[field]]\nat = \"lower\"\ntext = \"11.ª Div. Cab., 2.ª Bda.\"\nlabel = \"Unidad superior\"\n\
             [[field]]\nat = \"bottom\"\ntext = \"–-–\"\nlabel = \"Factor de combate y grado de moral\"\n\
             [[field]]\nat = \"top-left\"\ntext = \"III\"\n",
        );
        let mut hostile = counter.clone();
        hostile.caption = Some(HOSTILE.into());
        for field in &mut hostile.fields {
            field.label = Some(HOSTILE.into());
        }
        let mut hostile_hex = hex.clone();
        for mark in &mut hostile_hex.hexes {
            mark.label = Some(HOSTILE.into());
        }
        hostile_hex.notes[0].text = HOSTILE.into();
        hostile_hex.arrows[0].label = Some(HOSTILE.into());
        let calls: Vec<String> = [&hex, &plain, &counter, &hostile, &hostile_hex]
            .into_iter()
            .map(typst)
            .collect();
        let rendered = compile(&calls);
        write_pdf("kinds", rendered.pdf);
    }

    /// With GROGNARD_DIAGRAM_PDF=dir, a test's diagrams are written there as a
    /// PDF, to look at.
    fn write_pdf(name: &str, pdf: Vec<u8>) {
        if let Some(dir) = std::env::var_os("GROGNARD_DIAGRAM_PDF") {
            let file = std::path::Path::new(&dir).join(format!("{name}.pdf"));
            std::fs::write(file, pdf).unwrap();
        }
    }

    /// The diagrams of the project's chapters load without a word and compile.
    #[test]
    fn the_chapters_diagrams_load_and_compile() {
        let root = env!("CARGO_MANIFEST_DIR");
        let chapters = [
            ("cuadro", "content/bataille/chapters/04-cuadro.md"),
            (
                "ficha",
                "content/sombra/chapters/01-introduccion-y-equipo.md",
            ),
        ];
        for (name, path) in chapters {
            let text = std::fs::read_to_string(format!("{root}/{path}")).unwrap();
            let fence = "```diagram\n";
            let mut calls = Vec::new();
            let mut from = 0;
            while let Some(i) = text[from..].find(fence) {
                let start = from + i + fence.len();
                let end = start + text[start..].find("```").expect("the block is closed");
                let mut diags = Diagnostics::default();
                let diagram = crate::load::diagram::load(
                    0,
                    &text[start..end],
                    start,
                    &Limits::default(),
                    &mut diags,
                );
                assert!(diags.is_empty(), "{path}: {diags:#?}");
                calls.push(typst(&diagram.unwrap()));
                from = end;
            }
            assert!(!calls.is_empty(), "{path} has a diagram");
            write_pdf(name, compile(&calls).pdf);
        }
    }

    #[test]
    fn names_are_the_templates() {
        // The template tests these names: keep them in step.
        for name in Role::NAMES.iter().chain(ArrowStyle::NAMES) {
            assert!(
                TEMPLATE.contains(&format!("\"{name}\"")) || TEMPLATE.contains(&format!("{name}:")),
                "{name}"
            );
        }
        for name in Kind::NAMES.iter().chain(Spot::NAMES) {
            assert!(TEMPLATE.contains(&format!("\"{name}\"")), "{name}");
        }
        assert_eq!(HexSide::NW.degrees(), 300);
        assert!(TEMPLATE.contains("a: (fill") && TEMPLATE.contains("b: (fill"));
        assert_eq!(Side::NAMES, ["a", "b"]);
    }
}

#[cfg(test)]
mod properties {
    //! Whatever a diagram holds, the Typst written for it is one call of
    //! `gg-diagram` with literals: no source string becomes code or markup.

    use proptest::prelude::*;
    use typst::syntax::{SyntaxKind, SyntaxNode};

    use super::*;
    use crate::diagnostic::Location;
    use crate::model::diagram::{ArrowStyle, HexSide, Kind, Role, Side, Spot};

    fn hostile() -> BoxedStrategy<String> {
        let fragments = prop_oneof![
            Just("\")#read(\"/etc/passwd\")".to_string()),
            Just("\\\" + str(1) + \"".to_string()),
            Just("\\".to_string()),
            Just("\"".to_string()),
            Just("\n\r\t".to_string()),
            Just("#let x = 1".to_string()),
            Just("#set text(red)".to_string()),
            Just("#show: x => x".to_string()),
            Just("), units: (".to_string()),
            Just("$x^2$ [*y*] <l> @r // /* */".to_string()),
            Just("\\u{41}".to_string()),
            "[-#$*_`@<>\\[\\]~{}/=+:.\"' a1\\\\()&;,]{0,12}",
            "\\PC{0,8}",
        ];
        prop::collection::vec(fragments, 0..4)
            .prop_map(|parts| parts.concat())
            .boxed()
    }

    fn text() -> BoxedStrategy<Option<String>> {
        prop::option::of(hostile()).boxed()
    }

    fn number() -> BoxedStrategy<f64> {
        prop_oneof![
            -1e6..1e6f64,
            Just(0.0),
            Just(-0.0),
            Just(1e-9),
            Just(f64::MAX),
            Just(f64::MIN_POSITIVE),
        ]
        .boxed()
    }

    fn point() -> BoxedStrategy<Point> {
        prop_oneof![
            (0..1000u32, 0..1000u32).prop_map(|(column, row)| Point::Hex { column, row }),
            (number(), number()).prop_map(|(x, y)| Point::Cm { x, y }),
        ]
        .boxed()
    }

    fn pick<T: Copy + std::fmt::Debug + 'static>(
        names: &'static [&'static str],
        parse: fn(&str) -> Option<T>,
    ) -> BoxedStrategy<T> {
        prop::sample::select(names)
            .prop_map(move |n| parse(n).unwrap())
            .boxed()
    }

    fn diagram() -> impl Strategy<Value = Diagram> {
        let grid = prop_oneof![
            (1..300u32, 1..300u32, number()).prop_map(|(columns, rows, hex_mm)| Grid::Hex {
                columns,
                rows,
                hex_mm
            }),
            (number(), number()).prop_map(|(width_cm, height_cm)| Grid::Plain {
                width_cm,
                height_cm
            }),
            (number(), pick(Side::NAMES, Side::parse))
                .prop_map(|(size_mm, side)| Grid::Counter { size_mm, side }),
        ];
        let facing = prop_oneof![
            Just(None),
            Just(Some(Facing::All)),
            pick(HexSide::NAMES, HexSide::parse).prop_map(|s| Some(Facing::Side(s))),
            number().prop_map(|d| Some(Facing::Degrees(d))),
        ];
        let hex = (
            point(),
            prop::option::of(pick(Role::NAMES, Role::parse)),
            text(),
        )
            .prop_map(|(at, fill, label)| HexMark { at, fill, label });
        let unit = (
            point(),
            facing,
            pick(Kind::NAMES, Kind::parse),
            pick(Side::NAMES, Side::parse),
            text(),
            number(),
        )
            .prop_map(|(at, facing, kind, side, label, width_cm)| Unit {
                at,
                facing,
                kind,
                side,
                label,
                width_cm,
            });
        let arrow = (
            point(),
            point(),
            pick(ArrowStyle::NAMES, ArrowStyle::parse),
            text(),
        )
            .prop_map(|(from, to, style, label)| Arrow {
                from,
                to,
                style,
                label,
            });
        let note = (point(), hostile()).prop_map(|(at, text)| Note { at, text });
        let mark = prop_oneof![
            hostile().prop_map(Mark::Text),
            pick(Kind::NAMES, Kind::parse).prop_map(Mark::Symbol),
            (0..10u32).prop_map(Mark::Circles),
        ];
        let field = (pick(Spot::NAMES, Spot::parse), mark, text())
            .prop_map(|(at, mark, label)| Field { at, mark, label });
        (
            text(),
            grid,
            prop::collection::vec(hex, 0..4),
            prop::collection::vec(unit, 0..4),
            prop::collection::vec(arrow, 0..3),
            prop::collection::vec(note, 0..3),
            prop::collection::vec(field, 0..4),
        )
            .prop_map(
                |(caption, grid, hexes, units, arrows, notes, fields)| Diagram {
                    caption,
                    grid,
                    hexes,
                    units,
                    arrows,
                    notes,
                    fields,
                    location: Location::new(0, 0..0),
                },
            )
    }

    /// What the tree holds besides one call of `gg-diagram` with literals.
    fn foreign(node: &SyntaxNode, found: &mut Vec<String>, calls: &mut usize) {
        match node.kind() {
            SyntaxKind::FuncCall => {
                *calls += 1;
                let callee = node.children().next().map(SyntaxNode::full_text);
                let callee = callee.unwrap_or_default().to_string();
                if callee != "gg-diagram" {
                    found.push(format!("a call of {callee}"));
                }
            }
            SyntaxKind::Markup if node.children().any(|c| c.kind() == SyntaxKind::Text) => {
                found.push("markup text".into())
            }
            SyntaxKind::LetBinding
            | SyntaxKind::SetRule
            | SyntaxKind::ShowRule
            | SyntaxKind::ModuleImport
            | SyntaxKind::ModuleInclude
            | SyntaxKind::Equation
            | SyntaxKind::Closure
            | SyntaxKind::Contextual
            | SyntaxKind::ContentBlock
            | SyntaxKind::CodeBlock
            | SyntaxKind::FieldAccess
            | SyntaxKind::Binary
            | SyntaxKind::LineComment
            | SyntaxKind::BlockComment
            | SyntaxKind::Error => found.push(format!("{:?} {:?}", node.kind(), node.full_text())),
            _ => {}
        }
        for child in node.children() {
            foreign(child, found, calls);
        }
    }

    /// The string literals of the tree, decoded.
    fn strings(node: &SyntaxNode, out: &mut Vec<String>) {
        use typst::syntax::ast::Str;
        if let Some(literal) = node.cast::<Str>() {
            out.push(literal.get().to_string());
        }
        for child in node.children() {
            strings(child, out);
        }
    }

    /// The strings a diagram took from its source.
    fn source_strings(diagram: &Diagram) -> Vec<String> {
        let mut all: Vec<Option<&String>> = vec![diagram.caption.as_ref()];
        all.extend(diagram.hexes.iter().map(|h| h.label.as_ref()));
        all.extend(diagram.units.iter().map(|u| u.label.as_ref()));
        all.extend(diagram.arrows.iter().map(|a| a.label.as_ref()));
        all.extend(diagram.notes.iter().map(|n| Some(&n.text)));
        for field in &diagram.fields {
            all.push(field.label.as_ref());
            if let Mark::Text(text) = &field.mark {
                all.push(Some(text));
            }
        }
        all.into_iter().flatten().cloned().collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn diagram_text_never_becomes_typst_code(diagram in diagram()) {
            let mut out = TypstWriter::default();
            to_typst(&diagram, &mut out);
            let typst = out.finish();
            let tree = typst::syntax::parse(&typst);
            let mut found = Vec::new();
            let mut calls = 0;
            foreign(&tree, &mut found, &mut calls);
            prop_assert!(found.is_empty(), "{found:?} in\n{typst}");
            prop_assert_eq!(calls, 1, "{}", typst);
            // And each source string is one string literal that reads back as itself.
            let mut literals = Vec::new();
            strings(&tree, &mut literals);
            for text in source_strings(&diagram) {
                let at = literals.iter().position(|l| *l == text);
                prop_assert!(at.is_some(), "{:?} is not a literal of\n{}", text, typst);
                literals.remove(at.unwrap());
            }
        }
    }
}
