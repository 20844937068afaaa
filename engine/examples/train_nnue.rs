//! Trains the evaluation network (`src/nnue`) and writes the net file the engine embeds.
//!
//! Input: `examples/datagen.rs` lines, `<FEN>;<result>;<score>` (the game's result and the
//! search's score for White). The network's float output `y` (centipawns / `SCALE`) predicts
//! `1 / (1 + 10^(-K * y * SCALE / 400))`, fitted by Adam on mini-batches to
//! `L * result + (1 - L) * 1 / (1 + 10^(-K * score / 400))` from the side to move's point of
//! view, with `K` fitted first so that the scores predict the results best. `--lambda L`
//! defaults to 0, the search score alone: with a few million positions from some tens of
//! thousands of games the network learns each game's result by heart (training loss falls,
//! held-out loss rises), while the score is a label per position. `--mirror true` (the
//! default) adds each training position with files a and h swapped, the same chess up to
//! castling rights, which the inputs do not show. Every tenth stretch of 1000 lines is held
//! out; each epoch prints the training and held-out loss, and the end the held-out loss
//! against the results alone beside the hand-written evaluation's, comparable between runs.
//! The learning rate drops tenfold for the last quarter of the epochs. The weights are then
//! rounded to the engine's fixed point (`QA`, `QB`) and written little-endian in the field
//! order of `bbengine::nnue::Network`. Deterministic for the same data in the same order and
//! the same `--seed`.
//!
//! ```sh
//! cargo run --release -p bbengine --example train_nnue -- --data selfplay.txt --epochs 20 \
//!     --out engine/nets/bb.nnue
//! ```
//! `--help` lists the options; bad input prints one `error:` line and exits 2. On a terminal a
//! bar shows the batches, rate and ETA (elsewhere a `progress` line every 5 s).

use std::io::BufRead;

use clap::Parser;

use bbcore::{Color, Role, SplitMix64, Square};
use bbengine::Position;
use bbengine::eval::tuning::golden_section_min;
use bbengine::nnue::{HIDDEN, INPUTS, NETWORK_BYTES, QA, QB, SCALE, feature};

#[path = "../src/bin/bbengine/progress.rs"]
mod progress;
#[path = "../src/bin/bbengine/usage.rs"]
mod usage;

use progress::Progress;
use usage::checked;

/// One position: its inputs from each side's view, whose move it is, and its labels.
struct Sample {
    /// Inputs from White's view, then from Black's; `count` of each are used.
    features: [[u16; 32]; 2],
    count: u8,
    side_to_move: Color,
    /// The target from the side to move's point of view (set once `K` is known).
    target: f32,
    /// The game's result and the search's score, for White.
    result: f32,
    score: f32,
    /// The hand-written evaluation for the side to move (centipawns), to compare with.
    classical: f32,
}

impl Sample {
    /// The sample of `pos`, or with `mirror` of `pos` with files a and h swapped (the same
    /// chess up to castling rights, which the inputs do not show).
    fn new(pos: &Position, mirror: bool, result: f32, score: f32) -> Sample {
        let mut features = [[0u16; 32]; 2];
        let mut count = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    let sq = if mirror { Square::new_masked(sq.index() as u8 ^ 7) } else { sq };
                    if count < 32 {
                        for perspective in Color::ALL {
                            features[perspective.index()][count] = feature(perspective, color, role, sq) as u16;
                        }
                        count += 1;
                    }
                }
            }
        }
        let classical = bbengine::eval::evaluate(pos) as f32;
        Sample { features, count: count as u8, side_to_move: pos.side_to_move(), target: 0.0, result, score, classical }
    }

    /// The game's result for the side to move.
    fn result_for_mover(&self) -> f32 {
        if self.side_to_move == Color::White { self.result } else { 1.0 - self.result }
    }

    /// The inputs of the side to move's view, then of the other side's.
    fn views(&self) -> [&[u16]; 2] {
        let n = usize::from(self.count);
        let us = self.side_to_move.index();
        [&self.features[us][..n], &self.features[1 - us][..n]]
    }
}

