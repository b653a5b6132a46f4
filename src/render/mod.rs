//! From the checked model to every output, in layers that import only
//! downwards: `typeset` (the Typst world, templates, escaping, measuring,
//! PDF writing and caches), `views` (format-neutral display data: counter
//! faces, phases, tables, map views, booklet data, numbering and terms),
//! `documents` (the Typst documents several outputs hold: chapters,
//! diagrams, the rulebook, the player aid), the `contract` between the build
//! and its backends, the `backends` (one per kind of output, leaves that
//! import no other backend) and the `registry` that lists them.

pub mod backends;
pub mod contract;
pub mod documents;
pub mod registry;
pub mod typeset;
pub mod views;
