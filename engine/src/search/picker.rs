//! The staged move picker: hands out a node's moves best first, generating as late as it
//! can (a cut-off by the transposition-table move costs no generation at all).
//!
//! Order: the TT move; captures and queen promotions by MVV-LVA whose exchange does not
//! lose material (SEE >= 0); the two killers; the counter-move; the other quiet moves by
//! history and continuation history; last the losing captures and the under-promotions. In quiescence only the TT move
//! (if tactical) and the captures and promotions come out, in MVV-LVA order (the caller
//! prunes by SEE); in check, quiescence gets every evasion.

use bbcore::{Color, Role};

use super::history::{History, NO_PIECE_TO};
use super::node::piece_to;
use super::params;
use crate::board::{Move, MoveKind, MoveList, Position};
use crate::eval::piece_value;
use crate::sliders::Sliders;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    TtMove,
    GenerateCaptures,
    GoodCaptures,
    Killer1,
    Killer2,
    Counter,
    GenerateQuiets,
    Quiets,
    BadCaptures,
    Done,
}

/// Hands out one node's legal moves, best first (see the module documentation).
pub struct Picker {
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    /// The moves one and two plies before (piece * 64 + target), for continuation history.
    previous: [usize; 2],
    /// Quiet moves already handed out before the quiet stage (killers, counter-move).
    played_early: [Option<Move>; 3],
    /// Only tactical moves (quiescence not in check).
    tactical_only: bool,
    /// The generated moves with their scores: a buffer the caller lends (one per ply, so
    /// nothing is allocated or cleared per node) and takes back with `into_buffer`.
    moves: Vec<(Move, i32)>,
    next: usize,
    bad: MoveList,
    bad_next: usize,
    /// Set by the search to skip the remaining quiet moves (late-move pruning).
    pub skip_quiets: bool,
}

/// MVV-LVA: the most valuable victim first, then the least valuable attacker.
#[inline(always)]
fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos.captured(mv).map_or(0, piece_value);
    let attacker = pos.piece_at(mv.from()).map_or(0, |p| p.role.index() as i32);
    victim * 16 - attacker
}

