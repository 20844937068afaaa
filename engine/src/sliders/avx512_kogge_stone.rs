//! Kogge-Stone with AVX-512VL: the four directions of a rook (or a bishop) in one 256-bit
//! vector, each step one variable rotate and one three-input logic instruction.
//!
//! A rotate wraps the bits that a shift would drop round to the other edge; the guard of each
//! direction leaves out exactly the squares they land on (for north, the first rank), so the
//! fill never crosses an edge.

use bbcore::{Bitboard, Square};

use super::Sliders;

/// Kogge-Stone fills with AVX-512 rotates and ternary logic. A token exists only on a CPU
/// with AVX-512F and AVX-512VL ([`Avx512KoggeStone::detect`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512KoggeStone(());

impl Avx512KoggeStone {
    /// A token if this CPU has AVX-512F and AVX-512VL.
    pub fn detect() -> Option<Avx512KoggeStone> {
        crate::cpu::detected!(avx512_vl).then_some(Avx512KoggeStone(()))
    }
}

/// Per lane (direction): left-rotate counts for one, two and four steps, and the squares a
/// step may land on.
#[derive(Clone, Copy)]
struct Lanes {
    rotate: [[u64; 4]; 3],
    guard: [u64; 4],
}

const NOT_A: u64 = !Bitboard::FILE_A.0;
const NOT_H: u64 = !Bitboard::FILE_H.0;
const NOT_1: u64 = !Bitboard::RANK_1.0;
const NOT_8: u64 = !Bitboard::RANK_8.0;

/// North, south, east, west (south and west as left rotates by 64 minus the shift).
const ROOK: Lanes =
    Lanes { rotate: [[8, 56, 1, 63], [16, 48, 2, 62], [32, 32, 4, 60]], guard: [NOT_1, NOT_8, NOT_A, NOT_H] };
/// North-east, north-west, south-east, south-west.
const BISHOP: Lanes = Lanes {
    rotate: [[9, 7, 57, 55], [18, 14, 50, 46], [36, 28, 36, 28]],
    guard: [NOT_A & NOT_1, NOT_H & NOT_1, NOT_A & NOT_8, NOT_H & NOT_8],
};

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use core::arch::x86_64::*;

    use super::Lanes;

    /// `a | (b & c)` as a ternary-logic immediate.
    const A_OR_B_AND_C: i32 = 0xF8;

    crate::cpu::compiled_for! { avx512_vl,
        /// Attacks in the four directions of `lanes` from `slider`, ORed together. Compiled with
        /// AVX-512 itself; called from code without it, it stays an out-of-line call.
        ///
        /// # Safety
        /// The CPU must have AVX-512F and AVX-512VL.
        #[inline]
        pub(super) unsafe fn attacks(slider: u64, occupied: u64, lanes: &Lanes) -> u64 {
            // SAFETY: the caller guarantees AVX-512F/VL; every load reads exactly four u64 from an
            // array of four.
            unsafe {
                let load = |a: &[u64; 4]| _mm256_loadu_si256(a.as_ptr().cast());
                let guard = load(&lanes.guard);
                let mut generators = _mm256_set1_epi64x(slider as i64);
                let mut propagators = _mm256_and_si256(_mm256_set1_epi64x(!occupied as i64), guard);
                for (i, counts) in lanes.rotate.iter().enumerate() {
                    let counts = load(counts);
                    let moved = _mm256_rolv_epi64(generators, counts);
                    generators = _mm256_ternarylogic_epi64::<A_OR_B_AND_C>(generators, propagators, moved);
                    if i < 2 {
                        propagators = _mm256_and_si256(propagators, _mm256_rolv_epi64(propagators, counts));
                    }
                }
                let attacks = _mm256_and_si256(_mm256_rolv_epi64(generators, load(&lanes.rotate[0])), guard);
                let halves = _mm_or_si128(_mm256_castsi256_si128(attacks), _mm256_extracti128_si256::<1>(attacks));
                _mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))) as u64
            }
        }
    }
}

simd_kogge_stone_sliders!(Avx512KoggeStone, "kogge-stone-avx512", avx512, true);
