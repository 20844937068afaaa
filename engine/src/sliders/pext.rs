use bbcore::{Bitboard, Square};

use super::{Sliders, table_entry};
use crate::generated::pext::{BISHOP_ATTACKS, BISHOP_ENTRIES, ROOK_ATTACKS, ROOK_ENTRIES};

/// PEXT bitboards: `attacks[offset + pext(occupied, mask)]` with the BMI2 instruction;
/// 107,648 entries.
///
/// A `Pext` value is proof that this CPU has BMI2: the only way to get one is
/// [`Pext::detect`]. Callers that want the instruction inlined compile their hot loop under
/// `#[target_feature(enable = "bmi2")]`; the lookups are `#[inline(always)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pext {
    _proof: (),
}

impl Pext {
    /// `Some` when this CPU has BMI2 (x86_64 only; `None` on other architectures).
    pub fn detect() -> Option<Pext> {
        crate::cpu::detected!(bmi2).then_some(Pext { _proof: () })
    }

    /// `pext(occupied, mask)` with the instruction.
    #[inline(always)]
    pub(super) fn index(self, occupied: Bitboard, mask: u64) -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Pext` value exists only after `Pext::detect` saw BMI2 on this CPU.
            unsafe { core::arch::x86_64::_pext_u64(occupied.0, mask) as usize }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // No `Pext` value can exist here; the software version keeps the code total.
            bbcore::pext(occupied.0, mask) as usize
        }
    }
}

impl Sliders for Pext {
    const NAME: &'static str = "pext";

    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_ENTRIES[sq.index()];
        // SAFETY: `pext(occupied, mask) < 2^popcount(mask)` for any occupancy, and the
        // generated module's `const` assertion (`bbcore::pext_window_fits`) proves
        // `offset + 2^popcount(mask) <= ROOK_ATTACKS.len()` for every square (see `table_entry`).
        unsafe { table_entry(&ROOK_ATTACKS, e.offset + self.index(occupied, e.mask)) }
    }

    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_ENTRIES[sq.index()];
        // SAFETY: as for rooks, with the assertion's check against `BISHOP_ATTACKS`.
        unsafe { table_entry(&BISHOP_ATTACKS, e.offset + self.index(occupied, e.mask)) }
    }
}
