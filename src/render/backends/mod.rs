//! One module per kind of output. A backend imports views, typesetting,
//! documents and the contract, never another backend (`stages.rs`).

pub mod booklet;
pub mod calibration;
pub mod cards;
pub mod conversion;
pub mod counters;
pub mod errata;
pub mod html;
pub mod labels;
pub mod map;
pub mod qrs;
pub mod rulebook;
pub mod vassal;
