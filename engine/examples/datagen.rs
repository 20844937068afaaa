//! Self-play training data: seeded games of the engine against itself at a fixed number of
//! nodes a move, one record per quiet position (the position, the search score and the game's
//! result).
//!
//! Each game starts from the start position (or, with `--chess960`, a random Chess960 start
//! position) after 8 to 11 random legal plies, kept only if a short search finds it roughly
//! balanced. A game is adjudicated a win once both sides' searches agree on a score of 1000 or
//! more four plies running, a draw after ply 80 once the score stays within 10 for ten plies,
//! and a draw at ply 400. A position is written when the side to move is not in check, the
//! move played is not a capture or promotion and the score is not a mate: quiet positions,
//! whose static evaluation the result should explain.
//!
//! Game `i` depends only on `--seed`, `--chess960` and `i` (and the engine's search and
//! evaluation), and games are written in order, whatever the number of threads.
//!
//! `--format bullet` (the default) writes the 32-byte records of the bullet trainer
//! (`bulletformat::ChessBoard`) into a folder of chunks of `--chunk-games` games:
//! `chunk-00000.bin`, its lineage `chunk-00000.json` (engine commit, evaluation and its
//! SHA-256, nodes, seed, openings, games, positions, the chunk's SHA-256, date) and
//! `SHA256SUMS` (rewritten after each chunk). Rerunning the same command keeps the complete
//! chunks and plays the rest; a folder holding chunks made with other arguments is refused.
//! `--format text` writes one file of `<FEN>;<result>;<score>` lines (result and score for
//! White), which `examples/tune.rs` reads.
//!
//! `--eval` chooses what the searches evaluate with: `hand` (the hand-written evaluation, the
//! engine before its network), `net:PATH` or `PATH` (a net file), or `embedded` (the default:
//! the net built into the engine).
//!
//! ```sh
//! cargo run --release -p bbengine --example datagen -- --games 40000 --nodes 5000 \
//!     --seed 3 --out selfplay-s3
//! ```

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, IsTerminal as _, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use bbcore::{Color, SplitMix64};
use bbengine::nnue::Network;
use bbengine::search::{
    Evaluator, Limits, MATE_BOUND, SearchControl, SearchRequest, Silent, TranspositionTable, search,
};
use bbengine::{Game, Position, Status};
use bulletformat::ChessBoard;
use clap::{Parser, ValueEnum};

#[path = "data/chunks.rs"]
mod chunks;
#[path = "data/in_order.rs"]
mod in_order;
#[path = "data/lineage.rs"]
mod lineage;
#[path = "../src/bin/bbengine/progress.rs"]
mod progress;
#[path = "data/record.rs"]
mod record;
#[path = "../src/bin/bbengine/usage.rs"]
mod usage;

use chunks::ChunkDir;
use in_order::InOrder;
use lineage::{Lineage, Value, sha256_hex};
use progress::Progress;
use usage::checked;

/// Games a chunk holds unless `--chunk-games` says otherwise (about 40,000 positions, 1.3 MB).
const CHUNK_GAMES: usize = 500;

