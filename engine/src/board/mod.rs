//! The board stage: [`Board`] (what move generation reads), [`Position`] (a board with its
//! mailbox, key and clocks), FEN, moves, legal move generation, castling and Zobrist keys.
//!
//! `Board` is defined here because every file of the stage builds on it: generation
//! (`movegen.rs`) reads nothing else, and `Position::play` and perft's leaf parents both make
//! moves on it (see `Board::write_child`).

mod castling;
mod chess960;
mod diagram;
mod en_passant;
mod fen;
mod fen_error;
mod legality;
mod mailbox;
mod move_filter;
mod move_list;
mod movegen;
mod moves;
mod position;
mod see;
mod setup;
mod uci_move;
mod zobrist;

// The game API: SAN, status, games.
mod game;
mod san;
mod status;

pub use castling::{CastleSide, CastlingRights};
pub use chess960::CHESS960_POSITIONS;
pub use fen::STARTPOS;
pub use fen_error::FenError;
pub use legality::IllegalMoveError;
pub use move_list::{MAX_MOVES, MoveCounter, MoveList, MoveSink};
pub(crate) use movegen::PieceHint;
pub use moves::{Move, MoveKind};
pub use position::Position;
#[cfg(all(test, feature = "engine"))]
pub(crate) use position::{MIRRORED_PAIRS, two_plies_from};
pub use see::SEE_VALUES;
pub use setup::Setup;
pub use uci_move::{MoveError, UciMove};

pub use game::{Game, ParseGameError, ParseGameErrorKind};
pub use san::SanError;
pub use status::Status;

use bbcore::{Bitboard, Color, Piece, Role, Square};

use crate::sliders::{Sliders, with_fastest};
use crate::tables;

/// What legal move generation reads: piece sets by role and by colour, the side to move,
/// castling rights and the en passant square. Nothing else: a `Board` is all a perft leaf
/// parent has to write to count a child's moves.
///
/// Read one through a [`Position`] (which dereferences to its board):
///
/// ```
/// use bbcore::{Color, Role, Square};
/// use bbengine::Position;
///
/// let pos = Position::startpos();
/// assert_eq!(pos.pieces(Color::White, Role::King).lowest(), Some(Square::E1));
/// assert_eq!(pos.occupied().count(), 32);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) roles: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
}

impl Board {
    /// No pieces, white to move, no rights.
    pub(crate) const EMPTY: Board = Board {
        roles: [Bitboard::EMPTY; 6],
        colors: [Bitboard::EMPTY; 2],
        side: Color::White,
        castling: CastlingRights::NONE,
        en_passant: None,
    };

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
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
        Square::new_masked(kings.0.trailing_zeros() as u8)
    }

    /// Castling rights still held.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant target square, kept only when an en passant capture there is legal (a
    /// FEN square that no pawn can legally take on is dropped when the FEN is read).
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
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

    /// Pieces of `by` that attack `sq` when the board holds `occupied` (which may differ from
    /// the board's, to look through or behind pieces).
    ///
    /// ```
    /// use bbcore::{Color, Square};
    /// use bbengine::Position;
    ///
    /// let pos = Position::startpos();
    /// let defenders = pos.attackers(Square::F3, Color::White, pos.occupied());
    /// assert_eq!(defenders.count(), 3); // the e2 and g2 pawns and the g1 knight
    /// ```
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        with_fastest!(|sliders| self.attackers_with(sliders, sq, by, occupied))
    }

    /// [`attackers`](Board::attackers) with the slider backend `sliders`.
    #[inline(always)]
    pub fn attackers_with<S: Sliders>(&self, sliders: S, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.colors[by.index()];
        (tables::pawn(by.other(), sq) & self.roles[Role::Pawn.index()]
            | tables::knight(sq) & self.roles[Role::Knight.index()]
            | tables::king(sq) & self.roles[Role::King.index()])
            & them
            | sliders.bishop(sq, occupied) & self.diagonal_sliders(by)
            | sliders.rook(sq, occupied) & self.orthogonal_sliders(by)
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        with_fastest!(|sliders| self.checkers_with(sliders))
    }

    /// [`checkers`](Board::checkers) with the slider backend `sliders`.
    #[inline(always)]
    pub fn checkers_with<S: Sliders>(&self, sliders: S) -> Bitboard {
        self.attackers_with(sliders, self.king(self.side), self.side.other(), self.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// [`is_check`](Board::is_check) with the slider backend `sliders`.
    #[inline(always)]
    pub fn is_check_with<S: Sliders>(&self, sliders: S) -> bool {
        self.checkers_with(sliders).any()
    }

    /// Adds `piece` on `sq` to the sets, or takes it off if it stands there.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.roles[piece.role.index()] ^= bit;
        self.colors[piece.color.index()] ^= bit;
    }

    /// Writes into `child` the board after `mv`, a legal move of the piece of role `moving`
    /// that is neither castling nor en passant (those go through [`Position::play`]).
    ///
    /// Every field is written whole from `self`, never edited in place: an edit reads the word
    /// back, and reading a word soon after a wider store of it (as a copy makes) stalls. A
    /// capture clears the target square from every set, so it needs no lookup of what stood
    /// there. Perft's leaf parents reuse one `child` for all their moves; in debug builds each
    /// child is compared with what `Position::play` makes (`Position::write_child`).
    #[inline(always)]
    pub(crate) fn write_child<S: Sliders>(&self, sliders: S, mv: Move, moving: Role, child: &mut Board) {
        let kind = mv.kind();
        let (from, to) = (mv.from(), mv.to());
        let (us, them) = (self.side, self.side.other());
        let (from_bit, to_bit) = (Bitboard::from_square(from), Bitboard::from_square(to));
        let placed = kind.promotion().unwrap_or(moving);
        for role in Role::ALL {
            let mut set = self.roles[role.index()] & !to_bit;
            if role == moving {
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
        if !self.castling.is_empty() && ((from_bit | to_bit) & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() {
            child.update_castling(Piece::new(us, moving), from, to);
        }
        child.en_passant = None;
        if kind == MoveKind::DoublePush {
            child.set_en_passant_after_double_push(sliders, from, to);
        }
        child.side = them;
    }

    /// After a double push by the side to move (whose pieces are already moved), records the
    /// skipped square only when the enemy can legally take en passant there, so positions
    /// that differ in nothing else compare and hash equal (`en_passant.rs`). The common case
    /// costs what it did: the legality test runs only when an enemy pawn stands beside. It
    /// uses the caller's backend, inlined: perft's leaf parents reach it for many children.
    #[inline(always)]
    pub(crate) fn set_en_passant_after_double_push<S: Sliders>(&mut self, sliders: S, from: Square, to: Square) {
        let beside = Bitboard::from_square(to).east() | Bitboard::from_square(to).west();
        let them = self.side.other();
        if (beside & self.pieces(them, Role::Pawn)).any() {
            let ep = Square::new_masked((from as u8 + to as u8) / 2);
            if self.en_passant_is_legal_with(sliders, them, ep) {
                self.en_passant = Some(ep);
            }
        }
    }

    /// Drops every right whose king or rook left its square or was captured.
    #[inline(always)]
    pub(crate) fn update_castling(&mut self, moving: Piece, from: Square, to: Square) {
        for color in Color::ALL {
            for side in CastleSide::ALL {
                let Some(rook) = self.castling.rook(color, side) else { continue };
                let king_moved = moving.role == Role::King && moving.color == color;
                if king_moved || rook == from || rook == to {
                    self.castling.set(color, side, None);
                }
            }
        }
    }
}
