//! A loaded, checked project and everything made from it before rendering:
//! the templates of each folder and the conversions, each loaded and checked
//! like a hand-written layer.

use std::path::{Path, PathBuf};

use crate::diagnostic::codes;
use crate::diagnostic::{self, Diagnostic, Diagnostics, Location, Severity};
use crate::model::template::Templates;
use crate::model::{ConvertJob, Project};
use crate::render::contract::{Context, Conversion};
use crate::source::Sources;
use crate::{check, convert, load, render};

/// A loaded and checked project, with every source file and every diagnostic.
pub struct Session {
    pub project: Project,
    pub sources: Sources,
    pub diagnostics: Diagnostics,
    pub templates: Templates,
    /// The `[[convert]]` jobs whose layers loaded and checked.
    pub conversions: Vec<Conversion>,
    /// What the rulebooks mark as changed since an earlier edition, by
    /// ruleset (`build --changes-since`).
    pub marks: Vec<(String, crate::model::changes::Marks)>,
    /// What the run takes from its surroundings.
    pub env: crate::env::Env,
}

impl Session {
    /// Loads the project at `root` and runs every check, the project's own
    /// templates included. Conversions are made when a build needs them
    /// ([`Session::run_conversions`]).
    pub fn load(root: &Path) -> Session {
        Self::load_scoped(root, &load::Scope::all())
    }

    /// [`Session::load`] of the rulesets and scenarios `scope` names.
    pub fn load_scoped(root: &Path, scope: &load::Scope) -> Session {
        let mut sources = Sources::default();
        let mut diagnostics = Diagnostics::default();
        let project = load::load_scoped(root, scope, &mut sources, &mut diagnostics);
        let mut files = load::ProjectFiles::new(root);
        files.limits = project.limits.clone();
        let mut template_diagnostics = Diagnostics::default();
        let templates =
            load::templates::load_all(&project, &files, &mut sources, &mut template_diagnostics);
        // Check whatever loaded, even after load errors: one run reports all
        // it can. The templates are checked beside the sources, and their
        // findings reported after.
        std::thread::scope(|scope| {
            let template_check = scope.spawn(|| {
                render::typeset::templates::check(
                    templates.unique(),
                    &mut template_diagnostics,
                    &sources,
                );
                template_diagnostics
            });
            check::check_project(&project, &sources, &mut diagnostics);
            let found = template_check
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            diagnostics.extend(found.into_vec());
        });
        Session {
            project,
            sources,
            diagnostics,
            templates,
            conversions: Vec::new(),
            marks: Vec::new(),
            env: crate::env::Env::from_process(),
        }
    }

    /// Makes the `[[convert]]` jobs of grognard.toml for the scenarios among
    /// `targets` that checked, once each.
    pub fn run_conversions(&mut self, targets: &[String]) {
        let jobs: Vec<ConvertJob> = self
            .project
            .conversions
            .iter()
            .filter(|job| targets.contains(&job.scenario))
            .filter(|job| {
                !self
                    .conversions
                    .iter()
                    .any(|c| c.job.scenario == job.scenario && c.job.to == job.to)
            })
            .filter(|job| {
                self.folder(&job.scenario).is_some() && !self.target_blocked(&job.scenario)
            })
            .cloned()
            .collect();
        for job in jobs {
            self.convert(job);
        }
    }

