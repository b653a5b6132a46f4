//! What changed between two editions of a project: found by comparing the
//! two models (`grognard diff`), printed as errata and change bars.

use serde::Serialize;

use crate::diagnostic::Location;

/// A change as the author's changelog describes it: where (a case's id or
/// number, a table's id, a unit's id), its kind, and why.
#[derive(Debug, Clone)]
pub struct Noted {
    pub at: NotedAt,
    pub kind: Kind,
    pub reason: Option<String>,
    pub location: Location,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotedAt {
    /// A case or section, by its id or its number in the new edition.
    Case(String),
    Table(String),
    Unit(String),
    /// The ruleset's profile (every change of it).
    Profile,
}

impl NotedAt {
    /// Whether the change at `place` is the one noted.
    pub fn names(&self, place: &Place) -> bool {
        match (self, place) {
            (NotedAt::Case(at), Place::Case { number, id, .. } | Place::Section { number, id }) => {
                at == number || id.as_deref() == Some(at)
            }
            (NotedAt::Table(at), Place::Table { id, .. }) => at == id,
            (NotedAt::Unit(at), Place::Unit { id, .. }) => at == id,
            (NotedAt::Profile, Place::Profile) => true,
            _ => false,
        }
    }
}

/// Every change of one ruleset, and of the scenarios played with it.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RulesetChanges {
    pub id: String,
    pub name: String,
    pub language: String,
    /// The edition strings of `ruleset.toml`, old and new.
    pub old_edition: String,
    pub new_edition: String,
    pub entries: Vec<Entry>,
    /// Cases whose number changed only because cases were added or deleted
    /// before them (old → new): the errata's concordance, not its entries.
    pub renumbered: Vec<(String, String)>,
    /// The outputs that hold something that changed: what to reprint.
    pub reprint: Vec<Reprint>,
}

/// An output to reprint: its file (or folder, for a web edition) under the
/// output folder, its kind, and the entries it holds.
#[derive(Debug, Clone, Serialize)]
pub struct Reprint {
    pub path: String,
    pub kind: String,
    pub entries: Vec<usize>,
}

/// One change, where a reader finds it.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    pub place: Place,
    pub kind: Kind,
    pub change: Change,
    /// Why, from the ruleset's changelog.
    pub reason: Option<String>,
}

/// Where a change is, as the new edition numbers it (the old one for what
/// was deleted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "at", rename_all = "kebab-case")]
pub enum Place {
    /// A case (numbered paragraph), or a chapter's opening text (its number
    /// is the chapter's).
    Case {
        number: String,
        id: Option<String>,
        chapter: String,
    },
    /// A section's heading.
    Section { number: String, id: Option<String> },
    Table {
        number: String,
        id: String,
        title: String,
    },
    /// A member of a vocabulary (a quality, a formation, a terrain…): the
    /// vocabulary's id and title, the member's label.
    Member {
        vocabulary_id: String,
        vocabulary: String,
        member: String,
    },
    /// A unit (or its counter) of a scenario's order of battle: the
    /// scenario's id and title, the unit's id and name.
    Unit {
        scenario: String,
        title: String,
        id: String,
        name: String,
    },
    /// A scenario played with this ruleset: its set-up and arrivals.
    Layer { scenario: String, title: String },
    /// How the ruleset represents a battle (`[profile]` of ruleset.toml):
    /// the scale every conversion to it reads.
    Profile,
}

/// The kind an errata sheet tags a change with: from the changelog, else
/// inferred (an addition, a deletion, or a change).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Correction,
    Addition,
    Clarification,
    Deletion,
    Change,
}

impl Kind {
    pub fn parse(text: &str) -> Option<Kind> {
        Some(match text {
            "correction" => Kind::Correction,
            "addition" => Kind::Addition,
            "clarification" => Kind::Clarification,
            "deletion" => Kind::Deletion,
            "change" => Kind::Change,
            _ => return None,
        })
    }

