//! The slider lookups the benchmarks compare: every contender behind one [`Lookup`] trait (a
//! bb backend token, cozy-chess, shakmaty, chess and, on BMI2 targets, chess's PEXT+PDEP
//! lookups), and the two measured loops ([`pass`]) that the criterion `sliders` bench and the
//! `slider-pairs` binary both run.
//!
//! ```
//! use bbbench::lookup::{Bb, Lookup, Mode, Piece, Shakmaty, pass};
//!
//! let inputs: Vec<_> = bbbench::slider_inputs().iter().map(|&(sq, occ)| (Shakmaty.square(sq), occ.0)).collect();
//! let bb: Vec<_> = bbbench::slider_inputs().iter().map(|&(sq, occ)| (sq, occ.0)).collect();
//! // Throughput folds every result with XOR: both crates give the same attack sets.
//! let dense = Bb(bbengine::sliders::DenseMagic);
//! assert_eq!(pass(Shakmaty, Piece::Rook, Mode::Throughput, &inputs, 0), pass(dense, Piece::Rook, Mode::Throughput, &bb, 0));
//! ```

use bbcore::{Bitboard, Square};
use bbengine::Sliders;

/// A slider lookup in some crate's own types. The occupancy is passed as a plain `u64` and
/// wrapped inside (a free newtype conversion), so the latency chain can mix results into it.
pub trait Lookup: Copy {
    /// The crate's square type.
    type Sq: Copy;
    /// The contender's name in reports (`bb-pext`, `shakmaty`, ...).
    fn name(self) -> String;
    /// `sq` in the crate's own type.
    fn square(self, sq: Square) -> Self::Sq;
    /// Rook attacks.
    fn rook(self, sq: Self::Sq, occ: u64) -> u64;
    /// Bishop attacks.
    fn bishop(self, sq: Self::Sq, occ: u64) -> u64;
    /// Queen attacks.
    fn queen(self, sq: Self::Sq, occ: u64) -> u64 {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }
}

/// A bb backend token.
#[derive(Clone, Copy)]
pub struct Bb<S>(pub S);

impl<S: Sliders> Lookup for Bb<S> {
    type Sq = Square;
    fn name(self) -> String {
        format!("bb-{}", S::NAME)
    }
    fn square(self, sq: Square) -> Square {
        sq
    }
    #[inline(always)]
    fn rook(self, sq: Square, occ: u64) -> u64 {
        self.0.rook(sq, Bitboard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: Square, occ: u64) -> u64 {
        self.0.bishop(sq, Bitboard(occ)).0
    }
    #[inline(always)]
    fn queen(self, sq: Square, occ: u64) -> u64 {
        self.0.queen(sq, Bitboard(occ)).0
    }
}

/// cozy-chess's lookups (PEXT with the `pext` feature, else its magics).
#[derive(Clone, Copy)]
pub struct CozyChess;

impl Lookup for CozyChess {
    type Sq = cozy_chess::Square;
    fn name(self) -> String {
        let pext = if cfg!(feature = "pext") { "-pext" } else { "" };
        format!("{}{pext}", crate::peer_cozy_chess::NAME)
    }
    fn square(self, sq: Square) -> cozy_chess::Square {
        cozy_chess::Square::ALL[sq.index()]
    }
    #[inline(always)]
    fn rook(self, sq: cozy_chess::Square, occ: u64) -> u64 {
        cozy_chess::get_rook_moves(sq, cozy_chess::BitBoard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: cozy_chess::Square, occ: u64) -> u64 {
        cozy_chess::get_bishop_moves(sq, cozy_chess::BitBoard(occ)).0
    }
}

/// shakmaty's dense (fixed-shift) magic lookups.
#[derive(Clone, Copy)]
pub struct Shakmaty;

impl Lookup for Shakmaty {
    type Sq = shakmaty::Square;
    fn name(self) -> String {
        crate::peer_shakmaty::NAME.to_string()
    }
    fn square(self, sq: Square) -> shakmaty::Square {
        shakmaty::Square::new(sq.index() as u32)
    }
    #[inline(always)]
    fn rook(self, sq: shakmaty::Square, occ: u64) -> u64 {
        shakmaty::attacks::rook_attacks(sq, shakmaty::Bitboard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: shakmaty::Square, occ: u64) -> u64 {
        shakmaty::attacks::bishop_attacks(sq, shakmaty::Bitboard(occ)).0
    }
    #[inline(always)]
    fn queen(self, sq: shakmaty::Square, occ: u64) -> u64 {
        shakmaty::attacks::queen_attacks(sq, shakmaty::Bitboard(occ)).0
    }
}

/// chess's fancy magic lookups (what its move generator uses).
#[derive(Clone, Copy)]
pub struct Chess;

impl Lookup for Chess {
    type Sq = chess::Square;
    fn name(self) -> String {
        crate::peer_chess::NAME.to_string()
    }
    fn square(self, sq: Square) -> chess::Square {
        chess::ALL_SQUARES[sq.index()]
    }
    #[inline(always)]
    fn rook(self, sq: chess::Square, occ: u64) -> u64 {
        chess::get_rook_moves(sq, chess::BitBoard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: chess::Square, occ: u64) -> u64 {
        chess::get_bishop_moves(sq, chess::BitBoard(occ)).0
    }
}

/// chess's PEXT/PDEP lookups, which it only compiles when the target has BMI2 (its own move
/// generator uses the magic ones above).
#[cfg(target_feature = "bmi2")]
#[derive(Clone, Copy)]
pub struct ChessBmi;

#[cfg(target_feature = "bmi2")]
impl Lookup for ChessBmi {
    type Sq = chess::Square;
    fn name(self) -> String {
        format!("{}-bmi", crate::peer_chess::NAME)
    }
    fn square(self, sq: Square) -> chess::Square {
        chess::ALL_SQUARES[sq.index()]
    }
    #[inline(always)]
    fn rook(self, sq: chess::Square, occ: u64) -> u64 {
        chess::get_rook_moves_bmi(sq, chess::BitBoard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: chess::Square, occ: u64) -> u64 {
        chess::get_bishop_moves_bmi(sq, chess::BitBoard(occ)).0
    }
}

/// The slider looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Rook attacks.
    Rook,
    /// Bishop attacks.
    Bishop,
    /// Queen attacks (rook and bishop).
    Queen,
}

impl Piece {
    /// Rook, bishop, queen.
    pub const ALL: [Piece; 3] = [Piece::Rook, Piece::Bishop, Piece::Queen];

