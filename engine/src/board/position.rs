//! `Position`: a [`Board`] with what the game adds to it: a square-to-piece mailbox, the
//! incremental Zobrist key, the move counters and how castling is written.

use core::ops::Deref;

use bbcore::{Bitboard, Color, Piece, Role, Square};

use super::Board;
use super::castling::CastlingRights;
use super::mailbox::Mailbox;
use super::moves::{Move, MoveKind};
use super::zobrist::KEYS;
use crate::sliders::{KoggeStone, Sliders};

/// A chess position: a [`Board`] (piece sets, side to move, castling rights, en passant
/// square), a square-to-piece mailbox, move counters and an incremental Zobrist key.
///
/// Small and `Copy`: search and perft copy it and [`play`](Position::play) on the copy. It
/// dereferences to its [`Board`], so `pos.pieces(..)`, `pos.occupied()` and move generation
/// are called on it directly.
///
/// ```
/// use bbengine::Position;
///
/// let pos = Position::startpos();
/// assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
///
/// **Identity.** `==` and [`Hash`] compare the position, not how it was written down: the
/// [`Board`] (piece sets, side to move, castling rights as rook squares, the en passant
/// square) and the two move counters. They ignore what is derived from the board (the
/// mailbox and the key, equal whenever the boards are) and how the position is spelled: the
/// castling field's style (`KQkq` or Shredder-FEN `HAha`) and the Chess960 flag, which only
/// choose how castling is written in FEN and UCI. The en passant square is kept only when a
/// capture there is legal, however the position was reached, so a FEN with a useless en
/// passant square equals the same position reached by moves, and hashes like it.
///
/// ```
/// use bbengine::Position;
///
/// let x_fen: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
/// let shredder: Position = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1".parse()?;
/// assert_eq!(x_fen, shredder);
/// assert_eq!(x_fen.key(), shredder.key());
///
/// let mut played = Position::startpos();
/// played.play_uci("e2e4")?;
/// let fen: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
/// assert_eq!(played, fen); // no black pawn can take on e3: the square is dropped
/// assert_eq!(fen.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) mailbox: Mailbox,
    pub(crate) key: u64,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    /// Castling written as king takes rook in UCI, and as rook files in FEN.
    pub(crate) chess960: bool,
    /// The FEN castling field used rook files (Shredder-FEN); written back the same way.
    pub(crate) shredder_castling: bool,
}

impl Deref for Position {
    type Target = Board;

