//! Rendering templates: minijinja emits Typst with every value escaped, and
//! Typst's errors point back at the template line that produced them.

use minijinja::{AutoEscape, Environment, UndefinedBehavior, Value};
use typst::diag::SourceDiagnostic;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::template::LIBRARY;
pub use crate::model::template::Template;
use crate::source::Sources;

use crate::render::typeset::escape;
use crate::render::typeset::world::{MemoryWorld, file_path};

/// The most steps one template may take to render: far more than the
/// built-in templates take (they loop over data in Typst, not here), and a
/// loop of loops stops here rather than running for minutes.
pub const TEMPLATE_STEPS: u64 = 50_000_000;

/// Renders a minijinja template that emits Typst: interpolated values are
/// escaped as Typst markup unless marked safe, and undefined values are errors.
pub fn render(
    template: &Template,
    context: Value,
    sources: &Sources,
) -> Result<String, Box<Diagnostic>> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_fuel(Some(TEMPLATE_STEPS));
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".typ") {
            AutoEscape::Custom("typst".into())
        } else if name.ends_with(".html") {
            AutoEscape::Html
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
    result.map_err(|e| Box::new(template_error(template, sources, &e)))
}

/// A minijinja error at the template line it names.
fn template_error(template: &Template, sources: &Sources, e: &minijinja::Error) -> Diagnostic {
    let range = e
        .line()
        .map(|line| line_range(&sources.get(template.file).text, line))
        .unwrap_or(0..0);
    let diagnostic = Diagnostic::of(
        codes::TEMPLATE_ERROR,
        format!(
            "template `{}`: {}",
            template.name,
            e.detail().unwrap_or(&e.to_string())
        ),
    )
    .at(template.file, range);
    if e.kind() == minijinja::ErrorKind::OutOfFuel {
        diagnostic.note(format!(
            "a template may take at most {TEMPLATE_STEPS} steps to render; \
             a loop inside a loop over long ranges takes more"
        ))
    } else {
        diagnostic
    }
}

/// The byte range of a one-based line.
fn line_range(text: &str, line: usize) -> std::ops::Range<usize> {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let len = text[start..].find('\n').unwrap_or(text.len() - start);
    start..start + len
}

/// The context each main template is rendered with; `rulebook.typ` lists the
/// chapter files.
pub fn context(main: &str, chapters: &[String], appendix: bool) -> Value {
    if main == "rulebook.typ" {
        let chapters: Vec<_> = chapters
            .iter()
            .map(|path| minijinja::context! { path => path })
            .collect();
        minijinja::context! { chapters => chapters, appendix => appendix }
    } else {
        minijinja::context! {}
    }
}

/// What typesetting an output needs besides its data: the templates of its
/// folder, the sources (to point Typst's errors back at them), the
/// project's limits and the date the output carries.
#[derive(Clone, Copy)]
pub struct Press<'a> {
    pub templates: &'a [Template],
    pub sources: &'a Sources,
    pub limits: &'a crate::model::limits::Limits,
    pub created: crate::env::Created,
    /// Where typeset PDFs are kept between runs, in a build that keeps them.
    pub stored: Option<&'a crate::render::typeset::stored::Stored>,
    /// What a long-lived process keeps between builds.
    pub reuse: Option<&'a std::sync::Arc<crate::render::typeset::reuse::Reuse>>,
}

/// A Typst world for one output: the named template as the main file, the
/// shared Typst library, and the output's data as one JSON file.
pub fn data_world(
    press: &Press,
    main: &str,
    data_name: &str,
    data: &impl serde::Serialize,
) -> Result<MemoryWorld, Vec<Diagnostic>> {
    let templates = press.templates;
    let mut world = MemoryWorld::new("main.typ").pressed(press);
    let text = render(
        find(templates, main),
        context(main, &[], false),
        press.sources,
    )
    .map_err(|d| vec![*d])?;
    world.add_source("main.typ", text);
    world.add_source(LIBRARY, find(templates, LIBRARY).text.clone());
    world.add_data(
        data_name,
        serde_json::to_vec(data).expect("output data serializes"),
    );
    Ok(world)
}

pub fn find<'a>(templates: &'a [Template], name: &str) -> &'a Template {
    templates
        .iter()
        .find(|t| t.name == name)
        .expect("every built-in template has a default")
}

/// Points a Typst diagnostic at the template it came from: the library at its
/// own place, the main template at the line that produced the failing text.
pub fn typst_diagnostic(
    error: &SourceDiagnostic,
    world: &MemoryWorld,
    templates: &[Template],
    main: &str,
    what: &str,
) -> Diagnostic {
    use typst::WorldExt;
    let diagnostic = typst_message(error, what);
    let Some(id) = error.span.id() else {
        return diagnostic;
    };
    let path = file_path(id);
    let range = world.range(error.span).unwrap_or(0..0);
    if path == "main.typ" {
        let template = find(templates, main);
        let rendered = world.source_text(id).unwrap_or_default();
        return diagnostic.at_location(Some(rendered_to_template(template, rendered, range)));
    }
    match templates.iter().find(|t| t.name == path) {
        Some(template) => diagnostic.at(template.file, range),
        None => diagnostic.note(format!("in generated file {path}")),
    }
}

