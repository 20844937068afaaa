//! Material and piece placement: one table per role, built at compile time from a few
//! hand-chosen rules in `weights.rs` (centre distance, ranks, castled king files), for White;
//! Black reads the same table with its ranks flipped.

use bbcore::{Color, Role, Square};

use super::weights::*;
use super::{Score, s};
use crate::board::Position;

/// File plus rank steps from the four centre squares (0 on d4, 6 in a corner).
pub(crate) const fn centre_distance(sq: usize) -> i32 {
    let file = (sq % 8) as i32;
    let rank = (sq / 8) as i32;
    let fd = if file < 4 { 3 - file } else { file - 4 };
    let rd = if rank < 4 { 3 - rank } else { rank - 4 };
    fd + rd
}

const fn add(a: Score, b: Score) -> Score {
    s(a.mg + b.mg, a.eg + b.eg)
}

const fn times(a: Score, k: i32) -> Score {
    s(a.mg * k, a.eg * k)
}

/// The placement bonus of a White `role` on square index `sq` (material included).
const fn square_value(role: Role, sq: usize) -> Score {
    let file = sq % 8;
    let rank = (sq / 8) as i32;
    let d = centre_distance(sq);
    let placement = match role {
        Role::Pawn => {
            let mut v = times(PAWN_ADVANCE, if rank > 0 { rank - 1 } else { 0 });
            if (file == 3 || file == 4) && (rank == 3 || rank == 4) {
                v = add(v, PAWN_CENTRE);
            }
            if (file == 2 || file == 5) && (rank == 2 || rank == 3) {
                v = add(v, PAWN_NEAR_CENTRE);
            }
            v
        }
        Role::Knight => times(KNIGHT_CENTRE, d),
        Role::Bishop => {
            let mut v = times(BISHOP_CENTRE, d);
            if file as i32 == rank || file as i32 == 7 - rank {
                v = add(v, BISHOP_LONG_DIAGONAL);
            }
            v
        }
        Role::Rook => {
            let mut v = s(0, 0);
            if rank == 6 {
                v = add(v, ROOK_SEVENTH);
            }
            if file == 3 || file == 4 {
                v = add(v, ROOK_CENTRE_FILE);
            }
            v
        }
        Role::Queen => {
            let mut v = times(QUEEN_CENTRE, d);
            if rank > 1 {
                v = add(v, QUEEN_EARLY);
            }
            v
        }
        Role::King => {
            let mut v = add(times(KING_RANK, if rank > 3 { 3 } else { rank }), times(KING_CENTRE, d));
            if rank == 0 && (file == 1 || file == 2 || file == 6 || file == 7) {
                v = add(v, KING_CASTLED);
            }
            v
        }
    };
    add(MATERIAL[role.index()], placement)
}

const fn build() -> [[Score; 64]; 6] {
    let mut table = [[s(0, 0); 64]; 6];
    let mut r = 0;
    while r < 6 {
        let mut sq = 0;
        while sq < 64 {
            table[r][sq] = square_value(Role::ALL[r], sq);
            sq += 1;
        }
        r += 1;
    }
    table
}

/// `TABLE[role][square]`: material plus placement of a White piece.
static TABLE: [[Score; 64]; 6] = build();

/// The value of a `color` `role` on `sq`, from that piece's side's point of view.
#[inline(always)]
pub(crate) fn value(color: Color, role: Role, sq: Square) -> Score {
    let index = if color == Color::White { sq.index() } else { sq.index() ^ 56 };
    TABLE[role.index()][index]
}

/// Material and placement of every piece, White minus Black.
#[inline(always)]
pub(crate) fn placement(pos: &Position) -> Score {
    let mut score = s(0, 0);
    for color in Color::ALL {
        let mut side = s(0, 0);
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                side += value(color, role, sq);
            }
        }
        score += super::for_white(color, side);
    }
    score
}
