//! The UCI protocol: `bbengine` with no arguments (or `bbengine uci`) reads commands on
//! stdin and answers on stdout.
//!
//! `command.rs` parses a line into a [`Command`] (pure, unit tested); `options.rs` holds the
//! options; this file is the loop: it owns the engine state (position, game history, options,
//! table, the threads' move-ordering tables, book), starts each search on its own thread so `isready`, `stop` and `ponderhit`
//! are answered while it runs, and writes every line through one [`Output`] that flushes per
//! line. Bad input is answered with an `info string` saying why, never a panic.

pub mod command;
pub mod options;
pub mod strength;

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::board::{Move, Position};
use crate::book::PolyglotBook;
use crate::search::{
    Bound, Iteration, Limits, MAX_PLY, Reporter, SearchControl, SearchRequest, SearchTables, TranspositionTable,
    mate_in, search_with_tables,
};
pub use command::{Command, Go, ParseError, StartPosition, parse};
use command::{clip, quote};
pub use options::Options;
use strength::{CANDIDATES, Candidates, Strength};

/// The engine's name and version, as `uci` reports them.
pub const ENGINE_NAME: &str = concat!("bbengine ", env!("CARGO_PKG_VERSION"));
/// The engine's author line.
pub const ENGINE_AUTHOR: &str = "bb developers";
/// The longest input line [`run`] reads, in bytes: a `position ... moves` line of 100,000
/// moves fits; a longer line is skipped (read through, not kept) and the engine says so.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The one writer to the GUI: each line is written whole and flushed, from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// An output writing to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `text` and a newline, then flushes. A closed pipe is ignored (the GUI is gone;
    /// the loop ends at its EOF).
    pub fn line(&self, text: &str) {
        let mut writer = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
    }

    /// `info string <text>`.
    pub fn info(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }
}

/// Formats search lines as UCI `info` lines.
struct UciReporter {
    out: Output,
    chess960: bool,
}

impl Reporter for UciReporter {
    fn report(&self, line: &Iteration) {
        let score = match mate_in(line.score) {
            Some(n) => format!("mate {n}"),
            None => format!("cp {}", line.score),
        };
        let bound = match line.bound {
            Bound::Lower => " lowerbound",
            Bound::Upper => " upperbound",
            Bound::Exact => "",
        };
        let ms = line.time.as_millis() as u64;
        let nps = line.nodes * 1000 / ms.max(1);
        let pv: Vec<String> = line.pv.iter().map(|m| m.to_uci(self.chess960).to_string()).collect();
        self.out.line(&format!(
            "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {nps} hashfull {} time {ms} pv {}",
            line.depth,
            line.seldepth,
            line.multipv,
            line.nodes,
            line.hashfull,
            pv.join(" ")
        ));
    }
}

/// A search running on its own thread.
struct Running {
    control: Arc<SearchControl>,
    /// Gives back the move-ordering tables when the search is over.
    handle: JoinHandle<SearchTables>,
    /// Infinite or ponder: the search waits for `stop`/`ponderhit` before its bestmove.
    waits: bool,
}

/// The engine state the loop keeps between commands.
pub struct Engine {
    out: Output,
    options: Options,
    tt: Arc<TranspositionTable>,
    /// The search threads' move-ordering memory, kept for the game's next search (lent to
    /// the running search).
    tables: SearchTables,
    position: Position,
    /// Keys of the positions before `position` in the game.
    history: Vec<u64>,
    book: Option<Arc<PolyglotBook>>,
    running: Option<Running>,
    debug: bool,
}

impl Engine {
    /// A fresh engine writing to `out`, in the start position.
    pub fn new(out: Output) -> Engine {
        Engine::with_options(out, Options::default())
    }

    /// A fresh engine with `options` instead of the defaults (the table is allocated at
    /// `options.hash_mb` at once; the fuzz target starts with a small one). The book is not
    /// loaded: `setoption` of `OwnBook` or `BookFile` does that.
    pub fn with_options(out: Output, options: Options) -> Engine {
        let mut engine = Engine {
            out,
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            options,
            tables: SearchTables::new(),
            position: Position::startpos(),
            history: Vec::new(),
            book: None,
            running: None,
            debug: false,
        };
        engine.position = engine.start_position(Position::startpos());
        engine
    }

