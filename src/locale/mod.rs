//! Every word grognard prints itself, in the reader's language: the
//! messages of `templates/messages/<language>.ftl` (Project Fluent, with
//! CLDR plural rules), and numbers and dates as the language writes them
//! (ICU4X). Adding a language is adding its message file: to `MESSAGES`
//! for every project, or to a project's own `templates/messages/`.

mod messages;
pub use messages::{MessageProblem, problems};

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{LazyLock, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use icu_locale_core::Locale as IcuLocale;

/// "Turno" → "⟦Turno··⟧": wrapped and a third longer.
fn pseudo_text(text: &str) -> Cow<'_, str> {
    let padding = "·".repeat(text.chars().count().div_ceil(3));
    Cow::Owned(format!("⟦{text}{padding}⟧"))
}

/// The message file of each language grognard writes.
pub const MESSAGES: &[(&str, &str)] = &[
    ("es", include_str!("../../templates/messages/es.ftl")),
    ("ru", include_str!("../../templates/messages/ru.ftl")),
    ("en", include_str!("../../templates/messages/en.ftl")),
];

/// The words of one project in every language it may be written in: the
/// built-in message files, and the project's own
/// (`templates/messages/<language>.ftl`), which add a language or reword
/// one. A value the loader returns with the project: two projects (two
/// editions of one) each print their own words. Each language's locale is
/// built on first use.
pub struct Locales {
    /// The project's own message files: (language, text).
    own: Vec<(String, String)>,
    /// Pseudo-localisation, for testing and for translators: every word
    /// grognard prints from its messages is wrapped in ⟦…⟧ and lengthened
    /// by a third, so that a page shows at once any word that does not
    /// come from a message file, and any box too small for a longer
    /// language.
    pseudo: bool,
    built: Vec<(String, OnceLock<Locale>)>,
}

impl Default for Locales {
    fn default() -> Self {
        Self::new(Vec::new(), false)
    }
}

impl Clone for Locales {
    fn clone(&self) -> Self {
        Self::new(self.own.clone(), self.pseudo)
    }
}

impl std::fmt::Debug for Locales {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Locales")
            .field("languages", &self.languages())
            .field("pseudo", &self.pseudo)
            .finish()
    }
}

impl Locales {
    /// The built-in languages and the project's own message files
    /// (language, text); a project's file for a built-in language replaces it.
    pub fn new(own: Vec<(String, String)>, pseudo: bool) -> Self {
        let mut languages: Vec<String> = MESSAGES.iter().map(|(l, _)| l.to_string()).collect();
        for (language, _) in &own {
            if !languages.contains(language) {
                languages.push(language.clone());
            }
        }
        let built = languages
            .into_iter()
            .map(|l| (l, OnceLock::new()))
            .collect();
        Self { own, pseudo, built }
    }

    /// The same words, pseudo-localised or not.
    pub fn pseudo(&self, on: bool) -> Self {
        Self::new(self.own.clone(), on)
    }

    /// The languages a ruleset or scenario may be written in.
    pub fn languages(&self) -> Vec<String> {
        self.built.iter().map(|(l, _)| l.clone()).collect()
    }

    /// Whether grognard can write `language`.
    pub fn has(&self, language: &str) -> bool {
        self.built.iter().any(|(l, _)| l == language)
    }

    /// The locale of a language; English for a language grognard does not
    /// have (the loaders report that language).
    pub fn get(&self, language: &str) -> &Locale {
        let (language, cell) = self
            .built
            .iter()
            .find(|(l, _)| l == language)
            .or_else(|| self.built.iter().find(|(l, _)| l == "en"))
            .expect("English is built in");
        cell.get_or_init(|| build(language, &self.text_of(language), self.pseudo))
    }

    /// The message file of a language: the project's, else the built-in one.
    fn text_of(&self, language: &str) -> String {
        self.own
            .iter()
            .find(|(l, _)| l == language)
            .map(|(_, text)| text.clone())
            .or_else(|| {
                MESSAGES
                    .iter()
                    .find(|(l, _)| *l == language)
                    .map(|(_, text)| text.to_string())
            })
            .unwrap_or_default()
    }
}

/// The messages every language must give, read once into fields so that a
/// renderer names them like any value: `locale.contents`.
macro_rules! words {
    ($($field:ident),* $(,)?) => {
        pub struct Locale {
            $(pub $field: String,)*
            /// The language's code: "es".
            pub language: String,
            bundle: FluentBundle<FluentResource>,
            /// The CLDR locale numbers and dates follow ("en-GB").
            formats: IcuLocale,
            /// Pseudo-localised (see [`Locales`]): dates too.
            pseudo: bool,
        }

        /// The ids of the messages every language must give.
        pub const WORDS: &[&str] = &[$(stringify!($field)),*];

        impl Locale {
            fn from_bundle(language: &str, bundle: FluentBundle<FluentResource>, formats: IcuLocale, pseudo: bool) -> Self {
                Self {
                    $($field: message(&bundle, stringify!($field), None),)*
                    language: language.to_string(),
                    bundle,
                    formats,
                    pseudo,
                }
            }
        }
    };
}

