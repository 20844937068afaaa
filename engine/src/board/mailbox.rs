//! A square-to-piece array in one byte a square, so copying a position stays cheap.

use bbcore::{Piece, Square};

/// Which piece stands on each square: 0 for none, else the piece's index plus one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Mailbox([u8; 64]);

impl Mailbox {
    pub(crate) const EMPTY: Mailbox = Mailbox([0; 64]);

    #[inline(always)]
    pub(crate) fn get(&self, sq: Square) -> Option<Piece> {
        match self.0[sq.index()] {
            0 => None,
            code => Piece::ALL.get(usize::from(code) - 1).copied(),
        }
    }

    #[inline(always)]
    pub(crate) fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.0[sq.index()] = piece.map_or(0, |p| p.index() as u8 + 1);
    }
}
