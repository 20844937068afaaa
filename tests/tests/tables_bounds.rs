//! Every index a table backend can compute lies inside its table: the proof behind the
//! unchecked reads in `engine/src/sliders/{fancy,dense,pext}.rs`.
//!
//! Each index depends only on the occupancy inside the square's relevance mask, so checking
//! every subset of every mask covers every occupancy.

use bbcore::{Bitboard, Square, dense_magic_index, magic_index, pext, subsets};
use bbengine::generated::{dense, fancy, pext as pext_tables};

fn assert_all_in_bounds(name: &str, len: usize, index_of: impl Fn(Square, Bitboard) -> (Bitboard, usize)) {
    for sq in Square::ALL {
        let (mask, _) = index_of(sq, Bitboard::EMPTY);
        for occ in subsets(mask) {
            let (_, index) = index_of(sq, occ);
            assert!(index < len, "{name} {sq} {occ:?}: index {index} out of {len}");
            // Bits outside the mask never move the index.
            assert_eq!(index_of(sq, occ | !mask).1, index, "{name} {sq} {occ:?}");
        }
    }
}

#[test]
fn fancy_indices_in_bounds() {
    assert_all_in_bounds("fancy rook", fancy::ROOK_ATTACKS.len(), |sq, occ| {
        let m = &fancy::ROOK_MAGICS[sq.index()];
        (Bitboard(m.mask), m.offset as usize + magic_index(occ, Bitboard(m.mask), m.magic, m.shift))
    });
    assert_all_in_bounds("fancy bishop", fancy::BISHOP_ATTACKS.len(), |sq, occ| {
        let m = &fancy::BISHOP_MAGICS[sq.index()];
        (Bitboard(m.mask), m.offset as usize + magic_index(occ, Bitboard(m.mask), m.magic, m.shift))
    });
}

#[test]
fn dense_indices_in_bounds() {
    assert_all_in_bounds("dense rook", dense::ATTACKS.len(), |sq, occ| {
        let m = &dense::ROOK_MAGICS[sq.index()];
        (Bitboard(m.mask), m.offset as usize + dense_magic_index(occ, Bitboard(m.mask), m.magic, dense::ROOK_SHIFT))
    });
    assert_all_in_bounds("dense bishop", dense::ATTACKS.len(), |sq, occ| {
        let m = &dense::BISHOP_MAGICS[sq.index()];
        (Bitboard(m.mask), m.offset as usize + dense_magic_index(occ, Bitboard(m.mask), m.magic, dense::BISHOP_SHIFT))
    });
}

#[test]
fn pext_indices_in_bounds() {
    assert_all_in_bounds("pext rook", pext_tables::ROOK_ATTACKS.len(), |sq, occ| {
        let e = &pext_tables::ROOK_ENTRIES[sq.index()];
        (Bitboard(e.mask), e.offset as usize + pext(occ.0, e.mask) as usize)
    });
    assert_all_in_bounds("pext bishop", pext_tables::BISHOP_ATTACKS.len(), |sq, occ| {
        let e = &pext_tables::BISHOP_ENTRIES[sq.index()];
        (Bitboard(e.mask), e.offset as usize + pext(occ.0, e.mask) as usize)
    });
}
