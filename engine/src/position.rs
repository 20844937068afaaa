//! `Position`: the board, whose move it is, and the state that FEN carries.

use bbcore::{Bitboard, Color, Piece, Role, Square};

use crate::castling::{CastleSide, CastlingRights};
use crate::mailbox::Mailbox;
use crate::moves::{Move, MoveKind};
use crate::sliders::Sliders;
use crate::tables;
use crate::zobrist::KEYS;

/// A chess position: piece sets per role and colour, a square-to-piece mailbox, side to move,
/// castling rights, en passant square, move counters and an incremental Zobrist key.
///
/// Small and `Copy`: search and perft copy it and [`play`](Position::play) on the copy.
///
/// ```
/// use bbengine::Position;
///
/// let pos = Position::startpos();
/// assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) roles: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) board: Mailbox,
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) key: u64,
    /// Castling written as king takes rook in UCI, and as rook files in FEN.
    pub(crate) chess960: bool,
    /// The FEN castling field used rook files (Shredder-FEN); written back the same way.
    pub(crate) shredder_castling: bool,
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        crate::fen::STARTPOS.parse().unwrap_or_else(|_| unreachable!("the start position FEN is valid"))
    }

    /// An empty board, white to move, no rights: the base FEN parsing fills in.
    pub(crate) fn empty() -> Position {
        Position {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            board: Mailbox::EMPTY,
            side: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            chess960: false,
            shredder_castling: false,
        }
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq)
    }

    /// Every piece of this role, both colours.
    #[inline(always)]
    pub fn role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    /// Every piece of this colour.
    #[inline(always)]
    pub fn color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// The pieces of this colour and role.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.roles[role.index()] & self.colors[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The king of `color`. Every position built by this crate has exactly one per side.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        let kings = self.pieces(color, Role::King);
        Square::new(kings.0.trailing_zeros() as u8)
    }

    /// Castling rights still held.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant target square, as FEN gives it.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
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

    /// The Zobrist key, kept up to date incrementally.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// `Role::Bishop | Role::Queen` of `color`: the diagonal sliders.
    #[inline(always)]
    pub(crate) fn diagonal_sliders(&self, color: Color) -> Bitboard {
        (self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()]) & self.colors[color.index()]
    }

    /// `Role::Rook | Role::Queen` of `color`: the orthogonal sliders.
    #[inline(always)]
    pub(crate) fn orthogonal_sliders(&self, color: Color) -> Bitboard {
        (self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()]) & self.colors[color.index()]
    }

    /// Pieces of `by` that attack `sq` when the board holds `occupied`.
    #[inline(always)]
    pub fn attackers<S: Sliders>(&self, sliders: S, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.colors[by.index()];
        (tables::pawn(by.other(), sq) & self.roles[Role::Pawn.index()]
            | tables::knight(sq) & self.roles[Role::Knight.index()]
            | tables::king(sq) & self.roles[Role::King.index()])
            & them
            | sliders.bishop(sq, occupied) & self.diagonal_sliders(by)
            | sliders.rook(sq, occupied) & self.orthogonal_sliders(by)
    }

    /// Pieces giving check to the side to move.
    pub fn checkers<S: Sliders>(&self, sliders: S) -> Bitboard {
        self.attackers(sliders, self.king(self.side), self.side.other(), self.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check<S: Sliders>(&self, sliders: S) -> bool {
        self.checkers(sliders).any()
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.roles[piece.role.index()] |= bit;
        self.colors[piece.color.index()] |= bit;
        self.board.set(sq, Some(piece));
        self.key ^= KEYS.piece(piece, sq);
    }

    /// Takes `piece` off `sq`, where it stands.
    #[inline(always)]
    fn remove(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.roles[piece.role.index()] ^= bit;
        self.colors[piece.color.index()] ^= bit;
        self.board.set(sq, None);
        self.key ^= KEYS.piece(piece, sq);
    }

    /// Plays `mv`, which must be legal here (one that [`legal_moves`](Position::legal_moves)
    /// returned). Every set, the mailbox, the rights and the key are updated incrementally.
    /// To play a move from text, use [`play_uci`](Position::play_uci), which checks it.
    #[inline(always)]
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.board.get(from) else {
            debug_assert!(false, "no piece on {from} for {mv:?}");
            return;
        };
        if let Some(ep) = self.en_passant.take() {
            self.key ^= KEYS.en_passant(ep);
        }
        self.halfmove_clock += 1;
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
                if let Some(captured) = self.board.get(to) {
                    self.remove(to, captured);
                    self.halfmove_clock = 0;
                }
                self.remove(from, moving);
                let placed = kind.promotion().map_or(moving, |role| Piece::new(us, role));
                self.put(to, placed);
                if moving.role == Role::Pawn {
                    self.halfmove_clock = 0;
                    if kind == MoveKind::DoublePush {
                        self.set_en_passant_after_double_push(from, to);
                    }
                }
            }
        }
        // Every king and rook that still holds a right stands on a back rank.
        let touched = Bitboard::from_square(from).with(to);
        if (touched & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() && !self.castling.is_empty() {
            self.update_castling(moving, from, to);
        }
        self.side = us.other();
        self.key ^= KEYS.black_to_move();
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        debug_assert_eq!(self.consistency_error(), None, "after {mv:?}");
    }

    /// Makes `child` the position after `mv` as far as counting its moves goes: piece sets,
    /// side to move, castling rights and en passant square. Its mailbox, key and clocks may
    /// be stale, so `child` must only be counted, never played on. Perft's leaf parents reuse
    /// one `child` for all their moves.
    ///
    /// Every field the count reads is written whole from `self`, never edited in place: an
    /// edit reads the word back, and reading a word soon after a wider store of it (as a
    /// copy makes) stalls. A capture clears the target square from every set, so it needs no
    /// lookup of what stood there.
    ///
    /// `moving` is the role of the piece on `mv.from()`, which the caller knows (castling and
    /// en passant take the general path and ignore it).
    #[inline(always)]
    pub(crate) fn write_child_to_count(&self, mv: Move, moving: Role, child: &mut Position) {
        let kind = mv.kind();
        let (from, to) = (mv.from(), mv.to());
        if matches!(kind, MoveKind::Castle | MoveKind::EnPassant) {
            // Rare: the general path.
            *child = *self;
            child.play(mv);
            return;
        }
        let (us, them) = (self.side, self.side.other());
        let moving = Piece::new(us, moving);
        let (from_bit, to_bit) = (Bitboard::from_square(from), Bitboard::from_square(to));
        let placed = kind.promotion().unwrap_or(moving.role);
        for role in Role::ALL {
            let mut set = self.roles[role.index()] & !to_bit;
            if role == moving.role {
                set ^= from_bit;
            }
            if role == placed {
                set ^= to_bit;
            }
            child.roles[role.index()] = set;
        }
        child.colors[us.index()] = self.colors[us.index()] ^ from_bit ^ to_bit;
        child.colors[them.index()] = self.colors[them.index()] & !to_bit;
        child.side = us; // until the end: the en passant check below asks who moved
        child.castling = self.castling;
        if ((from_bit | to_bit) & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() && !self.castling.is_empty() {
            child.update_castling(moving, from, to);
        }
        child.en_passant = None;
        if kind == MoveKind::DoublePush {
            child.set_en_passant_after_double_push(from, to);
        }
        child.side = them;
    }

    /// Records the skipped square only when an enemy pawn stands beside the pawn that moved,
    /// so positions that differ in nothing else share a key.
    #[inline(always)]
    fn set_en_passant_after_double_push(&mut self, from: Square, to: Square) {
        let beside = Bitboard::from_square(to).east() | Bitboard::from_square(to).west();
        if (beside & self.pieces(self.side.other(), Role::Pawn)).any() {
            let skipped = Square::new((from as u8 + to as u8) / 2);
            self.en_passant = Some(skipped);
            self.key ^= KEYS.en_passant(skipped);
        }
    }

    /// Drops every right whose king or rook left its square or was captured.
    #[inline(always)]
    fn update_castling(&mut self, moving: Piece, from: Square, to: Square) {
        for color in Color::ALL {
            for side in CastleSide::ALL {
                let Some(rook) = self.castling.rook(color, side) else { continue };
                let king_moved = moving.role == Role::King && moving.color == color;
                if king_moved || rook == from || rook == to {
                    self.castling.set(color, side, None);
                    self.key ^= KEYS.castling(color, side as usize);
                }
            }
        }
    }

    /// The key computed from scratch; equals [`key`](Position::key) in every position.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in Square::ALL {
            if let Some(piece) = self.board.get(sq) {
                key ^= KEYS.piece(piece, sq);
            }
        }
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if self.castling.rook(color, side).is_some() {
                    key ^= KEYS.castling(color, side as usize);
                }
            }
        }
        if let Some(ep) = self.en_passant {
            key ^= KEYS.en_passant(ep);
        }
        if self.side == Color::Black {
            key ^= KEYS.black_to_move();
        }
        key
    }

    /// `None` when the sets, the mailbox and the key agree with each other; otherwise what is off.
    pub fn consistency_error(&self) -> Option<&'static str> {
        let mut roles = [Bitboard::EMPTY; 6];
        let mut colors = [Bitboard::EMPTY; 2];
        for sq in Square::ALL {
            if let Some(p) = self.board.get(sq) {
                roles[p.role.index()].set(sq);
                colors[p.color.index()].set(sq);
            }
        }
        if roles != self.roles {
            return Some("role sets differ from the mailbox");
        }
        if colors != self.colors {
            return Some("colour sets differ from the mailbox");
        }
        if self.key != self.compute_key() {
            return Some("incremental key differs from the recomputed key");
        }
        None
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
