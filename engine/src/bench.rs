//! The six standard perft positions every speed figure of bb is measured on.

/// A benchmark position: name, FEN, depth, and the exact node count at that depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// Short name, as reports print it.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The perft depth measured.
    pub depth: u32,
    /// The exact perft count at `depth`.
    pub nodes: u64,
}

/// The six positions of the Chess Programming Wiki's perft page at the depths bb reports:
/// start d6, Kiwipete d5, position 3 d7, positions 4, 5 and 6 d5 (777 million nodes in all).
pub const SIX_POSITIONS: [BenchPosition; 6] = [
    BenchPosition {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
        nodes: 119_060_324,
    },
    BenchPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 5,
        nodes: 193_690_690,
    },
    BenchPosition { name: "position3", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", depth: 7, nodes: 178_633_661 },
    BenchPosition {
        name: "position4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 5,
        nodes: 15_833_292,
    },
    BenchPosition {
        name: "position5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 5,
        nodes: 89_941_194,
    },
    BenchPosition {
        name: "position6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 5,
        nodes: 164_075_551,
    },
];

use std::hint::black_box;
use std::time::{Duration, Instant};

use bbcore::{Bitboard, SplitMix64, Square};

use crate::position::Position;
use crate::sliders::{Backend, Sliders, WithSliders};

/// One backend's row of `bbengine bench`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BackendReport {
    /// The backend measured.
    pub backend: Backend,
    /// Median nanoseconds per independent rook lookup.
    pub rook_ns: f64,
    /// Median nanoseconds per independent bishop lookup.
    pub bishop_ns: f64,
    /// Median M nodes/s of perft over the six positions, [`Workload::plies_below`] plies below
    /// the [`SIX_POSITIONS`] depths (one in `bbengine bench`).
    pub perft_mnps: f64,
    /// Nodes counted in one perft round (the same for every backend, or something is wrong).
    pub perft_nodes: u64,
}

/// How much a measurement does: [`Workload::FULL`] for `bbengine bench`, smaller for tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workload {
    /// How many plies below the [`SIX_POSITIONS`] depths perft runs.
    pub plies_below: u32,
    /// How long each lookup timing runs at least.
    pub lookup_time: Duration,
    /// How many times each measurement is repeated; the median is reported.
    pub rounds: usize,
}

impl Workload {
    /// What `bbengine bench` measures: perft one ply below the reported depths, lookups for
    /// at least 20 ms, the median of five rounds.
    pub const FULL: Workload = Workload { plies_below: 1, lookup_time: Duration::from_millis(20), rounds: 5 };
}

/// Measures one backend: lookup speed over a fixed seeded set of (square, occupancy) pairs,
/// and perft over the six positions, each the median of five rounds ([`Workload::FULL`]).
pub fn measure_backend(backend: Backend) -> Option<BackendReport> {
    measure_backend_with(backend, Workload::FULL)
}

/// [`measure_backend`] with another workload.
pub fn measure_backend_with(backend: Backend, workload: Workload) -> Option<BackendReport> {
    backend.run(Measure { backend, workload }).ok()
}

struct Measure {
    backend: Backend,
    workload: Workload,
}

impl WithSliders for Measure {
    type Output = BackendReport;

    fn call<S: Sliders>(self, sliders: S) -> BackendReport {
        crate::cpu::run_fast(|| {
            let Workload { plies_below, lookup_time, rounds } = self.workload;
            let pairs = lookup_pairs();
            let rook_ns = median_of(rounds, || time_lookups(&pairs, lookup_time, |sq, occ| sliders.rook(sq, occ)));
            let bishop_ns = median_of(rounds, || time_lookups(&pairs, lookup_time, |sq, occ| sliders.bishop(sq, occ)));
            let positions: Vec<(Position, u32)> = SIX_POSITIONS
                .iter()
                .filter_map(|p| Some((p.fen.parse().ok()?, p.depth.saturating_sub(plies_below))))
                .collect();
            let mut perft_nodes = 0;
            let perft_mnps = median_of(rounds, || {
                let start = Instant::now();
                perft_nodes = positions.iter().map(|(pos, depth)| crate::perft(pos, *depth, sliders)).sum();
                perft_nodes as f64 / start.elapsed().as_secs_f64().max(1e-9) / 1e6
            });
            BackendReport { backend: self.backend, rook_ns, bishop_ns, perft_mnps, perft_nodes }
        })
    }
}

/// 4096 seeded (square, occupancy) pairs, the occupancy always containing the square.
fn lookup_pairs() -> Vec<(Square, Bitboard)> {
    let mut rng = SplitMix64::new(0xB0A4D);
    (0..4096)
        .map(|_| {
            let sq = Square::new((rng.next_u64() & 63) as u8);
            (sq, Bitboard(rng.next_u64() & rng.next_u64()).with(sq))
        })
        .collect()
}

/// Nanoseconds per lookup over the pairs, repeated for at least `time`. Inlined into the
/// caller's code path so the lookups are compiled as the engine runs them.
#[inline(always)]
fn time_lookups(pairs: &[(Square, Bitboard)], time: Duration, lookup: impl Fn(Square, Bitboard) -> Bitboard) -> f64 {
    let start = Instant::now();
    let mut lookups = 0u64;
    let mut fold = 0u64;
    while lookups == 0 || start.elapsed() < time {
        for &(sq, occ) in black_box(pairs) {
            fold ^= lookup(sq, occ).0;
        }
        lookups += pairs.len() as u64;
    }
    black_box(fold);
    start.elapsed().as_nanos() as f64 / lookups as f64
}

#[inline(always)]
fn median_of(rounds: usize, mut measure: impl FnMut() -> f64) -> f64 {
    let mut samples: Vec<f64> = (0..rounds.max(1)).map(|_| measure()).collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}
