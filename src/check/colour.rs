//! Colours written in sources (side colours, nation colours) reach Typst's
//! `rgb()`; anything but `#rgb`, `#rrggbb` or `#rrggbbaa` is caught here.

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::Project;
use crate::model::colour::is_colour;

fn check_one(text: &str, location: &Location, diags: &mut Diagnostics) {
    if !text.is_empty() && !is_colour(text) {
        diags.push(
            Diagnostic::of(codes::INVALID_COLOUR, format!("`{text}` is not a colour"))
                .at_location(Some(location.clone()))
                .expected("a hex colour such as \"#2b4c9b\"")
                .found(format!("\"{text}\"")),
        );
    }
}

/// Side colours of every scenario, the `colour`/`ink` of the neutral
/// nations, and the nation colours a ruleset's counters give (of nations
/// the neutral vocabulary knows).
pub fn check(project: &Project, diags: &mut Diagnostics) {
    let known = project.neutral.vocabulary("nation");
    for ruleset in &project.rulesets {
        for given in &ruleset.counters.colours {
            check_one(&given.colour, &given.colour_at, diags);
            if let Some(nations) = known
                && nations.member(&given.nation).is_none()
            {
                let mut d = Diagnostic::of(
                    codes::UNKNOWN_VOCABULARY_KEY,
                    format!(
                        "`{}` is not a nation of scenarios/neutral.toml",
                        given.nation
                    ),
                )
                .at_location(Some(given.nation_at.clone()))
                .expected("a member of the neutral vocabulary `nation`");
                let ids = nations.members.iter().map(|m| m.id.as_str());
                if let Some(near) = crate::diagnostic::closest(&given.nation, ids) {
                    d = d.note(format!("did you mean `{near}`?"));
                }
                diags.push(d);
            }
        }
    }
    for scenario in &project.scenarios {
        for side in &scenario.sides {
            check_one(&side.colour, &side.location, diags);
        }
    }
    let nations = project.neutral.vocabulary("nation");
    for member in nations.iter().flat_map(|v| &v.members) {
        for key in ["colour", "ink"] {
            if let Some((_, value)) = member.attributes.iter().find(|(k, _)| k == key) {
                let text = value
                    .as_str()
                    .map_or_else(|| value.to_string(), str::to_string);
                check_one(&text, &member.location, diags);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::colour::is_colour;

    #[test]
    fn hex_colours_only() {
        for good in ["#fff", "#2b4c9b", "#2b4c9bcc"] {
            assert!(is_colour(good), "{good}");
        }
        for bad in [
            "",
            "blue",
            "2b4c9b",
            "#2b4c9",
            "#gggggg",
            "#2b4c9b\"); #read(\"x",
        ] {
            assert!(!is_colour(bad), "{bad}");
        }
    }
}