/// A Typst diagnostic's severity, message and hints, not yet placed.
pub fn typst_message(error: &SourceDiagnostic, what: &str) -> Diagnostic {
    let code = match error.severity {
        typst::diag::Severity::Error => codes::TYPST_ERROR,
        typst::diag::Severity::Warning => codes::TYPST_WARNING,
    };
    let mut diagnostic = Diagnostic::of(
        code,
        format!("typesetting {what} failed: {}", error.message),
    );
    for hint in &error.hints {
        diagnostic = diagnostic.note(format!("hint: {}", hint.v));
    }
    diagnostic
}

/// The line of a template that produced `range` of its rendered text: the
/// template line with the same text if there is exactly one, else the line
/// with the same number (minijinja keeps most lines where they were).
fn rendered_to_template(
    template: &Template,
    rendered: &str,
    range: std::ops::Range<usize>,
) -> Location {
    let start = range.start.min(rendered.len());
    let line_number = rendered[..start].matches('\n').count() + 1;
    let line_text = rendered
        .lines()
        .nth(line_number - 1)
        .unwrap_or_default()
        .trim();
    let same: Vec<usize> = template
        .text
        .lines()
        .enumerate()
        .filter(|(_, l)| !line_text.is_empty() && l.trim() == line_text)
        .map(|(i, _)| i + 1)
        .collect();
    let line = match same.as_slice() {
        [only] => *only,
        _ => line_number.min(template.text.lines().count().max(1)),
    };
    Location::new(template.file, line_range(&template.text, line))
}

/// A web page template: its minijinja syntax (its values are only known
/// when a page is made).
fn check_html(template: &Template, diags: &mut Diagnostics, sources: &Sources) {
    let mut env = Environment::new();
    if let Err(e) = env.add_template(template.name, &template.text) {
        diags.push(template_error(template, sources, &e));
    }
}

/// What `check` can tell of a project's own templates without typesetting:
/// each renders, and what it renders (and the library) is valid Typst syntax.
pub fn check<'a>(
    templates: impl IntoIterator<Item = &'a Template>,
    diags: &mut Diagnostics,
    sources: &Sources,
) {
    for template in templates.into_iter().filter(|t| t.from_project) {
        check_one(template, diags, sources);
    }
}

/// Checks one template: its minijinja, and for Typst what it renders to.
pub(crate) fn check_one(template: &Template, diags: &mut Diagnostics, sources: &Sources) {
    {
        if template.name.ends_with(".html") {
            check_html(template, diags, sources);
            return;
        }
        if !template.name.ends_with(".typ") {
            return;
        }
        let (text, is_main) = if template.name == LIBRARY {
            (template.text.clone(), false)
        } else {
            let dummy = ["chapters/01-example.typ".to_string()];
            match render(template, context(template.name, &dummy, true), sources) {
                Ok(text) => (text, true),
                Err(d) => {
                    diags.push(*d);
                    return;
                }
            }
        };
        let source = typst::syntax::Source::new(
            crate::render::typeset::world::file_id("check.typ"),
            text.clone(),
        );
        for error in source.root().errors_and_warnings().0 {
            use typst::syntax::DiagSpanKind;
            let range = match error.span.get() {
                DiagSpanKind::Number { num, sub_range, .. } => {
                    source.range(num, sub_range).unwrap_or(0..0)
                }
                DiagSpanKind::Range { range, .. } => range,
                DiagSpanKind::Detached => 0..0,
            };
            let location = if is_main {
                rendered_to_template(template, &text, range)
            } else {
                Location::new(template.file, range)
            };
            diags.push(
                Diagnostic::of(
                    codes::TEMPLATE_ERROR,
                    format!("template `{}`: {}", template.name, error.message),
                )
                .at_location(Some(location)),
            );
        }
    }
}

#[cfg(test)]
mod properties {
    //! A value interpolated into a template is content where the template
    //! puts markup, a string where it puts a string literal: never code.

    use proptest::prelude::*;
    use typst::syntax::{SyntaxKind, SyntaxNode};

    use super::*;

    const TEMPLATE: &str = "#let title = {{ value | typst_string }}\n= {{ value }}\n#text(weight: \"bold\")[{{ value }}] {{ value }}\n";

    fn calls(node: &SyntaxNode, found: &mut Vec<String>) {
        if node.kind() == SyntaxKind::FuncCall {
            let callee = node.children().next().map(SyntaxNode::full_text);
            found.push(callee.unwrap_or_default().to_string());
        }
        if matches!(
            node.kind(),
            SyntaxKind::Error | SyntaxKind::Equation | SyntaxKind::Label
        ) {
            found.push(format!("{:?}", node.kind()));
        }
        for child in node.children() {
            calls(child, found);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn interpolated_values_are_content_or_strings(
            value in "([-#$*_`@<>\\[\\]~{}/=+:.\"' a1\\\\()\\n]|#read\\(\"/etc/passwd\"\\)|\\)\\[\\];#pagebreak\\(\\)|\\PC){0,40}"
        ) {
            let mut sources = Sources::default();
            let file = sources.add("templates/t.typ", TEMPLATE.to_string());
            let template = Template { name: "t.typ", text: TEMPLATE.to_string(), file, from_project: true };
            let typst = render(&template, minijinja::context! { value => value.clone() }, &sources)
                .expect("the template renders");
            let mut found = Vec::new();
            calls(&typst::syntax::parse(&typst), &mut found);
            prop_assert_eq!(found, vec!["text".to_string()], "{}", typst);
        }
    }

    #[test]
    fn no_built_in_template_evaluates_data_as_code() {
        for (name, text) in crate::load::templates::DEFAULTS {
            assert!(!text.contains("eval("), "{name} calls eval");
        }
    }
}
