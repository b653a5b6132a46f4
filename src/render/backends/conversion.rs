//! Converted scenarios: the editable layer (TOML) and the report (Markdown)
//! that says what was mapped, judged and left out.

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};

/// out/<battle>/<battle>-<ruleset>.toml and -report.md
pub struct Conversions;

/// The two files of a conversion.
enum File {
    /// The editable layer (TOML).
    Layer,
    /// What was mapped, judged and left out (Markdown).
    Report,
}

impl Backend for Conversions {
    fn reads_conversions(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "conversions"
    }
    fn about(&self) -> &'static str {
        "The [[convert]] jobs of grognard.toml: out/<battle>/<battle>-<ruleset>.toml and -report.md"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // Names and strengths, and the scale the conversion reads.
        change.by_scale_or(artifact, change.in_order_of_battle(artifact))
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let Some(scenario) = cx.scenario(target) else {
            return Vec::new();
        };
        cx.conversions_of(target)
            .flat_map(|c| {
                let stem = format!("{target}-{}", c.job.to);
                [
                    (File::Layer, format!("{stem}.toml")),
                    (File::Report, format!("{stem}-report.md")),
                ]
                .map(|(part, file)| {
                    Artifact::new(Subject::Converted(scenario, c), file).with_part(part)
                })
            })
            .collect()
    }
    fn render(&self, _: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Converted(_, conversion) = artifact.subject else {
            unreachable!("planned only for conversions")
        };
        let Some(file) = artifact.part::<File>() else {
            unreachable!("planned as the layer or the report")
        };
        let text = match file {
            File::Layer => &conversion.converted.layer,
            File::Report => &conversion.converted.report,
        };
        Ok(Made {
            bytes: text.as_bytes().to_vec(),
            warnings: Vec::new(),
            problems: Vec::new(),
        })
    }
}
