//! Perft's leaf parents: the nodes two plies above the leaves, where most of a perft's time
//! goes. Each child is written into one reused [`Board`] and its moves counted in bulk.

use bbcore::{Bitboard, Color, Role, Square, pawn_seventh_rank};

use crate::board::{Board, Move, MoveCounter, MoveKind, MoveList, MoveSink, PieceHint, Position};
use crate::sliders::Sliders;
use crate::tables;

/// The leaves two plies below `pos`: the sum over its legal moves of each child's number of
/// legal moves.
/// `CASTLE` and `PROMOTE` false leave castling and promotions out of the children's
/// generator: only where [`children_can`] says they cannot happen. `KNOWN`: the children's
/// knights and sliders are counted from the leaf parent's view of them where the move changes
/// none of their lines.
#[inline(always)]
pub(crate) fn count_grandchildren<S: Sliders, const CASTLE: bool, const PROMOTE: bool, const KNOWN: bool>(
    pos: &Position,
    sliders: S,
) -> u64 {
    // One copy per side to move: each child's side is then a constant too.
    match pos.side_to_move() {
        Color::White => count_grandchildren_for::<S, false, CASTLE, PROMOTE, KNOWN>(pos, sliders),
        Color::Black => count_grandchildren_for::<S, true, CASTLE, PROMOTE, KNOWN>(pos, sliders),
    }
}

/// Whether the children of the leaf parent `pos` can castle (their side to move, `pos`'s
/// opponent, holds a right) and promote (it has a pawn on its seventh rank), and whether that
/// side has enough knights and sliders for [`KnownPieces`] to pay. The leaf parent's own move
/// cannot give the first two, so the choice holds for all its children.
#[inline(always)]
pub(crate) fn children_can(pos: &Position) -> (bool, bool, bool) {
    let side = pos.side_to_move().other();
    let board = pos.board();
    let pieces = board.pieces(side, Role::Knight) | board.diagonal_sliders(side) | board.orthogonal_sliders(side);
    let promote = (pos.pieces(side, Role::Pawn) & pawn_seventh_rank(side)).any();
    (pos.castling_rights().any_for(side), promote, pieces.count() >= MIN_KNOWN)
}

/// [`count_grandchildren`] where the children's side to move is White (`CHILD_WHITE`) or
/// Black.
#[inline(always)]
fn count_grandchildren_for<
    S: Sliders,
    const CHILD_WHITE: bool,
    const CASTLE: bool,
    const PROMOTE: bool,
    const KNOWN: bool,
>(
    pos: &Position,
    sliders: S,
) -> u64 {
    if KNOWN {
        let child_side = if CHILD_WHITE { Color::White } else { Color::Black };
        let known = KnownPieces::new(pos.board(), sliders, child_side);
        count_children::<S, _, CHILD_WHITE, CASTLE, PROMOTE>(pos, sliders, |from, to, usable| ChildMove {
            known: &known,
            from,
            to,
            usable,
        })
    } else {
        count_children::<S, _, CHILD_WHITE, CASTLE, PROMOTE>(pos, sliders, |_, _, _| ())
    }
}

/// [`count_grandchildren_for`] with `hint(from, to, usable)` for each child's pieces.
#[inline(always)]
fn count_children<
    S: Sliders,
    H: PieceHint<MoveCounter>,
    const CHILD_WHITE: bool,
    const CASTLE: bool,
    const PROMOTE: bool,
