use super::{Counted, Locale, MESSAGES, problems};

#[test]
fn every_message_file_parses_and_gives_every_message() {
    for (language, text) in MESSAGES {
        assert_eq!(problems(language, text), Vec::new(), "{language}");
    }
}

fn figures(language: &str, n: u64) -> String {
    Locale::builtin(language).count(n, Counted::Figures)
}

#[test]
fn an_edition_is_named_once() {
    let es = Locale::builtin("es");
    assert_eq!(es.edition_named("1.1"), "Edición 1.1");
    assert_eq!(
        es.edition_named("Edición grognard,\n corregida"),
        "Edición grognard, corregida"
    );
    assert_eq!(es.edition_named("Segunda edición"), "Segunda edición");
    assert_eq!(es.edition_named(" "), "");
    let ru = Locale::builtin("ru");
    assert_eq!(
        ru.edition_named("Исправленное издание grognard"),
        "Исправленное издание grognard"
    );
    assert_eq!(ru.edition_named("2"), "Издание 2");
}

#[test]
fn words_sort_as_each_language_sorts_them() {
    let mut spanish = vec!["Zona", "Ávila", "Orden", "Ñandú", "Nube"];
    Locale::builtin("es").sort_by_word(&mut spanish, |w| w);
    assert_eq!(spanish, ["Ávila", "Nube", "Ñandú", "Orden", "Zona"]);
    let mut russian = vec!["Ёлка", "Ель", "Дом", "Жук"];
    Locale::builtin("ru").sort_by_word(&mut russian, |w| w);
    assert_eq!(russian, ["Дом", "Ёлка", "Ель", "Жук"]);
}

#[test]
fn russian_counts_take_the_plural_of_their_number() {
    assert_eq!(figures("ru", 1), "1 фигура");
    assert_eq!(figures("ru", 2), "2 фигуры");
    assert_eq!(figures("ru", 5), "5 фигур");
    assert_eq!(figures("ru", 21), "21 фигура");
    assert_eq!(figures("ru", 22), "22 фигуры");
    assert_eq!(figures("ru", 25), "25 фигур");
    assert_eq!(figures("ru", 11), "11 фигур");
    let ru = Locale::builtin("ru");
    assert_eq!(ru.count(1, Counted::Turns), "1 ход");
    assert_eq!(ru.count(3, Counted::Turns), "3 хода");
    assert_eq!(ru.count(14, Counted::Turns), "14 ходов");
}

#[test]
fn spanish_and_english_counts_take_their_plural() {
    assert_eq!(figures("es", 1), "1 figura");
    assert_eq!(figures("es", 2), "2 figuras");
    assert_eq!(figures("es", 21), "21 figuras");
    let es = Locale::builtin("es");
    assert_eq!(es.count(20, Counted::Turns), "20 turnos");
    assert_eq!(es.count(1, Counted::Guns), "1 cañón");
    assert_eq!(figures("en", 1), "1 figure");
    assert_eq!(figures("en", 5), "5 figures");
    let en = Locale::builtin("en");
    assert_eq!(en.count(1, Counted::Men), "1 man");
    assert_eq!(en.count(20818, Counted::Men), "20,818 men");
}

#[test]
fn numbers_and_dates_are_written_as_each_language_writes_them() {
    let date = time::Date::from_calendar_date(1815, time::Month::June, 16).unwrap();
    let (es, ru, en) = (
        Locale::builtin("es"),
        Locale::builtin("ru"),
        Locale::builtin("en"),
    );
    assert_eq!(es.date(date), "16 de junio de 1815");
    assert_eq!(ru.date(date), "16 июня 1815\u{202f}г.");
    assert_eq!(en.date(date), "16 June 1815");
    assert_eq!(es.day(date), "16 de junio");
    assert_eq!(es.number(20818), "20.818");
    assert_eq!(ru.number(20818), "20\u{a0}818");
    assert_eq!(en.number(20818), "20,818");
    assert_eq!(es.decimal(2.5), "2,5");
    assert_eq!(en.decimal(-2.5), "−2.5");
    let first = time::Date::from_calendar_date(1811, time::Month::May, 3).unwrap();
    let last = time::Date::from_calendar_date(1811, time::Month::May, 5).unwrap();
    assert_eq!(es.date_span(first, last), "3–5 de mayo de 1811");
    assert_eq!(es.day_number(2), "día 2");
    assert_eq!(es.only_in("en"), "Este texto solo existe en inglés.");
}
