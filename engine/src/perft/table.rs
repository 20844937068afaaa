//! A transposition table for deep perft: subtree counts keyed by Zobrist key and depth.
//!
//! Lock-free and shared between threads: each slot is two atomics, the key XOR the data and
//! the data, so a torn write by two threads is detected as a miss instead of a wrong count.

use std::sync::atomic::{AtomicU64, Ordering};

/// Perft counts of positions already searched; see the module docs.
pub struct PerftTable {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl PerftTable {
    /// A table of about `megabytes` MiB (rounded down to a power-of-two number of slots, at
    /// least one slot). When the allocator refuses that much, the size is halved until it
    /// does not: a smaller table gives the same counts, only slower.
    pub fn new(megabytes: usize) -> PerftTable {
        let bytes = megabytes.saturating_mul(1 << 20);
        let wanted = (bytes / size_of::<[AtomicU64; 2]>()).max(1);
        let mut len = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        let mut slots = Vec::new();
        while slots.try_reserve_exact(len).is_err() && len > 1 {
            len /= 2;
        }
        slots.extend((0..len).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        PerftTable { slots, mask: len - 1 }
    }

    /// How many slots the table has.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never: it has at least one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[key as usize & self.mask]
    }

    /// The stored count of the position with `key` searched to `depth`, if present. Data is
    /// packed as `count << 8 | depth`; a count needs at most 56 bits.
    #[inline(always)]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let slot = self.slot(key);
        let data = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed);
        (check ^ data == key && data & 0xFF == u64::from(depth) && data != 0).then_some(data >> 8)
    }

    /// Stores a count, replacing whatever the slot held.
    #[inline(always)]
    pub fn store(&self, key: u64, depth: u32, count: u64) {
        if count >= 1 << 56 || depth > 0xFF {
            return;
        }
        let data = count << 8 | u64::from(depth);
        let slot = self.slot(key);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}
