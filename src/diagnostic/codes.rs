//! Every diagnostic code grognard reports, in one place (a long file because
//! it is a list, one entry per code, not logic): its default
//! severity, a one-line summary, the long explanation `grognard explain`
//! prints, and for the consistency lints the failing and passing sources of
//! the test fixture they are checked against. A diagnostic is made from one
//! of these constants (`Diagnostic::of(codes::LIMIT, …)`), which gives it its
//! severity; a code reported at a second severity has a named constant for
//! that case in [`LESSER`]. The README's tables are tested against this list.

use super::Severity;

/// What part of the work a code belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Reading the sources: files, TOML, fields, ids, chapters.
    Source,
    /// The consistency lints over a ruleset's tables and prose.
    Lint,
    /// Orders of battle, scenarios, layers and conversions.
    Scenario,
    /// Making the outputs.
    Output,
}

/// A failing source and its passing counterpart: the main file of the
/// fixture folder `tests/fixtures/lints/<code>/{fail,pass}/`, by its path in
/// the project.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    pub failing: (&'static str, &'static str),
    pub passing: Option<(&'static str, &'static str)>,
}

/// A code of the catalogue: `Diagnostic::of(codes::LIMIT, …)` reports at
/// its severity.
#[derive(Debug, Clone, Copy)]
pub struct Code {
    pub code: &'static str,
    pub severity: Severity,
    pub family: Family,
    pub summary: &'static str,
    pub explanation: &'static str,
    pub example: Option<Example>,
}

/// A file of a code's fixture folder, `tests/fixtures/lints/<code>/<case>/`,
/// by its path in the project that case is laid over.
macro_rules! fixture {
    ($code:literal, $case:literal, $path:literal) => {
        (
            $path,
            include_str!(concat!(
                "../../tests/fixtures/lints/",
                $code,
                "/",
                $case,
                "/",
                $path
            )),
        )
    };
}

/// One entry: code, severity, family, summary, explanation, and for a lint
/// its failing fixture and optionally the passing one.
macro_rules! code {
    ($code:literal, $severity:ident, $family:ident, $summary:literal, $explanation:literal
     $(, $failing:literal $(, $passing:literal)?)?) => {
        Code {
            code: $code,
            severity: Severity::$severity,
            family: Family::$family,
            summary: $summary,
            explanation: $explanation,
            example: code!(@example $code $(, $failing $(, $passing)?)?),
        }
    };
    (@example $code:literal) => { None };
    (@example $code:literal, $failing:literal) => {
        Some(Example { failing: fixture!($code, "fail", $failing), passing: None })
    };
    (@example $code:literal, $failing:literal, $passing:literal) => {
        Some(Example {
            failing: fixture!($code, "fail", $failing),
            passing: Some(fixture!($code, "pass", $passing)),
        })
    };
}

pub fn lookup(code: &str) -> Option<&'static Code> {
    CODES.iter().find(|c| c.code == code)
}

impl Family {
    /// The name the README's generated tables use.
    pub fn name(self) -> &'static str {
        match self {
            Family::Source => "source",
            Family::Lint => "lint",
            Family::Scenario => "scenario",
            Family::Output => "output",
        }
    }
}

