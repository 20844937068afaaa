use bbcore::{Bitboard, Square};

use super::{Pext, Sliders, table_read};
use crate::generated::pext::{BISHOP_PDEP_ATTACKS, BISHOP_PDEP_ENTRIES, ROOK_PDEP_ATTACKS, ROOK_PDEP_ENTRIES};

/// PEXT bitboards with 16-bit entries: `pdep(attacks[offset + pext(occupied, mask)], rays)`,
/// where `rays` is the square's attack set on an empty board (at most 14 squares, so every
/// attack set fits in 16 bits once packed onto them), as the chess crate's BMI lookups do.
///
/// The same windows as [`Pext`] (its rook windows one cache line apart, see `bbgen::pext`) in
/// a quarter of the bytes (214 KiB against 841 KiB),
/// for one more instruction a lookup (`pdep`, 3 cycles on Intel). The smaller table spans
/// fewer pages and cache lines, which shortens a dependent chain of lookups; a token of its
/// own, beside [`Pext`], so a benchmark can measure the trade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextPdep {
    pext: Pext,
}

impl PextPdep {
    /// `Some` when this CPU has BMI2 (PEXT and PDEP), like [`Pext::detect`].
    pub fn detect() -> Option<PextPdep> {
        Pext::detect().map(|pext| PextPdep { pext })
    }

    #[inline(always)]
    fn deposit(self, packed: u16, rays: u64) -> Bitboard {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `PextPdep` holds a `Pext`, which exists only after BMI2 was detected.
            Bitboard(unsafe { core::arch::x86_64::_pdep_u64(u64::from(packed), rays) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // No `Pext` value can exist here; the software version keeps the code total.
            Bitboard(bbcore::pdep(u64::from(packed), rays))
        }
    }
}

impl Sliders for PextPdep {
    const NAME: &'static str = "pext-pdep";

    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_PDEP_ENTRIES[sq.index()];
        // SAFETY: `pext(occupied, mask) < 2^popcount(mask)` for any occupancy, and the
        // generated module's `const` assertion (`bbcore::pext_window_fits`) proves
        // `offset + 2^popcount(mask) <= ROOK_PDEP_ATTACKS.len()` for every square.
        let packed = unsafe { table_read(&ROOK_PDEP_ATTACKS, e.offset + self.pext.index(occupied, e.mask)) };
        self.deposit(packed, e.rays)
    }

    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_PDEP_ENTRIES[sq.index()];
        // SAFETY: as for rooks, with the assertion's check against `BISHOP_PDEP_ATTACKS`.
        let packed = unsafe { table_read(&BISHOP_PDEP_ATTACKS, e.offset + self.pext.index(occupied, e.mask)) };
        self.deposit(packed, e.rays)
    }
}
