use bbcore::{Bitboard, Square, dense_magic_index};

use super::{Sliders, table_entry};
use crate::generated::dense::{ATTACKS, BISHOP_MAGICS, BISHOP_SHIFT, ROOK_MAGICS, ROOK_SHIFT};

/// Dense (fixed-shift, overlapping) magic bitboards:
/// `ATTACKS[offset + ((occupied | !mask) * magic >> shift)]`, 12 index bits for rooks and 9 for
/// bishops, every window in one shared array that is smaller than the fancy layout's. The
/// records hold `!mask` (bbgen's `dense_tokens` says why), and the formula's own complement
/// of it folds away: the lookup is one OR, one multiply, one shift, one add and two loads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DenseMagic;

impl Sliders for DenseMagic {
    const NAME: &'static str = "dense";

    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let m = &ROOK_MAGICS[sq.index()];
        let index = m.offset + dense_magic_index(occupied, Bitboard(!m.not_mask), m.magic, ROOK_SHIFT);
        // SAFETY: the index depends only on `occupied & mask` (the rest is forced to ones), and
        // the generated module's `const` assertion (`bbcore::dense_window_first_outside`)
        // checked `offset + index < ATTACKS.len()` for every subset of every square's mask
        // (see `table_entry`).
        unsafe { table_entry(&ATTACKS.0, index) }
    }

    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let m = &BISHOP_MAGICS[sq.index()];
        let index = m.offset + dense_magic_index(occupied, Bitboard(!m.not_mask), m.magic, BISHOP_SHIFT);
        // SAFETY: as for rooks: the assertion checks the bishop windows with `BISHOP_SHIFT`.
        unsafe { table_entry(&ATTACKS.0, index) }
    }
}
