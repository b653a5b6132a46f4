//! `check --coverage`: how many of the numbers a chapter's text holds a lint
//! checks — those tied to a table (`[6 cm](=movement/line/cm)`, see
//! `claims`), those found by their row and column labels (see `detect`) and
//! those in arithmetic the text works out ("3 × 3 = 9", "la mitad de 8, 4";
//! see `prose`) — against all the numbers it holds that state something.
//! Section numbers a rule refers to and years state nothing and are left out.

use std::ops::Range;

use std::rc::Rc;

use crate::model::chapter::{Chapter, Container, Example, Node};
use crate::model::table::{Base, Effect};
use crate::model::{Ruleset, TableKind};

/// One chapter's count.
pub struct ChapterCoverage {
    pub number: usize,
    pub file: crate::source::FileId,
    pub title: String,
    /// Numbers in the chapter's running text that state something.
    pub numbers: usize,
    /// Of them, those a lint compares with a table or works out.
    pub verified: usize,
    /// Where the others are (byte ranges in the chapter's file), for
    /// `--coverage --verbose`.
    pub unchecked: Vec<Range<usize>>,
}

pub fn of(ruleset: &Ruleset) -> Vec<ChapterCoverage> {
    let names = super::detect::Names::of(ruleset);
    ruleset
        .chapters
        .iter()
        .map(|chapter| {
            let checked: Vec<Range<usize>> = chapter
                .claims
                .iter()
                .map(|c| c.location.range.clone())
                .chain(
                    super::detect::claims(&names, chapter)
                        .into_iter()
                        .map(|c| c.location.range),
                )
                .collect();
            let (mut numbers, mut verified, mut unchecked) = (0, 0, Vec::new());
            let shown = example_values_by_node(ruleset, chapter);
            for (index, (node, range)) in chapter.body.nodes.iter().enumerate() {
                let Node::Text(text) = node else {
                    continue;
                };
                let worked_out: Vec<Range<usize>> = super::prose::find_claims(text)
                    .into_iter()
                    .map(|c| c.range)
                    .chain(super::proportions::find(text).into_iter().map(|p| p.range))
                    .collect();
                for number in numbers_in(text) {
                    if states_nothing(text, &number) {
                        continue;
                    }
                    numbers += 1;
                    let at = range.start + number.start..range.start + number.end;
                    let is_checked = checked.iter().any(|c| {
                        (c.start <= range.start && range.end <= c.end)
                            || (c.start <= at.start && at.end <= c.end)
                    }) || worked_out
                        .iter()
                        .any(|w| w.start <= number.start && number.end <= w.end)
                        || shown[index]
                            .as_ref()
                            .is_some_and(|values| values.holds(text, &number));
                    if is_checked {
                        verified += 1;
                    } else {
                        unchecked.push(at);
                    }
                }
            }
            ChapterCoverage {
                number: chapter.number,
                file: chapter.file,
                title: chapter.title.clone(),
                numbers,
                verified,
                unchecked,
            }
        })
        .collect()
}

/// The values a worked example block (```` ```example ````) uses and
/// computes, which the checker verifies against its table: the numbers of
/// the prose telling the same example are checked when they are these.
#[derive(Default)]
struct ExampleValues {
    /// Modifiers, compared with their sign ("+1 por veteranos").
    signed: Vec<f64>,
    /// The base, the roll, the factors and the results ("en total, 10").
    plain: Vec<f64>,
}

impl ExampleValues {
    fn holds(&self, text: &str, number: &Range<usize>) -> bool {
        let Ok(value) = text[number.clone()].replace(',', ".").parse::<f64>() else {
            return false;
        };
        let same = |v: &f64| (v - value).abs() < 1e-9;
        match text[..number.start].chars().next_back() {
            Some('+') => self.signed.iter().any(same),
            Some('-' | '−') => self.signed.iter().any(|v| (v + value).abs() < 1e-9),
            _ => self.plain.iter().any(same),
        }
    }
}

/// For each node of the chapter, the values of the worked example its text
/// tells: the text since the last heading, table or example block, up to an
/// example block.
fn example_values_by_node(ruleset: &Ruleset, chapter: &Chapter) -> Vec<Option<Rc<ExampleValues>>> {
    let nodes = &chapter.body.nodes;
    let mut by_node = vec![None; nodes.len()];
    let mut told_from = 0;
    for (index, (node, _)) in nodes.iter().enumerate() {
        match node {
            Node::Example(example) => {
                if let Some(example) = chapter.examples.get(*example) {
                    let values = Rc::new(example_values(ruleset, example));
                    for slot in &mut by_node[told_from..index] {
                        *slot = Some(values.clone());
                    }
                }
                told_from = index + 1;
            }
            Node::Embed(_) | Node::Open(Container::Heading { .. }) => told_from = index + 1,
            _ => {}
        }
    }
    by_node
}

