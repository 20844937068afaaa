//! The AVX2 and AVX-512 Kogge-Stones equal the reference slider (where the CPU has them).

use bbengine::{Avx512KoggeStone, SimdKoggeStone, Sliders};
use bbtests::assert_slider_matches_reference;

#[test]
fn simd_kogge_stone_matches_reference() {
    let Some(simd) = SimdKoggeStone::detect() else {
        eprintln!("no AVX2 on this CPU: nothing to check");
        return;
    };
    bbengine::cpu::run_fast(|| {
        assert_slider_matches_reference("kogge-stone-avx2", &|sq, occ| simd.rook(sq, occ), &|sq, occ| {
            simd.bishop(sq, occ)
        })
    });
}

#[test]
fn avx512_kogge_stone_matches_reference() {
    let Some(simd) = Avx512KoggeStone::detect() else {
        eprintln!("no AVX-512F/VL on this CPU: nothing to check");
        return;
    };
    assert_slider_matches_reference("kogge-stone-avx512", &|sq, occ| simd.rook(sq, occ), &|sq, occ| {
        simd.bishop(sq, occ)
    });
}
