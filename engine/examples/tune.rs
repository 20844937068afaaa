//! Tunes the evaluation's weights by Texel's method and writes them as
//! `engine/src/eval/tuned.rs`.
//!
//! Input: lines `<FEN>;<result>;<score>` (the score may be left out; more `;` fields are
//! ignored), the result 1, 0.5 or 0 for White and the search's score for White in centipawns,
//! as `examples/datagen.rs` writes them. The prediction for a position is
//! `1 / (1 + 10^(-K * eval / 400))` with `eval` the engine's evaluation (White's view) as a
//! function of the weights; the tuner first fits `K` to the starting weights, then moves every
//! weight by Adam on the mean squared error between prediction and result over all positions
//! (full batch; with `--lambda L` below 1, the target is `L * result + (1 - L) * 1 / (1 +
//! 10^(-K * score / 400))`, so the search's score, a less noisy label than one game's result,
//! counts too), starting from the hand-set weights (`hand_set.rs`), plus `--l2` times the
//! squared distance from them: Adam moves a weight seen in few positions as fast as a common
//! one, and this keeps such weights near their start unless the data insists. Every tenth
//! stretch of 1000 lines is held out and its error printed beside the training error, to show
//! overfitting.
//! Deterministic: the same data in the same order gives the same file (datagen's line order
//! depends on its threads' timing; with `--threads 1` it is fixed).
//!
//! ```sh
//! cargo run --release -p bbengine --example tune -- --data /tmp/selfplay.txt --epochs 1000 \
//!     --l2 1e-7 --out engine/src/eval/tuned.rs
//! ```
//! With `--epochs 0` it writes the hand-set weights unchanged. `--source TEXT` adds a line
//! saying where the data came from to the file's header. `--help` lists the options; bad input
//! prints one `error:` line and exits 2. On a terminal a bar shows the epochs, rate and ETA.

use std::io::BufRead;

use clap::Parser;

use bbengine::Position;
use bbengine::eval::tuning::{Trace, golden_section_min, to_rust_source, trace};
use bbengine::eval::{PHASE_TOTAL, Score, WEIGHT_COUNT, hand_set};

#[path = "../src/bin/bbengine/progress.rs"]
mod progress;
#[path = "../src/bin/bbengine/usage.rs"]
mod usage;

use progress::Progress;
use usage::checked;

/// Tunes the hand-written evaluation's weights by Texel's method (Adam on the squared error of
/// a sigmoid of the evaluation against game results) and writes them as Rust source.
#[derive(Parser)]
#[command(name = "tune", after_help = "Example: tune --data selfplay.txt --epochs 1000 --l2 1e-7")]
struct Args {
    /// Positions as `<FEN>;<result>;<score>` lines (datagen's output); without it the
    /// hand-set weights are written as they are
    #[arg(long, value_name = "FILE")]
    data: Option<String>,
    /// Full-batch Adam steps (0: the hand-set weights unchanged)
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = checked::<usize>("--epochs", "a whole number", |_| true))]
    epochs: usize,
    /// Adam's step size (centipawns)
    #[arg(long, value_name = "R", default_value_t = 1.0,
          value_parser = checked::<f64>("--rate", "a positive number", |r| *r > 0.0 && r.is_finite()))]
    rate: f64,
    /// Pull towards the hand-set weights: L2 times their squared distance is added to the error
    #[arg(long, value_name = "L2", default_value_t = 1e-8,
          value_parser = checked::<f64>("--l2", "a number of at least 0", |l| *l >= 0.0 && l.is_finite()))]
    l2: f64,
    /// The target: L * result + (1 - L) * the search's score as a probability
    #[arg(long, value_name = "L", default_value_t = 1.0,
          value_parser = checked::<f64>("--lambda", "a number from 0 to 1", |l| (0.0..=1.0).contains(l)))]
    lambda: f64,
    /// A line for the written file's header: where the data came from
    #[arg(long, value_name = "TEXT")]
    source: Option<String>,
    /// The file to write
    #[arg(long, value_name = "FILE", default_value = "engine/src/eval/tuned.rs")]
    out: String,
}

