//! Perft: count the leaf nodes of the legal move tree, the standard move generator test.

use crate::moves::Move;
use crate::position::Position;
use crate::sliders::Sliders;

/// The number of legal move sequences of length `depth` from `pos`. The last ply is counted
/// in bulk (popcounts of target sets), not played.
///
/// ```
/// use bbengine::{Position, Reference, perft};
/// assert_eq!(perft(&Position::startpos(), 3, Reference), 8_902);
/// ```
pub fn perft<S: Sliders>(pos: &Position, depth: u32, sliders: S) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(sliders),
        _ => pos
            .legal_moves(sliders)
            .iter()
            .map(|&mv| {
                let mut child = *pos;
                child.play(mv);
                perft(&child, depth - 1, sliders)
            })
            .sum(),
    }
}

/// Perft split by root move: each legal move with the count below it (`depth - 1`), in
/// generation order. The counts add up to [`perft`] at `depth` (for `depth >= 1`).
pub fn divide<S: Sliders>(pos: &Position, depth: u32, sliders: S) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves(sliders)
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv);
            (mv, perft(&child, depth - 1, sliders))
        })
        .collect()
}
