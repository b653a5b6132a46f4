//! Typst in, PDF out: compile a world and write a reproducible PDF.

use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use typst::diag::SourceDiagnostic;
use typst::foundations::Smart;
use typst_layout::PagedDocument;
use typst_pdf::{PdfOptions, Timestamp};

use crate::diagnostic::Diagnostic;

use crate::render::typeset::reuse::{Compiled, Pdf};
use crate::render::typeset::world::MemoryWorld;

/// Compilations a memoised result survives unused in a process that builds
/// again and again (as in Typst's own watch mode).
const EVICT_AFTER: usize = 10;
/// The same in a build that runs once: each document is typeset once, so
/// what other documents memoised is of little use and much memory (over
/// six large rulebooks, 3 instead of 10 took the peak from 2.2 to 1.25 GB
/// for 5 % more time).
const EVICT_AFTER_ONCE: usize = 3;

/// A typeset PDF and the warnings Typst gave while making it.
pub struct Rendered {
    pub pdf: Vec<u8>,
    pub warnings: Vec<Diagnostic>,
    /// What the template reported as not fitting (`#metadata((…)) <gg-overflow>`).
    pub overflow: Vec<String>,
    /// Text off the page and characters without a glyph, as a reader would see them.
    pub problems: Vec<crate::render::typeset::inspect::Problem>,
    pub pages: usize,
}

/// What a build produced, or the diagnostics that stopped it.
pub type RenderResult = Result<Rendered, Vec<Diagnostic>>;

/// Compiles the world and writes the PDF; `map` points Typst's diagnostics
/// back at the user's files.
pub fn typeset(
    world: &MemoryWorld,
    ident: &str,
    map: impl Fn(&SourceDiagnostic) -> Diagnostic,
) -> RenderResult {
    // The world is hashed only where a result may be found by its hash.
    let stored = world.stored();
    let reuse = world.reuse();
    let fingerprint = (reuse.is_some() || stored.is_some()).then(|| world.fingerprint());
    let key = fingerprint
        .filter(|_| reuse.is_some())
        .map(|f| typst::utils::hash128(&(f, ident)));
    if let Some(kept) = reuse.zip(key).and_then(|(r, k)| r.pdf(k)) {
        return kept.map(&map);
    }
    let stored_key = fingerprint
        .filter(|_| stored.is_some())
        .map(|f| crate::render::typeset::stored::key(f, ident, world.created().seconds()));
    if let Some(kept) = stored.zip(stored_key).and_then(|(s, k)| s.load(k)) {
        return kept.map(&map);
    }
    let (document, warnings) = layout(world).map_err(|errors| map_all(&errors, &map))?;
    let options = pdf_options(ident, world.created());
    let pdf = typst_pdf::pdf(&document, &options).map_err(|errors| map_all(&errors, &map))?;
    let kept = Pdf {
        pdf,
        warnings,
        overflow: overflow(&document),
        problems: read_back(&document),
        pages: document.pages().len(),
    };
    if let Some((stored, stored_key)) = stored.zip(stored_key) {
        stored.save(stored_key, &kept);
    }
    if let Some((reuse, key)) = reuse.zip(key) {
        reuse.keep_pdf(key, kept.clone());
    }
    kept.map(&map)
}

/// Lays the world out in pages, with Typst's warnings.
pub fn compile(
    world: &MemoryWorld,
    map: &dyn Fn(&SourceDiagnostic) -> Diagnostic,
) -> Result<(PagedDocument, Vec<Diagnostic>), Vec<Diagnostic>> {
    // In a process that keeps results ([`Reuse`]), a world laid out before
    // is not laid out again.
    let reuse = world.reuse();
    let key = reuse.map(|_| world.fingerprint());
    let kept = reuse.zip(key).and_then(|(r, k)| r.document(k));
    let compiled = kept.unwrap_or_else(|| {
        let compiled = layout(world);
        if let Some((reuse, key)) = reuse.zip(key) {
            reuse.keep_document(key, compiled.clone());
        }
        compiled
    });
    match compiled {
        Ok((document, warnings)) => Ok((document, map_all(&warnings, map))),
        Err(errors) => Err(map_all(&errors, map)),
    }
}

/// Typst recurses deeply; the stack of the thread that typesets.
const TYPESET_STACK: usize = 64 * 1024 * 1024;

