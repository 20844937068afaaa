//! The two sliding pieces, their relevance masks and the oracle every table is checked against.

use bbcore::{Bitboard, Square, bishop_attacks_ref, bishop_mask, rook_attacks_ref, rook_mask, subsets};

/// Rook or bishop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slider {
    /// Orthogonal slider.
    Rook,
    /// Diagonal slider.
    Bishop,
}

impl Slider {
    /// Both sliders, rook first (the order tables and data files list them).
    pub const ALL: [Slider; 2] = [Slider::Rook, Slider::Bishop];

    /// Lower-case name, as data files and reports spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }

    /// The relevance mask of `sq`.
    pub fn mask(self, sq: Square) -> Bitboard {
        match self {
            Slider::Rook => rook_mask(sq),
            Slider::Bishop => bishop_mask(sq),
        }
    }

    /// The reference attacks (bbcore's ray walk).
    pub fn reference(self, sq: Square, occupied: Bitboard) -> Bitboard {
        match self {
            Slider::Rook => rook_attacks_ref(sq, occupied),
            Slider::Bishop => bishop_attacks_ref(sq, occupied),
        }
    }

    /// Index bits of the fixed-shift (dense) layout: 12 for rooks, 9 for bishops.
    pub const fn dense_bits(self) -> u32 {
        match self {
            Slider::Rook => 12,
            Slider::Bishop => 9,
        }
    }

    /// A number unique to (slider, square), used as the random stream of that square's search.
    pub const fn stream(self, sq: Square) -> u64 {
        match self {
            Slider::Rook => sq.index() as u64,
            Slider::Bishop => 64 + sq.index() as u64,
        }
    }

    /// Every subset of the relevance mask of `sq` with its reference attacks.
    pub fn cases(self, sq: Square) -> Cases {
        let mask = self.mask(sq);
        let occupancies: Vec<Bitboard> = subsets(mask).collect();
        let attacks = occupancies.iter().map(|&occ| self.reference(sq, occ).0).collect();
        Cases { mask, occupancies, attacks }
    }
}

/// Every subset of one square's relevance mask with its reference attacks.
#[derive(Clone, Debug)]
pub struct Cases {
    /// The relevance mask.
    pub mask: Bitboard,
    /// Every subset of the mask, empty first.
    pub occupancies: Vec<Bitboard>,
    /// The reference attacks of each subset.
    pub attacks: Vec<u64>,
}

/// Checks `lookup` against the reference for every subset of every relevance mask of `slider`.
///
/// `lookup` returns `None` when its index falls outside the table. The error names the layout,
/// the square and the occupancy of the first difference.
pub fn verify(
    layout: &str,
    slider: Slider,
    lookup: impl Fn(Square, Bitboard) -> Option<u64>,
) -> Result<(), crate::Error> {
    for sq in Square::ALL {
        for occ in subsets(slider.mask(sq)) {
            let expected = slider.reference(sq, occ).0;
            match lookup(sq, occ) {
                Some(got) if got == expected => {}
                Some(got) => {
                    return Err(crate::Error(format!(
                        "{layout} {} {sq}: occupancy {:#018x} gives {got:#018x}, reference {expected:#018x}",
                        slider.name(),
                        occ.0
                    )));
                }
                None => {
                    return Err(crate::Error(format!(
                        "{layout} {} {sq}: occupancy {:#018x} indexes outside the table",
                        slider.name(),
                        occ.0
                    )));
                }
            }
        }
    }
    Ok(())
}