    /// Handles one input line; returns false after `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match parse(line) {
            Ok(command) => self.handle(command),
            Err(e) => {
                self.out.info(&format!("ignored {}: {e}", quote(line.trim())));
                true
            }
        }
    }

    /// Handles one command; returns false after `quit`.
    pub fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::Uci => {
                self.out.line(&format!("id name {ENGINE_NAME}"));
                self.out.line(&format!("id author {ENGINE_AUTHOR}"));
                for line in Options::declarations() {
                    self.out.line(&line);
                }
                self.out.line("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => {
                self.finish_search(true);
                self.set_option(&name, value.as_deref());
            }
            Command::UciNewGame => {
                self.finish_search(true);
                self.tt.clear();
                self.tables.clear();
                self.position = self.start_position(Position::startpos());
                self.history.clear();
            }
            Command::Position { start, moves } => {
                self.finish_search(true);
                self.set_position(start, &moves);
            }
            Command::Go(go) => {
                self.finish_search(true);
                self.go(go);
            }
            Command::Stop => self.finish_search(true),
            Command::PonderHit => {
                if let Some(running) = &self.running {
                    running.control.ponderhit();
                } else {
                    self.out.info("ponderhit ignored: no search is running");
                }
            }
            Command::Quit => {
                self.finish_search(true);
                return false;
            }
            Command::Display => {
                self.out.info(&format!("fen {}", self.position));
                for row in format!("{:#}", self.position).lines() {
                    self.out.info(row);
                }
            }
            Command::Empty => {}
        }
        true
    }

    /// Ends the input: a search that ends by itself finishes, one that waits for `stop`
    /// (infinite, ponder) is stopped; either way its bestmove is written.
    pub fn end_of_input(&mut self) {
        let waits = self.running.as_ref().is_some_and(|r| r.waits);
        self.finish_search(waits);
    }

    /// Waits for the running search (after stopping it if `stop`).
    fn finish_search(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop {
                running.control.stop();
            }
            match running.handle.join() {
                Ok(tables) => self.tables = tables,
                Err(_) => self.out.info("the search thread failed"),
            }
        }
    }

    fn start_position(&self, mut pos: Position) -> Position {
        pos.set_chess960(self.options.chess960 || pos.is_chess960());
        pos
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(name, value) {
            Ok(applied) => {
                if let Some(note) = applied.note {
                    self.out.info(&note);
                }
                match applied.change {
                    options::Change::Value => {}
                    options::Change::Hash => {
                        self.tt = Arc::new(TranspositionTable::new(self.options.hash_mb));
                        if self.tt.size_mb() < self.options.hash_mb {
                            self.out.info(&format!("Hash: only {} MiB could be allocated", self.tt.size_mb()));
                        }
                    }
                    options::Change::ClearHash => {
                        self.tt.clear();
                        self.tables.clear();
                    }
                    options::Change::Book => self.load_book(),
                }
                if name.eq_ignore_ascii_case("UCI_Chess960") {
                    self.position.set_chess960(self.options.chess960);
                }
            }
            Err(e) => self.out.info(&format!("setoption ignored: {e}")),
        }
    }

    fn load_book(&mut self) {
        self.book = None;
        if !self.options.own_book || self.options.book_file.is_empty() {
            return;
        }
        match PolyglotBook::open(&self.options.book_file) {
            Ok(book) if book.is_empty() => {
                self.out.info(&format!("book {} not loaded: the file is empty", quote(&self.options.book_file)));
            }
            Ok(book) => {
                self.out.info(&format!("book {} loaded: {} entries", quote(&self.options.book_file), book.len()));
                self.book = Some(Arc::new(book));
            }
            Err(e) => {
                self.out.info(&format!("book {} not loaded: {}", quote(&self.options.book_file), clip(&e.to_string())))
            }
        }
    }

    fn set_position(&mut self, start: StartPosition, moves: &[String]) {
        let mut pos = match start {
            StartPosition::Startpos => Position::startpos(),
            StartPosition::Fen(fen) => match fen.parse::<Position>() {
                Ok(pos) => pos,
                Err(e) => {
                    self.out.info(&format!("position ignored: FEN {}: {}", quote(&fen), clip(&e.to_string())));
                    return;
                }
            },
        };
        pos = self.start_position(pos);
        let mut history = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            match pos.parse_uci_move(text) {
                Ok(mv) => {
                    history.push(pos.key());
                    pos.play(mv);
                }
                Err(e) => {
                    self.out.info(&format!(
                        "move {} ({}) is not legal here: {}; the moves from it on are ignored",
                        i + 1,
                        quote(text),
                        clip(&e.to_string())
                    ));
                    break;
                }
            }
        }
        self.position = pos;
        self.history = history;
    }

    /// Turns the `go` parameters into search limits, clamping what is out of range.
    fn limits(&self, go: &Go) -> Limits {
        let out = &self.out;
        let positive = |name: &str, value: Option<i64>, min: i64, max: i64| -> Option<i64> {
            value.map(|v| {
                let c = v.clamp(min, max);
                if c != v {
                    out.info(&format!("go {name} {v} is out of range {min}..{max}, using {c}"));
                }
                c
            })
        };
        let max_depth = MAX_PLY as i64 - 8;
        let day = 86_400_000 * 365;
        let mut searchmoves = Vec::new();
        let mut refused = Vec::new();
        for text in &go.searchmoves {
            match self.position.parse_uci_move(text) {
                Ok(mv) => searchmoves.push(mv),
                Err(_) => refused.push(text.as_str()),
            }
        }
        // One line each, however many words: a hostile line must not become a flood.
        if !refused.is_empty() {
            out.info(&format!(
                "searchmoves: {} not legal here, ignored: {}",
                words(refused.len()),
                quote(&refused.join(" "))
            ));
        }
        if !go.ignored.is_empty() {
            out.info(&format!(
                "go: {} not understood, ignored: {}",
                words(go.ignored.len()),
                quote(&go.ignored.join(" "))
            ));
        }
        Limits {
            depth: positive("depth", go.depth, 1, max_depth).map(|d| d as u32),
            nodes: positive("nodes", go.nodes, 1, i64::MAX).map(|n| n as u64),
            movetime: positive("movetime", go.movetime, 0, day).map(|t| t as u64),
            wtime: positive("wtime", go.wtime, 0, day),
            btime: positive("btime", go.btime, 0, day),
            winc: positive("winc", go.winc, 0, day),
            binc: positive("binc", go.binc, 0, day),
            movestogo: positive("movestogo", go.movestogo, 1, 1000).map(|m| m as u32),
            mate: positive("mate", go.mate, 1, max_depth / 2).map(|m| m as u32),
            searchmoves,
            infinite: go.infinite,
            ponder: go.ponder,
        }
    }

    fn go(&mut self, go: Go) {
        let chess960 = self.position.is_chess960();
        if let Some(depth) = go.perft {
            let depth = depth.clamp(1, 10) as u32;
            let mut lines: Vec<(String, u64)> =
                self.position.divide(depth).into_iter().map(|(mv, n)| (mv.to_uci(chess960).to_string(), n)).collect();
            lines.sort();
            for (text, n) in &lines {
                self.out.line(&format!("{text}: {n}"));
            }
            self.out.line("");
            self.out.line(&format!("Nodes searched: {}", lines.iter().map(|(_, n)| n).sum::<u64>()));
            return;
        }
        let mut limits = self.limits(&go);
        if self.options.own_book
            && !limits.infinite
            && !limits.ponder
            && let Some(book) = &self.book
            && let Some(entry) = book.pick(&self.position, random_seed())
        {
            self.out.info("book move");
            self.out.line(&format!("bestmove {}", entry.mv.to_uci(chess960)));
            return;
        }
        // At the top of the range nothing is held back: the normal search, one line.
        let strength = Strength::new(self.options.elo);
        let strength = (self.options.limit_strength && !strength.is_full()).then_some(strength);
        if let Some(strength) = strength {
            strength.limit(&mut limits);
        }
        let hold =
            if strength.is_some() { Strength::hold(&limits, self.position.side_to_move()) } else { Duration::ZERO };
        let waits = limits.infinite || limits.ponder;
        let control = Arc::new(SearchControl::new(limits.ponder));
        let thread_control = Arc::clone(&control);
        let tt = Arc::clone(&self.tt);
        let out = self.out.clone();
        let position = self.position;
        let history = self.history.clone();
        let threads = self.options.threads;
        let multipv = if strength.is_some() { self.options.multipv.max(CANDIDATES) } else { self.options.multipv };
        let move_overhead = self.options.move_overhead;
        let mut tables = std::mem::take(&mut self.tables);
        let spawned = std::thread::Builder::new().name("search".into()).spawn(move || {
            let request = SearchRequest {
                position,
                history: &history,
                limits,
                tt: &tt,
                threads,
                multipv,
                move_overhead,
                evaluator: Default::default(),
            };
            let started = Instant::now();
            let reporter = UciReporter { out: out.clone(), chess960 };
            let candidates = Candidates::new(&reporter);
            let mut result = search_with_tables(&request, &mut tables, &thread_control, &candidates);
            if let Some(strength) = strength {
                let lines = candidates.lines();
                let picked = strength.pick(&lines, random_seed());
                if picked.is_some() && picked != result.best {
                    (result.best, result.ponder) = (picked, None);
                }
            }
            // Infinite and ponder searches hold their move until told; a weakened one for
            // a share of its clock (a small node budget would answer at once).
            while request.limits.infinite && !thread_control.is_stopped()
                || request.limits.ponder && thread_control.is_pondering() && !thread_control.is_stopped()
                || started.elapsed() < hold && !thread_control.is_stopped()
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            match result.best {
                Some(best) => {
                    let ponder = result.ponder.map(|p| format!(" ponder {}", p.to_uci(chess960))).unwrap_or_default();
                    out.line(&format!("bestmove {}{ponder}", best.to_uci(chess960)));
                }
                None => {
                    out.info("no legal move in this position");
                    out.line("bestmove 0000");
                }
            }
            tables
        });
        match spawned {
            Ok(handle) => self.running = Some(Running { control, handle, waits }),
            Err(e) => {
                self.out.info(&format!("could not start the search: {e}"));
                let fallback: Option<Move> = self.position.legal_moves().first().copied();
                let text = fallback.map_or("0000".to_string(), |m| m.to_uci(chess960).to_string());
                self.out.line(&format!("bestmove {text}"));
            }
        }
    }
}

