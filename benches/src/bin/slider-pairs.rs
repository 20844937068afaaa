//! `slider-pairs`: each bb slider method against its best same-method peer, in alternating
//! rounds, for ratios that hold on a noisy machine.
//!
//! A criterion run measures one contender after another, seconds apart, so on a shared VM the
//! load can change between the two sides of a comparison. This binary runs the same measured
//! loops as the `sliders` bench ([`bbbench::lookup::pass`], inside `bbengine::cpu::run_fast`),
//! but alternates bb and the peer round by round and reports medians and the median of the
//! per-round ratios. Build it like the bench, natively:
//!
//! ```text
//! CARGO_TARGET_DIR=target/native RUSTFLAGS="-C target-cpu=native" \
//!   cargo run --release -p bbbench --features pext --bin slider-pairs -- --rounds 15
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

#[cfg(target_feature = "bmi2")]
use bbbench::lookup::ChessBmi;
use bbbench::lookup::{Bb, Chess, CozyChess, Lookup, Mode, Piece, Shakmaty, checked_inputs, pass};
#[cfg(target_feature = "bmi2")]
use bbengine::sliders::PextPdep;
use bbengine::sliders::{DenseMagic, FancyMagic, Pext};

/// Each bb slider method against its best same-method peer, alternating rounds.
#[derive(Parser)]
#[command(name = "slider-pairs", version)]
struct Cli {
    /// Rounds; each round measures bb, then the peer (in an order that alternates)
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=1000))]
    rounds: u32,
    /// Passes over the 4,096 inputs per measurement
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    passes: u32,
}

/// One side of a comparison: its name and a measurement of ns per lookup.
struct Side {
    name: String,
    measure: Box<dyn FnMut(u32) -> f64>,
}

/// A side that measures `l`'s `piece` lookups in `mode`, after checking them.
fn side<L: Lookup + 'static>(l: L, piece: Piece, mode: Mode) -> Result<Side, String> {
    let inputs = checked_inputs(l, piece)?;
    let measure = move |passes: u32| {
        let start = Instant::now();
        let mut fold = 0;
        for _ in 0..passes {
            let (inputs, zero) = (black_box(inputs.as_slice()), black_box(0u64));
            fold ^= bbengine::cpu::run_fast(|| pass(l, piece, mode, inputs, zero));
        }
        black_box(fold);
        start.elapsed().as_secs_f64() * 1e9 / (f64::from(passes) * inputs.len() as f64)
    };
    Ok(Side { name: l.name(), measure: Box::new(measure) })
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The comparisons: each bb method and the peer that is best at that method here.
fn pairs(piece: Piece, mode: Mode) -> Result<Vec<(String, Side, Side)>, String> {
    let mut out = vec![
        ("fancy magic".to_string(), side(Bb(FancyMagic), piece, mode)?, side(Chess, piece, mode)?),
        ("dense magic".to_string(), side(Bb(DenseMagic), piece, mode)?, side(Shakmaty, piece, mode)?),
    ];
    if let Some(pext) = Pext::detect() {
        out.push(("PEXT".to_string(), side(Bb(pext), piece, mode)?, side(CozyChess, piece, mode)?));
    }
    // chess compiles its PEXT+PDEP lookups only for BMI2 targets.
    #[cfg(target_feature = "bmi2")]
    {
        if let Some(pext) = Pext::detect() {
            out.push(("PEXT".to_string(), side(Bb(pext), piece, mode)?, side(ChessBmi, piece, mode)?));
        }
        if let Some(pdep) = PextPdep::detect() {
            out.push(("PEXT+PDEP".to_string(), side(Bb(pdep), piece, mode)?, side(ChessBmi, piece, mode)?));
        }
    }
    Ok(out)
}

fn run(cli: &Cli) -> Result<(), String> {
    println!("method      piece   measure     bb            ns   peer               ns   bb / peer (median of rounds)");
    for piece in [Piece::Rook, Piece::Bishop] {
        for mode in [Mode::Throughput, Mode::Latency] {
            for (method, mut bb, mut peer) in pairs(piece, mode)? {
                let (mut bb_ns, mut peer_ns, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
                for round in 0..cli.rounds {
                    let (b, p) = if round % 2 == 0 {
                        let b = (bb.measure)(cli.passes);
                        (b, (peer.measure)(cli.passes))
                    } else {
                        let p = (peer.measure)(cli.passes);
                        ((bb.measure)(cli.passes), p)
                    };
                    bb_ns.push(b);
                    peer_ns.push(p);
                    ratios.push(b / p);
                }
                let mode_name = format!("{mode:?}").to_lowercase();
                println!(
                    "{method:11} {:7} {mode_name:11} {:14} {:5.2}   {:16} {:5.2}   {:.3}",
                    piece.name(),
                    bb.name,
                    median(&mut bb_ns),
                    peer.name,
                    median(&mut peer_ns),
                    median(&mut ratios)
                );
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
