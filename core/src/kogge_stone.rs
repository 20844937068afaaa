//! Kogge-Stone occluded fills: slider attacks for a whole set of sliders at once, no tables.
//!
//! Each fill floods from the generator squares through empty squares in one direction in
//! three doubling steps; shifting the fill one more step gives the attacks (first blocker
//! included).

use crate::Bitboard;

const NOT_A: u64 = !Bitboard::FILE_A.0;
const NOT_H: u64 = !Bitboard::FILE_H.0;

/// A direction: how far one step shifts the board (negative = right shift) and which squares a
/// step may land on without wrapping round the board.
#[derive(Clone, Copy)]
struct Direction {
    shift: i8,
    guard: u64,
}

const NORTH: Direction = Direction { shift: 8, guard: !0 };
const SOUTH: Direction = Direction { shift: -8, guard: !0 };
const EAST: Direction = Direction { shift: 1, guard: NOT_A };
const WEST: Direction = Direction { shift: -1, guard: NOT_H };
const NORTH_EAST: Direction = Direction { shift: 9, guard: NOT_A };
const NORTH_WEST: Direction = Direction { shift: 7, guard: NOT_H };
const SOUTH_EAST: Direction = Direction { shift: -7, guard: NOT_A };
const SOUTH_WEST: Direction = Direction { shift: -9, guard: NOT_H };

#[inline(always)]
const fn shifted(x: u64, shift: i8) -> u64 {
    if shift > 0 { x << shift } else { x >> -shift }
}

#[inline(always)]
const fn fill(generators: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
    let mut gen_ = generators.0;
    let mut pro = empty.0 & dir.guard;
    gen_ |= pro & shifted(gen_, dir.shift);
    pro &= shifted(pro, dir.shift);
    gen_ |= pro & shifted(gen_, 2 * dir.shift);
    pro &= shifted(pro, 2 * dir.shift);
    gen_ |= pro & shifted(gen_, 4 * dir.shift);
    Bitboard(gen_)
}

#[inline(always)]
const fn attacks(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
    Bitboard(shifted(fill(sliders, empty, dir).0, dir.shift) & dir.guard)
}

macro_rules! fills {
    ($($name:ident $dir:ident $doc:literal;)*) => {$(
        #[doc = concat!("The occluded fill ", $doc, ": `generators` plus every square reached through `empty`.")]
        #[inline]
        pub const fn $name(generators: Bitboard, empty: Bitboard) -> Bitboard {
            fill(generators, empty, $dir)
        }
    )*};
}

fills! {
    north_fill NORTH "north";
    south_fill SOUTH "south";
    east_fill EAST "east";
    west_fill WEST "west";
    north_east_fill NORTH_EAST "north-east";
    north_west_fill NORTH_WEST "north-west";
    south_east_fill SOUTH_EAST "south-east";
    south_west_fill SOUTH_WEST "south-west";
}

/// Squares attacked by any rook in `rooks`, given the occupied squares.
#[inline]
pub const fn rook_attacks_set(rooks: Bitboard, occupied: Bitboard) -> Bitboard {
    let empty = occupied.complement();
    attacks(rooks, empty, NORTH)
        .or(attacks(rooks, empty, SOUTH))
        .or(attacks(rooks, empty, EAST))
        .or(attacks(rooks, empty, WEST))
}

/// Squares attacked by any bishop in `bishops`, given the occupied squares.
#[inline]
pub const fn bishop_attacks_set(bishops: Bitboard, occupied: Bitboard) -> Bitboard {
    let empty = occupied.complement();
    attacks(bishops, empty, NORTH_EAST)
        .or(attacks(bishops, empty, NORTH_WEST))
        .or(attacks(bishops, empty, SOUTH_EAST))
        .or(attacks(bishops, empty, SOUTH_WEST))
}

/// Squares attacked by any queen in `queens`, given the occupied squares.
#[inline]
pub const fn queen_attacks_set(queens: Bitboard, occupied: Bitboard) -> Bitboard {
    rook_attacks_set(queens, occupied).or(bishop_attacks_set(queens, occupied))
}