>(
    pos: &Position,
    sliders: S,
    hint: impl Fn(Square, Square, bool) -> H,
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
            nodes += child.count_legal_moves_for::<S, _, CHILD_WHITE, CASTLE, PROMOTE>(sliders, hint(from, to, true));
        }
    }
    for &mv in moves.pawns_and_specials.iter() {
        pos.write_child(sliders, mv, Role::Pawn, &mut child);
        let usable = !matches!(mv.kind(), MoveKind::Castle | MoveKind::EnPassant);
        nodes += child
            .count_legal_moves_for::<S, _, CHILD_WHITE, CASTLE, PROMOTE>(sliders, hint(mv.from(), mv.to(), usable));
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

/// With fewer knights and sliders than this on the children's side, a leaf parent counts its
/// children's pieces as usual: [`KnownPieces`] would cost more to make than it saves.
const MIN_KNOWN: u32 = 3;

/// The knights and free (unpinned) sliders of a leaf parent's children's side as the leaf
/// parent sees them, with their move counts. A child keeps those counts unless its move
/// touches a slider's lines (lands on or leaves a square the slider reaches) or a knight's
/// target, gives check or changes that side's pins: then only the sliders it touches are
/// counted again (knights' attacks never change: only whether a capture's square is theirs).
/// Sliders at most 24 (`2 * 9` queens' lines and six other pieces: FEN parsing caps the
/// material), so a `u32` holds a set of them.
struct KnownPieces {
    /// The leaf parent's count of the moves of all of them.
    count: u64,
    /// The side's pinned pieces in the leaf parent: a child with other pins counts as usual.
    pinned: Bitboard,
    /// The side's pieces in the leaf parent (a capture's square was one of them).
    ours: Bitboard,
    knights: Bitboard,
    /// Per slider (a queen twice, once per kind of line): its square, its count, and whether
    /// its lines are straight.
    squares: [Square; 32],
    counts: [u32; 32],
    straight: u32,
    /// Per square, the sliders that stand on it or reach it.
    sliders_at: [u32; 64],
}

impl KnownPieces {
    #[inline(always)]
    fn new<S: Sliders>(board: &Board, sliders: S, side: Color) -> KnownPieces {
        let ours = board.color(side);
        let (_, pinned) = board.checkers_and_pinned(sliders, board.king(side), side);
        let pinned = pinned & ours;
        let free = !pinned;
        let (occupied, targets) = (board.occupied(), !ours);
        let knights = board.pieces(side, Role::Knight) & free;
        let mut known = KnownPieces {
            count: 0,
            pinned,
            ours,
            knights,
            squares: [Square::A1; 32],
            counts: [0; 32],
            straight: 0,
            sliders_at: [0; 64],
        };
        for sq in knights {
            known.count += u64::from((tables::knight(sq) & targets).count());
        }
        let mut index = 0;
        for (straight, set) in [(false, board.diagonal_sliders(side)), (true, board.orthogonal_sliders(side))] {
            for sq in set & free {
                debug_assert!(index < 32, "more sliders than FEN parsing allows");
                let i = index & 31;
                let reach = slider_attacks(sliders, straight, sq, occupied);
                let count = (reach & targets).count();
                known.squares[i] = sq;
                known.counts[i] = count;
                known.straight |= u32::from(straight) << i;
                known.count += u64::from(count);
                for s in reach.with(sq) {
                    known.sliders_at[s as usize] |= 1 << i;
                }
                index += 1;
            }
        }
        known
    }
}

#[inline(always)]
fn slider_attacks<S: Sliders>(sliders: S, straight: bool, sq: Square, occupied: Bitboard) -> Bitboard {
    if straight { sliders.rook(sq, occupied) } else { sliders.bishop(sq, occupied) }
}

/// A leaf child's move (`from`, `to`) with its leaf parent's [`KnownPieces`]; `usable` false
/// for castling and en passant, which change more squares than the two.
#[derive(Clone, Copy)]
struct ChildMove<'a> {
    known: &'a KnownPieces,
    from: Square,
    to: Square,
    usable: bool,
}

impl PieceHint<MoveCounter> for ChildMove<'_> {
    #[inline(always)]
    fn count_pieces<S: Sliders>(
        self,
        sink: &mut MoveCounter,
        sliders: S,
        checkers: Bitboard,
        pinned_ours: Bitboard,
        occupied: Bitboard,
        targets: Bitboard,
    ) -> bool {
        let known = self.known;
        if !self.usable || checkers.any() || pinned_ours != known.pinned {
            return false;
        }
        let to = self.to;
        // Knights: a captured one loses its moves; each one that attacks the square of a
        // capture gains one.
        let knights_of_to = tables::knight(to);
        let lost = if known.knights.has(to) { (knights_of_to & !known.ours).count() } else { 0 };
        let gained = if known.ours.has(to) { (knights_of_to & known.knights).count() } else { 0 };
        let mut count = known.count + u64::from(gained) - u64::from(lost);
        let mut touched = known.sliders_at[self.from as usize] | known.sliders_at[to as usize];
        while touched != 0 {
            let i = touched.trailing_zeros() as usize & 31;
            touched &= touched - 1;
            count -= u64::from(known.counts[i]);
            let sq = known.squares[i];
            // A captured slider just loses its moves.
            if sq != to {
                let reach = slider_attacks(sliders, known.straight & (1 << i) != 0, sq, occupied);
                count += u64::from((reach & targets).count());
            }
        }
        sink.0 += count;
        true
    }
}
