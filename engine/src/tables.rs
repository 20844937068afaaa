//! The engine's one door to the leaf tables: knight, king and pawn attacks, between and line.
//!
//! Every lookup is a plain index into one of bbcore's `static`s, the tables' one declaration
//! (built by `const fn` at compile time); nothing is computed at start-up.

use bbcore::{BETWEEN, Bitboard, Color, KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS, Square};

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king(sq: Square) -> Bitboard {
    KING_ATTACKS[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][sq.index()]
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The full line through `a` and `b` when they share one, else empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}
