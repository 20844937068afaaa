//! Plays a seeded random game to its end and prints it in SAN, with the final position and
//! why the game ended.
//!
//! ```sh
//! cargo run -p bbengine --example random_game -- 7
//! ```

use bbcore::SplitMix64;
use bbengine::{Game, Position, Status};

#[path = "support/plain_args.rs"]
mod plain_args;

const USAGE: &str = "\
usage: random_game [SEED]

Plays a random game from SEED (a whole number, default 1) to its end or 400 half-moves and
prints it in SAN, the final position and why the game ended.";

fn main() {
    let args = plain_args::args(USAGE, 1);
    let seed = match args.first() {
        None => 1,
        Some(text) => text.parse().unwrap_or_else(|_| {
            plain_args::fail(format_args!("SEED must be a whole number, found {text:?} (see --help)"))
        }),
    };
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(Position::startpos());
    while game.status() == Status::Ongoing && game.moves().len() < 400 {
        let moves = game.position().legal_moves();
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        if let Err(e) = game.play(mv) {
            unreachable!("a generated move is legal: {e}");
        }
    }
    println!("{}\n", game.to_san());
    println!("{:#}\n", game.position());
    println!("{:?} after {} half-moves", game.status(), game.moves().len());
}
