use bbcore::{Bitboard, Square, magic_index};

use super::{Sliders, table_entry};
use crate::generated::fancy::{BISHOP_ATTACKS, BISHOP_MAGICS, ROOK_ATTACKS, ROOK_MAGICS};

/// Fancy magic bitboards: `attacks[offset + ((occupied & mask) * magic >> shift)]` with a
/// variable shift per square; 107,648 entries (rook 102,400, bishop 5,248).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FancyMagic;

impl Sliders for FancyMagic {
    const NAME: &'static str = "fancy";

    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let m = &ROOK_MAGICS[sq.index()];
        let index = m.offset as usize + magic_index(occupied, Bitboard(m.mask), m.magic, m.shift);
        // SAFETY: `(occupied & mask) * magic >> shift < 2^(64 - shift)` for any occupancy, and
        // the generated module's `const` assertion (`bbcore::fancy_window_fits`) proves
        // `1 <= shift <= 63` and `offset + 2^(64 - shift) <= ROOK_ATTACKS.len()` for every
        // square (see `table_entry`).
        unsafe { table_entry(&ROOK_ATTACKS, index) }
    }

    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let m = &BISHOP_MAGICS[sq.index()];
        let index = m.offset as usize + magic_index(occupied, Bitboard(m.mask), m.magic, m.shift);
        // SAFETY: as for rooks, with the assertion's check against `BISHOP_ATTACKS`.
        unsafe { table_entry(&BISHOP_ATTACKS, index) }
    }
}