/// Prints one `error:` line and exits 2.
fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2);
}

/// One training position, in the form the optimizer needs.
struct Sample {
    /// `(weight index, count)`, White minus Black.
    counts: Box<[(u32, f32)]>,
    fixed: [f64; 2],
    /// Middle-game share of the taper (phase / PHASE_TOTAL).
    mg_share: f64,
    /// Drawish-material scale (out of 1).
    scale: f64,
    after: f64,
    /// The game's result for White.
    result: f64,
    /// The search's score for White (centipawns), if the line has one.
    score: Option<f64>,
    /// What the prediction is fitted to: the result, or a blend with the score (`--lambda`).
    target: f64,
}

impl Sample {
    fn new(trace: Trace, result: f64, score: Option<f64>) -> Sample {
        Sample {
            counts: trace.counts.iter().map(|&(i, c)| (i, c as f32)).collect(),
            fixed: [f64::from(trace.fixed.mg), f64::from(trace.fixed.eg)],
            mg_share: f64::from(trace.phase) / f64::from(PHASE_TOTAL),
            scale: f64::from(trace.scale) / 64.0,
            after: f64::from(trace.after),
            result,
            score,
            target: result,
        }
    }

    /// The evaluation with weights `w` (`w[2 i]` middle game, `w[2 i + 1]` end game).
    fn eval(&self, w: &[f64]) -> f64 {
        let (mut mg, mut eg) = (self.fixed[0], self.fixed[1]);
        for &(i, c) in self.counts.iter() {
            mg += w[2 * i as usize] * f64::from(c);
            eg += w[2 * i as usize + 1] * f64::from(c);
        }
        (mg * self.mg_share + eg * (1.0 - self.mg_share)) * self.scale + self.after
    }
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Mean squared error of `samples` with weights `w`, against their targets.
fn error(samples: &[Sample], k: f64, w: &[f64]) -> f64 {
    error_against(samples, k, w, |s| s.target)
}

/// Mean squared error of `samples` with weights `w`, against `truth`.
fn error_against(samples: &[Sample], k: f64, w: &[f64], truth: fn(&Sample) -> f64) -> f64 {
    let sum: f64 = samples.iter().map(|s| (truth(s) - sigmoid(k, s.eval(w))).powi(2)).sum();
    sum / samples.len().max(1) as f64
}

/// The gradient of the mean squared error, summed on two threads.
fn gradient(samples: &[Sample], k: f64, w: &[f64]) -> Vec<f64> {
    let half = samples.len() / 2;
    let part = |chunk: &[Sample]| {
        let mut g = vec![0.0; w.len()];
        for s in chunk {
            let p = sigmoid(k, s.eval(w));
            let d = -2.0 * (s.target - p) * p * (1.0 - p) * k * std::f64::consts::LN_10 / 400.0 * s.scale;
            let (dmg, deg) = (d * s.mg_share, d * (1.0 - s.mg_share));
            for &(i, c) in s.counts.iter() {
                g[2 * i as usize] += dmg * f64::from(c);
                g[2 * i as usize + 1] += deg * f64::from(c);
            }
        }
        g
    };
    let (a, b) = std::thread::scope(|scope| {
        let first = scope.spawn(|| part(&samples[..half]));
        let second = part(&samples[half..]);
        (first.join().unwrap_or_else(|_| vec![0.0; w.len()]), second)
    });
    let n = samples.len().max(1) as f64;
    a.iter().zip(&b).map(|(x, y)| (x + y) / n).collect()
}

/// The `K` that fits the weights `w` best (golden-section search on 0.1 to 5).
fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    golden_section_min(0.1, 5.0, |k| error(samples, k, w))
}

