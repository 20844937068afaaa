//! Quiescence search: at the horizon, only captures and promotions are searched (in check,
//! every evasion), so the static evaluation is taken only in quiet positions. The side to
//! move may "stand pat" on its evaluation; captures that lose material by SEE, or that
//! cannot lift the score near alpha even winning the piece (delta pruning), are skipped.

use super::node::Level;
use super::params;
use super::picker::{Picker, captured_value};
use super::tt::Bound;
use super::worker::Worker;
use super::{INFINITE, MATE, MAX_PLY, NO_SCORE};
use crate::board::{Move, MoveKind, Position};
use crate::sliders::Sliders;

/// One quiescence node (see the module documentation).
#[inline(always)]
pub(crate) fn qsearch_body<S: Sliders, L: Level>(
    level: L,
    w: &mut Worker<'_, S>,
    pos: &Position,
    mut alpha: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    if w.enter_node(ply) {
        return 0;
    }
    if pos.halfmove_clock() >= 100 || pos.is_insufficient_material() {
        return 0;
    }
    let sliders = w.sliders;
    let in_check = pos.is_check_with(sliders);
    if ply >= MAX_PLY {
        return if in_check { 0 } else { w.evaluate(pos, ply) };
    }
    let pv_node = beta - alpha > 1;
    let key = pos.key();
    let tt = w.shared.tt.probe(key, ply);
    if let Some(e) = tt
        && !pv_node
        && e.cuts_off(alpha, beta)
    {
        return e.score;
    }

    let original_alpha = alpha;
    let mut best_score = -INFINITE;
    let mut raw_eval = NO_SCORE;
    if !in_check {
        raw_eval = match tt {
            Some(e) if e.eval != NO_SCORE => e.eval,
            _ => w.evaluate(pos, ply),
        };
        if raw_eval >= beta {
            return raw_eval;
        }
        alpha = alpha.max(raw_eval);
        best_score = raw_eval;
    }

    let buffer = w.take_buffer(ply);
    let mut picker = Picker::quiescence(buffer, tt.and_then(|e| e.mv), in_check);
    let mut best_move: Option<Move> = None;
    let mut moves = 0usize;
    while let Some(mv) = picker.next(pos, sliders, w.history) {
        if !in_check {
            let promotion = matches!(mv.kind(), MoveKind::PromoteQueen);
            if !promotion && raw_eval + captured_value(pos, mv) + params::qs_delta_margin() <= alpha {
                continue;
            }
            if !pos.see_ge_with(sliders, mv, params::qs_see_threshold()) {
                continue;
            }
        }
        let mut child = *pos;
        child.play(mv);
        w.shared.tt.prefetch(child.key());
        moves += 1;
        let score = -level.qsearch(w, &child, -beta, -alpha, ply + 1);
        if w.stopped {
            return 0;
        }
        if score > best_score {
            best_score = score;
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
                if score >= beta {
                    break;
                }
            }
        }
    }
    w.give_buffer(ply, picker.into_buffer());
    if in_check && moves == 0 {
        return -MATE + ply as i32;
    }
    let bound = if best_score >= beta {
        Bound::Lower
    } else if alpha > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    };
    w.shared.tt.store(key, best_move, best_score, raw_eval, 0, bound, ply);
    best_score
}