/// Typst's own result: the pages and warnings, or the errors; an error once
/// the world's time budget is spent.
///
/// Typst has no step budget and cannot be stopped, so it runs on a thread
/// of its own, which a runaway template keeps until it ends. The caller
/// waits without blocking rayon: Typst lays pages out on the same pool, and
/// a worker that only waited would starve the very work it waits for.
pub(crate) fn layout(world: &MemoryWorld) -> Compiled {
    let budget = world.budget();
    let (sender, result) = std::sync::mpsc::channel();
    let own = world.clone();
    let spawned = std::thread::Builder::new()
        .name("typeset".into())
        .stack_size(TYPESET_STACK)
        .spawn(move || {
            let _ = sender.send(layout_here(&own));
        });
    let Ok(typesetting) = spawned else {
        return layout_here(world);
    };
    let deadline = Instant::now() + budget;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        // Another piece of rayon work done here, or a short wait for the result.
        let wait = match rayon::yield_now() {
            Some(rayon::Yield::Executed) => Duration::ZERO,
            Some(rayon::Yield::Idle) => left.min(Duration::from_millis(2)),
            None => left,
        };
        match result.recv_timeout(wait) {
            Ok(compiled) => return compiled,
            Err(RecvTimeoutError::Timeout) => {}
            // Typst panicked: the panic goes on here, as it would have.
            Err(RecvTimeoutError::Disconnected) => match typesetting.join() {
                Err(panic) => std::panic::resume_unwind(panic),
                Ok(()) => unreachable!("the thread sends its result before it ends"),
            },
        }
    }
    let mut error = SourceDiagnostic::error(
        typst::syntax::Span::detached(),
        format!(
            "typesetting took longer than {} s and was stopped",
            budget.as_secs()
        ),
    );
    error.hint(
        "a template loop over a very long range takes this long; \
         `[limits] typeset_seconds` in grognard.toml allows more time",
    );
    Err(std::iter::once(error).collect())
}

fn layout_here(world: &MemoryWorld) -> Compiled {
    let compiled = typst::compile::<PagedDocument>(world);
    // Typst memoises across compilations; results unused for a few builds
    // are dropped so that one process building many outputs stays flat.
    let after = if world.reuse().is_some() {
        EVICT_AFTER
    } else {
        EVICT_AFTER_ONCE
    };
    typst::comemo::evict(after);
    compiled
        .output
        .map(|document| (document, compiled.warnings))
}

fn map_all(
    diagnostics: &[SourceDiagnostic],
    map: &dyn Fn(&SourceDiagnostic) -> Diagnostic,
) -> Vec<Diagnostic> {
    diagnostics.iter().map(map).collect()
}

fn pdf_options(ident: &str, created: crate::env::Created) -> PdfOptions {
    PdfOptions {
        ident: Smart::Custom(ident.to_string()),
        creator: Smart::Custom(Some("grognard".into())),
        timestamp: Some(Timestamp::new_utc(created.datetime())),
        tagged: true,
        ..PdfOptions::default()
    }
}

/// Writes laid-out pages as a reproducible PDF; `tagged` for a reading
/// order (pages put together from other pages, as an imposition, have none
/// a reader could follow).
pub fn export(
    document: &PagedDocument,
    ident: &str,
    created: crate::env::Created,
    warnings: Vec<Diagnostic>,
    map: &dyn Fn(&SourceDiagnostic) -> Diagnostic,
    tagged: bool,
) -> RenderResult {
    let options = PdfOptions {
        tagged,
        ..pdf_options(ident, created)
    };
    let pdf = typst_pdf::pdf(document, &options)
        .map_err(|errors| errors.iter().map(map).collect::<Vec<_>>())?;
    Ok(Rendered {
        pdf,
        warnings,
        overflow: overflow(document),
        problems: read_back(document),
        pages: document.pages().len(),
    })
}

/// Every page read back as a reader would see it; `GROGNARD_NO_READBACK=1`
/// leaves it out, so that the benchmark can weigh what it costs.
fn read_back(document: &PagedDocument) -> Vec<crate::render::typeset::inspect::Problem> {
    if std::env::var_os("GROGNARD_NO_READBACK").is_some() {
        return Vec::new();
    }
    crate::render::typeset::inspect::inspect(document)
}

/// The list a template put in `<gg-overflow>` metadata, if any.
fn overflow(document: &PagedDocument) -> Vec<String> {
    use typst::foundations::{Label, Repr, Value};
    use typst::introspection::{Introspector, MetadataElem};
    use typst::utils::PicoStr;
    let Some(label) = Label::new(PicoStr::intern("gg-overflow")) else {
        return Vec::new();
    };
    let Ok(content) = document.introspector().query_label(label) else {
        return Vec::new();
    };
    let Some(metadata) = content.to_packed::<MetadataElem>() else {
        return Vec::new();
    };
    match &metadata.value {
        Value::Array(items) => items
            .iter()
            .map(|v| match v {
                Value::Str(s) => s.to_string(),
                other => other.repr().to_string(),
            })
            .collect(),
        _ => Vec::new(),
    }
}
