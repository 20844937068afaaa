//! [`Game`]: a start position and the moves played from it, with what a position alone cannot
//! know: how often each position occurred, for the repetition rules. Games read and write
//! move lists as UCI (`e2e4 e7e5`) and as SAN with move numbers (`1. e4 e5 2. Nf3`).

use core::fmt;

use bbcore::Color;

use super::legality::IllegalMoveError;
use super::moves::Move;
use super::position::Position;
use super::san::SanError;
use super::status::Status;
use super::uci_move::MoveError;

/// A game: the start position, every move played from it, the position they lead to and the
/// Zobrist key of every position on the way (for repetitions).
///
/// [`play`](Game::play) checks that a move is legal, so a `Game` only ever holds legal games.
/// It does not stop at an automatic ending (fivefold repetition, the seventy-five-move rule):
/// [`status`](Game::status) reports it and the caller decides.
///
/// ```
/// use bbengine::{Game, Position, Status};
///
/// let mut game = Game::from_san(Position::startpos(), "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6")?;
/// game.play_san("Qxf7#")?;
/// assert_eq!(game.status(), Status::Checkmate);
/// assert_eq!(game.to_uci(), "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
/// assert_eq!(game.to_san(), "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// `keys[i]`: the key after the first `i` moves; `keys[0]` is the start's.
    keys: Vec<u64>,
}

/// A move list ([`Game::from_uci`], [`Game::from_san`]) that does not replay: which move,
/// and why.
///
/// ```
/// use bbengine::{Game, Position};
///
/// let err = Game::from_san(Position::startpos(), "1. e4 e5 2. Nf3 Nf3").unwrap_err();
/// assert_eq!(err.index, 3);
/// assert_eq!(err.text, "Nf3");
/// assert_eq!(err.to_string(), "move 4 of the list (2... Nf3): SAN \"Nf3\" names no legal move in this position");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGameError {
    /// Where in the list: how many moves were played before it (0 for the first move).
    pub index: usize,
    /// The token that failed, as given (without a move number in front of it).
    pub text: String,
    /// The move number of the position it was tried in.
    pub fullmove_number: u32,
    /// The side to move in that position.
    pub side: Color,
    /// What was wrong with it.
    pub kind: ParseGameErrorKind,
}

/// Why a token of a move list was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseGameErrorKind {
    /// Not a legal UCI move here.
    Uci(MoveError),
    /// Not SAN of a legal move here.
    San(SanError),
    /// Something follows the result token (`1-0`, `0-1`, `1/2-1/2`, `*`), which must be last.
    AfterResult,
}

impl fmt::Display for ParseGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.side == Color::White { "." } else { "..." };
        let at = format!("move {} of the list ({}{dots} {})", self.index + 1, self.fullmove_number, self.text);
        match &self.kind {
            ParseGameErrorKind::Uci(e) => write!(f, "{at}: {e}"),
            ParseGameErrorKind::San(e) => write!(f, "{at}: {e}"),
            ParseGameErrorKind::AfterResult => {
                write!(f, "{:?} follows the result, which must be the last token", self.text)
            }
        }
    }
}

impl std::error::Error for ParseGameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ParseGameErrorKind::Uci(e) => Some(e),
            ParseGameErrorKind::San(e) => Some(e),
            ParseGameErrorKind::AfterResult => None,
        }
    }
}

/// The result tokens of PGN.
fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// `token` without a move number in front: `12.` -> ``, `12...Nf3` -> `Nf3`, `e4` -> `e4`.
/// Castling with zeros (`0-0`) has no dot after its digit and stays whole.
fn strip_move_number(token: &str) -> &str {
    let after_digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() < token.len() && after_digits.starts_with('.') {
        after_digits.trim_start_matches('.')
    } else {
        token
    }
}

impl Game {
    /// A game starting at `start`, no moves played yet.
    pub fn new(start: Position) -> Game {
        Game { start, position: start, moves: Vec::new(), keys: vec![start.key()] }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position: the start with every move played.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv` if it is legal in the current position; otherwise changes nothing and says
    /// why.
    ///
    /// ```
    /// use bbcore::Square;
    /// use bbengine::{Game, Move, MoveKind, Position};
    ///
    /// let mut game = Game::new(Position::startpos());
    /// let err = game.play(Move::new(Square::E2, Square::E5, MoveKind::Normal)).unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move e2e5 in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.position.try_play(mv)?;
        self.moves.push(mv);
        self.keys.push(self.position.key());
        Ok(())
    }

    /// Plays the legal move that the SAN `text` names (see [`Position::parse_san`]).
    pub fn play_san(&mut self, text: &str) -> Result<Move, SanError> {
        let mv = self.position.parse_san(text)?;
        self.push_legal(mv);
        Ok(mv)
    }