pub fn severity_name(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A Markdown table of the codes of some families, for the README.
pub fn markdown_table(families: &[Family]) -> String {
    let mut table = String::from("| code | severity | what it reports |\n|---|---|---|\n");
    for code in CODES.iter().filter(|c| families.contains(&c.family)) {
        let lesser = LESSER.iter().filter(|l| l.code == code.code);
        let severities: Vec<&str> = std::iter::once(code)
            .chain(lesser)
            .map(|c| severity_name(c.severity))
            .collect();
        table.push_str(&format!(
            "| `{}` | {} | {} |\n",
            code.code,
            severities.join(", "),
            code.summary.replace('|', "\\|")
        ));
    }
    table
}

/// Codes reported at a second, lesser severity in one named case each: the
/// call site names the case, the catalogue keeps the severity.
pub static LESSER: &[Code] = &[CONVERT_JUDGEMENT, UNUSED_NOTE, TYPST_WARNING];

/// A judgement a conversion had to make: a warning of `convert`.
pub const CONVERT_JUDGEMENT: Code = Code {
    severity: Severity::Warning,
    ..CONVERT
};

/// An editor's note written but referred to nowhere: a warning of `broken-note`.
pub const UNUSED_NOTE: Code = Code {
    severity: Severity::Warning,
    ..BROKEN_NOTE
};

/// What Typst warns of while typesetting: a warning of `typst-error`.
pub const TYPST_WARNING: Code = Code {
    severity: Severity::Warning,
    ..TYPST_ERROR
};

/// Every code, in the order `explain` and the README list them.
pub static CODES: &[Code] = &[
    TOML_SYNTAX,
    INVALID_FIELD,
    INVALID_UTF8,
    OUTSIDE_PROJECT,
    IO_ERROR,
    LIMIT,
    INVALID_ID,
    INVALID_DICE,
    RULESET_ID_MISMATCH,
    UNKNOWN_LANGUAGE,
    INVALID_MESSAGES,
    UNKNOWN_TABLE_KIND,
    UNKNOWN_COLUMN,
    RULE_SYNTAX,
    INVALID_MARKER,
    UNKNOWN_VOCABULARY,
    UNKNOWN_VOCABULARY_KEY,
    DUPLICATE_ID,
    UNKNOWN_TABLE,
    BROKEN_REFERENCE,
    BROKEN_NOTE,
    MISSING_FRONT_MATTER,
    HEADING_LEVEL,
    INVALID_DIRECTIVE,
    INVALID_EXAMPLE,
    UNKNOWN_EXAMPLE_INPUT,
    UNSUPPORTED_MARKDOWN,
    INVALID_COLOUR,
    RANGE_BANDS,
    CRT_COLUMNS,
    CRT_ROWS,
    CRT_SHIFTS,
    RANGE_ORIGIN,
    FEEDS_DOMAIN,
    PROSE_CLAIM,
    DICE_COVERAGE,
    DICE_PROBABILITY,
    VOCABULARY_COVERAGE,
    MODIFIER_SIGN,
    MONOTONIC,
    CELL_RULE,
    EXAMPLE_CLAIM,
    PROSE_ARITHMETIC,
    MISSING_TABLE,
    UNUSED_ALLOW,
    UNKNOWN_REFERENCE,
    UNKNOWN_RULESET,
    FORMATION_TREE,
    INCONSISTENT_UNIT,
    CLOCK,
    INVALID_TIME,
    INVALID_DATE,
    INVALID_HEX,
    UNKNOWN_TERRAIN,
    TERRAIN_KIND,
    HEXSIDE_NOT_ADJACENT,
    HEXSIDE_CONFLICT,
    PATH_GAP,
    EMPTY_ZONE,
    SETUP_OUTSIDE_ZONE,
    SETUP_TERRAIN,
    STACKING,
    HEX_OFF_MAP,
    ARRIVAL_OUTSIDE_GAME,
    ARRIVAL_MISMATCH,
    PLACED_NOT_ENGAGED,
    BROUGHT_TWICE,
    UNPLACED_COUNTER,
    ZERO_STRENGTH,
    ARRIVAL_ROUNDING,
    STATED_TOTAL,
    THRESHOLD,
    COUNTER_VALUES,
    SCENARIO_ID_MISMATCH,
    MISSING_DATA,
    MISSING_TRANSLATION,
    CONVERT,
    UNKNOWN_TARGET,
    TEMPLATE_ERROR,
    TYPST_ERROR,
    LAYOUT,
    LABEL_OVERFLOW,
    COUNTER_OVERFLOW,
    CHANGELOG_UNMATCHED,
    VASSAL_HEX_NAMES,
    VASSAL_MODULE,
    CARD_OVERFLOW,
    QRS_OVERFLOW,
    SOURCE_DATE_EPOCH,
];

// ---- Reading the sources
pub const TOML_SYNTAX: Code = code!(
    "toml-syntax",
    Error,
    Source,
    "the file is not valid TOML",
    "The file cannot be read as TOML. The diagnostic points at the exact character where the \
     parser stopped; the cause is often a little before it (a missing quote, `=` or bracket)."
);

pub const INVALID_FIELD: Code = code!(
    "invalid-field",
    Error,
    Source,
    "a field is missing, unknown or of the wrong type or value",
    "A field of a source file is missing, not one the format knows, or holds the wrong kind of \
     value. Every such field of a file is reported in one run, each at its place, with what was \
     expected in words (for example \"a whole number of men\"). docs/format.md lists the fields \
     of every file."
);

pub const INVALID_UTF8: Code = code!(
    "invalid-utf8",
    Error,
    Source,
    "a source file is not UTF-8, at the first bad byte",
    "Sources are read as UTF-8. Save the file as UTF-8 (most editors offer it under \"Save \
     as\"); the diagnostic shows the line and column of the first byte that is not."
);

pub const OUTSIDE_PROJECT: Code = code!(
    "outside-project",
    Error,
    Source,
    "a source or template is a link that leads outside the project folder",
    "grognard reads only inside the project folder, so that a project from someone else cannot \
     make it read your files. A chapter, table or template that is a symbolic link to a file \
     outside the project is refused; copy the file into the project instead."
);

pub const IO_ERROR: Code = code!(
    "io-error",
    Error,
    Source,
    "a file cannot be read or written",
    "The operating system refused to read a source or to write an output (permissions, a full \
     disk, a folder where a file should be). The other outputs are still written, and an \
     earlier output file is left as it was."
);

pub const LIMIT: Code = code!(
    "limit",
    Error,
    Source,
    "a source goes over a limit; says how to raise it",
    "Counts that a source can inflate (file size, string length, turns, copies, counters, \
     units, nesting depth, dice totals) have limits, so that a mistyped number cannot make a \
     build run for hours. The limits are set in `[limits]` of grognard.toml \
     (docs/format.md, \"Limits\"); the diagnostic names the one to raise."
);

pub const INVALID_ID: Code = code!(
    "invalid-id",
    Error,
    Source,
    "ids are lower-case ASCII words joined by `-`",
    "Ids name files, labels and cross-references and are typed by hand: lower-case ASCII \
     letters and digits, in words joined by single hyphens, at most 100 characters \
     (`fire-table`, `fr-1leger-2`)."
);

pub const INVALID_DICE: Code = code!(
    "invalid-dice",
    Error,
    Source,
    "dice not written like `2d6`",
    "Dice are written as a count, `d` and the number of sides: `1d6`, `2d6`, `1d10`. The count \
     and sides are limited so that every chance can be computed exactly."
);

pub const RULESET_ID_MISMATCH: Code = code!(
    "ruleset-id-mismatch",
    Error,
    Source,
    "`ruleset.toml`'s id differs from its folder",
    "A ruleset's id is the name of its folder under content/; the `id` of its ruleset.toml \
     must be the same, so that targets, outputs and references agree."
);

pub const UNKNOWN_LANGUAGE: Code = code!(
    "unknown-language",
    Error,
    Source,
    "a language the rulebook cannot typeset",
    "A ruleset's `language` chooses the rulebook's words (chapter, table, contents), \
     hyphenation and number format. grognard ships `es`, `ru` and `en`; a project adds \
     another by giving its messages in `templates/messages/<language>.ftl`."
);

pub const INVALID_MESSAGES: Code = code!(
    "invalid-messages",
    Error,
    Source,
    "a project's message file does not parse or lacks messages",
    "A project may add a language, or reword one grognard ships, with a Project Fluent file \
     `templates/messages/<language>.ftl` (`grognard messages en > templates/messages/fr.ftl`, \
     then translate the right-hand sides). The file is named after its language code, parses as Fluent, and gives every \
     message the English file gives, with `formats` naming the locale numbers and dates follow \
     (`fr-FR`). A file with errors is not used."
);

pub const UNKNOWN_TABLE_KIND: Code = code!(
    "unknown-table-kind",
    Error,
    Source,
    "`kind` is not one of the table kinds",
    "A table's `kind` says how it is read and checked: `modifiers`, `dice-test`, `ranges`, \
     `lookup`, `sequence` or `missing` (docs/format.md). The diagnostic suggests the closest."
);

pub const UNKNOWN_COLUMN: Code = code!(
    "unknown-column",
    Error,
    Source,
    "a lookup row names a column the table does not declare",
    "Each value in a lookup table's rows belongs to a column declared in `columns`. Declare \
     the column, or correct its name in the row."
);

pub const RULE_SYNTAX: Code = code!(
    "rule-syntax",
    Error,
    Source,
    "a column's `rule` does not parse",
    "A lookup column may declare `rule`, an expression every cell of the column must equal \
     (`ceil(figures / per_die[arm]) + 1`). The diagnostic points at the character inside the \
     rule where it stops making sense.",
    "content/lints/tables/rule.toml",
    "content/lints/tables/rule.toml"
);

pub const INVALID_MARKER: Code = code!(
    "invalid-marker",
    Error,
    Source,
    "a `[[marker]]` of a ruleset is incomplete or contradictory",
    "A marker of ruleset.toml is printed on counter sheets: it needs an id and a label, and \
     either copies, one per vocabulary member, or one per so many units of a side."
);

pub const UNKNOWN_VOCABULARY: Code = code!(
    "unknown-vocabulary",
    Error,
    Source,
    "a table names a vocabulary the ruleset does not declare",
    "Groups (`by`) and lookup columns name a vocabulary of the ruleset (`grade`, `formation`, \
     …). Declare it under `[vocabulary.<id>]` in ruleset.toml, or correct the name."
);

pub const UNKNOWN_VOCABULARY_KEY: Code = code!(
    "unknown-vocabulary-key",
    Error,
    Source,
    "a table names a member its vocabulary does not have",
    "A modifier, row or cell names a member (`veteranos`) its vocabulary does not list. The \
     diagnostic suggests the closest member."
);

pub const DUPLICATE_ID: Code = code!(
    "duplicate-id",
    Error,
    Source,
    "two things of one kind share an id (both places shown)",
    "Tables, chapters, sections, vocabulary members, sides, leaders, formations, units and \
     areas are referred to by id, so each id is used once. Both definitions are shown."
);

pub const UNKNOWN_TABLE: Code = code!(
    "unknown-table",
    Error,
    Source,
    "an embed, example or quick-reference phase names no table",
    "A ```` ```table <id> ```` block, an example or a `[[qrs]]` phase of `ruleset.toml` \
     names a table the ruleset does not have. The diagnostic suggests the closest id."
);

pub const BROKEN_REFERENCE: Code = code!(
    "broken-reference",
    Error,
    Source,
    "`[](#id)` points at no chapter, section or table",
    "A link to `#id` prints the number of a chapter, section (`{#id}` on its heading) or \
     table. The id must exist in the ruleset."
);

pub const BROKEN_NOTE: Code = code!(
    "broken-note",
    Error,
    Source,
    "an editor's note referred to but not written, or written but not referred to",
    "The editor's remarks on the sources go in Markdown footnotes: `[^label]` after the \
     words, `[^label]: the note` as a paragraph of the same chapter. The rulebook prints \
     them as numbered end-notes. A reference needs its note in the same chapter; a note \
     that nothing refers to is a warning."
);

pub const MISSING_FRONT_MATTER: Code = code!(
    "missing-front-matter",
    Error,
    Source,
    "a chapter does not start with `+++` front matter",
    "Each chapter starts with its id and title between `+++` lines:\n\n    +++\n    id = \
     \"fuego\"\n    title = \"Fuego\"\n    +++"
);

pub const HEADING_LEVEL: Code = code!(
    "heading-level",
    Error,
    Source,
    "`#` headings, or a `###` before any `##`",
    "The chapter's title comes from its front matter; its sections are `##` and subsections \
     `###`, numbered 13.4 and 13.4.1. A `###` must follow a `##`."
);

pub const INVALID_DIRECTIVE: Code = code!(
    "invalid-directive",
    Error,
    Source,
    "a `table`/`example` block without a table id",
    "Blocks ```` ```table <id> ```` and ```` ```example <id> ```` name the table they embed \
     or compute."
);

pub const INVALID_EXAMPLE: Code = code!(
    "invalid-example",
    Error,
    Source,
    "an example on a table that cannot compute it, or an unknown claim",
    "A worked example computes a modifier, dice-test or lookup table. Its claims name what the \
     table gives (`sum`, `result`, a column); the diagnostic lists the names it knows."
);

pub const UNKNOWN_EXAMPLE_INPUT: Code = code!(
    "unknown-example-input",
    Error,
    Source,
    "an example input is no modifier of its table",
    "An example's `inputs` are ids of the modifiers of its table; the diagnostic suggests the \
     closest."
);

pub const UNSUPPORTED_MARKDOWN: Code = code!(
    "unsupported-markdown",
    Warning,
    Source,
    "images; raw HTML is printed as text",
    "Chapters are Markdown without images or HTML: the rulebook prints raw HTML as text, and \
     images are not supported yet."
);

pub const INVALID_COLOUR: Code = code!(
    "invalid-colour",
    Error,
    Source,
    "a colour that is not `#rgb`, `#rrggbb` or `#rrggbbaa`",
    "Side and nation colours are hex colours such as \"#2b4c9b\"."
);

// ---- Consistency lints
pub const RANGE_BANDS: Code = code!(
    "range-bands",
    Error,
    Lint,
    "a gap or an overlap between the bands of a ranges table",
    "The bands of a ranges table (musket ranges, distances) must touch: each starts where the \
     last ends, with the rules' convention that \"0–2, 2,1–5\" is [0, 2] then (2, 5]. `step` \
     (default 0.1 for decimal tables, 1 for whole numbers) says how far apart touching bounds \
     are written.",
    "content/lints/tables/ranges.toml",
    "content/lints/tables/ranges.toml"
);

pub const CRT_COLUMNS: Code = code!(
    "crt-columns",
    Error,
    Lint,
    "a combat results table's columns unreadable or out of order",
    "The columns of a `crt` table run from the attacker's worst odds (\"1-3\") to his best \
     (\"6-1\"), or from the lowest difference of strengths (\"-3\") to the highest (\"+4\"), \
     each once: a shift moves along them, so their order is the rule.",
    "content/lints/tables/crt.toml",
    "content/lints/tables/crt.toml"
);

pub const CRT_ROWS: Code = code!(
    "crt-rows",
    Error,
    Lint,
    "a roll with no row of a combat results table, or with two",
    "A `crt` table has a row for every roll its dice can make (`roll = 3`, or a run, \
     `roll = \"5-6\"`), each roll in exactly one row, and no row for a roll they cannot make.",
    "content/lints/tables/crt.toml",
    "content/lints/tables/crt.toml"
);

pub const CRT_SHIFTS: Code = code!(
    "crt-shifts",
    Error,
    Lint,
    "a column shift that leaves the combat results table",
    "A shift moves the attack at least one column and fewer than the table has. Shifts can \
     carry odds past the table's ends, so a table with shifts says what happens there: \
     `beyond = \"end-column\"` (read in the end column) or the results past each end, \
     `beyond = { below = \"ae\", above = \"de\" }`.",
    "content/lints/tables/crt.toml",
    "content/lints/tables/crt.toml"
);

pub const RANGE_ORIGIN: Code = code!(
    "range-origin",
    Error,
    Lint,
    "a ranges table whose first band does not start where its scale starts",
    "The first band of each row of a ranges table starts at the scale's origin: 0, unless \
     the table says `origin = 1` (hexes counted from the adjacent one) or another. A first \
     band from 5 cm leaves the nearer distances without a rule.",
    "content/lints/tables/ranges.toml",
    "content/lints/tables/ranges.toml"
);

pub const FEEDS_DOMAIN: Code = code!(
    "feeds-domain",
    Error,
    Lint,
    "a computed result that the table it feeds does not cover",
    "A modifiers table that says `feeds = { table = \"…\", column = \"…\" }` has its \
     result looked up in that table: every combination of modifiers the groups allow (and \
     every roll of a rolled base) must give a value the column covers (numbers, \"3-5\", \
     \"13+\"), or the table's `domain = [lowest, highest]` where it is not printed. The \
     message gives a combination that escapes it.",
    "content/lints/tables/morale-points.toml",
    "content/lints/tables/morale-points.toml"
);

pub const PROSE_CLAIM: Code = code!(
    "prose-claim",
    Error,
    Lint,
    "a number in the text that disagrees with the table value it states",
    "A number written `[6 cm](=movement/line/cm)` in a chapter states a table's value: the \
     path names the table, the keys of its row and the column (or, in a modifiers or dice \
     test table, a modifier's id or `base`). The link's words print as they are; the number \
     in them must be the table's (with its sign where the text writes one).",
    "content/lints/chapters/01-claims.md",
    "content/lints/chapters/01-claims.md"
);

pub const DICE_COVERAGE: Code = code!(
    "dice-coverage",
    Error,
    Lint,
    "a reachable roll that no result band covers, or that two cover",
    "Every roll, under every combination of modifiers the table can reach, must land in \
     exactly one result band. The diagnostic names the margin, the roll and a modifier \
     combination that reaches it.",
    "content/lints/tables/dice.toml",
    "content/lints/tables/dice.toml"
);

pub const DICE_PROBABILITY: Code = code!(
    "dice-probability",
    Warning,
    Lint,
    "success is impossible or automatic for a reachable combination",
    "A dice test that can never pass, or always passes, under some reachable modifiers is \
     usually a mistake in the table. Where the rules mean it, allow it on the table with a \
     reason: `allow = [{ lint = \"dice-probability\", reason = \"…\" }]`.",
    "content/lints/tables/dice.toml",
    "content/lints/tables/dice.toml"
);

pub const VOCABULARY_COVERAGE: Code = code!(
    "vocabulary-coverage",
    Warning,
    Lint,
    "a group or column does not cover every member of its vocabulary",
    "A group `by` a vocabulary, or a lookup column keyed by one, should give a value for every \
     member; the diagnostic lists those missing. Say `partial = true` where leaving some out \
     is meant.",
    "content/lints/tables/coverage.toml",
    "content/lints/tables/coverage.toml"
);

pub const MODIFIER_SIGN: Code = code!(
    "modifier-sign",
    Warning,
    Lint,
    "a dice test's bonus makes success harder: `modifies = \"roll\"` is missing, or extra",
    "Rules write a dice test two ways: \"2d6 + modifiers ≥ 7\" adds the modifiers to the \
     roll (`modifies = \"roll\"`), \"2d6 ≥ 7 + modifiers\" to the number the roll must \
     reach (the default). Written the first way and declared the second, every bonus works \
     against the unit: the Guard's +2 asks for 9 instead of 5. The lint reports a modifier \
     that reads as a bonus — a better member of an ordered vocabulary, a Guard, veteran or \
     élite unit, a general with it — and makes success harder, and a test whose rules text \
     says the modifiers go \"to the roll\" (\"a la tirada\", \"к броску\") while the table \
     adds them to the base.",
    "content/lints/tables/charge.toml",
    "content/lints/tables/charge.toml"
);

pub const MONOTONIC: Code = code!(
    "monotonic",
    Error,
    Lint,
    "a value out of order along an ordered vocabulary",
    "A group or column declared `increasing` or `decreasing` along an ordered vocabulary (best \
     first) must keep that order; the diagnostic names the member that breaks it.",
    "content/lints/tables/modifiers.toml",
    "content/lints/tables/modifiers.toml"
);

pub const CELL_RULE: Code = code!(
    "cell-rule",
    Error,
    Lint,
    "a cell disagrees with its column's rule",
    "Each cell of a column with `rule` is recomputed from the other cells of its row; a cell \
     that differs is reported with the value the rule gives.",
    "content/lints/tables/rule.toml",
    "content/lints/tables/rule.toml"
);

pub const EXAMPLE_CLAIM: Code = code!(
    "example-claim",
    Error,
    Lint,
    "a worked example's number disagrees with the tables",
    "A worked example in a chapter is computed from its table; a claim that differs is \
     reported with both numbers and the derivation, so that the prose and the tables cannot \
     drift apart.",
    "content/lints/chapters/01-fire.md",
    "content/lints/chapters/01-fire.md"
);

pub const PROSE_ARITHMETIC: Code = code!(
    "prose-arithmetic",
    Error,
    Lint,
    "arithmetic written in running text that does not add up",
    "Claims in running text (`1+3+3+2=9`, `3 × 3 = 9`, `-24 (-12 + -12)`) with `× x * + − - /` \
     and decimal commas are computed; a wrong result is reported at its characters.",
    "content/lints/chapters/01-arithmetic.md",
    "content/lints/chapters/01-arithmetic.md"
);

pub const MISSING_TABLE: Code = code!(
    "missing-table",
    Note,
    Lint,
    "a table the source refers to but does not print",
    "A table declared `kind = \"missing\"` is one the source document names but does not \
     print. The rulebook prints a \"not in source\" box in its place; `check --verbose` lists \
     them so that nobody forgets them.",
    "content/lints/tables/orders.toml"
);

pub const UNUSED_ALLOW: Code = code!(
    "unused-allow",
    Warning,
    Lint,
    "an `allow` that nothing triggers",
    "A table or layer allows a lint that it no longer triggers: remove the allow, so that the \
     next real problem is not silenced.",
    "content/lints/tables/dice.toml",
    "content/lints/tables/dice.toml"
);

// ---- Scenarios
pub const UNKNOWN_REFERENCE: Code = code!(
    "unknown-reference",
    Error,
    Scenario,
    "a side, leader, formation, unit, area or member that does not exist",
    "Scenarios and layers refer to sides, leaders, formations, units, areas and vocabulary \
     members by id; the diagnostic suggests the closest."
);

pub const UNKNOWN_RULESET: Code = code!(
    "unknown-ruleset",
    Error,
    Scenario,
    "a layer or conversion names no ruleset of the project",
    "A scenario layer is named after its ruleset (`sombra.toml`); conversions name the ruleset \
     they convert to. The ruleset must be a folder under content/."
);

pub const FORMATION_TREE: Code = code!(
    "formation-tree",
    Error,
    Scenario,
    "a cycle, a top-level formation without a side, a formation on another side than its parent",
    "Formations form a tree under each side: each has one parent formation or a side, no \
     formation is its own ancestor, and a formation is on its parent's side."
);

pub const INCONSISTENT_UNIT: Code = code!(
    "inconsistent-unit",
    Error,
    Scenario,
    "a unit's arm disagrees with its type",
    "A unit's `type` (line-infantry, foot-artillery, …) belongs to one arm; its `arm` must be \
     that arm."
);

pub const CLOCK: Code = code!(
    "clock",
    Error,
    Scenario,
    "the action ends before it starts, or a layer's turns do not end at its stated end",
    "A scenario's clock runs from `start` to `end`; a layer's turns of `turn_minutes` from its \
     start must make its last turn begin at its `end`."
);

pub const INVALID_TIME: Code = code!(
    "invalid-time",
    Error,
    Scenario,
    "a time not written like \"13:30\" or \"1811-05-05 06:30\"",
    "Times are written on a 24-hour clock as \"HH:MM\" on the action's first day (the \
     scenario's `date`), or with their date on a later day: \"1811-05-05 06:30\" (a `T` may \
     replace the space). A date before the first day, or more than 31 days after it, is \
     refused: a campaign is written as several scenarios."
);

pub const INVALID_DATE: Code = code!(
    "invalid-date",
    Error,
    Scenario,
    "a scenario's `date` is not a date of the calendar",
    "`date` is the first day of the action, written \"YYYY-MM-DD\" (\"1811-05-03\"); it must \
     exist in the calendar (no 31 June, 29 February only in leap years). Moments on later \
     days are written with their date: `end = \"1811-05-05 18:00\"`."
);

pub const INVALID_HEX: Code = code!(
    "invalid-hex",
    Error,
    Scenario,
    "a hex not written like \"O26\"",
    "Hexes are written as column letters and a row number: \"O26\", \"AG20\"."
);

pub const UNKNOWN_TERRAIN: Code = code!(
    "unknown-terrain",
    Error,
    Scenario,
    "a map names terrain its ruleset does not declare",
    "A map's terrain, hexside features and paths are members of the ruleset's \
     `[vocabulary.terrain]`, so that the key, the checks and the rules name the same ground."
);

pub const TERRAIN_KIND: Code = code!(
    "terrain-kind",
    Error,
    Scenario,
    "terrain used as a kind its vocabulary member does not declare",
    "A terrain member may say `kind = \"hex\"`, `\"hexside\"`, `\"crossing\"` (a bridge or \
     ford, on a hexside that has a river or stream) or `\"path\"`; the map must use it so: \
     a road is not a hex's terrain."
);

pub const HEXSIDE_NOT_ADJACENT: Code = code!(
    "hexside-not-adjacent",
    Error,
    Scenario,
    "a hexside between two hexes that do not touch",
    "`between = [[\"C3\", \"C4\"]]` names the side two neighbouring hexes share; the hexes \
     must be neighbours on the map's grid (its orientation and which columns are shifted)."
);

pub const HEXSIDE_CONFLICT: Code = code!(
    "hexside-conflict",
    Error,
    Scenario,
    "a hexside given two features, or a crossing over nothing",
    "Listing a side from either hex must give the same feature; a bridge or ford must lie on \
     a hexside that has the river or stream it crosses."
);

pub const PATH_GAP: Code = code!(
    "path-gap",
    Error,
    Scenario,
    "a road or track jumps between hexes that do not touch",
    "A path lists its hexes in order, each next to the one before."
);

pub const EMPTY_ZONE: Code = code!(
    "empty-zone",
    Error,
    Scenario,
    "a set-up zone without hexes, or an objective worth nothing",
    "A zone names the hexes where a side may set up, and an objective a value above 0."
);

pub const SETUP_OUTSIDE_ZONE: Code = code!(
    "setup-outside-zone",
    Error,
    Scenario,
    "a set-up outside every zone of its side",
    "Where a map gives a side set-up zones, each set-up of that side (with its `within`) \
     must reach one of them."
);

pub const SETUP_TERRAIN: Code = code!(
    "setup-terrain",
    Error,
    Scenario,
    "a unit set up on terrain its arm may not enter",
    "A terrain member may say `prohibits = [\"cavalry\", …]`; a set-up must leave each unit \
     some hex it may stand on."
);

pub const STACKING: Code = code!(
    "stacking",
    Error,
    Scenario,
    "a set-up stacks what the ruleset's `[stacking]` forbids",
    "Units set up on one hex must keep the ruleset's `[stacking]`: one side, one nation, at \
     most `counters` counters (leaders count only with `leaders_count`)."
);

pub const HEX_OFF_MAP: Code = code!(
    "hex-off-map",
    Error,
    Scenario,
    "a hex outside the layer's map extent",
    "Every hex a layer names (deployments, entries, objectives) must lie within its `map` \
     extent."
);

pub const ARRIVAL_OUTSIDE_GAME: Code = code!(
    "arrival-outside-game",
    Error,
    Scenario,
    "a unit arrives after the action ends, or on a turn the game does not have",
    "An arrival time after the scenario's end, or reinforcements on a turn beyond the layer's \
     last, can never happen in play."
);

pub const ARRIVAL_MISMATCH: Code = code!(
    "arrival-mismatch",
    Warning,
    Scenario,
    "a layer brings units on a turn other than their historical arrival falls in",
    "A layer's reinforcement brings units on a turn whose time differs from the arrival the \
     order of battle records. Where the game's schedule is meant to differ, allow it in the \
     layer with a reason: `allow = [{ lint = \"arrival-mismatch\", reason = \"…\" }]`."
);

pub const PLACED_NOT_ENGAGED: Code = code!(
    "placed-not-engaged",
    Error,
    Scenario,
    "a set-up or arrival places units the order of battle marks not engaged",
    "Units with `status = \"not-engaged\"` were near the battle but not in it: they get no \
     counter or label and count in no total. A layer that sets them up or brings them on \
     would send a player looking for pieces that do not exist. If the game plays them, they \
     were on the field without being committed: mark them `status = \"present\"`. Otherwise \
     leave them out of the set-up.",
    "scenarios/battle/hex.toml",
    "scenarios/battle/scenario.toml"
);

pub const BROUGHT_TWICE: Code = code!(
    "brought-twice",
    Error,
    Scenario,
    "a layer sets up a unit and also brings it on, or brings it on twice",
    "Each unit comes into play once. A unit named by its id in two places, or whose \
     formation is named in two, would be printed in the set-up and in the reinforcement \
     table, or on two turns. Name it once; a unit named by its id wins over a formation that \
     holds it, so a division may be set up while one of its brigades arrives later.",
    "scenarios/battle/hex.toml",
    "scenarios/battle/hex.toml"
);

pub const UNPLACED_COUNTER: Code = code!(
    "unplaced-counter",
    Warning,
    Scenario,
    "a map layer with a set-up neither places nor brings on some of its counters",
    "Every unit that takes part has a counter on a hex game's sheet. Where the layer has a \
     set-up, a counter it neither sets up nor brings on is a piece the player is not told \
     where to put. Name the unit or its formation in a `[[setup]]` or `[[reinforcement]]`; \
     a leader comes with the formation he commands. Where the source does not place it, \
     allow the lint in the layer with the reason.",
    "scenarios/battle/hex.toml",
    "scenarios/battle/hex.toml"
);

pub const ZERO_STRENGTH: Code = code!(
    "zero-strength",
    Note,
    Scenario,
    "a converted unit of no figures or points gets no label or roster row",
    "A unit the sources give no strength, or too few men or guns to make one figure or point \
     of the ruleset, would be a label and a roster row for nothing. It stays in the order of \
     battle and the conversion report, and the labels leave it out. Give its strength in \
     scenario.toml, or play it as the designer decides."
);

pub const ARRIVAL_ROUNDING: Code = code!(
    "arrival-rounding",
    Warning,
    Scenario,
    "arrivals fall between turn starts and the layer does not say how to round them",
    "When an arrival time falls inside a turn, the layer says whether the unit arrives on the \
     turn in progress or the next: `arrival_rounding = \"in-progress\"` or \"next\"."
);

pub const STATED_TOTAL: Code = code!(
    "stated-total",
    Error,
    Scenario,
    "the units do not add up to a total a source states",
    "A `[[stated]]` total (men, guns) of a side, formation or arm is what a source gives; the \
     units below it must add up to it within its tolerance."
);

pub const THRESHOLD: Code = code!(
    "threshold",
    Error,
    Scenario,
    "a demoralisation threshold larger than the formation could lose",
    "A formation cannot be demoralised by losing more than it has: the threshold must be at \
     most its units (or strength)."
);

pub const COUNTER_VALUES: Code = code!(
    "counter-values",
    Warning,
    Scenario,
    "the counters print a value the layer gives no unit or leader",
    "A ruleset's `[counters]` lists the values its counters print (`unit = [\"combat\", \"morale\"]`). \
     When a layer gives none of its units (or leaders) one of them, every counter would print \
     \"–\" there. Give the values in the layer's `[values]`; a converted layer writes each \
     unit's strength under the ruleset's `represents` (`figures` or `points`). Where the \
     source does not give them, allow the lint on the layer with that reason."
);

pub const SCENARIO_ID_MISMATCH: Code = code!(
    "scenario-id-mismatch",
    Error,
    Scenario,
    "scenario.toml's id differs from its folder",
    "A scenario's id is the name of its folder under scenarios/."
);

pub const MISSING_DATA: Code = code!(
    "missing-data",
    Note,
    Scenario,
    "what the sources do not give (clock times, counter values, map size, strengths)",
    "A fact no source gives is left out, never invented, and recorded: a layer's `missing` \
     list, a scenario without clock times, a unit without strength. `check --verbose` lists \
     them; conversions report them in their report."
);

pub const MISSING_TRANSLATION: Code = code!(
    "missing-translation",
    Note,
    Scenario,
    "scenario prose a booklet prints that is not in the booklet's language",
    "A booklet is in its ruleset's language. Where the scenario's introduction or outcome, \
     or a layer's special rules or errata, are not given in that language, the booklet prints \
     the text that exists after a note in the reader's language saying which language it is \
     in. Give the prose per language, `{ es = \"…\", ru = \"…\" }`, to translate it."
);

pub const CONVERT: Code = code!(
    "convert",
    Error,
    Scenario,
    "a conversion that cannot be made, or a judgement it had to make",
    "A `[[convert]]` job (or `grognard convert`) names a scenario, a ruleset with a \
     `[profile]`, and optionally the layer to convert from. Errors say what is missing; \
     warnings say what the conversion had to judge (a unit too small to represent, an arrival \
     after the last turn), and the conversion report lists them too."
);

// ---- Outputs
pub const UNKNOWN_TARGET: Code = code!(
    "unknown-target",
    Error,
    Output,
    "`build` or `check` was asked for something the project does not have",
    "Targets are the ids of rulesets and scenarios; `grognard list` shows them."
);

pub const TEMPLATE_ERROR: Code = code!(
    "template-error",
    Error,
    Output,
    "a project template fails to render or renders invalid Typst",
    "A template of the project (templates/ or a folder's templates/) failed in minijinja or \
     produced Typst that does not parse; the diagnostic points at the template line."
);

pub const TYPST_ERROR: Code = code!(
    "typst-error",
    Error,
    Output,
    "typesetting failed; points into the template or chapter",
    "Typst could not typeset an output. The diagnostic points at the template line (for \
     every kind of output) or the chapter text that produced the failing Typst."
);

pub const LAYOUT: Code = code!(
    "layout",
    Warning,
    Output,
    "text runs off the page or out of its box, over other text, or prints as an empty box",
    "Every page of every output is read back as it is typeset, from the laid-out pages the \
     PDF is written from, as a reader would see it: a word too long to break runs off the \
     page; text runs past the edge of the box that holds it (a counter, a label, a table \
     cell), cut where the box clips; two runs of text are printed over each other (a roster \
     row on another, a title under the first row); a character the embedded fonts lack \
     prints as an empty box. Each is reported at the source of the text — the unit, the \
     table, the message — where it can be found there."
);

pub const LABEL_OVERFLOW: Code = code!(
    "label-overflow",
    Warning,
    Output,
    "a unit's name does not fit its label",
    "A miniatures label is as wide as the unit's frontage; its name is shortened (asides \
     dropped, words abbreviated) and set down to 6 pt before it is reported. The label never \
     prints outside its border."
);

pub const COUNTER_OVERFLOW: Code = code!(
    "counter-overflow",
    Warning,
    Output,
    "a counter's text does not fit at the legible minimum size",
    "Counter text is shrunk to fit down to 4.5 pt (3.5 pt for the formation). Text still too \
     wide is reported with its width and the room; give the unit a `short` name or use \
     larger counters."
);

pub const CHANGELOG_UNMATCHED: Code = code!(
    "changelog-unmatched",
    Warning,
    Source,
    "the changelog notes a change where the two editions do not differ",
    "`changelog.toml` gives the kind and reason of a change at a case (by its id or its \
     number in the new edition), a table or a unit (by id). `grognard diff` found no change \
     there: the id or number is wrong, or the change was undone. The errata infer that \
     place's kind instead."
);

pub const VASSAL_HEX_NAMES: Code = code!(
    "vassal-hex-names",
    Warning,
    Output,
    "VASSAL cannot name the map's hexes as the map does",
    "VASSAL names hexes with numbers or with doubled letters (A … Z, AA, BB). A flat-topped \
     map lettered A … Z, AA, AB gets its columns past Z as zones that name them right; a \
     pointed-top map lettered so cannot. Its module is still made: its set-up stacks stand \
     at their hexes by position, but the names VASSAL reports differ from the map's past \
     column Z."
);

pub const VASSAL_MODULE: Code = code!(
    "vassal-module",
    Error,
    Output,
    "a VASSAL module failed its own checks and was not written",
    "Before a module is written grognard checks what VASSAL relies on: piece ids unique and \
     below the module's next id, every image and file it names inside the archive, every \
     hex centre named back as its own hex. A failure is a fault of grognard's, not of the \
     sources; the message says which check failed."
);

pub const CARD_OVERFLOW: Code = code!(
    "card-overflow",
    Warning,
    Output,
    "a table runs over more than two quick-reference cards",
    "A quick-reference card holds one table; a long one goes on over the next card, marked \
     \"(cont.)\". A table that takes more than two is named so that it can be shortened, or \
     the deck printed on the taller tarot cards."
);

pub const QRS_OVERFLOW: Code = code!(
    "qrs-overflow",
    Warning,
    Output,
    "a table does not fit on the quick-reference sheet",
    "The quick-reference sheet is one duplex landscape sheet; a `qrs = true` table that does \
     not fit is named so that it can be shortened or left to the rulebook."
);

pub const SOURCE_DATE_EPOCH: Code = code!(
    "source-date-epoch",
    Warning,
    Output,
    "`SOURCE_DATE_EPOCH` is set but is no usable date",
    "Reproducible builds date the PDFs from `SOURCE_DATE_EPOCH` (seconds since 1970). A \
     value that is not such a number is ignored."
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_listed_once() {
        for (i, code) in CODES.iter().enumerate() {
            assert!(
                CODES[..i].iter().all(|c| c.code != code.code),
                "{} is listed twice",
                code.code
            );
        }
    }

    /// Every diagnostic the project and the test projects give carries a
    /// severity the catalogue gives its code.
    #[test]
    fn diagnostics_carry_the_severity_of_their_code() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let fixtures = [
            "broken",
            "scenario-broken",
            "crt",
            "editions",
            "multiday",
            "scenario",
        ];
        let projects = std::iter::once(root.to_path_buf())
            .chain(fixtures.iter().map(|f| root.join("tests/fixtures").join(f)));
        let mut wrong = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for project in projects {
            let session = crate::session::Session::load(&project);
            for diagnostic in session.diagnostics.iter() {
                seen.insert((diagnostic.code, diagnostic.severity));
                let declared = CODES
                    .iter()
                    .chain(LESSER)
                    .any(|c| c.code == diagnostic.code && c.severity == diagnostic.severity);
                if !declared {
                    wrong.push(format!(
                        "{}: {} at {:?}",
                        project.display(),
                        diagnostic.code,
                        diagnostic.severity
                    ));
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "severities off the catalogue:\n{}",
            wrong.join("\n")
        );
        // The projects give diagnostics of every severity to check.
        for severity in [Severity::Error, Severity::Warning, Severity::Note] {
            assert!(seen.iter().any(|(_, s)| *s == severity), "{seen:?}");
        }
    }

    /// The README's tables of codes are the registry's: between each
    /// `<!-- codes: FAMILY… -->` and `<!-- end codes -->`.
    #[test]
    fn the_readme_tables_are_the_registry() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
        let readme = std::fs::read_to_string(&path).unwrap();
        let mut expected = String::new();
        let mut rest = readme.as_str();
        let mut blocks = 0;
        while let Some(start) = rest.find("<!-- codes: ") {
            let header_end = start + rest[start..].find("-->").unwrap() + 3;
            let end = header_end + rest[header_end..].find("<!-- end codes -->").unwrap();
            let names: Vec<&str> = rest[start + 12..header_end]
                .split(['(', '-'])
                .next()
                .unwrap()
                .split_whitespace()
                .collect();
            let families: Vec<Family> = [
                Family::Source,
                Family::Lint,
                Family::Scenario,
                Family::Output,
            ]
            .into_iter()
            .filter(|f| names.contains(&f.name()))
            .collect();
            expected.push_str(&rest[..header_end]);
            expected.push('\n');
            expected.push_str(&markdown_table(&families));
            rest = &rest[end..];
            blocks += 1;
        }
        expected.push_str(rest);
        assert_eq!(blocks, 3, "three generated tables in README.md");
        let listed: usize = CODES.len();
        assert!(listed > 0);
        if std::env::var_os("GROGNARD_BLESS").is_some() {
            std::fs::write(&path, &expected).unwrap();
        } else {
            assert!(
                readme == expected,
                "README.md's tables of codes differ from src/diagnostic/codes.rs; \
                 GROGNARD_BLESS=1 cargo test --lib codes rewrites them"
            );
        }
    }
}
