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

/// A standard perft position with its published perft counts.
#[derive(Clone, Copy, Debug)]
pub struct StandardPosition {
    /// Short name, as `bbengine::perft::SIX_POSITIONS` spells it.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The published perft counts at depths 1, 2, 3, ...; the last is at the depth CI checks.
    pub counts: &'static [u64],
}

impl StandardPosition {
    /// The deepest depth with a count here: the depth CI checks.
    pub fn depth(&self) -> u32 {
        self.counts.len() as u32
    }

    /// The published perft count at `depth` (1 at depth 0).
    pub fn count(&self, depth: u32) -> u64 {
        if depth == 0 { 1 } else { self.counts[depth as usize - 1] }
    }

    /// The parsed position.
    pub fn position(&self) -> bbengine::Position {
        self.fen.parse().unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }
}

/// The six standard perft positions plus position 4 mirrored, with the perft counts the Chess
/// Programming Wiki publishes ("Perft Results"), up to the depths CI checks: start d6, Kiwipete
/// d5, position 3 d7, position 4 and its mirror, 5 and 6 d5. These are the tests' own copy of
/// the published numbers: `bbengine::perft::SIX_POSITIONS` is checked against them, not used
/// as the expectation.
pub const STANDARD_POSITIONS: [StandardPosition; 7] = [
    StandardPosition {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        counts: &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    },
    StandardPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        counts: &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    },
    StandardPosition {
        name: "position3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        counts: &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661],
    },
    StandardPosition {
        name: "position4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: &[6, 264, 9_467, 422_333, 15_833_292],
    },
    StandardPosition {
        name: "position5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    },
    StandardPosition {
        name: "position6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        counts: &[46, 2_079, 89_890, 3_894_594, 164_075_551],
    },
    // The wiki's mirrored position 4 (colours swapped, ranks flipped): the same counts.
    StandardPosition {
        name: "position4 mirrored",
        fen: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        counts: &[6, 264, 9_467, 422_333, 15_833_292],
    },
];

/// The FEN of the colour-flipped mirror of `pos`, built square by square from its accessors:
/// ranks flipped, colours swapped, the other side to move, castling rights and the en passant
/// square flipped with the colours, the counters kept. Castling is written as `KQkq` letters in
/// standard chess and as rook files (Shredder-FEN) in Chess960, whose inner rooks `KQkq`
/// cannot name.
pub fn mirror_fen(pos: &bbengine::Position) -> String {
    use bbcore::{Color, File, Piece, Rank, Square};
    use bbengine::CastleSide;
    let mut fen = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            // This square of the mirror shows the piece on the same file, rank 9 - r, with
            // the other colour.
            let source = Square::from_coords(file, rank).flip_rank();
            match pos.piece_at(source) {
                Some(piece) => {
                    if empty > 0 {
                        fen += &empty.to_string();
                        empty = 0;
                    }
                    fen.push(Piece::new(!piece.color, piece.role).char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen += &empty.to_string();
        }
        if rank != Rank::First {
            fen.push('/');
        }
    }
    fen.push(' ');
    fen.push((!pos.side_to_move()).char());
    fen.push(' ');
    let rights = pos.castling_rights();
    let mut castling = String::new();
    for color in Color::ALL {
        for side in CastleSide::ALL {
            // The mirror's `color` has the rights of the original's other colour.
            let Some(rook) = rights.rook(!color, side) else { continue };
            let letter = match (pos.is_chess960(), side) {
                (true, _) => rook.file().char().to_ascii_uppercase(),
                (false, CastleSide::King) => 'K',
                (false, CastleSide::Queen) => 'Q',
            };
            castling.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
        }
    }
    fen += if castling.is_empty() { "-" } else { &castling };
    match pos.en_passant() {
        Some(sq) => fen += &format!(" {}", sq.flip_rank()),
        None => fen += " -",
    }
    fen += &format!(" {} {}", pos.halfmove_clock(), pos.fullmove_number());
    fen
}

/// Asserts that `mirrored` is the colour-flipped mirror of `pos`, square by square and field by
/// field.
pub fn assert_is_mirror(pos: &bbengine::Position, mirrored: &bbengine::Position) {
    use bbcore::{Color, Piece, Square};
    use bbengine::CastleSide;
    for sq in Square::ALL {
        let expected = pos.piece_at(sq.flip_rank()).map(|p| Piece::new(!p.color, p.role));
        assert_eq!(mirrored.piece_at(sq), expected, "{sq} of the mirror of {pos}");
    }
    assert_eq!(mirrored.side_to_move(), !pos.side_to_move(), "side to move, mirror of {pos}");
    for color in Color::ALL {
        assert_eq!(mirrored.king(color), pos.king(!color).flip_rank(), "{color} king, mirror of {pos}");
        for side in CastleSide::ALL {
            let expected = pos.castling_rights().rook(!color, side).map(Square::flip_rank);
            assert_eq!(mirrored.castling_rights().rook(color, side), expected, "{color} {side:?}, mirror of {pos}");
        }
    }
    assert_eq!(mirrored.en_passant(), pos.en_passant().map(Square::flip_rank), "en passant, mirror of {pos}");
    assert_eq!(mirrored.is_chess960(), pos.is_chess960(), "mirror of {pos}");
    assert_eq!(
        (mirrored.halfmove_clock(), mirrored.fullmove_number()),
        (pos.halfmove_clock(), pos.fullmove_number()),
        "counters, mirror of {pos}"
    );
}

/// Says in the test output that `test` did not check something here, and why.
///
/// libtest captures `print!` and `eprint!` output of passing tests, so a skip reported with
/// `eprintln!` would not show; this writes to the process's stderr handle directly, which
/// libtest does not capture, so `cargo test` shows a `skipped: ...` line.
pub fn report_skip(test: &str, reason: &str) {
    use std::io::Write as _;
    writeln!(std::io::stderr(), "skipped: {test}: {reason}").expect("the skip is reported on stderr");
}

/// The CPU features `backend` needs that this CPU lacks, as `is_x86_feature_detected!` sees
/// them (independently of the engine's own detection); `None` when it can run.
pub fn missing_features(backend: bbengine::Backend) -> Option<&'static str> {
    use bbengine::Backend;
    #[cfg(target_arch = "x86_64")]
    let (avx2, avx512, bmi2) = (
        std::is_x86_feature_detected!("avx2"),
        std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512vl"),
        std::is_x86_feature_detected!("bmi2"),
    );
    #[cfg(not(target_arch = "x86_64"))]
    let (avx2, avx512, bmi2) = (false, false, false);
    match backend {
        Backend::SimdKoggeStone if !avx2 => Some("AVX2"),
        Backend::Avx512KoggeStone if !avx512 => Some("AVX-512F/VL"),
        Backend::Pext if !bmi2 => Some("BMI2"),
        _ => None,
    }
}

