//! `bbgen`: bb's table compiler.
//!
//! Pure functions from a seed (or a recorded list of magics) to attack tables, and from tables
//! to `static` Rust source, each module ending in a `const` assertion (bbcore's window
//! checkers) that every index its lookup can compute lies inside its attack array. The
//! `bbgen` binary writes that source to `engine/src/generated/`; the `bbmacros` proc-macros
//! expand the same token streams at compile time.
//!
//! Three slider layouts, each verified entry by entry against bbcore's reference ray walk for
//! every subset of every relevance mask before it is rendered:
//!
//! - [`fancy`]: variable-shift magics, one window of `2^popcount(mask)` entries per square
//!   (107,648 entries).
//! - [`dense`]: fixed-shift magics (12 bits rook, 9 bits bishop) with the index
//!   `((occupied | !mask) * magic) >> shift`, windows overlapping in one shared array. The
//!   magics come from a slow seeded search ([`search`]) recorded in `bbgen/data/dense_magics.txt`.
//! - [`pext`]: `pext(occupied, mask)` per square (107,648 entries), built with bbcore's
//!   software `pext`, so the build machine needs no BMI2.
//!
//! And one table that is data, not search: [`polyglot`], the 781 Polyglot Zobrist random
//! numbers from `bbgen/data/polyglot_random.txt`, so the engine's keys are Polyglot keys.
//!
//! ```
//! use bbcore::{Bitboard, Square, rook_attacks_ref};
//!
//! let tables = bbgen::pext::build()?; // built and verified against the reference ray walk
//! assert_eq!(tables.rook.attacks.len() + tables.bishop.attacks.len(), 107_648);
//! let occupied = Bitboard::from_square(Square::D6);
//! let attacks = tables.rook.lookup(Square::D4, occupied).map(Bitboard);
//! assert_eq!(attacks, Some(rook_attacks_ref(Square::D4, occupied)));
//! # Ok::<(), bbgen::Error>(())
//! ```
//!
//! [`render`] turns tables into token streams ([`render::pext_tokens`], ...) and formatted
//! files ([`render::all_files`]); every failure is an [`Error`] naming the table and square,
//! never a file written. The binary: `cargo run -p bbgen` rewrites `engine/src/generated/`,
//! `-- --check` exits 1 naming a stale file, `-- --stats` prints each table's size, and
//! `-- search-dense --seconds S --seed X` searches for a denser fixed-shift layout, and
//! `-- cluster-bishops --from FILE` packs its bishop windows onto fewer cache lines
//! ([`bishop_lines`]). No cargo
//! features.
#![deny(missing_docs)]

pub mod bishop_lines;
pub mod dense;
pub mod fancy;
pub mod pext;
pub mod polyglot;
pub mod render;
pub mod rng;
pub mod search;
pub mod slider;

pub use slider::Slider;

/// The seed the checked-in fancy magics are searched from.
pub const FANCY_SEED: u64 = 0xBB_0001;

/// The dense magics recorded by `search-dense`, as checked in (`bbgen/data/dense_magics.txt`).
///
/// Embedded so the proc-macros and the generator read the very same bytes; cargo rebuilds
/// bbgen whenever the file changes.
pub const RECORDED_DENSE_MAGICS: &str = include_str!("../data/dense_magics.txt");

/// The Polyglot random numbers as checked in (`bbgen/data/polyglot_random.txt`), embedded for
/// the proc-macros like [`RECORDED_DENSE_MAGICS`].
pub const RECORDED_POLYGLOT_RANDOM: &str = include_str!("../data/polyglot_random.txt");

/// A table that failed verification or could not be built: a bug or a bad data file, never
/// silently written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}