/// Plays seeded self-play games at a fixed node count and writes quiet positions with the
/// game's result and the search's score.
#[derive(Parser)]
#[command(
    name = "datagen",
    after_help = "Example: datagen --games 40000 --nodes 5000 --seed 3 --out selfplay-s3\n\
                  Rerun the same command to finish an interrupted run."
)]
struct Args {
    /// Games to play in all (game i depends only on the seeds and i) [default: 100]
    #[arg(long, value_name = "N", conflicts_with = "chunks",
          value_parser = checked::<usize>("--games", "a whole number", |_| true))]
    games: Option<usize>,
    /// Chunks to fill, `--chunk-games` games each (instead of --games)
    #[arg(long, value_name = "N",
          value_parser = checked::<usize>("--chunks", "a whole number", |_| true))]
    chunks: Option<usize>,
    /// Games a chunk holds (bullet format)
    #[arg(long, value_name = "N", default_value_t = CHUNK_GAMES,
          value_parser = checked::<usize>("--chunk-games", "a whole number of at least 1", |n| *n >= 1))]
    chunk_games: usize,
    /// Nodes per move
    #[arg(long, value_name = "N", default_value_t = 5000,
          value_parser = checked::<u64>("--nodes", "a whole number of at least 1", |n| *n >= 1))]
    nodes: u64,
    /// Games played at once, one thread each [default: every core]
    #[arg(long, value_name = "N",
          value_parser = checked::<usize>("--threads", "a whole number from 1 to 1024", |n| (1..=1024).contains(n)))]
    threads: Option<usize>,
    /// The seed the openings and games derive from
    #[arg(long, value_name = "S", default_value_t = 1,
          value_parser = checked::<u64>("--seed", "a whole number", |_| true))]
    seed: u64,
    /// Start each game from a random Chess960 start position (then the random plies)
    #[arg(long)]
    chess960: bool,
    /// bullet: a folder of 32-byte record chunks; text: one file of `<FEN>;<result>;<score>` lines
    #[arg(long, value_enum, default_value_t = Format::Bullet)]
    format: Format,
    /// The folder of chunks (bullet) or the file (text) to write
    #[arg(long, value_name = "PATH")]
    out: PathBuf,
    /// What the searches evaluate with: hand (the hand-written evaluation), embedded (the
    /// engine's net), or net:PATH / PATH (a net file)
    #[arg(long, value_name = "EVAL", default_value = "embedded", value_parser = parse_eval)]
    eval: Eval,
    /// The engine commit for the lineage records [default: `git rev-parse HEAD` of the source
    /// folder, or "unknown"]
    #[arg(long, value_name = "COMMIT")]
    commit: Option<String>,
}

/// `--format`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Bullet,
    Text,
}

/// `--eval`: what the searches evaluate with.
#[derive(Clone)]
enum Eval {
    Hand,
    Embedded,
    File { path: String, sha256: String, net: Arc<Network> },
}

impl Eval {
    /// The name the lineage records give it.
    fn name(&self) -> String {
        match self {
            Eval::Hand => "hand".to_string(),
            Eval::Embedded => "embedded".to_string(),
            Eval::File { path, .. } => format!("net:{path}"),
        }
    }

    /// The SHA-256 of what defines it: the net file, or for the hand-written evaluation the
    /// tuned weights it was built with (its code is the engine commit's).
    fn sha256(&self) -> String {
        match self {
            Eval::Hand => sha256_hex(include_bytes!("../src/eval/tuned.rs")),
            Eval::Embedded => sha256_hex(include_bytes!("../nets/bb.nnue")),
            Eval::File { sha256, .. } => sha256.clone(),
        }
    }
}

/// `--eval`'s value: `hand`, `embedded`, `net:PATH` or `PATH`.
fn parse_eval(value: &str) -> Result<Eval, String> {
    match value {
        "hand" => Ok(Eval::Hand),
        "embedded" => Ok(Eval::Embedded),
        _ => {
            let path = value.strip_prefix("net:").unwrap_or(value);
            let net = Network::load(path).map_err(|e| format!("--eval {value}: {e}"))?;
            let bytes = std::fs::read(path).map_err(|e| format!("--eval {value}: {e}"))?;
            Ok(Eval::File { path: path.to_string(), sha256: sha256_hex(&bytes), net: net.into() })
        }
    }
}

impl Args {
    /// What the searches evaluate with.
    fn evaluator(&self) -> Evaluator<'_> {
        match &self.eval {
            Eval::Hand => Evaluator::HandWritten,
            Eval::Embedded => Evaluator::Embedded,
            Eval::File { net, .. } => Evaluator::Network(net),
        }
    }

    /// Games in all.
    fn total_games(&self) -> Result<usize, String> {
        match (self.games, self.chunks) {
            (_, Some(chunks)) => chunks
                .checked_mul(self.chunk_games)
                .ok_or_else(|| "--chunks times --chunk-games is too many games".into()),
            (Some(games), None) => Ok(games),
            (None, None) => Ok(100),
        }
    }

    /// The games of chunk `index` in a run of `total` games.
    fn chunk_games(&self, index: usize, total: usize) -> std::ops::Range<usize> {
        let start = index * self.chunk_games;
        start..total.min(start + self.chunk_games)
    }

    /// The lineage fields every chunk of this run shares: what its bytes depend on.
    fn identity(&self) -> Lineage {
        Lineage::default()
            .with("generator", "datagen")
            .with("format", "bulletformat ChessBoard, 32 bytes a position")
            .with("engine_commit", lineage::engine_commit(self.commit.as_deref()))
            .with("crate_version", env!("CARGO_PKG_VERSION"))
            .with("eval", self.eval.name())
            .with("eval_sha256", self.eval.sha256())
            .with("nodes", self.nodes)
            .with("seed", self.seed)
            .with(
                "openings",
                if self.chess960 { "chess960 + 8-11 random plies" } else { "startpos + 8-11 random plies" },
            )
            .with("chunk_games", self.chunk_games)
    }
}

