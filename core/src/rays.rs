//! `between` and `line` tables: the geometry behind pins, checks and blocking squares.

use crate::{Bitboard, Square};

/// The unit step (file, rank) from `a` towards `b` if they share a rank, file or diagonal.
const fn direction(a: Square, b: Square) -> Option<(i8, i8)> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if (df == 0 && dr == 0) || !(df == 0 || dr == 0 || df == dr || df == -dr) {
        return None;
    }
    Some((df.signum(), dr.signum()))
}

/// Walks from `from` in steps of `step` and collects squares, stopping before `stop` or the edge.
const fn walk(from: Square, step: (i8, i8), stop: Option<Square>) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    let mut cur = from;
    while let Some(next) = cur.offset(step.0, step.1) {
        if let Some(s) = stop
            && s as u8 == next as u8
        {
            break;
        }
        set = set.with(next);
        cur = next;
    }
    set
}

/// A table over every aligned pair of squares: the squares strictly between them, or with
/// `full_line` the whole line through them. Unaligned pairs and a square with itself stay empty.
const fn aligned_pair_table(full_line: bool) -> [[Bitboard; 64]; 64] {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (sa, sb) = (Square::new(a as u8), Square::new(b as u8));
            if let Some((df, dr)) = direction(sa, sb) {
                table[a][b] = if full_line {
                    walk(sa, (df, dr), None).or(walk(sa, (-df, -dr), None)).with(sa)
                } else {
                    walk(sa, (df, dr), Some(sb))
                };
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// Squares strictly between every aligned pair; empty for unaligned pairs.
pub const fn between_table() -> [[Bitboard; 64]; 64] {
    aligned_pair_table(false)
}

/// The whole line (edge to edge, both ends included) through every aligned pair; empty for
/// unaligned pairs and for a square with itself.
pub const fn line_table() -> [[Bitboard; 64]; 64] {
    aligned_pair_table(true)
}

/// `BETWEEN[a][b]`: squares strictly between `a` and `b` when aligned.
pub static BETWEEN: [[Bitboard; 64]; 64] = between_table();
/// `LINE[a][b]`: the full line through `a` and `b` when aligned.
pub static LINE: [[Bitboard; 64]; 64] = line_table();

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The full line through `a` and `b` if they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}
