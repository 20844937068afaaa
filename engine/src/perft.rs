//! Perft: count the leaf nodes of the legal move tree, the standard move generator test.

use crate::moves::Move;
use crate::position::Position;
use crate::sliders::Sliders;

/// The number of legal move sequences of length `depth` from `pos`. The last ply is counted
/// in bulk (popcounts of target sets), not played. Runs the x86-64-v3 copy of the generator
/// where the CPU has it (see [`crate::cpu`]).
///
/// ```
/// use bbengine::{Position, Reference, perft};
/// assert_eq!(perft(&Position::startpos(), 3, Reference), 8_902);
/// ```
pub fn perft<S: Sliders>(pos: &Position, depth: u32, sliders: S) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::has_v3() {
        // SAFETY: the CPU has every feature `perft_v3` is compiled with (checked just above).
        return unsafe { perft_v3(pos, depth, sliders) };
    }
    perft_baseline(pos, depth, sliders)
}

fn perft_baseline<S: Sliders>(pos: &Position, depth: u32, sliders: S) -> u64 {
    perft_body(pos, depth, sliders, perft_baseline)
}

crate::cpu::v3_fn! {
    fn perft_v3<S: Sliders>(pos: &Position, depth: u32, sliders: S) -> u64 {
        // The closure inherits this function's features, so the recursion needs no check.
        perft_body(pos, depth, sliders, |p, d, s| perft_v3(p, d, s))
    }
}

/// One level of perft; `recurse` is the copy (baseline or v3) the children run in. Inlined
/// into each copy, with the generator inside it, so the whole tree walk is compiled per copy.
#[inline(always)]
fn perft_body<S: Sliders>(pos: &Position, depth: u32, sliders: S, recurse: impl Fn(&Position, u32, S) -> u64) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(sliders),
        _ => {
            let mut nodes = 0;
            for &mv in pos.legal_moves(sliders).iter() {
                let mut child = *pos;
                child.play(mv);
                nodes += recurse(&child, depth - 1, sliders);
            }
            nodes
        }
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
