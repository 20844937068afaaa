//! `peer-perft`: perft with a peer crate, printing the same last line as `bbengine perft`, so
//! `compare.sh` reads both the same way.
//!
//! ```text
//! peer-perft <cozy-chess|shakmaty|chess> <DEPTH> [--fen <FEN>]
//! peer-perft --list      (the six benchmark positions: name depth nodes fen)
//! ```
//! `peer-perft --help` says more; bad input prints one `error:` line and exits 2.

use std::time::Instant;

use clap::Parser;

use bbbench::Peer;
use bbengine::perft::SIX_POSITIONS;

#[path = "../../../engine/src/bin/bbengine/usage.rs"]
mod usage;

/// Perft with a peer crate (cozy-chess, shakmaty or chess), printing the same last line as
/// `bbengine perft`.
#[derive(Parser)]
#[command(
    name = "peer-perft",
    version,
    after_help = "Prints: nodes <N> time_ms <T> mnps <R> backend <crate>   (the start position if no --fen)"
)]
struct Cli {
    /// The peer crate: cozy-chess, shakmaty or chess
    #[arg(required_unless_present = "list", value_parser = parse_peer)]
    peer: Option<Peer>,
    /// Plies to count
    #[arg(required_unless_present = "list", value_parser = parse_depth, allow_hyphen_values = true)]
    depth: Option<u32>,
    /// The position (FEN); the start position if not given
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// Print the six benchmark positions instead, one per line: name depth nodes fen
    #[arg(long, exclusive = true)]
    list: bool,
}

fn parse_peer(text: &str) -> Result<Peer, String> {
    text.parse().map_err(|e| format!("{e}"))
}

fn parse_depth(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| format!("depth must be a whole number, found {text:?}"))
}

fn main() {
    let cli: Cli = usage::parse();
    if cli.list {
        for p in SIX_POSITIONS {
            println!("{} {} {} {}", p.name, p.depth, p.nodes, p.fen);
        }
        return;
    }
    let (Some(peer), Some(depth)) = (cli.peer, cli.depth) else {
        unreachable!("clap requires a peer and a depth without --list");
    };
    if let Err(message) = run(peer, depth, cli.fen.as_deref().unwrap_or(bbengine::STARTPOS)) {
        // One line, whatever the cause.
        eprintln!("error: {}", usage::clip_line(&message.replace('\n', " ")));
        std::process::exit(2);
    }
}

fn run(peer: Peer, depth: u32, fen: &str) -> Result<(), String> {
    // bbengine's parser first, so every peer rejects at least what bbengine rejects (the
    // peers differ in how lenient they are) and no peer sees a position it might choke on.
    fen.parse::<bbengine::Position>().map_err(|e| format!("{fen:?}: {e}"))?;
    let board = peer.prepare(fen).map_err(|e| e.to_string())?;

    let start = Instant::now();
    let nodes = board.perft(depth);
    let elapsed = start.elapsed();
    // The same formula and format as `bbengine perft`.
    let mnps = nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6;
    println!("nodes {nodes} time_ms {} mnps {mnps:.1} backend {peer}", elapsed.as_millis());
    Ok(())
}
