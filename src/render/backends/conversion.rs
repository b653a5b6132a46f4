//! Converted scenarios: the editable layer (TOML) and the report (Markdown)
//! that says what was mapped, judged and left out.

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult};

/// out/<battle>/<battle>-<ruleset>.toml and -report.md
pub struct Conversions;

const LAYER: &str = "layer";
const REPORT: &str = "report";

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
        if change.scale() {
            change.converted_to_ruleset(artifact)
        } else {
            change.of_scenario(artifact) && change.unit() && !change.counter()
        }
    }
    fn plan(&self, cx: &Context, target: &str) -> Vec<Artifact> {
        cx.conversions_of(target)
            .flat_map(|c| {
                let stem = format!("{target}-{}", c.job.to);
                let to = Some(c.job.to.as_str());
                [
                    (LAYER, format!("{stem}.toml")),
                    (REPORT, format!("{stem}-report.md")),
                ]
                .map(|(part, file)| Artifact {
                    part,
                    converted: true,
                    ..Artifact::new(target, to, file)
                })
            })
            .collect()
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let to = artifact.layer.as_deref().expect("planned for a conversion");
        let conversion = cx
            .conversion(&artifact.target, to)
            .expect("planned for a conversion");
        let text = match artifact.part {
            LAYER => &conversion.converted.layer,
            _ => &conversion.converted.report,
        };
        Ok(Made {
            bytes: text.as_bytes().to_vec(),
            warnings: Vec::new(),
            problems: Vec::new(),
        })
    }
}
