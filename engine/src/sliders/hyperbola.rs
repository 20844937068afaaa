use bbcore::{Bitboard, FIRST_RANK_ATTACKS, LINE_MASKS, Square, line_attacks, rank_attacks};

use super::Sliders;

/// Hyperbola quintessence: files and diagonals by subtraction and byte swap, ranks from a
/// 512-byte first-rank table. Tables of 2 KiB in all instead of hundreds of KiB.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hyperbola;

impl Sliders for Hyperbola {
    const NAME: &'static str = "hyperbola";

    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        line_attacks(sq, occupied, LINE_MASKS[sq.index()].file) | rank_attacks(sq, occupied, &FIRST_RANK_ATTACKS)
    }

    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let masks = &LINE_MASKS[sq.index()];
        line_attacks(sq, occupied, masks.diagonal) | line_attacks(sq, occupied, masks.anti_diagonal)
    }
}