/// A search of `position` (after the game's `history` keys) to `nodes`, on one thread.
fn think(
    position: Position,
    history: &[u64],
    nodes: u64,
    tt: &TranspositionTable,
    evaluator: Evaluator<'_>,
) -> (Option<bbengine::Move>, i32) {
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let request = SearchRequest { position, history, limits, tt, threads: 1, multipv: 1, move_overhead: 0, evaluator };
    let result = search(&request, &SearchControl::new(false), &Silent);
    (result.best, result.score)
}

/// A balanced start: 8 to 11 random plies from the start position (or a random Chess960 one),
/// retried until a short search scores it within 150 centipawns.
fn opening(rng: &mut SplitMix64, chess960: bool, tt: &TranspositionTable, evaluator: Evaluator<'_>) -> Position {
    loop {
        let mut pos = if chess960 { Position::chess960((rng.next_u64() % 960) as u16) } else { Position::startpos() };
        let plies = 8 + rng.next_u64() % 4;
        let mut ok = true;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
        }
        if ok && pos.has_legal_move() && think(pos, &[], 2000, tt, evaluator).1.abs() <= 150 {
            return pos;
        }
    }
}

/// One game's quiet positions, each with the search score for White, and its result for White.
struct Played {
    samples: Vec<(Position, i32)>,
    result: f32,
}

/// Plays game `index`.
fn play_game(options: &Args, index: usize) -> Played {
    let mut rng = SplitMix64::new(options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64);
    let tt = TranspositionTable::new(8);
    let start = opening(&mut rng, options.chess960, &tt, options.evaluator());
    tt.clear();
    let mut game = Game::new(start);
    let mut keys: Vec<u64> = Vec::new();
    let mut samples: Vec<(Position, i32)> = Vec::new();
    let (mut winning_plies, mut drawn_plies) = (0, 0);
    let mut last_sign = 0;
    let result = loop {
        match game.status() {
            Status::Checkmate => break if game.position().side_to_move() == Color::White { 0.0 } else { 1.0 },
            s if s.is_over() => break 0.5,
            _ => {}
        }
        if game.moves().len() >= 400 {
            break 0.5;
        }
        let pos = *game.position();
        let (Some(mv), score) = think(pos, &keys, options.nodes, &tt, options.evaluator()) else { break 0.5 };
        let white_score = if pos.side_to_move() == Color::White { score } else { -score };
        if !pos.is_check() && !pos.is_capture(mv) && mv.kind().promotion().is_none() && score.abs() < MATE_BOUND {
            samples.push((pos, white_score));
        }
        // Adjudication.
        let sign = white_score.signum();
        if white_score.abs() >= 1000 && sign == last_sign {
            winning_plies += 1;
        } else {
            winning_plies = usize::from(white_score.abs() >= 1000);
        }
        last_sign = sign;
        if winning_plies >= 4 {
            break if sign > 0 { 1.0 } else { 0.0 };
        }
        drawn_plies = if game.moves().len() >= 80 && white_score.abs() <= 10 { drawn_plies + 1 } else { 0 };
        if drawn_plies >= 10 {
            break 0.5;
        }
        keys.push(pos.key());
        if game.play(mv).is_err() {
            unreachable!("the search returns a legal move");
        }
    };
    Played { samples, result }
}

/// Where the games go, in game order.
enum Output {
    Text {
        path: PathBuf,
        file: BufWriter<File>,
    },
    /// `sums`: the SHA-256 of every complete chunk, by index, for `SHA256SUMS`.
    Chunks {
        dir: ChunkDir,
        identity: Lineage,
        total: usize,
        records: Vec<ChessBoard>,
        sums: BTreeMap<usize, String>,
    },
}