fn example_values(ruleset: &Ruleset, example: &Example) -> ExampleValues {
    let mut values = ExampleValues::default();
    values
        .plain
        .extend(example.claims.iter().map(|(_, v, _)| *v));
    values
        .signed
        .extend(example.claims.iter().map(|(_, v, _)| *v));
    values.plain.extend(example.roll.map(|r| r as f64));
    if let Some(scale) = example.scale {
        values.plain.extend([scale.as_f64(), 1.0 / scale.as_f64()]);
    }
    let modifiers = match ruleset.table(&example.table).map(|t| &t.kind) {
        Some(TableKind::Modifiers(m)) => m,
        Some(TableKind::DiceTest(t)) => &t.modifiers,
        _ => return values,
    };
    if let Base::Fixed(base) = modifiers.base {
        values.plain.push(base as f64);
    }
    for (input, _) in &example.inputs {
        match modifiers.modifier(input).map(|(_, m)| m.effect) {
            Some(Effect::Add(n)) => values.signed.push(n as f64),
            Some(Effect::Factor(r)) => values.plain.extend([r.as_f64(), 1.0 / r.as_f64()]),
            None => {}
        }
    }
    values
}

/// Where the numbers of a text are: runs of digits, with a decimal comma
/// or point or a fraction bar between digits ("7,5", "1/2").
pub fn numbers_in(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len()
            && (bytes[i].is_ascii_digit()
                || (matches!(bytes[i], b'.' | b',' | b'/')
                    && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
        {
            i += 1;
        }
        found.push(start..i);
    }
    found
}

/// Words after which a number names a rule or a section, not a quantity.
const REFERS: &[&str] = &[
    "véase",
    "vease",
    "ver",
    "regla",
    "reglas",
    "sección",
    "secciones",
    "apartado",
    "apartados",
    "capítulo",
    "capítulos",
    "caso",
    "casos",
    "ejemplo",
    "figura",
    "figuras",
    "fig",
    "§",
    "см",
    "п",
    "пункт",
    "пункты",
    "правило",
    "правила",
    "раздел",
    "глава",
    "главу",
    "пример",
    "рисунок",
    "рис",
    "see",
    "rule",
    "rules",
    "section",
    "chapter",
    "case",
    "example",
    "figure",
];

/// Words after which a number is the name of a piece or a place — "la
/// unidad 1", "el hex. 2", "la pila A3" — not a quantity.
const NAMES: &[&str] = &[
    "unidad",
    "unidades",
    "hex",
    "hexes",
    "hexágono",
    "hexágonos",
    "pila",
    "pilas",
    "ficha",
    "fichas",
    "batallón",
    "batallones",
    "columna",
    "número",
    "nº",
    "núm",
    "отряд",
    "отряды",
    "отряда",
    "номер",
    "caballería",
    "infantería",
    "artillería",
    "unit",
    "units",
    "hex",
    "stack",
    "counter",
    "column",
];

/// Words that join the items of a list.
const LIST_WORDS: &[&str] = &["y", "e", "o", "u", "и", "или", "and", "or"];

/// The number before this one in a list — "2, 1 y 3", "1 и 2" — if any.
fn list_before(text: &str, start: usize) -> Option<Range<usize>> {
    let before = text[..start].trim_end();
    let before = LIST_WORDS
        .iter()
        .find_map(|w| {
            before
                .strip_suffix(w)
                .filter(|b| b.ends_with(char::is_whitespace))
        })
        .map(str::trim_end)
        .or_else(|| before.strip_suffix(',').map(str::trim_end))?;
    let end = before.len();
    let digits = before
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .count();
    (digits > 0).then(|| end - digits..end)
}

/// Words after a year that say it is a date ("в 1812 году").
const YEAR_WORDS: &[&str] = &["год", "года", "году", "г", "año", "year"];

/// Whether a number states no quantity: a reference to a rule ("véase
/// 11.3", "§ 4", "figura 1"), the name of a piece or a hex ("la unidad 1",
/// "el hex. 2"), a code or an ordinal glued to letters ("D2", "95th",
/// "10º", "1-я"), or a year ("1815", "1812-15").
pub(crate) fn states_nothing(text: &str, number: &Range<usize>) -> bool {
    let written = &text[number.clone()];
    let before = text[..number.start].trim_end_matches([' ', '(', '\u{a0}', '.']);
    let previous_word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
        .trim_start_matches(['(', '«', '"'])
        .to_lowercase();
    let after = &text[number.end..];
    let next_word: String = after
        .trim_start_matches([' ', '\u{a0}'])
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect::<String>()
        .to_lowercase();
    if REFERS.contains(&previous_word.as_str()) || NAMES.contains(&previous_word.as_str()) {
        return true;
    }
    // "la 2 saca un resultado": in Spanish the article alone names a unit
    // by its number ("el 50 %" is a quantity).
    if previous_word == "la"
        && !written.contains(['/', ','])
        && !after.trim_start().starts_with('%')
    {
        return true;
    }
    // "la unidad enemiga 1, …": a name, one word, and the number standing
    // alone (a quantity would be followed by what it counts).
    let stands_alone = next_word.is_empty() || LIST_WORDS.contains(&next_word.as_str());
    let words_before: Vec<String> = before
        .split(|c: char| c.is_whitespace())
        .rev()
        .take(2)
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    if stands_alone
        && words_before
            .get(1)
            .is_some_and(|w| NAMES.contains(&w.as_str()))
    {
        return true;
    }
    // The rest of a list of them: "las unidades 2 y 3", "batallones 2, 1 y 3".
    if let Some(earlier) = list_before(text, number.start)
        && states_nothing(text, &earlier)
    {
        return true;
    }
    // Section numbers: decimals are written with a comma in these languages.
    if written.contains('.') && !written.contains(',') {
        return true;
    }
    // Glued to letters: a code ("D2", "A3"), a name ("3eme", "95th"), an
    // ordinal ("10º", "39.º", "1-я", "2.ª").
    let mut back = text[..number.start].chars().rev();
    let glued_before = match back.next() {
        Some(c) if c.is_alphabetic() => true,
        // "Lin.2": an abbreviation glued to it.
        Some('.') => back.next().is_some_and(|c| c.is_alphabetic()),
        _ => false,
    };
    let glued_after = after
        .trim_start_matches(['.', '-'])
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || matches!(c, 'º' | 'ª'))
        && !after.starts_with(['.', ' '])
        || after.starts_with(".º")
        || after.starts_with(".ª");
    if glued_before || glued_after {
        return true;
    }
    let is_year =
        |s: &str| s.len() == 4 && s.parse::<u32>().is_ok_and(|y| (1500..=2100).contains(&y));
    // A year stands alone or says it is one; "1800 человек" is a quantity.
    if is_year(written) && (next_word.is_empty() || YEAR_WORDS.contains(&next_word.as_str())) {
        return true;
    }
    // The end of a span of years, "1812-15", "1796–1815".
    let joined = text[..number.start].trim_end_matches(['-', '–', '—']);
    joined.len() < text[..number.start].len()
        && joined
            .rsplit(|c: char| !c.is_ascii_digit())
            .next()
            .is_some_and(is_year)
}

