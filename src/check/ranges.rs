//! Range bands ascend and touch: "0–2, 2,1–5" means [0, 2] then (2, 5].

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::table::RangeTable;

const EPSILON: f64 = 1e-9;

pub fn check(table: &RangeTable, found: &mut Vec<Diagnostic>) {
    let decimals = table
        .rows
        .iter()
        .flat_map(|r| &r.bounds)
        .any(|(a, b)| a.fract().abs() > EPSILON || b.fract().abs() > EPSILON);
    let step = table.step.unwrap_or(if decimals { 0.1 } else { 1.0 });
    let show = |v: f64| format!("{}", (v * 1000.0).round() / 1000.0);
    for row in &table.rows {
        if let Some((start, _)) = row.bounds.first()
            && (start - table.origin).abs() > EPSILON
        {
            found.push(
                Diagnostic::of(
                    codes::RANGE_ORIGIN,
                    format!(
                        "`{}` starts at {} {}, not where the scale starts ({}): the table leaves out what is nearer",
                        row.key,
                        show(*start),
                        table.unit,
                        show(table.origin)
                    ),
                )
                .at_location(Some(row.location.clone()))
                .expected(format!(
                    "a first band from {} (or `origin = …` where the scale starts elsewhere, as hexes from 1)",
                    show(table.origin)
                )),
            );
        }
        for (i, (start, end)) in row.bounds.iter().enumerate() {
            let band = table.bands.get(i).map_or("?", String::as_str);
            if start > end {
                found.push(
                    Diagnostic::of(
                        codes::RANGE_BANDS,
                        format!(
                            "`{}`: band {band} runs backwards, {}–{}",
                            row.key,
                            show(*start),
                            show(*end)
                        ),
                    )
                    .at_location(Some(row.location.clone())),
                );
            }
            let Some((_, previous_end)) = i.checked_sub(1).map(|p| row.bounds[p]) else {
                continue;
            };
            let previous = table.bands.get(i - 1).map_or("?", String::as_str);
            let touches = (start - previous_end).abs() < EPSILON
                || (start - (previous_end + step)).abs() < EPSILON;
            if touches {
                continue;
            }
            let (what, label) = if *start > previous_end {
                ("a gap", "gap")
            } else {
                ("an overlap", "overlap")
            };
            found.push(
                Diagnostic::of(
                    codes::RANGE_BANDS,
                    format!(
                        "`{}`: {what} between {previous} (to {}) and {band} (from {})",
                        row.key,
                        show(previous_end),
                        show(*start)
                    ),
                )
                .at_location(Some(row.location.clone()))
                .label(label)
                .expected(format!(
                    "{band} to start at {} (or {})",
                    show(previous_end),
                    show(previous_end + step)
                ))
                .found(show(*start)),
            );
        }
    }
}
