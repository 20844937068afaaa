//! The UCI engine (the real binary over pipes) against hostile input: a 4 MiB line, NUL bytes,
//! invalid UTF-8, 5,000 moves, an illegal move in a move list, bad FENs, absurd `go` numbers,
//! out-of-range and malformed options, book files that are not books.
//!
//! Every case: the engine says why in an `info string` (the test checks a stable part of the
//! text), a search it starts is bounded (or ends within 2 s of `stop`) and answers with a
//! legal `bestmove`, it still answers `isready` with `readyok`, and it exits 0 after `quit`.

use std::time::Duration;

use crate::common::{Engine, bestmove};
use bbengine::Position;

/// Sends `line` and returns the first `info string` the engine answers with.
fn info_after(e: &mut Engine, line: &str) -> String {
    e.send(line);
    e.until("info string").pop().expect("a line")
}

/// Sends `line` and asserts the engine's next `info string` is exactly `expected`.
fn says(e: &mut Engine, line: &str, expected: &str) {
    let reply = info_after(e, line);
    assert_eq!(reply, format!("info string {expected}"), "after {:?}", line.chars().take(80).collect::<String>());
}

/// `isready` is answered, then `quit` ends the process with exit code 0.
fn alive_then_quit(e: Engine) {
    alive_within_then_quit(e, Duration::from_secs(30));
}

/// [`alive_then_quit`], with `readyok` allowed to take up to `limit`.
fn alive_within_then_quit(mut e: Engine, limit: Duration) {
    e.send("isready");
    assert_eq!(e.until_within("readyok", limit).last().map(String::as_str), Some("readyok"));
    e.send("quit");
    assert!(e.finish().success(), "exit 0 after quit");
}

/// The engine's current FEN, from the `d` command (all its lines read, up to an `isready`).
fn fen(e: &mut Engine) -> String {
    e.send("d");
    e.send("isready");
    let lines = e.until("readyok");
    let fens: Vec<&str> = lines.iter().filter_map(|l| l.strip_prefix("info string fen ")).collect();
    assert_eq!(fens.len(), 1, "{lines:#?}");
    fens[0].to_string()
}

/// Waits for the `bestmove` of the search running now and checks it is legal in `pos`.
fn legal_bestmove(e: &Engine, pos: &Position, within: Duration) -> Vec<String> {
    let lines = e.until_within("bestmove", within);
    let (best, _) = bestmove(&lines);
    pos.parse_uci_move(&best).unwrap_or_else(|err| panic!("bestmove {best} in {pos}: {err}"));
    lines
}

/// `stop` ends the search within 2 s, with a legal move of `pos`.
fn stops(e: &mut Engine, pos: &Position) {
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    legal_bestmove(e, pos, Duration::from_secs(2));
}

// Lines.

