//! Fancy magics: a variable shift per square (`64 - popcount(mask)`) and per-square offsets
//! into one array per slider, 102,400 rook + 5,248 bishop = 107,648 entries.

use bbcore::{Bitboard, Square, magic_index};

use crate::rng::SearchRng;
use crate::slider::{Cases, Slider, verify};
use crate::{Error, FANCY_SEED};

/// One square's magic in a variable-shift layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareMagic {
    /// Relevance mask.
    pub mask: u64,
    /// Magic multiplier.
    pub magic: u64,
    /// Start of this square's window in the attack array.
    pub offset: u32,
    /// Right shift, `64 - popcount(mask)`.
    pub shift: u32,
}

/// A slider's fancy magics and the attack array they index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FancyLayout {
    /// Rook or bishop.
    pub slider: Slider,
    /// Per-square magics, indexed by square.
    pub squares: Vec<SquareMagic>,
    /// Attack sets; `attacks[offset + magic_index(occ, mask, magic, shift)]`.
    pub attacks: Vec<u64>,
}

impl FancyLayout {
    /// The attacks the table gives for `occupied`, `None` if the index is out of range.
    pub fn lookup(&self, sq: Square, occupied: Bitboard) -> Option<u64> {
        let m = &self.squares[sq.index()];
        let index = m.offset as usize + magic_index(occupied, Bitboard(m.mask), m.magic, m.shift);
        self.attacks.get(index).copied()
    }
}

/// Rook and bishop fancy layouts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FancyTables {
    /// The rook layout.
    pub rook: FancyLayout,
    /// The bishop layout.
    pub bishop: FancyLayout,
}

/// Whether `magic` maps every subset in `cases` to a slot without a harmful collision (two
/// occupancies with different attacks in one slot); fills `slots` (`2^bits` long) if so.
///
/// `stamp`/`epoch` mark which slots this attempt has written, so no clearing is needed between
/// candidates, and the first harmful collision rejects the candidate at once.
fn try_magic(cases: &Cases, magic: u64, shift: u32, slots: &mut [u64], stamp: &mut [u32], epoch: u32) -> bool {
    for (occ, &attacks) in cases.occupancies.iter().zip(&cases.attacks) {
        let i = magic_index(*occ, cases.mask, magic, shift);
        if stamp[i] != epoch {
            stamp[i] = epoch;
            slots[i] = attacks;
        } else if slots[i] != attacks {
            return false;
        }
    }
    true
}

/// Searches the fancy magic of `slider` on `sq` from `seed`: the first sparse candidate that
/// spreads the mask's bits well and has no harmful collision.
pub fn search_square(slider: Slider, sq: Square, seed: u64) -> u64 {
    let cases = slider.cases(sq);
    let bits = cases.mask.count();
    let shift = 64 - bits;
    let size = 1usize << bits;
    let mut slots = vec![0u64; size];
    let mut stamp = vec![0u32; size];
    let mut rng = SearchRng::new(seed, slider.stream(sq));
    let mut epoch = 0u32;
    loop {
        let magic = rng.sparse();
        // Cheap pre-filter: the top byte of mask * magic must collect enough mask bits.
        if (cases.mask.0.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        epoch += 1;
        if try_magic(&cases, magic, shift, &mut slots, &mut stamp, epoch) {
            return magic;
        }
    }
}

/// Lays out `slider`'s fancy table from per-square magics: windows back to back, in square
/// order. Fails if a magic has a harmful collision.
pub fn layout(slider: Slider, magics: &[u64; 64]) -> Result<FancyLayout, Error> {
    let mut squares = Vec::with_capacity(64);
    let mut attacks = Vec::new();
    for sq in Square::ALL {
        let cases = slider.cases(sq);
        let bits = cases.mask.count();
        let shift = 64 - bits;
        let offset = attacks.len();
        attacks.resize(offset + (1 << bits), 0);
        let mut filled = vec![false; 1 << bits];
        for (occ, &att) in cases.occupancies.iter().zip(&cases.attacks) {
            let i = magic_index(*occ, cases.mask, magics[sq.index()], shift);
            if filled[i] && attacks[offset + i] != att {
                return Err(Error(format!(
                    "fancy {} {sq}: magic {:#x} has a harmful collision",
                    slider.name(),
                    magics[sq.index()]
                )));
            }
            filled[i] = true;
            attacks[offset + i] = att;
        }
        let offset = u32::try_from(offset).map_err(|_| Error("fancy table too large".into()))?;
        squares.push(SquareMagic { mask: cases.mask.0, magic: magics[sq.index()], offset, shift });
    }
    let layout = FancyLayout { slider, squares, attacks };
    verify("fancy", slider, |sq, occ| layout.lookup(sq, occ))?;
    Ok(layout)
}

/// Searches and lays out both fancy tables from `seed`, verified against the reference.
pub fn build(seed: u64) -> Result<FancyTables, Error> {
    let search = |slider: Slider| -> [u64; 64] { Square::ALL.map(|sq| search_square(slider, sq, seed)) };
    Ok(FancyTables {
        rook: layout(Slider::Rook, &search(Slider::Rook))?,
        bishop: layout(Slider::Bishop, &search(Slider::Bishop))?,
    })
}

/// The checked-in fancy tables ([`FANCY_SEED`]).
pub fn build_default() -> Result<FancyTables, Error> {
    build(FANCY_SEED)
}
