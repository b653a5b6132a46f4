//! What a hex ruleset's counters print: which of a layer's `[values]` go on
//! units and leaders, and the markers its rules use. Declared in
//! `ruleset.toml` under `[counters]`, so that no ruleset's terms live in code.

/// The `[counters]` section of a ruleset.
#[derive(Debug, Clone, Default)]
pub struct CounterSpec {
    /// Value keys printed on a unit's front, joined by "-" (e.g. combat, morale).
    pub unit: Vec<String>,
    /// Value keys printed on a leader's front.
    pub leader: Vec<String>,
    /// Value keys printed on a leader's reduced back.
    pub leader_back: Vec<String>,
    /// Whether the leader's back keeps the name (sombra 15.1: it does not).
    pub leader_back_named: bool,
    /// The label on a unit's back (its disordered or reduced side).
    pub unit_back: String,
    /// A vocabulary whose members' `circles` mark a unit's class on the
    /// right-hand edge (sombra §1.3.1), for the arms in `class_arms`.
    pub class_vocabulary: Option<String>,
    pub class_arms: Vec<String>,
    pub markers: Vec<MarkerSpec>,
}

/// A kind of marker the rules use.
#[derive(Debug, Clone)]
pub struct MarkerSpec {
    pub id: String,
    pub label: String,
    /// Copies printed; for `vocabulary`, copies of each member.
    pub copies: u32,
    /// One marker per member of this vocabulary (e.g. the orders).
    pub vocabulary: Option<String>,
    /// Per side, numbered, in the side's colour: one for every so many of the
    /// side's units (sombra's FFD: at most a third of the units).
    pub one_per_units: Option<u32>,
}

impl CounterSpec {
    /// How many markers a sheet of this ruleset prints, given the members of
    /// each vocabulary and each side's number of units.
    pub fn marker_count(&self, members: impl Fn(&str) -> usize, units_per_side: &[usize]) -> u64 {
        self.markers
            .iter()
            .map(|marker| {
                let copies = u64::from(marker.copies);
                if let Some(vocabulary) = &marker.vocabulary {
                    members(vocabulary) as u64 * copies
                } else if let Some(every) = marker.one_per_units {
                    let every = every.max(1) as usize;
                    units_per_side.iter().map(|n| (n / every) as u64).sum()
                } else {
                    copies
                }
            })
            .sum()
    }
}
