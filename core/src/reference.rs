//! The reference slider: walk each ray until and including the first blocker.
//!
//! Slow and obviously right; every other slider method is checked against it.

use crate::{Bitboard, Square};

const ROOK_STEPS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn ray_walk(sq: Square, occupied: Bitboard, steps: &[(i8, i8); 4]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    let mut i = 0;
    while i < 4 {
        let mut cur = sq;
        while let Some(next) = cur.offset(steps[i].0, steps[i].1) {
            attacks = attacks.with(next);
            if occupied.has(next) {
                break;
            }
            cur = next;
        }
        i += 1;
    }
    attacks
}

/// Rook attacks from `sq` given the occupied squares (blockers included).
pub const fn rook_attacks_ref(sq: Square, occupied: Bitboard) -> Bitboard {
    ray_walk(sq, occupied, &ROOK_STEPS)
}

/// Bishop attacks from `sq` given the occupied squares (blockers included).
pub const fn bishop_attacks_ref(sq: Square, occupied: Bitboard) -> Bitboard {
    ray_walk(sq, occupied, &BISHOP_STEPS)
}

/// Queen attacks: rook and bishop together.
pub const fn queen_attacks_ref(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks_ref(sq, occupied).or(bishop_attacks_ref(sq, occupied))
}
