//! Perft counts: the six standard positions, the seeded random suites, and every backend
//! agreeing on every position.

use bbengine::{Backend, Position};
use bbtests::{STANDARD_POSITIONS, assert_suite, load_suite, perft_with};

#[test]
fn standard_positions_full_depth_auto_backend() {
    for (name, fen, depth, expected) in STANDARD_POSITIONS {
        let pos: Position = fen.parse().unwrap();
        assert_eq!(perft_with(Backend::auto(), &pos, depth), expected, "{name} depth {depth}");
    }
}

#[test]
fn standard_start_position_by_depth() {
    let counts = [1, 20, 400, 8_902, 197_281, 4_865_609];
    for (depth, expected) in counts.into_iter().enumerate() {
        assert_eq!(perft_with(Backend::auto(), &Position::startpos(), depth as u32), expected);
    }
}

#[test]
fn every_backend_agrees_on_standard_positions() {
    for &backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
        for (name, fen, depth, _) in STANDARD_POSITIONS {
            let pos: Position = fen.parse().unwrap();
            let reference = perft_with(Backend::Reference, &pos, depth - 2);
            assert_eq!(perft_with(backend, &pos, depth - 2), reference, "{backend} on {name}");
        }
    }
}

#[test]
fn every_backend_passes_random_suites_to_depth_3() {
    let std_cases = load_suite("random_std.epd");
    let chess960_cases = load_suite("random_960.epd");
    assert_eq!((std_cases.len(), chess960_cases.len()), (300, 150));
    for &backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
        assert_suite(backend, &std_cases, 3);
        assert_suite(backend, &chess960_cases, 3);
    }
}

#[test]
fn random_standard_suite_depth_4() {
    assert_suite(Backend::auto(), &load_suite("random_std.epd"), 4);
}

#[test]
fn random_chess960_suite_depth_4() {
    assert_suite(Backend::auto(), &load_suite("random_960.epd"), 4);
}

/// 16 billion nodes: `cargo test --release -p bbtests --test perft -- --ignored`.
#[test]
#[ignore = "deep: about a minute per suite in release"]
fn random_suites_depth_5() {
    assert_suite(Backend::auto(), &load_suite("random_std.epd"), 5);
    assert_suite(Backend::auto(), &load_suite("random_960.epd"), 5);
}

#[test]
fn threads_and_hash_give_the_same_counts() {
    use bbengine::{KoggeStone, PerftOptions, divide, divide_with, perft_with};
    for (name, fen, depth, expected) in STANDARD_POSITIONS {
        let pos: Position = fen.parse().unwrap();
        let depth = depth - 1;
        let plain = perft_with(&pos, depth, KoggeStone, PerftOptions::default());
        for options in [
            PerftOptions { threads: 2, hash_mb: 0 },
            PerftOptions { threads: 1, hash_mb: 16 },
            PerftOptions { threads: 3, hash_mb: 1 },
        ] {
            assert_eq!(perft_with(&pos, depth, KoggeStone, options), plain, "{name} {options:?}");
        }
        assert_eq!(
            divide(&pos, depth, KoggeStone),
            divide_with(&pos, depth, KoggeStone, PerftOptions { threads: 2, hash_mb: 4 })
        );
        let _ = expected;
    }
    // Full depth with a tiny table: constant replacement must never give a wrong count.
    let kiwipete: Position = STANDARD_POSITIONS[1].1.parse().unwrap();
    assert_eq!(perft_with(&kiwipete, 5, KoggeStone, PerftOptions { threads: 2, hash_mb: 1 }), 193_690_690);
}

#[test]
fn the_218_move_position() {
    // The most legal moves known in a reachable position; counts checked with python-chess.
    let pos: Position = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1".parse().unwrap();
    assert_eq!(perft_with(Backend::auto(), &pos, 1), 218);
    // Depths 2 and 4 put the nine queens in a leaf parent: 25 target sets, the most any
    // position FEN parsing accepts can have.
    assert_eq!(perft_with(Backend::auto(), &pos, 2), 99);
    assert_eq!(perft_with(Backend::auto(), &pos, 3), 19_073);
    assert_eq!(perft_with(Backend::auto(), &pos, 4), 85_043);
    assert_eq!(pos.legal_moves_with(bbengine::KoggeStone).len(), 218);
}
