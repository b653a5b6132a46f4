//! Templates: the defaults built into the binary, overridable by the project
//! (`templates/<name>`) or by one ruleset (`content/<ruleset>/templates/<name>`).

use std::path::Path;

use minijinja::{AutoEscape, Environment, UndefinedBehavior, Value};

use crate::diagnostic::Diagnostic;
use crate::source::{FileId, Sources};

use super::escape;

const DEFAULTS: &[(&str, &str)] = &[
    ("rulebook.typ", include_str!("../../templates/rulebook.typ")),
    ("grognard.typ", include_str!("../../templates/grognard.typ")),
    ("booklet.typ", include_str!("../../templates/booklet.typ")),
    ("qrs.typ", include_str!("../../templates/qrs.typ")),
    ("counters.typ", include_str!("../../templates/counters.typ")),
    ("labels.typ", include_str!("../../templates/labels.typ")),
];

/// One template as used for a ruleset, with the file it came from.
pub struct Template {
    pub name: &'static str,
    pub text: String,
    pub file: FileId,
}

/// Finds each template for a ruleset (or a scenario's folder): its own
/// `templates/`, then the project's, then the built-in default.
pub fn load(root: &Path, ruleset_folder: &Path, sources: &mut Sources) -> Vec<Template> {
    DEFAULTS
        .iter()
        .map(|(name, default)| {
            let candidates = [
                ruleset_folder.join("templates").join(name),
                Path::new("templates").join(name),
            ];
            let found = candidates.iter().find_map(|rel| {
                std::fs::read_to_string(root.join(rel))
                    .ok()
                    .map(|t| (rel, t))
            });
            let (path, text) = match found {
                Some((rel, text)) => (rel.clone(), text),
                None => (
                    Path::new("<built-in>/templates").join(name),
                    default.to_string(),
                ),
            };
            let file = sources.add(path, text.clone());
            Template { name, text, file }
        })
        .collect()
}

/// Renders a minijinja template that emits Typst: interpolated values are
/// escaped as Typst markup unless marked safe, and undefined values are errors.
pub fn render(
    template: &Template,
    context: Value,
    sources: &Sources,
) -> Result<String, Box<Diagnostic>> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".typ") {
            AutoEscape::Custom("typst".into())
        } else {
            AutoEscape::None
        }
    });
    env.set_formatter(|out, state, value| {
        if matches!(state.auto_escape(), AutoEscape::Custom(_)) && !value.is_safe() {
            let text = value.to_string();
            out.write_str(&escape::markup(&text))?;
            Ok(())
        } else {
            minijinja::escape_formatter(out, state, value)
        }
    });
    // `{{ value | typst_string }}` writes a Typst string literal.
    env.add_filter("typst_string", |value: String| {
        Value::from_safe_string(escape::string(&value))
    });
    let result = env
        .add_template(template.name, &template.text)
        .and_then(|()| env.get_template(template.name)?.render(context));
    result.map_err(|e| {
        let source = sources.get(template.file);
        let range = e
            .line()
            .map(|line| {
                let start = source
                    .text
                    .split_inclusive('\n')
                    .take(line - 1)
                    .map(str::len)
                    .sum::<usize>();
                let len = source.text[start..]
                    .find('\n')
                    .unwrap_or(source.text.len() - start);
                start..start + len
            })
            .unwrap_or(0..0);
        Box::new(
            Diagnostic::error(
                "template-error",
                format!(
                    "template `{}`: {}",
                    template.name,
                    e.detail().unwrap_or(&e.to_string())
                ),
            )
            .at(template.file, range),
        )
    })
}

/// A Typst world for one output: the named template as the main file, the
/// shared Typst library, and the output's data as one JSON file.
pub fn data_world(
    templates: &[Template],
    main: &str,
    data_name: &str,
    data: &impl serde::Serialize,
    sources: &Sources,
) -> Result<super::world::MemoryWorld, Vec<Diagnostic>> {
    let template = |name: &str| {
        templates
            .iter()
            .find(|t| t.name == name)
            .expect("built-in template")
    };
    let mut world = super::world::MemoryWorld::new("main.typ");
    let text = render(template(main), minijinja::context! {}, sources).map_err(|d| vec![*d])?;
    world.add_source("main.typ", text);
    world.add_source("grognard.typ", template("grognard.typ").text.clone());
    world.add_data(
        data_name,
        serde_json::to_vec(data).expect("output data serializes"),
    );
    Ok(world)
}
