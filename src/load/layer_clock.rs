//! The parts of a layer's clock that need more than a number: its night
//! and how arrivals between turn starts round.

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::calendar::Night;
use crate::model::scenario::Clock;

use super::scenario::Reader;

type S = Spanned<String>;

/// `[night]`: the hours from dusk to dawn, and whether their turns are
/// skipped or only marked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawNight {
    from: S,
    to: S,
    turns: S,
}

/// `[night]`: two times of day and "skip" or "mark".
pub(super) fn night(r: &Reader, raw: &Spanned<RawNight>, diags: &mut Diagnostics) -> Option<Night> {
    let night = raw.get_ref();
    let time_of_day = |text: &S, diags: &mut Diagnostics| {
        let clock = Clock::parse(text.get_ref());
        if clock.is_none() {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_TIME,
                    format!("`{}` is not a time of day", text.get_ref()),
                )
                .at_location(Some(r.toml.location(text.span())))
                .expected("\"HH:MM\", e.g. \"21:00\""),
            );
        }
        clock
    };
    let (from, to) = (
        time_of_day(&night.from, diags),
        time_of_day(&night.to, diags),
    );
    let skip = match night.turns.get_ref().as_str() {
        "skip" => Some(true),
        "mark" => Some(false),
        other => {
            diags.push(
                Diagnostic::of(codes::INVALID_FIELD, format!("`turns = \"{other}\"` is not a way to treat night turns"))
                    .at_location(Some(r.toml.location(night.turns.span())))
                    .expected("\"skip\" (no turns are played at night) or \"mark\" (night turns are marked on the turn track)"),
            );
            None
        }
    };
    let (from, to, skip) = (from?, to?, skip?);
    if from == to {
        diags.push(
            Diagnostic::of(
                codes::INVALID_FIELD,
                "the night starts and ends at the same time",
            )
            .at_location(Some(r.toml.location(raw.span())))
            .expected("`from` at dusk and `to` at dawn, e.g. from = \"21:00\", to = \"05:00\""),
        );
        return None;
    }
    Some(Night { from, to, skip })
}

/// `arrival_rounding`, one of the two known ways.
pub(super) fn arrival_rounding(
    r: &Reader,
    value: &S,
    diags: &mut Diagnostics,
) -> Option<(String, Location)> {
    let location = r.toml.location(value.span());
    if ["in-progress", "next"].contains(&value.get_ref().as_str()) {
        Some((value.get_ref().clone(), location))
    } else {
        diags.push(
            Diagnostic::of(
                codes::INVALID_FIELD,
                format!("unknown arrival rounding `{}`", value.get_ref()),
            )
            .at_location(Some(location))
            .expected("\"in-progress\" or \"next\""),
        );
        None
    }
}
