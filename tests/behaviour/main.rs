//! grognard's behaviour as users see it, in one test binary organised by
//! behaviour: the command line, rulebooks, scenarios, conversion, counters,
//! lints, the seed documents, hostile input, a fuzzer and a memory test.
//! Run one part with `cargo test --test behaviour <module>::`.

mod browser;
mod cli;
mod common;
mod conversion;
mod counters;
mod crt;
mod editions;
mod fuzz;
mod hostile;
mod kept;
mod languages;
mod lints;
mod maps;
mod memory;
mod package;
mod player_aids;
mod rulebooks;
mod scenarios;
mod seeds;
mod spreadsheet;
mod tiled;
mod toy_backend;
mod vassal;
mod watch;
mod web;
