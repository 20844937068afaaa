//! Questions about one move: is it legal here, does it capture, check, or reset the counters;
//! playing it checked ([`Position::try_play`]); the null move; and whether any legal move
//! exists at all.
//!
//! Legality is decided by generating only the moving piece's moves (a sink that looks for the
//! one move and stops), never the whole list.

use core::fmt;

use bbcore::{Bitboard, Role, Square};

use super::Board;
use super::move_list::MoveSink;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::zobrist::KEYS;
use crate::sliders::{Sliders, with_fastest};

/// Why [`Position::try_play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalMoveError {
    /// No piece stands on the move's origin square.
    EmptyOrigin {
        /// The move, in UCI notation.
        mv: String,
    },
    /// The piece on the origin square belongs to the side not to move.
    NotYourPiece {
        /// The move, in UCI notation.
        mv: String,
    },
    /// The piece cannot make this move here: the path is blocked, the piece is pinned, the king
    /// would stand in check, or it does not move that way.
    Illegal {
        /// The move, in UCI notation.
        mv: String,
        /// The position, as FEN.
        fen: String,
    },
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMoveError::EmptyOrigin { mv } => write!(f, "illegal move {mv}: no piece on its origin square"),
            IllegalMoveError::NotYourPiece { mv } => {
                write!(f, "illegal move {mv}: the piece on its origin square is not the side to move's")
            }
            IllegalMoveError::Illegal { mv, fen } => write!(f, "illegal move {mv} in {fen}"),
        }
    }
}

impl std::error::Error for IllegalMoveError {}

/// Looks for one move among those generated, and stops once found.
struct Finds {
    mv: Move,
    found: bool,
}

impl Finds {
    /// Whether `mv` is the move `from -> to` of `kind`.
    #[inline(always)]
    fn matches(&self, from: Square, to: Square, kind: MoveKind) -> bool {
        self.mv == Move::new(from, to, kind)
    }
}

impl MoveSink for Finds {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        self.found |= targets.has(self.mv.to()) && self.matches(from, self.mv.to(), MoveKind::Normal);
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, back: i8, kind: MoveKind) {
        let to = self.mv.to();
        self.found |= targets.has(to) && self.matches(Square::new_masked((to as i8 - back) as u8), to, kind);
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, back: i8) {
        let to = self.mv.to();
        self.found |= targets.has(to)
            && self.mv.kind().promotion().is_some()
            && self.matches(Square::new_masked((to as i8 - back) as u8), to, self.mv.kind());
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.found |= mv == self.mv;
    }

    #[inline(always)]
    fn is_done(&self) -> bool {
        self.found
    }
}

/// Stops at the first legal move.
struct AnyMove(bool);

impl MoveSink for AnyMove {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _back: i8, _kind: MoveKind) {
        self.0 |= targets.any();
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _back: i8) {
        self.0 |= targets.any();
    }

    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 = true;
    }

    #[inline(always)]
    fn is_done(&self) -> bool {
        self.0
    }
}

