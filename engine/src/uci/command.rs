//! The UCI command parser: one line of text in, one [`Command`] out. Pure (no I/O, no
//! engine state), so every command and malformed variant is unit tested here.

use core::fmt;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`.
    Startpos,
    /// `fen <FEN>`: the FEN text as given (checked later, against the rules).
    Fen(String),
}

/// The parameters of `go`. Numbers keep the sign and size the GUI sent (clamped to `i64`);
/// the engine clamps them to what it can do.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth <plies>`.
    pub depth: Option<i64>,
    /// `nodes <n>`.
    pub nodes: Option<i64>,
    /// `movetime <ms>`.
    pub movetime: Option<i64>,
    /// `wtime <ms>`.
    pub wtime: Option<i64>,
    /// `btime <ms>`.
    pub btime: Option<i64>,
    /// `winc <ms>`.
    pub winc: Option<i64>,
    /// `binc <ms>`.
    pub binc: Option<i64>,
    /// `movestogo <n>`.
    pub movestogo: Option<i64>,
    /// `mate <moves>`.
    pub mate: Option<i64>,
    /// `searchmoves <move>...` as text (checked later against the position).
    pub searchmoves: Vec<String>,
    /// `infinite`.
    pub infinite: bool,
    /// `ponder`.
    pub ponder: bool,
    /// `perft <depth>` (an extension: divide and a node total).
    pub perft: Option<i64>,
    /// Words that were not understood, skipped (the engine says so).
    pub ignored: Vec<String>,
}

/// One UCI command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its value, absent for buttons.
        value: Option<String>,
    },
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen <FEN> [moves <move>...]`.
    Position {
        /// The start.
        start: StartPosition,
        /// The moves from there, as text (checked later against the position).
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d` (an extension): show the current position.
    Display,
    /// An empty line: nothing to do.
    Empty,
}

/// Why a line is not a command, in words for an `info string`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

fn error(message: impl Into<String>) -> ParseError {
    ParseError(message.into())
}

/// At most this many characters of the input are echoed back in one place of a message, so a
/// megabyte line is not written back whole.
pub const ECHO_CHARS: usize = 80;

/// `text` quoted as `{:?}` writes it, cut to its first [`ECHO_CHARS`] characters (and its
/// length in bytes said) when it is longer.
///
/// ```
/// use bbengine::uci::command::quote;
/// assert_eq!(quote("e2e4"), "\"e2e4\"");
/// assert_eq!(quote(&"x".repeat(100_000)), format!("{:?}... (100000 bytes)", "x".repeat(80)));
/// ```
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(ECHO_CHARS) {
        None => format!("{text:?}"),
        Some((end, _)) => format!("{:?}... ({} bytes)", &text[..end], text.len()),
    }
}

/// A message from elsewhere that may hold input text (a FEN or move error), cut to four times
/// [`ECHO_CHARS`] characters.
pub fn clip(message: &str) -> String {
    match message.char_indices().nth(4 * ECHO_CHARS) {
        None => message.to_string(),
        Some((end, _)) => format!("{}... (cut)", &message[..end]),
    }
}

/// Parses one line. Leading and trailing whitespace and repeated spaces are ignored.
///
/// ```
/// use bbengine::uci::command::{Command, parse};
/// assert_eq!(parse("isready"), Ok(Command::IsReady));
/// assert!(parse("fly").is_err());
/// ```
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = tokens.split_first() else {
        return Ok(Command::Empty);
    };
    let no_arguments = |command: Command| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(error(format!("{first} takes no arguments, found {}", quote(&rest.join(" ")))))
        }
    };
    match first {
        "uci" => no_arguments(Command::Uci),
        "isready" => no_arguments(Command::IsReady),
        "ucinewgame" => no_arguments(Command::UciNewGame),
        "stop" => no_arguments(Command::Stop),
        "ponderhit" => no_arguments(Command::PonderHit),
        "quit" => no_arguments(Command::Quit),
        "d" => no_arguments(Command::Display),
        "debug" => match rest {
            ["on"] => Ok(Command::Debug(true)),
            ["off"] => Ok(Command::Debug(false)),
            _ => Err(error("debug takes on or off")),
        },
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest).map(Command::Go),
        _ => Err(error(format!("unknown command {}", quote(first)))),
    }
}

