//! Reads a FEN and lists its legal moves with what each does.
//!
//! ```sh
//! cargo run -p bbengine --example moves -- "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//! ```

use bbengine::Position;

#[path = "support/plain_args.rs"]
mod plain_args;

const USAGE: &str = "\
usage: moves [FEN]

Lists the legal moves of FEN (standard, X-FEN or Shredder-FEN; the start position if not given)
with what each does: captures, checks, loses material.";

fn main() {
    let args = plain_args::args(USAGE, 1);
    let fen = args.first().map_or(bbengine::STARTPOS, String::as_str);
    let position: Position = fen.parse().unwrap_or_else(|e| plain_args::fail(format_args!("{fen:?}: {e}")));
    println!("{position:#}\n");
    let moves = position.legal_moves();
    println!("{} legal moves{}", moves.len(), if position.is_check() { " (in check)" } else { "" });
    for &mv in &moves {
        let mut notes = Vec::new();
        if let Some(role) = position.captured(mv) {
            notes.push(format!("captures {role:?}"));
        }
        if position.gives_check(mv) {
            notes.push("check".to_string());
        }
        if !position.see_ge(mv, 0) {
            notes.push("loses material".to_string());
        }
        println!("  {} {}", mv.to_uci(position.is_chess960()), notes.join(", "));
    }
}
