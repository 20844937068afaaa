//! One search thread's accumulators, one slot per ply: the position each was computed for,
//! so the next position at that ply (a sibling) or the one below it (a child) starts from
//! the nearer of the two and updates only the pieces that differ. Diffing the piece sets
//! finds the changes of any move (castling, en passant, promotion) without being told it.
//! The slots belong to one net: [`AccumulatorCache::bind`] empties them for another.

use bbcore::{Bitboard, Color, Role};

use super::accumulator::Delta;
use super::{Accumulator, Network};
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
    /// The address of the net the slots were computed with (compared, never read through).
    net: usize,
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
            accumulator: Accumulator::new(&super::NETWORK, &Position::startpos()),
            pieces: Default::default(),
            valid: false,
        };
        AccumulatorCache { slots: vec![empty; plies.max(1)], net: 0 }
    }

    /// Makes the slots `net`'s: kept if they already are, emptied if they were another net's.
    /// Call before a search, with the net it will pass to [`AccumulatorCache::evaluate`].
    pub(crate) fn bind(&mut self, net: &Network) {
        let address = net as *const Network as usize;
        if self.net != address {
            self.slots.iter_mut().for_each(|slot| slot.valid = false);
            self.net = address;
        }
    }

    /// `net`'s evaluation of `pos`, searched at `ply`, for the side to move; leaves its
    /// accumulator in the slot of `ply`. `net` is the net last given to
    /// [`AccumulatorCache::bind`].
    #[inline(always)]
    pub(crate) fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        debug_assert_eq!(self.net, net as *const Network as usize, "evaluate with the bound net");
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
                let old = &self.slots[from].pieces;
                let mut delta = Delta::new();
                let mut fits = true;
                for color in Color::ALL {
                    for role in Role::ALL {
                        let (old, new) = (old[color.index()][role.index()], target[color.index()][role.index()]);
                        for sq in old & !new {
                            fits &= delta.push(false, color, role, sq);
                        }
                        for sq in new & !old {
                            fits &= delta.push(true, color, role, sq);
                        }
                    }
                }
                if !fits {
                    // More changes than a delta holds (rare): sum afresh.
                    self.slots[ply].accumulator = Accumulator::new(net, pos);
                } else if from == ply {
                    self.slots[ply].accumulator.update(None, net, &delta);
                } else {
                    // `from` is the ply above: split the slots between the two.
                    let (above, here) = self.slots.split_at_mut(ply);
                    here[0].accumulator.update(Some(&above[from].accumulator), net, &delta);
                }
            }
            None => self.slots[ply].accumulator = Accumulator::new(net, pos),
        }
        let slot = &mut self.slots[ply];
        slot.pieces = target;
        slot.valid = true;
        debug_assert_eq!(slot.accumulator, Accumulator::new(net, pos), "{pos}");
        slot.accumulator.output(net, pos)
    }
}

#[cfg(test)]
mod tests {
    use bbcore::SplitMix64;

    use super::*;
    use crate::nnue::{NETWORK, NETWORK_BYTES, evaluate};

    /// Along random games, with evaluations at depths going up and down as a search's do,
    /// the cache always gives the from-scratch value.
    #[test]
    fn updates_match_summing_from_scratch() {
        let mut rng = SplitMix64::new(7);
        let mut cache = AccumulatorCache::new(8);
        cache.bind(&NETWORK);
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
                    assert_eq!(cache.evaluate(&NETWORK, &path[index], ply), evaluate(&path[index]), "{}", path[index]);
                }
            }
        }
    }

    /// Boards that differ in more pieces than a delta holds, yet fewer than they have (so the
    /// cache updates rather than sums afresh by its cost), evaluate as from scratch, at the
    /// same ply and at the ply below.
    #[test]
    fn a_delta_too_large_sums_afresh() {
        let start = Position::startpos();
        // Every white pawn one square up and both black knights moved: 10 pieces each way.
        let far: Position = "r1bqkb1r/pppppppp/n6n/8/8/PPPPPPPP/8/RNBQKBNR w KQkq - 0 1".parse().unwrap();
        let mut cache = AccumulatorCache::new(4);
        cache.bind(&NETWORK);
        for ply in [0, 1] {
            assert_eq!(cache.evaluate(&NETWORK, &start, 0), evaluate(&start));
            assert_eq!(cache.evaluate(&NETWORK, &far, ply), evaluate(&far), "ply {ply}");
        }
    }

    /// Binding another net empties the slots, so no accumulator of the old net is updated.
    #[test]
    fn another_net_starts_from_scratch() {
        let pos = Position::startpos();
        let mut cache = AccumulatorCache::new(2);
        cache.bind(&NETWORK);
        assert_eq!(cache.evaluate(&NETWORK, &pos, 0), evaluate(&pos));
        let zero = Network::from_bytes(&[0; NETWORK_BYTES]).unwrap();
        cache.bind(&zero);
        assert_eq!(cache.evaluate(&zero, &pos, 0), 0);
        cache.bind(&NETWORK);
        assert_eq!(cache.evaluate(&NETWORK, &pos, 0), evaluate(&pos));
    }
}
