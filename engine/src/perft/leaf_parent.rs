//! Perft's leaf parents: the nodes two plies above the leaves, where most of a perft's time
//! goes. Each child is written into one reused [`Board`] and its moves counted in bulk.

use bbcore::{Bitboard, Color, Role, Square, pawn_seventh_rank};

use crate::board::{Board, Move, MoveKind, MoveList, MoveSink, Position};
use crate::sliders::Sliders;

/// The leaves two plies below `pos`: the sum over its legal moves of each child's number of
/// legal moves.
/// `CASTLE` and `PROMOTE` false leave castling and promotions out of the children's
/// generator: only where [`children_can`] says they cannot happen.
#[inline(always)]
pub(crate) fn count_grandchildren<S: Sliders, const CASTLE: bool, const PROMOTE: bool>(
    pos: &Position,
    sliders: S,
) -> u64 {
    // One copy per side to move: each child's side is then a constant too.
    match pos.side_to_move() {
        Color::White => count_grandchildren_for::<S, false, CASTLE, PROMOTE>(pos, sliders),
        Color::Black => count_grandchildren_for::<S, true, CASTLE, PROMOTE>(pos, sliders),
    }
}

/// Whether the children of the leaf parent `pos` can castle (their side to move, `pos`'s
/// opponent, holds a right) and promote (it has a pawn on its seventh rank). The leaf
/// parent's own move cannot give either, so the choice holds for all its children.
#[inline(always)]
pub(crate) fn children_can(pos: &Position) -> (bool, bool) {
    let side = pos.side_to_move().other();
    (pos.castling_rights().any_for(side), (pos.pieces(side, Role::Pawn) & pawn_seventh_rank(side)).any())
}

/// [`count_grandchildren`] where the children's side to move is White (`CHILD_WHITE`) or
/// Black.
#[inline(always)]
fn count_grandchildren_for<S: Sliders, const CHILD_WHITE: bool, const CASTLE: bool, const PROMOTE: bool>(
    pos: &Position,
    sliders: S,
) -> u64 {
    let mut moves = ChildMoves::default();
    pos.generate_with(sliders, &mut moves);
    let mut child: Board = *pos.board();
    let mut nodes = 0;
    for &(from, targets) in &moves.pieces[..moves.piece_count] {
        // One mailbox read per piece, not per move.
        let Some(piece) = pos.piece_at(from) else { continue };
        for to in targets {
            pos.write_child(sliders, Move::new(from, to, MoveKind::Normal), piece.role, &mut child);
            nodes += child.count_legal_moves_for::<S, CHILD_WHITE, CASTLE, PROMOTE>(sliders);
        }
    }
    for &mv in moves.pawns_and_specials.iter() {
        pos.write_child(sliders, mv, Role::Pawn, &mut child);
        nodes += child.count_legal_moves_for::<S, CHILD_WHITE, CASTLE, PROMOTE>(sliders);
    }
    nodes
}

/// A leaf parent's moves as the generator hands them over: a target set per piece, and pawn
/// moves, castling and en passant one by one. Pieces need no move built or decoded, and their
/// role is looked up once per piece.
struct ChildMoves {
    /// Every piece that moves, with its targets; a queen twice (diagonal and straight
    /// moves). At most 25: FEN parsing allows no more material than a game can have, so a
    /// side has at most a king and 15 other pieces, nine of them queens.
    pieces: [(Square, Bitboard); 32],
    piece_count: usize,
    pawns_and_specials: MoveList,
}

impl Default for ChildMoves {
    #[inline(always)]
    fn default() -> ChildMoves {
        ChildMoves { pieces: [(Square::A1, Bitboard::EMPTY); 32], piece_count: 0, pawns_and_specials: MoveList::new() }
    }
}

impl MoveSink for ChildMoves {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        debug_assert!(self.piece_count < self.pieces.len(), "more pieces than FEN parsing allows");
        if let Some(slot) = self.pieces.get_mut(self.piece_count) {
            *slot = (from, targets);
            self.piece_count += 1;
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, back: i8, kind: MoveKind) {
        self.pawns_and_specials.pawn_moves(targets, back, kind);
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, back: i8) {
        self.pawns_and_specials.promotions(targets, back);
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.pawns_and_specials.special(mv);
    }
}
