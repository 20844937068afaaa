//! Self-play data for tuning the evaluation: plays seeded games of the engine against itself
//! at a fixed number of nodes per move and writes one line per quiet position,
//! `<FEN>;<result>;<score>` (the game's result for White, 1, 0.5 or 0, and the search score for
//! White in centipawns).
//!
//! Each game starts from the start position after 8 to 11 random legal plies, kept only if a
//! short search finds it roughly balanced. A game is adjudicated a win once both sides'
//! searches agree on a score of 1000 or more four plies running, a draw after ply 80 once the
//! score stays within 10 for ten plies, and a draw at ply 400. A position is written when the
//! side to move is not in check, the move played is not a capture or promotion and the score
//! is not a mate: quiet positions, whose static evaluation the result should explain.
//!
//! Game `i` depends only on `--seed` and `i` (and the engine's search and evaluation), so the
//! file's set of lines is the same for any number of threads (their order is not).
//!
//! `--eval` chooses what the searches evaluate with: `hand` (the hand-written evaluation, the
//! engine before its network: what made the data of `nets/bb.nnue`), `net:PATH` or `PATH` (a
//! net file), or `embedded` (the default: the net built into the engine).
//!
//! ```sh
//! cargo run --release -p bbengine --example datagen -- --games 10000 --nodes 5000 \
//!     --threads 2 --seed 1 --eval hand --out /tmp/selfplay.txt
//! ```

use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use bbcore::{Color, SplitMix64};
use bbengine::nnue::Network;
use bbengine::search::{
    Evaluator, Limits, MATE_BOUND, SearchControl, SearchRequest, Silent, TranspositionTable, search,
};
use bbengine::{Game, Position, Status};
use clap::Parser;

#[path = "../src/bin/bbengine/progress.rs"]
mod progress;
#[path = "../src/bin/bbengine/usage.rs"]
mod usage;

use progress::Progress;
use usage::checked;

/// Plays seeded self-play games at a fixed node count and writes quiet positions with the
/// game's result and the search's score.
#[derive(Parser)]
#[command(
    name = "datagen",
    after_help = "Example: datagen --games 10000 --nodes 5000 --threads 2 --seed 1 --eval hand --out selfplay.txt"
)]
struct Args {
    /// Games to play (game i depends only on the seed and i)
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = checked::<usize>("--games", "a whole number", |_| true))]
    games: usize,
    /// Nodes per move
    #[arg(long, value_name = "N", default_value_t = 5000,
          value_parser = checked::<u64>("--nodes", "a whole number of at least 1", |n| *n >= 1))]
    nodes: u64,
    /// Games played at once, one thread each
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = checked::<usize>("--threads", "a whole number from 1 to 1024", |n| (1..=1024).contains(n)))]
    threads: usize,
    /// The seed the openings and games derive from
    #[arg(long, value_name = "S", default_value_t = 1,
          value_parser = checked::<u64>("--seed", "a whole number", |_| true))]
    seed: u64,
    /// The file to write (one `<FEN>;<result>;<score>` line per position)
    #[arg(long, value_name = "FILE", default_value = "selfplay.txt")]
    out: String,
    /// What the searches evaluate with: hand (the hand-written evaluation), embedded (the
    /// engine's net), or net:PATH / PATH (a net file)
    #[arg(long, value_name = "EVAL", default_value = "embedded", value_parser = parse_eval)]
    eval: Eval,
}

/// `--eval`: what the searches evaluate with.
#[derive(Clone)]
enum Eval {
    Hand,
    Embedded,
    File(std::sync::Arc<Network>),
}

impl Args {
    /// What the searches evaluate with.
    fn evaluator(&self) -> Evaluator<'_> {
        match &self.eval {
            Eval::Hand => Evaluator::HandWritten,
            Eval::Embedded => Evaluator::Embedded,
            Eval::File(net) => Evaluator::Network(net),
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
            Network::load(path).map(|net| Eval::File(net.into())).map_err(|e| format!("--eval {value}: {e}"))
        }
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

/// A balanced start: 8 to 11 random plies from the start position, retried until a short
/// search scores it within 150 centipawns.
fn opening(rng: &mut SplitMix64, tt: &TranspositionTable, evaluator: Evaluator<'_>) -> Position {
    loop {
        let mut pos = Position::startpos();
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

/// Plays game `index` and returns its lines.
fn play_game(options: &Args, index: usize) -> Vec<String> {
    let mut rng = SplitMix64::new(options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64);
    let tt = TranspositionTable::new(8);
    let start = opening(&mut rng, &tt, options.evaluator());
    tt.clear();
    let mut game = Game::new(start);
    let mut keys: Vec<u64> = Vec::new();
    let mut samples: Vec<(String, i32)> = Vec::new();
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
            samples.push((pos.to_string(), white_score));
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
    samples.into_iter().map(|(fen, score)| format!("{fen};{result};{score}")).collect()
}

fn main() {
    let options: Args = usage::parse();
    let file = match std::fs::File::create(&options.out) {
        Ok(file) => file,
        Err(e) => fail(format!("{}: {e}", options.out)),
    };
    let out = Mutex::new(BufWriter::new(file));
    let next = AtomicUsize::new(0);
    let (finished, written) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let progress = Progress::new(options.games as u64, "games");
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= options.games {
                        break;
                    }
                    let lines = play_game(&options, index);
                    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
                    for line in &lines {
                        if let Err(e) = writeln!(out, "{line}") {
                            fail(format!("{}: {e}", options.out));
                        }
                    }
                    let total = written.fetch_add(lines.len(), Ordering::Relaxed) + lines.len();
                    let games = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    progress.set(games as u64, || format!("{total} positions"));
                }
            });
        }
    });
    progress.finish();
    if let Err(e) = out.into_inner().unwrap_or_else(|e| e.into_inner()).flush() {
        fail(format!("{}: {e}", options.out));
    }
    eprintln!("{} games, {} positions -> {}", options.games, written.into_inner(), options.out);
}

/// Prints one `error:` line and exits 2.
fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2);
}