impl Output {
    /// Takes game `index` (games arrive in order); returns its number of positions.
    fn take(&mut self, options: &Args, index: usize, played: Played) -> Result<usize, String> {
        match self {
            Output::Text { path, file } => {
                for (position, score) in &played.samples {
                    writeln!(file, "{position};{};{score}", played.result)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                }
            }
            Output::Chunks { dir, identity, total, records, sums } => {
                for (position, score) in &played.samples {
                    records.push(record::to_record(position, *score, played.result)?);
                }
                let chunk = index / options.chunk_games;
                let games = options.chunk_games(chunk, *total);
                if index + 1 == games.end {
                    let lineage = identity
                        .clone()
                        .with("chunk", chunk)
                        .with("first_game", games.start)
                        .with("games", games.len());
                    let sha256 = dir.write_records(chunk, record::as_bytes(records))?;
                    dir.write_lineage(chunk, records.len(), sha256.clone(), lineage)?;
                    records.clear();
                    // Kept current, so a run stopped part way can be checked as it is.
                    sums.insert(chunk, sha256);
                    dir.write_sums_of(sums)?;
                }
            }
        }
        Ok(played.samples.len())
    }

    /// Flushes the text file, or writes the chunk folder's `SHA256SUMS` (also when every chunk
    /// was complete before the run, and none was written).
    fn finish(self) -> Result<(), String> {
        match self {
            Output::Text { path, mut file } => file.flush().map_err(|e| format!("{}: {e}", path.display())),
            Output::Chunks { dir, sums, .. } => dir.write_sums_of(&sums),
        }
    }
}

/// Opens the output and lists the games to play: all of them for text; for chunks, the games
/// of every chunk not already complete. Refuses a folder with chunks of other arguments.
fn prepare(options: &Args, total: usize) -> Result<(Output, Vec<usize>), String> {
    if options.format == Format::Text {
        let file = File::create(&options.out).map_err(|e| format!("{}: {e}", options.out.display()))?;
        return Ok((Output::Text { path: options.out.clone(), file: BufWriter::new(file) }, (0..total).collect()));
    }
    let dir = ChunkDir::create(&options.out)?;
    let identity = options.identity();
    // Each chunk read once: its lineage checked here, then kept or played again below.
    let mut found = BTreeMap::new();
    for index in dir.indices()? {
        let chunk = dir.find(index)?;
        if let Some(difference) = chunk.lineage.as_ref().and_then(|l| identity.first_difference(l)) {
            return Err(format!(
                "{} holds {} made with other arguments ({difference}); choose another --out or remove its chunks",
                options.out.display(),
                ChunkDir::name(index),
            ));
        }
        found.insert(index, chunk);
    }
    let mut work = Vec::new();
    for chunk in 0..total.div_ceil(options.chunk_games) {
        let games = options.chunk_games(chunk, total);
        let kept = found.get(&chunk).is_some_and(|f| {
            f.complete
                && f.lineage.as_ref().is_some_and(|l| {
                    l.get("first_game") == Some(&Value::from(games.start))
                        && l.get("games") == Some(&Value::from(games.len()))
                })
        });
        if !kept {
            found.remove(&chunk);
            work.extend(games);
        }
    }
    let sums = found
        .into_iter()
        .filter_map(|(index, f)| match f.lineage.as_ref().and_then(|l| l.get("sha256")) {
            Some(Value::Text(sha)) if f.complete => Some((index, sha.clone())),
            _ => None,
        })
        .collect();
    Ok((Output::Chunks { dir, identity, total, records: Vec::new(), sums }, work))
}

/// What a run did.
#[derive(Debug, PartialEq, Eq)]
struct Summary {
    played: usize,
    kept: usize,
    positions: usize,
}

