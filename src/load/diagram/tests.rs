use super::*;
use crate::diagnostic::Diagnostics;
use crate::source::Sources;

/// A diagnostic as (line, column, code, message) in the chapter file.
type Found = (usize, usize, &'static str, String);

/// A diagram block in a chapter: what it loads to, and each diagnostic.
/// The block's first line is line 9 of the chapter.
fn load_block(body: &str) -> (Option<Diagram>, Vec<Found>) {
    let fence = "```diagram\n";
    let chapter = format!("+++\nid = \"x\"\ntitle = \"X\"\n+++\n\nTexto.\n\n{fence}{body}```\n");
    let offset = chapter.find(fence).unwrap() + fence.len();
    let mut sources = Sources::default();
    let file = sources.add("capitulo.md", chapter);
    let mut diags = Diagnostics::default();
    let diagram = load(file, body, offset, &Limits::default(), &mut diags);
    let mut found: Vec<_> = diags
        .iter()
        .map(|d| {
            let location = d.location.as_ref().expect("every diagnostic has a place");
            let (line, column) = sources.get(file).line_col(location.range.start);
            (line, column, d.code, d.message.clone())
        })
        .collect();
    found.sort_by_key(|(line, column, _, _)| (*line, *column));
    (diagram, found)
}

/// Line and column of each diagnostic, with its code.
fn places(found: &[Found]) -> Vec<(usize, usize, &'static str)> {
    found
        .iter()
        .map(|(l, c, code, _)| (*l, *c, *code))
        .collect()
}

const SQUARE: &str = r#"caption = "Fuego del cuadro"
grid = "hex"
columns = 3
rows = 3
[[hex]]
at = "B1"
fill = "target"
label = "A"
[[hex]]
at = "C2"
fill = "zone"
[[unit]]
at = "B2"
kind = "infantry"
facing = "all"
label = "Cuadro"
[[unit]]
at = "C3"
kind = "cavalry"
side = "b"
facing = "NW"
[[arrow]]
from = "B2"
to = "B1"
style = "fire"
label = "fuego"
[[note]]
at = "A1"
text = "bosque"
"#;

#[test]
fn a_hex_diagram_loads() {
    let (diagram, found) = load_block(SQUARE);
    assert!(found.is_empty(), "{found:?}");
    let d = diagram.unwrap();
    assert_eq!(d.caption.as_deref(), Some("Fuego del cuadro"));
    assert_eq!(
        d.grid,
        Grid::Hex {
            columns: 3,
            rows: 3,
            hex_mm: DEFAULT_HEX_MM
        }
    );
    assert_eq!(d.hexes[0].at, Point::Hex { column: 1, row: 0 });
    assert_eq!(d.hexes[0].fill, Some(Role::Target));
    assert_eq!(d.hexes[1].label, None);
    assert_eq!(d.units[0].facing, Some(Facing::All));
    assert_eq!(d.units[1].facing, Some(Facing::Side(HexSide::NW)));
    assert_eq!(d.units[1].side, Side::B);
    assert_eq!(d.units[1].kind, Kind::Cavalry);
    assert_eq!(d.arrows[0].style, ArrowStyle::Fire);
    assert_eq!(d.notes[0].text, "bosque");
}

#[test]
fn a_plain_diagram_loads() {
    let body = r#"grid = "plain"
width_cm = 12
height_cm = 5.5
[[unit]]
at = [3, 1]
facing = 180
width = 4
[[unit]]
at = [3.5, 4.5]
facing = -90
side = "b"
kind = "cavalry"
[[arrow]]
from = [3.5, 4]
to = [3, 1.5]
style = "charge"
"#;
    let body = body.replacen(
        "[[unit]]\nat = [3, 1]",
        "[[unit]]\nat = [3, 1]\nkind = \"infantry\"",
        1,
    );
    let (diagram, found) = load_block(&body);
    assert!(found.is_empty(), "{found:?}");
    let d = diagram.unwrap();
    assert_eq!(
        d.grid,
        Grid::Plain {
            width_cm: 12.0,
            height_cm: 5.5
        }
    );
    assert_eq!(d.units[0].at, Point::Cm { x: 3.0, y: 1.0 });
    assert_eq!(d.units[0].width_cm, 4.0);
    assert_eq!(d.units[1].facing, Some(Facing::Degrees(270.0)));
    assert_eq!(d.units[1].width_cm, DEFAULT_WIDTH_CM);
    assert_eq!(d.arrows[0].style, ArrowStyle::Charge);
}

#[test]
fn a_counter_diagram_loads() {
    let body = r#"grid = "counter"
side = "b"
[[field]]
at = "top"
text = "8e Cuir."
label = "Identificación histórica"
[[field]]
at = "centre"
symbol = "heavy-cavalry"
[[field]]
at = "right"
circles = 3
label = "Clase"
"#;
    let (diagram, found) = load_block(body);
    assert!(found.is_empty(), "{found:?}");
    let d = diagram.unwrap();
    assert_eq!(
        d.grid,
        Grid::Counter {
            size_mm: DEFAULT_COUNTER_MM,
            side: Side::B
        }
    );
    assert_eq!(d.fields[0].mark, Mark::Text("8e Cuir.".into()));
    assert_eq!(d.fields[1].mark, Mark::Symbol(Kind::HeavyCavalry));
    assert_eq!(d.fields[1].label, None);
    assert_eq!(d.fields[2].mark, Mark::Circles(3));
    assert_eq!(d.fields[2].at, Spot::Right);
}

#[test]
fn every_wrong_value_is_reported_at_its_place() {
    let body = r#"grid = "hex"
columns = 3
rows = 2
[[hex]]
at = "D1"
fill = "red"
[[unit]]
at = "A1"
kind = "infantery"
facing = "ne"
side = "c"
[[arrow]]
from = "A1"
to = "A1"
style = "shoot"
[[note]]
at = "B3"
text = "x"
[[unit]]
at = "1A"
kind = "leader"
facing = 90
"#;
    let (diagram, found) = load_block(body);
    assert!(diagram.is_none());
    assert_eq!(
        places(&found),
        vec![
            (13, 6, "invalid-field"),  // D1 off the grid
            (14, 8, "invalid-field"),  // fill "red"
            (17, 8, "invalid-field"),  // kind "infantery"
            (18, 10, "invalid-field"), // facing "ne"
            (19, 8, "invalid-field"),  // side "c"
            (22, 6, "invalid-field"),  // the arrow ends where it starts
            (23, 9, "invalid-field"),  // style "shoot"
            (25, 6, "invalid-field"),  // B3 off the grid
            (28, 6, "invalid-hex"),    // 1A is no hex
            (30, 10, "invalid-field"), // degrees in a hex diagram
        ],
        "{found:#?}"
    );
    let messages: Vec<&str> = found.iter().map(|f| f.3.as_str()).collect();
    assert!(
        messages[0].contains("columns A to C and rows 1 to 2"),
        "{}",
        messages[0]
    );
    assert_eq!(messages[2], "`infantery` is not a kind of unit");
    assert_eq!(messages[5], "the arrow ends where it starts");
}

#[test]
fn suggestions_name_the_closest_value() {
    let body = "grid = \"hex\"\ncolumns = 2\nrows = 2\n[[unit]]\nat = \"A1\"\nkind = \"infantery\"\nfacing = \"ne\"\n";
    let mut diags = Diagnostics::default();
    assert!(load(0, body, 0, &Limits::default(), &mut diags).is_none());
    let notes: Vec<&String> = diags.iter().flat_map(|d| &d.notes).collect();
    assert_eq!(
        notes,
        ["did you mean \"NE\"?", "did you mean \"infantry\"?"]
    );
}

#[test]
fn unknown_fields_and_fields_of_other_grids_are_reported() {
    let body = r#"grid = "plain"
width_cm = 10
height_cm = 4
columns = 3
[[unit]]
at = [1, 1]
kind = "infantry"
colour = "red"
"#;
    let (diagram, found) = load_block(body);
    assert!(diagram.is_none());
    // The unknown field stops the reading: it is reported alone.
    assert_eq!(places(&found), vec![(16, 1, "invalid-field")], "{found:#?}");
    assert!(
        found[0].3.contains("`colour` is not one of its fields"),
        "{}",
        found[0].3
    );

    let body = "grid = \"plain\"\nwidth_cm = 10\nheight_cm = 4\ncolumns = 3\n[[field]]\nat = \"top\"\ntext = \"x\"\n";
    let (diagram, found) = load_block(body);
    assert!(diagram.is_none());
    assert_eq!(
        places(&found),
        vec![(12, 1, "invalid-field"), (13, 3, "invalid-field")],
        "{found:#?}"
    );
    assert_eq!(
        found[0].3,
        "`columns` does not belong in a diagram with grid = \"plain\""
    );
}

#[test]
fn plain_points_are_checked() {
    let body = r#"grid = "plain"
width_cm = 10
height_cm = 4
[[unit]]
at = [11, 1]
kind = "infantry"
width = 12
facing = "N"
[[note]]
at = "C2"
text = "x"
"#;
    let (diagram, found) = load_block(body);
    assert!(diagram.is_none());
    assert_eq!(
        places(&found),
        vec![
            (13, 6, "invalid-field"),
            (15, 9, "invalid-field"),
            (16, 10, "invalid-field"),
            (18, 6, "invalid-field"),
        ],
        "{found:#?}"
    );
    assert!(
        found[0]
            .3
            .contains("outside the diagram, which is 10 × 4 cm")
    );
}

#[test]
fn counts_are_limited() {
    let (diagram, found) = load_block("grid = \"hex\"\ncolumns = 20\nrows = 11\n");
    assert!(diagram.is_none());
    assert_eq!(places(&found), vec![(10, 11, "limit")], "{found:#?}");

    let notes = "[[note]]\nat = \"A1\"\ntext = \"x\"\n".repeat(MAX_ITEMS + 1);
    let (diagram, found) = load_block(&format!("grid = \"hex\"\ncolumns = 2\nrows = 2\n{notes}"));
    assert!(diagram.is_none());
    assert_eq!(places(&found), vec![(12, 3, "limit")], "{found:#?}");
}

#[test]
fn numbers_that_are_not_finite_are_reported_once() {
    let (diagram, found) = load_block("grid = \"hex\"\ncolumns = 2\nrows = 2\nhex_mm = nan\n");
    assert!(diagram.is_none());
    assert_eq!(
        places(&found),
        vec![(12, 10, "invalid-field")],
        "{found:#?}"
    );
    let (diagram, found) = load_block("grid = \"hex\"\ncolumns = 2\nrows = 2\nhex_mm = 100\n");
    assert!(diagram.is_none());
    assert_eq!(
        places(&found),
        vec![(12, 10, "invalid-field")],
        "{found:#?}"
    );
}

#[test]
fn a_field_shows_exactly_one_thing() {
    let body = r#"grid = "counter"
[[field]]
at = "top"
text = "x"
circles = 2
[[field]]
at = "middle"
text = "y"
[[field]]
at = "bottom"
circles = 9
[[field]]
at = "bottom"
symbol = "infantry"
"#;
    let (diagram, found) = load_block(body);
    assert!(diagram.is_none());
    assert_eq!(
        places(&found),
        vec![
            (11, 6, "invalid-field"),
            (15, 6, "invalid-field"),
            (19, 11, "invalid-field"),
        ],
        "{found:#?}"
    );
    // The third is wrong itself; the fourth then stands alone at "bottom".
    assert!(found[1].3.contains("not a place on a counter"));
}

#[test]
fn columns_are_lettered_as_on_maps() {
    assert_eq!(column_letters(1), "A");
    assert_eq!(column_letters(26), "Z");
    assert_eq!(column_letters(27), "AA");
    assert_eq!(column_letters(52), "AZ");
}
