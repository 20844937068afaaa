//! Relevance masks: the squares whose occupancy can change a slider's attacks.
//!
//! The last square of each ray is left out (whether it is occupied, the slider reaches it), so
//! a rook in the corner has 12 relevant squares and a rook on d4 has 10.

use crate::{Bitboard, Square, bishop_attacks_ref, rook_attacks_ref};

/// The squares of each ray from `sq` but the last one.
const fn relevance(sq: Square, rook: bool) -> Bitboard {
    let file_edges = Bitboard::FILE_A.or(Bitboard::FILE_H).and(Bitboard::file(sq.file()).complement());
    let rank_edges = Bitboard::RANK_1.or(Bitboard::RANK_8).and(Bitboard::rank(sq.rank()).complement());
    let rays = if rook { rook_attacks_ref(sq, Bitboard::EMPTY) } else { bishop_attacks_ref(sq, Bitboard::EMPTY) };
    rays.and(file_edges.or(rank_edges).complement())
}

const fn mask_table(rook: bool) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = relevance(Square::new(sq as u8), rook);
        sq += 1;
    }
    table
}

/// Rook relevance masks for every square.
pub const fn rook_mask_table() -> [Bitboard; 64] {
    mask_table(true)
}

/// Bishop relevance masks for every square.
pub const fn bishop_mask_table() -> [Bitboard; 64] {
    mask_table(false)
}

/// Rook relevance masks, indexed by square.
pub static ROOK_MASKS: [Bitboard; 64] = rook_mask_table();
/// Bishop relevance masks, indexed by square.
pub static BISHOP_MASKS: [Bitboard; 64] = bishop_mask_table();

/// The rook relevance mask of `sq`.
#[inline]
pub fn rook_mask(sq: Square) -> Bitboard {
    ROOK_MASKS[sq.index()]
}

/// The bishop relevance mask of `sq`.
#[inline]
pub fn bishop_mask(sq: Square) -> Bitboard {
    BISHOP_MASKS[sq.index()]
}
