//! The trainer's tests: the inputs against the engine's, the export against the engine and,
//! for layouts the engine is not built with, against a reference evaluator of the net file,
//! the gradient against finite differences (with and without buckets), the streaming,
//! determinism, resuming, and refusals of bad input.

use std::path::Path;

use bbcore::{Color, Role, SplitMix64};
use bbengine::Position;
use bbengine::nnue::{HIDDEN, INPUTS, Network, OUTPUT_BUCKETS, QA, QB, SCALE, feature, output_bucket};
use bulletformat::ChessBoard;
use clap::Parser;

use super::network::{Params, sigmoid};
use super::record::{self, Inputs, KingInputs};
use super::{Dataset, Options, dataset, train};

/// The engine's layout.
type Engine = Params<HIDDEN, OUTPUT_BUCKETS>;
/// A small layout with buckets, which the engine is not built with.
type Bucketed = Params<32, 8>;

/// Positions with little symmetry, each also with the other side to move.
const FENS: [&str; 4] = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "4k3/1p6/8/3n4/8/2Q5/5PP1/6K1 w - - 0 40",
    "r4rk1/1b2qppp/p2bpn2/1p6/3N4/1BN1P3/PP2QPPP/R4RK1 w - - 2 15",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 w - - 0 60",
];

fn with_side(fen: &str, side: &str) -> String {
    fen.replacen(" w ", &format!(" {side} "), 1)
}

fn board_of(fen: &str, score: i32, result: &str) -> ChessBoard {
    format!("{fen} | {score} | {result}").parse().expect("a valid test position")
}

/// Seeded random weights, biases too, the output weights four times the starting ones (so
/// that outputs are large).
fn random_params<const H: usize, const B: usize, const K: usize>(seed: u64) -> Params<H, B, K> {
    let mut params = Params::<H, B, K>::new(seed);
    let mut rng = SplitMix64::new(seed ^ 1);
    for v in &mut params.values[Params::<H, B, K>::B1..Params::<H, B, K>::W2] {
        *v = ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.2;
    }
    for v in &mut params.values[Params::<H, B, K>::W2..Params::<H, B, K>::B2] {
        *v *= 4.0;
    }
    for (bucket, v) in params.values[Params::<H, B, K>::B2..].iter_mut().enumerate() {
        *v = 0.1 - 0.05 * bucket as f32;
    }
    params
}

/// [`random_params`] rounded to the engine's fixed point, so that the float forward pass and
/// the engine's integer one compute the same sums.
fn exact_params<const H: usize, const B: usize>(seed: u64) -> Params<H, B> {
    let mut params = random_params::<H, B, 1>(seed);
    for (i, v) in params.values.iter_mut().enumerate() {
        let scale = if i < Params::<H, B>::W2 {
            QA
        } else if i < Params::<H, B>::B2 {
            QB
        } else {
            QA * QB
        } as f32;
        *v = (*v * scale).round() / scale;
    }
    params
}

/// A record's inputs are the engine's inputs of the position it came from, for either side
/// to move: the trainer's output is the engine's evaluation of the exported net (to a
/// centipawn: the engine divides in integers).
#[test]
fn inputs_match_the_engine() {
    let params = exact_params::<HIDDEN, OUTPUT_BUCKETS>(7);
    let net = Network::from_bytes(&params.quantized()).unwrap();
    let mut largest = 0;
    for fen in FENS {
        for side in ["w", "b"] {
            let fen = with_side(fen, side);
            let pos: Position = fen.parse().unwrap();
            let board = board_of(&fen, 0, "0.5");
            assert_eq!(record::decode(&record::encode(&board)), Ok(board));
            let trainer = params.forward(&Inputs::of(&board)).0 * SCALE as f32;
            let engine = net.evaluate(&pos);
            assert!((trainer - engine as f32).abs() < 1.01, "{fen}: trainer {trainer}, engine {engine}");
            largest = largest.max(engine.abs());
        }
    }
    // Outputs this large would differ by far more with the views or squares mixed up.
    assert!(largest > 100, "the test net's outputs are too small to tell: {largest}");
}

