//! One search thread's accumulators, one slot per ply: the position each was computed for,
//! so the next position at that ply (a sibling) or the one below it (a child) starts from
//! the nearer of the two and updates only the pieces that differ. Diffing the piece sets
//! finds the changes of any move (castling, en passant, promotion) without being told it.

use bbcore::{Bitboard, Color, Role};

use super::Accumulator;
use crate::board::Position;

/// The accumulator of one ply and the pieces it was computed for.
#[derive(Clone, Copy)]
struct Slot {
    accumulator: Accumulator,
    pieces: [[Bitboard; 6]; 2],
    valid: bool,
}

/// Accumulators by ply (see the module's documentation).
pub(crate) struct AccumulatorCache {
    slots: Vec<Slot>,
}

/// Each colour's pieces by role.
#[inline(always)]
fn pieces_of(pos: &Position) -> [[Bitboard; 6]; 2] {
    Color::ALL.map(|color| Role::ALL.map(|role| pos.pieces(color, role)))
}

/// How many pieces differ between two piece sets.
#[inline(always)]
fn changes(a: &[[Bitboard; 6]; 2], b: &[[Bitboard; 6]; 2]) -> u32 {
    let mut count = 0;
    for c in 0..2 {
        for r in 0..6 {
            count += (a[c][r] ^ b[c][r]).count();
        }
    }
    count
}

impl AccumulatorCache {
    /// Empty slots for `plies` plies.
    pub(crate) fn new(plies: usize) -> AccumulatorCache {
        let empty = Slot {
            accumulator: Accumulator::from_position(&Position::startpos()),
            pieces: Default::default(),
            valid: false,
        };
        AccumulatorCache { slots: vec![empty; plies.max(1)] }
    }

    /// The network's evaluation of `pos`, searched at `ply`, for the side to move; leaves
    /// its accumulator in the slot of `ply`.
    #[inline(always)]
    pub(crate) fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let ply = ply.min(self.slots.len() - 1);
        let target = pieces_of(pos);
        // Updating costs a column per changed piece, summing from scratch one per piece.
        let mut best = None;
        let mut best_cost = pos.occupied().count();
        for candidate in [ply, ply.wrapping_sub(1)] {
            if let Some(slot) = self.slots.get(candidate)
                && slot.valid
            {
                let cost = changes(&slot.pieces, &target);
                if cost < best_cost {
                    best = Some(candidate);
                    best_cost = cost;
                }
            }
        }
        match best {
            Some(from) => {
                let old = self.slots[from].pieces;
                if from != ply {
                    self.slots[ply].accumulator = self.slots[from].accumulator;
                }
                let accumulator = &mut self.slots[ply].accumulator;
                for color in Color::ALL {
                    for role in Role::ALL {
                        let (old, new) = (old[color.index()][role.index()], target[color.index()][role.index()]);
                        for sq in old & !new {
                            accumulator.remove(color, role, sq);
                        }
                        for sq in new & !old {
                            accumulator.add(color, role, sq);
                        }
                    }
                }
            }
            None => self.slots[ply].accumulator = Accumulator::from_position(pos),
        }
        let slot = &mut self.slots[ply];
        slot.pieces = target;
        slot.valid = true;
        debug_assert_eq!(slot.accumulator, Accumulator::from_position(pos), "{pos}");
        slot.accumulator.output(pos.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use bbcore::SplitMix64;

    use super::*;
    use crate::nnue::evaluate;

    /// Along random games, with evaluations at depths going up and down as a search's do,
    /// the cache always gives the from-scratch value.
    #[test]
    fn updates_match_summing_from_scratch() {
        let mut rng = SplitMix64::new(7);
        let mut cache = AccumulatorCache::new(8);
        for _ in 0..20 {
            let mut path = vec![Position::startpos()];
            for _ in 0..120 {
                let pos = *path.last().unwrap();
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut child = pos;
                child.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
                path.push(child);
                // Evaluate some of the path's last positions at their plies (as a search
                // visits a few siblings and children), in random order.
                for _ in 0..3 {
                    let back = (rng.next_u64() % 4) as usize;
                    let index = path.len().saturating_sub(1 + back);
                    let ply = index % 8;
                    assert_eq!(cache.evaluate(&path[index], ply), evaluate(&path[index]), "{}", path[index]);
                }
            }
        }
    }
}
