//! Bounds proofs for the slider tables, as `const fn`s.
//!
//! The table backends read their attack arrays without bounds checks. Each generated table
//! module proves those reads safe in a `const` item that calls these functions for every
//! square and passes the result to [`assert_window`], so a table whose windows do not fit its
//! array (a hand-edited offset, a shift of 0, a mask with one bit too many) fails to compile.
//!
//! Each function takes plain values (mask, magic, offset, shift, array length) and answers for
//! every occupancy a lookup can be given, legal position or not. No input overflows their
//! arithmetic.
//!
//! ```
//! use bbcore::{fancy_window_fits, pext_window_fits};
//!
//! // A rook on a1: 12 relevant squares, a window of 4,096 entries at the start of the array.
//! assert!(fancy_window_fits(0, 52, 4096));
//! assert!(!fancy_window_fits(1, 52, 4096)); // one entry past the end
//! assert!(pext_window_fits(0x0001_0101_0101_017e, 0, 4096));
//! ```

use crate::{Bitboard, Square, dense_magic_index};

/// Whether every fancy magic index of one square lies in an array of `len` entries: the lookup
/// `attacks[offset + ((occupied & mask) * magic >> shift)]`.
///
/// For any occupancy and magic the product has 64 bits, so the shifted index is below
/// `2^(64 - shift)`. The window fits when `1 <= shift <= 63` (a shift of 0 would index the
/// whole product, one of 64 or more overflows) and `offset + 2^(64 - shift) <= len`.
pub const fn fancy_window_fits(offset: usize, shift: u32, len: usize) -> bool {
    if shift == 0 || shift > 63 {
        return false;
    }
    offset as u128 + (1u128 << (64 - shift)) <= len as u128
}

/// Whether every PEXT index of one square lies in an array of `len` entries: the lookup
/// `attacks[offset + pext(occupied, mask)]`.
///
/// `pext` packs the occupancy's bits under the mask into the low `popcount(mask)` bits, so the
/// index is below `2^popcount(mask)` for any occupancy; the window fits when
/// `offset + 2^popcount(mask) <= len`.
pub const fn pext_window_fits(mask: u64, offset: usize, len: usize) -> bool {
    offset as u128 + (1u128 << mask.count_ones()) <= len as u128
}

/// The first occupancy whose dense magic index falls outside an array of `len` entries, or
/// `None` when every index of the square lies inside: the lookup
/// `attacks[offset + dense_magic_index(occupied, mask, magic, shift)]`.
///
/// The index of [`dense_magic_index`], `((occupied | !mask) * magic) >> shift`, depends only on
/// `occupied & mask` (the rest is forced to ones), so checking every subset of the mask
/// (carry-rippler order, the empty set first) covers every occupancy; the subset returned is
/// the first one that fails. An offset at or past the end, or a shift of 64 or more (no index
/// can be computed), fails at once: `Some(0)`.
///
/// This is a loop over `2^popcount(mask)` subsets, 4,096 for a rook in the corner. In a
/// `const` item, the 107,648 subsets of all 128 rook and bishop masks cost rustc about a
/// second of CPU time and between a fifth and a quarter of the evaluation steps after which
/// rustc's `long_running_const_eval` lint (deny by default) stops a build.
pub const fn dense_window_first_outside(mask: u64, magic: u64, offset: usize, shift: u32, len: usize) -> Option<u64> {
    if shift > 63 || offset >= len {
        return Some(0);
    }
    let room = len - offset;
    let mut subset = 0u64;
    loop {
        if dense_magic_index(Bitboard(subset), Bitboard(mask), magic, shift) >= room {
            return Some(subset);
        }
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            return None;
        }
    }
}

/// Panics unless `fits`, with a message naming `table` and the square (LERF index `square`,
/// 0..64): the compile-time error of the generated modules' bounds proofs, e.g.
/// `table window out of bounds: fancy ROOK_MAGICS -> ROOK_ATTACKS, square e4`.
///
/// ```should_panic
/// bbcore::assert_window(false, "fancy ROOK_MAGICS -> ROOK_ATTACKS", 28); // square e4
/// ```
pub const fn assert_window(fits: bool, table: &str, square: usize) {
    // The message is built only when the assertion fails.
    assert!(fits, "{}", Message::new(table, square).as_str());
}

/// A message built without `format!` (which `const fn` cannot call): a prefix, the table name
/// and the square's name, cut at `Message::CAPACITY` bytes.
struct Message {
    bytes: [u8; Message::CAPACITY],
    len: usize,
}

impl Message {
    const CAPACITY: usize = 160;

    const fn new(table: &str, square: usize) -> Message {
        let mut m = Message { bytes: [0; Message::CAPACITY], len: 0 };
        m.push(b"table window out of bounds: ", Message::CAPACITY);
        // Keep room for the square however long the name.
        m.push(table.as_bytes(), Message::CAPACITY - 32);
        m.push(b", square ", Message::CAPACITY);
        if square < 64 {
            let sq = Square::new(square as u8);
            m.push(&[sq.file().char() as u8, sq.rank().char() as u8], Message::CAPACITY);
        } else {
            m.push(b"(index past h8)", Message::CAPACITY);
        }
        m
    }

    /// Appends `bytes`, stopping where the message reaches `limit` bytes.
    const fn push(&mut self, bytes: &[u8], limit: usize) {
        let mut i = 0;
        while i < bytes.len() && self.len < limit {
            self.bytes[self.len] = bytes[i];
            self.len += 1;
            i += 1;
        }
    }

    const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(s) => s,
            // Only a name cut inside a multi-byte character gets here.
            Err(_) => "table window out of bounds",
        }
    }
}