/// The engine's evaluation, written again for a net file of any layout (`hidden` units,
/// `buckets` output layers): the file read as the field order `bbengine::nnue::Network`
/// documents, the accumulators summed from each piece's input, the bucket's output.
fn reference_evaluate(bytes: &[u8], hidden: usize, buckets: usize, pos: &Position) -> i32 {
    let words: Vec<i32> = bytes.chunks_exact(2).map(|b| i32::from(i16::from_le_bytes([b[0], b[1]]))).collect();
    assert_eq!(words.len(), INPUTS * hidden + hidden + buckets * (2 * hidden + 1), "the net file's size");
    let (columns, rest) = words.split_at(INPUTS * hidden);
    let (bias, rest) = rest.split_at(hidden);
    let (output_weights, output_bias) = rest.split_at(buckets * 2 * hidden);
    let accumulator = |perspective: Color| -> Vec<i32> {
        let mut acc = bias.to_vec();
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    let column = &columns[feature(perspective, color, role, sq) * hidden..][..hidden];
                    acc.iter_mut().zip(column).for_each(|(a, w)| *a += w);
                }
            }
        }
        acc
    };
    let bucket = output_bucket(pos.occupied().count(), buckets);
    let views = [accumulator(pos.side_to_move()), accumulator(pos.side_to_move().other())];
    let mut sum = output_bias[bucket];
    for (k, view) in views.iter().enumerate() {
        let weights = &output_weights[(2 * bucket + k) * hidden..][..hidden];
        sum += view.iter().zip(weights).map(|(a, w)| a.clamp(&0, &QA) * w).sum::<i32>();
    }
    sum * SCALE / (QA * QB)
}

/// The positions of [`FENS`] with either side to move.
fn positions() -> Vec<(String, Position)> {
    let fens = FENS.iter().flat_map(|fen| ["w", "b"].map(|side| with_side(fen, side)));
    fens.map(|fen| {
        let pos = fen.parse().unwrap();
        (fen, pos)
    })
    .collect()
}

/// The reference evaluator is the engine's evaluation on the engine's layout.
#[test]
fn the_reference_is_the_engine() {
    let bytes = exact_params::<HIDDEN, OUTPUT_BUCKETS>(9).quantized();
    let net = Network::from_bytes(&bytes).unwrap();
    for (fen, pos) in positions() {
        assert_eq!(reference_evaluate(&bytes, HIDDEN, OUTPUT_BUCKETS, &pos), net.evaluate(&pos), "{fen}");
    }
}

/// A layout with buckets exports the file the reference evaluator reads as the trainer's
/// output, each position from its own bucket's output layer.
#[test]
fn bucketed_export_matches_the_reference() {
    let params = exact_params::<32, 8>(5);
    let bytes = params.quantized();
    assert_eq!(bytes.len(), Bucketed::BYTES);
    let mut largest = 0;
    let mut buckets = Vec::new();
    for (fen, pos) in positions() {
        let board = board_of(&fen, 0, "0.5");
        let inputs = Inputs::of(&board);
        assert_eq!(Bucketed::bucket(&inputs), output_bucket(pos.occupied().count(), 8), "{fen}");
        buckets.push(Bucketed::bucket(&inputs));
        let trainer = params.forward(&inputs).0 * SCALE as f32;
        let reference = reference_evaluate(&bytes, 32, 8, &pos);
        assert!((trainer - reference as f32).abs() < 1.01, "{fen}: trainer {trainer}, reference {reference}");
        largest = largest.max(reference.abs());
    }
    assert!(largest > 100, "the test net's outputs are too small to tell: {largest}");
    buckets.sort_unstable();
    buckets.dedup();
    assert_eq!(buckets, [1, 3, 6, 7], "the test positions' buckets");
}

/// The labels of a Black-to-move record are the side to move's: flipped from White's.
#[test]
fn labels_are_the_side_to_moves() {
    let fen = with_side(FENS[1], "b");
    let board = board_of(&fen, 250, "1");
    assert_eq!((board.score, record::result(&board)), (-250, 0.0));
    // The record's board is the colour-swapped, flipped position, White to move.
    let pos: Position = record::fen(&board).parse().unwrap();
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(record::fen(&board), "6k1/5pp1/2q5/8/3N4/8/1P6/4K3 w - - 0 1");
}

