//! Move-ordering memory: killer moves (two quiet moves per ply that caused a cut-off),
//! counter-moves (the quiet reply that refuted a given previous move, by its piece and
//! target square), the butterfly history (by side, from and to square) and the continuation
//! history (by the piece and target of the move one or two plies before and of this one: a
//! quiet move that answered well to a move is tried early after it again), with the
//! "gravity" update that keeps values within +-[`HISTORY_MAX`]. Each thread's is kept from
//! one search to the next within a game ([`super::SearchTables`]).

use bbcore::Color;

use super::{MAX_PLY, params};
use crate::board::Move;

/// History values stay within this bound.
pub const HISTORY_MAX: i32 = 16_384;

/// `value` plus `bonus` (negative for a malus), pulled toward zero the closer it is to
/// +-[`HISTORY_MAX`], so it never passes the bound: the one update rule of every table here.
#[inline(always)]
fn gravity(value: i32, bonus: i32) -> i32 {
    value + bonus - value * bonus.abs() / HISTORY_MAX
}

/// "No previous move" for the counter-move table (after a null move or at the root).
pub const NO_PIECE_TO: usize = 12 * 64;

/// The continuation-history entries (row, column) of a move `piece_to` after the moves
/// `previous`: one per previous move, none where either is [`NO_PIECE_TO`]. The one rule
/// that reading and updating share.
#[inline(always)]
fn continuation_slots(previous: [usize; 2], piece_to: usize) -> impl Iterator<Item = (usize, usize)> {
    previous.into_iter().filter(move |&p| p < NO_PIECE_TO && piece_to < NO_PIECE_TO).map(move |p| (p, piece_to))
}

/// The move-ordering memory of one search thread.
pub struct History {
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    butterfly: [[[i32; 64]; 64]; 2],
    counter: [Option<Move>; 12 * 64 + 1],
    /// Continuation history: how a quiet move (piece and target) did after a move one or two
    /// plies before (piece and target); one table serves both distances. Values stay within
    /// +-[`HISTORY_MAX`], so 16 bits hold them and the 1.2 MB table stays in cache better.
    continuation: Vec<[i16; 12 * 64]>,
}

impl History {
    /// Empty tables, on the heap (the butterfly table is 32 KiB).
    pub fn new() -> Box<History> {
        Box::new(History {
            killers: [[None; 2]; MAX_PLY + 2],
            butterfly: [[[0; 64]; 64]; 2],
            counter: [None; 12 * 64 + 1],
            continuation: vec![[0; 12 * 64]; 12 * 64],
        })
    }

