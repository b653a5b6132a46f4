//! How grognard typesets: the in-memory Typst world with its embedded fonts,
//! templates and escaping, text measurement, PDF writing, imposition, the
//! read-back of laid-out pages and the caches of typeset results.

pub mod escape;
pub mod imposition;
pub mod inspect;
pub mod measure;
pub mod pdf;
pub mod reuse;
pub mod stored;
pub mod templates;
pub mod world;