/// Files a and h swapped in the record are files a and h swapped in the FEN.
#[test]
fn mirrored_is_the_mirrored_position() {
    for fen in FENS {
        let mut fields = fen.split(' ');
        let ranks: Vec<String> = fields.next().unwrap().split('/').map(|rank| rank.chars().rev().collect()).collect();
        let mirror = format!("{} {} - - 0 1", ranks.join("/"), fields.next().unwrap());
        assert_eq!(record::mirrored(&board_of(fen, 17, "1")), board_of(&mirror, 17, "1"), "{fen}");
    }
}

/// The gradient of the squared error is its finite difference on a small batch (weights off
/// the fixed-point grid, where sums of them could sit exactly on the clipping's corners): for
/// hidden weights and biases, and the output weights and bias of each position's bucket; a
/// bucket no position falls in gets none.
fn gradient_matches_finite_differences<const H: usize, const B: usize, const K: usize>(king: KingInputs) {
    type P<const H: usize, const B: usize, const K: usize> = Params<H, B, K>;
    let params = random_params::<H, B, K>(3);
    let c = 2.5;
    let batch: Vec<(Inputs, f32)> = FENS
        .iter()
        .zip([0.2, 0.5, 0.9, 0.6])
        .map(|(fen, t)| (Inputs::with(&board_of(fen, 0, "0.5"), king), t))
        .collect();
    let loss = |params: &Params<H, B, K>| -> f64 {
        batch.iter().map(|(inputs, t)| f64::from((sigmoid(c * params.forward(inputs).0) - t).powi(2))).sum()
    };
    let mut grad = vec![0.0f32; P::<H, B, K>::PARAMS];
    for (inputs, t) in &batch {
        params.backward(inputs, *t, c, &mut grad);
    }
    let features = batch[0].0.views();
    let buckets: Vec<usize> = batch.iter().map(|(inputs, _)| P::<H, B, K>::bucket(inputs)).collect();
    let mut checked = Vec::new();
    for j in [0, 5, 17, H - 1] {
        checked.push(P::<H, B, K>::B1 + j);
        for &b in &buckets {
            checked.extend([
                P::<H, B, K>::W2 + 2 * b * H + j,
                P::<H, B, K>::W2 + (2 * b + 1) * H + j,
                P::<H, B, K>::B2 + b,
            ]);
        }
        for view in features {
            checked.extend(view[..3].iter().map(|&f| P::<H, B, K>::W1 + usize::from(f) * H + j));
        }
    }
    let h = 1e-3;
    let mut largest = 0.0f32;
    for i in checked {
        let (mut up, mut down) = (params.clone(), params.clone());
        up.values[i] += h;
        down.values[i] -= h;
        let numeric = ((loss(&up) - loss(&down)) / (2.0 * f64::from(h))) as f32;
        assert!(
            (numeric - grad[i]).abs() <= 2e-4 + 0.02 * grad[i].abs(),
            "parameter {i}: {numeric} against {}",
            grad[i]
        );
        largest = largest.max(grad[i].abs());
    }
    assert!(largest > 1e-2, "the gradients checked are all near zero: {largest}");
    for b in (0..B).filter(|b| !buckets.contains(b)) {
        let outputs = P::<H, B, K>::W2 + 2 * b * H..P::<H, B, K>::W2 + 2 * (b + 1) * H;
        assert!(grad[outputs].iter().chain([&grad[P::<H, B, K>::B2 + b]]).all(|&g| g == 0.0), "bucket {b}");
    }
}

#[test]
fn gradient_of_the_engines_layout() {
    gradient_matches_finite_differences::<HIDDEN, OUTPUT_BUCKETS, 1>(KingInputs::PLAIN);
}

#[test]
fn gradient_with_buckets() {
    gradient_matches_finite_differences::<32, 8, 1>(KingInputs::PLAIN);
}

#[test]
fn gradient_with_king_buckets() {
    gradient_matches_finite_differences::<32, 8, 4>(KingInputs { buckets: 4, mirror: true });
}

/// Each view's inputs sorted (a record's pieces come in square order, which mirroring
/// changes).
fn sorted_views(inputs: &Inputs) -> [Vec<u16>; 2] {
    inputs.views().map(|view| {
        let mut view = view.to_vec();
        view.sort_unstable();
        view
    })
}