fn parse_setoption(tokens: &[&str]) -> Result<Command, ParseError> {
    let Some(("name", rest)) = tokens.split_first().map(|(f, r)| (*f, r)) else {
        return Err(error("setoption needs: name <name> [value <value>]"));
    };
    let value_at = rest.iter().position(|&t| t == "value");
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(error("setoption has an empty name"));
    }
    Ok(Command::SetOption { name: name.join(" "), value })
}

fn parse_position(tokens: &[&str]) -> Result<Command, ParseError> {
    let moves_at = tokens.iter().position(|&t| t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&tokens[..i], tokens[i + 1..].iter().map(|s| s.to_string()).collect()),
        None => (tokens, Vec::new()),
    };
    let start = match head {
        ["startpos"] => StartPosition::Startpos,
        ["fen", fen @ ..] if !fen.is_empty() => StartPosition::Fen(fen.join(" ")),
        ["fen"] => return Err(error("position fen needs a FEN")),
        [] => return Err(error("position needs startpos or fen <FEN>")),
        [other, ..] => return Err(error(format!("position needs startpos or fen <FEN>, found {}", quote(other)))),
    };
    Ok(Command::Position { start, moves })
}

/// A whole number, clamped to `i64` if it is longer.
fn parse_number(keyword: &str, token: Option<&&str>) -> Result<i64, ParseError> {
    let Some(token) = token else {
        return Err(error(format!("go {keyword} needs a number")));
    };
    match token.parse::<i128>() {
        Ok(n) => Ok(n.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64),
        Err(_) if token.chars().all(|c| c.is_ascii_digit() || c == '-' || c == '+') && token.len() > 1 => {
            Ok(if token.starts_with('-') { i64::MIN } else { i64::MAX })
        }
        Err(_) => Err(error(format!("go {keyword} needs a number, found {}", quote(token)))),
    }
}

const GO_KEYWORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "searchmoves",
    "infinite",
    "ponder",
    "perft",
];