fn main() {
    let Args { data, epochs, rate, l2, lambda, source, out } = usage::parse();
    // The command as given, for the file's header (every argument is UTF-8: parsing checked).
    let args: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();

    let mut train = Vec::new();
    let mut held_out = Vec::new();
    if let Some(path) = &data {
        let file = std::fs::File::open(path).unwrap_or_else(|e| fail(format_args!("{path}: {e}")));
        for (number, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.unwrap_or_else(|e| fail(format_args!("{path}: {e}")));
            let mut fields = line.split(';');
            let (Some(fen), Some(result)) = (fields.next(), fields.next()) else { continue };
            let (Ok(pos), Ok(result)) = (fen.parse::<Position>(), result.trim().parse::<f64>()) else {
                eprintln!("tune: {path}:{}: skipped, not `<FEN>;<result>`", number + 1);
                continue;
            };
            let score = fields.next().and_then(|s| s.trim().parse::<f64>().ok());
            let sample = Sample::new(trace(&pos), result, score);
            // Whole stretches of 1000 lines (about a dozen games) are held out, so that held-out
            // positions do not share games with training ones.
            if (number / 1000) % 10 == 9 { held_out.push(sample) } else { train.push(sample) }
        }
    }
    eprintln!("{} training positions, {} held out", train.len(), held_out.len());

    let start = hand_set();
    let mut w: Vec<f64> = start.flat().into_iter().flat_map(|s| [f64::from(s.mg), f64::from(s.eg)]).collect();
    assert_eq!(w.len(), 2 * WEIGHT_COUNT);
    let w0 = w.clone();
    if epochs > 0 && !train.is_empty() {
        let k = fit_k(&train, &w);
        for s in train.iter_mut().chain(held_out.iter_mut()) {
            if let Some(score) = s.score {
                s.target = lambda * s.result + (1.0 - lambda) * sigmoid(k, score);
            }
        }
        eprintln!("K = {k:.4}; error {:.6} (held out {:.6})", error(&train, k, &w), error(&held_out, k, &w));
        // Adam.
        let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
        let mut m = vec![0.0; w.len()];
        let mut v = vec![0.0; w.len()];
        let progress = Progress::new(epochs as u64, "epochs");
        let mut last = String::new();
        for epoch in 1..=epochs {
            let mut g = gradient(&train, k, &w);
            for i in 0..w.len() {
                g[i] += 2.0 * l2 * (w[i] - w0[i]);
            }
            for i in 0..w.len() {
                m[i] = beta1 * m[i] + (1.0 - beta1) * g[i];
                v[i] = beta2 * v[i] + (1.0 - beta2) * g[i] * g[i];
                let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
                let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
                w[i] -= rate * m_hat / (v_hat.sqrt() + eps);
            }
            if epoch.is_multiple_of(50) || epoch == epochs {
                last = format!("error {:.6} (held out {:.6})", error(&train, k, &w), error(&held_out, k, &w));
                progress.println(&format!("epoch {epoch}: {last}"));
            }
            progress.set(epoch as u64, || last.clone());
        }
        progress.finish();
        // Comparable between runs with different `--lambda`: the held-out positions' error
        // against the results alone.
        eprintln!(
            "held out against the results: {:.6} -> {:.6}",
            error_against(&held_out, k, &w0, |s| s.result),
            error_against(&held_out, k, &w, |s| s.result)
        );
    }

    let rounded: Vec<Score> = w.chunks(2).map(|p| Score { mg: p[0].round() as i32, eg: p[1].round() as i32 }).collect();
    let mut tuned = start;
    tuned.set_flat(&rounded);
    let command = std::iter::once("cargo run --release -p bbengine --example tune --".to_string())
        .chain(args.iter().cloned())
        .collect::<Vec<_>>()
        .join(" ");
    let header = format!(
        "// @generated by `{command}`; do not edit.\n//\n// The evaluation's tuned weights (`weights.rs` says what each is). {}",
        if data.is_some() {
            format!(
                "Tuned from the hand-set\n// weights (`hand_set.rs`) on {} positions of the engine's own games ({}\n// held out).{}",
                train.len(),
                held_out.len(),
                source.as_ref().map(|s| format!("\n// The data: {s}")).unwrap_or_default()
            )
        } else {
            "No data: the hand-set\n// weights (`hand_set.rs`) as they are.".to_string()
        }
    );
    if let Err(e) = std::fs::write(&out, to_rust_source(&tuned, &header)) {
        fail(format_args!("{out}: {e}"));
    }
    eprintln!("wrote {out}");
}