/// The float network, every parameter in one vector for the optimizer.
struct Params {
    values: Vec<f32>,
}

const W1: usize = 0;
const B1: usize = W1 + INPUTS * HIDDEN;
const W2: usize = B1 + HIDDEN;
const B2: usize = W2 + 2 * HIDDEN;
const PARAMS: usize = B2 + 1;
/// Largest hidden weight or bias: 32 pieces' weights and the bias stay inside `i16` after
/// scaling by `QA`.
const HIDDEN_CLIP: f32 = 1.98;

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Params {
    fn new(seed: u64) -> Params {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |scale: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale;
        let mut values = vec![0.0f32; PARAMS];
        for v in &mut values[W1..B1] {
            *v = uniform(0.1);
        }
        for v in &mut values[W2..B2] {
            *v = uniform(1.0 / (2.0 * HIDDEN as f32).sqrt());
        }
        Params { values }
    }

    /// The hidden layer before clipping, for one view's inputs.
    fn accumulate(&self, features: &[u16]) -> [f32; HIDDEN] {
        let mut acc = [0.0f32; HIDDEN];
        acc.copy_from_slice(&self.values[B1..W2]);
        for &f in features {
            let column = &self.values[W1 + usize::from(f) * HIDDEN..][..HIDDEN];
            for (a, w) in acc.iter_mut().zip(column) {
                *a += w;
            }
        }
        acc
    }

    /// The float output `y` and both views' accumulators.
    fn forward(&self, sample: &Sample) -> (f32, [[f32; HIDDEN]; 2]) {
        let views = sample.views();
        let accs = [self.accumulate(views[0]), self.accumulate(views[1])];
        let mut y = self.values[B2];
        for (k, acc) in accs.iter().enumerate() {
            let weights = &self.values[W2 + k * HIDDEN..][..HIDDEN];
            for (a, w) in acc.iter().zip(weights) {
                y += a.clamp(0.0, 1.0) * w;
            }
        }
        (y, accs)
    }

    /// Adds the squared error's gradient for `sample` to `grad`; returns the error.
    fn backward(&self, sample: &Sample, c: f32, grad: &mut [f32]) -> f32 {
        let (y, accs) = self.forward(sample);
        let p = sigmoid(c * y);
        let error = p - sample.target;
        let g = 2.0 * error * p * (1.0 - p) * c;
        grad[B2] += g;
        let views = sample.views();
        for (k, acc) in accs.iter().enumerate() {
            let mut delta = [0.0f32; HIDDEN];
            for j in 0..HIDDEN {
                let w = self.values[W2 + k * HIDDEN + j];
                grad[W2 + k * HIDDEN + j] += g * acc[j].clamp(0.0, 1.0);
                if acc[j] > 0.0 && acc[j] < 1.0 {
                    delta[j] = g * w;
                }
            }
            for (gb, d) in grad[B1..W2].iter_mut().zip(&delta) {
                *gb += d;
            }
            for &f in views[k] {
                let column = &mut grad[W1 + usize::from(f) * HIDDEN..][..HIDDEN];
                for (gw, d) in column.iter_mut().zip(&delta) {
                    *gw += d;
                }
            }
        }
        error * error
    }

    /// The net file: every weight rounded to fixed point, little-endian, in field order.
    fn quantized(&self) -> Vec<u8> {
        let round = |v: f32, scale: i32| (v * scale as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let mut words: Vec<i16> = Vec::with_capacity(NETWORK_BYTES / 2);
        words.extend(self.values[W1..W2].iter().map(|&v| round(v, QA)));
        words.extend(self.values[W2..B2].iter().map(|&v| round(v, QB)));
        words.push(round(self.values[B2], QA * QB));
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(bytes.len(), NETWORK_BYTES, "the layout of bbengine::nnue::Network changed");
        bytes
    }
}

/// Mean squared error of `samples` against their targets (forward only, on two threads).
fn loss(params: &Params, samples: &[Sample], c: f32) -> f64 {
    loss_against(params, samples, c, |s| s.target)
}

/// Mean squared error of `samples` against `truth`.
fn loss_against(params: &Params, samples: &[Sample], c: f32, truth: fn(&Sample) -> f32) -> f64 {
    let half = samples.len() / 2;
    let part = |chunk: &[Sample]| -> f64 {
        chunk.iter().map(|s| f64::from((sigmoid(c * params.forward(s).0) - truth(s)).powi(2))).sum()
    };
    let (a, b) = std::thread::scope(|scope| {
        let first = scope.spawn(|| part(&samples[..half]));
        let second = part(&samples[half..]);
        (first.join().unwrap_or(0.0), second)
    });
    (a + b) / samples.len().max(1) as f64
}

/// The `K` of `1 / (1 + 10^(-K * score / 400))` that predicts the results best
/// (golden-section search on 0.1 to 5).
fn fit_k(samples: &[Sample]) -> f64 {
    let error = |k: f64| -> f64 {
        samples
            .iter()
            .map(|s| (f64::from(s.result) - 1.0 / (1.0 + 10f64.powf(-k * f64::from(s.score) / 400.0))).powi(2))
            .sum()
    };
    golden_section_min(0.1, 5.0, error)
}

/// Trains the evaluation network on datagen's `<FEN>;<result>;<score>` lines and writes the
/// net file the engine embeds.
#[derive(Parser)]
#[command(
    name = "train_nnue",
    after_help = "Example: train_nnue --data selfplay.txt --epochs 20 --out engine/nets/bb.nnue"
)]
struct Options {
    /// Positions as `<FEN>;<result>;<score>` lines (datagen's output); may be given again
    #[arg(long, value_name = "FILE")]
    data: Vec<String>,
    /// Passes over the training positions
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = checked::<usize>("--epochs", "a whole number", |_| true))]
    epochs: usize,
    /// Positions per Adam step
    #[arg(long, value_name = "N", default_value_t = 16384,
          value_parser = checked::<usize>("--batch", "a whole number of at least 2", |&b| b >= 2))]
    batch: usize,
    /// Adam's learning rate (a tenth of it for the last quarter of the epochs)
    #[arg(long, value_name = "R", default_value_t = 0.001,
          value_parser = checked::<f32>("--rate", "a positive number", |r| *r > 0.0 && r.is_finite()))]
    rate: f32,
    /// The target: L * result + (1 - L) * the search's score as a probability
    #[arg(long, value_name = "L", default_value_t = 0.0,
          value_parser = checked::<f32>("--lambda", "a number from 0 to 1", |l| (0.0..=1.0).contains(l)))]
    lambda: f32,
    /// Also train on each position with files a and h swapped
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set,
          value_parser = checked::<bool>("--mirror", "true or false", |_| true))]
    mirror: bool,
    /// Seed of the starting weights and the shuffles
    #[arg(long, value_name = "S", default_value_t = 1,
          value_parser = checked::<u64>("--seed", "a whole number", |_| true))]
    seed: u64,
    /// The net file to write
    #[arg(long, value_name = "FILE", default_value = "engine/nets/bb.nnue")]
    out: String,
}

