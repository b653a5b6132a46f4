//! Every output kind is a backend: it plans its files from the checked project
//! and renders each to bytes. The registry lists them all; `build --only`,
//! `list` and the build loop read it. A new kind of output is one module that
//! implements [`Backend`] and one line in [`BACKENDS`] (and its template).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::convert::Converted;
use crate::diagnostic::Diagnostic;
use crate::model::scenario::{Layer, Scenario};
use crate::model::{ConvertJob, Project, Ruleset};
use crate::source::Sources;

mod change;
pub use change::Changed;

use crate::model::template::{Template, Templates};
use crate::render::typeset::inspect::Problem;

/// A conversion of grognard.toml (or of `grognard convert`) whose layer has
/// been loaded and checked like a hand-written one.
pub struct Conversion {
    pub job: ConvertJob,
    pub converted: Converted,
    pub layer: Layer,
}

/// What a backend reads: the checked project and what was made from it.
pub struct Context<'a> {
    pub project: &'a Project,
    pub sources: &'a Sources,
    pub templates: &'a Templates,
    pub conversions: &'a [Conversion],
    /// What each ruleset's rulebook marks as changed (`build --changes-since`).
    pub marks: &'a [(String, crate::model::changes::Marks)],
    /// The rulesets and scenarios whose sources have errors: nothing is made from them.
    pub failed: Vec<&'a str>,
    /// Documents several outputs hold, typeset once in a build.
    pub shared: Shared,
    /// What the run took from its surroundings: the date outputs carry.
    pub env: &'a crate::env::Env,
    /// Where typeset PDFs are kept between runs, in a build that keeps them.
    pub stored: Option<&'a crate::render::typeset::stored::Stored>,
    /// What a long-lived process (`watch`) keeps between its builds.
    pub reuse: Option<&'a Arc<crate::render::typeset::reuse::Reuse>>,
}

/// A rulebook's PDF, or why it could not be made.
pub type SharedRulebook = Result<Arc<crate::render::typeset::pdf::Rendered>, Vec<Diagnostic>>;

/// The rulebooks a build has typeset, by ruleset: the rulebook file and a
/// VASSAL module's Help menu hold the same PDF. A second asker waits for
/// the first rather than typesetting it again.
#[derive(Default)]
pub struct Shared {
    rulebooks: Mutex<HashMap<String, Arc<OnceLock<SharedRulebook>>>>,
}

impl<'a> Context<'a> {
    pub fn ruleset(&self, target: &str) -> Option<&'a Ruleset> {
        self.project.ruleset(target)
    }

    pub fn scenario(&self, target: &str) -> Option<&'a Scenario> {
        self.project.scenario(target)
    }

    /// The templates of a ruleset's or scenario's folder.
    pub fn templates(&self, folder: &Path) -> &[Template] {
        self.templates.of(folder)
    }

    /// What typesetting an output of a ruleset's or scenario's folder needs.
    pub fn press(&self, folder: &Path) -> crate::render::typeset::templates::Press<'a> {
        crate::render::typeset::templates::Press {
            templates: self.templates.of(folder),
            sources: self.sources,
            limits: &self.project.limits,
            created: self.env.created,
            stored: self.stored,
            reuse: self.reuse,
        }
    }

    /// The checked conversions of a scenario.
    pub fn conversions_of<'c>(&self, scenario: &'c str) -> impl Iterator<Item = &'a Conversion> + 'c
    where
        'a: 'c,
    {
        self.conversions
            .iter()
            .filter(move |c| c.job.scenario == scenario)
    }

    /// A scenario's layers as written, then as converted, each as the
    /// subject of its files.
    pub fn layers_of(&self, scenario: &'a Scenario) -> impl Iterator<Item = Subject<'a>> + '_ {
        let written = scenario
            .layers
            .iter()
            .map(move |l| Subject::Layer(scenario, l));
        let converted = self
            .conversions_of(&scenario.id)
            .map(move |c| Subject::Converted(scenario, c));
        written.chain(converted)
    }

    /// The one file of a ruleset target, `<ruleset>-<suffix>`; none for a scenario.
    pub fn ruleset_file(&self, target: &str, suffix: &str) -> Vec<Artifact<'a>> {
        let file =
            |r: &'a Ruleset| Artifact::new(Subject::Ruleset(r), format!("{}-{suffix}", r.id));
        self.ruleset(target).map(file).into_iter().collect()
    }

    /// The ruleset's rulebook, typeset once per build.
    pub fn rulebook(&self, ruleset: &Ruleset) -> SharedRulebook {
        let cell = {
            let mut rulebooks = self
                .shared
                .rulebooks
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            Arc::clone(rulebooks.entry(ruleset.id.clone()).or_default())
        };
        cell.get_or_init(|| {
            let press = self.press(&ruleset.folder);
            let marks = self
                .marks
                .iter()
                .find(|(id, _)| *id == ruleset.id)
                .map(|(_, marks)| marks);
            crate::render::documents::rulebook::render(self.project, ruleset, marks, &press)
                .map(Arc::new)
        })
        .clone()
    }
}

