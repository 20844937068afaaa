//! `bbengine`: position, legal move generation, perft and search on bb's compiled tables.
//!
//! ```
//! use bbengine::{Backend, Position, perft};
//!
//! let pos: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
//! assert_eq!(perft(&pos, 2, bbengine::KoggeStone), 2_039);
//! # Ok::<(), bbengine::FenError>(())
//! ```
#![deny(missing_docs)]

pub mod bench;
pub mod castling;
pub mod cli;
pub mod cpu;
pub mod epd;
pub mod fen;
pub mod generated;
mod leaf_parent;
mod mailbox;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod perft_table;
pub mod position;
pub mod sliders;
pub mod tables;
mod zobrist;

pub use castling::{CastleSide, CastlingRights};
pub use fen::{FenError, STARTPOS};
pub use movegen::{MoveCounter, MoveList, MoveSink};
pub use moves::{Move, MoveError, MoveKind, UciMove};
pub use perft::{PerftOptions, divide, divide_with, perft, perft_with};
pub use perft_table::PerftTable;
pub use position::Position;
pub use sliders::{
    Avx512KoggeStone, Backend, DenseMagic, FancyMagic, Hyperbola, KoggeStone, Pext, Reference, SimdKoggeStone, Sliders,
    Unsupported, WithSliders,
};