/// A random number from the clock, for the book's and the weakened search's choices.
fn random_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// "1 word", "3 words".
fn words(n: usize) -> String {
    if n == 1 { "1 word".to_string() } else { format!("{n} words") }
}

/// One line of input, at most `max` bytes of it kept.
enum Line {
    /// The end of the input (or a read error).
    End,
    /// A whole line (with its newline, if it had one).
    Text,
    /// A line longer than `max`: read through to its newline, not kept; its length in bytes.
    TooLong(usize),
}

/// Reads one line into `bytes` (cleared first), keeping at most `max` bytes of it in memory.
fn read_line(input: &mut impl BufRead, bytes: &mut Vec<u8>, max: usize) -> Line {
    bytes.clear();
    let mut total = 0usize;
    let end = |total: usize| if total > max { Line::TooLong(total) } else { Line::Text };
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::End,
        };
        if buf.is_empty() {
            return if total == 0 { Line::End } else { end(total) };
        }
        let (used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if total.saturating_add(used) <= max {
            bytes.extend_from_slice(&buf[..used]);
        } else {
            bytes.clear();
        }
        input.consume(used);
        total = total.saturating_add(used);
        if done {
            return end(total);
        }
    }
}

/// Speaks UCI on `input`/`output` until `quit` or the end of the input.
/// Bytes that are not UTF-8 are read as U+FFFD (and the line is then refused with a
/// reason), not taken for the end of the input. A line longer than [`MAX_LINE_BYTES`] is
/// refused with a reason and never held in memory whole.
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) {
    let mut engine = Engine::new(Output::new(output));
    let mut bytes = Vec::new();
    loop {
        match read_line(&mut input, &mut bytes, MAX_LINE_BYTES) {
            Line::End => break,
            Line::TooLong(n) => engine
                .out
                .info(&format!("ignored a line of {n} bytes: longer than the {} MiB limit", MAX_LINE_BYTES >> 20)),
            Line::Text => {
                if !engine.handle_line(&String::from_utf8_lossy(&bytes)) {
                    return;
                }
            }
        }
    }
    engine.end_of_input();
}