    pub const NAMES: [&'static str; 5] = [
        "correction",
        "addition",
        "clarification",
        "deletion",
        "change",
    ];
}

/// What changed there.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "what", rename_all = "kebab-case")]
pub enum Change {
    Added {
        text: String,
    },
    Removed {
        text: String,
    },
    /// The same case in other words: each run of words, kept or changed.
    Reworded {
        words: Vec<Words>,
    },
    /// Now under another section (or chapter), with another number.
    Moved {
        from: String,
        to: String,
    },
    /// The same words under another number (cases added or removed before it).
    Renumbered {
        from: String,
        to: String,
    },
    /// A table's cell: its row and column as printed.
    Cell {
        row: String,
        column: String,
        old: String,
        new: String,
    },
    RowAdded {
        row: String,
    },
    RowRemoved {
        row: String,
    },
    /// The values a counter prints (on its front, or on its back), as printed: "4-B".
    Counter {
        back: bool,
        old: String,
        new: String,
    },
    /// Who sets up where (`arrival: false`), or arrives when and where, in
    /// a scenario's layer; `None` where it did not (or no longer does).
    Deployed {
        who: String,
        arrival: bool,
        old: Option<Spot>,
        new: Option<Spot>,
    },
    /// A field of a table, member, unit or layer other than a cell: its
    /// name and its old and new values ("" where there was none).
    Value {
        field: String,
        old: String,
        new: String,
    },
}

/// Where a unit sets up or enters: its hex (and how far from it it may
/// stand), and for an arrival its turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Spot {
    pub hex: String,
    pub within: Option<u32>,
    pub turn: Option<u32>,
}

/// A run of words of a reworded text: kept, taken out or put in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "op", content = "text", rename_all = "kebab-case")]
pub enum Words {
    Same(String),
    Removed(String),
    Inserted(String),
}

impl Entry {
    /// A change as found, before the changelog gives it a kind and reason.
    pub fn new(place: Place, kind: Kind, change: Change) -> Entry {
        Entry {
            place,
            kind,
            change,
            reason: None,
        }
    }
}

impl Place {
    /// The number a reader looks up: a case's or a table's.
    pub fn number(&self) -> &str {
        match self {
            Place::Case { number, .. }
            | Place::Section { number, .. }
            | Place::Table { number, .. } => number,
            _ => "",
        }
    }
}

/// What a rulebook marks as changed since an earlier edition (`build
/// --changes-since`): the cases, by their number in this edition, and the
/// table cells, by table id, row and column as printed ("" column: the
/// whole row).
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// The edition that made the changes, as the margin names it ("" for none).
    pub since: String,
    /// The earlier edition, as the rulebook's legend of the marks names it:
    /// "Edición 1.0", or the revision given where the editions share a name.
    pub earlier: String,
    pub cases: std::collections::BTreeSet<String>,
    pub cells: std::collections::BTreeSet<(String, String, String)>,
}

impl RulesetChanges {
    /// The places of the new edition to mark: cases reworded, added or
    /// moved, and table cells changed or in added rows.
    pub fn marks(&self, since: &str, earlier: &str) -> Marks {
        let mut marks = Marks {
            since: since.to_string(),
            earlier: earlier.to_string(),
            ..Marks::default()
        };
        for entry in &self.entries {
            match (&entry.place, &entry.change) {
                // A deleted case is not in this edition to mark.
                (Place::Case { .. }, Change::Removed { .. }) => {}
                (Place::Case { number, .. }, _) => {
                    marks.cases.insert(number.clone());
                }
                (Place::Table { id, .. }, Change::Cell { row, column, .. }) => {
                    marks
                        .cells
                        .insert((id.clone(), row.clone(), column.clone()));
                }
                (Place::Table { id, .. }, Change::RowAdded { row }) => {
                    marks.cells.insert((id.clone(), row.clone(), String::new()));
                }
                _ => {}
            }
        }
        marks
    }
}
