//! The Polyglot Zobrist random numbers: the 781 fixed 64-bit numbers of the Polyglot opening
//! book format, read from `bbgen/data/polyglot_random.txt` and rendered as one `static`
//! array in the specification's order, so the engine's position keys are Polyglot keys.
//!
//! The order (the specification's): 768 piece-square numbers at `64 * kind + square`, where
//! `kind = 2 * role + (1 if white)` for the roles pawn, knight, bishop, rook, queen, king and
//! `square = 8 * rank + file`; then 4 castling rights (white king side, white queen side,
//! black king side, black queen side); 8 en passant files (a to h); 1 turn number, XORed into
//! the key when white is to move.

use crate::{Error, RECORDED_POLYGLOT_RANDOM};

/// How many numbers the specification defines.
pub const COUNT: usize = 781;
/// Index of the first piece-square number.
pub const PIECE_SQUARE: usize = 0;
/// Index of the first castling number (white king side).
pub const CASTLING: usize = 768;
/// Index of the first en passant number (the a-file).
pub const EN_PASSANT: usize = 772;
/// Index of the turn number (white to move).
pub const TURN: usize = 780;

/// The first number of each group as the specification prints it: a file in the wrong order,
/// cut short or shifted by a line fails to load instead of giving other keys.
const ANCHORS: [(usize, u64); 4] = [
    (PIECE_SQUARE, 0x9D39_247E_3377_6D41),
    (CASTLING, 0x31D7_1DCE_64B2_C310),
    (EN_PASSANT, 0x70CC_73D9_0BC2_6E24),
    (TURN, 0xF8D6_26AA_AF27_8509),
];

/// The 781 numbers, in the specification's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyglotRandom(pub Vec<u64>);

impl PolyglotRandom {
    /// Parses the data file: one hexadecimal number (16 digits, no prefix) a line; blank lines
    /// and lines starting with `#` are skipped. Errors name the line.
    pub fn parse(text: &str) -> Result<PolyglotRandom, Error> {
        let mut numbers = Vec::with_capacity(COUNT);
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || Error(format!("polyglot random numbers line {}: expected 16 hex digits: {line:?}", n + 1));
            if line.len() != 16 {
                return Err(bad());
            }
            numbers.push(u64::from_str_radix(line, 16).map_err(|_| bad())?);
        }
        if numbers.len() != COUNT {
            return Err(Error(format!("polyglot random numbers: expected {COUNT}, found {}", numbers.len())));
        }
        for (index, expected) in ANCHORS {
            if numbers[index] != expected {
                return Err(Error(format!(
                    "polyglot random numbers: number {index} is {:#018x}, the specification's is {expected:#018x}",
                    numbers[index]
                )));
            }
        }
        Ok(PolyglotRandom(numbers))
    }

    /// The numbers as checked in (`bbgen/data/polyglot_random.txt`, embedded in this crate).
    pub fn recorded() -> Result<PolyglotRandom, Error> {
        PolyglotRandom::parse(RECORDED_POLYGLOT_RANDOM)
    }
}