    /// `rook`, `bishop` or `queen`, as the bench's group names have it.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Queen => "queen",
        }
    }

    /// bbcore's reference ray walk: what every contender must give.
    pub fn reference(self, sq: Square, occ: Bitboard) -> u64 {
        match self {
            Piece::Rook => bbcore::rook_attacks_ref(sq, occ).0,
            Piece::Bishop => bbcore::bishop_attacks_ref(sq, occ).0,
            Piece::Queen => bbcore::queen_attacks_ref(sq, occ).0,
        }
    }
}

/// Independent lookups, folded with XOR.
#[inline(always)]
fn throughput<Sq: Copy>(inputs: &[(Sq, u64)], lookup: impl Fn(Sq, u64) -> u64) -> u64 {
    let mut acc = 0;
    for &(sq, occ) in inputs {
        acc ^= lookup(sq, occ);
    }
    acc
}

/// A dependent chain: each occupancy is XORed with the previous result ANDed with `zero`,
/// which is 0 at run time (so every contender looks up exactly the same pairs) but opaque to
/// the compiler (so it cannot start a lookup before the previous one has finished).
#[inline(always)]
fn latency<Sq: Copy>(inputs: &[(Sq, u64)], zero: u64, lookup: impl Fn(Sq, u64) -> u64) -> u64 {
    let mut prev = 0;
    for &(sq, occ) in inputs {
        prev = lookup(sq, occ ^ (prev & zero));
    }
    prev
}

/// What a measured pass measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Independent lookups, XOR-folded: how many lookups per second the CPU overlaps.
    Throughput,
    /// A dependent chain: one lookup's latency (plus an AND and an XOR).
    Latency,
}

/// Runs one measured pass over `inputs`; inlined into `run_fast`'s x86-64-v3 copy.
#[inline(always)]
pub fn pass<L: Lookup>(l: L, piece: Piece, mode: Mode, inputs: &[(L::Sq, u64)], zero: u64) -> u64 {
    match (piece, mode) {
        (Piece::Rook, Mode::Throughput) => throughput(inputs, |sq, occ| l.rook(sq, occ)),
        (Piece::Bishop, Mode::Throughput) => throughput(inputs, |sq, occ| l.bishop(sq, occ)),
        (Piece::Queen, Mode::Throughput) => throughput(inputs, |sq, occ| l.queen(sq, occ)),
        (Piece::Rook, Mode::Latency) => latency(inputs, zero, |sq, occ| l.rook(sq, occ)),
        (Piece::Bishop, Mode::Latency) => latency(inputs, zero, |sq, occ| l.bishop(sq, occ)),
        (Piece::Queen, Mode::Latency) => latency(inputs, zero, |sq, occ| l.queen(sq, occ)),
    }
}

/// The seeded inputs in `l`'s own square type, after checking `l`'s `piece` lookups against
/// bbcore's reference ray walk on every one of them; `Err` names the first that differs.
pub fn checked_inputs<L: Lookup>(l: L, piece: Piece) -> Result<Vec<(L::Sq, u64)>, String> {
    let reference = crate::slider_inputs();
    let inputs: Vec<(L::Sq, u64)> = reference.iter().map(|&(sq, occ)| (l.square(sq), occ.0)).collect();
    for (&(sq, occ), &(lsq, locc)) in reference.iter().zip(&inputs) {
        let got = match piece {
            Piece::Rook => l.rook(lsq, locc),
            Piece::Bishop => l.bishop(lsq, locc),
            Piece::Queen => l.queen(lsq, locc),
        };
        if got != piece.reference(sq, occ) {
            return Err(format!("{} {} on {sq:?} with {occ:?}: wrong attacks", l.name(), piece.name()));
        }
    }
    Ok(inputs)
}
