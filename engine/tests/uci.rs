//! The real binary speaking UCI over pipes: handshake, a search to a depth, answers during a
//! search, stop, ponder/ponderhit, `go perft`, bad input, and the end of input.

use std::time::Duration;

use crate::common::{Engine, bestmove};
use bbengine::Position;

#[test]
fn handshake_and_a_search_to_depth_six() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello[0].starts_with("id name bbengine "), "{hello:?}");
    assert!(hello.iter().any(|l| l == "id author bb developers"));
    for option in
        ["Hash", "Threads", "MultiPV", "Ponder", "UCI_Chess960", "Move Overhead", "Clear Hash", "OwnBook", "BookFile"]
    {
        assert!(hello.iter().any(|l| l.starts_with(&format!("option name {option} type "))), "{option}");
    }
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("position startpos moves e2e4");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 6, "{lines:#?}");
    for (i, info) in infos.iter().enumerate() {
        assert!(info.starts_with(&format!("info depth {} seldepth ", i + 1)), "{info}");
        for field in [" multipv 1 ", " score ", " nodes ", " nps ", " hashfull ", " time ", " pv "] {
            assert!(info.contains(field), "{info}: {field}");
        }
    }
    let (best, ponder) = bestmove(&lines);
    let mut pos = Position::startpos();
    pos.play_uci("e2e4").unwrap();
    let mv = pos.parse_uci_move(&best).expect("bestmove is legal");
    pos.play(mv);
    if let Some(p) = ponder {
        pos.parse_uci_move(&p).expect("ponder move is legal");
    }
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn answers_during_search_and_stops() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "bestmove withheld in infinite: {lines:#?}");
    e.send("stop");
    let (best, _) = bestmove(&e.until("bestmove"));
    Position::startpos().parse_uci_move(&best).expect("legal");
    // A stop with nothing running is harmless, and only one bestmove came.
    e.send("stop");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    // Ponder: no bestmove until ponderhit, then the clock decides.
    e.send("position startpos moves d2d4 d7d5");
    e.send("go ponder wtime 2000 btime 2000");
    let pondering = e.collect_for(300);
    assert!(!pondering.iter().any(|l| l.starts_with("bestmove")), "{pondering:#?}");
    e.send("ponderhit");
    bestmove(&e.until("bestmove"));
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn multipv_movetime_and_perft() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    for k in 1..=3 {
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 4 ") && l.contains(&format!(" multipv {k} "))),
            "{lines:#?}"
        );
    }
    e.send("setoption name MultiPV value 1");
    e.send("go movetime 200");
    bestmove(&e.until("bestmove"));
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    e.send("go perft 2");
    let lines = e.until("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 568");
    assert!(lines.iter().any(|l| l == "e1g1: 25" || l.starts_with("e1g1: ")), "{lines:#?}");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn bad_input_is_survived_and_explained() {
    let mut e = Engine::start();
    for line in [
        "fly me to the moon",
        "position",
        "position fen 8/8/8 w - - 0 1",
        "setoption name Hash value lots",
        "setoption name Nonsense value 1",
        "go depth",
        "ponderhit",
    ] {
        e.send(line);
        let reply = e.until("info string");
        assert_eq!(reply.len(), 1, "{line}: {reply:?}");
    }
    e.send("setoption name Hash value 0");
    assert!(e.until("info string")[0].contains("out of range"));
    e.send("position startpos moves e2e4 e2e4 d7d5");
    let reply = e.until("info string");
    assert!(reply[0].contains("move 2 (\"e2e4\")"), "{reply:?}");
    // The position is the one after 1. e4: Black to move.
    e.send("go depth 2 wtime -100 btime -100");
    let lines = e.until("bestmove");
    let (best, _) = bestmove(&lines);
    let mut pos = Position::startpos();
    pos.play_uci("e2e4").unwrap();
    pos.parse_uci_move(&best).expect("a black move");
    // Absurd depth is clamped; stop ends it.
    e.send("go depth 100000");
    assert!(e.until("info string")[0].contains("out of range"));
    e.send("stop");
    bestmove(&e.until("bestmove"));
    // End of input during a finite search: it finishes and answers, then the engine exits.
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.lines;
    drop(e.stdin);
    let mut seen = Vec::new();
    while let Ok(line) = lines.recv_timeout(Duration::from_secs(30)) {
        seen.push(line);
    }
    assert!(seen.last().is_some_and(|l| l.starts_with("bestmove")), "{seen:#?}");
    let mut child = e.child;
    assert!(child.wait().unwrap().success());
}

#[test]
fn go_before_position_searches_the_start() {
    let mut e = Engine::start();
    e.send("go depth 3");
    let (best, _) = bestmove(&e.until("bestmove"));
    Position::startpos().parse_uci_move(&best).expect("a legal first move");
    assert!(e.finish().success());
}
