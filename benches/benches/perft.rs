//! Perft side by side: every supported bb backend and each peer crate's perft (bulk counting
//! at the last ply, from `bbbench`'s peer modules), at the depths of
//! `bbengine::perft::SIX_POSITIONS` (the ones `compare.sh` runs), so the ratios read off one
//! report.
//!
//! - `perft/total`: one iteration is the whole six-position run (761 M nodes), for bb's `auto`
//!   backend and each peer: the headline ratio, weighted as in `compare.sh`.
//! - `perft/<position>`: one group per position, every bb backend and every peer.
//!
//! Iterations take 0.1 to 4 s, so the groups use flat sampling with ten samples. Before
//! measuring, every contender's count is checked against `SIX_POSITIONS`: a broken perft
//! cannot report a speed.
//!
//! bbengine's perft picks its x86-64-v3 copy at run time; the peers run as compiled, so for a
//! like-for-like report build with `RUSTFLAGS="-C target-cpu=native"` (see the README).

use std::hint::black_box;
use std::time::Duration;

use bbbench::{Peer, PeerBoard};
use bbengine::perft::{BenchPosition, SIX_POSITIONS};
use bbengine::{Backend, Position, Sliders, WithSliders};
use criterion::{
    BenchmarkGroup, Criterion, SamplingMode, Throughput, criterion_group, criterion_main, measurement::WallTime,
};

/// bbengine's perft of some positions, summed, with whichever backend runs it.
#[derive(Clone, Copy)]
struct Perft<'a> {
    positions: &'a [(Position, u32)],
}

impl WithSliders for Perft<'_> {
    type Output = u64;
    fn call<S: Sliders>(self, sliders: S) -> u64 {
        self.positions.iter().map(|(position, depth)| bbengine::perft(black_box(position), *depth, sliders)).sum()
    }
}

fn parse(bench_pos: &BenchPosition) -> (Position, u32) {
    (bench_pos.fen.parse().expect("SIX_POSITIONS holds valid FENs"), bench_pos.depth)
}

fn perft(c: &mut Criterion) {
    if !cfg!(target_feature = "popcnt") {
        eprintln!(
            "note: built without RUSTFLAGS=\"-C target-cpu=native\": the peers run baseline x86-64 code (no \
             POPCNT), bbengine its run-time x86-64-v3 copy; use compare.sh or native flags for the claim"
        );
    }
    let all: Vec<(Position, u32)> = SIX_POSITIONS.iter().map(parse).collect();
    let total: u64 = SIX_POSITIONS.iter().map(|p| p.nodes).sum();
    let mut group = long_group(c, "perft/total", total);
    bench_bb(&mut group, Backend::auto(), &all, total);
    for peer in Peer::ALL {
        let boards: Vec<(PeerBoard, u32)> = SIX_POSITIONS
            .iter()
            .map(|p| (peer.prepare(p.fen).expect("every peer accepts SIX_POSITIONS"), p.depth))
            .collect();
        bench_peer(&mut group, peer, &boards, total);
    }
    group.finish();

    for bench_pos in &SIX_POSITIONS {
        let one = [parse(bench_pos)];
        let mut group = long_group(c, &format!("perft/{}", bench_pos.name), bench_pos.nodes);
        for &backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
            bench_bb(&mut group, backend, &one, bench_pos.nodes);
        }
        for peer in Peer::ALL {
            let board = peer.prepare(bench_pos.fen).expect("every peer accepts SIX_POSITIONS");
            bench_peer(&mut group, peer, &[(board, bench_pos.depth)], bench_pos.nodes);
        }
        group.finish();
    }
}

/// A group whose iterations are long: ten samples of one iteration each, throughput in nodes.
fn long_group<'c>(c: &'c mut Criterion, name: &str, nodes: u64) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group
}

fn bench_bb(group: &mut BenchmarkGroup<'_, WallTime>, backend: Backend, positions: &[(Position, u32)], nodes: u64) {
    let job = Perft { positions };
    match backend.run(job) {
        Ok(counted) => assert_eq!(counted, nodes, "bb backend {backend} miscounts"),
        Err(e) => {
            eprintln!("note: {e}: skipped");
            return;
        }
    }
    let name = if backend == Backend::auto() { format!("bb-{backend} (auto)") } else { format!("bb-{backend}") };
    group.bench_function(name, |b| b.iter(|| backend.run(job).unwrap_or(0)));
}

fn bench_peer(group: &mut BenchmarkGroup<'_, WallTime>, peer: Peer, boards: &[(PeerBoard, u32)], nodes: u64) {
    let run = || boards.iter().map(|(board, depth)| black_box(board).perft(*depth)).sum::<u64>();
    assert_eq!(run(), nodes, "{peer} miscounts");
    group.bench_function(peer.name(), |b| b.iter(run));
}

fn config() -> Criterion {
    Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5))
}

criterion_group! {
    name = benches;
    config = config();
    targets = perft
}
criterion_main!(benches);
