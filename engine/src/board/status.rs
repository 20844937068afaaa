//! Whether a game is over, and why: [`Status`], [`Position::status`] and
//! [`Position::is_insufficient_material`].
//!
//! A position alone can tell checkmate, stalemate, a dead position by material and the
//! move-count rules (its half-move clock). Repetitions need the game's history, so
//! [`Status::Repetition`] and [`Status::FivefoldRepetition`] come only from
//! [`Game::status`](super::Game::status).

use core::fmt;

use bbcore::{Bitboard, Role};

use super::position::Position;

/// Light squares (b1, a2, ...): a bishop on one of them only ever sees light squares.
const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// Whether a game is over or may be claimed drawn, and why.
///
/// The variants follow the FIDE Laws of Chess. "Automatic" endings end the game by
/// themselves ([`is_over`](Status::is_over)); the two claimable draws (the fifty-move rule and
/// threefold repetition) end it only when a player claims them, so play may go on.
///
/// When several apply, the first in this order is reported: checkmate, stalemate,
/// insufficient material, seventy-five moves, fivefold repetition, fifty moves, repetition.
/// Checkmate comes first because a mate delivered on the move that reaches the fifty- or
/// seventy-five-move limit still wins (FIDE 9.6.2); automatic draws come before claimable
/// ones because nobody needs to claim them.
///
/// ```
/// use bbengine::{Position, Status};
///
/// // Fool's mate.
/// let pos: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
/// assert_eq!(pos.status(), Status::Checkmate);
/// assert!(pos.status().is_over());
/// # Ok::<(), bbengine::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// Nothing ends the game and no draw can be claimed.
    Ongoing,
    /// The side to move is in check and has no legal move: it has lost. Automatic.
    Checkmate,
    /// The side to move is not in check and has no legal move: a draw. Automatic.
    Stalemate,
    /// Neither side can ever checkmate, judged by material alone (see
    /// [`Position::is_insufficient_material`]): a dead position, drawn. Automatic.
    InsufficientMaterial,
    /// At least fifty moves by each side (half-move clock >= 100) without a capture or a pawn
    /// move, and the position is not mate: either player may claim a draw (FIDE 9.3).
    FiftyMoves,
    /// At least seventy-five moves by each side (half-move clock >= 150) without a capture or a
    /// pawn move, and the last move did not mate: drawn without a claim (FIDE 9.6.2).
    SeventyFiveMoves,
    /// The current position (same pieces, side to move, castling rights and en passant square)
    /// has occurred at least three times since the last capture or pawn move: either player
    /// may claim a draw (FIDE 9.2). Only [`Game::status`](super::Game::status) reports it.
    Repetition,
    /// The current position has occurred at least five times since the last capture or pawn
    /// move: drawn without a claim (FIDE 9.6.1). Only [`Game::status`](super::Game::status)
    /// reports it.
    FivefoldRepetition,
}

impl Status {
    /// Whether the game has ended without anyone claiming anything: checkmate, stalemate,
    /// insufficient material, the seventy-five-move rule or fivefold repetition. `Ongoing`
    /// and the claimable draws (`FiftyMoves`, `Repetition`) are not over.
    ///
    /// ```
    /// use bbengine::Status;
    /// assert!(Status::SeventyFiveMoves.is_over());
    /// assert!(!Status::FiftyMoves.is_over());
    /// ```
    pub fn is_over(self) -> bool {
        !matches!(self, Status::Ongoing | Status::FiftyMoves | Status::Repetition)
    }
}

impl fmt::Display for Status {
    /// A short description: `ongoing`, `checkmate`, `fifty-move rule (claimable)`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Ongoing => "ongoing",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::InsufficientMaterial => "insufficient material",
            Status::FiftyMoves => "fifty-move rule (claimable)",
            Status::SeventyFiveMoves => "seventy-five-move rule",
            Status::Repetition => "threefold repetition (claimable)",
            Status::FivefoldRepetition => "fivefold repetition",
        })
    }
}

impl Position {
    /// What ends this position, or may be claimed in it, as far as the position alone can
    /// tell: checkmate and stalemate first (a mate on the 100th or 150th half-move is mate),
    /// then insufficient material, then the seventy-five-move rule (half-move clock >= 150),
    /// then the fifty-move rule (>= 100). Repetition needs the game's history: see
    /// [`Game::status`](super::Game::status).
    ///
    /// ```
    /// use bbengine::{Position, Status};
    ///
    /// assert_eq!(Position::startpos().status(), Status::Ongoing);
    /// let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse()?;
    /// assert_eq!(stalemate.status(), Status::Stalemate);
    /// let bare_kings: Position = "8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse()?;
    /// assert_eq!(bare_kings.status(), Status::InsufficientMaterial);
    /// let quiet: Position = "8/8/4k3/8/8/3K4/8/7R w - - 100 80".parse()?;
    /// assert_eq!(quiet.status(), Status::FiftyMoves);
    /// # Ok::<(), bbengine::FenError>(())
    /// ```
    pub fn status(&self) -> Status {
        if !self.has_legal_move() {
            return if self.is_check() { Status::Checkmate } else { Status::Stalemate };
        }
        if self.is_insufficient_material() {
            Status::InsufficientMaterial
        } else if self.halfmove_clock() >= 150 {
            Status::SeventyFiveMoves
        } else if self.halfmove_clock() >= 100 {
            Status::FiftyMoves
        } else {
            Status::Ongoing
        }
    }

    /// Whether neither side can ever checkmate, whatever either plays, judged by material
    /// alone: the FIDE dead positions that depend only on material (Laws 5.2.2, 9.6).
    ///
    /// True exactly for:
    /// - king against king;
    /// - king and one knight or one bishop against a bare king;
    /// - kings and any number of bishops (either side or both) all on squares of one colour,
    ///   with no other material.
    ///
    /// Everything else is false, even where mate needs the loser's help: king and two knights
    /// against a king (a mate exists, so the position is not dead), king and bishop against
    /// king and bishop on opposite colours (a king in the corner can be mated when its own
    /// bishop blocks it), king and knight against king and knight. Positions that are dead for
    /// reasons of piece placement (locked pawn chains, for example) are not recognised.
    ///
    /// ```
    /// use bbengine::Position;
    ///
    /// let same_colour: Position = "8/8/4k3/2b5/5B2/3K4/8/8 w - - 0 1".parse()?; // c5, f4: dark
    /// assert!(same_colour.is_insufficient_material());
    /// let two_knights: Position = "8/8/4k3/8/8/3K4/4N3/6N1 w - - 0 1".parse()?;
    /// assert!(!two_knights.is_insufficient_material());
    /// # Ok::<(), bbengine::FenError>(())
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        if (self.role(Role::Pawn) | self.role(Role::Rook) | self.role(Role::Queen)).any() {
            return false;
        }
        let (knights, bishops) = (self.role(Role::Knight), self.role(Role::Bishop));
        if (knights | bishops).count() <= 1 {
            return true;
        }
        knights.is_empty() && ((bishops & LIGHT_SQUARES).is_empty() || (bishops & !LIGHT_SQUARES).is_empty())
    }
}