/// Plays the games the output still needs on `--threads` threads and writes them in order.
fn run(options: &Args, bar: bool) -> Result<Summary, String> {
    let total = options.total_games()?;
    let threads = options.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let (output, work) = prepare(options, total)?;
    let sink = Mutex::new((output, InOrder::new()));
    let (next, finished, positions) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0));
    let (stop, failure) = (AtomicBool::new(false), Mutex::new(None));
    let progress = Progress::with_bar(work.len() as u64, "games", bar);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(work.len()) {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = work.get(slot) else { break };
                    let played = play_game(options, index);
                    let mut sink = sink.lock().unwrap_or_else(|e| e.into_inner());
                    let (output, in_order) = &mut *sink;
                    for (index, played) in in_order.push(slot, (index, played)) {
                        match output.take(options, index, played) {
                            Ok(n) => _ = positions.fetch_add(n, Ordering::Relaxed),
                            Err(e) => {
                                stop.store(true, Ordering::Relaxed);
                                failure.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(e);
                            }
                        }
                    }
                    drop(sink);
                    let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    progress.set(done as u64, || {
                        let written = positions.load(Ordering::Relaxed);
                        format!("{written} positions, {:.0}/s", written as f64 / start.elapsed().as_secs_f64())
                    });
                }
            });
        }
    });
    progress.finish();
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let (output, _) = sink.into_inner().unwrap_or_else(|e| e.into_inner());
    output.finish()?;
    Ok(Summary { played: work.len(), kept: total - work.len(), positions: positions.into_inner() })
}

