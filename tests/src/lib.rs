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

/// The six standard perft positions (`bbengine::perft::SIX_POSITIONS`) plus position 4
/// mirrored: name, FEN, the depth CI checks, and the count at that depth.
pub const STANDARD_POSITIONS: [(&str, &str, u32, u64); 7] = {
    let six = bbengine::perft::SIX_POSITIONS;
    let mut all = [("", "", 0, 0); 7];
    let mut i = 0;
    while i < 6 {
        all[i] = (six[i].name, six[i].fen, six[i].depth, six[i].nodes);
        i += 1;
    }
    all[6] = ("position4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5, 15_833_292);
    all
};

/// The path of a file in `tests/data/`.
pub fn data_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(name)
}

/// Parses a perft suite from `tests/data/`.
pub fn load_suite(name: &str) -> Vec<bbengine::perft::PerftCase> {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    bbengine::perft::parse_suite(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Perft on a position with whichever backend `backend` names.
pub fn perft_with(backend: bbengine::Backend, pos: &bbengine::Position, depth: u32) -> u64 {
    struct Job<'a>(&'a bbengine::Position, u32);
    impl bbengine::WithSliders for Job<'_> {
        type Output = u64;
        fn call<S: bbengine::Sliders>(self, sliders: S) -> u64 {
            bbengine::perft(self.0, self.1, sliders)
        }
    }
    backend.run(Job(pos, depth)).unwrap_or_else(|e| panic!("{e}"))
}

/// Checks every listed count up to `max_depth` for every case; panics listing all mismatches.
pub fn assert_suite(backend: bbengine::Backend, cases: &[bbengine::perft::PerftCase], max_depth: u32) {
    let mut failures = Vec::new();
    for case in cases {
        for &(depth, expected) in case.expected.iter().filter(|(d, _)| *d <= max_depth) {
            let got = perft_with(backend, &case.position, depth);
            if got != expected {
                failures.push(format!("line {} {} depth {depth}: expected {expected}, got {got}", case.line, case.fen));
            }
        }
    }
    assert!(failures.is_empty(), "{backend}: {} mismatches:\n{}", failures.len(), failures.join("\n"));
}

/// The README's Rust examples compile and pass as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
