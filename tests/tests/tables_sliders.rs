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
    for &b in Backend::ALL {
        assert_eq!(b.name().parse::<Backend>(), Ok(b));
    }
    assert_eq!("fancy".parse::<Backend>(), Ok(Backend::FancyMagic));
    assert_eq!("dense".parse::<Backend>(), Ok(Backend::DenseMagic));
    assert_eq!("pext".parse::<Backend>(), Ok(Backend::Pext));
    assert_eq!(Backend::Pext.is_supported(), Pext::detect().is_some());
    assert!(Backend::auto().is_supported());
    assert!("auto".parse::<Backend>().is_ok_and(|b| b.is_supported()));
}
