//! Plain data types: what the loaders produce and every later stage reads.

pub mod calendar;
pub mod changes;
pub mod chapter;
pub mod colour;
pub mod compute;
pub mod counter_spec;
pub mod diagram;
pub mod dice;
pub mod expr;
pub mod layer;
pub mod limits;
pub mod map;
pub mod number;
pub mod numbering;
pub mod profile;
pub mod regiment;
pub mod ruleset;
pub mod scenario;
pub mod schedule;
pub mod strength;
pub mod table;
pub mod template;

pub use chapter::{Chapter, Example, Section};
pub use number::{Dice, Ratio};
pub use ruleset::{ConvertJob, ConvertLocations, KeyRef, Member, Project, Ruleset, Vocabulary};
pub use table::{Cell, Column, Group, Modifier, Table, TableKind};
