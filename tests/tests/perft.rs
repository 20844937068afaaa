//! Perft counts: the six standard positions, the seeded random suites, and every backend
//! agreeing on every position.

use bbengine::{Backend, Position};
use bbtests::{
    STANDARD_POSITIONS, assert_is_mirror, assert_suite, load_suite, mirror_fen, perft_with, runnable_backends,
};

#[test]
fn standard_positions_full_depth_auto_backend() {
    for p in STANDARD_POSITIONS {
        assert_eq!(
            perft_with(Backend::auto(), &p.position(), p.depth()),
            p.count(p.depth()),
            "{} depth {}",
            p.name,
            p.depth()
        );
    }
}

#[test]
fn bench_positions_are_the_published_ones() {
    // bbengine's benchmark table carries its own counts; they must be the published ones.
    let six = bbengine::perft::SIX_POSITIONS;
    for (bench, p) in six.iter().zip(&STANDARD_POSITIONS) {
        assert_eq!((bench.name, bench.fen, bench.depth, bench.nodes), (p.name, p.fen, p.depth(), p.count(p.depth())));
    }
    assert_eq!(six.len(), 6);
    assert_eq!(six.iter().map(|p| p.nodes).sum::<u64>(), 761_234_712);
}

#[test]
fn standard_start_position_by_depth() {
    let start = &STANDARD_POSITIONS[0];
    assert_eq!((start.name, start.depth()), ("start", 6));
    for depth in 0..6 {
        assert_eq!(perft_with(Backend::auto(), &Position::startpos(), depth), start.count(depth), "depth {depth}");
    }
}

#[test]
fn every_backend_agrees_on_standard_positions() {
    for backend in runnable_backends("every_backend_agrees_on_standard_positions") {
        for p in STANDARD_POSITIONS {
            let depth = p.depth() - 2;
            assert_eq!(
                perft_with(backend, &p.position(), depth),
                p.count(depth),
                "{backend} on {} depth {depth}",
                p.name
            );
        }
    }
}

#[test]
fn mirrored_positions_have_the_same_counts() {
    // Position 4 and the wiki's mirror of it (built square by square in fen.rs) at depths 1
    // to 4; depth 5 of both is in standard_positions_full_depth_auto_backend.
    let (original, published) = (&STANDARD_POSITIONS[3], &STANDARD_POSITIONS[6]);
    assert_eq!(mirror_fen(&original.position()), published.fen);
    for depth in 1..=4 {
        assert_eq!(perft_with(Backend::auto(), &published.position(), depth), original.count(depth), "depth {depth}");
    }
    // Every standard position's mirror at two plies below its full depth.
    for p in STANDARD_POSITIONS {
        let mirrored: Position = mirror_fen(&p.position()).parse().unwrap();
        let depth = p.depth() - 2;
        assert_eq!(perft_with(Backend::auto(), &mirrored, depth), p.count(depth), "{} mirrored", p.name);
    }
    // Every suite position's mirror has the listed counts to depth 3.
    let mut checked = 0;
    for name in ["random_std.epd", "random_960.epd"] {
        for case in load_suite(name) {
            let mirrored: Position = mirror_fen(&case.position).parse().unwrap();
            assert_is_mirror(&case.position, &mirrored);
            for &(depth, expected) in case.expected.iter().filter(|(d, _)| *d <= 3) {
                assert_eq!(
                    perft_with(Backend::auto(), &mirrored, depth),
                    expected,
                    "{name} line {} mirrored",
                    case.line
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 450 * 3);
}

#[test]
fn every_backend_passes_random_suites_to_depth_3() {
    let std_cases = load_suite("random_std.epd");
    let chess960_cases = load_suite("random_960.epd");
    assert_eq!((std_cases.len(), chess960_cases.len()), (300, 150));
    for backend in runnable_backends("every_backend_passes_random_suites_to_depth_3") {
        assert_suite(backend, &std_cases, 3);
        assert_suite(backend, &chess960_cases, 3);
    }
}

#[test]
fn random_standard_suite_depth_4() {
    let cases = load_suite("random_std.epd");
    assert_eq!(cases.len(), 300);
    assert_suite(Backend::auto(), &cases, 4);
}

#[test]
fn random_chess960_suite_depth_4() {
    let cases = load_suite("random_960.epd");
    assert_eq!(cases.len(), 150);
    assert_suite(Backend::auto(), &cases, 4);
}

/// Depths 1 to 5 of both suites, 16,760,279,676 nodes (16,271,209,611 at depth 5), about 50 s
/// in release on the project's 2-core machine:
/// `cargo test --release -p bbtests --test all -- --ignored perft::`.
#[test]
#[ignore = "deep: 16.8 billion nodes, about 50 s in release"]
fn random_suites_depth_5() {
    let (std_cases, chess960_cases) = (load_suite("random_std.epd"), load_suite("random_960.epd"));
    assert_eq!((std_cases.len(), chess960_cases.len()), (300, 150));
    let total: u64 = std_cases.iter().chain(&chess960_cases).flat_map(|c| &c.expected).map(|&(_, n)| n).sum();
    assert_eq!(total, 16_760_279_676);
    assert_suite(Backend::auto(), &std_cases, 5);
    assert_suite(Backend::auto(), &chess960_cases, 5);
}

#[test]
fn threads_and_hash_give_the_same_counts() {
    use bbengine::{KoggeStone, PerftOptions, divide, divide_with, perft_with};
    for p in STANDARD_POSITIONS {
        let (name, pos) = (p.name, p.position());
        // One ply below the full depth: start d5, Kiwipete d4, position 3 d6, the others d4.
        let depth = p.depth() - 1;
        let expected = p.count(depth);
        for options in [
            PerftOptions::default(),
            PerftOptions { threads: 2, hash_mb: 0 },
            PerftOptions { threads: 1, hash_mb: 16 },
            PerftOptions { threads: 3, hash_mb: 1 },
        ] {
            assert_eq!(perft_with(&pos, depth, KoggeStone, options), expected, "{name} depth {depth} {options:?}");
        }
        let split = divide_with(&pos, depth, KoggeStone, PerftOptions { threads: 2, hash_mb: 4 });
        assert_eq!(split, divide(&pos, depth, KoggeStone), "{name}");
        assert_eq!(split.len() as u64, p.count(1), "{name}: one line per root move");
        assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), expected, "{name} divide total");
    }
    // Full depth with a tiny table: constant replacement must never give a wrong count.
    let kiwipete = &STANDARD_POSITIONS[1];
    assert_eq!(kiwipete.name, "kiwipete");
    let options = PerftOptions { threads: 2, hash_mb: 1 };
    assert_eq!(perft_with(&kiwipete.position(), 5, KoggeStone, options), kiwipete.count(5));
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
