//! The sign trap of dice tests: "2d6 + modifiers ≥ 7" read as "2d6 ≥ 7 +
//! modifiers". Where a test adds its modifiers to the base, a +2 makes the
//! roll harder to make; a Guard or veteran bonus, a general with the unit,
//! or rules text that says the modifiers go "to the roll" then mean the
//! author wrote the other convention and `modifies = "roll"` is missing.

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::chapter::{Container, Node};
use crate::model::table::{DiceTest, Effect, Group, Modifier, Pass};
use crate::model::{Ruleset, Table};

/// Words that name something good for the unit that tests: in Spanish,
/// Russian, English and French, as rules label their bonuses.
const BONUS_WORDS: &[&str] = &[
    "guard",
    "guardia",
    "garde",
    "гвард",
    "veteran",
    "vétéran",
    "ветеран",
    "elite",
    "élite",
    "элит",
    "general",
    "général",
    "генерал",
    "leader",
    "jefe",
    "commander",
    "comandante",
    "командир",
];

/// Words that make the same label the opponent's ("enemy Guard", "the
/// target's grade").
const ENEMY_WORDS: &[&str] = &[
    "enemy",
    "enemigo",
    "contrario",
    "ennemi",
    "противник",
    "вражес",
    "неприят",
    "target",
    "blanco",
    "objetivo",
    "cible",
    "цель",
    "defender",
    "defensor",
    "défenseur",
    "обороня",
];

fn names_the_enemy(text: &str) -> bool {
    let text = text.to_lowercase();
    ENEMY_WORDS.iter().any(|w| text.contains(w))
}

/// Words of rules text that puts the modifiers on the dice.
const TO_THE_ROLL: &[&str] = &[
    "to the roll",
    "to the dice",
    "to the die roll",
    "a la tirada",
    "al dado",
    "a los dados",
    "à la tirada",
    "au jet",
    "au dé",
    "к броску",
    "к результату броска",
    "к кубик",
];

pub fn check(ruleset: &Ruleset, table: &Table, test: &DiceTest, found: &mut Vec<Diagnostic>) {
    // What a modifier of `value` does to the chance of success.
    let easier = |value: i64| match (test.pass, test.modifies_roll) {
        (Pass::AtLeast, true) | (Pass::AtMost, false) => value > 0,
        (Pass::AtLeast, false) | (Pass::AtMost, true) => value < 0,
    };
    let convention = if test.modifies_roll {
        "are added to the roll"
    } else {
        "are added to the number the roll must reach"
    };
    let fix = if test.modifies_roll {
        "if the rules add them to the base instead, leave out `modifies = \"roll\"`"
    } else {
        "if the rules add them to the roll, declare `modifies = \"roll\"`"
    };
    if let Some((modifier, why)) = bonus_made_harder(ruleset, test, &easier) {
        found.push(
            Diagnostic::of(
                codes::MODIFIER_SIGN,
                format!("`{}`: {why}, because the modifiers {convention}", table.id),
            )
            .at_location(Some(modifier.location.clone()))
            .label("a bonus that works against the unit")
            .note(fix),
        );
        return;
    }
    if !test.modifies_roll
        && let Some(words) = says_to_the_roll(ruleset, &table.id)
    {
        found.push(
            Diagnostic::of(
                codes::MODIFIER_SIGN,
                format!(
                    "`{}`: the rules say the modifiers go {words}, but the table adds them to the base",
                    table.id
                ),
            )
            .at_location(Some(table.location.clone()))
            .note(fix),
        );
    }
}

