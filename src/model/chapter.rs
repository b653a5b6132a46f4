//! Chapters of rules prose, as the loader sees them.

use crate::diagnostic::Location;
use crate::source::FileId;

#[derive(Debug, Clone)]
pub struct Chapter {
    pub id: String,
    pub title: String,
    pub number: usize,
    pub file: FileId,
    /// Byte offset where the Markdown body starts (after the front matter).
    pub body_start: usize,
    pub sections: Vec<Section>,
    pub embeds: Vec<(String, Location)>,
    pub references: Vec<(String, Location)>,
    /// Numbers in the text tied to a table's value, `[6 cm](=movement/line/cm)`.
    pub claims: Vec<Claim>,
    pub examples: Vec<Example>,
    /// Editor's notes (`[^label]: …`), each defined once, and where the
    /// text refers to them (`[^label]`).
    pub notes: Vec<(String, Location)>,
    pub note_refs: Vec<(String, Location)>,
    /// Cases given an id (`{#id}` ending the paragraph), in order, with
    /// their number within their section.
    pub cases: Vec<Case>,
    /// The body, parsed once.
    pub body: Body,
    pub location: Location,
}

/// A number in running text that states a table's value: the words as
/// printed, and the path to the value (table, row keys, column).
#[derive(Debug, Clone)]
pub struct Claim {
    pub text: String,
    pub path: Vec<String>,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Section {
    pub id: Option<String>,
    pub title: String,
    /// "13.4" or "13.4.1".
    pub number: String,
    pub level: usize,
    pub location: Location,
}

/// A paragraph the author gave an id, so that it can be cited and linked
/// whatever is added before it.
#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    /// "13.4.2": its section's number and its place among the section's cases.
    pub number: String,
    pub location: Location,
}

/// A checkable worked example: inputs from one table and the numbers the prose claims.
#[derive(Debug, Clone)]
pub struct Example {
    pub table: String,
    pub title: Option<String>,
    pub inputs: Vec<(String, Location)>,
    pub roll: Option<i64>,
    /// For a lookup table: the row, chosen by members of its key columns.
    pub select: Vec<(String, String, Location)>,
    /// For a lookup table: a factor applied to the looked-up values ("1/2").
    pub scale: Option<crate::model::Ratio>,
    pub claims: Vec<(String, f64, Location)>,
    pub location: Location,
}

/// A chapter's Markdown, parsed once when the chapter is loaded: its nodes in
/// document order, containers opening and closing, each with its byte range
/// in the chapter file. The checker and the renderers read this, never the
/// Markdown again.
#[derive(Debug, Clone, Default)]
pub struct Body {
    pub nodes: Vec<(Node, std::ops::Range<usize>)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Open(Container),
    Close(Container),
    /// Running text, as the reader sees it (escapes and entities decoded).
    Text(String),
    /// `inline code`
    Code(String),
    SoftBreak,
    HardBreak,
    /// A thematic break (`---`).
    Rule,
    /// Raw HTML, which the rulebook prints as text.
    Html(String),
    /// A code block that is no directive, printed verbatim.
    CodeBlock(String),
    /// ```` ```table <id> ````: the table, embedded here.
    Embed(String),
    /// ```` ```example <table> ````: the chapter's example at this index.
    Example(usize),
    /// A link to `#id` in any link form: prints the target's number.
    Reference(String),
    /// ```` ```diagram ````: hexes, units and arrows drawn as vectors.
    Diagram(Box<super::diagram::Diagram>),
    /// `[^label]`: a reference to an editor's note of this chapter.
    NoteRef(String),
    /// Opens a paragraph of a section: its case number ("13.4.2") and the
    /// id the author gave it (`{#id}` ending the paragraph).
    Case {
        number: String,
        id: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Container {
    Paragraph,
    /// Level 1 for `##` sections, 2 for `###` subsections.
    Heading {
        level: usize,
        id: Option<String>,
    },
    Emphasis,
    Strong,
    Strikethrough,
    Quote,
    List {
        start: Option<u64>,
    },
    Item,
    Link {
        url: String,
        email: bool,
    },
    /// `[^label]: …`: an editor's note, printed with the end-notes.
    Note {
        label: String,
    },
}
