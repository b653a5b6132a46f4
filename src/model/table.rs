//! Typed tables: the single source for rulebook, quick reference and checks.

use crate::diagnostic::Location;
use crate::source::FileId;

use super::{Dice, Ratio};

#[derive(Debug, Clone)]
pub struct Table {
    pub id: String,
    pub title: String,
    /// Rules that go with the table, printed under it.
    pub note: Option<String>,
    /// The editor's remarks on the sources (what the source prints, how it
    /// was read): set apart from the rules, never on a player aid.
    pub editor_note: Option<String>,
    pub source: Option<String>,
    pub kind: TableKind,
    pub file: FileId,
    pub location: Location,
    /// Lints switched off for this table, each with the author's reason.
    pub allow: Vec<Allow>,
    /// Printed on the quick-reference sheet.
    pub qrs: bool,
}

impl Table {
    /// Every piece of running text the table prints: its note, text cells,
    /// results, labels and steps, where cross-references may be written.
    pub fn texts(&self) -> Vec<&str> {
        let mut texts: Vec<&str> = self.note.iter().map(String::as_str).collect();
        fn labels(m: &ModifierTable) -> Vec<&str> {
            m.groups
                .iter()
                .flat_map(|g| g.modifiers.iter().map(|m| m.label.as_str()))
                .collect()
        }
        match &self.kind {
            TableKind::Modifiers(m) => texts.extend(labels(m)),
            TableKind::DiceTest(t) => {
                texts.extend(labels(&t.modifiers));
                texts.extend(t.on_success.as_deref());
                texts.extend(
                    t.successes
                        .iter()
                        .chain(&t.failures)
                        .map(|b| b.result.as_str()),
                );
            }
            TableKind::Lookup(l) => texts.extend(l.rows.iter().flatten().filter_map(|c| match c {
                Cell::Text(t) => Some(t.as_str()),
                _ => None,
            })),
            TableKind::Sequence(s) => {
                for step in &s.steps {
                    texts.push(&step.text);
                    texts.extend(step.steps.iter().map(String::as_str));
                }
            }
            TableKind::Crt(c) => texts.extend(c.shifts.iter().map(|s| s.label.as_str())),
            TableKind::Ranges(_) | TableKind::Missing(_) => {}
        }
        texts
    }
}

/// The cross-references written in a table's text, `[](#id)`, as the
/// offset of each and the id it names.
pub fn references(text: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut rest = 0;
    while let Some(at) = text[rest..].find("[](#") {
        let start = rest + at;
        let id_start = start + 4;
        let Some(len) = text[id_start..].find(')') else {
            break;
        };
        found.push((start, &text[id_start..id_start + len]));
        rest = id_start + len;
    }
    found
}

#[derive(Debug, Clone)]
pub struct Allow {
    pub lint: String,
    pub reason: String,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub enum TableKind {
    Modifiers(ModifierTable),
    DiceTest(DiceTest),
    Ranges(RangeTable),
    Lookup(LookupTable),
    Sequence(Sequence),
    /// A combat results table: odds or differential columns × die roll.
    Crt(Crt),
    /// Referred to by the source but not printed in it.
    Missing(MissingTable),
}

/// What is known of a table the source refers to but does not print: the
/// heads of its columns and rows, where the text names them, for a blank
/// form the players fill in. Never values.
#[derive(Debug, Clone, Default)]
pub struct MissingTable {
    pub columns: Vec<String>,
    pub rows: Vec<String>,
}

impl TableKind {
    pub fn name(&self) -> &'static str {
        match self {
            TableKind::Modifiers(_) => "modifiers",
            TableKind::DiceTest(_) => "dice-test",
            TableKind::Ranges(_) => "ranges",
            TableKind::Lookup(_) => "lookup",
            TableKind::Sequence(_) => "sequence",
            TableKind::Crt(_) => "crt",
            TableKind::Missing(_) => "missing",
        }
    }
}

