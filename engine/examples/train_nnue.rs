//! Trains the evaluation network (`src/nnue`) and writes the net file the engine embeds.
//!
//! Input: files of bulletformat `ChessBoard` records (32 bytes each, relative to the side to
//! move: the board, the search's score and the game's result), or directories of `*.bin`
//! such files (`train/record.rs`). The records are streamed: each epoch reads stretches of
//! 1000 records in a seeded order into a buffer of `--buffer` records, shuffles it and trains
//! on it batch by batch, so memory is the buffer, not the data (`train/dataset.rs`).
//!
//! The network's float output `y` (centipawns / `SCALE`) predicts
//! `1 / (1 + 10^(-K * y * SCALE / 400))`, fitted by Adam on mini-batches to
//! `L * result + (1 - L) * 1 / (1 + 10^(-K * score / 400))`, with `K` fitted first (on every
//! training record) so that the scores predict the results best. `--lambda L` defaults to 0,
//! the search score alone: with a few million positions the network learns each game's
//! result by heart. `--mirror true` (the default) adds each training record with files a and h
//! swapped, the same chess up to castling rights, which the inputs do not show. Held out are
//! the records of `--val`, or else every tenth stretch of 1000 records of the files; each
//! epoch prints the training and held-out loss and the held-out loss against the results
//! alone, comparable between runs, beside the hand-written evaluation's. The learning rate drops tenfold for
//! the last quarter of the epochs. The weights are then rounded to the engine's fixed point
//! (`QA`, `QB`) and written little-endian in the field order of `bbengine::nnue::Network`.
//!
//! The layout is `--hidden` units per view and `--buckets` output buckets by material (the
//! engine's `HIDDEN` and `OUTPUT_BUCKETS` by default), any of [`LAYOUTS`], each compiled
//! with its sizes as constants (`train/network.rs`), so the engine needs no rebuild to
//! compare layouts; it reads the net when its two constants are the net's layout.
//! `--king-buckets 4` and `--king-mirror true` make each side's inputs depend on where its own
//! king stands, as strong engines' inputs do (`KingInputs` in `train/record.rs`): the engine's
//! inputs have neither, so such a net is for choosing inputs by held-out loss, written only
//! to an explicit `--out`.
//!
//! Each batch's gradient is computed on `--threads` threads, each on a fixed part of the
//! batch, and the parts are added in a fixed order: the net file is the same, byte for byte,
//! for the same data, options and thread count. After every epoch a checkpoint is written;
//! `--resume` goes on from one to the same bytes as a run never stopped.
//!
//! ```sh
//! cargo run --release -p bbengine --example train_nnue -- --data data/ --epochs 20 \
//!     --out engine/nets/bb.nnue
//! ```
//! `--help` lists the options; bad input prints one `error:` line and exits 2. On a terminal a
//! bar shows the batches, rate and ETA (elsewhere a `progress` line every 5 s).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Parser;

use bbcore::SplitMix64;
use bbengine::Position;
use bbengine::eval::tuning::golden_section_min;
use bbengine::nnue::{HIDDEN, OUTPUT_BUCKETS, SCALE};
use bulletformat::ChessBoard;

#[path = "train/adam.rs"]
mod adam;
#[path = "train/checkpoint.rs"]
mod checkpoint;
#[path = "train/dataset.rs"]
mod dataset;
#[path = "train/network.rs"]
mod network;
#[path = "train/parallel.rs"]
mod parallel;
#[path = "../src/bin/bbengine/progress.rs"]
mod progress;
#[path = "train/record.rs"]
mod record;
#[path = "../src/bin/bbengine/usage.rs"]
mod usage;

use adam::Adam;
use checkpoint::{Checkpoint, Settings};
use dataset::{Dataset, Reader, Stretch};
use network::{Params, sigmoid};
use progress::Progress;
use record::{Inputs, KingInputs};
use usage::checked;