    /// Readies the tables for the next search of the same game: halves the butterfly values so
    /// old information fades, and forgets the killers, which belong to the old root's plies.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.butterfly.iter_mut().flatten().flatten().for_each(|v| *v /= 2);
        self.continuation.iter_mut().flatten().for_each(|v| *v /= 2);
    }

    /// The two killers at `ply`.
    #[inline(always)]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY + 1)]
    }

    /// Forgets the killers of `ply` (before searching its children's siblings anew).
    #[inline(always)]
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply.min(MAX_PLY + 1)] = [None; 2];
    }

    /// The counter-move to the previous move `piece_to` (piece index * 64 + target).
    #[inline(always)]
    pub fn counter(&self, piece_to: usize) -> Option<Move> {
        self.counter[piece_to.min(NO_PIECE_TO)]
    }

    /// The history value of a quiet move for `side`.
    #[inline(always)]
    pub fn value(&self, side: Color, mv: Move) -> i32 {
        self.butterfly[side.index()][mv.from().index()][mv.to().index()]
    }

    /// A quiet move's ordering score: its history plus its continuation history after the
    /// moves one and two plies before (`previous`, piece * 64 + target, [`NO_PIECE_TO`] for
    /// none); `piece_to` is the move's own.
    #[inline(always)]
    pub fn quiet_score(&self, side: Color, mv: Move, piece_to: usize, previous: [usize; 2]) -> i32 {
        let mut score = self.value(side, mv);
        for (p, to) in continuation_slots(previous, piece_to) {
            score += i32::from(self.continuation[p][to]);
        }
        score
    }

    /// Adds `bonus` to a quiet move's history and to its continuation history after
    /// `previous` (see [`History::quiet_score`]).
    #[inline(always)]
    pub fn update_quiet(&mut self, side: Color, mv: Move, piece_to: usize, previous: [usize; 2], bonus: i32) {
        self.update(side, mv, bonus);
        for (p, to) in continuation_slots(previous, piece_to) {
            let entry = &mut self.continuation[p][to];
            *entry = gravity(i32::from(*entry), bonus) as i16;
        }
    }

    /// The bonus a cut-off at `depth` earns.
    #[inline(always)]
    pub fn bonus(depth: i32) -> i32 {
        (depth * depth * params::hist_bonus_quad() + depth * params::hist_bonus_linear()).min(params::hist_bonus_max())
    }

    /// The malus (a positive number, subtracted) of a quiet move tried before a cut-off at
    /// `depth`: the same form as the bonus, tuned apart.
    #[inline(always)]
    pub fn malus(depth: i32) -> i32 {
        (depth * depth * params::hist_malus_quad() + depth * params::hist_malus_linear()).min(params::hist_malus_max())
    }

    /// Adds `bonus` (negative for a malus) to a quiet move's history, pulled toward zero the
    /// closer it is to the bound.
    #[inline(always)]
    pub fn update(&mut self, side: Color, mv: Move, bonus: i32) {
        let entry = &mut self.butterfly[side.index()][mv.from().index()][mv.to().index()];
        *entry = gravity(*entry, bonus);
    }

    /// A quiet move `mv` caused a cut-off at `ply`, after the previous move `piece_to`.
    #[inline(always)]
    pub fn record_cutoff(&mut self, ply: usize, piece_to: usize, mv: Move) {
        let killers = &mut self.killers[ply.min(MAX_PLY + 1)];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if piece_to < NO_PIECE_TO {
            self.counter[piece_to] = Some(mv);
        }
    }

    /// Whether there is nothing to remember: no history value, no counter-move (tests).
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.butterfly.iter().flatten().flatten().all(|&v| v == 0)
            && self.continuation.iter().flatten().all(|&v| v == 0)
            && self.counter.iter().all(Option::is_none)
    }
}

#[cfg(test)]
mod tests {
    use bbcore::Square;

    use super::*;
    use crate::board::MoveKind;

    const NF3: Move = Move::new(Square::G1, Square::F3, MoveKind::Normal);

    #[test]
    fn continuation_history_counts_after_its_previous_moves_only() {
        let mut history = History::new();
        let (nf3, e4, d4) = (6 * 64 + 21, 28, 27);
        history.update_quiet(Color::White, NF3, nf3, [e4, NO_PIECE_TO], 1_000);
        assert_eq!(history.value(Color::White, NF3), 1_000);
        assert_eq!(history.quiet_score(Color::White, NF3, nf3, [e4, NO_PIECE_TO]), 2_000);
        assert_eq!(history.quiet_score(Color::White, NF3, nf3, [NO_PIECE_TO, e4]), 2_000);
        assert_eq!(history.quiet_score(Color::White, NF3, nf3, [d4, NO_PIECE_TO]), 1_000);
        history.update_quiet(Color::White, NF3, nf3, [e4, d4], -500);
        // Gravity: 1000 - 500 - 1000 * 500 / 16384 = 470 (integer division).
        assert_eq!(history.quiet_score(Color::White, NF3, nf3, [e4, d4]), 470 + 470 - 500);
        history.age();
        assert_eq!(history.quiet_score(Color::White, NF3, nf3, [e4, NO_PIECE_TO]), 235 + 235);
    }

    #[test]
    fn age_halves_the_history_forgets_the_killers_and_keeps_the_counters() {
        let mut history = History::new();
        history.update(Color::White, NF3, 1_000);
        history.record_cutoff(3, 5, NF3);
        history.age();
        assert_eq!(history.value(Color::White, NF3), 500);
        assert_eq!(history.killers(3), [None, None]);
        assert_eq!(history.counter(5), Some(NF3));
    }
}
