//! Shared helpers for bb's integration tests.

use bbcore::{Bitboard, SplitMix64, Square, bishop_attacks_ref, bishop_mask, rook_attacks_ref, rook_mask, subsets};

/// How many seeded random occupancies every slider method is checked on, for every square.
pub const RANDOM_OCCUPANCIES: usize = 1_000_000;

/// A slider lookup under test: attacks from a square given the occupied squares.
pub type Slider<'a> = &'a dyn Fn(Square, Bitboard) -> Bitboard;

/// Checks `rook` and `bishop` against the reference ray walk for every square, over
/// [`RANDOM_OCCUPANCIES`] seeded random occupancies (sparse and dense mixed) and over every
/// subset of every relevance mask. Panics naming the method, square and occupancy on the
/// first difference.
pub fn assert_slider_matches_reference(name: &str, rook: Slider, bishop: Slider) {
    for sq in Square::ALL {
        for occ in subsets(rook_mask(sq)) {
            assert_eq!(rook(sq, occ), rook_attacks_ref(sq, occ), "{name} rook {sq} mask subset {occ:?}");
        }
        for occ in subsets(bishop_mask(sq)) {
            assert_eq!(bishop(sq, occ), bishop_attacks_ref(sq, occ), "{name} bishop {sq} mask subset {occ:?}");
        }
    }
    let mut rng = SplitMix64::new(0xBB);
    for i in 0..RANDOM_OCCUPANCIES {
        let occ = Bitboard(random_occupancy(&mut rng, i));
        for sq in Square::ALL {
            assert_eq!(rook(sq, occ), rook_attacks_ref(sq, occ), "{name} rook {sq} random {occ:?}");
            assert_eq!(bishop(sq, occ), bishop_attacks_ref(sq, occ), "{name} bishop {sq} random {occ:?}");
        }
    }
}

/// A random occupancy whose density cycles from sparse (three words ANDed) to dense (ORed).
pub fn random_occupancy(rng: &mut SplitMix64, i: usize) -> u64 {
    match i % 4 {
        0 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
        1 => rng.next_u64() & rng.next_u64(),
        2 => rng.next_u64(),
        _ => rng.next_u64() | rng.next_u64(),
    }
}