words!(
    web_cited_by,
    web_search,
    web_no_results,
    web_print,
    web_scenarios,
    web_skip,
    web_previous,
    web_next,
    night,
    hex_abbr,
    cm_abbr,
    contents,
    chapter,
    table,
    table_lower,
    continued,
    list_of_tables,
    page_abbr,
    needs,
    needs_intro,
    source,
    glossary,
    index,
    see,
    example,
    missing,
    base,
    roll,
    sum,
    result,
    rounding_up,
    rounding_down,
    rounding_nearest,
    minimum,
    exclusive,
    success,
    failure_by,
    or_more,
    or_less,
    claimed,
    chance,
    worst,
    best,
    edition,
    appendix,
    appendix_intro,
    tables_outside,
    editor_note,
    editor_notes,
    colophon,
    colophon_sources,
    colophon_date,
    introduction,
    outcome,
    order_of_battle,
    setup,
    reinforcements,
    victory,
    special_rules,
    errata,
    strengths,
    arrivals,
    turn,
    clock,
    men,
    guns,
    units,
    missing_data,
    orders,
    command,
    duration,
    not_engaged,
    present,
    left_out,
    parts_battalions,
    parts_squadrons,
    parts_companies,
    parts_batteries,
    howitzer,
    detached_from,
    departs,
    other_figures,
    nominal,
    attached_to,
    estimate,
    sources,
    scenario,
    within,
    hexes_of,
    entry,
    order_change,
    attempts,
    radius,
    reorganisation,
    demoralisation,
    quick_reference,
    qrs_other,
    reference_cards,
    symbol_infantry,
    symbol_light_infantry,
    symbol_cavalry,
    symbol_light_cavalry,
    symbol_heavy_cavalry,
    symbol_foot_artillery,
    symbol_horse_artillery,
    symbol_leader,
    counter_key,
    side,
    arriving,
    calibration_title,
    calibration_how,
    calibration_setting,
    calibration_across,
    calibration_down,
    unit,
    grade,
    figures,
    points,
    men_or_guns,
    represented,
    order_markers,
    bases,
    casualties,
    general,
    map_key,
    map_title,
    north_letter,
    metres_abbr,
    setup_map,
    map_assembly,
    map_no_terrain,
    map_grid_assumed,
    map_no_scale,
    map_not_to_scale,
    map_setup_key,
    crt_odds,
    crt_differential,
    crt_beyond,
    crt_end_column,
    success_by,
);

/// A message's text; its id when the file lacks it, which the message
/// files' own test rules out for the languages grognard ships.
fn message(bundle: &FluentBundle<FluentResource>, id: &str, args: Option<&FluentArgs>) -> String {
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return id.to_string();
    };
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, args, &mut errors)
        .into_owned()
}

fn fallback_language(language: &str) -> unic_langid::LanguageIdentifier {
    language.parse().unwrap_or_default()
}

/// What a number can count, and the message that writes it with its plural.
const COUNTED: &[(Counted, &str)] = &[
    (Counted::Men, "count_men"),
    (Counted::Guns, "count_guns"),
    (Counted::Units, "count_units"),
    (Counted::Figures, "count_figures"),
    (Counted::Points, "count_points"),
    (Counted::Turns, "count_turns"),
    (Counted::Minutes, "count_minutes"),
];

/// An argument of a message: a number (which also picks the plural form)
/// or a text.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Number(u64),
    Text(String),
    /// A number and what it counts, written as the language writes it: "5 фигур".
    Counted(u64, Counted),
}

impl From<u64> for Arg {
    fn from(n: u64) -> Self {
        Arg::Number(n)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Self {
        Arg::Number(n as u64)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Arg::Text(text)
    }
}

/// Something to be said in a language chosen later: a conversion's notes
/// go to the command line in English, and into the converted layer and its
/// report in the target ruleset's language. `Text` is the author's own words
/// (a profile's judgement calls), said as written.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    Message(&'static str, Vec<(&'static str, Arg)>),
    Text(String),
}