/// `token`, a backend's `detect()` result, after checking it against [`missing_features`] (so
/// a detection bug cannot turn the test into a silent skip); `None` is reported with
/// [`report_skip`].
pub fn detected_or_skip<T>(test: &str, backend: bbengine::Backend, token: Option<T>) -> Option<T> {
    let missing = missing_features(backend);
    assert_eq!(token.is_some(), missing.is_none(), "{backend}: detect() disagrees with is_x86_feature_detected!");
    if let Some(features) = missing {
        report_skip(test, &format!("backend {backend}: this CPU lacks {features}"));
    }
    token
}

/// The backends this CPU runs, for tests that check every backend: `Backend::is_supported` is
/// checked against [`missing_features`], and each backend left out is reported with
/// [`report_skip`]. The five that need no CPU feature are always in the list.
pub fn runnable_backends(test: &str) -> Vec<bbengine::Backend> {
    let mut runnable = Vec::new();
    for &backend in bbengine::Backend::ALL {
        let missing = missing_features(backend);
        assert_eq!(backend.is_supported(), missing.is_none(), "{backend}: is_supported disagrees with the CPU");
        match missing {
            None => runnable.push(backend),
            Some(features) => report_skip(test, &format!("backend {backend}: this CPU lacks {features}")),
        }
    }
    assert_eq!(bbengine::Backend::ALL.len(), 8);
    assert!(runnable.len() >= 5, "{runnable:?}");
    runnable
}

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
///
/// `#[inline]`, as [`assert_suite`]: compiled (the perft walk for all eight backends) only in
/// the test binaries that call it, not in this library, which the slider-table binary links too.
#[inline]
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

/// Checks the listed counts at depths 1 to `max_depth` of every case; panics listing all
/// mismatches, and if a case lists no count at one of those depths (a check that would
/// otherwise not run).
#[inline]
pub fn assert_suite(backend: bbengine::Backend, cases: &[bbengine::perft::PerftCase], max_depth: u32) {
    let mut failures = Vec::new();
    for case in cases {
        let depths: Vec<u32> = case.expected.iter().map(|&(d, _)| d).filter(|&d| d <= max_depth).collect();
        assert_eq!(
            depths,
            (1..=max_depth).collect::<Vec<u32>>(),
            "line {}: counts listed up to {max_depth}",
            case.line
        );
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
