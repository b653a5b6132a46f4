//! Results kept between the builds of one long-lived process (`grognard
//! watch`, `grognard serve`): a world whose files are the same as in the
//! last build is not laid out or written again. The watch loop owns one
//! [`Reuse`] and hands it to each build; each build ([`Reuse::next_build`])
//! drops what the one before did not use.

use std::collections::HashMap;
use std::sync::Mutex;

use typst::diag::SourceDiagnostic;
use typst::ecow::EcoVec;
use typst_layout::PagedDocument;

use crate::diagnostic::Diagnostic;
use crate::render::typeset::inspect::Problem;
use crate::render::typeset::pdf::{RenderResult, Rendered};

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

/// What a long-lived process keeps, by the fingerprint of the world.
#[derive(Default)]
pub struct Reuse {
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    documents: HashMap<u128, Compiled>,
    pdfs: HashMap<u128, Pdf>,
    /// What the current build used, and so keeps for the next.
    used_documents: HashMap<u128, Compiled>,
    used_pdfs: HashMap<u128, Pdf>,
}

impl std::fmt::Debug for Reuse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Reuse")
    }
}

impl Reuse {
    fn with<T>(&self, f: impl FnOnce(&mut Kept) -> T) -> T {
        f(&mut self.kept.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// A new build starts: what the previous one used is kept, the rest dropped.
    pub fn next_build(&self) {
        self.with(|kept| {
            kept.documents = std::mem::take(&mut kept.used_documents);
            kept.pdfs = std::mem::take(&mut kept.used_pdfs);
        });
    }

    pub fn document(&self, key: u128) -> Option<Compiled> {
        self.with(|kept| {
            let found = kept
                .documents
                .get(&key)
                .or_else(|| kept.used_documents.get(&key))
                .cloned()?;
            kept.used_documents.insert(key, found.clone());
            Some(found)
        })
    }

    pub fn keep_document(&self, key: u128, compiled: Compiled) {
        self.with(|kept| kept.used_documents.insert(key, compiled));
    }

    pub fn pdf(&self, key: u128) -> Option<Pdf> {
        self.with(|kept| {
            let found = kept
                .pdfs
                .get(&key)
                .or_else(|| kept.used_pdfs.get(&key))
                .cloned()?;
            kept.used_pdfs.insert(key, found.clone());
            Some(found)
        })
    }

    pub fn keep_pdf(&self, key: u128, pdf: Pdf) {
        self.with(|kept| kept.used_pdfs.insert(key, pdf));
    }
}