    /// Plays the legal move that the UCI `text` names (see [`Position::parse_uci_move`]).
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.position.parse_uci_move(text)?;
        self.push_legal(mv);
        Ok(mv)
    }

    /// Plays `mv`, known to be legal (it came from a parser that only returns legal moves).
    fn push_legal(&mut self, mv: Move) {
        self.position.play(mv);
        self.moves.push(mv);
        self.keys.push(self.position.key());
    }

    /// The status of the current position ([`Position::status`]) with the repetition rules,
    /// which need the history: [`Status::FivefoldRepetition`] when the current position
    /// occurred five times (see [`repetitions`](Game::repetitions)), [`Status::Repetition`]
    /// when three times.
    ///
    /// Precedence, first that applies: checkmate, stalemate, insufficient material,
    /// seventy-five moves, fivefold repetition, fifty moves, repetition. Repetition here means
    /// the current position has occurred three times; a claim on a move not yet played (FIDE
    /// 9.2.1.1) is not reported.
    ///
    /// ```
    /// use bbengine::{Game, Position, Status};
    ///
    /// let shuffle = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
    /// let game = Game::from_san(Position::startpos(), shuffle)?;
    /// assert_eq!(game.repetitions(), 3);
    /// assert_eq!(game.status(), Status::Repetition);
    /// # Ok::<(), bbengine::ParseGameError>(())
    /// ```
    pub fn status(&self) -> Status {
        let status = self.position.status();
        if status.is_over() {
            return status;
        }
        let seen = self.repetitions();
        if seen >= 5 {
            Status::FivefoldRepetition
        } else if status == Status::FiftyMoves {
            status
        } else if seen >= 3 {
            Status::Repetition
        } else {
            status
        }
    }

    /// How many times the current position has occurred in this game, counting the current
    /// occurrence, since the last capture or pawn move (positions before one cannot recur).
    ///
    /// Two positions are the same when they have the same pieces on the same squares, the
    /// same side to move, the same castling rights and the same en passant square. They are
    /// found by key, and every key match is confirmed by comparing the boards themselves
    /// (replayed from the start), so a key collision never counts.
    pub fn repetitions(&self) -> usize {
        let n = self.moves.len();
        let window = (self.position.halfmove_clock() as usize).min(n);
        let current = self.keys[n];
        let earlier = self.keys[n - window..n].iter().filter(|&&key| key == current).count();
        if earlier == 0 {
            return 1;
        }
        let mut pos = self.start;
        let mut seen = 1;
        for (ply, &mv) in self.moves.iter().enumerate() {
            if ply >= n - window && self.keys[ply] == current && pos.board() == self.position.board() {
                seen += 1;
            }
            pos.play(mv);
        }
        seen
    }

    /// Replays the UCI moves in `text` (separated by spaces) from `start`.
    ///
    /// ```
    /// use bbengine::{Game, Position};
    ///
    /// let game = Game::from_uci(Position::startpos(), "e2e4 c7c5 g1f3")?;
    /// assert_eq!(game.to_san(), "1. e4 c5 2. Nf3");
    /// let err = Game::from_uci(Position::startpos(), "e2e4 e2e4").unwrap_err();
    /// assert_eq!(err.to_string(), "move 2 of the list (1... e2e4): illegal move \"e2e4\" in this position");
    /// # Ok::<(), bbengine::ParseGameError>(())
    /// ```
    pub fn from_uci(start: Position, text: &str) -> Result<Game, ParseGameError> {
        let mut game = Game::new(start);
        for token in text.split_whitespace() {
            if let Err(e) = game.play_uci(token) {
                return Err(game.error(token, ParseGameErrorKind::Uci(e)));
            }
        }
        Ok(game)
    }

    /// The moves as UCI text separated by spaces; castling as king takes rook when the start
    /// position is Chess960 ([`Position::is_chess960`]), else as the king's two-square move.
    pub fn to_uci(&self) -> String {
        let chess960 = self.position.is_chess960();
        let texts: Vec<String> = self.moves.iter().map(|mv| mv.to_uci(chess960).to_string()).collect();
        texts.join(" ")
    }

    /// Replays SAN moves from `start`: moves separated by spaces, with or without move numbers
    /// (`1. e4`, `1.e4`, `1...e5`, `12... Nc6`; the numbers are not checked), and optionally a
    /// result (`1-0`, `0-1`, `1/2-1/2`, `*`) as the last token (not checked either). Each move
    /// is read by [`Position::parse_san`].
    ///
    /// ```
    /// use bbengine::{Game, Position};
    ///
    /// let start: Position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse()?;
    /// let game = Game::from_san(start, "3. Bb5 a6 4. Ba4 1-0")?;
    /// assert_eq!(game.moves().len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_san(start: Position, text: &str) -> Result<Game, ParseGameError> {
        let mut game = Game::new(start);
        let mut result_seen = false;
        for token in text.split_whitespace() {
            if result_seen {
                return Err(game.error(token, ParseGameErrorKind::AfterResult));
            }
            if is_result(token) {
                result_seen = true;
                continue;
            }
            let san = strip_move_number(token);
            if san.is_empty() {
                continue;
            }
            if let Err(e) = game.play_san(san) {
                return Err(game.error(san, ParseGameErrorKind::San(e)));
            }
        }
        Ok(game)
    }

    /// The moves as SAN with move numbers: `1. e4 e5 2. Nf3`, or `12... Nc6 13. Nf3` when
    /// black moves first. No result token is written.
    pub fn to_san(&self) -> String {
        let mut out = String::new();
        let mut pos = self.start;
        for (i, &mv) in self.moves.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if pos.side_to_move() == Color::White {
                out.push_str(&format!("{}. ", pos.fullmove_number()));
            } else if i == 0 {
                out.push_str(&format!("{}... ", pos.fullmove_number()));
            }
            out.push_str(&pos.san(mv));
            pos.play(mv);
        }
        out
    }

    /// An error for `text`, tried as the next move of this game.
    fn error(&self, text: &str, kind: ParseGameErrorKind) -> ParseGameError {
        ParseGameError {
            index: self.moves.len(),
            text: text.to_string(),
            fullmove_number: self.position.fullmove_number(),
            side: self.position.side_to_move(),
            kind,
        }
    }
}

impl Default for Game {
    /// A game from the standard starting position.
    fn default() -> Game {
        Game::new(Position::startpos())
    }
}
