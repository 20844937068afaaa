//! Strictly legal move generation from check and pin masks, on a [`Board`].
//!
//! Moves are handed to a [`MoveSink`] as whole target sets where possible, so a counting sink
//! can add popcounts (bulk counting at the last perft ply) while a list sink expands them.

use bbcore::{
    Bitboard, Color, File, Role, Square, pawn_captures_east, pawn_captures_west, pawn_double_pushes,
    pawn_promotion_rank, pawn_pushes, pawn_seventh_rank,
};

use super::Board;
use super::castling::CastleSide;
use super::move_list::{MoveCounter, MoveList, MoveSink};
use super::moves::{Move, MoveKind};
use crate::sliders::{Sliders, with_fastest};
use crate::tables;

impl Board {
    /// Every legal move.
    ///
    /// ```
    /// use bbengine::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        with_fastest!(|sliders| self.legal_moves_with(sliders))
    }

    /// [`legal_moves`](Board::legal_moves) with the slider backend `sliders`.
    ///
    /// ```
    /// use bbengine::{Position, Reference};
    /// assert_eq!(Position::startpos().legal_moves_with(Reference).len(), 20);
    /// ```
    #[inline(always)]
    pub fn legal_moves_with<S: Sliders>(&self, sliders: S) -> MoveList {
        let mut list = MoveList::new();
        self.generate_with(sliders, &mut list);
        list
    }

    /// The number of legal moves, counted without building them.
    pub fn count_legal_moves(&self) -> u64 {
        with_fastest!(|sliders| self.count_legal_moves_with(sliders))
    }

    /// [`count_legal_moves`](Board::count_legal_moves) with the slider backend `sliders`.
    #[inline(always)]
    pub fn count_legal_moves_with<S: Sliders>(&self, sliders: S) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate_with(sliders, &mut counter);
        counter.0
    }

    /// [`count_legal_moves_with`](Board::count_legal_moves_with) for a board whose side to
    /// move is known to be White (`WHITE`) or Black: perft's leaf parents know it for every
    /// child, and skip the branch on it. `CASTLE` false: the side to move has no castling rights;
    /// `PROMOTE` false: it has no pawn on its seventh rank. `hint` may count the knights' and
    /// sliders' moves without generating them (`()`: never).
    #[inline(always)]
    pub(crate) fn count_legal_moves_for<
        S: Sliders,
        H: PieceHint<MoveCounter>,
        const WHITE: bool,
        const CASTLE: bool,
        const PROMOTE: bool,
    >(
        &self,
        sliders: S,
        hint: H,
    ) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate_for::<S, MoveCounter, H, WHITE, CASTLE, PROMOTE>(sliders, Bitboard::FULL, &mut counter, hint);
        counter.0
    }

    /// Squares attacked by `by` when the board holds `occupied`.
    #[inline(always)]
    fn attacked_squares<S: Sliders>(&self, sliders: S, by: Color, occupied: Bitboard) -> Bitboard {
        let pawns = self.pieces(by, Role::Pawn);
        let mut attacked = pawn_captures_east(by, pawns)
            | pawn_captures_west(by, pawns)
            | bbcore::knight_attacks_set(self.pieces(by, Role::Knight))
            | tables::king(self.king(by));
        for sq in self.diagonal_sliders(by) {
            attacked |= sliders.bishop(sq, occupied);
        }
        for sq in self.orthogonal_sliders(by) {
            attacked |= sliders.rook(sq, occupied);
        }
        attacked
    }

    /// The pieces giving check, and our pieces pinned to our king, in one pass: an enemy
    /// slider that sees our king through nothing but our own pieces gives check with none in
    /// between and pins with exactly one.
    #[inline(always)]
    pub(crate) fn checkers_and_pinned<S: Sliders>(&self, sliders: S, king: Square, us: Color) -> (Bitboard, Bitboard) {
        let them = us.other();
        let theirs = self.color(them);
        // Rays from the king stop at the first enemy piece, so only our pieces can be between.
        let snipers = sliders.rook(king, theirs) & self.orthogonal_sliders(them)
            | sliders.bishop(king, theirs) & self.diagonal_sliders(them);
        let occupied = self.occupied();
        let mut checkers = tables::pawn(us, king) & self.pieces(them, Role::Pawn)
            | tables::knight(king) & self.pieces(them, Role::Knight);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = tables::between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers.set(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        (checkers, pinned)
    }

    /// Generates every legal move into `sink`.
    pub fn generate<K: MoveSink>(&self, sink: &mut K) {
        with_fastest!(|sliders| self.generate_with(sliders, sink))
    }

    /// [`generate`](Board::generate) with the slider backend `sliders`.
    #[inline(always)]
    pub fn generate_with<S: Sliders, K: MoveSink>(&self, sliders: S, sink: &mut K) {
        self.generate_from_with(sliders, Bitboard::FULL, sink);
    }

    /// Generates the legal moves of the pieces standing on `origins` into `sink`.
    ///
    /// ```
    /// use bbcore::{Bitboard, Square};
    /// use bbengine::{MoveList, Position};
    ///
    /// let mut knight_moves = MoveList::new();
    /// Position::startpos().generate_from(Bitboard::from_square(Square::G1), &mut knight_moves);
    /// assert_eq!(knight_moves.len(), 2);
    /// ```
    pub fn generate_from<K: MoveSink>(&self, origins: Bitboard, sink: &mut K) {
        with_fastest!(|sliders| self.generate_from_with(sliders, origins, sink))
    }

    /// [`generate_from`](Board::generate_from) with the slider backend `sliders`.
    #[inline(always)]
    pub fn generate_from_with<S: Sliders, K: MoveSink>(&self, sliders: S, origins: Bitboard, sink: &mut K) {
        // One copy per side to move: with the colour a constant, every colour-dependent
        // branch and index below folds away.
        match self.side {
            Color::White => self.generate_for::<S, K, (), true, true, true>(sliders, origins, sink, ()),
            Color::Black => self.generate_for::<S, K, (), false, true, true>(sliders, origins, sink, ()),
        }
    }

    /// The generator. With `origins` the full board (perft, `generate`) every test of it
    /// folds away, and so does every `is_done` of a sink that never stops early.
    /// `CASTLE` false leaves castling out: only for a board whose side to move has no rights.
    /// `PROMOTE` false leaves promotions out: only when that side has no pawn on its seventh rank.
    #[inline(always)]
    fn generate_for<
        S: Sliders,
        K: MoveSink,
        H: PieceHint<K>,
        const WHITE: bool,
        const CASTLE: bool,
        const PROMOTE: bool,
    >(
        &self,
        sliders: S,
        origins: Bitboard,
        sink: &mut K,
        hint: H,
    ) {
        debug_assert_eq!(self.side == Color::White, WHITE, "generate_for with the wrong side");
        let us = if WHITE { Color::White } else { Color::Black };
        debug_assert!(
            CASTLE || !self.castling.any_for(us),
            "generate_for without castling, but the side to move has rights"
        );
        debug_assert!(
            PROMOTE || (self.pieces(us, Role::Pawn) & pawn_seventh_rank(us)).is_empty(),
            "generate_for without promotions, but a pawn is about to promote"
        );
        let them = us.other();
        let ours = self.color(us);
        let theirs = self.color(them);
        let occupied = ours | theirs;
        let king = self.king(us);

        let (checkers, pinned) = self.checkers_and_pinned(sliders, king, us);
        let mut danger = Bitboard::EMPTY;
        let king_moves = origins.has(king);
        let may_castle = CASTLE
            && king_moves
            && checkers.is_empty()
            && self.castling.any_for(us)
            && self.castling_unblocked(us, king);
        if king_moves {
            // The enemy's attacks (seen through our king) matter only where our king could
            // go: a boxed-in king that cannot castle skips the whole map.
            let king_targets = tables::king(king) & !ours;
            let without_king = occupied.without(king);
            let safe_targets = if may_castle || king_targets.more_than_one() {
                danger = self.attacked_squares(sliders, them, without_king);
                king_targets & !danger
            } else {
                // At most one square to check: asking who attacks it is cheaper than the map.
                let attacked =
                    king_targets.lowest().is_some_and(|sq| self.attackers_with(sliders, sq, them, without_king).any());
                if attacked { Bitboard::EMPTY } else { king_targets }
            };
            sink.piece_moves(king, safe_targets);
        }
        if checkers.more_than_one() || sink.is_done() {
            return;
        }

        // Squares a non-king move may land on: anywhere not ours, or, in check, the checker
        // and the squares between it and the king.
        let targets = match checkers.lowest() {
            Some(checker) => tables::between(king, checker) | checkers,
            None => !ours,
        };
        // A pinned piece can never answer a check, so in check it is left out entirely.
        let movable = if checkers.any() { ours & !pinned } else { ours } & origins;

        if !hint.count_pieces(sink, sliders, checkers, pinned & ours, occupied, targets) {
            for from in self.pieces(us, Role::Knight) & origins & !pinned {
                sink.piece_moves(from, tables::knight(from) & targets);
            }
            for from in self.diagonal_sliders(us) & movable & !pinned {
                sink.piece_moves(from, sliders.bishop(from, occupied) & targets);
            }
            for from in self.orthogonal_sliders(us) & movable & !pinned {
                sink.piece_moves(from, sliders.rook(from, occupied) & targets);
            }
        }
        if sink.is_done() {
            return;
        }
        let pawns = self.pieces(us, Role::Pawn) & movable;
        // Free pawns as whole sets; pinned pieces (never in check) are rare, so one branch
        // skips all of their loops.
        self.generate_pawn_set::<K, PROMOTE>(us, pawns & !pinned, targets, sink);
        let pinned_movers = movable & pinned;
        if pinned_movers.any() {
            self.generate_pinned::<S, K, PROMOTE>(sliders, us, king, occupied, targets, pinned_movers, sink);
        }
        if sink.is_done() {
            return;
        }
        if let Some(ep) = self.en_passant {
            self.generate_en_passant(sliders, us, ep, origins, sink);
        }
        if may_castle {
            self.generate_castling(sliders, us, king, danger, sink);
        }
    }

    /// Moves of pinned pieces: along the line through king and pin only. Knights pinned
    /// cannot move at all.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn generate_pinned<S: Sliders, K: MoveSink, const PROMOTE: bool>(
        &self,
        sliders: S,
        us: Color,
        king: Square,
        occupied: Bitboard,
        targets: Bitboard,
        pinned: Bitboard,
        sink: &mut K,
    ) {
        for from in self.diagonal_sliders(us) & pinned {
            sink.piece_moves(from, sliders.bishop(from, occupied) & targets & tables::line(king, from));
        }
        for from in self.orthogonal_sliders(us) & pinned {
            sink.piece_moves(from, sliders.rook(from, occupied) & targets & tables::line(king, from));
        }
        for pawn in self.pieces(us, Role::Pawn) & pinned {
            self.generate_pawn_set::<K, PROMOTE>(
                us,
                Bitboard::from_square(pawn),
                targets & tables::line(king, pawn),
                sink,
            );
        }
    }

    /// Pushes, double pushes, captures and promotions of `pawns`, landing only on `allowed`.
    #[inline(always)]
    fn generate_pawn_set<K: MoveSink, const PROMOTE: bool>(
        &self,
        us: Color,
        pawns: Bitboard,
        allowed: Bitboard,
        sink: &mut K,
    ) {
        let empty = !self.occupied();
        let theirs = self.color(us.other());
        let forward: i8 = if us == Color::White { 8 } else { -8 };
        sink.pawn_moves(pawn_double_pushes(us, pawns, empty) & allowed, 2 * forward, MoveKind::DoublePush);
        // Every other pawn move goes one rank forward: a push, or a capture to either side.
        let one_rank = [
            (pawn_pushes(us, pawns, empty) & allowed, forward),
            (pawn_captures_east(us, pawns) & theirs & allowed, forward + 1),
            (pawn_captures_west(us, pawns) & theirs & allowed, forward - 1),
        ];
        // Most positions have no pawn about to promote: then no target set needs splitting.
        if !PROMOTE || (pawns & pawn_seventh_rank(us)).is_empty() {
            for (targets, back) in one_rank {
                sink.pawn_moves(targets, back, MoveKind::Normal);
            }
        } else {
            let promotion_rank = pawn_promotion_rank(us);
            for (targets, back) in one_rank {
                sink.pawn_moves(targets & !promotion_rank, back, MoveKind::Normal);
                sink.promotions(targets & promotion_rank, back);
            }
        }
    }

    /// En passant: the captures `en_passant.rs` finds legal (played on the occupancy, which
    /// catches the rank pin where both pawns leave the king's rank and checks the capture does
    /// or does not answer).
    #[inline(always)]
    fn generate_en_passant<S: Sliders, K: MoveSink>(
        &self,
        sliders: S,
        us: Color,
        ep: Square,
        origins: Bitboard,
        sink: &mut K,
    ) {
        for from in self.en_passant_capturers(sliders, us, ep) & origins {
            sink.special(Move::new(from, ep, MoveKind::EnPassant));
        }
    }

    /// Whether some right of `us` has nothing standing between king and rook: otherwise
    /// castling needs no look at attacked squares at all.
    #[inline(always)]
    fn castling_unblocked(&self, us: Color, king: Square) -> bool {
        CastleSide::ALL.into_iter().any(|side| {
            self.castling.rook(us, side).is_some_and(|rook| (tables::between(king, rook) & self.occupied()).is_empty())
        })
    }

    /// Castling as king takes own rook: the squares both pieces cross must be empty (but for
    /// the two of them), the king must not pass through or land on an attacked square, and,
    /// in Chess960, moving the rook must not uncover an attack along the back rank.
    #[inline(always)]
    fn generate_castling<S: Sliders, K: MoveSink>(
        &self,
        sliders: S,
        us: Color,
        king: Square,
        danger: Bitboard,
        sink: &mut K,
    ) {
        for side in CastleSide::ALL {
            let Some(rook) = self.castling.rook(us, side) else { continue };
            // Quick reject: the squares between king and rook are always on one of the paths.
            if (tables::between(king, rook) & self.occupied()).any() {
                continue;
            }
            let mv = Move::new(king, rook, MoveKind::Castle);
            let (king_to, rook_to) = (mv.castle_king_target(), mv.castle_rook_target());
            let king_path = tables::between(king, king_to).with(king_to);
            let rook_path = tables::between(rook, rook_to).with(rook_to);
            let must_be_empty = (king_path | rook_path).without(king).without(rook);
            if (must_be_empty & self.occupied()).any() || (king_path & danger).any() {
                continue;
            }
            // `danger` saw the rook where it stands. Only a rook beyond the king's target
            // square, and not on the edge, can have shielded that square along the rank: in
            // Chess960, a queen-side rook on the b-file.
            if side == CastleSide::Queen && rook.file() == File::B {
                let after = self.occupied().without(king).without(rook).with(king_to).with(rook_to);
                if (sliders.rook(king_to, after) & self.orthogonal_sliders(us.other())).any() {
                    continue;
                }
            }
            sink.special(mv);
        }
    }
}

/// A way to count the moves of the side to move's knights and sliders without generating
/// them, where something already knows them: perft's leaf parents know their children's
/// pieces (`perft::leaf_parent`). `()` never knows.
pub(crate) trait PieceHint<K>: Copy {
    /// Adds to `sink` the moves of the knights and of the sliders not in `pinned_ours`, given
    /// the board's `checkers`, `occupied` squares and the `targets` a non-king move may land
    /// on, and says whether it did; false leaves them to the generator.
    fn count_pieces<S: Sliders>(
        self,
        sink: &mut K,
        sliders: S,
        checkers: Bitboard,
        pinned_ours: Bitboard,
        occupied: Bitboard,
        targets: Bitboard,
    ) -> bool;
}

impl<K> PieceHint<K> for () {
    #[inline(always)]
    fn count_pieces<S: Sliders>(self, _: &mut K, _: S, _: Bitboard, _: Bitboard, _: Bitboard, _: Bitboard) -> bool {
        false
    }
}
