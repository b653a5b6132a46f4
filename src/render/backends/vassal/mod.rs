//! A VASSAL module of a hex layer (`out/<battle>/<battle>-<ruleset>.vmod`):
//! the counters as two-sided pieces in trays per side and formation, the map
//! as the board under a hex grid named as the map is, a stack per unit at
//! its set-up hex, the reinforcements in a tray per turn, the quick-reference
//! sheet as charts and the rulebook in the Help menu — from the same data
//! and templates as the printed counter sheet, map and rulebook.
//!
//! Everything VASSAL reads is checked before the archive is written: piece
//! ids unique and below the module's next id, every image named present,
//! every hex centre named back as its own hex.

mod archive;
mod encode;
mod grid;
mod images;
mod module;
mod pieces;
mod verify;
mod xml;

pub use encode::{Piece, decode, encode};
pub use grid::{PX_PER_MM, VassalGrid};

use crate::render::contract::{Artifact, Backend, Changed, Context, MadeResult, Subject};

/// VASSAL modules of hex layers.
pub struct Vassal;

impl Backend for Vassal {
    fn name(&self) -> &'static str {
        "vassal"
    }
    fn about(&self) -> &'static str {
        "VASSAL modules of hex layers: out/<battle>/<battle>-<ruleset>.vmod"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // The counters, the set-up, the charts and the rulebook.
        !change.scale()
            && ((change.of_scenario(artifact) && (change.named() || change.deployed()))
                || (change.of_layer(artifact) && change.in_rules()))
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let Some(scenario) = cx.scenario(target) else {
            return Vec::new();
        };
        scenario
            .layers
            .iter()
            .filter(|l| module::board_map(l).is_some())
            .map(|l| {
                let file = format!("{target}-{}.vmod", l.ruleset);
                Artifact::new(Subject::Layer(scenario, l), file)
            })
            .collect()
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Layer(scenario, layer) = artifact.subject else {
            unreachable!("planned only for scenarios' layers")
        };
        module::render(cx, scenario, layer)
    }
}
