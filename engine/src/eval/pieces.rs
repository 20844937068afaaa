//! Piece terms outside mobility: the bishop pair and rooks on open or semi-open files.

use bbcore::{Bitboard, Color, Role};

use super::pawns::FILES;
use super::terms::Terms;
use super::weights::WEIGHTS;
use crate::board::Position;

/// Bishop pair and rook files.
#[inline(always)]
pub(crate) fn pieces(pos: &Position, t: &mut impl Terms) {
    let all_pawns = pos.role(Role::Pawn);
    for us in Color::ALL {
        if pos.pieces(us, Role::Bishop).more_than_one() {
            t.add(us, &WEIGHTS.bishop_pair, 1);
        }
        let our_pawns = pos.pieces(us, Role::Pawn);
        for sq in pos.pieces(us, Role::Rook) {
            let file = Bitboard(FILES[sq.file().index()]);
            if (all_pawns & file).is_empty() {
                t.add(us, &WEIGHTS.rook_open_file, 1);
            } else if (our_pawns & file).is_empty() {
                t.add(us, &WEIGHTS.rook_semi_open_file, 1);
            }
        }
    }
}