impl Board {
    /// Whether `mv` is legal here. Any 16-bit move may be asked about (one read from a hash
    /// table, say): only the moving piece's moves are generated.
    ///
    /// ```
    /// use bbengine::Position;
    ///
    /// let pos = Position::startpos();
    /// let e4 = pos.parse_uci_move("e2e4")?;
    /// assert!(pos.is_legal(e4));
    /// let mut after = pos;
    /// after.play(e4);
    /// assert!(!after.is_legal(e4));
    /// # Ok::<(), bbengine::MoveError>(())
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        with_fastest!(|sliders| self.is_legal_with(sliders, mv))
    }

    /// [`is_legal`](Board::is_legal) with the slider backend `sliders`.
    #[inline(always)]
    pub fn is_legal_with<S: Sliders>(&self, sliders: S, mv: Move) -> bool {
        if !self.color(self.side).has(mv.from()) {
            return false;
        }
        let mut finds = Finds { mv, found: false };
        self.generate_from_with(sliders, Bitboard::from_square(mv.from()), &mut finds);
        finds.found
    }

    /// Whether the side to move has any legal move; stops at the first it finds.
    pub fn has_legal_move(&self) -> bool {
        with_fastest!(|sliders| self.has_legal_move_with(sliders))
    }

    /// [`has_legal_move`](Board::has_legal_move) with the slider backend `sliders`.
    #[inline(always)]
    pub fn has_legal_move_with<S: Sliders>(&self, sliders: S) -> bool {
        let mut any = AnyMove(false);
        self.generate_with(sliders, &mut any);
        any.0
    }

    /// Our pieces pinned to our king (the side to move's): each may move only along the line
    /// through the king and its pinner.
    pub fn pinned(&self) -> Bitboard {
        with_fastest!(|sliders| self.pinned_with(sliders))
    }

    /// [`pinned`](Board::pinned) with the slider backend `sliders`.
    #[inline(always)]
    pub fn pinned_with<S: Sliders>(&self, sliders: S) -> Bitboard {
        self.checkers_and_pinned(sliders, self.king(self.side), self.side).1
    }

    /// Whether `mv`, a legal move, captures (en passant included; castling, stored as king
    /// takes own rook, does not).
    #[inline(always)]
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::EnPassant
            || (mv.kind() != MoveKind::Castle && self.color(self.side.other()).has(mv.to()))
    }

    /// The role `mv`, a legal move, captures, if any.
    pub fn captured(&self, mv: Move) -> Option<Role> {
        match mv.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ if self.color(self.side.other()).has(mv.to()) => {
                Role::ALL.into_iter().find(|&role| self.role(role).has(mv.to()))
            }
            _ => None,
        }
    }

    /// Whether `mv`, a legal move, makes every earlier position unrepeatable: a capture, a
    /// pawn move, castling, or a move that loses a castling right. Positions before such a move
    /// can never occur again, so a repetition search stops there.
    pub fn is_irreversible(&self, mv: Move) -> bool {
        let mover = mv.from();
        let pawn_move = self.role(Role::Pawn).has(mover);
        if pawn_move || mv.kind() == MoveKind::Castle || self.is_capture(mv) {
            return true;
        }
        let mut after = *self;
        after.update_castling_after(mv);
        after.castling != self.castling
    }

    /// Drops the rights that `mv` (not castling) loses: the king or a castling rook moves, or
    /// a castling rook is captured.
    fn update_castling_after(&mut self, mv: Move) {
        let Some(role) = Role::ALL.into_iter().find(|&role| self.role(role).has(mv.from())) else { return };
        self.update_castling(bbcore::Piece::new(self.side, role), mv.from(), mv.to());
    }
}

impl Position {
    /// Plays `mv` if it is legal here; otherwise leaves the position as it was and says why.
    ///
    /// ```
    /// use bbengine::{IllegalMoveError, Position};
    ///
    /// let mut pos = Position::startpos();
    /// let e4 = pos.parse_uci_move("e2e4")?;
    /// pos.try_play(e4)?;
    /// assert!(matches!(pos.try_play(e4), Err(IllegalMoveError::EmptyOrigin { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(self.why_illegal(mv));
        }
        self.play(mv);
        Ok(())
    }

    /// The reason `mv` is not legal here, for [`try_play`](Position::try_play).
    fn why_illegal(&self, mv: Move) -> IllegalMoveError {
        let text = mv.to_uci(self.is_chess960()).to_string();
        match self.piece_at(mv.from()) {
            None => IllegalMoveError::EmptyOrigin { mv: text },
            Some(piece) if piece.color != self.side_to_move() => IllegalMoveError::NotYourPiece { mv: text },
            Some(_) => IllegalMoveError::Illegal { mv: text, fen: self.to_string() },
        }
    }

    /// Whether `mv`, a legal move, gives check.
    ///
    /// ```
    /// use bbengine::Position;
    ///
    /// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse()?;
    /// assert!(pos.gives_check(pos.parse_uci_move("a1a8")?));
    /// assert!(!pos.gives_check(pos.parse_uci_move("a1a7")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        with_fastest!(|sliders| self.gives_check_with(sliders, mv))
    }

    /// [`gives_check`](Position::gives_check) with the slider backend `sliders`.
    #[inline(always)]
    pub fn gives_check_with<S: Sliders>(&self, sliders: S, mv: Move) -> bool {
        let mut after = *self;
        after.play(mv);
        after.is_check_with(sliders)
    }

    /// The null move: the turn passes without a move (for a search's null-move pruning). The en
    /// passant square is dropped and the half-move clock advances. Not allowed in check, where
    /// the result would leave the side that passed in check (debug builds assert this).
    ///
    /// ```
    /// use bbcore::Color;
    /// use bbengine::Position;
    ///
    /// let mut pos = Position::startpos();
    /// pos.play_null();
    /// assert_eq!(pos.side_to_move(), Color::Black);
    /// assert_eq!(pos.key(), pos.compute_key());
    /// ```
    pub fn play_null(&mut self) {
        debug_assert!(!self.is_check(), "null move in check: {self}");
        if let Some(ep) = self.board.en_passant.take() {
            self.key ^= KEYS.en_passant(ep);
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.board.side == bbcore::Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.board.side = self.board.side.other();
        self.key ^= KEYS.white_to_move();
    }
}
