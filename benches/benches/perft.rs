//! Perft side by side: every supported bb backend and each peer crate's perft (bulk counting
//! at the last ply, from `bbbench`'s peer modules), one criterion group per position of
//! `bbengine::bench::SIX_POSITIONS`, so the ratios read off one report.
//!
//! Each position runs at one ply less than its reported depth, to keep the bench short; the
//! throughput is in nodes, so the figures are nodes per second all the same. Before measuring,
//! every contender's count is checked against bbengine's (auto backend): a broken perft cannot
//! report a speed.
//!
//! bbengine's perft picks its x86-64-v3 copy at run time; the peers run as compiled, so for a
//! like-for-like report build with `RUSTFLAGS="-C target-cpu=native"` (see the README).

use std::hint::black_box;
use std::time::Duration;

use bbengine::bench::SIX_POSITIONS;
use bbengine::{Backend, Position, Sliders, WithSliders};
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime};

/// bbengine's perft of one position with whichever backend runs it.
#[derive(Clone, Copy)]
struct Perft {
    position: Position,
    depth: u32,
}

impl WithSliders for Perft {
    type Output = u64;
    fn call<S: Sliders>(self, sliders: S) -> u64 {
        bbengine::perft(black_box(&self.position), self.depth, sliders)
    }
}

fn perft(c: &mut Criterion) {
    if !cfg!(target_feature = "popcnt") {
        eprintln!(
            "note: built without RUSTFLAGS=\"-C target-cpu=native\": the peers run baseline x86-64 code (no \
             POPCNT), bbengine its run-time x86-64-v3 copy; use compare.sh or native flags for the claim"
        );
    }
    for bench_pos in SIX_POSITIONS {
        let depth = bench_pos.depth - 1;
        let position: Position = bench_pos.fen.parse().expect("SIX_POSITIONS holds valid FENs");
        let auto = Backend::auto();
        let expected = auto.run(Perft { position, depth }).expect("the auto backend runs on this CPU");

        let mut group = c.benchmark_group(format!("perft/{}", bench_pos.name));
        group.sample_size(10);
        group.throughput(Throughput::Elements(expected));
        for &backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
            bench_bb(&mut group, backend, Perft { position, depth }, expected);
        }
        for peer in bbbench::Peer::ALL {
            let board = peer.prepare(bench_pos.fen).expect("every peer accepts SIX_POSITIONS");
            let nodes = board.perft(depth);
            assert_eq!(nodes, expected, "{peer} perft({depth}) of {} disagrees with bbengine", bench_pos.name);
            group.bench_function(peer.name(), |b| b.iter(|| black_box(&board).perft(depth)));
        }
        group.finish();
    }
}

fn bench_bb(group: &mut BenchmarkGroup<'_, WallTime>, backend: Backend, job: Perft, expected: u64) {
    match backend.run(job) {
        Ok(nodes) => assert_eq!(nodes, expected, "bb backend {backend} disagrees with the auto backend"),
        Err(e) => {
            eprintln!("note: {e}: skipped");
            return;
        }
    }
    group.bench_function(format!("bb-{backend}"), |b| b.iter(|| backend.run(job).unwrap_or(0)));
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