/// With mirroring by the king's file, a position and its mirror image have the same inputs,
/// whichever side is to move; without it (the engine's inputs) they differ.
#[test]
fn king_mirroring_sees_a_position_and_its_mirror_alike() {
    for fen in FENS {
        for side in ["w", "b"] {
            let board = board_of(&with_side(fen, side), 0, "0.5");
            let mirror = record::mirrored(&board);
            for king in [KingInputs { buckets: 1, mirror: true }, KingInputs { buckets: 4, mirror: true }] {
                let (a, b) = (Inputs::with(&board, king), Inputs::with(&mirror, king));
                assert_eq!(sorted_views(&a), sorted_views(&b), "{fen} {side} {king:?}");
            }
            assert_ne!(sorted_views(&Inputs::of(&board)), sorted_views(&Inputs::of(&mirror)), "{fen} {side}");
        }
    }
}

/// Each view takes the set of its own king's bucket, its king seen from its own side, and is
/// mirrored by its own king's file.
#[test]
fn king_buckets_follow_each_views_king() {
    let king = KingInputs { buckets: 4, mirror: true };
    let set = |inputs: &Inputs, view: usize| -> Vec<usize> {
        let mut sets: Vec<usize> = inputs.views()[view].iter().map(|&f| usize::from(f) / INPUTS).collect();
        sets.dedup();
        sets
    };
    // White to move, king g1 (a back rank corner file): set 0; Black's king e8 is on its own
    // back rank's centre: set 1.
    let inputs = Inputs::with(&board_of("4k3/8/8/8/8/8/7P/6K1 w - - 0 1", 0, "0.5"), king);
    assert_eq!((set(&inputs, 0), set(&inputs, 1)), (vec![0], vec![1]));
    // White's view is mirrored (king on the g-file): the h2 pawn is its a2 pawn.
    assert!(inputs.views()[0].contains(&(feature(Color::White, Color::White, Role::Pawn, bbcore::Square::A2) as u16)));
    // Black's view is mirrored too (its king is on the e-file, and files e to h are), in set 1.
    let a2 = INPUTS + feature(Color::Black, Color::White, Role::Pawn, bbcore::Square::A2);
    assert!(inputs.views()[1].contains(&(a2 as u16)));
    // Black to move, Black's king h5 (its fourth rank): set 3; White's e2: set 2.
    let inputs = Inputs::with(&board_of("8/8/8/7k/8/8/4K3/8 b - - 0 1", 0, "0.5"), king);
    assert_eq!((set(&inputs, 0), set(&inputs, 1)), (vec![3], vec![2]));
    // Without buckets every view uses the one set.
    let inputs =
        Inputs::with(&board_of("8/8/8/7k/8/8/4K3/8 b - - 0 1", 0, "0.5"), KingInputs { buckets: 1, mirror: true });
    assert_eq!((set(&inputs, 0), set(&inputs, 1)), (vec![0], vec![0]));
}

/// Records of random games (with the hand-written evaluation as the score), `games` games.
fn random_records(seed: u64, games: usize) -> Vec<ChessBoard> {
    let mut rng = SplitMix64::new(seed);
    let mut records = Vec::new();
    for _ in 0..games {
        let mut pos = Position::startpos();
        let mut game = Vec::new();
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            if !pos.is_check() {
                let score = bbengine::eval::evaluate(&pos).clamp(-3000, 3000);
                game.push((pos.to_string(), if pos.side_to_move() == Color::White { score } else { -score }));
            }
        }
        let result = ["0", "0.5", "1"][(rng.next_u64() % 3) as usize];
        records.extend(game.iter().map(|(fen, score)| board_of(fen, *score, result)));
    }
    records
}

fn write_records(path: &Path, records: &[ChessBoard]) {
    std::fs::write(path, records.iter().flat_map(record::encode).collect::<Vec<u8>>()).unwrap();
}

/// A directory of three `*.bin` files of random games' records (and a file to be ignored).
fn data_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (i, seed) in [11, 12, 13].into_iter().enumerate() {
        write_records(&dir.path().join(format!("chunk-{i:05}.bin")), &random_records(seed, 16));
    }
    std::fs::write(dir.path().join("README.txt"), "not records").unwrap();
    dir
}

fn options(data: &Path, out: &Path, more: &[&str]) -> Options {
    let base = ["train_nnue", "--data", data.to_str().unwrap(), "--out", out.to_str().unwrap()];
    let small = [["--epochs", "3"], ["--batch", "200"], ["--buffer", "900"]];
    let defaults = small.iter().filter(|[flag, _]| !more.contains(flag)).flatten();
    Options::try_parse_from(base.iter().chain(defaults).chain(more)).unwrap()
}

