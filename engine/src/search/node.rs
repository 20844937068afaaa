//! The node function: negamax alpha-beta with principal variation search, and the per-CPU
//! copies of the recursion.
//!
//! Like perft, the recursive code has one body (`alphabeta_body`, `#[inline(always)]`) and
//! copies around it: `Baseline` runs the body compiled for plain x86-64, `V3` the copy
//! compiled for x86-64-v3 (POPCNT, BMI, AVX2). The search picks one [`Level`] once per `go`;
//! inside a copy every recursive call goes to the same copy, with no check per node.
//!
//! Techniques, in the order the body applies them: draw detection (repetition, fifty moves,
//! material), mate-distance pruning, transposition-table cut-offs, reverse futility pruning,
//! null-move pruning (not without non-pawn material: zugzwang), internal iterative reduction,
//! then the move loop with late-move pruning, futility pruning and SEE pruning (the last two
//! of a quiet move by the depth it would get after its late-move reduction), check
//! extension, late-move reductions and PVS re-searches; a quiet move that cuts off updates
//! killers, counter-move, history and continuation history (and the quiet moves tried before
//! it get a malus).

use bbcore::Role;

use super::check_squares::CheckSquares;
use super::draw::is_draw;
use super::history::{History, NO_PIECE_TO};
use super::params;
use super::picker::{Picker, is_tactical};
use super::qsearch::qsearch_body;
use super::reductions::reduction;
use super::tt::Bound;
use super::worker::Worker;
use super::{INFINITE, MATE, MATE_BOUND, MAX_PLY, NO_SCORE};
use crate::board::{Move, Position};
use crate::sliders::Sliders;

