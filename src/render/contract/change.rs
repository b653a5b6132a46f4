//! A change between two editions as the outputs hold it. Each backend says
//! with these questions which changes its files print ([`super::Backend::holds`]);
//! `diff` lists a file for reprint when its backend says it holds one.

use crate::model::changes::{Change, Entry, Place};
use crate::model::{Ruleset, Table, TableKind};

use super::Artifact;

/// One change of a ruleset's new edition, with what the outputs ask of it.
pub struct Changed<'a> {
    pub ruleset: &'a Ruleset,
    pub entry: &'a Entry,
    /// The tables the player aids print (the sheet; the cards are set from
    /// the same phases).
    pub player_aid: &'a [&'a Table],
}

impl Changed<'_> {
    /// The file is one of the changed ruleset's own.
    pub fn of_ruleset(&self, artifact: &Artifact) -> bool {
        artifact.target() == self.ruleset.id
    }

    /// The file shows the ruleset's layer of a scenario (a module's rules).
    pub fn of_layer(&self, artifact: &Artifact) -> bool {
        artifact.subject.layer_ruleset() == Some(self.ruleset.id.as_str())
    }

    /// The file belongs to the changed scenario, for this ruleset's layer or
    /// for no layer.
    pub fn of_scenario(&self, artifact: &Artifact) -> bool {
        let scenario = match &self.entry.place {
            Place::Unit { scenario, .. } | Place::Layer { scenario, .. } => scenario,
            _ => return false,
        };
        artifact.target() == scenario
            && artifact
                .subject
                .layer_ruleset()
                .is_none_or(|l| l == self.ruleset.id)
    }

    /// A case, section, table or vocabulary member: what the rules print.
    pub fn in_rules(&self) -> bool {
        matches!(
            self.entry.place,
            Place::Case { .. } | Place::Section { .. } | Place::Table { .. } | Place::Member { .. }
        )
    }

    /// A unit of a scenario's order of battle.
    pub fn unit(&self) -> bool {
        matches!(self.entry.place, Place::Unit { .. })
    }

    /// A unit's counter values.
    pub fn counter(&self) -> bool {
        matches!(self.entry.change, Change::Counter { .. })
    }

    /// Where a unit is set up.
    pub fn deployed(&self) -> bool {
        matches!(self.entry.change, Change::Deployed { .. })
    }

    /// What a counter and a module's tray show of a unit: it, its name,
    /// its values.
    pub fn named(&self) -> bool {
        self.unit()
            && match &self.entry.change {
                Change::Added { .. } | Change::Removed { .. } | Change::Counter { .. } => true,
                Change::Value { field, .. } => field == "name",
                _ => false,
            }
    }

    /// A unit's name or strength in the file's scenario (what an order of
    /// battle prints), not its counter values.
    pub fn in_order_of_battle(&self, artifact: &Artifact) -> bool {
        self.of_scenario(artifact) && self.unit() && !self.counter()
    }

    /// For a file a conversion to this ruleset makes: whether the change is
    /// the scale the conversion reads, or else `otherwise`.
    pub fn by_scale_or(&self, artifact: &Artifact, otherwise: bool) -> bool {
        if self.scale() {
            self.converted_to_ruleset(artifact)
        } else {
            otherwise
        }
    }

    /// The scale a conversion to this ruleset reads (its profile).
    pub fn scale(&self) -> bool {
        matches!(self.entry.place, Place::Profile)
    }

    /// The file was made by a conversion to this ruleset.
    pub fn converted_to_ruleset(&self, artifact: &Artifact) -> bool {
        artifact.subject.converted() && self.of_layer(artifact)
    }

    /// The player aids print the changed table, or one listing the changed
    /// member.
    pub fn on_player_aid(&self) -> bool {
        let mut tables = self.player_aid.iter();
        match &self.entry.place {
            Place::Table { id, .. } => tables.any(|t| &t.id == id),
            Place::Member { vocabulary_id, .. } => tables.any(|t| lists(t, vocabulary_id)),
            _ => false,
        }
    }
}

/// Whether a table has a column or group keyed by the vocabulary.
fn lists(table: &Table, vocabulary: &str) -> bool {
    let of = |v: &Option<String>| v.as_deref() == Some(vocabulary);
    match &table.kind {
        TableKind::Lookup(l) => l.columns.iter().any(|c| of(&c.vocab)),
        TableKind::Modifiers(m) => m.groups.iter().any(|g| of(&g.by)),
        TableKind::DiceTest(d) => d.modifiers.groups.iter().any(|g| of(&g.by)),
        _ => false,
    }
}
