//! Slider lookups side by side: every supported bb backend and each peer crate's own lookup,
//! rook, bishop and queen, over the same seeded 4096 (square, occupancy) pairs.
//!
//! - `throughput`: independent lookups folded with XOR, so the CPU may overlap them.
//! - `latency`: a dependent chain, the next lookup's occupancy depends on the previous result
//!   (through a mask that is zero at run time but opaque to the compiler), so lookups cannot
//!   overlap and the figure is one lookup's latency plus an AND and an XOR.
//!
//! Every measured loop runs inside `bbengine::cpu::run_fast`, so what inlines into it (bb's
//! backends and the peers' `#[inline]` lookups alike) is compiled for x86-64-v3 where the CPU
//! has it. Before measuring, every contender is checked against bbcore's reference ray walk.

use std::hint::black_box;
use std::time::Duration;

#[cfg(target_feature = "bmi2")]
use bbbench::lookup::ChessBmi;
use bbbench::lookup::{Bb, Chess, CozyChess, Lookup, Mode, Piece, Shakmaty, checked_inputs, pass};
use bbengine::{Backend, Sliders, WithSliders};
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime};

/// Checks `l` against the reference ray walk on every input, then measures it.
fn bench<L: Lookup>(group: &mut BenchmarkGroup<'_, WallTime>, l: L, piece: Piece, mode: Mode) {
    let inputs = checked_inputs(l, piece).unwrap_or_else(|e| panic!("{e}"));
    group.bench_function(l.name(), |b| {
        b.iter(|| {
            let inputs = black_box(inputs.as_slice());
            let zero = black_box(0u64);
            bbengine::cpu::run_fast(|| pass(l, piece, mode, inputs, zero))
        })
    });
}

/// Adds every supported bb backend to a group, through the run-time backend list.
struct BenchBackend<'a, 'g> {
    group: &'a mut BenchmarkGroup<'g, WallTime>,
    piece: Piece,
    mode: Mode,
}

impl WithSliders for BenchBackend<'_, '_> {
    type Output = ();
    fn call<S: Sliders>(self, sliders: S) {
        bench(self.group, Bb(sliders), self.piece, self.mode);
    }
}

fn sliders(c: &mut Criterion) {
    if !cfg!(target_feature = "bmi2") {
        eprintln!(
            "note: built without BMI2 (no RUSTFLAGS=\"-C target-cpu=native\"): the peers' lookups are their \
             baseline x86-64 code (no cozy-chess pext, no chess-bmi)"
        );
    }
    for piece in Piece::ALL {
        for mode in [Mode::Throughput, Mode::Latency] {
            let mut group =
                c.benchmark_group(format!("sliders/{}/{}", piece.name(), format!("{mode:?}").to_lowercase()));
            group.throughput(Throughput::Elements(bbbench::SLIDER_INPUTS as u64));
            for &backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
                if backend.run(BenchBackend { group: &mut group, piece, mode }).is_err() {
                    eprintln!("note: backend {backend} skipped: not supported on this CPU");
                }
            }
            // The 16-bit PEXT layout, a token beside the backends (not in `Backend::ALL`).
            if let Some(token) = bbengine::sliders::PextPdep::detect() {
                bench(&mut group, Bb(token), piece, mode);
            }
            bench(&mut group, CozyChess, piece, mode);
            bench(&mut group, Shakmaty, piece, mode);
            bench(&mut group, Chess, piece, mode);
            #[cfg(target_feature = "bmi2")]
            bench(&mut group, ChessBmi, piece, mode);
            group.finish();
        }
    }
}

fn config() -> Criterion {
    Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = sliders
}
criterion_main!(benches);