/// What a planned file is made from: the checked project's own values,
/// found once when the file is planned.
#[derive(Clone, Copy)]
pub enum Subject<'p> {
    Ruleset(&'p Ruleset),
    /// A scenario's facts, played with no ruleset.
    Scenario(&'p Scenario),
    /// A layer of a scenario as its sources hold it.
    Layer(&'p Scenario, &'p Layer),
    /// A layer a conversion made.
    Converted(&'p Scenario, &'p Conversion),
    /// The project as a whole (a calibration sheet): no target's file.
    Project,
}

impl<'p> Subject<'p> {
    /// The ruleset or scenario the file belongs to; empty for the project.
    pub fn target(&self) -> &'p str {
        match self {
            Subject::Ruleset(r) => &r.id,
            Subject::Scenario(s) | Subject::Layer(s, _) | Subject::Converted(s, _) => &s.id,
            Subject::Project => "",
        }
    }

    /// The scenario a scenario's file shows.
    pub fn scenario(&self) -> Option<&'p Scenario> {
        match self {
            Subject::Scenario(s) | Subject::Layer(s, _) | Subject::Converted(s, _) => Some(s),
            _ => None,
        }
    }

    /// The layer it shows, as written or as converted.
    pub fn layer(&self) -> Option<&'p Layer> {
        match self {
            Subject::Layer(_, layer) => Some(layer),
            Subject::Converted(_, conversion) => Some(&conversion.layer),
            _ => None,
        }
    }

    /// The ruleset of the layer it shows.
    pub fn layer_ruleset(&self) -> Option<&'p str> {
        self.layer().map(|l| l.ruleset.as_str())
    }

    /// Made from a conversion rather than a layer the sources hold.
    pub fn converted(&self) -> bool {
        matches!(self, Subject::Converted(..))
    }
}

/// One file a backend will make, and what from.
#[derive(Clone)]
pub struct Artifact<'p> {
    pub subject: Subject<'p>,
    /// Which of its files, for a backend that makes several per subject: a
    /// value of the backend's own type (see [`Artifact::part`]).
    part: Option<Arc<dyn std::any::Any + Send + Sync>>,
    /// Where it goes, relative to the output folder.
    pub path: PathBuf,
}

impl<'p> Artifact<'p> {
    /// A file of the subject's folder of the output: `<target>/<file_name>`.
    pub fn new(subject: Subject<'p>, file_name: impl AsRef<Path>) -> Self {
        Self {
            path: Path::new(subject.target()).join(file_name),
            subject,
            part: None,
        }
    }

    /// The same, one of several files of its subject, told apart by a
    /// value of the backend's own type.
    pub fn with_part<P: std::any::Any + Send + Sync>(self, part: P) -> Self {
        Self {
            part: Some(Arc::new(part)),
            ..self
        }
    }

    /// Which of its subject's files this is, as the backend planned it.
    pub fn part<P: std::any::Any>(&self) -> Option<&P> {
        self.part.as_deref()?.downcast_ref()
    }

    /// The ruleset or scenario it belongs to.
    pub fn target(&self) -> &'p str {
        self.subject.target()
    }
}

/// A rendered file and what its rendering found.
#[derive(Default)]
pub struct Made {
    pub bytes: Vec<u8>,
    pub warnings: Vec<Diagnostic>,
    /// Layout problems a reader would see (text off the page, missing glyphs).
    pub problems: Vec<Problem>,
}

impl From<crate::render::typeset::pdf::Rendered> for Made {
    fn from(rendered: crate::render::typeset::pdf::Rendered) -> Self {
        Self {
            bytes: rendered.pdf,
            warnings: rendered.warnings,
            problems: rendered.problems,
        }
    }
}

pub type MadeResult = Result<Made, Vec<Diagnostic>>;

pub trait Backend: Sync {
    /// The name `build --only` takes: "rules".
    fn name(&self) -> &'static str;
    /// One line for `--help` and `list`: what it makes and where.
    fn about(&self) -> &'static str;
    /// The files it makes for one ruleset or scenario (none for the other kind).
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>>;
    /// Renders one planned file.
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult;
    /// Whether its files print the change: `diff` lists them for reprint.
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool;
    /// Whether it reads the conversions, which are then made before planning.
    fn reads_conversions(&self) -> bool {
        false
    }
    /// Whether a ruleset's files read the project's scenarios (a web
    /// edition's scenario pages): building it alone loads them all the same.
    fn reads_scenarios(&self) -> bool {
        false
    }
    /// The folder of a target its files make, published as one (a web
    /// edition): reprinted and served as a whole.
    fn publishes_folder(&self) -> Option<&'static str> {
        None
    }
}