fn parse_go(tokens: &[&str]) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < tokens.len() {
        let keyword = tokens[i];
        i += 1;
        let slot = match keyword {
            "depth" => &mut go.depth,
            "nodes" => &mut go.nodes,
            "movetime" => &mut go.movetime,
            "wtime" => &mut go.wtime,
            "btime" => &mut go.btime,
            "winc" => &mut go.winc,
            "binc" => &mut go.binc,
            "movestogo" => &mut go.movestogo,
            "mate" => &mut go.mate,
            "perft" => &mut go.perft,
            "infinite" => {
                go.infinite = true;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                continue;
            }
            "searchmoves" => {
                while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                    go.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
                continue;
            }
            other => {
                go.ignored.push(other.to_string());
                continue;
            }
        };
        *slot = Some(parse_number(keyword, tokens.get(i))?);
        i += 1;
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  isready \r"), Ok(Command::IsReady));
        assert_eq!(parse("ucinewgame"), Ok(Command::UciNewGame));
        assert_eq!(parse("stop"), Ok(Command::Stop));
        assert_eq!(parse("ponderhit"), Ok(Command::PonderHit));
        assert_eq!(parse("quit"), Ok(Command::Quit));
        assert_eq!(parse("d"), Ok(Command::Display));
        assert_eq!(parse(""), Ok(Command::Empty));
        assert_eq!(parse("   \t "), Ok(Command::Empty));
        assert_eq!(parse("debug on"), Ok(Command::Debug(true)));
        assert_eq!(parse("debug off"), Ok(Command::Debug(false)));
    }

    #[test]
    fn malformed_simple_commands() {
        assert!(parse("debug").is_err());
        assert!(parse("debug maybe").is_err());
        assert!(parse("isready now").is_err());
        assert!(parse("uci x").is_err());
        assert!(parse("UCI").is_err());
        let err = parse("xyzzy 1 2").unwrap_err();
        assert_eq!(err.0, "unknown command \"xyzzy\"");
    }

    #[test]
    fn setoption() {
        assert_eq!(
            parse("setoption name Hash value 128"),
            Ok(Command::SetOption { name: "Hash".into(), value: Some("128".into()) })
        );
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Ok(Command::SetOption { name: "Move Overhead".into(), value: Some("100".into()) })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption { name: "Clear Hash".into(), value: None })
        );
        assert_eq!(
            parse("setoption name BookFile value /tmp/my book.bin"),
            Ok(Command::SetOption { name: "BookFile".into(), value: Some("/tmp/my book.bin".into()) })
        );
        assert_eq!(
            parse("setoption name Hash value"),
            Ok(Command::SetOption { name: "Hash".into(), value: Some("".into()) })
        );
        assert!(parse("setoption").is_err());
        assert!(parse("setoption Hash 1").is_err());
        assert!(parse("setoption name").is_err());
        assert!(parse("setoption name value 3").is_err());
    }

    #[test]
    fn position() {
        assert_eq!(parse("position startpos"), Ok(Command::Position { start: StartPosition::Startpos, moves: vec![] }));
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Command::Position { start: StartPosition::Startpos, moves: vec!["e2e4".into(), "e7e5".into()] })
        );
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(
            parse(&format!("position fen {fen} moves a1a2")),
            Ok(Command::Position { start: StartPosition::Fen(fen.into()), moves: vec!["a1a2".into()] })
        );
        assert_eq!(
            parse(&format!("position fen {fen}")),
            Ok(Command::Position { start: StartPosition::Fen(fen.into()), moves: vec![] })
        );
        assert_eq!(
            parse("position startpos moves"),
            Ok(Command::Position { start: StartPosition::Startpos, moves: vec![] })
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position fen moves e2e4").is_err());
        assert!(parse("position start").is_err());
        assert!(parse("position moves e2e4").is_err());
        assert!(parse("position startpos e2e4").is_err());
    }

    #[test]
    fn go() {
        assert_eq!(parse("go"), Ok(Command::Go(Go::default())));
        let Ok(Command::Go(g)) = parse("go wtime 1000 btime -20 winc 10 binc 0 movestogo 5") else { panic!() };
        assert_eq!(
            (g.wtime, g.btime, g.winc, g.binc, g.movestogo),
            (Some(1000), Some(-20), Some(10), Some(0), Some(5))
        );
        let Ok(Command::Go(g)) = parse("go depth 100000 nodes 5000 movetime 20 mate 3") else { panic!() };
        assert_eq!((g.depth, g.nodes, g.movetime, g.mate), (Some(100_000), Some(5000), Some(20), Some(3)));
        let Ok(Command::Go(g)) = parse("go infinite searchmoves e2e4 d2d4 ponder") else { panic!() };
        assert!(g.infinite && g.ponder);
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        let Ok(Command::Go(g)) = parse("go perft 3") else { panic!() };
        assert_eq!(g.perft, Some(3));
        let Ok(Command::Go(g)) = parse("go depth 99999999999999999999999999999") else { panic!() };
        assert_eq!(g.depth, Some(i64::MAX));
        let Ok(Command::Go(g)) = parse("go fast depth 2") else { panic!() };
        assert_eq!((g.depth, g.ignored), (Some(2), vec!["fast".to_string()]));
    }

    #[test]
    fn malformed_go() {
        assert!(parse("go depth").is_err());
        assert!(parse("go depth x").is_err());
        assert!(parse("go wtime 1.5").is_err());
        assert!(parse("go movetime infinite").is_err());
        assert!(parse("go perft").is_err());
    }
}
