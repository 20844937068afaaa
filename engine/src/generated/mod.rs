//! The tables bbgen writes for the engine: fancy, dense and PEXT slider tables, and the
//! Polyglot Zobrist numbers.
//!
//! They are written by `cargo run -p bbgen` into the files beside this one (and checked by
//! `cargo run -p bbgen -- --check`); with the cargo feature `macro-tables` the same items are
//! expanded at compile time by the `bbmacros` proc-macros instead, from the same `bbgen`
//! library, so both routes give identical tables.
//!
//! The leaf tables (knight, king and pawn attacks, between, line, and the hyperbola backend's
//! line masks and first-rank attacks) are not generated: they are declared once, as bbcore's
//! `static`s built by `const fn`, and read from there by [`crate::tables`] and the hyperbola
//! backend.
//!
//! The Polyglot Zobrist numbers are data, copied from `bbgen/data/polyglot_random.txt`.
//!
//! Every table is a `static` in read-only data: nothing is computed at start-up.

/// Fancy magics: variable shift, per-square windows, 107,648 entries.
#[cfg(not(feature = "macro-tables"))]
#[rustfmt::skip]
pub mod fancy;
/// Fancy magics: variable shift, per-square windows, 107,648 entries.
#[cfg(feature = "macro-tables")]
pub mod fancy {
    bbmacros::fancy_tables!();
}

/// Dense magics: fixed shifts, `(occupied | !mask) * magic`, overlapping windows in one array.
#[cfg(not(feature = "macro-tables"))]
#[rustfmt::skip]
pub mod dense;
/// Dense magics: fixed shifts, `(occupied | !mask) * magic`, overlapping windows in one array.
#[cfg(feature = "macro-tables")]
pub mod dense {
    bbmacros::dense_tables!();
}

/// PEXT tables: `pext(occupied, mask)` per square, 107,648 entries.
#[cfg(not(feature = "macro-tables"))]
#[rustfmt::skip]
pub mod pext;
/// PEXT tables: `pext(occupied, mask)` per square, 107,648 entries.
#[cfg(feature = "macro-tables")]
pub mod pext {
    bbmacros::pext_tables!();
}

/// The 781 Polyglot Zobrist random numbers, in the specification's order: the numbers the
/// position keys are made of (`board/zobrist.rs`).
#[cfg(not(feature = "macro-tables"))]
#[rustfmt::skip]
pub mod polyglot;
/// The 781 Polyglot Zobrist random numbers, in the specification's order: the numbers the
/// position keys are made of (`board/zobrist.rs`).
#[cfg(feature = "macro-tables")]
pub mod polyglot {
    bbmacros::polyglot_tables!();
}
