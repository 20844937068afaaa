//! The neural network evaluation (NNUE): 768 inputs, one per (colour, role, square) of a
//! piece, seen from each side, into a hidden layer of [`HIDDEN`] clipped-ReLU units per side,
//! and one output.
//!
//! The hidden layer before clipping (the accumulator) is a sum of one weight column per piece
//! on the board, so a move changes it by a few columns: `accumulator.rs` keeps it, and
//! `cache.rs` finds, for each position the search evaluates, a recently computed accumulator
//! a few pieces away to update instead of summing all 32 columns again.
//!
//! The output, from the side to move's point of view: the side to move's hidden layer then
//! the other side's, times the output weights, plus the output bias, in centipawns after
//! scaling by [`SCALE`]. The weights are integers (`i16`), the trainer's floats times [`QA`]
//! (hidden layer) and [`QB`] (output layer).
//!
//! The net (`nets/bb.nnue`) is embedded in the binary, with no start-up cost; it comes from
//! `examples/train_nnue.rs` on positions of the engine's own games (`examples/datagen.rs`),
//! with the commands in the README.

mod accumulator;
mod cache;

use bbcore::{Color, Role, Square};

pub use accumulator::Accumulator;
pub(crate) use cache::AccumulatorCache;

use crate::board::Position;

/// Inputs per side's view: 2 colours x 6 roles x 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units per side's view.
pub const HIDDEN: usize = 128;
/// The hidden layer's fixed-point scale: a float weight `w` is stored as `round(w * QA)`,
/// and the clipped ReLU clips to `0..=QA`.
pub const QA: i32 = 255;
/// The output layer's fixed-point scale.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's float output.
pub const SCALE: i32 = 400;

/// The input of a `color` `role` on `sq` seen from `perspective`'s side: its own pieces
/// first, then the other side's, and the board flipped for Black, so both sides see the
/// same inputs in mirrored positions.
#[inline(always)]
pub const fn feature(perspective: Color, color: Color, role: Role, sq: Square) -> usize {
    let (side, square) =
        if perspective.index() == 0 { (color.index(), sq.index()) } else { (1 - color.index(), sq.index() ^ 56) };
    side * 384 + role.index() * 64 + square
}

/// The network's weights, laid out as the net file stores them (little-endian `i16`s, in
/// field order).
#[repr(C)]
pub struct Network {
    /// Hidden weights by input.
    pub hidden_weights: [[i16; HIDDEN]; INPUTS],
    /// Hidden biases.
    pub hidden_bias: [i16; HIDDEN],
    /// Output weights: the side to move's hidden units, then the other side's.
    pub output_weights: [[i16; HIDDEN]; 2],
    /// The output bias, times `QA * QB`.
    pub output_bias: i16,
}

/// The net file's size in bytes.
pub const NETWORK_BYTES: usize = core::mem::size_of::<Network>();

/// The embedded net.
// SAFETY: `Network` is `repr(C)` and made of `i16`s only, so it has no padding and every bit
// pattern is a valid value; `transmute` checks at compile time that the file has exactly its
// size. The file is little-endian, as every target this crate builds for.
pub static NETWORK: Network =
    unsafe { core::mem::transmute::<[u8; NETWORK_BYTES], Network>(*include_bytes!("../../nets/bb.nnue")) };

/// The evaluation of `pos` for the side to move, in centipawns, computed from scratch.
///
/// ```
/// use bbengine::{Position, nnue};
///
/// // Black is a queen down.
/// let pos: Position = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
/// assert!(nnue::evaluate(&pos) > 500);
/// let mut black_to_move = pos;
/// black_to_move.play_null();
/// assert!(nnue::evaluate(&black_to_move) < -500);
/// # Ok::<(), bbengine::FenError>(())
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    Accumulator::from_position(pos).output(pos.side_to_move())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mirroring the board (colours swapped, ranks flipped) and the side to move gives the
    /// same evaluation: each side's view of one is the other side's view of the other.
    #[test]
    fn symmetric() {
        for (a, b) in crate::board::MIRRORED_PAIRS {
            let (a, b): (Position, Position) = (a.parse().unwrap(), b.parse().unwrap());
            assert_eq!(evaluate(&a), evaluate(&b), "{a} / {b}");
        }
    }
}
