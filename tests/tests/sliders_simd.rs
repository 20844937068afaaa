//! The AVX2 and AVX-512 Kogge-Stones equal the reference slider. On a CPU without the
//! features a test prints `skipped: ...` (see `bbtests::report_skip`) instead of passing
//! silently, after checking that the engine's detection agrees with the CPU.

use bbengine::{Avx512KoggeStone, Backend, SimdKoggeStone, Sliders};
use bbtests::{assert_slider_matches_reference, detected_or_skip};

#[test]
fn simd_kogge_stone_matches_reference() {
    let test = "simd_kogge_stone_matches_reference";
    let Some(simd) = detected_or_skip(test, Backend::SimdKoggeStone, SimdKoggeStone::detect()) else { return };
    bbengine::cpu::run_fast(|| {
        assert_slider_matches_reference("kogge-stone-avx2", &|sq, occ| simd.rook(sq, occ), &|sq, occ| {
            simd.bishop(sq, occ)
        })
    });
}

#[test]
fn avx512_kogge_stone_matches_reference() {
    let test = "avx512_kogge_stone_matches_reference";
    let Some(simd) = detected_or_skip(test, Backend::Avx512KoggeStone, Avx512KoggeStone::detect()) else { return };
    assert_slider_matches_reference("kogge-stone-avx512", &|sq, occ| simd.rook(sq, occ), &|sq, occ| {
        simd.bishop(sq, occ)
    });
}
