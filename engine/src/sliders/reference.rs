use bbcore::{Bitboard, Square, bishop_attacks_ref, rook_attacks_ref};

use super::Sliders;

/// The reference ray walk from bbcore: obviously right, slow. The oracle for every other backend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reference;

impl Sliders for Reference {
    const NAME: &'static str = "reference";

    #[inline]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        rook_attacks_ref(sq, occupied)
    }

    #[inline]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        bishop_attacks_ref(sq, occupied)
    }
}
