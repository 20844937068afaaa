//! Kogge-Stone with AVX2: the four directions of a rook (or a bishop) filled at once, one
//! direction per 64-bit lane, with per-lane variable shifts.

use bbcore::{Bitboard, Square};

use super::Sliders;

/// Kogge-Stone fills in four AVX2 lanes. A token exists only on a CPU with AVX2
/// ([`SimdKoggeStone::detect`]); without it, use the scalar [`super::KoggeStone`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimdKoggeStone(());

impl SimdKoggeStone {
    /// A token if this CPU has AVX2.
    pub fn detect() -> Option<SimdKoggeStone> {
        crate::cpu::detected!(avx2).then_some(SimdKoggeStone(()))
    }
}

/// One lane per direction: how far one step shifts left and right (64 = not at all: a
/// variable shift by 64 or more gives zero), and which squares a step may land on.
#[derive(Clone, Copy)]
struct Lanes {
    left: [i64; 4],
    right: [i64; 4],
    guard: [u64; 4],
}

const NOT_A: u64 = !Bitboard::FILE_A.0;
const NOT_H: u64 = !Bitboard::FILE_H.0;

/// North, south, east, west.
const ROOK: Lanes = Lanes { left: [8, 64, 1, 64], right: [64, 8, 64, 1], guard: [!0, !0, NOT_A, NOT_H] };
/// North-east, north-west, south-east, south-west.
const BISHOP: Lanes = Lanes { left: [9, 7, 64, 64], right: [64, 64, 7, 9], guard: [NOT_A, NOT_H, NOT_A, NOT_H] };

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use core::arch::x86_64::*;

    use super::Lanes;

    crate::cpu::compiled_for! { avx2,
        /// Attacks in the four directions of `lanes` from `slider`, ORed together. Compiled with
        /// AVX2 itself, so it inlines into the x86-64-v3 copy of the engine and stays a fast
        /// out-of-line call elsewhere.
        ///
        /// # Safety
        /// The CPU must have AVX2.
        #[inline]
        pub(super) unsafe fn attacks(slider: u64, occupied: u64, lanes: &Lanes) -> u64 {
            // SAFETY: the caller guarantees AVX2; every intrinsic here is AVX2 or below, and the
            // loads read exactly four i64/u64 from arrays of four.
            unsafe {
                let load = |a: &[i64; 4]| _mm256_loadu_si256(a.as_ptr().cast());
                let (left, right) = (load(&lanes.left), load(&lanes.right));
                let guard = _mm256_loadu_si256(lanes.guard.as_ptr().cast());
                let step = |x: __m256i, times: i64| {
                    let k = _mm256_set1_epi64x(times);
                    let (l, r) = (_mm256_mul_epu32(left, k), _mm256_mul_epu32(right, k));
                    _mm256_or_si256(_mm256_sllv_epi64(x, l), _mm256_srlv_epi64(x, r))
                };
                let mut generators = _mm256_set1_epi64x(slider as i64);
                let mut propagators = _mm256_and_si256(_mm256_set1_epi64x(!occupied as i64), guard);
                generators = _mm256_or_si256(generators, _mm256_and_si256(propagators, step(generators, 1)));
                propagators = _mm256_and_si256(propagators, step(propagators, 1));
                generators = _mm256_or_si256(generators, _mm256_and_si256(propagators, step(generators, 2)));
                propagators = _mm256_and_si256(propagators, step(propagators, 2));
                generators = _mm256_or_si256(generators, _mm256_and_si256(propagators, step(generators, 4)));
                let attacks = _mm256_and_si256(step(generators, 1), guard);
                let halves = _mm_or_si128(_mm256_castsi256_si128(attacks), _mm256_extracti128_si256::<1>(attacks));
                _mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))) as u64
            }
        }
    }
}

simd_kogge_stone_sliders!(SimdKoggeStone, "kogge-stone-avx2", avx2, false);