/// A compiled copy of the search: the recursion's entry points for one CPU level.
pub(crate) trait Level: Copy + Send + Sync + 'static {
    /// The node function in this copy.
    #[allow(clippy::too_many_arguments)]
    fn alphabeta<S: Sliders>(
        self,
        w: &mut Worker<'_, S>,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32;

    /// Quiescence in this copy.
    fn qsearch<S: Sliders>(self, w: &mut Worker<'_, S>, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32;
}

/// The copy compiled for the build's target (plain x86-64 by default).
#[derive(Clone, Copy)]
pub(crate) struct Baseline;

impl Level for Baseline {
    #[inline(always)]
    fn alphabeta<S: Sliders>(
        self,
        w: &mut Worker<'_, S>,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        alphabeta_baseline(w, pos, alpha, beta, depth, ply, cut)
    }

    #[inline(always)]
    fn qsearch<S: Sliders>(self, w: &mut Worker<'_, S>, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        qsearch_baseline(w, pos, alpha, beta, ply)
    }
}

fn alphabeta_baseline<S: Sliders>(
    w: &mut Worker<'_, S>,
    pos: &Position,
    alpha: i32,
    beta: i32,
    depth: i32,
    ply: usize,
    cut: bool,
) -> i32 {
    alphabeta_body(Baseline, w, pos, alpha, beta, depth, ply, cut)
}

fn qsearch_baseline<S: Sliders>(w: &mut Worker<'_, S>, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
    qsearch_body(Baseline, w, pos, alpha, beta, ply)
}

/// The copy compiled for x86-64-v3; a token exists only where the CPU has those features.
#[derive(Clone, Copy)]
pub(crate) struct V3 {
    _detected: (),
}

impl V3 {
    /// The token, if this CPU runs x86-64-v3 code.
    pub fn detect() -> Option<V3> {
        crate::cpu::has_v3().then_some(V3 { _detected: () })
    }
}

#[cfg(target_arch = "x86_64")]
impl Level for V3 {
    #[inline(always)]
    fn alphabeta<S: Sliders>(
        self,
        w: &mut Worker<'_, S>,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        // SAFETY: a `V3` token is made only by `V3::detect`, after `has_v3` found every
        // feature of x86_64_v3, which `alphabeta_v3` is compiled for.
        unsafe { alphabeta_v3(self, w, pos, alpha, beta, depth, ply, cut) }
    }

    #[inline(always)]
    fn qsearch<S: Sliders>(self, w: &mut Worker<'_, S>, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        // SAFETY: as above, for `qsearch_v3`.
        unsafe { qsearch_v3(self, w, pos, alpha, beta, ply) }
    }
}

#[cfg(not(target_arch = "x86_64"))]
impl Level for V3 {
    fn alphabeta<S: Sliders>(
        self,
        w: &mut Worker<'_, S>,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        Baseline.alphabeta(w, pos, alpha, beta, depth, ply, cut)
    }

    fn qsearch<S: Sliders>(self, w: &mut Worker<'_, S>, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        Baseline.qsearch(w, pos, alpha, beta, ply)
    }
}

crate::cpu::compiled_for! { x86_64_v3,
    #[allow(clippy::too_many_arguments)]
    fn alphabeta_v3<S: Sliders>(
        level: V3,
        w: &mut Worker<'_, S>,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        alphabeta_body(level, w, pos, alpha, beta, depth, ply, cut)
    }
}

crate::cpu::compiled_for! { x86_64_v3,
    fn qsearch_v3<S: Sliders>(level: V3, w: &mut Worker<'_, S>, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        qsearch_body(level, w, pos, alpha, beta, ply)
    }
}

/// Piece index * 64 + target of `mv` (before it is played), for the counter-move table.
#[inline(always)]
pub(crate) fn piece_to(pos: &Position, mv: Move) -> usize {
    pos.piece_at(mv.from()).map_or(NO_PIECE_TO, |p| p.index() * 64 + mv.to().index())
}

/// Whether the side to move has a piece other than pawns and king (null move is unsafe
/// without: zugzwang).
#[inline(always)]
fn has_non_pawn_material(pos: &Position) -> bool {
    let us = pos.color(pos.side_to_move());
    (us & !(pos.role(Role::Pawn) | pos.role(Role::King))).any()
}

/// One node; see the module documentation. `cut`: a node expected to fail high (a null
/// window child of a PV node's later move, or a re-search's zero window).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn alphabeta_body<S: Sliders, L: Level>(
    level: L,
    w: &mut Worker<'_, S>,
    pos: &Position,
    mut alpha: i32,
    mut beta: i32,
    mut depth: i32,
    ply: usize,
    cut: bool,
) -> i32 {
    if depth <= 0 {
        return level.qsearch(w, pos, alpha, beta, ply);
    }
    let pv_node = beta - alpha > 1;
    if w.enter_node(ply) {
        return 0;
    }
    let sliders = w.sliders;
    let in_check = pos.is_check_with(sliders);

    if ply > 0 {
        if is_draw(pos, &w.keys, in_check, sliders) {
            return 0;
        }
        if ply >= MAX_PLY {
            return if in_check { 0 } else { w.evaluate(pos, ply) };
        }
        // Mate-distance pruning: no score here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
    }

    let key = pos.key();
    let tt = w.shared.tt.probe(key, ply);
    let tt_move = tt.and_then(|e| e.mv);
    if let Some(e) = tt
        && !pv_node
        && e.depth >= depth
        && e.cuts_off(alpha, beta)
    {
        return e.score;
    }

    // Static evaluation, sharpened by the table's score when its bound allows.
    let raw_eval = if in_check {
        NO_SCORE
    } else {
        match tt {
            Some(e) if e.eval != NO_SCORE => e.eval,
            _ => w.evaluate(pos, ply),
        }
    };
    let eval = match tt {
        Some(e) if !in_check => e.sharpen(raw_eval),
        _ => raw_eval,
    };
    w.stack[ply].eval = raw_eval;
    let improving = !in_check && ply >= 2 && w.stack[ply - 2].eval != NO_SCORE && raw_eval > w.stack[ply - 2].eval;

    if !pv_node && !in_check && beta.abs() < MATE_BOUND {
        // Reverse futility: far enough above beta that a shallow search will not fall back.
        let margin = params::rfp_margin() * depth - if improving { params::rfp_improving() } else { 0 };
        if depth <= params::rfp_max_depth() && eval - margin >= beta {
            return eval;
        }
        // Null move: if passing still fails high, a real move surely will.
        if depth >= params::nmp_min_depth()
            && eval >= beta
            && ply > 0
            && w.stack[ply - 1].piece_to != NO_PIECE_TO
            && has_non_pawn_material(pos)
        {
            let r = params::nmp_base()
                + depth / params::nmp_depth_div()
                + ((eval - beta) / params::nmp_eval_div()).min(params::nmp_eval_max());
            let mut child = *pos;
            child.play_null();
            w.stack[ply].piece_to = NO_PIECE_TO;
            w.keys.push(key);
            let score = -level.alphabeta(w, &child, -beta, -beta + 1, depth - 1 - r, ply + 1, !cut);
            w.keys.pop();
            if w.stopped {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }
    }

    // Internal iterative reduction: a node the table knows nothing about is searched a
    // little shallower first; the next iteration will have its move.
    if depth >= params::iir_min_depth() && tt_move.is_none() && (pv_node || cut) {
        depth -= 1;
    }

    let prev_piece_to = if ply > 0 { w.stack[ply - 1].piece_to } else { NO_PIECE_TO };
    let previous = [prev_piece_to, if ply > 1 { w.stack[ply - 2].piece_to } else { NO_PIECE_TO }];
    let buffer = w.take_buffer(ply);
    let mut picker = Picker::new(buffer, tt_move, w.history.killers(ply), w.history.counter(prev_piece_to), previous);
    w.history.clear_killers(ply + 1);
    let side = pos.side_to_move();
    let original_alpha = alpha;
    let mut best_score = -INFINITE;
    let mut best_move: Option<Move> = None;
    let mut moves_searched = 0usize;
    let mut quiets_tried: [Option<Move>; 32] = [None; 32];
    let mut quiet_count = 0usize;

    // Most moves are seen to give no check without being played, so a pruned move costs
    // no make-move.
    let check_squares = CheckSquares::new(pos, sliders);
    while let Some(mv) = picker.next(pos, sliders, w.history) {
        if ply == 0 && !w.root_moves.iter().any(|rm| rm.mv == mv) {
            continue;
        }
        let tactical = is_tactical(pos, mv);
        let mut child = *pos;
        let played = check_squares.may_check(pos, mv);
        if played {
            child.play(mv);
        }
        let gives_check = played && child.is_check_with(sliders);
        // This move's late-move reduction before adjustments: it sets the depth the quiet
        // move pruning below judges by, and LMR starts from it.
        let base_reduction = reduction(depth, moves_searched + 1);

        // Shallow pruning, once a move that does not lose to mate is in hand, and not while
        // only a mate would raise alpha (a quiet move can lead to one; eval margins cannot).
        if ply > 0 && best_score > -MATE_BOUND && alpha < MATE_BOUND && !in_check && !pv_node {
            if !tactical && !gives_check {
                // The depth this move would be searched at after its late-move reduction.
                let lmr_depth = (depth - 1 - base_reduction).max(0);
                // Late-move pruning: enough quiet moves tried at a shallow depth. Quiet checks
                // are still searched (skipping every quiet move missed short mates).
                let limit = (params::lmp_base() + depth * depth) as usize / if improving { 1 } else { 2 };
                if depth <= params::lmp_max_depth() && quiet_count >= limit {
                    continue;
                }
                // Futility: the static evaluation is too far below alpha to be raised.
                if lmr_depth <= params::fp_max_depth()
                    && eval + params::fp_base() + params::fp_margin() * lmr_depth <= alpha
                {
                    continue;
                }
                if lmr_depth <= params::see_quiet_max_depth()
                    && !pos.see_ge_with(sliders, mv, -params::see_quiet_margin() * lmr_depth)
                {
                    continue;
                }
            } else if depth <= params::see_noisy_max_depth()
                && !pos.see_ge_with(sliders, mv, -params::see_noisy_margin() * depth)
            {
                continue;
            }
        }

        if !played {
            child.play(mv);
        }
        w.shared.tt.prefetch(child.key());
        let extension = i32::from(gives_check && ply < 2 * w.root_depth as usize);
        let new_depth = depth - 1 + extension;
        let mv_piece_to = piece_to(pos, mv);
        w.stack[ply].piece_to = mv_piece_to;
        w.keys.push(key);
        moves_searched += 1;
        let score = if moves_searched == 1 {
            -level.alphabeta(w, &child, -beta, -alpha, new_depth, ply + 1, !pv_node && !cut)
        } else {
            let mut r = 0;
            if depth >= params::lmr_min_depth() && moves_searched > 1 + usize::from(pv_node) && !tactical {
                r = base_reduction;
                r += i32::from(!pv_node);
                r -= i32::from(improving);
                r -= i32::from(gives_check);
                r += i32::from(cut);
                r -= w.history.quiet_score(side, mv, mv_piece_to, previous) / params::lmr_history_div();
                r = r.clamp(0, new_depth - 1);
            }
            let mut score = -level.alphabeta(w, &child, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if score > alpha && r > 0 {
                score = -level.alphabeta(w, &child, -alpha - 1, -alpha, new_depth, ply + 1, !cut);
            }
            if score > alpha && score < beta {
                score = -level.alphabeta(w, &child, -beta, -alpha, new_depth, ply + 1, false);
            }
            score
        };
        w.keys.pop();
        if w.stopped {
            return 0;
        }
        if !tactical && quiet_count < quiets_tried.len() {
            quiets_tried[quiet_count] = Some(mv);
        }
        quiet_count += usize::from(!tactical);

        if score > best_score {
            best_score = score;
            if score > alpha {
                best_move = Some(mv);
                alpha = score;
                if pv_node {
                    w.update_pv(ply, mv);
                }
                if score >= beta {
                    if !tactical {
                        let bonus = History::bonus(depth);
                        let malus = History::malus(depth);
                        w.history.record_cutoff(ply, prev_piece_to, mv);
                        w.history.update_quiet(side, mv, mv_piece_to, previous, bonus);
                        for tried in quiets_tried.iter().take(quiet_count.min(32)).flatten() {
                            if *tried != mv {
                                w.history.update_quiet(side, *tried, piece_to(pos, *tried), previous, -malus);
                            }
                        }
                    }
                    break;
                }
            }
        }
    }

    w.give_buffer(ply, picker.into_buffer());
    if moves_searched == 0 {
        // No legal move (at the root, none of the allowed ones): mate or stalemate.
        return if in_check { -MATE + ply as i32 } else { 0 };
    }

    let bound = if best_score >= beta {
        Bound::Lower
    } else if alpha > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    };
    w.shared.tt.store(key, best_move, best_score, raw_eval, depth, bound, ply);
    best_score
}