    /// What backends read.
    pub fn context(&self) -> Context<'_> {
        let project = &self.project;
        let rulesets = project.rulesets.iter().map(|r| r.id.as_str());
        let scenarios = project.scenarios.iter().map(|s| s.id.as_str());
        Context {
            project,
            sources: &self.sources,
            templates: &self.templates,
            conversions: &self.conversions,
            marks: &self.marks,
            failed: rulesets
                .chain(scenarios)
                .filter(|id| self.target_blocked(id))
                .collect(),
            shared: Default::default(),
            env: &self.env,
            stored: None,
            reuse: None,
        }
    }

    /// The folder of a ruleset or scenario.
    pub fn folder(&self, target: &str) -> Option<PathBuf> {
        let project = &self.project;
        project
            .ruleset(target)
            .map(|r| r.folder.clone())
            .or_else(|| project.scenario(target).map(|s| s.folder.clone()))
    }

    /// The folders a target reads: a ruleset's own; a scenario's, and those
    /// of the rulesets its layers are played with and it is converted to or
    /// from, whose errors stop it as they stop `build <ruleset>`.
    pub fn folders_of(&self, target: &str) -> Vec<PathBuf> {
        let project = &self.project;
        let mut folders: Vec<PathBuf> = self.folder(target).into_iter().collect();
        if let Some(scenario) = project.scenario(target) {
            let layers = scenario.layers.iter().map(|l| l.ruleset.as_str());
            let converted = project
                .conversions
                .iter()
                .filter(|job| job.scenario == scenario.id)
                .flat_map(|job| std::iter::once(job.to.as_str()).chain(job.from.as_deref()));
            for ruleset in layers.chain(converted) {
                // A ruleset that did not load is still its folder, whose
                // errors say why.
                let folder = project
                    .ruleset(ruleset)
                    .map_or_else(|| Path::new("content").join(ruleset), |r| r.folder.clone());
                if !folders.contains(&folder) {
                    folders.push(folder);
                }
            }
        }
        folders
    }

    /// Whether an error stops a target: in its folder, the project's, or a
    /// ruleset it reads.
    pub fn target_blocked(&self, target: &str) -> bool {
        let folders = self.folders_of(target);
        !folders.is_empty() && folders.iter().any(|f| self.blocked(f))
    }

    /// Whether a diagnostic concerns a ruleset or scenario folder: its own
    /// files, or the project's (manifest, templates, unknown targets), but not
    /// another folder's.
    pub fn concerns(&self, d: &Diagnostic, folder: &Path) -> bool {
        let file = match &d.location {
            Some(l) => Some(self.sources.path(l.file)),
            None => d.file.as_deref(),
        };
        match file.and_then(owner) {
            Some(owner) => owner == folder,
            None => true,
        }
    }

    /// Whether an error stops the outputs of a folder.
    pub fn blocked(&self, folder: &Path) -> bool {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .any(|d| self.concerns(d, folder))
    }

    /// Converts a scenario, then loads and checks the converted layer as if
    /// an author had written it; a layer that does not check is grognard's bug.
    pub fn convert(&mut self, job: ConvertJob) -> bool {
        let Some(scenario) = self.project.scenario(&job.scenario) else {
            let d = self.no_scenario(&job);
            self.diagnostics.push(d);
            return false;
        };
        let converted =
            match convert::convert(&self.project, scenario, &job.to, job.from.as_deref()) {
                Ok(c) => c,
                Err(diagnostics) => {
                    self.diagnostics.extend(diagnostics);
                    return false;
                }
            };
        // Nothing is dropped in silence: what the report warns of, check shows too.
        let place: Option<Location> = scenario
            .id_location
            .clone()
            .or_else(|| Some(Location::new(scenario.file, 0..0)));
        report_conversion(&mut self.diagnostics, &job, &converted.conversion, &place);
        let stem = format!("{}-{}", job.scenario, job.to);
        let shown = Path::new("out")
            .join(&job.scenario)
            .join(format!("{stem}.toml"));
        let file = self.sources.add(shown, converted.layer.clone());
        let (layer, found) = load_and_check(&self.project, scenario, file, &converted.layer);
        match layer {
            Some(layer) if !found.has_errors() => {
                self.conversions.push(Conversion {
                    job,
                    converted,
                    layer,
                });
                true
            }
            _ => {
                self.diagnostics.extend(found.iter().cloned());
                self.diagnostics.push(
                    Diagnostic::of(
                        codes::CONVERT,
                        format!(
                            "the converted `{}` layer of `{}` does not check; this is a bug in grognard",
                            job.to, job.scenario
                        ),
                    )
                    .at_location(place),
                );
                false
            }
        }
    }

    /// A job names a scenario the project does not have: the closest one is suggested.
    fn no_scenario(&self, job: &ConvertJob) -> Diagnostic {
        let names = self.project.scenarios.iter().map(|s| s.id.as_str());
        let mut d = Diagnostic::of(
            codes::CONVERT,
            format!("no scenario `{}` to convert", job.scenario),
        );
        if let Some(s) = diagnostic::closest(&job.scenario, names) {
            d = d.note(format!("did you mean `{s}`?"));
        }
        d
    }
}

