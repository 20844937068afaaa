//! The root: iterative deepening with aspiration windows, MultiPV, and the root move loop.
//!
//! Each iteration searches one ply deeper, every principal variation in turn (MultiPV), in a
//! window around the last iteration's score that widens on a fail. Root moves are kept sorted
//! by score (stable, so moves that did not beat alpha keep their earlier order); when the
//! search is stopped in the middle of an iteration, only moves whose search finished count.
//! The main thread reports each finished iteration and decides when to stop (depth, mate,
//! the soft time limit, scaled by how settled the search is: see `time::soft_scale`, which
//! reads each root move's node count).

use std::time::Duration;

use super::node::{Level, piece_to};
use super::params;
use super::picker::is_tactical;
use super::reductions::reduction;
use super::threads::Iteration;
use super::time;
use super::tt::Bound;
use super::worker::Worker;
use super::{INFINITE, MATE, MATE_BOUND, MAX_PLY, Reporter};
use crate::board::Position;
use crate::sliders::Sliders;

/// Runs iterative deepening on `w` from `pos` until the limits or a stop end it.
pub(crate) fn iterate<S: Sliders, L: Level>(level: L, w: &mut Worker<'_, S>, pos: &Position, reporter: &dyn Reporter) {
    let limits = w.shared.limits;
    let max_depth = limits.depth.map_or(MAX_PLY as i32 - 8, |d| (d as i32).clamp(1, MAX_PLY as i32 - 8));
    let multipv = w.shared.multipv.clamp(1, w.root_moves.len().max(1));
    // Finished iterations since the best move last changed.
    let mut stable_iterations = 0u32;
    for depth in 1..=max_depth {
        w.root_depth = depth;
        w.seldepth = 0;
        // The last finished iteration's best move and score (`-INFINITE` before the first).
        let (previous_best, previous_score) =
            w.root_moves.first().map_or((None, -INFINITE), |rm| (Some(rm.mv), rm.score));
        for rm in &mut w.root_moves {
            rm.prev_score = rm.score;
        }
        for pv_idx in 0..multipv {
            aspiration(level, w, pos, depth, pv_idx);
            if w.stopped {
                break;
            }
            w.root_moves[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
        if w.stopped {
            break;
        }
        if w.id != 0 {
            continue;
        }
        if w.root_moves.first().map(|rm| rm.mv) == previous_best {
            stable_iterations += 1;
        } else {
            stable_iterations = 0;
        }
        report(w, depth, multipv, reporter);

        // When to stop: a mate as short as asked, or the soft time limit.
        let best = w.root_moves[0].score;
        if let Some(n) = limits.mate
            && best >= MATE_BOUND
            && MATE - best < 2 * n as i32
        {
            break;
        }
        let control = w.shared.control;
        if let Some(soft) = w.shared.time.soft
            && !control.is_pondering()
        {
            if w.root_moves.len() == 1 && depth >= 4 {
                break;
            }
            let effort = w.root_moves[0].nodes as f64 / w.nodes.max(1) as f64;
            let score_drop = previous_score - best;
            if control.clock_elapsed() >= soft.mul_f64(time::soft_scale(effort, stable_iterations, score_drop)) {
                break;
            }
        }
    }
}

/// Searches principal variation `pv_idx` at `depth` with an aspiration window around the
/// last score, widening after each fail.
fn aspiration<S: Sliders, L: Level>(level: L, w: &mut Worker<'_, S>, pos: &Position, depth: i32, pv_idx: usize) {
    let previous = w.root_moves[pv_idx].prev_score;
    let mut delta = params::asp_delta();
    let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
        ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
    } else {
        (-INFINITE, INFINITE)
    };
    loop {
        let score = root_search(level, w, pos, alpha, beta, depth, pv_idx);
        w.root_moves[pv_idx..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        if w.stopped {
            return;
        }
        if score <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (score - delta).max(-INFINITE);
        } else if score >= beta {
            beta = (score + delta).min(INFINITE);
        } else {
            return;
        }
        delta += delta / 2;
        if delta > 600 {
            alpha = -INFINITE;
            beta = INFINITE;
        }
    }
}

/// The root move loop for principal variation `pv_idx` (moves before it are the earlier
/// variations' and are skipped).
fn root_search<S: Sliders, L: Level>(
    level: L,
    w: &mut Worker<'_, S>,
    pos: &Position,
    mut alpha: i32,
    beta: i32,
    depth: i32,
    pv_idx: usize,
) -> i32 {
    w.nodes += 1;
    let sliders = w.sliders;
    let key = pos.key();
    let mut best = -INFINITE;
    for rm in &mut w.root_moves[pv_idx..] {
        rm.score = -INFINITE;
    }
    for i in pv_idx..w.root_moves.len() {
        let mv = w.root_moves[i].mv;
        let mut child = *pos;
        child.play(mv);
        let gives_check = child.is_check_with(sliders);
        let new_depth = depth - 1 + i32::from(gives_check);
        w.stack[0].piece_to = piece_to(pos, mv);
        w.keys.push(key);
        let nodes_before = w.nodes;
        let score = if i == pv_idx {
            -level.alphabeta(w, &child, -beta, -alpha, new_depth, 1, false)
        } else {
            let late = i - pv_idx + 1;
            let r = if depth >= params::lmr_min_depth()
                && late > params::lmr_root_moves() as usize
                && !is_tactical(pos, mv)
                && !gives_check
            {
                (reduction(depth, late) - 1).clamp(0, new_depth - 1)
            } else {
                0
            };
            let mut score = -level.alphabeta(w, &child, -alpha - 1, -alpha, new_depth - r, 1, true);
            if score > alpha && r > 0 {
                score = -level.alphabeta(w, &child, -alpha - 1, -alpha, new_depth, 1, true);
            }
            if score > alpha && score < beta {
                score = -level.alphabeta(w, &child, -beta, -alpha, new_depth, 1, false);
            }
            score
        };
        w.keys.pop();
        w.root_moves[i].nodes += w.nodes - nodes_before;
        if w.stopped {
            break;
        }
        if i == pv_idx || score > alpha {
            let child_len = w.pv_len[1].min(MAX_PLY);
            let seldepth = w.seldepth;
            let rm = &mut w.root_moves[i];
            rm.score = score;
            rm.bound = if score >= beta {
                Bound::Lower
            } else if score <= alpha {
                Bound::Upper
            } else {
                Bound::Exact
            };
            rm.seldepth = seldepth;
            rm.pv.clear();
            rm.pv.push(mv);
            rm.pv.extend_from_slice(&w.pv[1][..child_len]);
        }
        best = best.max(score);
        if score > alpha {
            alpha = score;
            if score >= beta {
                break;
            }
        }
    }
    best
}

/// Reports the finished iteration's variations (main thread only).
fn report<S: Sliders>(w: &mut Worker<'_, S>, depth: i32, multipv: usize, reporter: &dyn Reporter) {
    w.publish_nodes();
    let nodes = w.shared.total_nodes();
    let time: Duration = w.shared.control.elapsed();
    let hashfull = w.shared.tt.hashfull();
    for (i, rm) in w.root_moves.iter().take(multipv).enumerate() {
        let score = if rm.score == -INFINITE { rm.prev_score } else { rm.score };
        reporter.report(&Iteration {
            depth: depth as u32,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: i + 1,
            score,
            bound: rm.bound,
            nodes,
            time,
            hashfull,
            pv: rm.pv.clone(),
        });
    }
}
