//! The real `bbengine` binary driven from outside, one module per file beside this one, built
//! as one test binary (`cargo test -p bbengine --test binary`; one module alone: `-- uci::`):
//! with the release profile's whole-program optimisation, one link instead of one per file
//! keeps the test build short.

mod cli;
mod cli_hostile;
mod common;
mod pins;
mod uci;
mod uci_hostile;
