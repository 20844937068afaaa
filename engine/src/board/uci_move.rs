//! Moves as UCI text: [`UciMove`] parses and prints `e2e4`, `e7e8q`; a position finds the
//! legal move such text names.

use core::fmt;

use bbcore::{Role, Square};

use super::moves::Move;
use super::position::Position;
use crate::sliders::{Sliders, with_fastest};

/// A move as UCI writes it: from, to and an optional promotion letter. Parse one with
/// `str::parse`, then find the legal move it names with `Position::parse_uci_move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// Origin square.
    pub from: Square,
    /// Destination square (for castling: the king's target, or the rook in Chess960).
    pub to: Square,
    /// Promotion piece, if any.
    pub promotion: Option<Role>,
}

impl Move {
    /// UCI text: `e2e4`, `e7e8q`; castling as `e1g1` in standard chess, or as king takes
    /// rook (`e1h1`) when `chess960` is set, as the UCI_Chess960 option asks.
    pub fn to_uci(self, chess960: bool) -> UciMove {
        let to = if self.is_castle() && !chess960 { self.castle_king_target() } else { self.to() };
        UciMove { from: self.from(), to, promotion: self.kind().promotion() }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.upper_char().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// Text that is not a UCI move, or a UCI move that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// Not of the form `e2e4` or `e7e8q`.
    Syntax(String),
    /// Well formed but not a legal move here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "bad move {s:?}: expected UCI notation such as e2e4 or e7e8q"),
            MoveError::Illegal(s) => write!(f, "illegal move {s:?} in this position"),
        }
    }
}

impl std::error::Error for MoveError {}

impl core::str::FromStr for UciMove {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<UciMove, MoveError> {
        let bad = || MoveError::Syntax(s.to_string());
        if !s.is_ascii() || !(s.len() == 4 || s.len() == 5) {
            return Err(bad());
        }
        let from: Square = s[0..2].parse().map_err(|_| bad())?;
        let to: Square = s[2..4].parse().map_err(|_| bad())?;
        let promotion = match s.as_bytes().get(4) {
            None => None,
            Some(b'n') => Some(Role::Knight),
            Some(b'b') => Some(Role::Bishop),
            Some(b'r') => Some(Role::Rook),
            Some(b'q') => Some(Role::Queen),
            Some(_) => return Err(bad()),
        };
        Ok(UciMove { from, to, promotion })
    }
}

impl Position {
    /// The legal move that UCI text names here. Castling is accepted both as the king's
    /// two-square move (`e1g1`, standard chess only) and as king takes rook (`e1h1`).
    ///
    /// ```
    /// use bbengine::Position;
    /// let mut pos = Position::startpos();
    /// let mv = pos.parse_uci_move("e2e4")?;
    /// pos.play(mv);
    /// assert!(pos.parse_uci_move("e2e4").is_err());
    /// # Ok::<(), bbengine::MoveError>(())
    /// ```
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        with_fastest!(|sliders| self.parse_uci_move_with(text, sliders))
    }

    /// [`parse_uci_move`](Position::parse_uci_move) with the slider backend `sliders`.
    pub fn parse_uci_move_with<S: Sliders>(&self, text: &str, sliders: S) -> Result<Move, MoveError> {
        let uci: UciMove = text.parse()?;
        self.legal_moves_with(sliders)
            .iter()
            .copied()
            .find(|mv| mv.to_uci(true) == uci || (!self.is_chess960() && mv.to_uci(false) == uci))
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Parses a UCI move, checks it is legal, and plays it.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.parse_uci_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// [`play_uci`](Position::play_uci) with the slider backend `sliders`.
    pub fn play_uci_with<S: Sliders>(&mut self, text: &str, sliders: S) -> Result<Move, MoveError> {
        let mv = self.parse_uci_move_with(text, sliders)?;
        self.play(mv);
        Ok(mv)
    }
}
