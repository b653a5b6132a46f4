//! Typst in, PDF out: compile a world and write a reproducible PDF.

use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use typst::diag::SourceDiagnostic;
use typst::foundations::Smart;
use typst_layout::PagedDocument;
use typst_pdf::{PdfOptions, Timestamp};

use crate::diagnostic::Diagnostic;

use super::world::MemoryWorld;

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
    pub problems: Vec<super::inspect::Problem>,
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
    let fingerprint = (reuse::enabled() || stored.is_some()).then(|| world.fingerprint());
    let key = fingerprint
        .filter(|_| reuse::enabled())
        .map(|f| typst::utils::hash128(&(f, ident)));
    if let Some(kept) = key.and_then(reuse::pdf) {
        return kept.map(&map);
    }
    let stored_key = fingerprint
        .filter(|_| stored.is_some())
        .map(|f| super::stored::key(f, ident, world.created().seconds()));
    if let Some(kept) = stored.zip(stored_key).and_then(|(s, k)| s.load(k)) {
        return kept.map(&map);
    }
    let (document, warnings) = layout(world).map_err(|errors| map_all(&errors, &map))?;
    let options = pdf_options(ident, world.created());
    let pdf = typst_pdf::pdf(&document, &options).map_err(|errors| map_all(&errors, &map))?;
    let kept = reuse::Pdf {
        pdf,
        warnings,
        overflow: overflow(&document),
        problems: read_back(&document),
        pages: document.pages().len(),
    };
    if let Some((stored, stored_key)) = stored.zip(stored_key) {
        stored.save(stored_key, &kept);
    }
    if let Some(key) = key {
        reuse::keep_pdf(key, kept.clone());
    }
    kept.map(&map)
}

/// Lays the world out in pages, with Typst's warnings.
pub fn compile(
    world: &MemoryWorld,
    map: &dyn Fn(&SourceDiagnostic) -> Diagnostic,
) -> Result<(PagedDocument, Vec<Diagnostic>), Vec<Diagnostic>> {
    // In a process that keeps results ([`reuse`]), a world laid out before
    // is not laid out again.
    let key = reuse::enabled().then(|| world.fingerprint());
    let kept = key.and_then(reuse::document);
    let compiled = kept.unwrap_or_else(|| {
        let compiled = layout(world);
        if let Some(key) = key {
            reuse::keep_document(key, compiled.clone());
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
pub(crate) fn layout(world: &MemoryWorld) -> reuse::Compiled {
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

fn layout_here(world: &MemoryWorld) -> reuse::Compiled {
    let compiled = typst::compile::<PagedDocument>(world);
    // Typst memoises across compilations; results unused for a few builds
    // are dropped so that one process building many outputs stays flat.
    let after = if reuse::enabled() {
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
fn read_back(document: &PagedDocument) -> Vec<super::inspect::Problem> {
    if std::env::var_os("GROGNARD_NO_READBACK").is_some() {
        return Vec::new();
    }
    super::inspect::inspect(document)
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

/// Results kept between the builds of one long-lived process (`grognard
/// watch`): a world whose files are the same as in the last build is not
/// laid out or written again. Off unless [`reuse::keep_results`] is called;
/// each build ([`reuse::next_build`]) drops what the one before did not use.
pub mod reuse {
    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};

    use typst::diag::SourceDiagnostic;
    use typst::ecow::EcoVec;
    use typst_layout::PagedDocument;

    use super::{RenderResult, Rendered};
    use crate::diagnostic::Diagnostic;
    use crate::render::inspect::Problem;

    /// A world's pages and warnings, or its errors.
    pub type Compiled = Result<(PagedDocument, EcoVec<SourceDiagnostic>), EcoVec<SourceDiagnostic>>;

    /// A written PDF with Typst's own warnings, mapped again for each build
    /// (a source's place in the project may have moved).
    #[derive(Clone)]
    pub struct Pdf {
        pub pdf: Vec<u8>,
        pub warnings: EcoVec<SourceDiagnostic>,
        pub overflow: Vec<String>,
        pub problems: Vec<Problem>,
        pub pages: usize,
    }

    impl Pdf {
        pub fn map(self, map: &dyn Fn(&SourceDiagnostic) -> Diagnostic) -> RenderResult {
            Ok(Rendered {
                pdf: self.pdf,
                warnings: self.warnings.iter().map(map).collect(),
                overflow: self.overflow,
                problems: self.problems,
                pages: self.pages,
            })
        }
    }

    #[derive(Default)]
    struct Kept {
        documents: HashMap<u128, Compiled>,
        pdfs: HashMap<u128, Pdf>,
        /// What the last build used, and so keeps for the next.
        used_documents: HashMap<u128, Compiled>,
        used_pdfs: HashMap<u128, Pdf>,
    }

    static ENABLED: AtomicBool = AtomicBool::new(false);
    static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

    fn with<T>(f: impl FnOnce(&mut Kept) -> T) -> T {
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        f(kept.get_or_insert_with(Kept::default))
    }

    /// From now on, keep results between builds.
    pub fn keep_results() {
        ENABLED.store(true, Ordering::Relaxed);
    }

    pub fn enabled() -> bool {
        ENABLED.load(Ordering::Relaxed)
    }

    /// A new build starts: what the previous one used is kept, the rest dropped.
    pub fn next_build() {
        with(|kept| {
            kept.documents = std::mem::take(&mut kept.used_documents);
            kept.pdfs = std::mem::take(&mut kept.used_pdfs);
        });
    }

    pub(super) fn document(key: u128) -> Option<super::reuse::Compiled> {
        with(|kept| {
            let found = kept
                .documents
                .get(&key)
                .or_else(|| kept.used_documents.get(&key))
                .cloned()?;
            kept.used_documents.insert(key, found.clone());
            Some(found)
        })
    }

    pub(super) fn keep_document(key: u128, compiled: Compiled) {
        with(|kept| kept.used_documents.insert(key, compiled));
    }

    pub(super) fn pdf(key: u128) -> Option<Pdf> {
        with(|kept| {
            let found = kept
                .pdfs
                .get(&key)
                .or_else(|| kept.used_pdfs.get(&key))
                .cloned()?;
            kept.used_pdfs.insert(key, found.clone());
            Some(found)
        })
    }

    pub(super) fn keep_pdf(key: u128, pdf: Pdf) {
        with(|kept| kept.used_pdfs.insert(key, pdf));
    }
}
