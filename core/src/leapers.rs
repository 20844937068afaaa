//! Knight, king and pawn attack tables, built by `const fn` and stored as `static`s.

use crate::{Bitboard, Color, Square};

const KNIGHT_DELTAS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_DELTAS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// The squares reached from each square by the given (file, rank) steps.
const fn leaper_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = Square::new(sq as u8).offset(deltas[i].0, deltas[i].1) {
                table[sq] = table[sq].with(to);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Knight attacks from every square.
pub const fn knight_table() -> [Bitboard; 64] {
    leaper_table(&KNIGHT_DELTAS)
}

/// King attacks from every square.
pub const fn king_table() -> [Bitboard; 64] {
    leaper_table(&KING_DELTAS)
}

/// Squares a pawn of `color` attacks from every square (diagonally forward).
pub const fn pawn_table(color: Color) -> [Bitboard; 64] {
    match color {
        Color::White => leaper_table(&[(-1, 1), (1, 1)]),
        Color::Black => leaper_table(&[(-1, -1), (1, -1)]),
    }
}

/// Knight attacks, indexed by square.
pub static KNIGHT_ATTACKS: [Bitboard; 64] = knight_table();
/// King attacks, indexed by square.
pub static KING_ATTACKS: [Bitboard; 64] = king_table();
/// Pawn attacks, indexed by colour then square.
pub static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [pawn_table(Color::White), pawn_table(Color::Black)];

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq.index()]
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq.index()]
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][sq.index()]
}