#[cfg(test)]
mod tests {
    use super::{numbers_in, states_nothing};

    #[test]
    fn a_number_is_a_run_of_digits_with_its_decimals_or_fraction() {
        let text = "avanza 7,5 cm, la mitad (1/2) de 15; 3x3=9.";
        let found: Vec<&str> = numbers_in(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(found, ["7,5", "1/2", "15", "3", "3", "9"]);
    }

    #[test]
    fn references_and_years_state_no_quantity() {
        let text = "véase 11.3; mueve 12 cm (regla 7); Prusianos 1812-15; cap. 4.2 y 20 figuras";
        let stating: Vec<&str> = numbers_in(text)
            .into_iter()
            .filter(|r| !states_nothing(text, r))
            .map(|r| &text[r])
            .collect();
        assert_eq!(stating, ["12", "20"]);
    }

    #[test]
    fn names_codes_and_ordinals_state_no_quantity_but_counts_of_men_do() {
        let text = "la unidad 1 ataca el hex. 2 con D2, el 95th, el 10º, la 1-я; полк в 1800 человек; \
                    1815; las unidades enemigas 1 y 2, los batallones 2, 1 y 3; la unidad mueve 3 hexes; \
                    la 2 la supera; el 50 % de 8.";
        let stating: Vec<&str> = numbers_in(text)
            .into_iter()
            .filter(|r| !states_nothing(text, r))
            .map(|r| &text[r])
            .collect();
        assert_eq!(stating, ["1800", "3", "50", "8"]);
    }
}
