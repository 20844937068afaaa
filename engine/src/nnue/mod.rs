//! The neural network evaluation (NNUE): 768 inputs, one per (colour, role, square) of a
//! piece, seen from each side, into a hidden layer of [`HIDDEN`] clipped-ReLU units per side,
//! and one output from one of [`OUTPUT_BUCKETS`] output layers, chosen by the number of pieces
//! on the board ([`output_bucket`]).
//!
//! The hidden layer before clipping (the accumulator) is a sum of one weight column per piece
//! on the board, so a move changes it by a few columns: `accumulator.rs` keeps it, and
//! `cache.rs` finds, for each position the search evaluates, a recently computed accumulator
//! a few pieces away to update instead of summing all 32 columns again.
//!
//! The output, from the side to move's point of view: the side to move's hidden layer then
//! the other side's, times the bucket's output weights, plus its output bias, in centipawns
//! after scaling by [`SCALE`]. The weights are integers (`i16`), the trainer's floats times [`QA`]
//! (hidden layer) and [`QB`] (output layer).
//!
//! The net (`nets/bb.nnue`) is embedded in the binary as [`NETWORK`], with no start-up cost;
//! it comes from `examples/train_nnue.rs` on positions of the engine's own games
//! (`examples/datagen.rs`): `nets/bb.nnue.lineage.md` records the commands, data and settings
//! that made it, and its SHA-256. Another net file of the same layout loads at run time with
//! [`Network::load`] or [`Network::from_bytes`] (the search takes it through
//! [`crate::search::Evaluator`]).

mod accumulator;
mod cache;

use bbcore::{Color, Role, Square};

pub use accumulator::Accumulator;
pub(crate) use cache::AccumulatorCache;

use crate::board::Position;

/// Inputs per side's view: 2 colours x 6 roles x 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units per side's view. The layout is this line and [`OUTPUT_BUCKETS`]' (and the net
/// file): `examples/train_nnue.rs` trains any supported layout and defaults to this one.
pub const HIDDEN: usize = 256;
/// Output layers, chosen by material ([`output_bucket`]): one output weight pair and bias each.
pub const OUTPUT_BUCKETS: usize = 8;
/// The hidden layer's fixed-point scale: a float weight `w` is stored as `round(w * QA)`,
/// and the clipped ReLU clips to `0..=QA`.
pub const QA: i32 = 255;
/// The output layer's fixed-point scale.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's float output.
pub const SCALE: i32 = 400;

/// The output layer, of `buckets`, for a board of `pieces` pieces (kings included): equal
/// spans of `ceil(32 / buckets)` piece counts from 2 up, so an endgame's output is fitted apart
/// from a middle game's (with 8 buckets: 2 to 5 pieces bucket 0, ..., 30 to 32 bucket 7).
/// The trainer calls it with its own layout's `buckets`.
#[inline(always)]
pub const fn output_bucket(pieces: u32, buckets: usize) -> usize {
    let span = 32usize.div_ceil(buckets);
    let bucket = (pieces as usize).saturating_sub(2) / span;
    if bucket < buckets { bucket } else { buckets - 1 }
}

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
/// field order, no header).
#[repr(C)]
pub struct Network {
    /// Hidden weights by input.
    pub hidden_weights: [[i16; HIDDEN]; INPUTS],
    /// Hidden biases.
    pub hidden_bias: [i16; HIDDEN],
    /// Output weights by bucket: the side to move's hidden units, then the other side's.
    pub output_weights: [[[i16; HIDDEN]; 2]; OUTPUT_BUCKETS],
    /// Output biases by bucket, times `QA * QB`.
    pub output_bias: [i16; OUTPUT_BUCKETS],
}

/// The net file's size in bytes.
pub const NETWORK_BYTES: usize = core::mem::size_of::<Network>();

/// The embedded net.
// SAFETY: `Network` is `repr(C)` and made of `i16`s only, so it has no padding and every bit
// pattern is a valid value; `transmute` checks at compile time that the file has exactly its
// size. The file is little-endian, as every target this crate builds for.
pub static NETWORK: Network =
    unsafe { core::mem::transmute::<[u8; NETWORK_BYTES], Network>(*include_bytes!("../../nets/bb.nnue")) };

/// Why a net file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The bytes are not a net of this layout: a net file has exactly [`NETWORK_BYTES`] bytes
    /// (the layout has no header, so its size is what can be checked).
    Size {
        /// The size found, in bytes.
        found: u64,
    },
    /// The file could not be read (missing, not a regular file, unreadable).
    Io(String),
}

impl core::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NetworkError::Size { found } => {
                write!(f, "not a net file: {found} bytes, a net of this layout has {NETWORK_BYTES}")
            }
            NetworkError::Io(e) => write!(f, "cannot read the net file: {e}"),
        }
    }
}

impl std::error::Error for NetworkError {}

