//! The accumulator: each side's view of the hidden layer before clipping, the hidden bias
//! plus one weight column per piece on the board.

use bbcore::{Color, Role, Square};

use super::{HIDDEN, Network, OUTPUT_BUCKETS, QA, QB, SCALE, feature, output_bucket};
use crate::board::Position;

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
