// The crate documentation, for the library's users (the workspace README, for the project's
// users, is checked as doctests by bbtests); its Rust examples run as doctests.
#![doc = include_str!("crate_docs.md")]
// Without feature `engine` the crate docs' links to the engine's modules have nothing to point
// at; the text says which feature brings them.
#![cfg_attr(not(feature = "engine"), allow(rustdoc::broken_intra_doc_links))]
#![deny(missing_docs)]
// `cpu`, `generated` and `tables` are public for the workspace's tests and benchmarks only:
// hidden from the documentation, not part of the API.

pub mod board;
pub mod book;
#[doc(hidden)]
pub mod cpu;
#[cfg(feature = "engine")]
pub mod eval;
#[doc(hidden)]
pub mod generated;
#[cfg(feature = "engine")]
pub mod nnue;
pub mod perft;
#[cfg(feature = "engine")]
pub mod search;
pub mod sliders;
#[doc(hidden)]
pub mod tables;
#[cfg(feature = "engine")]
pub mod uci;

pub use board::{
    Board, CastleSide, CastlingRights, FenError, IllegalMoveError, MAX_MOVES, Move, MoveCounter, MoveError, MoveKind,
    MoveList, MoveSink, Position, STARTPOS, Setup, UciMove,
};
pub use book::{BookError, BookMove, PolyglotBook};
pub use perft::{
    BenchPosition, EpdError, MAX_PERFT_DEPTH, PerftCase, PerftOptions, PerftTable, SIX_POSITIONS, divide, divide_with,
    parse_suite, perft, perft_with,
};
pub use sliders::{
    Avx512KoggeStone, Backend, DenseMagic, FancyMagic, Hyperbola, KoggeStone, Pext, Reference, SimdKoggeStone, Sliders,
    Unsupported, WithSliders,
};

// The game API: SAN, status, games.
pub use board::{Game, ParseGameError, ParseGameErrorKind, SanError, Status};
