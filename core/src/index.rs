//! The index formulas that turn an occupancy into a table slot. The generator, the proc-macros
//! and the engine all call these, so a table and its lookup can never disagree.

use crate::Bitboard;

/// Plain/fancy magic index: `((occupied & mask) * magic) >> shift`.
#[inline(always)]
pub const fn magic_index(occupied: Bitboard, mask: Bitboard, magic: u64, shift: u32) -> usize {
    ((occupied.0 & mask.0).wrapping_mul(magic) >> shift) as usize
}

/// Dense magic index: `((occupied | !mask) * magic) >> shift`.
///
/// Filling the irrelevant bits with ones instead of zeros lets a search find magics that map
/// the empty board to a high index, which is what lets fixed-shift tables overlap well.
#[inline(always)]
pub const fn dense_magic_index(occupied: Bitboard, mask: Bitboard, magic: u64, shift: u32) -> usize {
    ((occupied.0 | !mask.0).wrapping_mul(magic) >> shift) as usize
}

/// Parallel bit extract in software: the bits of `x` selected by `mask`, packed to the bottom.
/// Equal to the BMI2 `pext` instruction, but needs no CPU support (tables are built with it).
pub const fn pext(x: u64, mask: u64) -> u64 {
    let mut result = 0;
    let mut m = mask;
    let mut bit = 0;
    while m != 0 {
        let lowest = m & m.wrapping_neg();
        if x & lowest != 0 {
            result |= 1 << bit;
        }
        bit += 1;
        m &= m - 1;
    }
    result
}

/// Parallel bit deposit in software: the low bits of `x` spread onto the set bits of `mask`.
/// The inverse of [`pext`]; equal to the BMI2 `pdep` instruction.
pub const fn pdep(x: u64, mask: u64) -> u64 {
    let mut result = 0;
    let mut m = mask;
    let mut bit = 0;
    while m != 0 {
        let lowest = m & m.wrapping_neg();
        if x >> bit & 1 != 0 {
            result |= lowest;
        }
        bit += 1;
        m &= m - 1;
    }
    result
}

/// Every subset of `mask`, the empty set first, by the carry-rippler trick.
///
/// ```
/// use bbcore::{Bitboard, subsets};
/// assert_eq!(subsets(Bitboard(0b101)).count(), 4);
/// ```
pub const fn subsets(mask: Bitboard) -> Subsets {
    Subsets { mask: mask.0, next: 0, done: false }
}

/// Iterator over the subsets of a mask; see [`subsets`].
#[derive(Clone, Copy, Debug)]
pub struct Subsets {
    mask: u64,
    next: u64,
    done: bool,
}

impl Iterator for Subsets {
    type Item = Bitboard;

    fn next(&mut self) -> Option<Bitboard> {
        if self.done {
            return None;
        }
        let current = self.next;
        self.next = current.wrapping_sub(self.mask) & self.mask;
        self.done = self.next == 0;
        Some(Bitboard(current))
    }
}
