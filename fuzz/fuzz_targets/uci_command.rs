//! The UCI command parser and the engine loop on arbitrary lines: never a panic; the engine
//! answers `isready` with `readyok` after the input; every `go` let through gets exactly one
//! `bestmove`, a legal move of the position searched (among `searchmoves` when some were
//! legal, its ponder move legal after it) or `0000` when there is none; no output line is
//! longer than 2 KiB (input is echoed clipped, never whole).
//!
//! The harness, not the engine, bounds what the input can ask for, so no run hangs or eats
//! memory: every `go` searches at most 3 plies and 20,000 nodes (movetime at most 20 ms,
//! `go perft` at most 2 plies), at most 8 of them per input, and an infinite or ponder search
//! is followed by `stop`; the engine starts with a 1 MiB table;
//! `setoption` of `Hash` above 16 MiB, `Threads` above 2 and any `BookFile` (the fuzzer must
//! not open arbitrary files) are dropped. Everything else goes to the engine unchanged.
#![no_main]

use std::io::Write;
use std::sync::{Arc, Mutex};

use bbengine::uci::{Command, Engine, Go, Options, Output, StartPosition, parse};
use bbengine::{Move, Position};
use libfuzzer_sys::fuzz_target;

/// The engine's output, readable by the harness.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The engine's position followed by the harness through the library, by the documented
/// rules: a FEN that does not parse leaves the position as it was, the moves stop at the
/// first illegal one, `UCI_Chess960` sets the flag.
struct Mirror {
    options: Options,
    position: Position,
}

impl Mirror {
    fn start(&self, mut pos: Position) -> Position {
        pos.set_chess960(self.options.chess960 || pos.is_chess960());
        pos
    }

    fn apply(&mut self, command: &Command) {
        match command {
            Command::UciNewGame => self.position = self.start(Position::startpos()),
            Command::Position { start, moves } => {
                let pos = match start {
                    StartPosition::Startpos => Position::startpos(),
                    StartPosition::Fen(fen) => match fen.parse::<Position>() {
                        Ok(pos) => pos,
                        Err(_) => return,
                    },
                };
                let mut pos = self.start(pos);
                for text in moves {
                    match pos.parse_uci_move(text) {
                        Ok(mv) => pos.play(mv),
                        Err(_) => break,
                    }
                }
                self.position = pos;
            }
            Command::SetOption { name, value } => {
                if self.options.set(name, value.as_deref()).is_ok() && name.eq_ignore_ascii_case("UCI_Chess960") {
                    self.position.set_chess960(self.options.chess960);
                }
            }
            _ => {}
        }
    }
}

/// A `setoption` the harness does not pass on: memory, threads, files.
fn dropped(name: &str, value: Option<&str>) -> bool {
    let number = value.and_then(|v| v.trim().parse::<i128>().ok());
    match name.to_ascii_lowercase().as_str() {
        "hash" => number.is_some_and(|mb| mb > 16),
        "threads" => number.is_some_and(|n| n > 2),
        "bookfile" => true,
        _ => false,
    }
}

/// The bounded copy of a `go`.
fn bounded(go: &Go) -> Go {
    let mut go = go.clone();
    go.depth = Some(go.depth.map_or(3, |d| d.min(3)));
    go.nodes = Some(go.nodes.map_or(20_000, |n| n.min(20_000)));
    go.movetime = go.movetime.map(|t| t.min(20));
    go.perft = go.perft.map(|d| d.min(2));
    go
}

/// The most `go` commands of one input passed on (the rest are dropped): each search costs
/// up to milliseconds under AddressSanitizer, and an input of 4 KiB holds a thousand `go`s.
const MAX_GOS: usize = 8;

/// What a search was asked: the position and the legal `searchmoves`.
struct Searched {
    position: Position,
    searchmoves: Vec<Move>,
}

fn check_bestmove(line: &str, searched: &Searched) {
    let pos = &searched.position;
    let words: Vec<&str> = line.split(' ').collect();
    let legal = pos.legal_moves();
    if words == ["bestmove", "0000"] {
        assert!(legal.is_empty(), "{pos}: bestmove 0000 with legal moves");
        return;
    }
    let (best, ponder) = match words.as_slice() {
        ["bestmove", best] => (*best, None),
        ["bestmove", best, "ponder", ponder] => (*best, Some(*ponder)),
        _ => panic!("{pos}: malformed {line:?}"),
    };
    let mv = pos.parse_uci_move(best).unwrap_or_else(|e| panic!("{pos}: {line:?}: {e}"));
    assert_eq!(mv.to_uci(pos.is_chess960()).to_string(), best, "{pos}: {line:?} is not written as UCI writes it");
    if !searched.searchmoves.is_empty() {
        assert!(searched.searchmoves.contains(&mv), "{pos}: {line:?} is not among the searchmoves");
    }
    if let Some(ponder) = ponder {
        let mut after = *pos;
        after.play(mv);
        after.parse_uci_move(ponder).unwrap_or_else(|e| panic!("{after}: ponder move of {line:?}: {e}"));
    }
}

fuzz_target!(|data: &[u8]| {
    let sink = Sink::default();
    // A 1 MiB table: a fresh 16 MiB one per input cost 15 ms under AddressSanitizer.
    let options = Options { hash_mb: 1, ..Options::default() };
    let mut engine = Engine::with_options(Output::new(sink.clone()), options.clone());
    let mut mirror = Mirror { options, position: Position::startpos() };
    let mut searches = Vec::new();
    let mut gos = 0;
    let mut quit = false;
    for bytes in data.split(|&b| b == b'\n') {
        let line = String::from_utf8_lossy(bytes);
        let Ok(command) = parse(&line) else {
            assert!(engine.handle_line(&line), "a line that does not parse is not quit");
            continue;
        };
        match &command {
            Command::SetOption { name, value } if dropped(name, value.as_deref()) => continue,
            Command::Go(go) => {
                gos += 1;
                if gos > MAX_GOS {
                    continue;
                }
                let go = bounded(go);
                let waits = go.infinite || go.ponder;
                if go.perft.is_none() {
                    let searchmoves =
                        go.searchmoves.iter().filter_map(|text| mirror.position.parse_uci_move(text).ok()).collect();
                    searches.push(Searched { position: mirror.position, searchmoves });
                }
                assert!(engine.handle(Command::Go(go)));
                if waits {
                    assert!(engine.handle(Command::Stop));
                }
                continue;
            }
            _ => {}
        }
        mirror.apply(&command);
        if !engine.handle_line(&line) {
            quit = true;
            break;
        }
    }
    if !quit {
        engine.end_of_input();
    }
    assert!(engine.handle_line("isready"));

    let output = sink.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let text = String::from_utf8(output).expect("the engine writes UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"readyok"), "isready after the input");
    for line in &lines {
        assert!(
            line.len() <= 2048,
            "an output line of {} bytes: {:?}",
            line.len(),
            line.chars().take(200).collect::<String>()
        );
    }
    let bestmoves: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), searches.len(), "one bestmove per go:\n{text}");
    for (line, searched) in bestmoves.iter().zip(&searches) {
        check_bestmove(line, searched);
    }
});