fn read_samples(paths: &[String], mirror: bool) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for path in paths {
        let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for (number, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| format!("{path}: {e}"))?;
            let mut fields = line.split(';');
            let (Some(fen), Some(result), Some(score)) = (fields.next(), fields.next(), fields.next()) else {
                continue;
            };
            let (Ok(pos), Ok(result), Ok(score)) =
                (fen.parse::<Position>(), result.trim().parse::<f32>(), score.trim().parse::<f32>())
            else {
                eprintln!("train_nnue: {path}:{}: skipped, not `<FEN>;<result>;<score>`", number + 1);
                continue;
            };
            let sample = Sample::new(&pos, false, result, score);
            // Whole stretches of 1000 lines (about a dozen games) are held out, so held-out
            // positions do not share games with training ones.
            if (number / 1000) % 10 == 9 {
                held_out.push(sample);
            } else {
                train.push(sample);
                if mirror {
                    train.push(Sample::new(&pos, true, result, score));
                }
            }
        }
    }
    Ok((train, held_out))
}

fn main() {
    let fail = |e: String| -> ! {
        eprintln!("error: {e}");
        std::process::exit(2);
    };
    let options: Options = usage::parse();
    let (mut train, mut held_out) = read_samples(&options.data, options.mirror).unwrap_or_else(|e| fail(e));
    eprintln!("{} training positions, {} held out", train.len(), held_out.len());
    let mut params = Params::new(options.seed);
    if options.epochs > 0 && !train.is_empty() {
        let k = fit_k(&train);
        let c = (k * std::f64::consts::LN_10) as f32;
        for s in train.iter_mut().chain(held_out.iter_mut()) {
            let white = options.lambda * s.result + (1.0 - options.lambda) * sigmoid(c * s.score / 400.0);
            s.target = if s.side_to_move == Color::White { white } else { 1.0 - white };
        }
        // The output is in units of SCALE centipawns.
        let c_out = c * SCALE as f32 / 400.0;
        let classical: f64 =
            held_out.iter().map(|s| f64::from((sigmoid(c * s.classical / 400.0) - s.target).powi(2))).sum::<f64>()
                / held_out.len().max(1) as f64;
        eprintln!("K = {k:.4}; the hand-written evaluation's held-out loss {classical:.6}");
        let mut rng = SplitMix64::new(options.seed ^ 0x5EED);
        let mut order: Vec<u32> = (0..train.len() as u32).collect();
        let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        let mut m = vec![0.0f32; PARAMS];
        let mut v = vec![0.0f32; PARAMS];
        let mut step = 0i32;
        let batches = train.len().div_ceil(options.batch);
        let progress = Progress::new(options.epochs.saturating_mul(batches) as u64, "batches");
        for epoch in 1..=options.epochs {
            let rate = if epoch * 4 > options.epochs * 3 { options.rate * 0.1 } else { options.rate };
            for i in (1..order.len()).rev() {
                order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            let mut train_error = 0.0f64;
            for (done, batch) in order.chunks(options.batch).enumerate() {
                let half = batch.len() / 2;
                let part = |indices: &[u32]| {
                    let mut grad = vec![0.0f32; PARAMS];
                    let mut error = 0.0f64;
                    for &i in indices {
                        error += f64::from(params.backward(&train[i as usize], c_out, &mut grad));
                    }
                    (grad, error)
                };
                let ((mut grad, e1), (g2, e2)) = std::thread::scope(|scope| {
                    let first = scope.spawn(|| part(&batch[..half]));
                    let second = part(&batch[half..]);
                    (first.join().unwrap_or_else(|_| (vec![0.0; PARAMS], 0.0)), second)
                });
                train_error += e1 + e2;
                step += 1;
                let n = batch.len() as f32;
                let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
                for i in 0..PARAMS {
                    grad[i] = (grad[i] + g2[i]) / n;
                    m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
                    v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
                    params.values[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                }
                for w in &mut params.values[W1..W2] {
                    *w = w.clamp(-HIDDEN_CLIP, HIDDEN_CLIP);
                }
                progress.set((epoch - 1).saturating_mul(batches).saturating_add(done + 1) as u64, || {
                    format!("epoch {epoch}/{}", options.epochs)
                });
            }
            progress.println(&format!(
                "epoch {epoch}: loss {:.6} (held out {:.6})",
                train_error / train.len() as f64,
                loss(&params, &held_out, c_out)
            ));
        }
        progress.finish();
        // Comparable between runs with different `--lambda`: against the results alone.
        let classical: f64 = held_out
            .iter()
            .map(|s| f64::from((sigmoid(c * s.classical / 400.0) - s.result_for_mover()).powi(2)))
            .sum::<f64>()
            / held_out.len().max(1) as f64;
        eprintln!(
            "held out against the results: {:.6} (the hand-written evaluation {classical:.6})",
            loss_against(&params, &held_out, c_out, Sample::result_for_mover)
        );
    }
    if let Err(e) = std::fs::write(&options.out, params.quantized()) {
        fail(format!("{}: {e}", options.out));
    }
    eprintln!("wrote {}", options.out);
}
