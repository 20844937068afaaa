//! Where generated moves go: the [`MoveSink`] trait, and its two sinks, a [`MoveList`] that
//! builds every move and a [`MoveCounter`] that only counts them (bulk counting at perft's
//! last ply).

use bbcore::{Bitboard, Square};

use super::moves::{Move, MoveKind};

/// Receives legal moves as the generator finds them.
pub trait MoveSink {
    /// Ordinary moves of the piece on `from` to every square of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    /// Non-promoting pawn moves to every square of `targets`, each from `to - back` (LERF
    /// index difference), all of the same `kind` (normal or double push).
    fn pawn_moves(&mut self, targets: Bitboard, back: i8, kind: MoveKind);
    /// Promotions (four each) onto every square of `targets`, each from `to - back`.
    fn promotions(&mut self, targets: Bitboard, back: i8);
    /// One move that fits none of the above: castling or en passant.
    fn special(&mut self, mv: Move);
}

/// Room for every legal move of any position a FEN can load. Reachable positions have at most
/// 218; FEN parsing rejects material a game cannot produce, which caps a side at nine queens,
/// two rooks, two bishops, two knights and a king: at most 9*27 + 2*14 + 2*13 + 2*8 + 8 + 2
/// = 343 moves.
pub const MAX_MOVES: usize = 344;

/// A fixed-capacity list of moves; no allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList { moves: [Move::new(Square::A1, Square::A1, MoveKind::Normal); MAX_MOVES], len: 0 }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        // No position FEN parsing accepts has more than MAX_MOVES moves, so this never drops one.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[inline(always)]
fn origin(to: Square, back: i8) -> Square {
    Square::new((to as i8 - back) as u8)
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to, MoveKind::Normal));
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, back: i8, kind: MoveKind) {
        for to in targets {
            self.push(Move::new(origin(to, back), to, kind));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, back: i8) {
        for to in targets {
            for kind in MoveKind::PROMOTIONS {
                self.push(Move::new(origin(to, back), to, kind));
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts moves without building them: a popcount per target set.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _back: i8, _kind: MoveKind) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _back: i8) {
        self.0 += 4 * u64::from(targets.count());
    }

    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}
