//! The accumulator: each side's view of the hidden layer before clipping, the hidden bias
//! plus one weight column per piece on the board.

use bbcore::{Color, Role, Square};

use super::{HIDDEN, NETWORK, QA, QB, SCALE, feature};
use crate::board::Position;

/// Both sides' hidden layers before clipping, indexed by [`Color::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    values: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The accumulator of `pos`, summed from scratch.
    pub fn from_position(pos: &Position) -> Accumulator {
        let mut acc = Accumulator { values: [NETWORK.hidden_bias; 2] };
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    acc.add(color, role, sq);
                }
            }
        }
        acc
    }

    /// Adds a `color` `role` on `sq`.
    #[inline(always)]
    pub fn add(&mut self, color: Color, role: Role, sq: Square) {
        self.apply(color, role, sq, i16::wrapping_add);
    }

    /// Takes a `color` `role` off `sq`.
    #[inline(always)]
    pub fn remove(&mut self, color: Color, role: Role, sq: Square) {
        self.apply(color, role, sq, i16::wrapping_sub);
    }

    /// Combines each side's values with the piece's weight column by `op` (add or take off).
    #[inline(always)]
    fn apply(&mut self, color: Color, role: Role, sq: Square, op: fn(i16, i16) -> i16) {
        for perspective in Color::ALL {
            let column = &NETWORK.hidden_weights[feature(perspective, color, role, sq)];
            for (v, w) in self.values[perspective.index()].iter_mut().zip(column) {
                *v = op(*v, *w);
            }
        }
    }

    /// The network's output for `side_to_move`, in centipawns.
    #[inline(always)]
    pub fn output(&self, side_to_move: Color) -> i32 {
        let us = &self.values[side_to_move.index()];
        let them = &self.values[side_to_move.other().index()];
        let mut sum = 0i32;
        for (values, weights) in [(us, &NETWORK.output_weights[0]), (them, &NETWORK.output_weights[1])] {
            for (v, w) in values.iter().zip(weights) {
                sum += i32::from((*v).clamp(0, QA as i16)) * i32::from(*w);
            }
        }
        (sum + i32::from(NETWORK.output_bias)) * SCALE / (QA * QB)
    }
}
