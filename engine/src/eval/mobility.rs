//! Mobility: for each knight, bishop, rook and queen, a weight by the number of squares it
//! attacks that hold no piece of ours and no enemy pawn guards. The same pass records how
//! the pieces hit the enemy king's zone, for `king_safety.rs`, and which squares each kind
//! of piece attacks, for `threats.rs`.

use bbcore::{Bitboard, Color, Role};

use super::terms::Terms;
use super::weights::{KING_ATTACK_UNITS, WEIGHTS};
use crate::board::Position;
use crate::sliders::Sliders;
use crate::tables;

/// One side's attacks.
pub(crate) struct Attacks {
    /// Attack units on the enemy king's zone ([`KING_ATTACK_UNITS`] per zone square hit).
    pub king_units: i32,
    /// How many pieces hit the enemy king's zone.
    pub king_attackers: i32,
    /// Squares our pawns attack.
    pub by_pawns: Bitboard,
    /// Squares our knights and bishops attack.
    pub by_minors: Bitboard,
    /// Squares our rooks attack.
    pub by_rooks: Bitboard,
    /// Squares any of our pieces (pawns and king too) attacks.
    pub all: Bitboard,
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

/// `us`'s mobility; returns its attacks. `pawn_attacks`: both sides' [`pawn_attacks`] by
/// colour index, computed once for the two calls (each side's is the other's unsafe squares).
#[inline(always)]
pub(crate) fn mobility<S: Sliders>(
    pos: &Position,
    sliders: S,
    us: Color,
    pawn_attacks: &[Bitboard; 2],
    t: &mut impl Terms,
) -> Attacks {
    let them = us.other();
    let safe = !(pos.color(us) | pawn_attacks[them.index()]);
    let zone = king_zone(pos, them);
    let occupied = pos.occupied();
    let by_pawns = pawn_attacks[us.index()];
    let mut out = Attacks {
        king_units: 0,
        king_attackers: 0,
        by_pawns,
        by_minors: Bitboard(0),
        by_rooks: Bitboard(0),
        all: by_pawns | tables::king(pos.king(us)),
    };
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in pos.pieces(us, role) {
            let attacks = match role {
                Role::Knight => tables::knight(sq),
                Role::Bishop => sliders.bishop(sq, occupied),
                Role::Rook => sliders.rook(sq, occupied),
                _ => sliders.queen(sq, occupied),
            };
            match role {
                Role::Knight | Role::Bishop => out.by_minors |= attacks,
                Role::Rook => out.by_rooks |= attacks,
                _ => {}
            }
            out.all |= attacks;
            let count = (attacks & safe).count() as usize;
            t.add(us, &WEIGHTS.mobility[role.index()][count], 1);
            let hits = (attacks & zone).count() as i32;
            if hits > 0 {
                out.king_attackers += 1;
                out.king_units += hits * KING_ATTACK_UNITS[role.index()];
            }
        }
    }
    out
}
