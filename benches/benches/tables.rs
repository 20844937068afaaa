//! Table generation: what `cargo run -p bbgen` does (search the fancy magics, lay out and
//! verify every table, render and format every file, without writing), and the library work
//! behind each `bbmacros` proc-macro (build, verify, render to tokens; rustc's parsing of the
//! expanded tokens is not included).
//!
//! `cargo bench -p bbbench --bench tables`

use std::hint::black_box;
use std::time::Duration;

use bbgen::{dense, fancy, pext, render};
use criterion::{Criterion, criterion_group, criterion_main};

fn regenerate(c: &mut Criterion) {
    let record = dense::DenseRecord::parse(bbgen::RECORDED_DENSE_MAGICS).expect("the recorded dense magics parse");
    let random = bbgen::polyglot::PolyglotRandom::recorded().expect("the recorded polyglot numbers parse");
    let mut group = c.benchmark_group("tables");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.bench_function("bbgen regenerate (all files, formatted)", |b| {
        b.iter(|| {
            let files = render::all_files(black_box(&record), black_box(&random)).expect("tables build");
            let text: usize = files.iter().map(|f| render::format_file(f).expect("formats").len()).sum();
            black_box(text)
        })
    });
    group.bench_function("macro fancy_tables!", |b| {
        b.iter(|| black_box(render::fancy_tokens(&fancy::build(black_box(bbgen::FANCY_SEED)).expect("builds"))))
    });
    group.bench_function("macro dense_tables!", |b| {
        b.iter(|| black_box(render::dense_tokens(&dense::build_default().expect("builds"))))
    });
    group.bench_function("macro pext_tables!", |b| {
        b.iter(|| black_box(render::pext_tokens(&pext::build().expect("builds"))))
    });
    group.finish();
}

criterion_group!(benches, regenerate);
criterion_main!(benches);
