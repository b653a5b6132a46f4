//! The registry: every output kind grognard makes, in build order. A new
//! kind is one module of `backends/` and one line here.

use crate::render::contract::Backend;

/// Every output kind, in the order a build makes them.
pub static BACKENDS: &[&dyn Backend] = &[
    &crate::render::backends::rulebook::Rules,
    &crate::render::backends::qrs::Qrs,
    &crate::render::backends::cards::Cards,
    &crate::render::backends::booklet::Oob,
    &crate::render::backends::booklet::Booklets,
    &crate::render::backends::counters::Counters,
    &crate::render::backends::map::Maps,
    &crate::render::backends::conversion::Conversions,
    &crate::render::backends::labels::Labels,
    &crate::render::backends::html::Web,
    &crate::render::backends::vassal::Vassal,
];

pub fn backend(name: &str) -> Option<&'static dyn Backend> {
    BACKENDS.iter().copied().find(|b| b.name() == name)
}
