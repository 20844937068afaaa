//! Generation of part of the legal moves: captures and promotions (what a quiescence search
//! looks at), or the quiet rest. A sink adaptor masks the target sets the generator hands over,
//! so the generator itself stays one piece of code.

use bbcore::{Bitboard, Square};

use super::Board;
use super::move_list::{MoveList, MoveSink};
use super::moves::{Move, MoveKind};
use crate::sliders::{Sliders, with_fastest};

/// Passes on captures and promotions (`TACTICAL`) or every other move (`!TACTICAL`).
struct Filter<'a, K: MoveSink, const TACTICAL: bool> {
    sink: &'a mut K,
    /// The enemy's pieces: a move onto one is a capture (castling is special-cased).
    theirs: Bitboard,
}

impl<K: MoveSink, const TACTICAL: bool> Filter<'_, K, TACTICAL> {
    #[inline(always)]
    fn keep(&self, targets: Bitboard) -> Bitboard {
        if TACTICAL { targets & self.theirs } else { targets & !self.theirs }
    }
}

impl<K: MoveSink, const TACTICAL: bool> MoveSink for Filter<'_, K, TACTICAL> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        let kept = self.keep(targets);
        self.sink.piece_moves(from, kept);
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, back: i8, kind: MoveKind) {
        let kept = self.keep(targets);
        self.sink.pawn_moves(kept, back, kind);
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, back: i8) {
        // Every promotion is tactical, capturing or not.
        if TACTICAL {
            self.sink.promotions(targets, back);
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        // En passant captures; castling (king takes own rook) does not.
        if TACTICAL == (mv.kind() == MoveKind::EnPassant) {
            self.sink.special(mv);
        }
    }

    #[inline(always)]
    fn is_done(&self) -> bool {
        self.sink.is_done()
    }
}

impl Board {
    /// The legal captures (en passant included) and promotions (capturing or not).
    ///
    /// ```
    /// use bbengine::Position;
    ///
    /// let pos: Position = "4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1".parse()?;
    /// assert_eq!(pos.captures_and_promotions().len(), 5); // exd5 and four b8 promotions
    /// assert_eq!(pos.quiet_moves().len(), 5 + 1); // king moves and e5
    /// # Ok::<(), bbengine::FenError>(())
    /// ```
    pub fn captures_and_promotions(&self) -> MoveList {
        with_fastest!(|sliders| {
            let mut list = MoveList::new();
            self.generate_captures_and_promotions_with(sliders, &mut list);
            list
        })
    }

    /// The legal moves that neither capture nor promote (castling included).
    pub fn quiet_moves(&self) -> MoveList {
        with_fastest!(|sliders| {
            let mut list = MoveList::new();
            self.generate_quiet_moves_with(sliders, &mut list);
            list
        })
    }

    /// [`captures_and_promotions`](Board::captures_and_promotions) into any sink, with the
    /// slider backend `sliders`.
    #[inline(always)]
    pub fn generate_captures_and_promotions_with<S: Sliders, K: MoveSink>(&self, sliders: S, sink: &mut K) {
        let theirs = self.color(self.side.other());
        self.generate_with(sliders, &mut Filter::<K, true> { sink, theirs });
    }

    /// [`quiet_moves`](Board::quiet_moves) into any sink, with the slider backend `sliders`.
    #[inline(always)]
    pub fn generate_quiet_moves_with<S: Sliders, K: MoveSink>(&self, sliders: S, sink: &mut K) {
        let theirs = self.color(self.side.other());
        self.generate_with(sliders, &mut Filter::<K, false> { sink, theirs });
    }
}
