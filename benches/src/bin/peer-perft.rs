//! `peer-perft`: perft with a peer crate, printing the same last line as `bbengine perft`, so
//! `compare.sh` reads both the same way.
//!
//! ```text
//! peer-perft <cozy-chess|shakmaty|chess> <DEPTH> [--fen <FEN>]
//! peer-perft --list      (the six benchmark positions: name depth nodes fen)
//! ```

use std::process::ExitCode;
use std::time::Instant;

use bbbench::Peer;
use bbengine::perft::SIX_POSITIONS;

const USAGE: &str = "\
usage:
  peer-perft <cozy-chess|shakmaty|chess> <DEPTH> [--fen <FEN>]
  peer-perft --list     (the six benchmark positions, one per line: name depth nodes fen)

prints: nodes <N> time_ms <T> mnps <R> backend <crate>   (the start position if no --fen)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // One line, whatever the cause.
            eprintln!("error: {}", message.replace('\n', " "));
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        None => return Err("missing arguments (see --help)".to_string()),
        Some("-h" | "--help") if args.len() == 1 => {
            println!("{USAGE}");
            return Ok(());
        }
        Some("--list") if args.len() == 1 => {
            for p in SIX_POSITIONS {
                println!("{} {} {} {}", p.name, p.depth, p.nodes, p.fen);
            }
            return Ok(());
        }
        _ => {}
    }
    let mut positionals = Vec::new();
    let mut fen = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--fen" => fen = Some(iter.next().ok_or("--fen needs a value")?.as_str()),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag:?} (see --help)")),
            _ => positionals.push(arg.as_str()),
        }
    }
    let [peer, depth] = positionals.as_slice() else {
        return Err("expected a peer and a depth (see --help)".to_string());
    };
    let peer: Peer = peer.parse().map_err(|e| format!("{e}"))?;
    let depth: u32 = depth.parse().map_err(|_| format!("depth must be a whole number, found {depth:?}"))?;
    let fen = fen.unwrap_or(bbengine::STARTPOS);
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