fn main() {
    let options: Args = usage::parse();
    let start = Instant::now();
    match run(&options, std::io::stderr().is_terminal()) {
        Ok(Summary { played, kept, positions }) => {
            let seconds = start.elapsed().as_secs_f64();
            eprintln!(
                "{played} games played ({kept} kept from complete chunks), {positions} positions in {seconds:.1} s \
                 ({:.0} positions a minute) -> {}",
                positions as f64 * 60.0 / seconds.max(1e-9),
                options.out.display(),
            );
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}

/// The bytes of chunk `index` in `dir` (tests).
#[cfg(test)]
fn chunk_bytes(dir: &std::path::Path, index: usize) -> Vec<u8> {
    std::fs::read(dir.join(format!("{}.bin", ChunkDir::name(index)))).expect("the chunk exists")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Datagen's arguments for a quick run (300 nodes a move) into `out`, plus `more`.
    fn args(out: &Path, more: &[&str]) -> Args {
        let out = out.to_str().expect("a UTF-8 path");
        let fixed =
            ["datagen", "--nodes", "300", "--seed", "5", "--chunk-games", "2", "--commit", "test", "--out", out];
        Args::try_parse_from(fixed.iter().chain(more)).expect("valid arguments")
    }

    #[test]
    fn the_checksums_name_each_chunk_as_soon_as_it_is_complete() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let options = args(folder.path(), &["--games", "4"]);
        let (mut output, work) = prepare(&options, 4).expect("prepared");
        assert_eq!(work, vec![0, 1, 2, 3]);
        let game = || Played { samples: vec![(Position::startpos(), 12)], result: 0.5 };
        let sums = || std::fs::read_to_string(folder.path().join("SHA256SUMS")).unwrap_or_default();
        output.take(&options, 0, game()).expect("taken");
        assert_eq!(sums(), "");
        output.take(&options, 1, game()).expect("taken");
        assert_eq!(sums(), format!("{}  chunk-00000.bin\n", sha256_hex(&chunk_bytes(folder.path(), 0))));
        output.take(&options, 2, game()).expect("taken");
        assert_eq!(sums().lines().count(), 1, "chunk 1 is not complete yet");
    }

    #[test]
    fn chunks_are_the_same_for_any_number_of_threads_and_resume_to_the_same_bytes() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let (one, two) = (folder.path().join("one"), folder.path().join("two"));
        let first = run(&args(&one, &["--games", "5", "--threads", "1"]), false).expect("runs");
        let second = run(&args(&two, &["--games", "5", "--threads", "2"]), false).expect("runs");
        assert_eq!(first, Summary { played: 5, kept: 0, positions: first.positions });
        assert_eq!(first, second);
        assert!(first.positions > 0);
        let chunks: Vec<Vec<u8>> = (0..3).map(|i| chunk_bytes(&one, i)).collect();
        for (i, bytes) in chunks.iter().enumerate() {
            assert_eq!(*bytes, chunk_bytes(&two, i), "chunk {i}");
        }
        assert_eq!(chunks.iter().map(Vec::len).sum::<usize>(), 32 * first.positions);
        let sums = std::fs::read_to_string(one.join("SHA256SUMS")).expect("written");
        assert_eq!(sums.lines().count(), 3);
        assert!(sums.contains(&format!("{}  chunk-00002.bin", sha256_hex(&chunks[2]))));

        // Complete: nothing to do. A chunk removed and one truncated: those games again, same bytes.
        assert_eq!(run(&args(&one, &["--games", "5"]), false).expect("runs").played, 0);
        std::fs::remove_file(one.join("chunk-00000.bin")).expect("removed");
        std::fs::write(one.join("chunk-00002.bin"), &chunks[2][..32]).expect("truncated");
        let again = run(&args(&one, &["--games", "5"]), false).expect("runs");
        assert_eq!((again.played, again.kept), (3, 2));
        for (i, bytes) in chunks.iter().enumerate() {
            assert_eq!(*bytes, chunk_bytes(&one, i), "chunk {i}");
        }
        // More games: the short last chunk is filled, the others kept.
        let more = run(&args(&one, &["--chunks", "3"]), false).expect("runs");
        assert_eq!((more.played, more.kept), (2, 4));
        assert_eq!(chunk_bytes(&one, 1), chunks[1]);
        assert_eq!(chunk_bytes(&one, 2)[..chunks[2].len()], chunks[2][..]);

        // Other arguments: refused, nothing written.
        let other_seed = Args { seed: 6, ..args(&one, &["--games", "5"]) };
        let refused = run(&other_seed, false).expect_err("refused");
        assert!(refused.contains("other arguments (seed 5 there, 6 here)"), "{refused}");
        let other_eval = Args { eval: Eval::Hand, ..args(&one, &["--games", "5"]) };
        let refused = run(&other_eval, false).expect_err("refused");
        assert!(refused.contains("eval \"embedded\" there, \"hand\" here"), "{refused}");
    }

    #[test]
    fn the_text_format_holds_the_same_positions_in_the_same_order() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let (chunks, text) = (folder.path().join("chunks"), folder.path().join("games.txt"));
        run(&args(&chunks, &["--games", "2", "--chess960", "--threads", "2"]), false).expect("runs");
        run(&args(&text, &["--games", "2", "--chess960", "--format", "text"]), false).expect("runs");
        let mut records = Vec::new();
        for line in std::fs::read_to_string(&text).expect("written").lines() {
            let fields: Vec<&str> = line.split(';').collect();
            let position: Position = fields[0].parse().expect("a FEN datagen wrote");
            let (result, score) = (fields[1].parse().expect("a result"), fields[2].parse().expect("a score"));
            records.push(record::to_record(&position, score, result).expect("fits"));
        }
        assert!(!records.is_empty());
        assert_eq!(chunk_bytes(&chunks, 0), record::as_bytes(&records));
        let lineage = Lineage::read(&chunks.join("chunk-00000.json")).expect("written");
        assert_eq!(lineage.get("openings"), Some(&Value::from("chess960 + 8-11 random plies")));
        assert_eq!(lineage.get("positions"), Some(&Value::from(records.len())));
    }

    #[test]
    fn chess960_games_start_from_chess960_positions_and_castle_by_its_rules() {
        let options = args(Path::new("unused"), &["--chess960"]);
        let tt = TranspositionTable::new(1);
        let mut starts = std::collections::HashSet::new();
        for seed in 0..20 {
            let mut rng = SplitMix64::new(seed);
            let pos = opening(&mut rng, true, &tt, options.evaluator());
            assert!(pos.is_chess960() && pos.consistency_error().is_none(), "{pos}");
            starts.insert(pos.to_string());
        }
        assert_eq!(starts.len(), 20);
        // A Chess960 castling move from the library's Chess960 set-up: king and rook land on
        // the g and f files, whatever squares they started from.
        let mut pos: Position = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1".parse().expect("a FEN");
        let castle = pos.legal_moves().iter().copied().find(|m| m.to_uci(true).to_string() == "e1g1").expect("castles");
        pos.play(castle);
        assert_eq!(pos.to_string().split(' ').next(), Some("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1"));
        for (position, _) in play_game(&options, 0).samples {
            assert!(position.consistency_error().is_none(), "{position}");
        }
    }
}
