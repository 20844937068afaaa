//! Reads a FEN and lists its legal moves with what each does.
//!
//! ```sh
//! cargo run -p bbengine --example moves -- "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//! ```

use bbengine::Position;

fn main() {
    let fen = std::env::args().nth(1).unwrap_or_else(|| bbengine::STARTPOS.to_string());
    let position: Position = match fen.parse() {
        Ok(position) => position,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
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
