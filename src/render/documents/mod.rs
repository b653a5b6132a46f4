//! Typst documents several outputs hold: a chapter's body and a diagram as
//! Typst markup, the rulebook and the player aid.

pub mod diagram;
pub mod markdown;
pub mod player_aid;
pub mod rulebook;
