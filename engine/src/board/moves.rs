//! `Move`: a move packed in 16 bits, and its kinds.

use core::fmt;

use bbcore::{Role, Square};

/// What kind of move, beyond from and to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
#[non_exhaustive]
pub enum MoveKind {
    /// Any move that is not one of the others (captures included).
    Normal = 0,
    /// A pawn's two-square advance.
    DoublePush = 1,
    /// A pawn capturing en passant; `to` is the square the pawn lands on.
    EnPassant = 2,
    /// Castling, stored as king takes own rook: `from` is the king, `to` the rook.
    Castle = 3,
    /// Promotion to a knight.
    PromoteKnight = 4,
    /// Promotion to a bishop.
    PromoteBishop = 5,
    /// Promotion to a rook.
    PromoteRook = 6,
    /// Promotion to a queen.
    PromoteQueen = 7,
}

impl MoveKind {
    /// Every kind, in the order of their 3-bit codes.
    pub const ALL: [MoveKind; 8] = [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::PromoteKnight,
        MoveKind::PromoteBishop,
        MoveKind::PromoteRook,
        MoveKind::PromoteQueen,
    ];

    /// The four promotions, queen first (the order move ordering wants).
    pub const PROMOTIONS: [MoveKind; 4] =
        [MoveKind::PromoteQueen, MoveKind::PromoteKnight, MoveKind::PromoteRook, MoveKind::PromoteBishop];

    /// The piece a promotion makes, if this is one.
    pub const fn promotion(self) -> Option<Role> {
        match self {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            _ => None,
        }
    }
}

/// A move packed in 16 bits: from (6), to (6), kind (3).
///
/// Castling is stored as the king capturing its own rook, which covers Chess960 with no
/// special cases; [`Move::to_uci`] prints it as UCI expects.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// A move from `from` to `to` of the given kind.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
    }

    /// The square the moving piece leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new_masked(self.0 as u8)
    }

    /// The destination; for castling, the castling rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new_masked((self.0 >> 6) as u8)
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0 >> 12 & 7) as usize]
    }

    /// The raw 16 bits (stable within a version; for hash tables).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether this move is castling.
    pub const fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::Castle)
    }

    /// The square the king lands on when castling: the g- or c-file of its rank.
    pub const fn castle_king_target(self) -> Square {
        let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) { 6 } else { 2 };
        Square::new_masked((self.from() as u8 & 56) | file)
    }

    /// The square the rook lands on when castling: the f- or d-file of its rank.
    pub const fn castle_rook_target(self) -> Square {
        let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) { 5 } else { 3 };
        Square::new_masked((self.from() as u8 & 56) | file)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}{} {:?})", self.from(), self.to(), self.kind())
    }
}
