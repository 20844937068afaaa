//! PEXT tables: `attacks[offset + pext(occupied, mask)]`, one window of `2^popcount(mask)`
//! entries per square, 107,648 entries in all. Built with bbcore's software `pext`, so the
//! build machine needs no BMI2; the engine's lookup uses the instruction.
//!
//! Beside it, the same windows compressed to 16 bits ([`PdepLayout`]): each attack set
//! stored as `pext(attacks, rays)`, where `rays` are the square's attacks on an empty board
//! (at most 14 squares), and expanded by the lookup with `pdep(entry, rays)`. A quarter of the
//! bytes for one more instruction.
//!
//! In the 16-bit layout every rook window after the first starts one 64-byte line later than
//! the windows before it end ([`ROOK_SKEW_BYTES`]). Its rook windows are 2^10 to 2^12 entries,
//! whole multiples of 2 KiB, so without the gap the windows would start at one or two places
//! in a 4 KiB page, and the entries the most common occupancies index (the same window index
//! on every square) would fall into the same few sets of the L1 cache, which holds 8 lines per
//! set; a dependent chain of lookups then waits on conflict misses. With the gap, square `k`'s
//! window is `k` sets further on. Measured on a Zen 3 (native build, the sliders bench's rook
//! latency loop): from 4 to 9% behind the chess crate's PEXT+PDEP lookup (whose rook windows
//! are separated by its bishop windows) to level. The 64-bit table keeps its windows end to
//! end: the same gap there made its lookups faster but perft 4 to 6% slower on two of the six
//! positions (docs/tables.md).

use bbcore::{Bitboard, Square, pdep, pext};

use crate::Error;
use crate::slider::{Slider, verify};

/// The gap before each rook window after the first in the 16-bit layout: one cache line.
pub const ROOK_SKEW_BYTES: usize = 64;

/// Entries of padding before window `index` of `slider` in the 16-bit layout.
fn skew(slider: Slider, index: usize) -> usize {
    match slider {
        Slider::Rook if index > 0 => ROOK_SKEW_BYTES / size_of::<u16>(),
        _ => 0,
    }
}

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

/// One square's compressed PEXT entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquarePdep {
    /// Relevance mask.
    pub mask: u64,
    /// Attacks on an empty board: the squares the 16-bit entries are deposited onto.
    pub rays: u64,
    /// Start of this square's window.
    pub offset: u32,
}

/// A slider's compressed PEXT table: `pdep(attacks[offset + pext(occ, mask)], rays)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdepLayout {
    /// Rook or bishop.
    pub slider: Slider,
    /// Per-square masks, rays and offsets.
    pub squares: Vec<SquarePdep>,
    /// Attack sets packed onto their rays, 16 bits each.
    pub attacks: Vec<u16>,
}

impl PdepLayout {
    /// The attacks the table gives for `occupied`, `None` if the index is out of range.
    pub fn lookup(&self, sq: Square, occupied: Bitboard) -> Option<u64> {
        let e = &self.squares[sq.index()];
        let packed = self.attacks.get(e.offset as usize + pext(occupied.0, e.mask) as usize)?;
        Some(pdep(u64::from(*packed), e.rays))
    }
}

/// Rook and bishop PEXT tables, 64-bit and compressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PextTables {
    /// The rook table.
    pub rook: PextLayout,
    /// The bishop table.
    pub bishop: PextLayout,
    /// The rook table, 16-bit entries.
    pub rook_pdep: PdepLayout,
    /// The bishop table, 16-bit entries.
    pub bishop_pdep: PdepLayout,
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

/// `full` compressed to 16-bit entries, verified against the reference.
pub fn pdep_layout(full: &PextLayout) -> Result<PdepLayout, Error> {
    let slider = full.slider;
    let mut squares = Vec::with_capacity(64);
    let mut attacks: Vec<u16> = Vec::new();
    for (sq, e) in Square::ALL.into_iter().zip(&full.squares) {
        let rays = slider.reference(sq, Bitboard(0)).0;
        let window = e.offset as usize..e.offset as usize + (1 << e.mask.count_ones());
        let offset = attacks.len() + skew(slider, sq.index());
        attacks.resize(offset, 0);
        for &att in &full.attacks[window] {
            let packed = u16::try_from(pext(att, rays))
                .map_err(|_| Error(format!("pext-pdep {} {sq}: more than 16 rays", slider.name())))?;
            attacks.push(packed);
        }
        let offset = u32::try_from(offset).map_err(|_| Error("pext-pdep table too large".into()))?;
        squares.push(SquarePdep { mask: e.mask, rays, offset });
    }
    let layout = PdepLayout { slider, squares, attacks };
    verify("pext-pdep", slider, |sq, occ| layout.lookup(sq, occ))?;
    Ok(layout)
}

/// Every PEXT table: 64-bit and compressed, rook and bishop.
pub fn build() -> Result<PextTables, Error> {
    let (rook, bishop) = (layout(Slider::Rook)?, layout(Slider::Bishop)?);
    let (rook_pdep, bishop_pdep) = (pdep_layout(&rook)?, pdep_layout(&bishop)?);
    Ok(PextTables { rook, bishop, rook_pdep, bishop_pdep })
}
