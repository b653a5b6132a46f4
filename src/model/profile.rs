//! A ruleset's conversion profile: how it represents a battle.

/// How a ruleset represents men, guns, time, ground and quality.
#[derive(Debug, Clone, Default)]
pub struct Profile {
    /// "figures" or "points": what one unit of strength is called.
    pub represents: String,
    /// Men per figure or point (infantry and cavalry).
    pub men_per: u32,
    /// Guns per artillery figure, model or point.
    pub guns_per: u32,
    /// The unit of play: battalion, regiment…
    pub level: String,
    /// "none", or "regiment": battalions of one regiment become one unit.
    pub aggregate: String,
    pub turn_minutes: Option<u32>,
    pub metres_per_cm: Option<f64>,
    pub metres_per_hex: Option<f64>,
    /// The ruleset vocabulary of grades, with the neutral mapping both ways.
    pub grade_vocabulary: Option<String>,
    pub grades_to: Vec<(String, String)>,
    pub grades_from: Vec<(String, String)>,
    /// Figures per base by arm, where the rules fix it.
    pub figures_per_base: Vec<(String, u32)>,
    /// Millimetres of frontage per figure by arm (artillery: per battery).
    pub frontage_mm: Vec<(String, f64)>,
    /// The largest unit of play of each arm the rules allow, in figures or
    /// points, where they say.
    pub largest_unit: Vec<(String, u32)>,
    /// The table a formation's general rolls for command each turn (VED's
    /// command points), named on roster cards, and where it is declared.
    pub command_table: Option<(String, crate::diagnostic::Location)>,
    /// Judgement calls the conversion report repeats.
    pub notes: Vec<String>,
}

impl Profile {
    pub fn is_miniatures(&self) -> bool {
        self.represents == "figures"
    }

    pub fn largest_unit(&self, arm: &str) -> Option<u32> {
        self.largest_unit
            .iter()
            .find(|(a, _)| a == arm)
            .map(|(_, n)| *n)
    }

    pub fn grade_for(&self, quality: &str) -> Option<&str> {
        self.grades_to
            .iter()
            .find(|(q, _)| q == quality)
            .map(|(_, g)| g.as_str())
    }

    pub fn quality_for(&self, grade: &str) -> Option<&str> {
        self.grades_from
            .iter()
            .find(|(g, _)| g == grade)
            .map(|(_, q)| q.as_str())
    }
}
