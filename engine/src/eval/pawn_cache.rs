//! The pawn cache: the pawn-structure terms by pawn placement. Pawns move rarely, so most
//! positions a search evaluates share their pawns with one evaluated before; the cache hands
//! back that sum and the passed pawns instead of walking the pawns again.
//!
//! An entry holds both sides' pawn sets whole, so a hit is always the right one: the cache
//! changes the speed of the evaluation, never its value.

use bbcore::{Bitboard, Color, Role};

use super::Score;
use super::pawns;
use super::terms::{Sum, Terms};
use crate::board::Position;

/// Entries in one thread's cache (a power of two): 8192 of 32 bytes, 256 KiB.
const ENTRIES: usize = 1 << 13;

/// One pawn placement and what its structure is worth.
#[derive(Clone, Copy, Default)]
struct Entry {
    white: u64,
    black: u64,
    /// The structure terms, White's sum less Black's.
    score: Score,
    passed: u64,
}

/// One search thread's pawn cache.
pub(crate) struct PawnCache {
    entries: Box<[Entry]>,
}

impl PawnCache {
    /// An empty cache. The empty entry is right for a board without pawns.
    pub(crate) fn new() -> PawnCache {
        PawnCache { entries: vec![Entry::default(); ENTRIES].into_boxed_slice() }
    }

    /// The structure of `pos`'s pawns added to `sum`, from the cache or computed and kept;
    /// returns the passed pawns.
    #[inline(always)]
    fn structure(&mut self, pos: &Position, sum: &mut Sum) -> Bitboard {
        let white = pos.pieces(Color::White, Role::Pawn).0;
        let black = pos.pieces(Color::Black, Role::Pawn).0;
        let mix = (white ^ black.rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let entry = &mut self.entries[(mix >> (64 - ENTRIES.trailing_zeros())) as usize];
        if entry.white != white || entry.black != black {
            let mut fresh = Sum::new();
            let passed = pawns::structure(pos, &mut fresh);
            *entry = Entry { white, black, score: fresh.white_view(), passed: passed.0 };
        }
        sum.add_fixed(Color::White, entry.score);
        Bitboard(entry.passed)
    }
}

/// The search's sink with a pawn cache: [`Sum`], taking the pawn structure from the cache.
pub(crate) struct CachedSum<'c> {
    sum: Sum,
    cache: &'c mut PawnCache,
}

impl<'c> CachedSum<'c> {
    /// Nothing summed yet.
    #[inline(always)]
    pub(crate) fn new(cache: &'c mut PawnCache) -> CachedSum<'c> {
        CachedSum { sum: Sum::new(), cache }
    }

    /// The sum, White's view (as [`Sum::white_view`]).
    #[inline(always)]
    pub(crate) fn white_view(&self) -> Score {
        self.sum.white_view()
    }
}

impl Terms for CachedSum<'_> {
    #[inline(always)]
    fn add(&mut self, color: Color, weight: &'static Score, count: i32) {
        self.sum.add(color, weight, count);
    }

    #[inline(always)]
    fn add_fixed(&mut self, color: Color, value: Score) {
        self.sum.add_fixed(color, value);
    }

    #[inline(always)]
    fn piece(&mut self, color: Color, role: Role, sq: bbcore::Square) {
        self.sum.piece(color, role, sq);
    }

    #[inline(always)]
    fn pawn_structure(&mut self, pos: &Position) -> Bitboard {
        self.cache.structure(pos, &mut self.sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::two_plies_from;
    use crate::eval::{evaluate, evaluate_cached};
    use crate::sliders::with_fastest;

    /// Every position of a few games, evaluated through one cache (small enough to be
    /// overwritten often) and without, gives the same value.
    #[test]
    fn cached_evaluation_is_the_evaluation() {
        let mut cache = PawnCache::new();
        let fens = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        let positions = two_plies_from(&fens);
        assert!(positions.len() > 2_500, "{}", positions.len());
        // Twice: misses first, then hits.
        for _ in 0..2 {
            for pos in &positions {
                let cached = with_fastest!(|sliders| evaluate_cached(pos, sliders, &mut cache));
                assert_eq!(cached, evaluate(pos), "{pos}");
            }
        }
    }
}
