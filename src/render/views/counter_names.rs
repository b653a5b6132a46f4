//! Names short enough for a counter: asides dropped, a battalion's ordinal
//! kept, common words abbreviated.

/// Words shortened on counters, applied in order: a phrase before the words
/// in it. The sources' names are in English, Spanish or Russian.
pub const ABBREVIATIONS: &[(&str, &str)] = &[
    ("Chevau-légers lanciers", "Lanciers"),
    ("Chasseurs à cheval", "Chass."),
    ("Horse half-battery", "½ H.bty"),
    ("Horse battery", "H.bty"),
    ("Foot battery", "Bty"),
    ("Field Battalion", "FB"),
    ("Field Bn", "FB"),
    ("Landwehr", "Lw"),
    ("Brunswick", "Bru."),
    ("Squadron", "Sqn"),
    ("horse battery", "h.bty"),
    ("foot battery", "bty"),
    ("half-battery", "½ bty"),
    ("Battalion", "Bn"),
    ("battalion", "bn"),
    ("Regiment", "Rgt"),
    ("Division", "Div."),
    ("Cavalry", "Cav."),
    ("Brigade", "Bde"),
    ("National", "Nat."),
    ("Militia", "Mil."),
    ("Volunteer", "Vol."),
    ("company", "coy"),
    ("Dragoons", "Drag."),
    ("Hussars", "Huss."),
    ("Hussar", "Huss."),
    ("Cuirassiers", "Cuir."),
    ("Lancers", "Lanc."),
    ("Infantry", "Inf."),
    ("reserve", "res."),
    ("Guard", "Gd"),
    ("Light", "Lt"),
    ("battery", "bty"),
    // Spanish and Russian formation names, which counters print as their
    // units' parent.
    ("División de Caballería", "Div. Cab."),
    ("División", "Div."),
    ("Brigada", "Bda."),
    ("Caballería", "Cab."),
    ("Infantería", "Inf."),
    ("Artillería", "Art."),
    ("Guardia Imperial", "G. Imp."),
    ("neerlandesa", "neerl."),
    ("británica", "brit."),
    ("hannoveriana", "hann."),
    ("de coraceros", "cor."),
    ("Reserva", "Res."),
    ("кавалерийская", "кав."),
    ("пехотная", "пех."),
    ("дивизия", "див."),
    ("бригада", "бр."),
    ("нидерландская", "нид."),
    ("британская", "брит."),
    ("ганноверская", "ганн."),
    ("кирасирская", "кир."),
    ("резерв", "рез."),
];

/// A short name that fits a counter: the asides in parentheses dropped, the
/// battalion's ordinal kept, words abbreviated: "2e Léger (1st bn)" → "2e Léger 1",
/// "5e Chevau-légers lanciers (3 sq)" → "5e Lanciers".
pub fn short_name(name: &str) -> String {
    let battalion = asides(name).find_map(battalion_ordinal);
    let base = abbreviate(name);
    match battalion {
        Some(number) => format!("{base} {number}"),
        None => base,
    }
}

/// The texts in parentheses: "A (28th) (1st bn)" → "28th", "1st bn".
fn asides(name: &str) -> impl Iterator<Item = &str> {
    name.split('(')
        .skip(1)
        .filter_map(|part| part.split_once(')').map(|(inside, _)| inside))
}

/// "1st bn", "2e bon.", "3rd battalion" → the ordinal; "1 bn" (a count) → None.
fn battalion_ordinal(aside: &str) -> Option<&str> {
    let (ordinal, what) = aside.trim().split_once(' ')?;
    let digits = ordinal.trim_end_matches(|c: char| c.is_alphabetic());
    let is_ordinal = digits.len() < ordinal.len() && digits.chars().all(|c| c.is_ascii_digit());
    let is_battalion = ["bn", "bon", "bat"].iter().any(|b| what.starts_with(b));
    (is_ordinal && is_battalion && !digits.is_empty()).then_some(digits)
}

/// A name without its asides and with the usual words shortened:
/// "2nd NL Div, 2nd Brigade (Nassau)" → "2nd NL Div, 2nd Bde".
pub fn abbreviate(name: &str) -> String {
    let mut plain = String::new();
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let mut short = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    for (long, abbreviation) in ABBREVIATIONS {
        short = short.replace(long, abbreviation);
    }
    short.trim_end_matches(',').to_string()
}

/// Ever shorter forms of a counter's second line (its formation or rank), to
/// try in order against the room at the line's fixed size: the text; without
/// its lower-case qualifiers ("de", "neerl."); the last part after a comma
/// (the formation's own designation); and its words from the first, fewer
/// each time, never ending on a particle.
pub fn shorter_forms(text: &str) -> Vec<String> {
    let mut forms = vec![text.to_string()];
    let qualified = |word: &&str| {
        !word.chars().next().is_some_and(char::is_lowercase)
            || word.chars().any(|c| c.is_ascii_digit())
    };
    let parts: Vec<String> = text
        .split(',')
        .map(|part| {
            part.split_whitespace()
                .filter(qualified)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|part| !part.is_empty())
        .collect();
    forms.push(parts.join(", "));
    if let Some(last) = parts.last() {
        forms.push(last.clone());
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    for n in (1..words.len()).rev() {
        let head = words[..n].join(" ");
        let particle =
            words[n - 1].chars().count() <= 3 && words[n - 1].chars().all(char::is_lowercase);
        if !particle {
            forms.push(head.trim_end_matches(',').to_string());
        }
    }
    forms.dedup();
    forms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_line_shortens_to_its_own_designation_and_never_ends_on_a_particle() {
        let forms = shorter_forms("2.ª Div. neerl., 2.ª Bda.");
        assert_eq!(forms[1], "2.ª Div., 2.ª Bda.");
        assert_eq!(forms[2], "2.ª Bda.");
        let forms = shorter_forms("mariscal del Imperio");
        assert!(forms.contains(&"mariscal".to_string()), "{forms:?}");
        assert!(!forms.contains(&"mariscal del".to_string()), "{forms:?}");
        assert_eq!(shorter_forms("Bda. de Línea de Bru.")[1], "Bda. Línea Bru.");
    }

    #[test]
    fn battalions_keep_their_ordinal_and_counts_do_not_become_one() {
        assert_eq!(short_name("2e Léger (1st bn)"), "2e Léger 1");
        assert_eq!(short_name("2e Léger (2e bon.)"), "2e Léger 2");
        assert_eq!(
            short_name("5e Chevau-légers lanciers (3 sq)"),
            "5e Lanciers"
        );
        assert_eq!(short_name("Nassau Regiment (1 bn)"), "Nassau Rgt");
        assert_eq!(
            short_name("Regiment Oranje-Nassau (28th) (2nd bn)"),
            "Rgt Oranje-Nassau 2"
        );
    }

    #[test]
    fn formations_lose_their_asides_and_long_words() {
        assert_eq!(
            abbreviate("2nd NL Div, 2nd Brigade (Nassau)"),
            "2nd NL Div, 2nd Bde"
        );
        assert_eq!(abbreviate("Brunswick Hussar Regiment"), "Bru. Huss. Rgt");
        assert_eq!(abbreviate("Brunswick Hussars"), "Bru. Huss.");
    }
}
