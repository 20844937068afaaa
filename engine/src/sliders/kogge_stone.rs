use bbcore::{Bitboard, Square, bishop_attacks_set, rook_attacks_set};

use super::Sliders;

/// Kogge-Stone occluded fills on a one-square set: no tables, pure shifts and masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStone;

impl Sliders for KoggeStone {
    const NAME: &'static str = "kogge-stone";

    #[inline]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        rook_attacks_set(Bitboard::from_square(sq), occupied)
    }

    #[inline]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        bishop_attacks_set(Bitboard::from_square(sq), occupied)
    }
}