/// Where the net goes unless `--out` says otherwise: the engine's embedded net.
const DEFAULT_OUT: &str = "engine/nets/bb.nnue";

/// Trains the evaluation network on bulletformat `ChessBoard` records and writes the net file
/// the engine embeds.
#[derive(Parser)]
#[command(name = "train_nnue", after_help = "Example: train_nnue --data data/ --epochs 20 --out engine/nets/bb.nnue")]
struct Options {
    /// Records: a file of 32-byte ChessBoard records or a directory of `*.bin` ones; may be
    /// given again
    #[arg(long, value_name = "FILE|DIR", required = true)]
    data: Vec<PathBuf>,
    /// Held-out records (never trained on); without it, every tenth stretch of 1000 records
    /// of the --data files
    #[arg(long, value_name = "FILE|DIR")]
    val: Vec<PathBuf>,
    /// Passes over the training records
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = checked::<usize>("--epochs", "a whole number", |_| true))]
    epochs: usize,
    /// Records per Adam step
    #[arg(long, value_name = "N", default_value_t = 16384,
          value_parser = checked::<usize>("--batch", "a whole number of at least 2", |&b| b >= 2))]
    batch: usize,
    /// Records in memory at once (32 bytes each), shuffled together; at least --batch
    #[arg(long, value_name = "N", default_value_t = 2_000_000,
          value_parser = checked::<usize>("--buffer", "a whole number of at least 2", |&b| b >= 2))]
    buffer: usize,
    /// Adam's learning rate (a tenth of it for the last quarter of the epochs)
    #[arg(long, value_name = "R", default_value_t = 0.001,
          value_parser = checked::<f32>("--rate", "a positive number", |r| *r > 0.0 && r.is_finite()))]
    rate: f32,
    /// The target: L * result + (1 - L) * the search's score as a probability
    #[arg(long, value_name = "L", default_value_t = 0.0,
          value_parser = checked::<f32>("--lambda", "a number from 0 to 1", |l| (0.0..=1.0).contains(l)))]
    lambda: f32,
    /// Also train on each record with files a and h swapped
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set,
          value_parser = checked::<bool>("--mirror", "true or false", |_| true))]
    mirror: bool,
    /// Hidden units per view (the net runs in the engine whose HIDDEN is this)
    #[arg(long, value_name = "N", default_value_t = HIDDEN,
          value_parser = checked::<usize>("--hidden", "a whole number", |_| true))]
    hidden: usize,
    /// Output buckets by material (the net runs in the engine whose OUTPUT_BUCKETS is this)
    #[arg(long, value_name = "N", default_value_t = OUTPUT_BUCKETS,
          value_parser = checked::<usize>("--buckets", "a whole number", |_| true))]
    buckets: usize,
    /// King buckets: sets of inputs chosen by each side's king square, 1 (the engine's) or 4
    /// (back rank corner files, back rank centre, second rank, further up)
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = checked::<usize>("--king-buckets", "1 or 4", |b| KingInputs::BUCKETS.contains(b)))]
    king_buckets: usize,
    /// Each side's inputs mirrored (files a and h swapped) when its king is on files e to h
    /// (the engine's inputs are not; --mirror adds nothing then)
    #[arg(long, value_name = "BOOL", default_value_t = false, action = clap::ArgAction::Set,
          value_parser = checked::<bool>("--king-mirror", "true or false", |_| true))]
    king_mirror: bool,
    /// Seed of the starting weights and the shuffles
    #[arg(long, value_name = "S", default_value_t = 1,
          value_parser = checked::<u64>("--seed", "a whole number", |_| true))]
    seed: u64,
    /// Threads computing each batch's gradient [default: the number of cores]
    #[arg(long, value_name = "N",
          value_parser = checked::<usize>("--threads", "a whole number of at least 1", |&t| t >= 1))]
    threads: Option<usize>,
    /// The net file to write
    #[arg(long, value_name = "FILE", default_value = DEFAULT_OUT)]
    out: PathBuf,
    /// The checkpoint written after every epoch [default: the --out file with `.checkpoint`
    /// added]
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Go on from this checkpoint (made with the same data and options)
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Stop after this many epochs (of --epochs), leaving the checkpoint to resume from
    #[arg(long, value_name = "N",
          value_parser = checked::<usize>("--stop-after", "a whole number of at least 1", |&n| n >= 1))]
    stop_after: Option<usize>,
}

