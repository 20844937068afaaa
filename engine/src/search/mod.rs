//! The search: iterative deepening, principal variation search, quiescence, a shared
//! transposition table and lazy SMP threads.
//!
//! One concept per file: `threads.rs` (the entry point [`search`], the control a UCI loop
//! holds, lazy SMP), `root.rs` (iterative deepening, aspiration windows, MultiPV),
//! `node.rs` (the node function and its per-CPU copies), `params.rs` (every tunable
//! constant of the search, by name), `qsearch.rs`, `picker.rs` (staged
//! move ordering), `check_squares.rs` (which moves might give check, seen without playing
//! them), `history.rs` (killers, counter-moves, history), `tt.rs`, `draw.rs`,
//! `time.rs`, `limits.rs`, `worker.rs` (one thread's state), `evaluator.rs` (network or
//! hand-written evaluation), `bench.rs` (the fixed-depth benchmark).
//!
//! ```
//! use bbengine::search::{Limits, SearchControl, SearchRequest, Silent, TranspositionTable, search};
//! use bbengine::Position;
//!
//! // Mate in one: the rook goes to the eighth rank.
//! let position: Position = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".parse()?;
//! let tt = TranspositionTable::new(1);
//! let request = SearchRequest {
//!     position, history: &[], limits: Limits::depth(4), tt: &tt, threads: 1, multipv: 1, move_overhead: 0,
//!     evaluator: Default::default(),
//! };
//! let result = search(&request, &SearchControl::new(false), &Silent);
//! assert_eq!(result.best.map(|m| m.to_uci(false).to_string()).as_deref(), Some("a1a8"));
//! assert_eq!(bbengine::search::mate_in(result.score), Some(1));
//! # Ok::<(), bbengine::FenError>(())
//! ```

mod bench;
mod check_squares;
mod draw;
mod evaluator;
mod history;
mod limits;
mod memory;
mod node;
pub mod params;
mod picker;
mod qsearch;
mod reductions;
mod root;
mod threads;
mod time;
mod tt;
mod worker;

pub use bench::{BENCH_DEPTH, BENCH_POSITIONS, BenchReport, bench, bench_with};
pub use draw::{is_draw, is_repetition};
pub use evaluator::Evaluator;
pub use limits::Limits;
pub use memory::SearchTables;
pub use threads::{
    Iteration, Reporter, SearchControl, SearchRequest, SearchResult, Silent, search, search_with_tables,
};
pub use time::{TimePlan, plan as time_plan};
pub use tt::{Bound, TranspositionTable, TtEntry};

/// The deepest ply the search reaches (search stack and PV table size).
pub const MAX_PLY: usize = 128;
/// Above every score.
pub const INFINITE: i32 = 32_000;
/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores at or beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// "No static evaluation" (in check).
pub const NO_SCORE: i32 = i16::MIN as i32;

/// The UCI `mate N` of a score: moves to mate, negative when being mated; `None` for
/// ordinary scores.
///
/// ```
/// use bbengine::search::{MATE, mate_in};
/// assert_eq!(mate_in(MATE - 1), Some(1));
/// assert_eq!(mate_in(MATE - 3), Some(2));
/// assert_eq!(mate_in(-MATE + 2), Some(-1));
/// assert_eq!(mate_in(35), None);
/// ```
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}