/// What the conversion report says, among the build's diagnostics too: what
/// the sources lack is a note; what the conversion had to judge, a warning.
fn report_conversion(
    diagnostics: &mut Diagnostics,
    job: &ConvertJob,
    conversion: &convert::Conversion,
    place: &Option<Location>,
) {
    // The command line speaks English; the layer and report, the target's language.
    let english = crate::locale::Locale::builtin("en");
    let gaps = conversion.unmapped.iter().chain(&conversion.source_gaps);
    let notes = gaps.map(|text| (codes::MISSING_DATA, text));
    let warnings = conversion
        .warnings
        .iter()
        .map(|text| (codes::CONVERT_JUDGEMENT, text));
    for remark in &conversion.unit_remarks {
        let text = format!(
            "{} → {}: {}",
            job.scenario,
            job.to,
            remark.text.in_language(english)
        );
        let d = if remark.note {
            Diagnostic::of(codes::MISSING_DATA, text)
        } else {
            Diagnostic::of(codes::CONVERT_JUDGEMENT, text)
        };
        diagnostics.push(
            d.at_location(Some(remark.location.clone()))
                .note("the conversion report lists it too"),
        );
    }
    for (code, text) in notes.chain(warnings) {
        diagnostics.push(
            Diagnostic::of(
                code,
                format!(
                    "{} → {}: {}",
                    job.scenario,
                    job.to,
                    text.in_language(english)
                ),
            )
            .at_location(place.clone())
            .note("the conversion report lists it too"),
        );
    }
}

/// Loads a converted layer from its text and checks it as a layer of
/// `scenario`, with the diagnostics found apart from the session's.
fn load_and_check(
    project: &Project,
    scenario: &crate::model::scenario::Scenario,
    file: crate::source::FileId,
    text: &str,
) -> (Option<crate::model::scenario::Layer>, Diagnostics) {
    let mut refs = Vec::new();
    let mut found = Diagnostics::default();
    let first_day = scenario.first_day;
    let limits = &project.limits;
    let layer = load::scenario::load_layer(file, text, first_day, limits, &mut refs, &mut found);
    if let Some(layer) = &layer {
        check::scenario::check_extra_layer(project, scenario, layer, &refs, &mut found);
    }
    (layer, found)
}

/// The ruleset or scenario folder a file belongs to; `None` for the project's
/// own files (manifest, templates, neutral vocabularies).
fn owner(path: &Path) -> Option<PathBuf> {
    let mut parts = path.components();
    let top = parts.next()?.as_os_str();
    let name = parts.next()?;
    parts.next()?; // a file inside the folder, not the folder's sibling file
    (top == "content" || top == "scenarios").then(|| Path::new(top).join(name.as_os_str()))
}

#[cfg(test)]
mod built_in {
    use crate::diagnostic::Diagnostics;
    use crate::model::template::Template;
    use crate::source::Sources;

    /// Projects' unchanged copies of these are not checked again (see
    /// `load::templates`).
    #[test]
    fn every_built_in_template_checks() {
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        for (name, text) in crate::load::templates::DEFAULTS {
            let template = Template {
                name,
                text: text.to_string(),
                file: sources.add(format!("templates/{name}"), text.to_string()),
                from_project: true,
            };
            crate::render::typeset::templates::check_one(&template, &mut diags, &sources);
        }
        assert!(diags.is_empty(), "{:?}", diags.into_vec());
    }
}
