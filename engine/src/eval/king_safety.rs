//! King safety: the pawn shield in front of a king on its first two ranks, open files at and
//! beside it, and the enemy pieces hitting the squares around it (from `mobility.rs`).

use bbcore::{Bitboard, Color, Role};

use super::mobility::Attacks;
use super::pawns::{ADJACENT_FILES, FILES, relative_rank};
use super::terms::Terms;
use super::weights::{KING_DANGER_UNITS, WEIGHTS};
use crate::board::Position;

/// The safety of `us`'s king, given the enemy's attacks.
#[inline(always)]
pub(crate) fn king_safety(pos: &Position, us: Color, enemy: &Attacks, t: &mut impl Terms) {
    let king = pos.king(us);
    if relative_rank(us, king) <= 1 {
        let file = king.file().index();
        let files = FILES[file] | ADJACENT_FILES[file];
        let pawns = pos.pieces(us, Role::Pawn);
        let rank = king.rank().index() as i32;
        let step = if us == Color::White { 1 } else { -1 };
        let near = Bitboard(files & rank_mask(rank + step));
        let far = Bitboard(files & rank_mask(rank + 2 * step));
        t.add(us, &WEIGHTS.shield_near, (pawns & near).count() as i32);
        t.add(us, &WEIGHTS.shield_far, (pawns & far).count() as i32);
        for f in [file.wrapping_sub(1), file, file + 1] {
            if f < 8 && (pawns & Bitboard(FILES[f])).is_empty() {
                t.add(us, &WEIGHTS.king_open_file, 1);
            }
        }
    }
    if enemy.king_attackers >= 2 && pos.pieces(us.other(), Role::Queen).any() {
        let units = (enemy.king_units as usize).min(KING_DANGER_UNITS - 1);
        t.add(us, &WEIGHTS.king_danger[units], 1);
    }
}

/// Every square of a rank, or nothing off the board.
#[inline(always)]
fn rank_mask(rank: i32) -> u64 {
    if (0..8).contains(&rank) { 0xFFu64 << (8 * rank) } else { 0 }
}
