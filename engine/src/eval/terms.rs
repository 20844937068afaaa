//! Where the evaluation's terms go. The evaluation adds each term through [`Terms`]: the
//! search sums them into a [`Score`] (White's view); the tuner's tracer
//! (`tuning.rs`) records instead how many times each weight counted, for whom.

use bbcore::Color;

use super::weights::WEIGHTS;
use super::{Score, for_white};

/// A sink for evaluation terms.
pub(crate) trait Terms {
    /// `count` times the tuned weight `weight` (a field, or an element of one, of
    /// [`WEIGHTS`]) for `color`.
    fn add(&mut self, color: Color, weight: &'static Score, count: i32);

    /// A term outside the tuned weights (hand-set or not linear in them) for `color`.
    fn add_fixed(&mut self, color: Color, value: Score);
}

/// The search's sink: the sum, from White's point of view.
impl Terms for Score {
    #[inline(always)]
    fn add(&mut self, color: Color, weight: &'static Score, count: i32) {
        *self += for_white(color, *weight * count);
    }

    #[inline(always)]
    fn add_fixed(&mut self, color: Color, value: Score) {
        *self += for_white(color, value);
    }
}

/// The index of `weight` in the flat list of [`WEIGHTS`] (its offset in `Score`s).
pub(crate) fn weight_index(weight: &'static Score) -> usize {
    let base = &WEIGHTS as *const _ as usize;
    (weight as *const Score as usize - base) / core::mem::size_of::<Score>()
}
