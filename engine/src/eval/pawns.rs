//! Pawn structure: passed pawns (by rank, and by the kings' distance to the square in front
//! in the endgame), isolated, doubled, protected and phalanx pawns. The masks are built at
//! compile time.

use bbcore::{Bitboard, Color, Role, Square};

use super::s;
use super::terms::Terms;
use super::weights::{PASSED_ENEMY_KING_DISTANCE, PASSED_OWN_KING_DISTANCE, WEIGHTS};
use crate::board::Position;
use crate::tables;

/// Every square of a file, by file index.
pub(crate) const FILES: [u64; 8] = {
    let mut files = [0; 8];
    let mut f = 0;
    while f < 8 {
        files[f] = 0x0101_0101_0101_0101 << f;
        f += 1;
    }
    files
};

/// The files beside a file, by file index.
pub(crate) const ADJACENT_FILES: [u64; 8] = {
    let mut adjacent = [0; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            adjacent[f] |= FILES[f - 1];
        }
        if f < 7 {
            adjacent[f] |= FILES[f + 1];
        }
        f += 1;
    }
    adjacent
};

/// `FRONT_SPAN[color][sq]`: the squares strictly in front of `sq` (from `color`'s side) on
/// its file and the adjacent files: where enemy pawns stop a pawn from being passed.
const PASSED_SPAN: [[u64; 64]; 2] = {
    let mut spans = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let rank = sq / 8;
        let files = FILES[file] | ADJACENT_FILES[file];
        let mut ahead_white = 0u64;
        let mut r = rank + 1;
        while r < 8 {
            ahead_white |= 0xFFu64 << (8 * r);
            r += 1;
        }
        let mut ahead_black = 0u64;
        let mut r = 0;
        while r < rank {
            ahead_black |= 0xFFu64 << (8 * r);
            r += 1;
        }
        spans[0][sq] = files & ahead_white;
        spans[1][sq] = files & ahead_black;
        sq += 1;
    }
    spans
};

/// Squares strictly in front of `sq` on its file, from `color`'s side.
pub(crate) fn front_file(color: Color, sq: Square) -> Bitboard {
    Bitboard(PASSED_SPAN[color.index()][sq.index()] & FILES[sq.file().index()])
}

/// The rank of `sq` counted from `color`'s side (0 = its first rank).
#[inline(always)]
pub(crate) fn relative_rank(color: Color, sq: Square) -> i32 {
    let rank = sq.rank().index() as i32;
    if color == Color::White { rank } else { 7 - rank }
}

/// King steps between two squares (Chebyshev distance).
#[inline(always)]
pub(crate) fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}

/// Whether a `color` pawn on `sq` is passed: no enemy pawn in front on its file or beside.
#[inline(always)]
pub(crate) fn is_passed(pos: &Position, color: Color, sq: Square) -> bool {
    (pos.pieces(color.other(), Role::Pawn) & Bitboard(PASSED_SPAN[color.index()][sq.index()])).is_empty()
}

/// The pawn-structure terms: those that read only the pawns, through the sink (which may
/// remember them by pawn placement: [`Terms::pawn_structure`]), then the passed pawns' king
/// race, which reads the kings too.
#[inline(always)]
pub(crate) fn pawns(pos: &Position, t: &mut impl Terms) {
    let passed = t.pawn_structure(pos);
    for us in Color::ALL {
        king_race(pos, us, passed & pos.color(us), t);
    }
}

/// The terms that read only the pawns (isolated, doubled, protected, phalanx, passed by
/// rank), for both sides; returns the passed pawns that get the king race (the front pawn
/// of a passed pair on one file).
#[inline(always)]
pub(crate) fn structure(pos: &Position, t: &mut impl Terms) -> Bitboard {
    let mut passed = Bitboard::EMPTY;
    for us in Color::ALL {
        let ours = pos.pieces(us, Role::Pawn);
        for sq in ours {
            let file = sq.file().index();
            if (ours & Bitboard(ADJACENT_FILES[file])).is_empty() {
                t.add(us, &WEIGHTS.isolated, 1);
            }
            if (ours & front_file(us, sq)).any() {
                t.add(us, &WEIGHTS.doubled, 1);
            }
            if (tables::pawn(us.other(), sq) & ours).any() {
                t.add(us, &WEIGHTS.protected, 1);
            }
            let beside = Bitboard(ADJACENT_FILES[file]) & Bitboard(0xFFu64 << (8 * sq.rank().index()));
            if (ours & beside).any() {
                t.add(us, &WEIGHTS.phalanx, 1);
            }
            if is_passed(pos, us, sq) && (ours & front_file(us, sq)).is_empty() {
                t.add(us, &WEIGHTS.passed[relative_rank(us, sq) as usize], 1);
                passed |= Bitboard::from_square(sq);
            }
        }
    }
    passed
}

/// The end-game race of `us`'s passed pawns `passed`: the enemy king's distance to the
/// square in front of each, less our king's, more the further the pawn has come.
#[inline(always)]
fn king_race(pos: &Position, us: Color, passed: Bitboard, t: &mut impl Terms) {
    let their_king = pos.king(us.other());
    let our_king = pos.king(us);
    let step = if us == Color::White { 8 } else { -8 };
    for sq in passed {
        let rank = relative_rank(us, sq);
        if let Some(front) = Square::try_new((sq.index() as i32 + step) as u8) {
            let race = PASSED_ENEMY_KING_DISTANCE * distance(their_king, front)
                - PASSED_OWN_KING_DISTANCE * distance(our_king, front);
            t.add_fixed(us, s(0, race * (rank - 1).max(0)));
        }
    }
}
