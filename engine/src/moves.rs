//! `Move`: a 16-bit move with UCI text in and out.

use core::fmt;

use bbcore::{Role, Square};

/// What kind of move, beyond from and to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// Any move that is not one of the others (captures included).
    Normal = 0,
    /// A pawn's two-square advance.
    DoublePush = 1,
    /// A pawn capturing en passant; `to` is the square the pawn lands on.
    EnPassant = 2,
    /// Castling, stored as king takes own rook: `from` is the king, `to` the rook.
    Castle = 3,
    /// Promotion to a knight.
    PromoteKnight = 4,
    /// Promotion to a bishop.
    PromoteBishop = 5,
    /// Promotion to a rook.
    PromoteRook = 6,
    /// Promotion to a queen.
    PromoteQueen = 7,
}

impl MoveKind {
    const ALL: [MoveKind; 8] = [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::PromoteKnight,
        MoveKind::PromoteBishop,
        MoveKind::PromoteRook,
        MoveKind::PromoteQueen,
    ];

    /// The four promotions, queen first (the order move ordering wants).
    pub const PROMOTIONS: [MoveKind; 4] =
        [MoveKind::PromoteQueen, MoveKind::PromoteKnight, MoveKind::PromoteRook, MoveKind::PromoteBishop];

    /// The piece a promotion makes, if this is one.
    pub const fn promotion(self) -> Option<Role> {
        match self {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            _ => None,
        }
    }
}

/// A move packed in 16 bits: from (6), to (6), kind (3).
///
/// Castling is stored as the king capturing its own rook, which covers Chess960 with no
/// special cases; [`Move::to_uci`] prints it as UCI expects.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// A move from `from` to `to` of the given kind.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
    }

    /// The square the moving piece leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The destination; for castling, the castling rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0 >> 12 & 7) as usize]
    }

    /// The raw 16 bits (stable within a version; for hash tables).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether this move is castling.
    pub const fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::Castle)
    }

    /// The square the king lands on when castling: the g- or c-file of its rank.
    pub const fn castle_king_target(self) -> Square {
        let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) { 6 } else { 2 };
        Square::new((self.from() as u8 & 56) | file)
    }

    /// The square the rook lands on when castling: the f- or d-file of its rank.
    pub const fn castle_rook_target(self) -> Square {
        let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) { 5 } else { 3 };
        Square::new((self.from() as u8 & 56) | file)
    }

    /// UCI text: `e2e4`, `e7e8q`; castling as `e1g1` in standard chess, or as king takes
    /// rook (`e1h1`) when `chess960` is set, as the UCI_Chess960 option asks.
    pub fn to_uci(self, chess960: bool) -> UciMove {
        let to = if self.is_castle() && !chess960 { self.castle_king_target() } else { self.to() };
        UciMove { from: self.from(), to, promotion: self.kind().promotion() }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}{} {:?})", self.from(), self.to(), self.kind())
    }
}

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

impl crate::Position {
    /// The legal move that UCI text names here. Castling is accepted both as the king's
    /// two-square move (`e1g1`, standard chess only) and as king takes rook (`e1h1`).
    ///
    /// ```
    /// use bbengine::{KoggeStone, Position};
    /// let mut pos = Position::startpos();
    /// let mv = pos.parse_uci_move("e2e4", KoggeStone)?;
    /// pos.play(mv);
    /// assert!(pos.parse_uci_move("e2e4", KoggeStone).is_err());
    /// # Ok::<(), bbengine::MoveError>(())
    /// ```
    pub fn parse_uci_move<S: crate::Sliders>(&self, text: &str, sliders: S) -> Result<Move, MoveError> {
        let uci: UciMove = text.parse()?;
        self.legal_moves(sliders)
            .iter()
            .copied()
            .find(|mv| mv.to_uci(true) == uci || (!self.is_chess960() && mv.to_uci(false) == uci))
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Parses a UCI move, checks it is legal, and plays it.
    pub fn play_uci<S: crate::Sliders>(&mut self, text: &str, sliders: S) -> Result<Move, MoveError> {
        let mv = self.parse_uci_move(text, sliders)?;
        self.play(mv);
        Ok(mv)
    }
}
