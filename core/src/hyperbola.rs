//! Hyperbola quintessence: slider attacks from subtraction and a byte swap, with small tables.
//!
//! Along a line with at most one square per rank (a file or a diagonal), `o - 2r` sets the
//! bits up to and including the first blocker above the slider; doing the same on the
//! byte-swapped (rank-mirrored) board gives the ray below. Ranks have more than one square per
//! rank, so they use a 4 KiB table of first-rank attacks instead.

use crate::{Bitboard, Square, bishop_attacks_ref, rook_attacks_ref};

/// Per square: the file, diagonal and anti-diagonal through it, the square itself left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineMasks {
    /// The file, without the square.
    pub file: Bitboard,
    /// The a1-h8 direction diagonal, without the square.
    pub diagonal: Bitboard,
    /// The h1-a8 direction anti-diagonal, without the square.
    pub anti_diagonal: Bitboard,
}

/// The [`LineMasks`] of every square.
pub const fn line_mask_table() -> [LineMasks; 64] {
    let empty = LineMasks { file: Bitboard::EMPTY, diagonal: Bitboard::EMPTY, anti_diagonal: Bitboard::EMPTY };
    let mut table = [empty; 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square::new(i as u8);
        let rook = rook_attacks_ref(sq, Bitboard::EMPTY);
        let bishop = bishop_attacks_ref(sq, Bitboard::EMPTY);
        let file = rook.and(Bitboard::file(sq.file()));
        let mut diagonal = Bitboard::EMPTY;
        let mut anti_diagonal = Bitboard::EMPTY;
        let mut j = 0;
        while j < 64 {
            let other = Square::new(j as u8);
            if bishop.has(other) {
                let df = other.file() as i8 - sq.file() as i8;
                let dr = other.rank() as i8 - sq.rank() as i8;
                if df == dr {
                    diagonal = diagonal.with(other);
                } else {
                    anti_diagonal = anti_diagonal.with(other);
                }
            }
            j += 1;
        }
        table[i] = LineMasks { file, diagonal, anti_diagonal };
        i += 1;
    }
    table
}

/// `FIRST_RANK_ATTACKS[file][inner]`: the squares a rook on `file` of the first rank attacks
/// along the rank, where `inner` is the occupancy of b1..g1 shifted down by one (6 bits).
pub const fn first_rank_attack_table() -> [[u8; 64]; 8] {
    let mut table = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = Bitboard((inner as u64) << 1);
            let attacks = rook_attacks_ref(Square::new(file as u8), occupied).and(Bitboard::RANK_1);
            table[file][inner] = attacks.0 as u8;
            inner += 1;
        }
        file += 1;
    }
    table
}

/// The line masks, indexed by square.
pub static LINE_MASKS: [LineMasks; 64] = line_mask_table();
/// First-rank attacks, indexed by file then inner occupancy.
pub static FIRST_RANK_ATTACKS: [[u8; 64]; 8] = first_rank_attack_table();

/// Attacks along one line with at most one square per rank (`mask` excludes the slider).
#[inline(always)]
pub const fn line_attacks(sq: Square, occupied: Bitboard, mask: Bitboard) -> Bitboard {
    let o = occupied.0 & mask.0;
    let r = 1u64 << sq as u8;
    let forward = o.wrapping_sub(r.wrapping_mul(2));
    let reverse = o.swap_bytes().wrapping_sub(r.swap_bytes().wrapping_mul(2)).swap_bytes();
    Bitboard((forward ^ reverse) & mask.0)
}

/// Attacks along the rank of `sq`, from a first-rank table such as [`FIRST_RANK_ATTACKS`].
#[inline(always)]
pub const fn rank_attacks(sq: Square, occupied: Bitboard, first_rank: &[[u8; 64]; 8]) -> Bitboard {
    let shift = (sq as u8 & 56) as u32;
    let inner = (occupied.0 >> (shift + 1)) & 63;
    Bitboard((first_rank[sq.file() as usize][inner as usize] as u64) << shift)
}
