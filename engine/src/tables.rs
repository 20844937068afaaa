//! The engine's one door to the leaf tables: knight, king and pawn attacks, between and line.
//!
//! Every lookup is a plain index into a `static`; nothing is computed at start-up. Knight, king
//! and pawn attacks come from the generated module (`crate::generated::leaf`); between and
//! line stay bbcore's `static`s.

use bbcore::{Bitboard, Color, Square};

use crate::generated::leaf::{KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS};

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
    bbcore::BETWEEN[a.index()][b.index()]
}

/// The full line through `a` and `b` when they share one, else empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    bbcore::LINE[a.index()][b.index()]
}
