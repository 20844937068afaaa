//! Mobility: for each knight, bishop, rook and queen, the squares it attacks that hold no
//! piece of ours and no enemy pawn guards, against a typical count. The same pass records how
//! the pieces hit the enemy king's zone, for `king_safety.rs`.

use bbcore::{Bitboard, Color, Role};

use super::weights::*;
use super::{Score, s};
use crate::board::Position;
use crate::sliders::Sliders;
use crate::tables;

/// One side's mobility and its attacks on the enemy king's zone.
pub(crate) struct SideAttacks {
    /// The mobility score, from this side's point of view.
    pub score: Score,
    /// Attack units on the enemy king's zone ([`KING_ATTACK_UNITS`] per zone square hit).
    pub king_units: i32,
    /// How many pieces hit the enemy king's zone.
    pub king_attackers: i32,
}

/// Squares pawns of `color` attack.
#[inline(always)]
pub(crate) fn pawn_attacks(pos: &Position, color: Color) -> Bitboard {
    let pawns = pos.pieces(color, Role::Pawn);
    if color == Color::White {
        pawns.north_east() | pawns.north_west()
    } else {
        pawns.south_east() | pawns.south_west()
    }
}

/// The squares around a king and its own square.
#[inline(always)]
pub(crate) fn king_zone(pos: &Position, color: Color) -> Bitboard {
    let king = pos.king(color);
    tables::king(king).with(king)
}

/// `us`'s mobility, and its pieces' hits on the enemy king's zone.
#[inline(always)]
pub(crate) fn mobility<S: Sliders>(pos: &Position, sliders: S, us: Color) -> SideAttacks {
    let them = us.other();
    let safe = !(pos.color(us) | pawn_attacks(pos, them));
    let zone = king_zone(pos, them);
    let occupied = pos.occupied();
    let mut out = SideAttacks { score: s(0, 0), king_units: 0, king_attackers: 0 };
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in pos.pieces(us, role) {
            let attacks = match role {
                Role::Knight => tables::knight(sq),
                Role::Bishop => sliders.bishop(sq, occupied),
                Role::Rook => sliders.rook(sq, occupied),
                _ => sliders.queen(sq, occupied),
            };
            let count = (attacks & safe).count() as i32;
            out.score += MOBILITY[role.index()] * (count - MOBILITY_TYPICAL[role.index()]);
            let hits = (attacks & zone).count() as i32;
            if hits > 0 {
                out.king_attackers += 1;
                out.king_units += hits * KING_ATTACK_UNITS[role.index()];
            }
        }
    }
    out
}
