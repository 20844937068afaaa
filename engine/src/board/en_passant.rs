//! When a position keeps an en passant square: only when an en passant capture there is legal.
//!
//! A double push leaves a square behind that the enemy may take on for one move. This crate
//! records it (in the board, so in FEN, `==`, `Hash` and the key) only when some pawn can
//! legally make that capture: a pawn beside the pushed pawn is not enough, since it may be
//! pinned (also along the rank, where both pawns leave the king's rank at once) or its king
//! may stand in a check the capture does not answer. Otherwise the position is the same as
//! one reached without the double push, and is stored, written and hashed as such. Both ways
//! into a position apply the rule: [`Board::set_en_passant_after_double_push`] after a move
//! (for `Position::play` and perft's leaf parents alike) and FEN parsing. The key's side of it
//! (where this differs from Polyglot's weaker rule) is explained in `zobrist.rs`.

use bbcore::{Bitboard, Color, Rank, Role, Square};

use super::Board;
use crate::sliders::{KoggeStone, Sliders};
use crate::tables;

impl Board {
    /// Whether `us` may legally take en passant on `ep` (the square a pawn of the other side
    /// just skipped; that pawn stands in front of it, seen from us). Looks only at the pieces:
    /// `us` need not be the board's side to move yet, so a move can ask before it hands over
    /// the turn.
    ///
    /// Each capturing pawn is tried by playing the capture on the occupancy and asking whether
    /// the king is attacked afterwards, as move generation does: that covers pins on any line,
    /// the rank pin through both pawns, and checks the capture does or does not answer.
    ///
    /// Not generic over the backend: it runs only after a double push beside an enemy pawn,
    /// where `Board` has no backend in scope, so it takes Kogge-Stone (no tables) and stays
    /// out of line, leaving the common path of the callers as it was.
    #[inline(never)]
    pub(crate) fn en_passant_is_legal(&self, us: Color, ep: Square) -> bool {
        self.en_passant_is_legal_with(KoggeStone, us, ep)
    }

    /// [`en_passant_is_legal`](Board::en_passant_is_legal) with the caller's backend.
    #[inline(always)]
    pub(crate) fn en_passant_is_legal_with<S: Sliders>(&self, sliders: S, us: Color, ep: Square) -> bool {
        let captured = pushed_pawn(us, ep);
        self.pieces(us.other(), Role::Pawn).has(captured) && self.en_passant_capturers(sliders, us, ep).any()
    }

    /// The pawns of `us` that may legally take en passant on `ep`: each capture is played on
    /// the occupancy and the king must not be attacked afterwards. Move generation emits these
    /// moves; the rule above asks whether there is one.
    #[inline(always)]
    pub(crate) fn en_passant_capturers<S: Sliders>(&self, sliders: S, us: Color, ep: Square) -> Bitboard {
        let them = us.other();
        let captured = pushed_pawn(us, ep);
        let king = self.king(us);
        let mut legal = Bitboard::EMPTY;
        for from in tables::pawn(them, ep) & self.pieces(us, Role::Pawn) {
            let occupied = self.occupied().without(from).without(captured).with(ep);
            let attackers = sliders.rook(king, occupied) & self.orthogonal_sliders(them)
                | sliders.bishop(king, occupied) & self.diagonal_sliders(them)
                | tables::knight(king) & self.pieces(them, Role::Knight)
                | tables::pawn(us, king) & self.pieces(them, Role::Pawn).without(captured);
            if attackers.is_empty() {
                legal.set(from);
            }
        }
        legal
    }
}

/// The square of the pawn that skipped `ep`, seen from `us`, who may take it.
#[inline(always)]
fn pushed_pawn(us: Color, ep: Square) -> Square {
    Square::from_coords(ep.file(), if us == Color::White { Rank::Fifth } else { Rank::Fourth })
}
