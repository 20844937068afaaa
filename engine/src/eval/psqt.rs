//! Material and piece placement: one table per role ([`WEIGHTS`]`.psqt`), for White; Black
//! reads the same table with its ranks flipped.
//!
//! [`WEIGHTS`]: super::WEIGHTS

use bbcore::{Color, Role};

use super::terms::Terms;
use crate::board::Position;

/// File plus rank steps from the four centre squares (0 on d4, 6 in a corner).
pub(crate) const fn centre_distance(sq: usize) -> i32 {
    let file = (sq % 8) as i32;
    let rank = (sq / 8) as i32;
    let fd = if file < 4 { 3 - file } else { file - 4 };
    let rd = if rank < 4 { 3 - rank } else { rank - 4 };
    fd + rd
}

/// Material and placement of every piece.
#[inline(always)]
pub(crate) fn placement(pos: &Position, t: &mut impl Terms) {
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                t.piece(color, role, sq);
            }
        }
    }
}