impl Network {
    /// A net from the bytes of a net file (the layout of [`Network`]), on the heap; an error,
    /// never a panic, when the size is not [`NETWORK_BYTES`].
    ///
    /// ```
    /// use bbengine::nnue::{NETWORK_BYTES, Network, NetworkError};
    ///
    /// let bytes = vec![0u8; NETWORK_BYTES];
    /// let zero = Network::from_bytes(&bytes).unwrap();
    /// assert_eq!(zero.evaluate(&bbengine::Position::startpos()), 0);
    /// assert_eq!(Network::from_bytes(&bytes[1..]).unwrap_err(), NetworkError::Size { found: NETWORK_BYTES as u64 - 1 });
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Box<Network>, NetworkError> {
        if bytes.len() != NETWORK_BYTES {
            return Err(NetworkError::Size { found: bytes.len() as u64 });
        }
        let mut net = Box::new(Network {
            hidden_weights: [[0; HIDDEN]; INPUTS],
            hidden_bias: [0; HIDDEN],
            output_weights: [[[0; HIDDEN]; 2]; OUTPUT_BUCKETS],
            output_bias: [0; OUTPUT_BUCKETS],
        });
        let mut values = bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]]));
        let fields = (net.hidden_weights.iter_mut().map(|row| &mut row[..]))
            .chain([&mut net.hidden_bias[..]])
            .chain(net.output_weights.iter_mut().flatten().map(|row| &mut row[..]))
            .chain([&mut net.output_bias[..]]);
        for field in fields {
            field.iter_mut().zip(&mut values).for_each(|(w, v)| *w = v);
        }
        Ok(net)
    }

    /// The net in the file at `path`: a regular file of exactly [`NETWORK_BYTES`] bytes
    /// (checked before it is read).
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Box<Network>, NetworkError> {
        let path = path.as_ref();
        let io = |e: std::io::Error| NetworkError::Io(format!("{}: {e}", path.display()));
        let meta = std::fs::metadata(path).map_err(io)?;
        if !meta.is_file() {
            return Err(NetworkError::Io(format!("{}: not a regular file", path.display())));
        }
        if meta.len() != NETWORK_BYTES as u64 {
            return Err(NetworkError::Size { found: meta.len() });
        }
        Network::from_bytes(&std::fs::read(path).map_err(io)?)
    }

    /// The evaluation of `pos` by this net for the side to move, in centipawns, computed from
    /// scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        Accumulator::new(self, pos).output(self, pos)
    }
}

impl core::fmt::Debug for Network {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Network {{ {INPUTS} -> {HIDDEN} x 2 -> 1 of {OUTPUT_BUCKETS} by material }}")
    }
}

/// The embedded net's evaluation of `pos` for the side to move, in centipawns, computed from
/// scratch.
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
    NETWORK.evaluate(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buckets split 2 to 32 pieces into equal spans; one bucket takes every count.
    #[test]
    fn output_buckets_by_piece_count() {
        let buckets = |n| (2..=32).map(|pieces| output_bucket(pieces, n)).collect::<Vec<_>>();
        assert_eq!(buckets(1), [0; 31]);
        let eight = [[0; 4], [1; 4], [2; 4], [3; 4], [4; 4], [5; 4], [6; 4]].concat();
        assert_eq!(buckets(8), [eight.as_slice(), &[7; 3]].concat());
        // ceil(32 / 3) = 11: 2..=12, 13..=23, 24..=32.
        assert_eq!(buckets(3), [vec![0; 11], vec![1; 11], vec![2; 9]].concat());
        assert_eq!((output_bucket(0, 8), output_bucket(40, 8)), (0, 7));
        let pos = Position::startpos();
        assert_eq!(output_bucket(pos.occupied().count(), OUTPUT_BUCKETS), OUTPUT_BUCKETS - 1);
    }

    /// Mirroring the board (colours swapped, ranks flipped) and the side to move gives the
    /// same evaluation: each side's view of one is the other side's view of the other.
    #[test]
    fn symmetric() {
        for (a, b) in crate::board::MIRRORED_PAIRS {
            let (a, b): (Position, Position) = (a.parse().unwrap(), b.parse().unwrap());
            assert_eq!(evaluate(&a), evaluate(&b), "{a} / {b}");
        }
    }

    /// The embedded file read at run time is the embedded net.
    #[test]
    fn loads_the_embedded_file() {
        let bytes = include_bytes!("../../nets/bb.nnue");
        let net = Network::from_bytes(bytes).unwrap();
        assert!(net.hidden_weights == NETWORK.hidden_weights && net.output_weights == NETWORK.output_weights);
        assert_eq!((net.hidden_bias, net.output_bias), (NETWORK.hidden_bias, NETWORK.output_bias));
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/bb.nnue");
        let pos: Position = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4".parse().unwrap();
        assert_eq!(Network::load(path).unwrap().evaluate(&pos), evaluate(&pos));
        assert_eq!(Network::from_bytes(&bytes[..100]).unwrap_err(), NetworkError::Size { found: 100 });
        assert!(matches!(Network::load("/nonexistent/bb.nnue"), Err(NetworkError::Io(_))));
        assert!(matches!(Network::load(env!("CARGO_MANIFEST_DIR")), Err(NetworkError::Io(_))));
        let too_long = [bytes.as_slice(), &[0, 0]].concat();
        assert_eq!(Network::from_bytes(&too_long).unwrap_err(), NetworkError::Size { found: NETWORK_BYTES as u64 + 2 });
    }
}