impl Said {
    pub fn new(id: &'static str, args: Vec<(&'static str, Arg)>) -> Self {
        Said::Message(id, args)
    }

    /// The words in `locale`'s language.
    pub fn in_language(&self, locale: &Locale) -> String {
        match self {
            Said::Message(id, args) => locale.message(id, args),
            Said::Text(text) => text.clone(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Counted {
    Men,
    Guns,
    Units,
    Figures,
    Points,
    Turns,
    Minutes,
}

impl Locale {
    /// The locale of a language with grognard's own words alone: the
    /// command line's English, and tests. (Outputs use their project's
    /// [`Locales`].)
    pub fn builtin(language: &str) -> &'static Locale {
        static BUILTIN: LazyLock<Locales> = LazyLock::new(Locales::default);
        BUILTIN.get(language)
    }

    /// The word for what a value counts: "figures" or "points".
    pub fn represents(&self, represents: &str) -> &str {
        match represents {
            "points" => &self.points,
            _ => &self.figures,
        }
    }

    /// What a unit is made of, abbreviated after a number.
    pub fn parts(&self) -> [&str; 4] {
        [
            &self.parts_battalions,
            &self.parts_squadrons,
            &self.parts_companies,
            &self.parts_batteries,
        ]
    }

    /// A number and what it counts, in the plural it takes: "1 фигура",
    /// "5 фигур", "21 фигура"; the number written as the language writes it.
    pub fn count(&self, n: u64, what: Counted) -> String {
        let id = COUNTED
            .iter()
            .find(|(c, _)| *c == what)
            .map_or("count_units", |(_, id)| id);
        let mut args = FluentArgs::new();
        args.set("count", FluentValue::from(n));
        args.set("number", FluentValue::from(self.number(n)));
        message(&self.bundle, id, Some(&args))
    }

    /// "What a value counts" for `represents`, counted: "17 figuras".
    pub fn count_represented(&self, n: u64, represents: &str) -> String {
        let what = match represents {
            "points" => Counted::Points,
            _ => Counted::Figures,
        };
        self.count(n, what)
    }

    /// A whole number: "20.818" (es), "20 818" (ru), "20,818" (en).
    pub fn number(&self, n: u64) -> String {
        self.decimal_text(fixed_decimal::Decimal::from(n))
    }

    /// A decimal number as the language writes it: "2,1" in Spanish; a
    /// negative one with a true minus sign.
    pub fn decimal(&self, value: f64) -> String {
        let text = if value.fract() == 0.0 {
            self.decimal_text(fixed_decimal::Decimal::from(value as i64))
        } else {
            match fixed_decimal::Decimal::try_from_str(&value.to_string()) {
                Ok(decimal) => self.decimal_text(decimal),
                Err(_) => value.to_string(),
            }
        };
        text.replace('-', "−")
    }

    fn decimal_text(&self, decimal: fixed_decimal::Decimal) -> String {
        // A formatter per language and thread, made once: making one costs
        // more than the formatting (ICU4X formatters are not `Sync` here).
        thread_local! {
            static FORMATTERS: RefCell<HashMap<String, icu_decimal::DecimalFormatter>> =
                RefCell::new(HashMap::new());
        }
        FORMATTERS.with(|formatters| {
            let mut formatters = formatters.borrow_mut();
            if !formatters.contains_key(&self.language) {
                let prefs = self.formats.clone().into();
                match icu_decimal::DecimalFormatter::try_new(prefs, Default::default()) {
                    Ok(formatter) => formatters.insert(self.language.clone(), formatter),
                    Err(_) => return decimal.to_string(),
                };
            }
            formatters
                .get(&self.language)
                .map_or_else(|| decimal.to_string(), |f| f.format(&decimal).to_string())
        })
    }

    /// A day of the month as the language writes it: "4 de mayo", "4 мая".
    pub fn day(&self, date: time::Date) -> String {
        self.date_text(date, false)
    }

    /// A whole date: "4 de mayo de 1811", "4 мая 1811 г.", "4 May 1811".
    pub fn date(&self, date: time::Date) -> String {
        self.date_text(date, true)
    }

    fn date_text(&self, date: time::Date, with_year: bool) -> String {
        use icu_calendar::Gregorian;
        use icu_datetime::FixedCalendarDateTimeFormatter as Formatter;
        use icu_datetime::fieldsets::{MD, YMD};
        let Ok(day) =
            icu_calendar::Date::try_new_gregorian(date.year(), date.month().into(), date.day())
        else {
            return date.to_string();
        };
        let prefs = || self.formats.clone().into();
        let text = if with_year {
            Formatter::<Gregorian, _>::try_new(prefs(), YMD::long())
                .map(|f| f.format(&day).to_string())
        } else {
            Formatter::<Gregorian, _>::try_new(prefs(), MD::long())
                .map(|f| f.format(&day).to_string())
        };
        let text = text.unwrap_or_else(|_| date.to_string());
        if self.pseudo {
            pseudo_text(&text).into_owned()
        } else {
            text
        }
    }

    /// The days of an action: "16 de mayo de 1811", or "3–5 de mayo de 1811"
    /// and "30 de abril – 2 de mayo de 1811" when it lasts several.
    pub fn date_span(&self, first: time::Date, last: time::Date) -> String {
        if first == last {
            return self.date(first);
        }
        if first.year() == last.year() && first.month() == last.month() {
            let whole = self.date(last);
            return format!("{}–{}", first.day(), whole);
        }
        let first_text = if first.year() == last.year() {
            self.day(first)
        } else {
            self.date(first)
        };
        format!("{first_text} – {}", self.date(last))
    }

    /// A chance as an exact fraction and a percentage: "5/12 (41,7 %)".
    pub fn chance_text(&self, p: crate::model::Ratio) -> String {
        let percent = self.decimal((p.as_f64() * 1000.0).round() / 10.0);
        format!("{p} ({percent} %)")
    }

    /// A modifier as printed in tables: "+1", "−2", "0".
    pub fn signed(&self, value: i64) -> String {
        match value {
            0 => "0".into(),
            v if v > 0 => format!("+{v}"),
            v => format!("−{}", -v),
        }
    }

    /// Sorts as the language's dictionaries do (CLDR collation): "Ávila"
    /// among the A's, "Ёлка" as if "Елка", before "Ель".
    pub fn sort_by_word<T>(&self, items: &mut [T], word: impl Fn(&T) -> &str) {
        let collator =
            icu_collator::Collator::try_new(self.formats.clone().into(), Default::default());
        match collator {
            Ok(collator) => items.sort_by(|a, b| collator.compare(word(a), word(b))),
            Err(_) => items.sort_by_key(|item| word(item).to_lowercase()),
        }
    }

    /// A day of an action where the sources give no date: "día 2".
    pub fn day_number(&self, n: u32) -> String {
        self.with("day_number", &[("n", self.number(n.into()).into())])
    }

    /// The note on a text given only in another language: "Este texto solo
    /// existe en inglés."
    pub fn only_in(&self, language: &str) -> String {
        let id = format!("language_{language}");
        // A language a project adds is named in its own words.
        let name = if self.bundle.has_message(&id) {
            message(&self.bundle, &id, None)
        } else {
            message(&Locale::builtin(language).bundle, &id, None)
        };
        self.with("only_in", &[("language", name.into())])
    }

    /// An edition as a page prints it: "Edición 1.1" for a bare "1.1",
    /// the author's words as they are where they already name it
    /// ("Edición grognard, corregida"), on one line; nothing for none.
    pub fn edition_named(&self, edition: &str) -> String {
        let edition = edition.split_whitespace().collect::<Vec<_>>().join(" ");
        if edition.is_empty() || self.says_edition(&edition) {
            edition
        } else {
            format!("{} {edition}", self.edition)
        }
    }

    /// Whether an edition string already has the word "edition" in it.
    pub fn says_edition(&self, edition: &str) -> bool {
        edition
            .to_lowercase()
            .contains(&self.edition.to_lowercase())
    }

    /// A level of victory: "victoria marginal".
    pub fn victory_level(&self, level: &str) -> String {
        message(&self.bundle, &format!("victory_{level}"), None)
    }

    /// A message with arguments: a number (which also picks the plural
    /// form) or a text. For sentences such as the notes of a conversion.
    pub fn message(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Number(n) => fluent.set(*name, FluentValue::from(*n)),
                Arg::Text(text) => fluent.set(*name, FluentValue::from(text.clone())),
                Arg::Counted(n, what) => {
                    fluent.set(*name, FluentValue::from(self.count(*n, *what)))
                }
            }
        }
        message(&self.bundle, id, Some(&fluent))
    }

    /// A message of this language with arguments.
    fn with(&self, id: &str, args: &[(&str, Cow<'_, str>)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(*name, FluentValue::from(value.to_string()));
        }
        message(&self.bundle, id, Some(&fluent))
    }
}

fn build(language: &str, text: &str, pseudo: bool) -> Locale {
    // The built-in files are tested to parse whole; a partial parse keeps
    // what did.
    let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
    let mut bundle = FluentBundle::new_concurrent(vec![fallback_language(language)]);
    // Unicode isolation marks around arguments would print on the page.
    bundle.set_use_isolating(false);
    if pseudo {
        bundle.set_transform(Some(pseudo_text));
    }
    let _ = bundle.add_resource(resource);
    let formats = message(&bundle, "formats", None)
        .parse()
        .unwrap_or(icu_locale_core::locale!("en-GB"));
    Locale::from_bundle(language, bundle, formats, pseudo)
}

#[cfg(test)]
mod tests;
