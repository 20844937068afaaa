//! PEXT tables: `attacks[offset + pext(occupied, mask)]`, one window of `2^popcount(mask)`
//! entries per square, 107,648 entries in all. Built with bbcore's software `pext`, so the
//! build machine needs no BMI2; the engine's lookup uses the instruction.

use bbcore::{Bitboard, Square, pext};

use crate::Error;
use crate::slider::{Slider, verify};

/// One square's PEXT entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquarePext {
    /// Relevance mask.
    pub mask: u64,
    /// Start of this square's window.
    pub offset: u32,
}

/// A slider's PEXT table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PextLayout {
    /// Rook or bishop.
    pub slider: Slider,
    /// Per-square masks and offsets.
    pub squares: Vec<SquarePext>,
    /// Attack sets; `attacks[offset + pext(occ, mask)]`.
    pub attacks: Vec<u64>,
}

impl PextLayout {
    /// The attacks the table gives for `occupied`, `None` if the index is out of range.
    pub fn lookup(&self, sq: Square, occupied: Bitboard) -> Option<u64> {
        let e = &self.squares[sq.index()];
        self.attacks.get(e.offset as usize + pext(occupied.0, e.mask) as usize).copied()
    }
}

/// Rook and bishop PEXT tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PextTables {
    /// The rook table.
    pub rook: PextLayout,
    /// The bishop table.
    pub bishop: PextLayout,
}

/// Builds `slider`'s PEXT table, verified against the reference.
pub fn layout(slider: Slider) -> Result<PextLayout, Error> {
    let mut squares = Vec::with_capacity(64);
    let mut attacks = Vec::new();
    for sq in Square::ALL {
        let cases = slider.cases(sq);
        let offset = attacks.len();
        attacks.resize(offset + cases.occupancies.len(), 0);
        for (occ, &att) in cases.occupancies.iter().zip(&cases.attacks) {
            attacks[offset + pext(occ.0, cases.mask.0) as usize] = att;
        }
        let offset = u32::try_from(offset).map_err(|_| Error("pext table too large".into()))?;
        squares.push(SquarePext { mask: cases.mask.0, offset });
    }
    let layout = PextLayout { slider, squares, attacks };
    verify("pext", slider, |sq, occ| layout.lookup(sq, occ))?;
    Ok(layout)
}

/// Both PEXT tables.
pub fn build() -> Result<PextTables, Error> {
    Ok(PextTables { rook: layout(Slider::Rook)?, bishop: layout(Slider::Bishop)? })
}
