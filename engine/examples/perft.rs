//! Counts the legal move tree of a position to a depth, split by root move.
//!
//! ```sh
//! cargo run --release -p bbengine --example perft -- 5
//! cargo run --release -p bbengine --example perft -- 4 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//! ```

use bbengine::Position;

#[path = "support/plain_args.rs"]
mod plain_args;

const USAGE: &str = "\
usage: perft [DEPTH] [FEN]

Counts the legal move tree of FEN (the start position if not given) DEPTH plies deep (0 to 8,
default 4), one line per root move, then the total.";

fn main() {
    let args = plain_args::args(USAGE, 2);
    let depth: u32 = match args.first() {
        None => 4,
        Some(text) => text.parse().ok().filter(|&depth| depth <= 8).unwrap_or_else(|| {
            plain_args::fail(format_args!("DEPTH must be a whole number from 0 to 8, found {text:?} (see --help)"))
        }),
    };
    let position: Position = match args.get(1) {
        None => Position::startpos(),
        Some(fen) => fen.parse().unwrap_or_else(|e| plain_args::fail(format_args!("{fen:?}: {e}"))),
    };
    let mut total = 0;
    for (mv, nodes) in position.divide(depth) {
        println!("{}: {nodes}", mv.to_uci(position.is_chess960()));
        total += nodes;
    }
    println!("total {total} at depth {depth}");
}
