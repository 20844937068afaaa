//! Where generated moves go: the [`MoveSink`] trait, and its two sinks, a [`MoveList`] that
//! builds every move and a [`MoveCounter`] that only counts them (bulk counting at perft's
//! last ply).

use core::mem::MaybeUninit;

use bbcore::{Bitboard, Square};

use super::moves::{Move, MoveKind};

/// Receives legal moves as the generator finds them.
///
/// A sink that has seen enough (the first legal move, the move it looks for) says so with
/// [`is_done`](MoveSink::is_done), and the generator stops early; sinks that keep the default
/// `false` compile as if the check were not there.
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
    /// Whether generation may stop: nothing more is wanted.
    #[inline(always)]
    fn is_done(&self) -> bool {
        false
    }
}

/// Room for every legal move of any position a FEN can load. Reachable positions have at most
/// 218; FEN parsing rejects material a game cannot produce, which caps a side at nine queens,
/// two rooks, two bishops, two knights and a king: at most 9*27 + 2*14 + 2*13 + 2*8 + 8 + 2
/// = 343 moves.
pub const MAX_MOVES: usize = 344;

/// A fixed-capacity list of moves; no allocation, and nothing written when it is made (the
/// slots stay uninitialised until a move is pushed).
///
/// ```
/// use bbengine::Position;
///
/// let moves = Position::startpos().legal_moves();
/// assert_eq!(moves.len(), 20);
/// let knight_moves = moves.iter().filter(|mv| mv.from().to_string() == "g1").count();
/// assert_eq!(knight_moves, 2);
/// for mv in &moves {
///     assert!(Position::startpos().is_legal(*mv));
/// }
/// ```
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList { moves: [const { MaybeUninit::uninit() }; MAX_MOVES], len: 0 }
    }

    /// Appends `mv`. A full list (never the case for the legal moves of a position FEN
    /// accepts) keeps its moves and drops `mv`.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(mv);
            self.len += 1;
        }
    }

    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Clone for MoveList {
    fn clone(&self) -> MoveList {
        let mut copy = MoveList::new();
        for &mv in self.iter() {
            copy.push(mv);
        }
        copy
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        // SAFETY: the first `len` slots were written by `push` (`len` never exceeds the
        // array), and `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as in `deref`: the first `len` slots are initialised.
        unsafe { core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[inline(always)]
fn origin(to: Square, back: i8) -> Square {
    Square::new_masked((to as i8 - back) as u8)
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
