//! Plays a seeded random game to its end and prints it in SAN, with the final position and
//! why the game ended.
//!
//! ```sh
//! cargo run -p bbengine --example random_game -- 7
//! ```

use bbcore::SplitMix64;
use bbengine::{Game, Position, Status};

fn main() {
    let seed = std::env::args().nth(1).and_then(|text| text.parse().ok()).unwrap_or(1);
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