/// Runs the trainer; the net file's bytes.
fn net(options: &Options) -> Vec<u8> {
    train(options).unwrap();
    std::fs::read(&options.out).unwrap()
}

/// An epoch reads every training record once (and its mirrored copy), in whole batches but
/// the last; held out are every tenth stretch's records, never trained on.
#[test]
fn an_epoch_streams_every_record_once() {
    let dir = tempfile::tempdir().unwrap();
    let records = random_records(5, 150);
    assert!(records.len() > 10 * dataset::STRETCH as usize, "{}", records.len());
    write_records(&dir.path().join("a.bin"), &records);
    let data = Dataset::open(&[dir.path().into()], &[]).unwrap();
    let stretches = records.chunks(dataset::STRETCH as usize).enumerate();
    let mut expected: Vec<[u8; 32]> =
        stretches.filter(|(i, _)| i % 10 != 9).flat_map(|(_, s)| s.iter().map(record::encode)).collect();
    assert_eq!(dataset::records(&data.held_out) as usize, records.len() - expected.len());
    expected.extend(expected.clone().iter().map(|r| record::encode(&record::mirrored(&record::decode(r).unwrap()))));
    expected.sort_unstable();
    let mut seen = Vec::new();
    let mut sizes = Vec::new();
    let mut rng = SplitMix64::new(1);
    data.reader()
        .epoch(&data.train, &mut rng, 700, 64, true, |batch| {
            sizes.push(batch.len());
            seen.extend(batch.iter().map(record::encode));
        })
        .unwrap();
    seen.sort_unstable();
    assert_eq!(seen, expected);
    assert!(sizes[..sizes.len() - 1].iter().all(|&n| n == 64));
    assert_eq!(sizes.len() as u64, dataset::batches(dataset::records(&data.train), true, 64));
}

/// Stretches are counted across files: a directory of small chunk files holds some out too,
/// and `--val` holds out its own records instead.
#[test]
fn held_out_stretches_are_counted_across_files() {
    let dir = tempfile::tempdir().unwrap();
    let chunk = vec![board_of(FENS[2], 30, "0.5"); 500];
    for i in 0..12 {
        write_records(&dir.path().join(format!("chunk-{i:05}.bin")), &chunk);
    }
    let data = Dataset::open(&[dir.path().into()], &[]).unwrap();
    assert_eq!((dataset::records(&data.train), dataset::records(&data.held_out)), (5500, 500));
    let val = tempfile::tempdir().unwrap();
    write_records(&val.path().join("val.bin"), &chunk[..123]);
    let data = Dataset::open(&[dir.path().into()], &[val.path().into()]).unwrap();
    assert_eq!((dataset::records(&data.train), dataset::records(&data.held_out)), (6000, 123));
    let both = Dataset::open(&[dir.path().into()], &[dir.path().join("chunk-00003.bin")]);
    assert!(both.is_err_and(|e| e.contains("given both as --data and as --val")));
}

/// The same data, options and thread count give the same bytes; so does a resumed run.
#[test]
fn deterministic_and_resumable() {
    let data = data_dir();
    let out = tempfile::tempdir().unwrap();
    let path = |name: &str| out.path().join(name);
    let first = net(&options(data.path(), &path("a.nnue"), &["--threads", "2"]));
    let second = net(&options(data.path(), &path("b.nnue"), &["--threads", "2"]));
    assert!(first == second, "two runs with the same seed and threads differ");
    assert!(first != Engine::new(1).quantized(), "training changed nothing");
    // Stopped after one epoch, then resumed from its checkpoint.
    let stopped = options(data.path(), &path("c.nnue"), &["--threads", "2", "--stop-after", "1"]);
    net(&stopped);
    let checkpoint = path("c.nnue.checkpoint");
    let resume = ["--threads", "2", "--resume", checkpoint.to_str().unwrap()];
    let resumed = net(&options(data.path(), &path("d.nnue"), &resume));
    assert!(first == resumed, "a resumed run differs from one never stopped");
    // One thread: the same bytes run to run as well.
    let one = net(&options(data.path(), &path("e.nnue"), &["--threads", "1"]));
    assert!(one == net(&options(data.path(), &path("f.nnue"), &["--threads", "1"])));
}

