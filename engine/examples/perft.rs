//! Counts the legal move tree of a position to a depth, split by root move.
//!
//! ```sh
//! cargo run --release -p bbengine --example perft -- 5
//! cargo run --release -p bbengine --example perft -- 4 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//! ```

use bbengine::Position;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|text| text.parse()) {
        None => 4,
        Some(Ok(depth)) if depth <= 8 => depth,
        Some(_) => {
            eprintln!("usage: perft [DEPTH 0..=8] [FEN]");
            std::process::exit(2);
        }
    };
    let position: Position = match args.next().map(|fen| fen.parse()) {
        None => Position::startpos(),
        Some(Ok(position)) => position,
        Some(Err(e)) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let mut total = 0;
    for (mv, nodes) in position.divide(depth) {
        println!("{}: {nodes}", mv.to_uci(position.is_chess960()));
        total += nodes;
    }
    println!("total {total} at depth {depth}");
}