/// [`run`] on the process's stdin and stdout.
pub fn run_stdio() {
    run(std::io::stdin().lock(), std::io::stdout());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer the test can read back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn session(input: &[u8]) -> String {
        let out = Shared::default();
        run(input, out.clone());
        String::from_utf8(out.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn invalid_utf8_is_a_bad_line_not_the_end() {
        let text = session(b"\xff\xfe junk\nisready\n");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("info string ignored"), "{text}");
        assert_eq!(lines[1], "readyok");
    }

    #[test]
    fn one_bestmove_per_go_and_eof_finishes_the_search() {
        let text = session(b"position startpos moves e2e4 e7e5\ngo depth 3\nstop\nstop\ngo nodes 500\n");
        assert_eq!(text.lines().filter(|l| l.starts_with("bestmove ")).count(), 2, "{text}");
    }

    #[test]
    fn long_lines_are_refused_without_being_kept() {
        let mut input: &[u8] = b"0123456789\nabc\nlast";
        let mut bytes = Vec::new();
        assert!(matches!(read_line(&mut input, &mut bytes, 5), Line::TooLong(11)));
        assert!(bytes.len() <= 5);
        assert!(matches!(read_line(&mut input, &mut bytes, 5), Line::Text));
        assert_eq!(bytes, b"abc\n");
        assert!(matches!(read_line(&mut input, &mut bytes, 5), Line::Text));
        assert_eq!(bytes, b"last");
        assert!(matches!(read_line(&mut input, &mut bytes, 5), Line::End));

        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nisready\n");
        let text = session(&input);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines, ["info string ignored a line of 1048587 bytes: longer than the 1 MiB limit", "readyok"]);
    }

    #[test]
    fn echoes_are_clipped_and_word_notes_are_one_line() {
        let long = "y".repeat(5000);
        let text = session(format!("{long}\ngo depth 1 {long} a b c searchmoves zz e2e4\n").as_bytes());
        assert!(text.lines().all(|l| l.len() < 400), "{text}");
        assert!(text.lines().any(|l| l.starts_with("info string ignored \"yyyy") && l.contains("(5000 bytes)")));
        assert!(text.lines().any(|l| l.starts_with("info string go: 4 words not understood, ignored: ")));
        assert!(text.lines().any(|l| l == "info string searchmoves: 1 word not legal here, ignored: \"zz\""));
        assert!(text.lines().any(|l| l == "bestmove e2e4"), "{text}");
    }

    #[test]
    fn clocks_at_the_u32_limit() {
        let text = session(b"position fen 8/8/8/8/8/8/8/K6k b - - 4294967295 4294967295 moves h1h2 a1a2\nd\n");
        assert!(text.lines().any(|l| l == "info string fen 8/8/8/8/8/8/K6k/8 b - - 4294967295 4294967295"), "{text}");
    }

    #[test]
    fn move_ordering_tables_last_the_game_but_not_a_new_one() {
        let mut engine = Engine::new(Output::new(Shared::default()));
        for reset in ["ucinewgame", "setoption name Clear Hash"] {
            engine.handle_line("position startpos moves e2e4 e7e5");
            engine.handle_line("go depth 5");
            engine.finish_search(false);
            assert!(!engine.tables.is_empty(), "the search gives its tables back");
            engine.handle_line("position startpos moves e2e4 e7e5 g1f3");
            engine.handle_line("go depth 5");
            engine.finish_search(false);
            assert!(!engine.tables.is_empty());
            engine.handle_line(reset);
            assert!(engine.tables.is_empty(), "{reset}");
        }
    }

    #[test]
    fn no_legal_move_answers_0000() {
        let text = session(b"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
        assert!(text.lines().any(|l| l == "bestmove 0000"), "{text}");
    }
}
