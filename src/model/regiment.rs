//! The regiment a battalion belongs to: the one its `regiment` field names,
//! else the one its name designates as order-of-battle compilers write it
//! ("2e Léger (1st bn)", "1/28th Foot", "II/4e Léger", "Irlanda (2.º bon.)",
//! "Brunswick 2nd Line Battalion" is a battalion of no regiment). A name
//! that designates no battalion of a regiment makes a unit its own, so
//! that different regiments are never played as one.

use std::sync::OnceLock;

use regex::Regex;

use super::scenario::Unit;

/// A battalion's regiment: a key to compare (lower case, asides dropped)
/// and the name to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regiment {
    pub key: String,
    pub name: String,
}

/// An ordinal as the compilers of several languages write it: 1st, 2nd,
/// 1er, 2e, 2ème, 1.º, 2º, 1-й, or a roman numeral.
/// A bare number is a count ("3e Léger (1 bn)": one battalion), not an ordinal.
const ORDINAL: &str =
    r"(?:\d{1,2}(?:st|nd|rd|th|er|re|e|ème|eme|è|\.?º|\.?°|\.?ª|-й|-я)|[IVX]{1,5})";

/// "… (1st bn)", "… (2.º batallón)", "… (3e bataillon)", "… (1-й батальон)".
fn in_brackets() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        let battalion =
            r"(?:bn|btn|batt?|battalion|bon|bat|bataillon|batallón|batallon|батальон|бат)";
        Regex::new(&format!(
            r"(?i)^(?P<regiment>.+?)\s*\(\s*{ORDINAL}\.?\s*{battalion}\.?\s*\)\s*$"
        ))
        .expect("a valid pattern")
    })
}

/// "1/28th Foot", "2/Coldstream Guards", "II/4e Léger": battalion / regiment.
fn with_slash() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"^(?:\d{1,2}|[IVX]{1,5})\s*/\s*(?P<regiment>\S.*)$").expect("a valid pattern")
    })
}

/// The regiment the unit is a battalion of, if it is one.
pub fn regiment_of(unit: &Unit) -> Option<Regiment> {
    if let Some(stated) = unit.regiment.as_deref() {
        return Some(Regiment {
            key: key(stated),
            name: stated.trim().to_string(),
        });
    }
    designated(&unit.name)
}

/// The regiment a name designates a battalion of.
pub fn designated(name: &str) -> Option<Regiment> {
    let name = name.trim();
    let regiment = in_brackets()
        .captures(name)
        .or_else(|| with_slash().captures(name))?
        .name("regiment")?
        .as_str()
        .trim();
    let key = key(regiment);
    (!key.is_empty()).then(|| Regiment {
        key,
        name: regiment.to_string(),
    })
}

/// A regiment's name to compare: lower case, single spaces, without the
/// asides a compiler adds to one battalion and not another ("42nd Foot
/// (Black Watch)" is the 42nd Foot).
fn key(name: &str) -> String {
    let mut text = name.trim().to_string();
    while text.ends_with(')') {
        match text.rfind('(') {
            Some(open) if open > 0 => text.truncate(open),
            _ => break,
        }
        text = text.trim_end().to_string();
    }
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::designated;

    fn regiment(name: &str) -> Option<String> {
        designated(name).map(|r| r.key)
    }

    #[test]
    fn battalions_name_their_regiment() {
        assert_eq!(regiment("2e Léger (1st bn)").as_deref(), Some("2e léger"));
        assert_eq!(regiment("2e Léger (4th bn)").as_deref(), Some("2e léger"));
        assert_eq!(regiment("1/28th Foot").as_deref(), Some("28th foot"));
        assert_eq!(
            regiment("3/1st Foot Guards").as_deref(),
            Some("1st foot guards")
        );
        assert_eq!(
            regiment("2/1st Foot Guards").as_deref(),
            Some("1st foot guards")
        );
        assert_eq!(regiment("II/4e Léger").as_deref(), Some("4e léger"));
        assert_eq!(
            regiment("1/42nd Foot (Black Watch)"),
            regiment("2/42nd Foot")
        );
        assert_eq!(regiment("Irlanda (2.º bon.)").as_deref(), Some("irlanda"));
        assert_eq!(
            regiment("Corona (1er bataillon)").as_deref(),
            Some("corona")
        );
        assert_eq!(
            regiment("Егерский полк (1-й батальон)").as_deref(),
            Some("егерский полк")
        );
        assert_eq!(
            regiment("Regiment Oranje-Nassau (28th) (2nd bn)").as_deref(),
            Some("regiment oranje-nassau")
        );
    }

    #[test]
    fn units_of_no_regiment_are_their_own() {
        for name in [
            "8e Ligne",
            "45e Ligne",
            "1/28th Foot",
            "Brunswick 2nd Line Battalion",
            "3e Léger (1 bn)",
            "5e Chevau-légers lanciers (3 sq)",
            "Landwehr Battalion Verden",
            "Cazadores de Barbastro (half bn)",
        ] {
            if name == "1/28th Foot" {
                assert_ne!(regiment(name), regiment("1/32nd Foot"));
                continue;
            }
            assert_eq!(regiment(name), None, "{name}");
        }
    }
}
