//! Every table backend equals the reference ray walk for every square, over 1,000,000 seeded
//! random occupancies and every subset of every relevance mask (through the engine's tokens).

use bbengine::{DenseMagic, FancyMagic, KoggeStone, Pext, Reference, Sliders};
use bbtests::assert_slider_matches_reference;

fn check<S: Sliders>(s: S) {
    assert_slider_matches_reference(S::NAME, &|sq, occ| s.rook(sq, occ), &|sq, occ| s.bishop(sq, occ));
}

#[test]
fn fancy_magic_matches_reference() {
    check(FancyMagic);
}

#[test]
fn dense_magic_matches_reference() {
    check(DenseMagic);
}

#[test]
fn pext_matches_reference() {
    if let Some(token) = bbtests::detected_or_skip("pext_matches_reference", bbengine::Backend::Pext, Pext::detect()) {
        check(token);
    }
}

#[test]
fn pext_pdep_matches_reference() {
    // The 16-bit PEXT table needs what `pext` needs (BMI2).
    let token = bbengine::sliders::PextPdep::detect();
    if let Some(token) = bbtests::detected_or_skip("pext_pdep_matches_reference", bbengine::Backend::Pext, token) {
        check(token);
    }
}

#[test]
fn queen_is_rook_or_bishop() {
    let mut rng = bbcore::SplitMix64::new(7);
    for i in 0..10_000 {
        let occ = bbcore::Bitboard(bbtests::random_occupancy(&mut rng, i));
        for sq in bbcore::Square::ALL {
            let expected = Reference.queen(sq, occ);
            assert_eq!(FancyMagic.queen(sq, occ), expected);
            assert_eq!(DenseMagic.queen(sq, occ), expected);
            assert_eq!(KoggeStone.queen(sq, occ), expected);
        }
    }
}

#[test]
fn backends_parse_and_report_support() {
    use bbengine::Backend;
    let names: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    let readme =
        ["reference", "kogge-stone", "kogge-stone-avx2", "kogge-stone-avx512", "hyperbola", "fancy", "dense", "pext"];
    assert_eq!(names, readme);
    for &b in Backend::ALL {
        assert_eq!(b.name().parse::<Backend>(), Ok(b));
    }
    assert_eq!("fancy".parse::<Backend>(), Ok(Backend::FancyMagic));
    assert_eq!("dense".parse::<Backend>(), Ok(Backend::DenseMagic));
    assert_eq!("pext".parse::<Backend>(), Ok(Backend::Pext));
    assert_eq!(Backend::Pext.is_supported(), Pext::detect().is_some());
    assert_eq!("auto".parse::<Backend>(), Ok(Backend::auto()));
    assert_eq!("warp".parse::<Backend>(), Err(bbengine::sliders::UnknownBackend("warp".into())),);
    // auto is PEXT exactly when its reason says pext runs in hardware, else fancy magic, and
    // the reason agrees with the CPU's BMI2.
    let reason = Backend::auto_reason();
    let expected = if reason == "BMI2 present and pext runs in hardware" { Backend::Pext } else { Backend::FancyMagic };
    assert_eq!(Backend::auto(), expected, "{reason}");
    let bmi2 = bbtests::missing_features(Backend::Pext).is_none();
    assert_eq!(reason == "no BMI2, so fancy magic", !bmi2, "{reason}");
    assert!(Backend::auto().is_supported());
}
