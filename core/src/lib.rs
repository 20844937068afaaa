//! `bbcore`: the vocabulary of bb and everything `const fn` can build.
//!
//! Squares are numbered LERF (little-endian rank-file): a1 = 0, b1 = 1, …, h8 = 63.
//! Every table here is a `static` evaluated at compile time, so lookups cost nothing at
//! start-up. The crate is `#![no_std]`, has no dependencies and no cargo features; it is what
//! the table compiler (`bbgen`) and the move generator (`bbengine`) share, so both compute
//! every table index with the very same formula.
//!
//! ```
//! use bbcore::{Bitboard, Square, knight_attacks, rook_attacks_ref};
//!
//! let g1: Square = "g1".parse().unwrap();
//! assert_eq!(knight_attacks(g1), Bitboard(0xA0_1000));
//! let blockers = Bitboard::from_square(Square::D6);
//! assert!(rook_attacks_ref(Square::D4, blockers).has(Square::D6));
//! assert!(!rook_attacks_ref(Square::D4, blockers).has(Square::D7));
//! ```
//!
//! `cargo run -p bbcore --example attacks -- e4` prints the leaf attack sets of a square.
//!
//! What is here:
//!
//! - **Types**: [`Bitboard`] (a set of squares, with iteration and wrap-safe shifts),
//!   [`Square`], [`File`], [`Rank`], [`Color`], [`Role`], [`Piece`], [`ParseError`].
//! - **Leaf tables**, `static`s built by `const fn`: knight, king and pawn attacks
//!   ([`knight_attacks`], [`KNIGHT_ATTACKS`], ...), the squares [`between`] two squares and the
//!   [`line()`] through them, and the sliders' relevance masks ([`rook_mask`], [`bishop_mask`]).
//! - **The reference slider** ([`rook_attacks_ref`], [`bishop_attacks_ref`]): a ray walk to
//!   the first blocker, the oracle every faster method is tested against; Kogge-Stone occluded
//!   fills ([`rook_attacks_set`], ...) and hyperbola quintessence ([`line_attacks`]).
//! - **Index formulas** shared by the generator and the engine: [`magic_index`],
//!   [`dense_magic_index`], a software [`pext`] and [`pdep`], [`subsets`] of a mask; and the
//!   `const fn` checkers that prove a table window in bounds at compile time
//!   ([`fancy_window_fits`], [`pext_window_fits`], [`dense_window_first_outside`]).
//! - [`SplitMix64`], the small seeded generator the workspace's searches and tests use.
#![no_std]
#![deny(missing_docs)]

mod aligned;
mod bitboard;
mod bounds;
mod color;
mod error;
mod hyperbola;
mod index;
mod kogge_stone;
mod leapers;
mod masks;
mod piece;
mod rays;
mod reference;
mod rng;
mod setwise;
mod square;

pub use aligned::CacheAligned;
pub use bitboard::{Bitboard, BitboardIter};
pub use bounds::{assert_window, dense_window_first_outside, fancy_window_fits, pext_window_fits};
pub use color::Color;
pub use error::ParseError;
pub use hyperbola::{
    FIRST_RANK_ATTACKS, LINE_MASKS, LineMasks, first_rank_attack_table, line_attacks, line_mask_table, rank_attacks,
};
pub use index::{Subsets, dense_magic_index, magic_index, pdep, pext, subsets};
pub use kogge_stone::{
    bishop_attacks_set, east_fill, north_east_fill, north_fill, north_west_fill, queen_attacks_set, rook_attacks_set,
    south_east_fill, south_fill, south_west_fill, west_fill,
};
pub use leapers::{
    KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, king_attacks, king_table, knight_attacks, knight_table, pawn_attacks,
    pawn_table,
};
pub use masks::{BISHOP_MASKS, ROOK_MASKS, bishop_mask, bishop_mask_table, rook_mask, rook_mask_table};
pub use piece::{Piece, Role};
pub use rays::{BETWEEN, LINE, between, between_table, line, line_table};
pub use reference::{bishop_attacks_ref, queen_attacks_ref, rook_attacks_ref};
pub use rng::SplitMix64;
pub use setwise::{
    knight_attacks_set, pawn_captures_east, pawn_captures_west, pawn_double_pushes, pawn_promotion_rank, pawn_pushes,
    pawn_seventh_rank,
};
pub use square::{File, Rank, Square};
