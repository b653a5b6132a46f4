//! `modifiers` and `dice-test` tables: groups of modifiers to a base or a
//! roll, and for a dice test what passes and what each failure brings.

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::table::{
    Base, DiceTest, Effect, FailureBand, Feeds, Group, Modifier, ModifierTable, Pass, Rounding,
};
use crate::model::{Dice, Ratio};

use super::TableLoader;

#[derive(Deserialize)]
struct RawModifiers {
    base: Option<Spanned<i64>>,
    roll: Option<Spanned<String>>,
    rounding: Option<Spanned<String>>,
    minimum: Option<i64>,
    #[serde(default)]
    group: Vec<Spanned<RawGroup>>,
    feeds: Option<Spanned<RawFeeds>>,
}

/// `feeds = { table = "fire-table", column = "points" }`, or with the fed
/// table's `domain = [1, 12]` where no column shows it (a table not printed).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFeeds {
    table: String,
    column: Option<String>,
    domain: Option<[f64; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    title: String,
    by: Option<Spanned<String>>,
    values: Option<Spanned<toml::Table>>,
    #[serde(default)]
    partial: bool,
    #[serde(default)]
    exclusive: bool,
    #[serde(default)]
    choice: bool,
    monotonic: Option<Spanned<String>>,
    #[serde(default)]
    modifiers: Vec<Spanned<RawModifier>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawModifier {
    id: Spanned<String>,
    label: String,
    value: Option<i64>,
    factor: Option<Spanned<String>>,
}

#[derive(Deserialize)]
struct RawDiceTest {
    dice: Spanned<String>,
    pass: Option<Spanned<String>>,
    modifies: Option<Spanned<String>>,
    on_success: Option<String>,
    #[serde(default)]
    success: Vec<Spanned<RawFailure>>,
    #[serde(default)]
    failure: Vec<Spanned<RawFailure>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFailure {
    from: i64,
    to: Option<i64>,
    result: String,
    then: Option<Spanned<String>>,
}

impl TableLoader<'_> {
    pub(super) fn modifiers(&mut self) -> Option<ModifierTable> {
        let raw: RawModifiers = self.document.deserialize("modifier table", self.diags)?;
        let base = match (&raw.base, &raw.roll) {
            (Some(base), None) => Base::Fixed(*base.get_ref()),
            (None, Some(roll)) => match roll.get_ref().parse::<Dice>() {
                Ok(dice) => Base::Roll(dice),
                Err(e) => {
                    self.error(codes::INVALID_DICE, e, self.toml.location(roll.span()));
                    return None;
                }
            },
            (Some(_), Some(roll)) => {
                self.error(
                    codes::INVALID_FIELD,
                    "a table has either `base` or `roll`, not both".into(),
                    self.toml.location(roll.span()),
                );
                return None;
            }
            (None, None) => {
                self.error(
                    codes::INVALID_FIELD,
                    "a modifier table needs `base = <number>` or `roll = \"<dice>\"`".into(),
                    self.toml.location(0..0),
                );
                return None;
            }
        };
        let rounding = match raw
            .rounding
            .as_ref()
            .map(|r| (r.get_ref().as_str(), r.span()))
        {
            None | Some(("none", _)) => Rounding::None,
            Some(("up", _)) => Rounding::Up,
            Some(("down", _)) => Rounding::Down,
            Some(("nearest", _)) => Rounding::Nearest,
            Some((other, span)) => {
                self.diags.push(
                    Diagnostic::of(codes::INVALID_FIELD, format!("unknown rounding `{other}`"))
                        .at_location(Some(self.toml.location(span)))
                        .expected("\"up\", \"down\", \"nearest\" or \"none\""),
                );
                Rounding::None
            }
        };
        let mut groups = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for raw_group in raw.group {
            let span = raw_group.span();
            let group = self.group(raw_group.into_inner(), span);
            for m in &group.modifiers {
                if seen.contains(&m.id) && group.by.is_none() {
                    self.error(
                        codes::DUPLICATE_ID,
                        format!("modifier `{}` appears twice in this table", m.id),
                        m.location.clone(),
                    );
                }
                seen.push(m.id.clone());
            }
            groups.push(group);
        }
        let feeds = raw.feeds.map(|f| {
            let location = self.toml.location(f.span());
            let f = f.into_inner();
            Feeds {
                table: f.table,
                column: f.column,
                domain: f.domain.map(|[a, b]| (a.min(b), a.max(b))),
                location,
            }
        });
        Some(ModifierTable {
            base,
            rounding,
            minimum: raw.minimum,
            groups,
            feeds,
        })
    }

    fn group(&mut self, raw: RawGroup, span: std::ops::Range<usize>) -> Group {
        let location = self.toml.location(span.clone());
        let mut modifiers = Vec::new();
        if let Some(monotonic) = &raw.monotonic {
            self.check_direction(monotonic);
        }
        match (&raw.by, &raw.values) {
            (Some(by), Some(values)) => self.member_values(by, values, &mut modifiers),
            (None, None) => {}
            (Some(by), None) => self.error(
                codes::INVALID_FIELD,
                "a group with `by` needs `values = { member = number, … }`".into(),
                self.toml.location(by.span()),
            ),
            (None, Some(values)) => self.error(
                codes::INVALID_FIELD,
                "`values` needs `by = \"<vocabulary>\"` to say whose members they are".into(),
                self.toml.location(values.span()),
            ),
        }
        for raw_modifier in raw.modifiers {
            if let Some(modifier) = self.modifier(raw_modifier.into_inner()) {
                modifiers.push(modifier);
            }
        }
        Group {
            title: raw.title,
            by_location: raw.by.as_ref().map(|b| self.toml.location(b.span())),
            by: raw.by.map(Spanned::into_inner),
            exclusive: raw.exclusive,
            choice: raw.choice,
            partial: raw.partial,
            monotonic: raw.monotonic.map(Spanned::into_inner),
            modifiers,
            location,
        }
    }

    /// `by` and `values`: one modifier per member of a vocabulary, each
    /// member recorded for checking.
    fn member_values(
        &mut self,
        by: &Spanned<String>,
        values: &Spanned<toml::Table>,
        modifiers: &mut Vec<Modifier>,
    ) {
        self.key_ref(None, by.get_ref(), self.toml.location(by.span()));
        for (key, value) in values.get_ref() {
            let key_location = self.toml.key_location(values.span(), key);
            self.key_ref(Some(by.get_ref()), key, key_location.clone());
            let Some(value) = value.as_integer() else {
                self.error(
                    codes::INVALID_FIELD,
                    format!("the value of `{key}` must be a whole number"),
                    key_location,
                );
                continue;
            };
            modifiers.push(Modifier {
                id: key.clone(),
                label: String::new(),
                effect: Effect::Add(value),
                location: key_location,
            });
        }
    }

    /// One `[[group.modifiers]]` entry, which adds a `value` or multiplies by a
    /// `factor`; `None` after reporting an entry with neither or both.
    fn modifier(&mut self, raw_modifier: RawModifier) -> Option<Modifier> {
        let id_location = self.toml.location(raw_modifier.id.span());
        crate::load::check_id(raw_modifier.id.get_ref(), &id_location, self.diags);
        let effect = match (raw_modifier.value, &raw_modifier.factor) {
            (Some(value), None) => Effect::Add(value),
            (None, Some(factor)) => match factor.get_ref().parse::<Ratio>() {
                Ok(ratio) => Effect::Factor(ratio),
                Err(e) => {
                    self.error(codes::INVALID_FIELD, e, self.toml.location(factor.span()));
                    return None;
                }
            },
            _ => {
                self.error(
                    codes::INVALID_FIELD,
                    format!(
                        "modifier `{}` needs exactly one of `value` or `factor`",
                        raw_modifier.id.get_ref()
                    ),
                    id_location,
                );
                return None;
            }
        };
        Some(Modifier {
            id: raw_modifier.id.into_inner(),
            label: raw_modifier.label,
            effect,
            location: id_location,
        })
    }

    pub(super) fn dice_test(&mut self) -> Option<DiceTest> {
        let modifiers = self.modifiers()?;
        let raw: RawDiceTest = self.document.deserialize("dice test", self.diags)?;
        let dice = match raw.dice.get_ref().parse::<Dice>() {
            Ok(dice) => dice,
            Err(e) => {
                self.error(codes::INVALID_DICE, e, self.toml.location(raw.dice.span()));
                return None;
            }
        };
        let pass = match raw.pass.as_ref().map(|p| (p.get_ref().as_str(), p.span())) {
            None | Some(("at-most", _)) => Pass::AtMost,
            Some(("at-least", _)) => Pass::AtLeast,
            Some((other, span)) => {
                self.diags.push(
                    Diagnostic::of(codes::INVALID_FIELD, format!("unknown pass rule `{other}`"))
                        .at_location(Some(self.toml.location(span)))
                        .expected("\"at-most\" or \"at-least\""),
                );
                Pass::AtMost
            }
        };
        let modifies_roll = match raw
            .modifies
            .as_ref()
            .map(|m| (m.get_ref().as_str(), m.span()))
        {
            None | Some(("target", _)) => false,
            Some(("roll", _)) => true,
            Some((other, span)) => {
                self.diags.push(
                    Diagnostic::of(codes::INVALID_FIELD, format!("modifiers cannot modify `{other}`"))
                        .at_location(Some(self.toml.location(span)))
                        .expected("\"target\" (added to the base, the default) or \"roll\" (added to the dice)"),
                );
                false
            }
        };
        let successes = self.margin_bands(raw.success, 0, "success");
        let failures = self.margin_bands(raw.failure, 1, "failure");
        Some(DiceTest {
            dice,
            pass,
            modifiers,
            modifies_roll,
            on_success: raw.on_success,
            successes,
            failures,
        })
    }

    /// Bands of margins of success (from 0) or failure (from 1), each with
    /// its result and the table it may send the player on to.
    fn margin_bands(
        &mut self,
        raw: Vec<Spanned<RawFailure>>,
        lowest: i64,
        what: &str,
    ) -> Vec<FailureBand> {
        raw.into_iter()
            .map(|band| {
                let location = self.toml.location(band.span());
                let band = band.into_inner();
                if band.from < lowest || band.to.is_some_and(|to| to < band.from) {
                    self.error(
                        codes::INVALID_FIELD,
                        format!(
                            "a {what} band runs from a margin of {lowest} or more to one no smaller: {}–{}",
                            band.from,
                            band.to.map_or("…".to_string(), |t| t.to_string())
                        ),
                        location.clone(),
                    );
                }
                FailureBand {
                    from: band.from,
                    to: band.to,
                    result: band.result,
                    then: band
                        .then
                        .map(|t| (t.get_ref().clone(), self.toml.location(t.span()))),
                    location,
                }
            })
            .collect()
    }
}