/// A combat results table: a column per odds ratio ("3-1") or strength
/// difference ("+2"), a row per die roll (or run of rolls), each cell a code
/// of the result vocabulary; circumstances shift the column.
#[derive(Debug, Clone)]
pub struct Crt {
    pub dice: Dice,
    /// "odds" or "differential".
    pub by: String,
    /// The columns as printed, each where it is written.
    pub columns: Vec<(String, Location)>,
    /// The vocabulary whose members are the result codes.
    pub results: String,
    pub rows: Vec<CrtRow>,
    pub shifts: Vec<Shift>,
    /// What odds past either end of the table give.
    pub beyond: Option<Beyond>,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct CrtRow {
    /// The rolls the row stands for, lowest and highest.
    pub rolls: (i64, i64),
    pub cells: Vec<String>,
    pub location: Location,
}

/// "3", or "5–6" for a run of rolls.
pub fn roll_text((low, high): (i64, i64)) -> String {
    if low == high {
        low.to_string()
    } else {
        format!("{low}–{high}")
    }
}

/// A circumstance that moves the attack along the columns.
#[derive(Debug, Clone)]
pub struct Shift {
    pub label: String,
    /// Columns to the right (towards the attacker's best), or left when negative.
    pub columns: i64,
    pub location: Location,
}

/// Odds past the table's ends: the end column, or a result of their own.
#[derive(Debug, Clone)]
pub enum Beyond {
    EndColumn,
    Results { below: String, above: String },
}

impl Crt {
    /// Each column's place on the scale it is ordered by: odds as a
    /// fraction, differentials as a whole number; `None` where it cannot be read.
    pub fn column_values(&self) -> Vec<Option<f64>> {
        self.columns
            .iter()
            .map(|(label, _)| column_value(&self.by, label))
            .collect()
    }
}

/// "3-1", "3:1" or "1-2" as 3.0, 3.0 or 0.5; "+2", "0", "-1" as numbers.
pub fn column_value(by: &str, label: &str) -> Option<f64> {
    let label = label.trim().replace(['–', '−'], "-");
    if by == "odds" {
        let (a, b) = label.split_once(['-', ':'])?;
        let (a, b): (f64, f64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        (a > 0.0 && b > 0.0).then_some(a / b)
    } else {
        label
            .trim_start_matches('+')
            .parse::<i64>()
            .ok()
            .map(|n| n as f64)
    }
}

/// Numbered steps, such as a sequence of play; a step may have sub-steps.
#[derive(Debug, Clone)]
pub struct Sequence {
    /// How steps are numbered: "1" (1, 2, 3), "A" (A, B, C) or "a".
    pub numbering: char,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone)]
pub struct Step {
    pub text: String,
    pub steps: Vec<String>,
}

impl Sequence {
    /// The label of step `index` (0-based): "3", "C" or "c".
    pub fn label(&self, index: usize) -> String {
        match self.numbering {
            'A' | 'a' => {
                let letter = (b'A' + (index % 26) as u8) as char;
                if self.numbering == 'a' {
                    letter.to_ascii_lowercase().to_string()
                } else {
                    letter.to_string()
                }
            }
            _ => (index + 1).to_string(),
        }
    }

    /// The label of sub-step `sub` of step `index`: "2.1." or "B1.".
    pub fn sub_label(&self, index: usize, sub: usize) -> String {
        match self.numbering {
            'A' | 'a' => format!("{}{}.", self.label(index), sub + 1),
            _ => format!("{}.{}.", self.label(index), sub + 1),
        }
    }
}

/// What a modifier table starts from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Base {
    Fixed(i64),
    Roll(Dice),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    Up,
    Down,
    Nearest,
    None,
}

/// A base and groups of modifiers (fire points, command points…).
#[derive(Debug, Clone)]
pub struct ModifierTable {
    pub base: Base,
    pub rounding: Rounding,
    pub minimum: Option<i64>,
    pub groups: Vec<Group>,
    /// The table whose rows the result is looked up in, where the author says.
    pub feeds: Option<Feeds>,
}

/// Where a computed result is used next: a table, the column it is read in,
/// and the values that table covers where no column of it shows them.
#[derive(Debug, Clone)]
pub struct Feeds {
    pub table: String,
    pub column: Option<String>,
    pub domain: Option<(f64, f64)>,
    pub location: Location,
}

impl ModifierTable {
    /// The table's result from its exact value: rounded as it says, and
    /// never below its minimum.
    pub fn finish(&self, exact: Ratio) -> i64 {
        let result = match self.rounding {
            Rounding::Up => exact.ceil(),
            Rounding::Down | Rounding::None => exact.floor(),
            Rounding::Nearest => exact.round(),
        };
        self.minimum.map_or(result, |minimum| result.max(minimum))
    }

