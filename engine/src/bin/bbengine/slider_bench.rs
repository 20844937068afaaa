//! `bbengine bench-sliders`: every slider backend's lookup speed and perft speed, side by side.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bbcore::{Bitboard, SplitMix64, Square};

use bbengine::cpu::run_fast;
use bbengine::{Backend, Position, SIX_POSITIONS, Sliders, WithSliders, perft};

/// One backend's row of `bbengine bench-sliders`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BackendReport {
    /// The backend measured.
    pub backend: Backend,
    /// Median nanoseconds per independent rook lookup.
    pub rook_ns: f64,
    /// Median nanoseconds per independent bishop lookup.
    pub bishop_ns: f64,
    /// Median M nodes/s of perft over the six positions, some plies below the
    /// [`SIX_POSITIONS`] depths (one by default).
    pub perft_mnps: f64,
    /// Nodes counted in one perft round (the same for every backend, or something is wrong).
    pub perft_nodes: u64,
}

/// How long each lookup timing runs at least.
pub const LOOKUP_TIME: Duration = Duration::from_millis(20);

/// How many times each measurement is repeated; the median is reported.
pub const ROUNDS: usize = 5;

/// Measures one backend: lookup speed over a fixed seeded set of (square, occupancy) pairs,
/// and perft over the six positions `plies_below` plies below their depths, each the median of
/// [`ROUNDS`] rounds; `None` where this CPU cannot run the backend. The lookup timing is the
/// same whatever `plies_below` is: its loop is compiled with constants only.
pub fn measure_backend(backend: Backend, plies_below: u32) -> Option<BackendReport> {
    backend.run(Measure { backend, plies_below }).ok()
}

struct Measure {
    backend: Backend,
    plies_below: u32,
}

impl WithSliders for Measure {
    type Output = BackendReport;

    fn call<S: Sliders>(self, sliders: S) -> BackendReport {
        run_fast(|| {
            let pairs = lookup_pairs();
            let rook_ns = median_of(|| time_lookups(&pairs, LOOKUP_TIME, |sq, occ| sliders.rook(sq, occ)));
            let bishop_ns = median_of(|| time_lookups(&pairs, LOOKUP_TIME, |sq, occ| sliders.bishop(sq, occ)));
            let positions: Vec<(Position, u32)> = SIX_POSITIONS
                .iter()
                .filter_map(|p| Some((p.fen.parse().ok()?, p.depth.saturating_sub(self.plies_below))))
                .collect();
            let mut perft_nodes = 0;
            let perft_mnps = median_of(|| {
                let start = Instant::now();
                perft_nodes = positions.iter().map(|(pos, depth)| perft(pos, *depth, sliders)).sum();
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

/// The median of [`ROUNDS`] runs of `measure`.
#[inline(always)]
fn median_of(mut measure: impl FnMut() -> f64) -> f64 {
    let mut samples: Vec<f64> = (0..ROUNDS).map(|_| measure()).collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}