impl Picker {
    /// A picker for a full-width node.
    #[inline(always)]
    pub fn new(
        buffer: Vec<(Move, i32)>,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
        previous: [usize; 2],
    ) -> Picker {
        Picker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            counter,
            previous,
            played_early: [None; 3],
            tactical_only: false,
            moves: buffer,
            next: 0,
            bad: MoveList::new(),
            bad_next: 0,
            skip_quiets: false,
        }
    }

    /// A picker for quiescence: tactical moves only, or every evasion when `in_check`.
    #[inline(always)]
    pub fn quiescence(buffer: Vec<(Move, i32)>, tt_move: Option<Move>, in_check: bool) -> Picker {
        let mut picker = Picker::new(buffer, tt_move, [None; 2], None, [NO_PIECE_TO; 2]);
        picker.tactical_only = !in_check;
        picker
    }

    /// Gives the move buffer back, for the next node at this ply.
    #[inline(always)]
    pub fn into_buffer(self) -> Vec<(Move, i32)> {
        self.moves
    }

    /// The next move, or `None` when every move has been handed out. Inlined into each
    /// compiled copy of the search, so generation runs with that copy's CPU features.
    #[inline(always)]
    pub fn next<S: Sliders>(&mut self, pos: &Position, sliders: S, history: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateCaptures;
                    if let Some(mv) = self.tt_move {
                        let tactical = pos.is_capture(mv) || mv.kind().promotion().is_some();
                        if (!self.tactical_only || tactical) && pos.is_legal_with(sliders, mv) {
                            return Some(mv);
                        }
                        self.tt_move = None;
                    }
                }
                Stage::GenerateCaptures => {
                    let mut list = MoveList::new();
                    pos.generate_captures_and_promotions_with(sliders, &mut list);
                    self.moves.clear();
                    for &mv in list.iter() {
                        let score = match mv.kind() {
                            MoveKind::PromoteQueen => 20_000 + mvv_lva(pos, mv),
                            k if k.promotion().is_some() => -20_000,
                            _ => mvv_lva(pos, mv),
                        };
                        self.moves.push((mv, score));
                    }
                    self.next = 0;
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => match self.pick_best() {
                    Some((mv, _)) if Some(mv) == self.tt_move => {}
                    Some((mv, score)) => {
                        if self.tactical_only {
                            return Some(mv);
                        }
                        if score < -10_000 || !pos.see_ge_with(sliders, mv, params::good_capture_see()) {
                            self.bad.push(mv);
                        } else {
                            return Some(mv);
                        }
                    }
                    None => {
                        self.stage = if self.tactical_only { Stage::Done } else { Stage::Killer1 };
                    }
                },
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let (candidate, slot) = match self.stage {
                        Stage::Killer1 => (self.killers[0], 0),
                        Stage::Killer2 => (self.killers[1], 1),
                        _ => (self.counter, 2),
                    };
                    self.stage = match self.stage {
                        Stage::Killer1 => Stage::Killer2,
                        Stage::Killer2 => Stage::Counter,
                        _ => Stage::GenerateQuiets,
                    };
                    if let Some(mv) = candidate
                        && !self.skip_quiets
                        && Some(mv) != self.tt_move
                        && !self.played_early.contains(&Some(mv))
                        && mv.kind().promotion().is_none()
                        && !pos.is_capture(mv)
                        && pos.is_legal_with(sliders, mv)
                    {
                        self.played_early[slot] = Some(mv);
                        return Some(mv);
                    }
                }
                Stage::GenerateQuiets => {
                    self.stage = Stage::Quiets;
                    if self.skip_quiets {
                        continue;
                    }
                    let mut list = MoveList::new();
                    pos.generate_quiet_moves_with(sliders, &mut list);
                    let side: Color = pos.side_to_move();
                    self.moves.clear();
                    for &mv in list.iter() {
                        if mv.kind().promotion().is_some() {
                            continue; // handed out with the tactical moves
                        }
                        self.moves.push((mv, history.quiet_score(side, mv, piece_to(pos, mv), self.previous)));
                    }
                    self.next = 0;
                }
                Stage::Quiets => {
                    if self.skip_quiets {
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    match self.pick_best() {
                        Some((mv, _)) if Some(mv) == self.tt_move || self.played_early.contains(&Some(mv)) => {}
                        Some((mv, _)) => return Some(mv),
                        None => self.stage = Stage::BadCaptures,
                    }
                }
                Stage::BadCaptures => {
                    if let Some(&mv) = self.bad.get(self.bad_next) {
                        self.bad_next += 1;
                        return Some(mv);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// The best-scored move not yet handed out (selection sort, one step).
    #[inline(always)]
    fn pick_best(&mut self) -> Option<(Move, i32)> {
        let rest = self.moves.get_mut(self.next..)?;
        let (first, others) = rest.split_first_mut()?;
        // The first of equal scores wins. Two passes: the maximum (a loop without branches,
        // which LLVM vectorises), then where it first occurs.
        let top = others.iter().map(|&(_, score)| score).max();
        if let Some(top) = top
            && top > first.1
            && let Some(i) = others.iter().position(|&(_, score)| score == top)
        {
            std::mem::swap(first, &mut others[i]);
        }
        self.next += 1;
        Some(*first)
    }
}

/// Whether `mv` is a capture or a promotion.
#[inline(always)]
pub fn is_tactical(pos: &Position, mv: Move) -> bool {
    pos.is_capture(mv) || mv.kind().promotion().is_some()
}

/// The value of what `mv` captures (0 for none), for delta pruning.
#[inline(always)]
pub fn captured_value(pos: &Position, mv: Move) -> i32 {
    pos.captured(mv).map_or(0, piece_value)
        + mv.kind().promotion().map_or(0, |r| piece_value(r) - piece_value(Role::Pawn))
}

#[cfg(test)]
mod tests {
    use bbcore::Square;

    use super::*;

    /// The selection sort the picker had before its two-pass search, kept as the reference:
    /// the search's node counts (the bench signature) depend on this exact order, ties
    /// included.
    fn reference_order(mut moves: Vec<(Move, i32)>) -> Vec<(Move, i32)> {
        for next in 0..moves.len() {
            let mut best = next;
            for i in next + 1..moves.len() {
                if moves[i].1 > moves[best].1 {
                    best = i;
                }
            }
            moves.swap(next, best);
        }
        moves
    }

    #[test]
    fn picks_in_the_reference_order_ties_included() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for len in 0..40 {
            // Few distinct scores, so ties are common; each move is distinct.
            let moves: Vec<(Move, i32)> = (0..len)
                .map(|i| {
                    state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    let mv = Move::new(Square::new_masked(i as u8), Square::new_masked(63 - i as u8), MoveKind::Normal);
                    (mv, (state >> 60) as i32 - 8)
                })
                .collect();
            let mut picker = Picker::new(moves.clone(), None, [None; 2], None, [NO_PIECE_TO; 2]);
            let picked: Vec<(Move, i32)> = std::iter::from_fn(|| picker.pick_best()).collect();
            assert_eq!(picked, reference_order(moves), "{len} moves");
        }
    }
}
