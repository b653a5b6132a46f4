//! The module read back before it is zipped: every image a piece or the board
//! names is in the archive, every piece definition decodes.

use crate::model::map::HexMap;
use crate::render::backends::vassal::encode::decode;
use crate::render::backends::vassal::grid::VassalGrid;
use crate::render::backends::vassal::xml::Element;
use std::collections::HashSet;

/// What VASSAL relies on and would fail on only when a player opens the
/// module: each problem in words.
pub(super) fn verify(
    build: &Element,
    files: &HashSet<String>,
    map: &HexMap,
    grid: &VassalGrid,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut gpids = HashSet::new();
    let next: u32 = build
        .attributes
        .iter()
        .find(|(k, _)| k == "nextPieceSlotId")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let image = |name: &str, problems: &mut Vec<String>| {
        if !name.is_empty() && !files.contains(&format!("images/{name}")) {
            problems.push(format!("names the image `{name}`, which it does not hold"));
        }
    };
    let mut stack = vec![build];
    while let Some(element) = stack.pop() {
        stack.extend(element.children.iter());
        let attribute = |key: &str| {
            element
                .attributes
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, v)| v.as_str())
        };
        match element.name.rsplit('.').next().unwrap_or_default() {
            "PieceSlot" => {
                let gpid: u32 = attribute("gpid").parse().unwrap_or(0);
                if gpid == 0 || gpid >= next || !gpids.insert(gpid) {
                    problems.push(format!(
                        "gives piece id {gpid} twice, or not below its next id {next}"
                    ));
                }
                for name in piece_images(element.text.as_deref().unwrap_or_default()) {
                    image(&name, &mut problems);
                }
            }
            "Board" => image(attribute("image"), &mut problems),
            "Chart" => image(attribute("fileName"), &mut problems),
            "BrowserPDFFile" if !files.contains(attribute("pdfFile")) => {
                problems.push(format!(
                    "names the file `{}`, which it does not hold",
                    attribute("pdfFile")
                ));
            }
            _ => {}
        }
    }
    // Past column Z a map lettered "AA, AB" is named otherwise by VASSAL.
    for (column, row) in map
        .grid
        .hexes()
        .filter(|(c, _)| grid.names_match || *c <= 26)
    {
        let code = map.grid.name(column, row);
        let named = grid.location_name(grid.centre(column, row));
        if named != code {
            problems.push(format!("names hex {code} `{named}` on its grid"));
            break;
        }
    }
    problems
}

/// The images a piece definition shows: its basic piece's and its layers'.
pub(super) fn piece_images(definition: &str) -> Vec<String> {
    let parts = decode(
        definition.trim_start_matches('+').trim_start_matches('/'),
        '/',
    );
    let Some(kind) = parts.get(1) else {
        return Vec::new();
    };
    let mut images = Vec::new();
    let mut rest = kind.clone();
    loop {
        let chain = decode(&rest, '\t');
        let this = chain.first().cloned().unwrap_or_default();
        let fields = decode(this.split_once(';').map_or("", |(_, f)| f), ';');
        if this.starts_with("piece;") {
            images.extend(fields.get(2).cloned());
        } else if this.starts_with("emb2;") {
            images.extend(fields.get(15).map(|i| decode(i, ',')).unwrap_or_default());
        }
        match chain.get(1) {
            Some(inner) => rest = inner.clone(),
            None => return images,
        }
    }
}
