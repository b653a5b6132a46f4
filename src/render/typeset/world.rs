//! The Typst `World`: only in-memory files, only embedded fonts. Typst can read
//! nothing from disk and nothing from the network.

use std::collections::HashMap;
use std::sync::LazyLock;

use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};

struct FontSet {
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

/// Roboto Condensed, the player aids' sans (Apache 2.0, see `fonts/README.md`).
const PLAYER_AID_FONTS: [&[u8]; 3] = [
    include_bytes!("fonts/RobotoCondensed-Regular.ttf"),
    include_bytes!("fonts/RobotoCondensed-Bold.ttf"),
    include_bytes!("fonts/RobotoCondensed-Italic.ttf"),
];

/// Fonts shipped inside the binary: the rulebooks' Libertinus Serif, New
/// Computer Modern and DejaVu Sans Mono, and the player aids' Roboto Condensed.
static FONTS: LazyLock<FontSet> = LazyLock::new(|| {
    let fonts: Vec<Font> = typst_assets::fonts()
        .chain(PLAYER_AID_FONTS)
        .flat_map(|data| Font::iter(Bytes::new(data)))
        .collect();
    FontSet {
        book: LazyHash::new(FontBook::from_fonts(&fonts)),
        fonts,
    }
});

/// An embedded font by family (lower case) and variant, as Typst would pick it.
pub fn font(family: &str, variant: typst::text::FontVariant) -> Option<&'static Font> {
    let index = FONTS.book.select(family, variant)?;
    FONTS.fonts.get(index)
}

static LIBRARY: LazyLock<LazyHash<Library>> = LazyLock::new(|| LazyHash::new(Library::default()));

/// The id Typst knows a virtual project file by.
pub fn file_id(path: &str) -> FileId {
    let vpath = VirtualPath::new(path).expect("generated paths are valid");
    RootedPath::new(VirtualRoot::Project, vpath).intern()
}

/// The project path of a Typst file id.
pub fn file_path(id: FileId) -> String {
    id.get()
        .vpath()
        .get_with_slash()
        .trim_start_matches('/')
        .to_string()
}

/// A set of virtual files: Typst sources and data, keyed by project path.
/// (Cloned cheaply: Typst's sources and bytes are shared.)
#[derive(Clone)]
pub struct MemoryWorld {
    main: FileId,
    sources: HashMap<FileId, Source>,
    data: HashMap<FileId, Bytes>,
    /// How long typesetting it may take (`[limits] typeset_seconds`).
    budget: std::time::Duration,
    /// The date the document carries, and Typst's `today`.
    created: crate::env::Created,
    /// Where typeset PDFs are kept between runs, in a build that keeps them.
    stored: Option<crate::render::typeset::stored::Stored>,
    /// What a long-lived process keeps between builds (`watch`).
    reuse: Option<std::sync::Arc<crate::render::typeset::reuse::Reuse>>,
}

impl MemoryWorld {
    pub fn new(main: &str) -> Self {
        Self {
            main: file_id(main),
            sources: HashMap::new(),
            data: HashMap::new(),
            budget: std::time::Duration::from_secs(crate::model::limits::TYPESET_SECONDS.default),
            created: crate::env::Created::default(),
            stored: None,
            reuse: None,
        }
    }

    /// Typeset within the time the project's `[limits]` allow, dated as
    /// the run dates its outputs.
    pub fn pressed(mut self, press: &crate::render::typeset::templates::Press) -> Self {
        let seconds = press.limits.get(crate::model::limits::TYPESET_SECONDS);
        self.budget = std::time::Duration::from_secs(seconds);
        self.created = press.created;
        self.stored = press.stored.cloned();
        self.reuse = press.reuse.cloned();
        self
    }

    pub fn budget(&self) -> std::time::Duration {
        self.budget
    }

    pub fn created(&self) -> crate::env::Created {
        self.created
    }

    pub fn stored(&self) -> Option<&crate::render::typeset::stored::Stored> {
        self.stored.as_ref()
    }

    pub fn reuse(&self) -> Option<&crate::render::typeset::reuse::Reuse> {
        self.reuse.as_deref()
    }

    pub fn add_source(&mut self, path: &str, text: String) {
        let id = file_id(path);
        self.sources.insert(id, Source::new(id, text));
    }

    pub fn add_data(&mut self, path: &str, bytes: Vec<u8>) {
        self.data.insert(file_id(path), Bytes::new(bytes));
    }

    pub fn source_text(&self, id: FileId) -> Option<&str> {
        self.sources.get(&id).map(|s| s.text())
    }

    /// A hash of every file of the world (fonts and library are the same
    /// for all): two worlds with the same fingerprint typeset the same.
    pub fn fingerprint(&self) -> u128 {
        let mut sources: Vec<(String, &str)> = self
            .sources
            .iter()
            .map(|(id, source)| (file_path(*id), source.text()))
            .collect();
        sources.sort_unstable();
        let mut data: Vec<(String, &[u8])> = self
            .data
            .iter()
            .map(|(id, bytes)| (file_path(*id), bytes.as_slice()))
            .collect();
        data.sort_unstable();
        typst::utils::hash128(&(file_path(self.main), sources, data))
    }
}

impl World for MemoryWorld {
    fn library(&self) -> &LazyHash<Library> {
        &LIBRARY
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &FONTS.book
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        self.sources.get(&id).cloned().ok_or_else(|| not_found(id))
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if let Some(bytes) = self.data.get(&id) {
            return Ok(bytes.clone());
        }
        self.sources
            .get(&id)
            .map(|s| Bytes::from_string(s.clone()))
            .ok_or_else(|| not_found(id))
    }

    fn font(&self, index: usize) -> Option<Font> {
        FONTS.fonts.get(index).cloned()
    }

    /// A fixed date keeps builds reproducible.
    fn today(&self, _offset: Option<typst::foundations::Duration>) -> Option<Datetime> {
        let created = self.created.datetime();
        Datetime::from_ymd(created.year()?, created.month()?, created.day()?)
    }
}

fn not_found(id: FileId) -> FileError {
    FileError::NotFound(std::path::PathBuf::from(file_path(id)))
}