    pub fn modifier(&self, id: &str) -> Option<(&Group, &Modifier)> {
        self.groups
            .iter()
            .flat_map(|g| g.modifiers.iter().map(move |m| (g, m)))
            .find(|(_, m)| m.id == id)
    }
}

#[derive(Debug, Clone)]
pub struct Group {
    pub title: String,
    /// The vocabulary whose members key this group's values.
    pub by: Option<String>,
    pub by_location: Option<Location>,
    /// Only the most penalising modifier of the group applies.
    pub exclusive: bool,
    /// At most one member can be the case (mutually exclusive situations).
    pub choice: bool,
    /// The group deliberately lists only some members of `by`.
    pub partial: bool,
    pub monotonic: Option<String>,
    pub modifiers: Vec<Modifier>,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Modifier {
    pub id: String,
    pub label: String,
    pub effect: Effect,
    pub location: Location,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Effect {
    Add(i64),
    Factor(Ratio),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    AtMost,
    AtLeast,
}

/// A roll against a modified base, with results by margin of failure.
#[derive(Debug, Clone)]
pub struct DiceTest {
    pub dice: Dice,
    pub pass: Pass,
    pub modifiers: ModifierTable,
    /// The modifiers are added to the roll ("+2 to the roll"), not to the
    /// base the roll is compared with.
    pub modifies_roll: bool,
    pub on_success: Option<String>,
    /// Results by margin of success (0: made it exactly).
    pub successes: Vec<FailureBand>,
    /// Results by margin of failure (1: missed by one).
    pub failures: Vec<FailureBand>,
}

impl DiceTest {
    /// The number the roll is compared with, for a base and a total of modifiers.
    pub fn target(&self, base: i64, total: i64) -> i64 {
        if self.modifies_roll {
            base - total
        } else {
            base + total
        }
    }
}

/// A run of margins of success or failure and its result; the result may
/// send the player on to another table ("roll on table X").
#[derive(Debug, Clone)]
pub struct FailureBand {
    pub from: i64,
    pub to: Option<i64>,
    pub result: String,
    /// The table rolled on next, and where that is written.
    pub then: Option<(String, Location)>,
    pub location: Location,
}

/// Weapon × range band bounds, as printed.
#[derive(Debug, Clone)]
pub struct RangeTable {
    pub unit: String,
    /// The gap the rules' convention leaves between bands ("0–2, 2,1–5": 0.1).
    pub step: Option<f64>,
    /// Where the scale starts, and so the first band (0 unless the table says).
    pub origin: f64,
    pub by: String,
    pub bands: Vec<String>,
    pub rows: Vec<RangeRow>,
}

#[derive(Debug, Clone)]
pub struct RangeRow {
    pub key: String,
    pub bounds: Vec<(f64, f64)>,
    pub location: Location,
}

/// Rows keyed by vocabulary members, with value columns (also grids).
#[derive(Debug, Clone)]
pub struct LookupTable {
    pub columns: Vec<Column>,
    pub group_by: Option<String>,
    pub rows: Vec<Vec<Cell>>,
    /// Where each row's cells are written, per column.
    pub cell_locations: Vec<Vec<Location>>,
    /// Each row's own `id`, where the author gives one.
    pub row_ids: Vec<Option<String>>,
    /// Named constants keyed by vocabulary member, for column rules.
    pub constants: Vec<(String, Vec<(String, f64)>)>,
}

#[derive(Debug, Clone)]
pub struct Column {
    pub id: String,
    pub label: String,
    pub vocab: Option<String>,
    pub unit: Option<String>,
    /// The column deliberately covers only some members of `vocab`.
    pub partial: bool,
    /// "increasing" or "decreasing" along the vocabulary column `along`.
    pub monotonic: Option<(String, String)>,
    /// The rule every cell follows, with where it is written.
    pub rule: Option<(crate::model::expr::Expr, Location)>,
    pub location: Location,
}

impl Cell {
    /// The cell's value when it is a number or a fraction.
    pub fn number(&self) -> Option<f64> {
        match self {
            Cell::Integer(n) => Some(*n as f64),
            Cell::Decimal(f) => Some(*f),
            Cell::Fraction(r) | Cell::Signed(r) => Some(r.as_f64()),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Keys(Vec<String>),
    Integer(i64),
    Decimal(f64),
    Fraction(Ratio),
    /// A number written with its sign, "+1": a modifier, printed so.
    Signed(Ratio),
    /// Printed as a dash: not allowed, no value.
    Dash,
    Text(String),
}
