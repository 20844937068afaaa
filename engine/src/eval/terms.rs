//! Where the evaluation's terms go. The evaluation adds each term through [`Terms`]: the
//! search sums them ([`Sum`]); the tuner's tracer (`tuning.rs`) records instead how many
//! times each weight counted, for whom.

use bbcore::{Bitboard, Color, Role, Square};

use super::weights::WEIGHTS;
use super::{Score, pawns, s};
use crate::board::Position;

/// A sink for evaluation terms.
pub(crate) trait Terms {
    /// `count` times the tuned weight `weight` (a field, or an element of one, of
    /// [`WEIGHTS`]) for `color`.
    fn add(&mut self, color: Color, weight: &'static Score, count: i32);

    /// A term outside the tuned weights (hand-set or not linear in them) for `color`.
    fn add_fixed(&mut self, color: Color, value: Score);

    /// A piece of `color` and `role` on `sq`: its material and its square's placement weight.
    #[inline(always)]
    fn piece(&mut self, color: Color, role: Role, sq: Square) {
        self.add(color, &WEIGHTS.material[role.index()], 1);
        self.add(color, &WEIGHTS.psqt[role.index()][relative_index(color, sq)], 1);
    }

    /// The terms that read only the pawns ([`pawns::structure`]); returns the passed pawns.
    /// The search's sink takes them from a cache keyed by the pawns instead.
    #[inline(always)]
    fn pawn_structure(&mut self, pos: &Position) -> Bitboard
    where
        Self: Sized,
    {
        pawns::structure(pos, self)
    }
}

/// The search's sink: each side's own sum, so nothing is negated until the end.
pub(crate) struct Sum {
    by_color: [Score; 2],
}

impl Sum {
    /// Nothing yet.
    #[inline(always)]
    pub(crate) fn new() -> Sum {
        Sum { by_color: [s(0, 0); 2] }
    }

    /// The sum from White's point of view.
    #[inline(always)]
    pub(crate) fn white_view(&self) -> Score {
        self.by_color[Color::White.index()] - self.by_color[Color::Black.index()]
    }
}

impl Terms for Sum {
    #[inline(always)]
    fn add(&mut self, color: Color, weight: &'static Score, count: i32) {
        self.by_color[color.index()] += *weight * count;
    }

    #[inline(always)]
    fn add_fixed(&mut self, color: Color, value: Score) {
        self.by_color[color.index()] += value;
    }

    /// One lookup: material and placement folded into [`PLACEMENT`].
    #[inline(always)]
    fn piece(&mut self, color: Color, role: Role, sq: Square) {
        self.by_color[color.index()] += PLACEMENT[role.index()][relative_index(color, sq)];
    }
}

/// `sq`'s index in White's tables: Black reads them with the ranks flipped.
#[inline(always)]
fn relative_index(color: Color, sq: Square) -> usize {
    if color == Color::White { sq.index() } else { sq.flip_rank().index() }
}

/// Material plus placement by role and square (White's side), folded from [`WEIGHTS`] at
/// compile time so the search adds one value per piece.
static PLACEMENT: [[Score; 64]; 6] = {
    let mut table = [[s(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let material = WEIGHTS.material[role];
        let mut sq = 0;
        while sq < 64 {
            let place = WEIGHTS.psqt[role][sq];
            table[role][sq] = s(material.mg + place.mg, material.eg + place.eg);
            sq += 1;
        }
        role += 1;
    }
    table
};

/// The index of `weight` in the flat list of [`WEIGHTS`] (its offset in `Score`s).
pub(crate) fn weight_index(weight: &'static Score) -> usize {
    let base = &WEIGHTS as *const _ as usize;
    (weight as *const Score as usize - base) / core::mem::size_of::<Score>()
}
