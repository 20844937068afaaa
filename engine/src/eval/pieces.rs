//! Piece terms outside mobility: the bishop pair and rooks on open or semi-open files.

use bbcore::{Bitboard, Color, Role};

use super::pawns::FILES;
use super::weights::*;
use super::{Score, for_white, s};
use crate::board::Position;

/// Bishop pair and rook files, White minus Black.
#[inline(always)]
pub(crate) fn pieces(pos: &Position) -> Score {
    let mut score = s(0, 0);
    let all_pawns = pos.role(Role::Pawn);
    for us in Color::ALL {
        let mut side = s(0, 0);
        if pos.pieces(us, Role::Bishop).more_than_one() {
            side += BISHOP_PAIR;
        }
        let our_pawns = pos.pieces(us, Role::Pawn);
        for sq in pos.pieces(us, Role::Rook) {
            let file = Bitboard(FILES[sq.file().index()]);
            if (all_pawns & file).is_empty() {
                side += ROOK_OPEN_FILE;
            } else if (our_pawns & file).is_empty() {
                side += ROOK_SEMI_OPEN_FILE;
            }
        }
        score += for_white(us, side);
    }
    score
}