    #[inline(always)]
    fn deref(&self) -> &Board {
        &self.board
    }
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        const BACK_RANK: [Role; 8] =
            [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];
        Position::from_back_ranks(BACK_RANK, BACK_RANK)
    }

    /// An empty board, white to move, no rights: the base FEN parsing fills in.
    pub(crate) fn empty() -> Position {
        Position {
            board: Board::EMPTY,
            mailbox: Mailbox::EMPTY,
            key: KEYS.white_to_move(),
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
            shredder_castling: false,
        }
    }

    /// The board: what move generation reads.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox.get(sq)
    }

    /// Half-moves since the last capture or pawn move (the fifty-move counter).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and incremented after black moves.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Whether castling is written Chess960-style (king takes rook in UCI).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Chooses how castling moves are written: standard (`e1g1`) or Chess960 (`e1h1`).
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// The Zobrist key, kept up to date incrementally: the Polyglot key of the position, so it
    /// finds the position in a Polyglot opening book. The one exception, where the en passant
    /// square is pseudo-legal but no capture is legal, is explained in `board/zobrist.rs`.
    ///
    /// ```
    /// use bbengine::Position;
    /// assert_eq!(Position::startpos().key(), 0x463b_9618_1691_fc9c); // the specification's value
    /// ```
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.board.toggle(sq, piece);
        self.mailbox.set(sq, Some(piece));
        self.key ^= KEYS.piece(piece, sq);
    }

    /// Takes `piece` off `sq`, where it stands.
    #[inline(always)]
    fn remove(&mut self, sq: Square, piece: Piece) {
        self.board.toggle(sq, piece);
        self.mailbox.set(sq, None);
        self.key ^= KEYS.piece(piece, sq);
    }

    /// Plays `mv`, which the caller knows to be legal here (one that
    /// [`legal_moves`](Board::legal_moves) returned): nothing is checked in release builds, and
    /// an illegal move leaves a broken position. Debug builds assert legality. Every set, the
    /// mailbox, the rights and the key are updated incrementally. To play a move that may be
    /// illegal, use [`try_play`](Position::try_play); for text,
    /// [`play_uci`](Position::play_uci).
    #[inline(always)]
    pub fn play(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "play of the illegal move {mv:?} in {self}");
        let us = self.board.side;
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.mailbox.get(from) else {
            debug_assert!(false, "no piece on {from} for {mv:?}");
            return;
        };
        if let Some(ep) = self.board.en_passant.take() {
            self.key ^= KEYS.en_passant(ep);
        }
        // Saturating: a FEN may give any u32 (4294967295 then a move must not overflow).
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        match mv.kind() {
            MoveKind::Castle => {
                let rook = Piece::new(us, Role::Rook);
                self.remove(from, moving);
                self.remove(to, rook);
                self.put(mv.castle_king_target(), moving);
                self.put(mv.castle_rook_target(), rook);
            }
            MoveKind::EnPassant => {
                let captured_sq = Square::from_coords(to.file(), from.rank());
                self.remove(captured_sq, Piece::new(us.other(), Role::Pawn));
                self.remove(from, moving);
                self.put(to, moving);
                self.halfmove_clock = 0;
            }
            kind => {
                if let Some(captured) = self.mailbox.get(to) {
                    self.remove(to, captured);
                    self.halfmove_clock = 0;
                }
                self.remove(from, moving);
                let placed = kind.promotion().map_or(moving, |role| Piece::new(us, role));
                self.put(to, placed);
                if moving.role == Role::Pawn {
                    self.halfmove_clock = 0;
                    if kind == MoveKind::DoublePush {
                        // `play` has no backend in scope; Kogge-Stone needs no tables or features.
                        self.board.set_en_passant_after_double_push(KoggeStone, from, to);
                        if let Some(ep) = self.board.en_passant {
                            self.key ^= KEYS.en_passant(ep);
                        }
                    }
                }
            }
        }
        // Every king and rook that still holds a right stands on a back rank.
        let touched = Bitboard::from_square(from).with(to);
        if !self.board.castling.is_empty() && (touched & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() {
            let before = self.board.castling;
            self.board.update_castling(moving, from, to);
            self.key ^= KEYS.castling_change(before, self.board.castling);
        }
        self.board.side = us.other();
        self.key ^= KEYS.white_to_move(); // in the key when white is to move: flips every move
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        debug_assert_eq!(self.consistency_error(), None, "after {mv:?}");
    }

    /// Writes into `child` the board after `mv`, a legal move of a piece of role `moving`:
    /// perft's leaf parents count each child's moves on it. Ordinary moves take
    /// [`Board::write_child`]; castling and en passant (rare) take [`play`](Position::play).
    /// Debug builds check that both paths give the same board.
    #[inline(always)]
    pub(crate) fn write_child<S: Sliders>(&self, sliders: S, mv: Move, moving: Role, child: &mut Board) {
        if matches!(mv.kind(), MoveKind::Castle | MoveKind::EnPassant) {
            let mut played = *self;
            played.play(mv);
            *child = played.board;
            return;
        }
        self.board.write_child(sliders, mv, moving, child);
        #[cfg(debug_assertions)]
        {
            let mut played = *self;
            played.play(mv);
            assert_eq!(*child, played.board, "Board::write_child and Position::play differ after {mv:?} in {self}");
        }
    }

    /// The key computed from scratch; equals [`key`](Position::key) in every position.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in Square::ALL {
            if let Some(piece) = self.mailbox.get(sq) {
                key ^= KEYS.piece(piece, sq);
            }
        }
        key ^= KEYS.castling_change(CastlingRights::NONE, self.board.castling);
        if let Some(ep) = self.board.en_passant {
            key ^= KEYS.en_passant(ep);
        }
        if self.board.side == Color::White {
            key ^= KEYS.white_to_move();
        }
        key
    }

    /// `None` when the sets, the mailbox and the key agree with each other and an en passant
    /// square is kept only with a legal capture; otherwise what is off.
    pub fn consistency_error(&self) -> Option<&'static str> {
        let mut from_mailbox = Board::EMPTY;
        for sq in Square::ALL {
            if let Some(piece) = self.mailbox.get(sq) {
                from_mailbox.toggle(sq, piece);
            }
        }
        if from_mailbox.roles != self.board.roles {
            return Some("role sets differ from the mailbox");
        }
        if from_mailbox.colors != self.board.colors {
            return Some("colour sets differ from the mailbox");
        }
        if self.key != self.compute_key() {
            return Some("incremental key differs from the recomputed key");
        }
        if self.board.en_passant.is_some_and(|ep| !self.board.en_passant_is_legal(self.board.side, ep)) {
            return Some("en passant square where no en passant capture is legal");
        }
        None
    }
}

/// See [`Position`]: the board and the two counters.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
    }
}

impl Eq for Position {}

/// Hashes what `==` compares: the board and the two counters.
impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.halfmove_clock.hash(state);
        self.fullmove_number.hash(state);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({self})")
    }
}

/// Every position two plies (a move and a reply) from each of `fens`, for tests that want
/// many varied positions near some chosen ones.
#[cfg(all(test, feature = "engine"))]
pub(crate) fn two_plies_from(fens: &[&str]) -> Vec<Position> {
    let mut positions = Vec::new();
    for fen in fens {
        let root: Position = fen.parse().expect("a valid test FEN");
        for &first in root.legal_moves().iter() {
            let mut child = root;
            child.play(first);
            for &second in child.legal_moves().iter() {
                let mut grandchild = child;
                grandchild.play(second);
                positions.push(grandchild);
            }
        }
    }
    positions
}

/// Pairs of positions that mirror each other (colours swapped, ranks flipped, the other side
/// to move), for tests that an evaluation sees both the same: an opening, a blocked pawn
/// ending on its fiftieth move, and a bare king against a rook (mop-up).
#[cfg(all(test, feature = "engine"))]
pub(crate) const MIRRORED_PAIRS: [(&str, &str); 3] = [
    (
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
    ),
    ("8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50", "8/8/p4p1k/Pp2pP1p/1P1pP2P/3P4/5K2/8 w - - 99 50"),
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "r3k3/8/8/8/8/8/8/4K3 b - - 0 1"),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A FEN may give any `u32` clock; a move or a null move then saturates, never overflows
    /// (`position fen ... 4294967295 ... moves ...` panicked in debug builds, wrapped in release).
    #[test]
    fn clocks_saturate() {
        let mut pos: Position = "8/8/8/8/8/8/8/K6k b - - 4294967295 4294967295".parse().unwrap();
        pos.play_uci("h1h2").unwrap();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (u32::MAX, u32::MAX));
        pos.play_null();
        pos.play_null();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (u32::MAX, u32::MAX));
    }
}