/// A modifier that reads as a bonus — a good member of an ordered
/// vocabulary, a Guard, a veteran, a general with the unit — and makes
/// success harder.
fn bonus_made_harder<'a>(
    ruleset: &Ruleset,
    test: &'a DiceTest,
    easier: &dyn Fn(i64) -> bool,
) -> Option<(&'a Modifier, String)> {
    for group in &test.modifiers.groups {
        if let Some(found) = best_made_worse(ruleset, group, easier) {
            return Some(found);
        }
        for modifier in &group.modifiers {
            let Effect::Add(value) = modifier.effect else {
                continue;
            };
            // A bonus as its author writes it: a good thing, given a plus.
            let label = label(ruleset, group, modifier).to_lowercase();
            let bonus = BONUS_WORDS.iter().any(|w| label.contains(w))
                && !names_the_enemy(&label)
                && !names_the_enemy(&group.title);
            if bonus && value > 0 && !easier(value) {
                let name = label_as_is(ruleset, group, modifier);
                return Some((modifier, format!("{name} ({value:+}) makes success harder")));
            }
        }
    }
    None
}

/// In a group keyed by an ordered vocabulary (best first), the best member
/// given a value that makes success harder than the worst member's.
fn best_made_worse<'a>(
    ruleset: &Ruleset,
    group: &'a Group,
    easier: &dyn Fn(i64) -> bool,
) -> Option<(&'a Modifier, String)> {
    let vocabulary = ruleset.vocabulary(group.by.as_deref()?)?;
    if !vocabulary.ordered || names_the_enemy(&group.title) {
        return None;
    }
    let rank = |m: &Modifier| vocabulary.members.iter().position(|v| v.id == m.id);
    let valued: Vec<(&Modifier, usize, i64)> = group
        .modifiers
        .iter()
        .filter_map(|m| match m.effect {
            Effect::Add(v) => Some((m, rank(m)?, v)),
            Effect::Factor(_) => None,
        })
        .collect();
    let best = valued.iter().min_by_key(|(_, r, _)| *r)?;
    let worst = valued.iter().max_by_key(|(_, r, _)| *r)?;
    // The author gives the better member the larger bonus; that bonus must
    // make success easier than the worse member's.
    if best.1 == worst.1 || best.2 <= worst.2 || best.2 <= 0 {
        return None;
    }
    (!easier(best.2 - worst.2)).then(|| {
        (
            best.0,
            format!(
                "{} ({:+}) makes success harder than {} ({:+})",
                label_as_is(ruleset, group, best.0),
                best.2,
                label_as_is(ruleset, group, worst.0),
                worst.2
            ),
        )
    })
}

fn label<'a>(ruleset: &'a Ruleset, group: &'a Group, modifier: &'a Modifier) -> String {
    format!("{} {}", modifier.id, label_as_is(ruleset, group, modifier))
}

/// The modifier as the table prints it.
fn label_as_is<'a>(ruleset: &'a Ruleset, group: &'a Group, modifier: &'a Modifier) -> &'a str {
    group
        .by
        .as_deref()
        .and_then(|vocab| ruleset.vocabulary(vocab))
        .and_then(|v| v.member(&modifier.id))
        .map_or(modifier.label.as_str(), |m| m.label.as_str())
}

/// The words of the section that prints the table which say the modifiers
/// go to the roll, if it says so.
fn says_to_the_roll(ruleset: &Ruleset, table: &str) -> Option<&'static str> {
    for chapter in &ruleset.chapters {
        let nodes = &chapter.body.nodes;
        let Some(at) = nodes
            .iter()
            .position(|(n, _)| matches!(n, Node::Embed(id) if id == table))
        else {
            continue;
        };
        let heading = |n: &Node| matches!(n, Node::Open(Container::Heading { .. }));
        let start = nodes[..at]
            .iter()
            .rposition(|(n, _)| heading(n))
            .unwrap_or(0);
        let end = nodes[at..]
            .iter()
            .position(|(n, _)| heading(n))
            .map_or(nodes.len(), |e| at + e);
        let text: String = nodes[start..end]
            .iter()
            .filter_map(|(n, _)| match n {
                Node::Text(t) => Some(t.to_lowercase()),
                Node::SoftBreak | Node::HardBreak => Some(" ".into()),
                _ => None,
            })
            .collect();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(words) = TO_THE_ROLL.iter().find(|w| text.contains(*w)) {
            return Some(words);
        }
    }
    None
}
