//! `bbengine`: position, legal move generation, perft and search on bb's compiled tables.
//!
//! The library is laid out by stage, each a folder: `board` (position, FEN, moves, legal
//! generation), `perft` (perft, divide, EPD suites), `sliders` (the slider backends); the
//! generated tables live in `generated`, read through `tables` and the backends. The
//! `bbengine` command line is the binary's (`src/bin/bbengine`), not part of this API.
//! `book` reads opening books (Polyglot).
//!
//! ```
//! use bbengine::{Backend, Position, perft};
//!
//! let pos: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
//! assert_eq!(perft(&pos, 2, bbengine::KoggeStone), 2_039);
//! # Ok::<(), bbengine::FenError>(())
//! ```
#![deny(missing_docs)]
// `cpu`, `generated` and `tables` are public for the workspace's tests and benchmarks only:
// hidden from the documentation, not part of the API.

pub mod board;
pub mod book;
#[doc(hidden)]
pub mod cpu;
pub mod eval;
#[doc(hidden)]
pub mod generated;
pub mod perft;
pub mod search;
pub mod sliders;
#[doc(hidden)]
pub mod tables;
pub mod uci;

pub use board::{
    Board, CastleSide, CastlingRights, FenError, IllegalMoveError, MAX_MOVES, Move, MoveCounter, MoveError, MoveKind,
    MoveList, MoveSink, Position, STARTPOS, UciMove,
};
pub use book::{BookError, BookMove, PolyglotBook};
pub use perft::{
    BenchPosition, EpdError, PerftCase, PerftOptions, PerftTable, SIX_POSITIONS, divide, divide_with, parse_suite,
    perft, perft_with,
};
pub use sliders::{
    Avx512KoggeStone, Backend, DenseMagic, FancyMagic, Hyperbola, KoggeStone, Pext, Reference, SimdKoggeStone, Sliders,
    Unsupported, WithSliders,
};

// The game API: SAN, status, games.
pub use board::{Game, ParseGameError, ParseGameErrorKind, SanError, Status};
