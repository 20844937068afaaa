//! The accumulator: each side's view of the hidden layer before clipping, the hidden bias
//! plus one weight column per piece on the board.

use bbcore::{Color, Role, Square};

use super::{HIDDEN, Network, OUTPUT_BUCKETS, QA, QB, SCALE, feature, output_bucket};
use crate::board::Position;

/// The pieces that differ between two positions, as each view's inputs: those to add and
/// those to take off, up to [`Delta::CAPACITY`] each way (a move changes at most two each
/// way; two siblings' boards, four).
#[derive(Clone, Copy)]
pub(crate) struct Delta {
    /// By view, then the features to add, then those to take off.
    features: [[[u16; Delta::CAPACITY]; 2]; 2],
    len: [usize; 2],
}

impl Delta {
    /// The most pieces either way.
    pub(crate) const CAPACITY: usize = 8;

    /// No change.
    #[inline(always)]
    pub(crate) fn new() -> Delta {
        Delta { features: [[[0; Delta::CAPACITY]; 2]; 2], len: [0; 2] }
    }

    /// Adds `sq`'s `color` `role` to the pieces to add (or, with `add` false, to take off).
    /// Returns false, keeping the delta as it was, when that side is full.
    #[inline(always)]
    pub(crate) fn push(&mut self, add: bool, color: Color, role: Role, sq: Square) -> bool {
        let way = usize::from(!add);
        let len = self.len[way];
        if len == Delta::CAPACITY {
            return false;
        }
        for perspective in Color::ALL {
            self.features[perspective.index()][way][len] = feature(perspective, color, role, sq) as u16;
        }
        self.len[way] = len + 1;
        true
    }
}

/// Both sides' hidden layers before clipping, indexed by [`Color::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    values: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The accumulator of `pos` in `net`, summed from scratch.
    pub fn new(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator { values: [net.hidden_bias; 2] };
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    acc.add(net, color, role, sq);
                }
            }
        }
        acc
    }

    /// Adds a `color` `role` on `sq`.
    #[inline(always)]
    pub fn add(&mut self, net: &Network, color: Color, role: Role, sq: Square) {
        self.apply(net, color, role, sq, i16::wrapping_add);
    }

    /// Takes a `color` `role` off `sq`.
    #[inline(always)]
    pub fn remove(&mut self, net: &Network, color: Color, role: Role, sq: Square) {
        self.apply(net, color, role, sq, i16::wrapping_sub);
    }

    /// Combines each side's values with the piece's weight column by `op` (add or take off).
    #[inline(always)]
    fn apply(&mut self, net: &Network, color: Color, role: Role, sq: Square, op: fn(i16, i16) -> i16) {
        for perspective in Color::ALL {
            let column = &net.hidden_weights[feature(perspective, color, role, sq)];
            for (v, w) in self.values[perspective.index()].iter_mut().zip(column) {
                *v = op(*v, *w);
            }
        }
    }

    /// Makes this the accumulator of `base` (or of itself, when `None`) with the pieces of
    /// `delta` added and taken off, in one pass over the values: a block of units is loaded
    /// once, every changed piece's column is combined with it in registers, and it is stored
    /// once, instead of one load and store of every unit per piece (and one more to copy
    /// `base`). The sums wrap as [`Accumulator::add`]'s do, so the order does not matter and
    /// the values are the same.
    #[inline(always)]
    pub(crate) fn update(&mut self, base: Option<&Accumulator>, net: &Network, delta: &Delta) {
        /// Units per block: eight 256-bit registers of `i16`, half of AVX2's sixteen.
        const BLOCK: usize = 128;
        const _: () = assert!(HIDDEN.is_multiple_of(BLOCK), "the hidden layer is whole blocks");
        for view in 0..2 {
            let [added, removed] = &delta.features[view];
            let (added, removed) = (&added[..delta.len[0]], &removed[..delta.len[1]]);
            for block_index in 0..HIDDEN / BLOCK {
                let units = block_index * BLOCK..(block_index + 1) * BLOCK;
                let mut block = [0i16; BLOCK];
                block.copy_from_slice(match base {
                    Some(base) => &base.values[view][units.clone()],
                    None => &self.values[view][units.clone()],
                });
                for &f in added {
                    for (v, w) in block.iter_mut().zip(&net.hidden_weights[usize::from(f)][units.clone()]) {
                        *v = v.wrapping_add(*w);
                    }
                }
                for &f in removed {
                    for (v, w) in block.iter_mut().zip(&net.hidden_weights[usize::from(f)][units.clone()]) {
                        *v = v.wrapping_sub(*w);
                    }
                }
                self.values[view][units].copy_from_slice(&block);
            }
        }
    }

    /// `net`'s output for the side to move of `pos` (the position this accumulator is of), in
    /// centipawns, from the output layer of its material's bucket.
    #[inline(always)]
    pub fn output(&self, net: &Network, pos: &Position) -> i32 {
        let side_to_move = pos.side_to_move();
        let us = &self.values[side_to_move.index()];
        let them = &self.values[side_to_move.other().index()];
        let bucket = output_bucket(pos.occupied().count(), OUTPUT_BUCKETS);
        let [ours, theirs] = &net.output_weights[bucket];
        let mut sum = 0i32;
        for (values, weights) in [(us, ours), (them, theirs)] {
            for (v, w) in values.iter().zip(weights) {
                sum += i32::from((*v).clamp(0, QA as i16)) * i32::from(*w);
            }
        }
        (sum + i32::from(net.output_bias[bucket])) * SCALE / (QA * QB)
    }
}
