//! Plain data types: what the loaders produce and every later stage reads.

pub mod chapter;
pub mod counter_spec;
pub mod limits;
pub mod number;
pub mod profile;
pub mod ruleset;
pub mod scenario;
pub mod table;

pub use chapter::{Chapter, Example, Section};
pub use number::{Dice, Ratio};
pub use ruleset::{ConvertJob, ConvertLocations, KeyRef, Member, Project, Ruleset, Vocabulary};
pub use table::{Cell, Column, Group, Modifier, Table, TableKind};
