//! `bbengine bench`: a fixed set of positions searched to a fixed depth on one thread, each
//! with a fresh 16 MiB table and fresh move-ordering tables ([`search`] keeps none), so the
//! node count is the same on every run and machine (the engine's signature for testing
//! frameworks, pinned in `engine/bench.txt`).

use std::time::{Duration, Instant};

use super::evaluator::Evaluator;
use super::limits::Limits;
use super::threads::{SearchControl, SearchRequest, Silent, search};
use super::tt::TranspositionTable;
use crate::board::Position;

/// The depth `bbengine bench` searches by default.
pub const BENCH_DEPTH: u32 = 11;

/// The bench positions: the six perft positions, then middle games and endgames chosen to
/// cover castling, passed pawns, opposite-side attacks and bare-king endings.
pub const BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "rnbqk2r/ppp1ppbp/3p1np1/8/2PPP3/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 2 7",
    "r2q1rk1/pp1bbppp/2nppn2/8/3NP3/2N1BP2/PPPQ2PP/2KR1B1R w - - 5 10",
    "rn1qkb1r/pp3ppp/2p1pn2/3p1b2/2PP4/1QN1P3/PP3PPP/R1B1KBNR w KQkq - 2 6",
    "r1bqr1k1/pp1n1ppp/2pb1n2/3p4/3P4/2NBPN2/PPQ2PPP/R3K2R w KQ - 4 10",
    "2rq1rk1/pb2bppp/1pn1pn2/2pp4/3P4/1PNBPN2/PBQ2PPP/2R2RK1 w - - 2 12",
    "r2qk2r/ppp2ppp/2n1bn2/2bpp3/4P3/2PP1N2/PP1NBPPP/R1BQK2R w KQkq - 0 7",
    "3r2k1/pp3ppp/2p5/8/3P4/2P2N2/P4PPP/4R1K1 w - - 0 22",
    "r4rk1/pp2ppbp/2np1np1/q7/2P1P3/2N1BP2/PP1QN1PP/R3KB1R w KQ - 3 11",
    "2r3k1/p4ppp/1p2p3/3n4/3P4/P3BP2/1P4PP/2R3K1 b - - 0 25",
    "8/5pk1/6p1/3p3p/3P3P/6P1/5PK1/8 w - - 0 40",
    "8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 50",
    "8/8/4k3/8/2K5/3R4/8/8 w - - 0 60",
    "8/8/8/2k5/8/8/3QK3/8 w - - 0 60",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
    "8/1p3pk1/p5p1/3P4/1P3P2/6P1/5K2/8 w - - 0 35",
    "r5k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 30",
    "4rrk1/ppq2ppp/2p1b3/8/3P4/2PB1Q2/P4PPP/R4RK1 w - - 4 18",
    "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "8/5k2/8/8/3B4/8/1K6/3N4 w - - 0 70",
    "2kr3r/ppp2ppp/2n5/2b1p3/4P1b1/2NP1N2/PPP2PPP/R1B1KB1R w KQ - 2 9",
    "1r4k1/5ppp/8/1P6/8/8/5PPP/6K1 w - - 0 33",
];

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes searched over all positions (deterministic).
    pub nodes: u64,
    /// Wall time of the searches.
    pub elapsed: Duration,
}

/// Searches every [`BENCH_POSITIONS`] entry to `depth` on one thread with a fresh 16 MiB
/// table each, and adds up the nodes.
pub fn bench(depth: u32) -> BenchReport {
    bench_with(depth, Evaluator::default())
}

/// [`bench()`] with the search evaluating by `evaluator`.
pub fn bench_with(depth: u32, evaluator: Evaluator<'_>) -> BenchReport {
    let mut nodes = 0;
    let start = Instant::now();
    for fen in BENCH_POSITIONS {
        let Ok(position) = fen.parse::<Position>() else { continue };
        let tt = TranspositionTable::new(16);
        let request = SearchRequest {
            position,
            history: &[],
            limits: Limits::depth(depth),
            tt: &tt,
            threads: 1,
            multipv: 1,
            move_overhead: 0,
            evaluator,
        };
        nodes += search(&request, &SearchControl::new(false), &Silent).nodes;
    }
    BenchReport { nodes, elapsed: start.elapsed() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_parses() {
        for fen in BENCH_POSITIONS {
            assert!(fen.parse::<Position>().is_ok(), "{fen}");
        }
        assert!(BENCH_POSITIONS.len() >= 30);
    }
}