/// Bad files and mismatched checkpoints are refused with a message that says why.
#[test]
fn bad_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.nnue");
    let error = |data: &Path, more: &[&str]| train(&options(data, &out, more)).unwrap_err();

    let short = dir.path().join("short.bin");
    std::fs::write(&short, [0u8; 33]).unwrap();
    let message = error(&short, &[]);
    assert!(message.contains("33 bytes is not a whole number of 32-byte records"), "{message}");

    let mut bad = record::encode(&board_of(FENS[0], 0, "1"));
    bad[26] = 7;
    let bad_result = dir.path().join("bad.bin");
    std::fs::write(&bad_result, bad).unwrap();
    let message = error(&bad_result, &[]);
    assert!(message.contains("record 0 is not a ChessBoard record: a result other than 0, 1 or 2"), "{message}");

    let empty = tempfile::tempdir().unwrap();
    assert!(error(empty.path(), &[]).contains("no *.bin files"));
    assert!(error(&dir.path().join("missing.bin"), &[]).contains("missing.bin"));

    let data = data_dir();
    let message = error(data.path(), &["--buffer", "100"]);
    assert!(message.contains("--buffer (100) must hold at least a batch"), "{message}");
    train(&options(data.path(), &out, &["--stop-after", "1"])).unwrap();
    let checkpoint = dir.path().join("out.nnue.checkpoint");
    let message = error(data.path(), &["--batch", "100", "--resume", checkpoint.to_str().unwrap()]);
    assert!(message.contains("made with another --batch"), "{message}");
    let message = error(data.path(), &["--resume", short.to_str().unwrap()]);
    assert!(message.contains("not a checkpoint"), "{message}");
    let other_layout = if HIDDEN == 256 { "128" } else { "256" };
    let message = error(data.path(), &["--hidden", other_layout, "--resume", checkpoint.to_str().unwrap()]);
    assert!(message.contains("made with another --hidden"), "{message}");
    let message = error(data.path(), &["--hidden", "100"]);
    assert!(message.contains("--hidden 100 --buckets") && message.contains("not a layout"), "{message}");
    let message = error(data.path(), &["--king-mirror", "true", "--resume", checkpoint.to_str().unwrap()]);
    assert!(message.contains("made with another --king-mirror"), "{message}");
    assert!(Options::try_parse_from(["train_nnue", "--data", "d", "--king-buckets", "3"]).is_err());
    // A net the engine cannot read never goes to the engine's net file by default.
    let default_out =
        Options::try_parse_from(["train_nnue", "--data", data.path().to_str().unwrap(), "--king-mirror", "true"]);
    let message = train(&default_out.unwrap()).unwrap_err();
    assert!(message.contains("cannot replace engine/nets/bb.nnue: give --out"), "{message}");
}

/// King buckets train from the same command line, deterministically, to a net file with a
/// set of hidden weights per bucket.
#[test]
fn king_buckets_train() {
    let data = data_dir();
    let out = tempfile::tempdir().unwrap();
    let run = |name: &str| {
        let more =
            ["--hidden", "128", "--buckets", "8", "--king-buckets", "4", "--king-mirror", "true", "--epochs", "1"];
        net(&options(data.path(), &out.path().join(name), &more))
    };
    let first = run("a.nnue");
    assert_eq!(first.len(), Params::<128, 8, 4>::BYTES);
    assert_eq!(Params::<128, 8, 4>::BYTES - Params::<128, 8>::BYTES, 2 * 3 * INPUTS * 128);
    assert!(first == run("b.nnue"), "two runs with the same seed differ");
}

/// Another layout trains from the same command line, deterministically, to a net file of its
/// own size.
#[test]
fn another_layout_trains() {
    let data = data_dir();
    let out = tempfile::tempdir().unwrap();
    let (hidden, buckets) = if OUTPUT_BUCKETS == 8 { ("128", "1") } else { ("128", "8") };
    let run = |name: &str| {
        net(&options(data.path(), &out.path().join(name), &["--hidden", hidden, "--buckets", buckets, "--epochs", "1"]))
    };
    let first = run("a.nnue");
    let size = if buckets == "8" { Params::<128, 8>::BYTES } else { Params::<128, 1>::BYTES };
    assert_eq!(first.len(), size);
    assert!(first == run("b.nnue"), "two runs with the same seed differ");
}
