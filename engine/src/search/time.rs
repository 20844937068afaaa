//! Time management: from the clock, a soft limit (do not start another iteration after
//! about this long) and a hard limit (stop the search wherever it is), both less the `Move
//! Overhead` the GUI and the pipes cost.
//!
//! If only the other side's clock is given, it stands in for ours (a search must not run
//! forever because a GUI left a field out). With `movestogo` the remaining time is shared out over those moves, otherwise over 25
//! more moves (sudden death). Three quarters of the increment are spent too. The hard limit
//! is four soft limits, but never more than three quarters of what is left, so a move never
//! takes the clock to zero however long the iteration.
//!
//! After each finished iteration the search stops once the time used passes the soft limit
//! times [`soft_scale`]: less when the best move has taken most of the nodes and stayed best
//! for iterations, more when the work was spread over several moves, the best move just
//! changed or its score fell.

use std::time::Duration;

use bbcore::Color;

use super::limits::Limits;

/// When to stop: `soft` after a finished iteration, `hard` at once. `None`: no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimePlan {
    /// The target time for this move.
    pub soft: Option<Duration>,
    /// The time the search must never exceed.
    pub hard: Option<Duration>,
}

/// Moves the remaining time is shared over in sudden death.
const DEFAULT_MOVES_TO_GO: u64 = 25;

/// The share of the soft limit after which no new iteration starts, from how the search
/// went: `effort` is the share of all nodes spent below the best move (a move that took
/// most of the work is well tested), `stable_iterations` how many finished iterations it has
/// stayed best, `score_drop` how far (centipawns) the best score fell in the last one.
/// About 0.55 for a settled search, up to about 2 (the hard limit caps it) for an unsettled
/// one.
pub fn soft_scale(effort: f64, stable_iterations: u32, score_drop: i32) -> f64 {
    let effort_scale = (1.5 - effort.clamp(0.0, 1.0)) * 1.35;
    let stability_scale = [1.3, 1.1, 1.0, 0.9, 0.8][stable_iterations.min(4) as usize];
    let drop_scale = 1.0 + f64::from(score_drop.clamp(0, 100)) / 200.0;
    0.8 * effort_scale * stability_scale * drop_scale
}

/// The plan for `us` to move under `limits`, with `overhead_ms` kept back per move.
pub fn plan(limits: &Limits, us: Color, overhead_ms: u64) -> TimePlan {
    if let Some(movetime) = limits.movetime {
        // The whole time is asked for: no early stop after an iteration.
        let t = Duration::from_millis(movetime.saturating_sub(overhead_ms).max(1));
        return TimePlan { soft: None, hard: Some(t) };
    }
    let (time, inc) = match us {
        Color::White => (limits.wtime.or(limits.btime), limits.winc),
        Color::Black => (limits.btime.or(limits.wtime), limits.binc),
    };
    let Some(time) = time else {
        return TimePlan::default();
    };
    let time = time.max(0) as u64;
    let inc = inc.unwrap_or(0).max(0) as u64;
    let left = time.saturating_sub(overhead_ms);
    let moves = limits.movestogo.map_or(DEFAULT_MOVES_TO_GO, |m| u64::from(m.clamp(1, 100)));
    let hard = (left * 3 / 4).max(1);
    let soft = (left / moves + inc * 3 / 4).min(hard).max(1);
    let hard = hard.min(soft * 4).max(1);
    TimePlan { soft: Some(Duration::from_millis(soft)), hard: Some(Duration::from_millis(hard)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(wtime: i64, winc: i64, movestogo: Option<u32>) -> Limits {
        Limits { wtime: Some(wtime), winc: Some(winc), movestogo, ..Limits::default() }
    }

    #[test]
    fn never_more_than_the_clock() {
        for (time, inc, mtg) in [(1000, 10, None), (10, 0, None), (-5, 0, None), (60_000, 0, Some(1)), (200, 100, None)]
        {
            let p = plan(&clock(time, inc, mtg), Color::White, 50);
            let hard = p.hard.unwrap().as_millis() as i64;
            assert!(p.soft.unwrap() <= p.hard.unwrap());
            assert!(hard <= (time - 50).max(1), "{time} {inc} {mtg:?}: {hard}");
        }
    }

    #[test]
    fn unsettled_searches_get_more_time() {
        let settled = soft_scale(0.9, 6, 0);
        assert!((0.5..0.6).contains(&settled), "{settled}");
        assert!(soft_scale(0.4, 6, 0) > settled);
        assert!(soft_scale(0.9, 0, 0) > settled);
        assert!(soft_scale(0.9, 6, 60) > settled);
        // Scores that rise, and efforts outside 0..1, change nothing.
        assert_eq!(soft_scale(0.9, 6, -300), settled);
        assert_eq!(soft_scale(1.5, 9, 0), soft_scale(1.0, 4, 0));
    }

    #[test]
    fn movetime_and_no_clock() {
        let p = plan(&Limits { movetime: Some(1000), ..Limits::default() }, Color::Black, 50);
        assert_eq!(p.hard, Some(Duration::from_millis(950)));
        assert_eq!(plan(&Limits::default(), Color::White, 50), TimePlan::default());
        // A GUI that sends only the other side's clock still gets a bounded search.
        assert!(plan(&clock(1000, 0, None), Color::Black, 50).hard.is_some());
    }
}
