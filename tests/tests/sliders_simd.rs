//! The AVX2 Kogge-Stone equals the reference slider (where the CPU has AVX2).

use bbengine::{SimdKoggeStone, Sliders};
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
