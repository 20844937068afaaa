//! Kogge-Stone set-wise attacks equal the reference slider.

use bbcore::{Bitboard, Square, bishop_attacks_set, queen_attacks_ref, queen_attacks_set, rook_attacks_set};
use bbtests::assert_slider_matches_reference;

#[test]
fn kogge_stone_single_slider_matches_reference() {
    assert_slider_matches_reference(
        "kogge-stone",
        &|sq, occ| rook_attacks_set(Bitboard::from_square(sq), occ),
        &|sq, occ| bishop_attacks_set(Bitboard::from_square(sq), occ),
    );
}

#[test]
fn kogge_stone_sets_are_unions_of_single_sliders() {
    let mut rng = bbcore::SplitMix64::new(42);
    for i in 0..20_000 {
        let occ = Bitboard(bbtests::random_occupancy(&mut rng, i));
        let queens = Bitboard(rng.next_u64() & rng.next_u64() & rng.next_u64()) & occ;
        let expected = queens.iter().fold(Bitboard::EMPTY, |acc, sq: Square| acc | queen_attacks_ref(sq, occ));
        assert_eq!(queen_attacks_set(queens, occ), expected);
    }
}
