//! Limits on everything a source can inflate, so that a small file can never
//! make a run take minutes or gigabytes. Each has a default that real
//! publications stay far below, and may be raised in `grognard.toml`
//! (`[limits]`) up to a hard ceiling.

/// One limit: its key in `[limits]`, what it counts, its default and ceiling.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub key: &'static str,
    pub what: &'static str,
    pub default: u64,
    pub ceiling: u64,
}

pub const FILE_BYTES: Limit = Limit {
    key: "file_bytes",
    what: "bytes in one source file",
    default: 4 * 1024 * 1024,
    ceiling: 64 * 1024 * 1024,
};
pub const STRING_CHARS: Limit = Limit {
    key: "string_chars",
    what: "characters in one TOML string",
    default: 10_000,
    ceiling: 1_000_000,
};
pub const TURNS: Limit = Limit {
    key: "turns",
    what: "turns in a scenario layer",
    default: 1_000,
    ceiling: 100_000,
};
pub const COPIES: Limit = Limit {
    key: "copies",
    what: "copies of one marker",
    default: 1_000,
    ceiling: 100_000,
};
pub const COUNTERS: Limit = Limit {
    key: "counters",
    what: "counters on one counter sheet",
    default: 10_000,
    ceiling: 200_000,
};
pub const UNITS: Limit = Limit {
    key: "units",
    what: "units, formations and leaders in one scenario",
    default: 10_000,
    ceiling: 1_000_000,
};
pub const DEPTH: Limit = Limit {
    key: "depth",
    what: "levels of nesting (formations, Markdown lists and quotes, TOML arrays and tables)",
    default: 32,
    ceiling: 256,
};
pub const DICE_TOTALS: Limit = Limit {
    key: "dice_totals",
    what: "distinct modifier totals of one dice test",
    default: 10_000,
    ceiling: 1_000_000,
};
/// Typesetting takes memory by the page: a ruleset of this many bytes of
/// chapters and tables (about 200 pages; the largest here is 70 KB) peaks
/// near 1.2 GB, six of them built together too.
pub const RULESET_BYTES: Limit = Limit {
    key: "ruleset_bytes",
    what: "bytes in the chapters and tables of one ruleset",
    default: 512 * 1024,
    ceiling: 64 * 1024 * 1024,
};
pub const CHAPTERS: Limit = Limit {
    key: "chapters",
    what: "chapters in one ruleset",
    default: 200,
    ceiling: 10_000,
};
/// A map of 20,000 hexes (a hex game of four large sheets holds about
/// 4,000) peaks near 0.85 GB in a build; 60,000 took 2 GB.
pub const MAP_HEXES: Limit = Limit {
    key: "map_hexes",
    what: "hexes on one map, and hexes its terrain, elevation and zones name",
    default: 20_000,
    ceiling: 10_000_000,
};
/// Typst has no step budget: a template's `#for` over 10^8 would run for
/// many minutes. The largest publications here typeset in seconds.
pub const TYPESET_SECONDS: Limit = Limit {
    key: "typeset_seconds",
    what: "seconds to typeset one document",
    default: 120,
    ceiling: 3_600,
};
pub const ALL: &[Limit] = &[
    FILE_BYTES,
    STRING_CHARS,
    TURNS,
    COPIES,
    COUNTERS,
    UNITS,
    DEPTH,
    DICE_TOTALS,
    RULESET_BYTES,
    CHAPTERS,
    MAP_HEXES,
    TYPESET_SECONDS,
];

/// Men in one unit and guns in one battery or unit: no order of battle comes
/// near these, and sums of them can never overflow.
pub const MAX_MEN: u32 = 1_000_000;
pub const MAX_GUNS: u32 = 10_000;
/// The most battalions, squadrons, companies or batteries one unit is made of.
pub const MAX_PARTS: u32 = 1_000;
/// Any number in a table (bases, modifiers, cells, bounds): the arithmetic of
/// the checks stays exact far inside `i64`.
pub const MAX_TABLE_VALUE: i64 = 1_000_000;
/// Numerators and denominators of factors ("1/2", "3/2").
pub const MAX_FACTOR_TERM: i64 = 1_000;

/// The limits of one project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    values: Vec<(&'static str, u64)>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            values: ALL.iter().map(|l| (l.key, l.default)).collect(),
        }
    }
}

impl Limits {
    /// The value in force for `limit`.
    pub fn get(&self, limit: Limit) -> u64 {
        self.values
            .iter()
            .find(|(k, _)| *k == limit.key)
            .map_or(limit.default, |(_, v)| *v)
    }

    /// The value as a `usize` (limits are far below `usize::MAX`).
    pub fn count(&self, limit: Limit) -> usize {
        usize::try_from(self.get(limit)).unwrap_or(usize::MAX)
    }

    pub fn set(&mut self, key: &str, value: u64) {
        if let Some(entry) = self.values.iter_mut().find(|(k, _)| *k == key) {
            entry.1 = value;
        }
    }

    /// "the limit is 1,000 turns in a scenario layer; raise it with …": the
    /// note every limit diagnostic carries.
    pub fn note(&self, limit: Limit) -> String {
        format!(
            "the limit is {} {}; raise it in grognard.toml with `[limits] {} = …` (at most {})",
            group_digits(self.get(limit)),
            limit.what,
            limit.key,
            group_digits(limit.ceiling)
        )
    }
}

/// 10000 → "10,000", for messages.
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_default_and_can_be_raised() {
        let mut limits = Limits::default();
        assert_eq!(limits.get(TURNS), 1_000);
        limits.set("turns", 5_000);
        assert_eq!(limits.get(TURNS), 5_000);
        assert!(limits.note(TURNS).contains("`[limits] turns = …`"));
        assert_eq!(group_digits(4_294_967_295), "4,294,967,295");
        assert_eq!(group_digits(999), "999");
    }
}
