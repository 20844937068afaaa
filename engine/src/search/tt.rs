//! The transposition table: what earlier searches found about a position, by Zobrist key.
//!
//! Buckets of four entries fill one 64-byte cache line. An entry is two atomic words, the
//! data and the key XOR the data, so threads share the table without locks: a torn write
//! (one word from one store, one from another) fails the key check and reads as a miss.
//! Replacement prefers deep entries of the current search and evicts the shallowest or
//! oldest one of the bucket ("depth-preferred with aging"). Mate scores are stored relative
//! to the node, not the root, so they stay true wherever the position is met again.

use core::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use bbcore::Square;

use super::MATE_BOUND;
use crate::board::{Move, MoveKind};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
    /// The score is the true value (at its depth).
    Exact,
}

/// One entry as read from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The best (or refuting) move found, if any.
    pub mv: Option<Move>,
    /// The score, already converted back to be relative to the root at the probing ply.
    pub score: i32,
    /// The static evaluation ([`super::NO_SCORE`] when the node was in check).
    pub eval: i32,
    /// The depth searched (0: quiescence).
    pub depth: i32,
    /// What the score says.
    pub bound: Bound,
}

impl TtEntry {
    /// Whether the score alone settles a node searched with the window `alpha..beta`.
    #[inline(always)]
    pub fn cuts_off(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }

    /// The static evaluation `eval` sharpened by the score where its bound says the score is
    /// the better guess (never a mate score: those are not evaluations).
    #[inline(always)]
    pub fn sharpen(&self, eval: i32) -> i32 {
        // The bound allows the score exactly where it would settle a window just around eval.
        if self.score.abs() < MATE_BOUND && self.cuts_off(eval - 1, eval + 1) { self.score } else { eval }
    }
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; 4]);

/// The lock-free shared table. See the module documentation.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

const AGE_BITS: u64 = 6;
const AGE_MASK: u8 = (1 << AGE_BITS) - 1;

impl TranspositionTable {
    /// A table of about `mb` MiB (at least one bucket). If the memory cannot be had, the
    /// size is halved until it can; [`TranspositionTable::size_mb`] says what was allocated.
    pub fn new(mb: usize) -> TranspositionTable {
        let mut count = (mb.saturating_mul(1 << 20) / size_of::<Bucket>()).max(1);
        loop {
            let mut buckets: Vec<Bucket> = Vec::new();
            if buckets.try_reserve_exact(count).is_ok() {
                buckets.extend((0..count).map(|_| Bucket::default()));
                return TranspositionTable { buckets, age: AtomicU8::new(0) };
            }
            count = (count / 2).max(1);
        }
    }

    /// The size in MiB (rounded down).
    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * size_of::<Bucket>()) >> 20
    }

    /// Empties the table.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for entry in &bucket.0 {
                entry.check.store(0, Ordering::Relaxed);
                entry.data.store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries of earlier searches become replaceable first.
    pub fn new_search(&self) {
        let age = (self.age.load(Ordering::Relaxed) + 1) & AGE_MASK;
        self.age.store(age, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        // The index is below the length by construction: (key * len) >> 64 < len.
        &self.buckets[index]
    }

    /// Asks the CPU to start loading `key`'s bucket into the cache, so the probe a little
    /// later (the child node's) does not wait for memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: `_mm_prefetch` only hints the cache; it reads no memory the program
            // sees and cannot fault, and SSE (which has it) is part of every x86-64 CPU.
            unsafe { core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, with its score made relative to the root at `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        for entry in &self.bucket(key).0 {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data, ply));
            }
        }
        None
    }

    /// Stores what a search of `key` at `ply` found. The move of an earlier entry for the
    /// same key is kept when this search has none.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound, ply: usize) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        for entry in &bucket.0 {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = entry;
                if data != 0 {
                    let old = unpack(data, ply);
                    // Keep a deeper entry of the same position unless this one is exact.
                    if bound != Bound::Exact && old.depth > depth + 2 && entry_age(data) == age {
                        return;
                    }
                }
                break;
            }
            let stale = i32::from(age.wrapping_sub(entry_age(data)) & AGE_MASK);
            let worth = ((data >> 48) & 0xFF) as i32 - 8 * stale;
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        let mut mv = mv;
        if mv.is_none() {
            let data = victim.data.load(Ordering::Relaxed);
            if data != 0 && victim.check.load(Ordering::Relaxed) ^ data == key {
                mv = unpack(data, ply).mv;
            }
        }
        let data = pack(mv, score_to_tt(score, ply), eval, depth, bound, age);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of the first thousand entries that this search wrote (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let mut used = 0;
        let mut seen = 0;
        'outer: for bucket in &self.buckets {
            for entry in &bucket.0 {
                if seen == 1000 {
                    break 'outer;
                }
                seen += 1;
                let data = entry.data.load(Ordering::Relaxed);
                used += u32::from(data != 0 && entry_age(data) == age);
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

#[inline(always)]
fn entry_age(data: u64) -> u8 {
    (data >> 58) as u8 & AGE_MASK
}

/// A mate score counted from the root becomes counted from this node, and back.
#[inline(always)]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline(always)]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Bits: move 0-15 (0 = none), score 16-31, eval 32-47, depth 48-55, bound 56-57 (1 lower,
/// 2 upper, 3 exact: never 0, so a used entry's data is never 0), age 58-63.
#[inline(always)]
fn pack(mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let mv = mv.map_or(0, |m| u64::from(m.bits()));
    let bound = match bound {
        Bound::Lower => 1u64,
        Bound::Upper => 2,
        Bound::Exact => 3,
    };
    mv | u64::from(score.clamp(-32000, 32000) as i16 as u16) << 16
        | u64::from(eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) << 32
        | (depth.clamp(0, 255) as u64) << 48
        | bound << 56
        | u64::from(age & AGE_MASK) << 58
}

#[inline(always)]
fn unpack(data: u64, ply: usize) -> TtEntry {
    let bits = data as u16;
    let mv = (bits != 0).then(|| {
        Move::new(
            Square::new((bits & 63) as u8),
            Square::new((bits >> 6 & 63) as u8),
            MoveKind::ALL[(bits >> 12 & 7) as usize],
        )
    });
    let bound = match (data >> 56) & 3 {
        1 => Bound::Lower,
        2 => Bound::Upper,
        _ => Bound::Exact,
    };
    TtEntry {
        mv,
        score: score_from_tt(i32::from((data >> 16) as u16 as i16), ply),
        eval: i32::from((data >> 32) as u16 as i16),
        depth: ((data >> 48) & 0xFF) as i32,
        bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
        tt.store(0x1234_5678_9ABC_DEF0, Some(mv), 57, -12, 9, Bound::Lower, 3);
        let e = tt.probe(0x1234_5678_9ABC_DEF0, 3).unwrap();
        assert_eq!((e.mv, e.score, e.eval, e.depth, e.bound), (Some(mv), 57, -12, 9, Bound::Lower));
        assert!(tt.probe(0x1234_5678_9ABC_DEF1, 3).is_none());
        tt.clear();
        assert!(tt.probe(0x1234_5678_9ABC_DEF0, 3).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Mate in 5 plies from the root, found at ply 2: mate in 3 from the node.
        tt.store(42, None, super::super::MATE - 5, super::super::NO_SCORE, 4, Bound::Exact, 2);
        assert_eq!(tt.probe(42, 6).unwrap().score, super::super::MATE - 9);
    }
}
