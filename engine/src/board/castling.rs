//! Castling rights, stored as the castling rook's square so Chess960 needs no special case.

use bbcore::{Color, Square};

/// Which side of the king a castling rook stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// The rook is on the h-side of the king (O-O; the king ends on g).
    King = 0,
    /// The rook is on the a-side of the king (O-O-O; the king ends on c).
    Queen = 1,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];
}

/// The castling rights of both sides: for each colour and side, the square of the rook that
/// may still castle, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights {
    rooks: [[Option<Square>; 2]; 2],
}

impl CastlingRights {
    /// No rights at all.
    pub const NONE: CastlingRights = CastlingRights { rooks: [[None; 2]; 2] };

    /// The rook that may castle on this side, if the right remains.
    #[inline(always)]
    pub fn rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        self.rooks[color.index()][side as usize]
    }

    /// Whether no right remains.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        *self == CastlingRights::NONE
    }

    /// Whether `color` still holds any right.
    #[inline(always)]
    pub fn any_for(&self, color: Color) -> bool {
        self.rooks[color.index()] != [None, None]
    }

    pub(crate) fn set(&mut self, color: Color, side: CastleSide, rook: Option<Square>) {
        self.rooks[color.index()][side as usize] = rook;
    }
}
