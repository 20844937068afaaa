//! The hand-written static evaluation: how good a position is for the side to move, in
//! centipawns. The search evaluates with the network (`crate::nnue`) and uses this one only
//! where its mop-up term knows how to drive a bare king to mate; the network's training
//! report compares with it, and the tuner (`examples/tune.rs`) fits its weights.
//!
//! Every term is a middle-game/end-game pair ([`Score`]) from White's point of view; the sum is
//! tapered by the game phase (how much non-pawn material is left), scaled toward a draw in
//! drawish endgames, and returned from the side to move's point of view. One term per file:
//! `psqt.rs` (material and piece placement), `mobility.rs` (attack counts from the slider
//! backend and leaf tables, and the attacks on the enemy king's zone), `pawns.rs` (passed,
//! isolated, doubled, protected; `pawn_cache.rs` keeps their sums by pawn placement), `king_safety.rs` (pawn shield, open files, attackers),
//! `pieces.rs` (bishop pair, rooks on open files), `threats.rs` (pieces attacked by lesser
//! ones, undefended pieces attacked), `endgame.rs` (draw scaling, mop-up). Every
//! weight lives in `weights.rs`, with where it comes from.

mod endgame;
mod hand_set;
mod king_safety;
mod mobility;
mod pawn_cache;
mod pawns;
mod pieces;
mod psqt;
mod terms;
mod threats;
mod tuned;
pub mod tuning;
mod weights;

use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use bbcore::{Color, Role};

use crate::board::Position;
use crate::sliders::{Sliders, with_fastest};

pub use hand_set::hand_set;
pub(crate) use pawn_cache::PawnCache;
pub use weights::{PHASE_TOTAL, WEIGHT_COUNT, WEIGHTS, Weights, piece_value};

/// A middle-game and an end-game value, in centipawns, summed term by term and tapered at
/// the end by the game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// The value with all pieces on the board.
    pub mg: i32,
    /// The value with only kings and pawns left.
    pub eg: i32,
}

/// Shorthand for a [`Score`] literal.
pub const fn s(mg: i32, eg: i32) -> Score {
    Score { mg, eg }
}

impl Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, o: Score) -> Score {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}

impl Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, o: Score) -> Score {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}

impl AddAssign for Score {
    #[inline(always)]
    fn add_assign(&mut self, o: Score) {
        *self = *self + o;
    }
}

impl SubAssign for Score {
    #[inline(always)]
    fn sub_assign(&mut self, o: Score) {
        *self = *self - o;
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        s(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn mul(self, k: i32) -> Score {
        s(self.mg * k, self.eg * k)
    }
}

/// The game phase: [`PHASE_TOTAL`] with every piece on the board, 0 with only kings and
/// pawns (knight and bishop 1, rook 2, queen 4; more than the start's material counts as the
/// start).
#[inline]
pub fn phase(pos: &Position) -> i32 {
    let minors = (pos.role(Role::Knight) | pos.role(Role::Bishop)).count() as i32;
    let rooks = pos.role(Role::Rook).count() as i32;
    let queens = pos.role(Role::Queen).count() as i32;
    (minors + 2 * rooks + 4 * queens).min(PHASE_TOTAL)
}

/// The evaluation of `pos` for the side to move, in centipawns, with the backend
/// [`Backend::auto`](crate::Backend::auto) picks.
///
/// ```
/// use bbengine::{Position, eval::evaluate};
///
/// // The start is balanced up to the side to move's small bonus.
/// assert!(evaluate(&Position::startpos()).abs() < 50);
/// // A queen up is a lot better.
/// let pos: Position = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse()?;
/// assert!(evaluate(&pos) > 800);
/// # Ok::<(), bbengine::FenError>(())
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    with_fastest!(|sliders| evaluate_with(pos, sliders))
}

/// [`evaluate`] with the slider backend `sliders`.
#[inline(always)]
pub fn evaluate_with<S: Sliders>(pos: &Position, sliders: S) -> i32 {
    let mut sum = terms::Sum::new();
    terms(pos, sliders, &mut sum);
    for_side_to_move(pos, sum.white_view())
}

/// [`evaluate_with`] taking the pawn structure from `cache` (what the search calls): the
/// same value, faster.
#[inline(always)]
pub(crate) fn evaluate_cached<S: Sliders>(pos: &Position, sliders: S, cache: &mut PawnCache) -> i32 {
    let mut sum = pawn_cache::CachedSum::new(cache);
    terms(pos, sliders, &mut sum);
    for_side_to_move(pos, sum.white_view())
}

/// The evaluation for the side to move from the sum of the terms (White's view).
#[inline(always)]
fn for_side_to_move(pos: &Position, sum: Score) -> i32 {
    let white_view = finish(pos, sum);
    let us = if pos.side_to_move() == Color::White { white_view } else { -white_view };
    us + weights::TEMPO
}

/// Adds every term of the evaluation of `pos` to `t`.
#[inline(always)]
fn terms<S: Sliders>(pos: &Position, sliders: S, t: &mut impl terms::Terms) {
    psqt::placement(pos, t);
    pawns::pawns(pos, t);
    pieces::pieces(pos, t);
    let pawn_attacks = [Color::White, Color::Black].map(|color| mobility::pawn_attacks(pos, color));
    let white = mobility::mobility(pos, sliders, Color::White, &pawn_attacks, t);
    let black = mobility::mobility(pos, sliders, Color::Black, &pawn_attacks, t);
    // Each side's king is hurt by the other side's attacks.
    king_safety::king_safety(pos, Color::White, &black, t);
    king_safety::king_safety(pos, Color::Black, &white, t);
    threats::threats(pos, Color::White, &white, &black, t);
    threats::threats(pos, Color::Black, &black, &white, t);
}

/// Whether one side has a bare king against at least a rook's worth of pieces: where the
/// mop-up term drives the win home.
#[inline(always)]
pub(crate) fn has_mop_up(pos: &Position) -> bool {
    endgame::mopping_up(pos).is_some()
}

/// The tapered, scaled White's-view evaluation from the sum of the terms.
#[inline(always)]
fn finish(pos: &Position, score: Score) -> i32 {
    let phase = phase(pos);
    let white_view = (score.mg * phase + score.eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
    // Drawish material scales the whole score (such endings have few pieces, so the middle
    // game part is small anyway); only clearly winnable material gets the mop-up.
    let scale = endgame::scale(pos, white_view);
    if scale == endgame::SCALE_NORMAL {
        white_view + endgame::mop_up(pos)
    } else {
        white_view * scale / endgame::SCALE_NORMAL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&fen.parse::<Position>().unwrap())
    }

    /// Mirroring the board (colours swapped, ranks flipped) and the side to move gives the
    /// same evaluation.
    #[test]
    fn symmetric() {
        for (a, b) in crate::board::MIRRORED_PAIRS {
            assert_eq!(eval(a), eval(b), "{a} / {b}");
        }
    }

    #[test]
    fn more_material_is_better() {
        assert!(eval("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1") > 50);
        assert!(eval("4k3/8/8/8/8/8/8/4K2R w - - 0 1") > 400);
        assert!(eval("4k3/8/8/8/8/8/8/4K2R b - - 0 1") < -400);
    }

    #[test]
    fn lone_minor_is_drawish() {
        assert!(eval("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").abs() < 100);
        assert!(eval("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").abs() < 100);
    }
}
