//! Endgame knowledge: scaling the end-game score toward a draw where material says the
//! stronger side cannot usually win (no pawns and less than a rook more, two knights,
//! opposite-coloured bishops), and mop-up: with a lone enemy king, drive it to the edge and
//! bring our king close, so K+R v K and K+Q v K are won without a tablebase.

use bbcore::{Bitboard, Color, Role};

use super::psqt::centre_distance;
use super::weights::{MOP_UP_CLOSE, MOP_UP_EDGE, piece_value};
use crate::board::Position;

/// The scale of a normal position: the end-game score counts in full.
pub(crate) const SCALE_NORMAL: i32 = 64;

/// Squares of the light colour (b1, a2, ...).
const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;

/// The value of `color`'s knights, bishops, rooks and queens.
#[inline(always)]
fn non_pawn_material(pos: &Position, color: Color) -> i32 {
    let value = |role| piece_value(role) * pos.pieces(color, role).count() as i32;
    value(Role::Knight) + value(Role::Bishop) + value(Role::Rook) + value(Role::Queen)
}

/// How much of the score `eg` (White's view; its sign names the stronger side) counts, out
/// of [`SCALE_NORMAL`].
#[inline(always)]
pub(crate) fn scale(pos: &Position, eg: i32) -> i32 {
    let strong = if eg >= 0 { Color::White } else { Color::Black };
    let weak = strong.other();
    if pos.pieces(strong, Role::Pawn).is_empty() {
        let strong_npm = non_pawn_material(pos, strong);
        let weak_npm = non_pawn_material(pos, weak);
        let majors = pos.pieces(strong, Role::Rook) | pos.pieces(strong, Role::Queen);
        // Two knights (or fewer minor pieces than a bishop pair) cannot force mate.
        if majors.is_empty()
            && pos.pieces(strong, Role::Bishop).count() < 2
            && strong_npm <= 2 * piece_value(Role::Knight)
        {
            return 4;
        }
        if strong_npm - weak_npm < piece_value(Role::Rook) - 50 {
            return if pos.pieces(weak, Role::Pawn).any() { 8 } else { 12 };
        }
    }
    // Opposite-coloured bishops with no other pieces.
    let bishops = pos.role(Role::Bishop);
    let others = pos.role(Role::Knight) | pos.role(Role::Rook) | pos.role(Role::Queen);
    if others.is_empty()
        && pos.pieces(Color::White, Role::Bishop).count() == 1
        && pos.pieces(Color::Black, Role::Bishop).count() == 1
        && (bishops & Bitboard(LIGHT)).count() == 1
    {
        return 32;
    }
    SCALE_NORMAL
}

/// The side that mops up: the one with at least a rook's worth of pieces when the other has
/// a bare king.
#[inline(always)]
pub(crate) fn mopping_up(pos: &Position) -> Option<Color> {
    Color::ALL.into_iter().find(|&strong| {
        !pos.color(strong.other()).more_than_one() && non_pawn_material(pos, strong) >= piece_value(Role::Rook)
    })
}

/// The mop-up bonus from White's point of view: nonzero only when one side has a bare king
/// and the other at least a rook's worth of pieces.
#[inline(always)]
pub(crate) fn mop_up(pos: &Position) -> i32 {
    let Some(strong) = mopping_up(pos) else { return 0 };
    let (wk, sk) = (pos.king(strong.other()), pos.king(strong));
    let manhattan = (wk.file().index() as i32 - sk.file().index() as i32).abs()
        + (wk.rank().index() as i32 - sk.rank().index() as i32).abs();
    let bonus = MOP_UP_EDGE * centre_distance(wk.index()) + MOP_UP_CLOSE * (14 - manhattan);
    if strong == Color::White { bonus } else { -bonus }
}