#[test]
fn a_4_mib_line_is_refused_whole() {
    let mut e = Engine::start();
    let line = "x".repeat(4 << 20);
    says(&mut e, &line, "ignored a line of 4194305 bytes: longer than the 1 MiB limit");
    // The next line is read as a line of its own.
    e.send("position startpos moves e2e4");
    assert_eq!(fen(&mut e), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    alive_then_quit(e);
}

#[test]
fn nul_bytes() {
    let mut e = Engine::start();
    says(&mut e, "is\0ready", r#"ignored "is\0ready": unknown command "is\0ready""#);
    let reply = info_after(&mut e, "position startpos moves e2e4\0 e7e5");
    assert!(reply.starts_with(r#"info string move 1 ("e2e4\0") is not legal here: "#), "{reply}");
    assert_eq!(fen(&mut e), bbengine::STARTPOS);
    alive_then_quit(e);
}

#[test]
fn invalid_utf8() {
    let mut e = Engine::start();
    e.send_bytes(b"isready\xff\xfe\n");
    let reply = e.until("info string").pop().unwrap();
    assert_eq!(reply, "info string ignored \"isready\u{fffd}\u{fffd}\": unknown command \"isready\u{fffd}\u{fffd}\"");
    e.send_bytes(b"go depth \xc3\x28\n");
    let reply = e.until("info string").pop().unwrap();
    assert!(reply.starts_with("info string ignored \"go depth \u{fffd}(\": go depth needs a number"), "{reply}");
    alive_then_quit(e);
}

// Positions.

#[test]
fn five_thousand_moves() {
    let mut e = Engine::start();
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(1250).join(" ");
    e.send(&format!("position startpos moves {moves}"));
    // All 5,000 are played: the start position again, the half-move clock at 5,000.
    assert_eq!(fen(&mut e), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5000 2501");
    e.send("go depth 3");
    let lines = legal_bestmove(&e, &Position::startpos(), Duration::from_secs(30));
    // The fifty-move rule makes every move but a pawn move (which resets the clock) a draw, so
    // the score is at least 0 once the search looks past the root.
    let last = lines.iter().rev().find(|l| l.starts_with("info depth 3 ")).expect("depth 3");
    let cp: i32 = last.split(" score cp ").nth(1).and_then(|rest| rest.split(' ').next()?.parse().ok()).expect(last);
    assert!(cp >= 0, "{last}");
    alive_then_quit(e);
}

#[test]
fn illegal_move_in_the_middle() {
    let mut e = Engine::start();
    let reply = info_after(&mut e, "position startpos moves e2e4 e7e5 e4e5 b8c6");
    assert!(reply.starts_with(r#"info string move 3 ("e4e5") is not legal here: "#), "{reply}");
    assert!(reply.ends_with("; the moves from it on are ignored"), "{reply}");
    let mut pos = Position::startpos();
    pos.play_uci("e2e4").unwrap();
    pos.play_uci("e7e5").unwrap();
    assert_eq!(fen(&mut e), pos.to_string());
    e.send("go depth 2");
    legal_bestmove(&e, &pos, Duration::from_secs(30));
    alive_then_quit(e);
}

/// A refused FEN leaves the position as it was (here after 1. e4).
fn refused_fen(fen_text: &str, reason: &str) {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let before = fen(&mut e);
    says(&mut e, &format!("position fen {fen_text}"), &format!("position ignored: FEN {fen_text:?}: {reason}"));
    assert_eq!(fen(&mut e), before);
    alive_then_quit(e);
}

#[test]
fn fen_garbage() {
    refused_fen("garbage", "FEN needs 6 fields (or 4 without counters), found 1");
}

#[test]
fn fen_with_too_few_fields() {
    refused_fen("8/8/8/8/8/8/8/K6k w", "FEN needs 6 fields (or 4 without counters), found 2");
}

#[test]
fn fen_with_the_side_not_to_move_in_check() {
    refused_fen("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "FEN side field: the side not to move is in check");
}

// go.

#[test]
fn go_depth_4294967296() {
    let mut e = Engine::start();
    says(&mut e, "go depth 4294967296", "go depth 4294967296 is out of range 1..120, using 120");
    stops(&mut e, &Position::startpos());
    alive_then_quit(e);
}

#[test]
fn go_depth_minus_1() {
    let mut e = Engine::start();
    says(&mut e, "go depth -1", "go depth -1 is out of range 1..120, using 1");
    let lines = legal_bestmove(&e, &Position::startpos(), Duration::from_secs(30));
    assert!(lines.iter().all(|l| !l.starts_with("info depth 2 ")), "one ply: {lines:#?}");
    alive_then_quit(e);
}

#[test]
fn go_movetime_beyond_i64() {
    let mut e = Engine::start();
    says(
        &mut e,
        "go movetime 99999999999999999999999",
        "go movetime 9223372036854775807 is out of range 0..31536000000, using 31536000000",
    );
    stops(&mut e, &Position::startpos());
    alive_then_quit(e);
}

#[test]
fn go_with_negative_clocks() {
    let mut e = Engine::start();
    e.send("go wtime -5 btime -5");
    let lines = legal_bestmove(&e, &Position::startpos(), Duration::from_secs(10));
    assert!(lines.contains(&"info string go wtime -5 is out of range 0..31536000000, using 0".to_string()));
    assert!(lines.contains(&"info string go btime -5 is out of range 0..31536000000, using 0".to_string()));
    alive_then_quit(e);
}

#[test]
fn go_nodes_0() {
    let mut e = Engine::start();
    says(&mut e, "go nodes 0", "go nodes 0 is out of range 1..9223372036854775807, using 1");
    // A node limit still finishes the first ply, so there is a move.
    legal_bestmove(&e, &Position::startpos(), Duration::from_secs(10));
    alive_then_quit(e);
}

#[test]
fn go_movestogo_0() {
    let mut e = Engine::start();
    says(&mut e, "go movestogo 0", "go movestogo 0 is out of range 1..1000, using 1");
    // No clock: nothing else bounds this search.
    stops(&mut e, &Position::startpos());
    // With a clock, one move to go spends a bounded share of it.
    e.send("go movestogo 0 wtime 300 btime 300");
    legal_bestmove(&e, &Position::startpos(), Duration::from_secs(10));
    alive_then_quit(e);
}

// setoption.

/// `option` is clamped with `note`, then a search to `depth` still answers a legal move within
/// `within`; the engine stays alive. Returns the search's lines.
fn clamped_then_searches(option: &str, note: &str, depth: u32, within: Duration) -> Vec<String> {
    let mut e = Engine::start();
    says(&mut e, option, note);
    e.send(&format!("go depth {depth}"));
    let lines = legal_bestmove(&e, &Position::startpos(), within);
    alive_then_quit(e);
    lines
}

#[test]
fn hash_0() {
    clamped_then_searches(
        "setoption name Hash value 0",
        "Hash 0 is out of range 1..4096, using 1",
        3,
        Duration::from_secs(30),
    );
}

#[test]
fn hash_10_to_the_12() {
    let mut e = Engine::start();
    says(&mut e, "setoption name Hash value 1000000000000", "Hash 1000000000000 is out of range 1..4096, using 4096");
    // The 4 GiB table is allocated and written (tens of seconds in a debug build on a busy
    // machine): `readyok` comes when it is done. Then it is given back at once.
    e.send("setoption name Hash value 1");
    alive_within_then_quit(e, Duration::from_secs(300));
}

#[test]
fn hash_lots() {
    let mut e = Engine::start();
    says(
        &mut e,
        "setoption name Hash value lots",
        r#"setoption ignored: option Hash needs a whole number, found "lots""#,
    );
    alive_then_quit(e);
}

#[test]
fn threads_0() {
    clamped_then_searches(
        "setoption name Threads value 0",
        "Threads 0 is out of range 1..256, using 1",
        3,
        Duration::from_secs(30),
    );
}

#[test]
fn threads_100000() {
    // 256 threads search and are stopped.
    let note = "Threads 100000 is out of range 1..256, using 256";
    clamped_then_searches("setoption name Threads value 100000", note, 2, Duration::from_secs(60));
}

#[test]
fn multipv_0() {
    let note = "MultiPV 0 is out of range 1..256, using 1";
    let lines = clamped_then_searches("setoption name MultiPV value 0", note, 2, Duration::from_secs(30));
    assert!(lines.iter().filter(|l| l.starts_with("info depth")).all(|l| l.contains(" multipv 1 ")), "{lines:#?}");
}

#[test]
fn unknown_option() {
    let mut e = Engine::start();
    says(&mut e, "setoption name Nonsense value 1", r#"setoption ignored: unknown option "Nonsense""#);
    alive_then_quit(e);
}

#[test]
fn option_without_value() {
    let mut e = Engine::start();
    says(&mut e, "setoption name Hash", "setoption ignored: option Hash needs a value");
    says(&mut e, "setoption name MultiPV value", r#"setoption ignored: option MultiPV needs a whole number, found """#);
    alive_then_quit(e);
}

/// `OwnBook` on, then `BookFile` at `path`: the engine says why the book is not loaded, and
/// `go` searches (no book move).
fn refused_book(path: &str, reason: &str) {
    let mut e = Engine::start();
    e.send("setoption name OwnBook value true");
    let reply = info_after(&mut e, &format!("setoption name BookFile value {path}"));
    let start = format!("info string book {path:?} not loaded: ");
    assert!(reply.starts_with(&start) && reply.ends_with(reason), "{reply}");
    e.send("go depth 1");
    let lines = legal_bestmove(&e, &Position::startpos(), Duration::from_secs(30));
    assert!(!lines.iter().any(|l| l == "info string book move"), "{lines:#?}");
    alive_then_quit(e);
}

#[test]
fn book_file_is_a_directory() {
    let dir = env!("CARGO_MANIFEST_DIR");
    refused_book(dir, &format!("cannot read Polyglot book {dir}: it is a directory"));
}

#[test]
fn book_file_is_missing() {
    refused_book(
        "/no/such/book.bin",
        "cannot read Polyglot book /no/such/book.bin: No such file or directory (os error 2)",
    );
}

#[test]
fn book_file_is_empty() {
    // Removed when dropped, also when the test fails.
    let file = tempfile::Builder::new().prefix("bb-uci-hostile-empty-").suffix(".bin").tempfile().unwrap();
    refused_book(file.path().to_str().unwrap(), "the file is empty");
}

#[test]
fn book_file_is_dev_zero() {
    // Endless: refused before reading (a read would never end).
    if std::path::Path::new("/dev/zero").exists() {
        refused_book("/dev/zero", "cannot read Polyglot book /dev/zero: not a regular file (a device or a pipe)");
    }
}
