//! bb's integration tests, one module per file beside this one, built as one test binary
//! (`cargo test -p bbtests --test all`; a module's tests alone: `-- perft::`): with the
//! release profile's whole-program optimisation, one link instead of one per file keeps the
//! test build short. The slider-table files are a binary of their own (`slider_tables.rs`),
//! which CI builds again with the proc-macro tables.

mod book;
mod fen;
mod game;
mod identity;
mod kogge_stone;
mod move_queries;
mod perft;
mod polyglot_keys;
mod san;
mod search;
mod see;
mod setup;
mod shakmaty_differential;
mod sliders_hyperbola;
mod sliders_simd;
mod status;
mod tables_bounds;
mod tables_fresh;
mod zobrist_and_moves;