impl Options {
    fn threads(&self) -> usize {
        self.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    fn king_inputs(&self) -> KingInputs {
        KingInputs { buckets: self.king_buckets, mirror: self.king_mirror }
    }

    fn checkpoint(&self) -> PathBuf {
        self.checkpoint.clone().unwrap_or_else(|| {
            let mut path = self.out.clone().into_os_string();
            path.push(".checkpoint");
            path.into()
        })
    }

    /// What a checkpoint must have been made with to be resumed by this run.
    fn settings(&self, dataset: &Dataset) -> Settings {
        vec![
            ("--hidden", self.hidden as u64),
            ("--buckets", self.buckets as u64),
            ("--king-buckets", self.king_buckets as u64),
            ("--king-mirror", u64::from(self.king_mirror)),
            ("--seed", self.seed),
            ("--epochs", self.epochs as u64),
            ("--batch", self.batch as u64),
            ("--buffer", self.buffer as u64),
            ("--mirror", u64::from(self.mirror)),
            ("--lambda", u64::from(self.lambda.to_bits())),
            ("--rate", u64::from(self.rate.to_bits())),
            ("number of training records", dataset::records(&dataset.train)),
            ("number of held-out records", dataset::records(&dataset.held_out)),
        ]
    }
}

/// Compiles the trainer for each layout `hidden x buckets` listed, and picks one by the options.
macro_rules! layouts {
    ($($hidden:literal x $buckets:literal),*) => {
        /// The layouts `(hidden, buckets)` this trainer is compiled for.
        pub const LAYOUTS: &[(usize, usize)] = &[$(($hidden, $buckets)),*];

        /// The whole run, with the layout of `--hidden` and `--buckets`.
        fn train(options: &Options) -> Result<(), String> {
            match (options.hidden, options.buckets) {
                $(($hidden, $buckets) => train_layout::<$hidden, $buckets>(options),)*
                (hidden, buckets) => {
                    let known: Vec<String> = LAYOUTS.iter().map(|(h, b)| format!("{h} x {b}")).collect();
                    Err(format!(
                        "--hidden {hidden} --buckets {buckets}: not a layout this trainer is built for (hidden x \
                         buckets: {}; another is one line in train_nnue.rs)",
                        known.join(", ")
                    ))
                }
            }
        }

        const _: () = assert!(
            matches!((HIDDEN, OUTPUT_BUCKETS), $(($hidden, $buckets))|*),
            "the engine's layout must be one the trainer trains"
        );
    };
}

layouts!(128 x 1, 128 x 8, 256 x 1, 256 x 8, 384 x 1, 384 x 8, 512 x 1, 512 x 8);

fn main() {
    let options: Options = usage::parse();
    if let Err(e) = train(&options) {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

/// How a record's labels become a target, and the output's scale in the sigmoid.
#[derive(Clone, Copy)]
struct Labels {
    /// `K * ln 10`: the sigmoid's scale for a score in units of 400 centipawns.
    c: f32,
    lambda: f32,
}

impl Labels {
    /// The target for the side to move.
    fn target(&self, board: &ChessBoard) -> f32 {
        self.lambda * record::result(board) + (1.0 - self.lambda) * sigmoid(self.c * f32::from(board.score) / 400.0)
    }

    /// The sigmoid's scale for the network's output, in units of `SCALE` centipawns.
    fn c_out(&self) -> f32 {
        self.c * SCALE as f32 / 400.0
    }
}

/// Mean squared errors over some records: against the targets, and against the results alone
/// (comparable between runs with different `--lambda`).
#[derive(Clone, Copy, Default)]
struct Losses {
    target: f64,
    results: f64,
    count: u64,
}

impl Losses {
    fn add(mut self, other: Losses) -> Losses {
        self.target += other.target;
        self.results += other.results;
        self.count += other.count;
        self
    }

    fn mean(&self) -> (f64, f64) {
        let n = self.count.max(1) as f64;
        (self.target / n, self.results / n)
    }

    /// `p`'s errors for `board`.
    fn of(p: f32, board: &ChessBoard, labels: &Labels) -> Losses {
        let (target, result) = (labels.target(board), record::result(board));
        Losses { target: f64::from((p - target).powi(2)), results: f64::from((p - result).powi(2)), count: 1 }
    }
}

/// The `K` of `1 / (1 + 10^(-K * score / 400))` that predicts the results of `stretches`
/// best (golden-section search on 0.1 to 5), from one pass counting each (score, result).
fn fit_k(reader: &mut Reader, stretches: &[Stretch], buffer: usize) -> Result<f64, String> {
    let mut counts = vec![[0u64; 3]; 1 << 16];
    reader.blocks(stretches, buffer, |block| {
        for board in block {
            counts[(i32::from(board.score) + 32768) as usize][usize::from(board.result)] += 1;
        }
    })?;
    let seen: Vec<(f64, [u64; 3])> = counts
        .iter()
        .enumerate()
        .filter(|(_, c)| c.iter().any(|&n| n > 0))
        .map(|(i, &c)| (i as f64 - 32768.0, c))
        .collect();
    let error = |k: f64| -> f64 {
        seen.iter()
            .map(|&(score, c)| {
                let p = 1.0 / (1.0 + 10f64.powf(-k * score / 400.0));
                (0..3).map(|r| c[r] as f64 * (r as f64 / 2.0 - p).powi(2)).sum::<f64>()
            })
            .sum()
    };
    Ok(golden_section_min(0.1, 5.0, error))
}

/// The network's losses on `stretches` (forward only, on `threads` threads).
fn losses<const H: usize, const B: usize, const K: usize>(
    params: &Params<H, B, K>,
    reader: &mut Reader,
    stretches: &[Stretch],
    options: &Options,
    labels: &Labels,
) -> Result<Losses, String> {
    let mut total = Losses::default();
    let mut states = vec![(); options.threads()];
    reader.blocks(stretches, options.buffer, |block| {
        let parts = parallel::in_parts(block, &mut states, |part, _| {
            part.iter().fold(Losses::default(), |sum, board| {
                let y = params.forward(&Inputs::with(board, options.king_inputs())).0;
                sum.add(Losses::of(sigmoid(labels.c_out() * y), board, labels))
            })
        });
        total = parts.into_iter().fold(total, Losses::add);
    })?;
    Ok(total)
}

/// The hand-written evaluation's losses on `stretches` (records it cannot read as a position
/// are left out and counted).
fn classical_losses(
    reader: &mut Reader,
    stretches: &[Stretch],
    options: &Options,
    labels: &Labels,
) -> Result<(Losses, u64), String> {
    let (mut total, mut unreadable) = (Losses::default(), 0);
    let mut states = vec![(); options.threads()];
    reader.blocks(stretches, options.buffer, |block| {
        let parts = parallel::in_parts(block, &mut states, |part, _| {
            part.iter().fold((Losses::default(), 0), |(sum, bad), board| match record::fen(board).parse::<Position>() {
                Ok(pos) => {
                    let p = sigmoid(labels.c * bbengine::eval::evaluate(&pos) as f32 / 400.0);
                    (sum.add(Losses::of(p, board, labels)), bad)
                }
                Err(_) => (sum, bad + 1),
            })
        });
        for (sum, bad) in parts {
            total = total.add(sum);
            unreadable += bad;
        }
    })?;
    Ok((total, unreadable))
}

/// The random numbers of `epoch`'s shuffles, from the seed and the epoch alone (so a resumed
/// run draws the same ones).
fn epoch_rng(seed: u64, epoch: usize) -> SplitMix64 {
    let mut mix = SplitMix64::new(seed ^ 0x5EED);
    SplitMix64::new(mix.next_u64() ^ (epoch as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The next epoch of `run`: Adam's steps on every batch of the training `stretches`, each
/// batch's gradient summed from `grads.len()` threads' parts; `progress` hears each batch's
/// number. Returns the sum of the squared errors.
fn train_epoch<const H: usize, const B: usize, const K: usize>(
    run: &mut Checkpoint<H, B, K>,
    grads: &mut [Vec<f32>],
    reader: &mut Reader,
    stretches: &[Stretch],
    options: &Options,
    labels: Labels,
    mut progress: impl FnMut(u64),
) -> Result<f64, String> {
    let epoch = run.epochs as usize + 1;
    let rate = if epoch * 4 > options.epochs * 3 { options.rate * 0.1 } else { options.rate };
    let mut rng = epoch_rng(options.seed, epoch);
    let (mut error, mut batches) = (0.0f64, 0u64);
    let Checkpoint { params, adam, .. } = run;
    let king = options.king_inputs();
    reader.epoch(stretches, &mut rng, options.buffer, options.batch, options.mirror, |batch| {
        let errors = parallel::in_parts(batch, grads, |part, grad| {
            grad.fill(0.0);
            part.iter()
                .map(|b| f64::from(params.backward(&Inputs::with(b, king), labels.target(b), labels.c_out(), grad)))
                .sum::<f64>()
        });
        error += errors.iter().sum::<f64>();
        adam.step(&mut params.values, grads, batch.len(), rate);
        params.clip();
        batches += 1;
        progress(batches);
    })?;
    run.epochs += 1;
    Ok(error)
}

/// The whole run for a network of `H` hidden units and `B` buckets, with the king buckets of
/// `--king-buckets`.
fn train_layout<const H: usize, const B: usize>(options: &Options) -> Result<(), String> {
    match options.king_buckets {
        1 => train_net::<H, B, 1>(options),
        4 => train_net::<H, B, 4>(options),
        n => Err(format!("--king-buckets {n}: not 1 or 4")),
    }
}

/// The whole run for a network of `H` hidden units, `B` buckets and `K` king buckets: read,
/// fit `K`, train (or resume), checkpoint every epoch, write the net.
fn train_net<const H: usize, const B: usize, const K: usize>(options: &Options) -> Result<(), String> {
    let king = options.king_inputs();
    if king != KingInputs::PLAIN && options.out.as_os_str() == DEFAULT_OUT {
        return Err(format!(
            "the engine's inputs have no king buckets or mirroring, so this net cannot replace {DEFAULT_OUT}: give --out"
        ));
    }
    if options.buffer < options.batch {
        return Err(format!("--buffer ({}) must hold at least a batch (--batch {})", options.buffer, options.batch));
    }
    let threads = options.threads();
    let dataset = Dataset::open(&options.data, &options.val)?;
    let (train_records, held_records) = (dataset::records(&dataset.train), dataset::records(&dataset.held_out));
    let trained = train_records * if options.mirror { 2 } else { 1 };
    eprintln!(
        "{train_records} training records ({trained} with mirrored copies), {held_records} held out; \
         buffer {} records ({} MB), {threads} threads; layout {K} x {} -> {H} x 2 -> 1 of {B} buckets{}",
        options.buffer,
        (options.buffer + 2 * dataset::STRETCH as usize) * record::RECORD_BYTES / 1_000_000,
        bbengine::nnue::INPUTS,
        if king.mirror { ", inputs mirrored by each king's file" } else { "" }
    );
    let settings = options.settings(&dataset);
    let mut run: Checkpoint<H, B, K> = match &options.resume {
        Some(path) => {
            let checkpoint = Checkpoint::load(path, &settings)?;
            eprintln!("resuming {} after epoch {}", path.display(), checkpoint.epochs);
            checkpoint
        }
        None => Checkpoint {
            settings,
            epochs: 0,
            params: Params::new(options.seed),
            adam: Adam::new(Params::<H, B, K>::PARAMS),
        },
    };
    if options.epochs > 0 && train_records == 0 {
        return Err("no training records (every --data file is empty or held out)".into());
    }
    let mut reader = dataset.reader();
    let (first, last) = (run.epochs as usize, options.stop_after.map_or(options.epochs, |n| n.min(options.epochs)));
    if first < last {
        let k = fit_k(&mut reader, &dataset.train, options.buffer)?;
        let labels = Labels { c: (k * std::f64::consts::LN_10) as f32, lambda: options.lambda };
        let (classical, unreadable) = classical_losses(&mut reader, &dataset.held_out, options, &labels)?;
        let (target, results) = classical.mean();
        eprintln!(
            "K = {k:.4}; the hand-written evaluation's held-out loss {target:.6}, against the results \
             {results:.6} ({unreadable} records not read as a position)"
        );
        let batches = dataset::batches(train_records, options.mirror, options.batch);
        let progress = Progress::new((options.epochs as u64).saturating_mul(batches), "batches");
        let mut grads = vec![vec![0.0f32; Params::<H, B, K>::PARAMS]; threads];
        let (mut held_results, mut training_time) = (f64::NAN, Duration::ZERO);
        for epoch in first + 1..=last {
            let start = Instant::now();
            let error = train_epoch(&mut run, &mut grads, &mut reader, &dataset.train, options, labels, |batch| {
                progress.set((epoch as u64 - 1) * batches + batch, || format!("epoch {epoch}/{}", options.epochs));
            })?;
            let seconds = start.elapsed();
            training_time += seconds;
            let held_target;
            (held_target, held_results) = losses(&run.params, &mut reader, &dataset.held_out, options, &labels)?.mean();
            progress.println(&format!(
                "epoch {epoch}/{}: loss {:.6} (held out {held_target:.6}, against the results {held_results:.6}); \
                 {:.0} positions/s",
                options.epochs,
                error / trained as f64,
                trained as f64 / seconds.as_secs_f64()
            ));
            run.save(&options.checkpoint())?;
        }
        progress.finish();
        let positions = trained * (last - first) as u64;
        eprintln!(
            "held out against the results: {held_results:.6} (the hand-written evaluation {:.6}); \
             {positions} positions trained on in {:.1} s, {:.0} positions/s on {threads} threads",
            classical.mean().1,
            training_time.as_secs_f64(),
            positions as f64 / training_time.as_secs_f64().max(1e-9)
        );
    }
    std::fs::write(&options.out, run.params.quantized()).map_err(|e| format!("{}: {e}", options.out.display()))?;
    if (run.epochs as usize) < options.epochs {
        eprintln!(
            "stopped after epoch {} of {}: `--resume {}` goes on",
            run.epochs,
            options.epochs,
            options.checkpoint().display()
        );
    }
    eprintln!("wrote {} ({} bytes)", options.out.display(), Params::<H, B, K>::BYTES);
    if king != KingInputs::PLAIN {
        eprintln!(
            "the engine cannot read this net: its inputs have no king buckets ({K} here) or mirroring ({} here)",
            king.mirror
        );
    } else if (H, B) != (HIDDEN, OUTPUT_BUCKETS) {
        eprintln!(
            "the engine reads this net when engine/src/nnue/mod.rs has HIDDEN = {H} and OUTPUT_BUCKETS = {B} \
             (now {HIDDEN} and {OUTPUT_BUCKETS})"
        );
    }
    Ok(())
}

#[cfg(test)]
#[path = "train/tests.rs"]
mod tests;
