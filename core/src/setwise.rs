//! Attacks and pushes of whole sets of knights and pawns at once.

use crate::{Bitboard, Color, Rank};

/// Every square attacked by any knight in `knights`.
#[inline]
pub const fn knight_attacks_set(knights: Bitboard) -> Bitboard {
    let n = knights.0;
    let (not_a, not_ab) = (!Bitboard::FILE_A.0, !(Bitboard::FILE_A.0 | Bitboard::FILE_A.0 << 1));
    let (not_h, not_gh) = (!Bitboard::FILE_H.0, !(Bitboard::FILE_H.0 | Bitboard::FILE_H.0 >> 1));
    Bitboard(
        (n << 17 | n >> 15) & not_a
            | (n << 15 | n >> 17) & not_h
            | (n << 10 | n >> 6) & not_ab
            | (n << 6 | n >> 10) & not_gh,
    )
}

/// The squares `pawns` of `color` reach by a single push onto an `empty` square.
#[inline]
pub const fn pawn_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> Bitboard {
    match color {
        Color::White => pawns.north().and(empty),
        Color::Black => pawns.south().and(empty),
    }
}

/// The squares `pawns` of `color` reach by a double push from their start rank, both squares empty.
#[inline]
pub const fn pawn_double_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> Bitboard {
    let single = pawn_pushes(color, pawns, empty);
    match color {
        Color::White => single.north().and(empty).and(Bitboard::rank(crate::Rank::Fourth)),
        Color::Black => single.south().and(empty).and(Bitboard::rank(crate::Rank::Fifth)),
    }
}

/// The squares `pawns` of `color` attack towards the h-file.
#[inline]
pub const fn pawn_captures_east(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => pawns.north_east(),
        Color::Black => pawns.south_east(),
    }
}

/// The squares `pawns` of `color` attack towards the a-file.
#[inline]
pub const fn pawn_captures_west(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => pawns.north_west(),
        Color::Black => pawns.south_west(),
    }
}

/// The rank from which pawns of `color` promote with their next move (the seventh from their
/// side): a side without a pawn there has no promotion to generate.
///
/// ```
/// use bbcore::{Bitboard, Color, Rank, pawn_seventh_rank};
/// assert_eq!(pawn_seventh_rank(Color::White), Bitboard::rank(Rank::Seventh));
/// assert_eq!(pawn_seventh_rank(Color::Black), Bitboard::rank(Rank::Second));
/// ```
#[inline]
pub const fn pawn_seventh_rank(color: Color) -> Bitboard {
    Bitboard::rank(if color as u8 == Color::White as u8 { Rank::Seventh } else { Rank::Second })
}

/// The rank on which pawns of `color` promote; intersect any pawn target set with it to split
/// promotions from other pawn moves.
#[inline]
pub const fn pawn_promotion_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard::RANK_8,
        Color::Black => Bitboard::RANK_1,
    }
}
