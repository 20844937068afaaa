//! Running a search: the request, the control the UCI loop holds (stop, ponderhit), the
//! state the threads share, and lazy SMP: every thread searches the same root with its own
//! move-ordering memory (kept between the searches of a game in [`SearchTables`]), sharing
//! only the transposition table; the main thread (0) reports, watches the clock and gives the
//! move.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::evaluator::Evaluator;
use super::limits::Limits;
use super::memory::SearchTables;
use super::node::{Baseline, Level, V3};
use super::root::iterate;
use super::time::{TimePlan, plan};
use super::tt::{Bound, TranspositionTable};
use super::worker::{RootMove, Worker};
use super::{INFINITE, MATE};
use crate::board::{Move, Position};
use crate::sliders::{FancyMagic, Sliders, auto_pext};

/// Stack size of search threads: the recursion keeps move lists on the stack.
const STACK_SIZE: usize = 64 << 20;

/// What to search.
pub struct SearchRequest<'a> {
    /// The position to move in.
    pub position: Position,
    /// Keys of the game's positions before `position`, oldest first (for repetitions).
    pub history: &'a [u64],
    /// When to stop.
    pub limits: Limits,
    /// The shared transposition table.
    pub tt: &'a TranspositionTable,
    /// Search threads (1 or more).
    pub threads: usize,
    /// How many best lines to report.
    pub multipv: usize,
    /// Milliseconds kept back per move for the GUI and the pipes.
    pub move_overhead: u64,
    /// What to evaluate positions with: `Default::default()` is the embedded network.
    pub evaluator: Evaluator<'a>,
}

/// The search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    /// The score of the best move, in centipawns or mate scores ([`super::mate_in`]).
    pub score: i32,
    /// The last depth the main thread finished.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// One finished iteration's line, as the main thread reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 = best).
    pub multipv: usize,
    /// Its score.
    pub score: i32,
    /// What the score says.
    pub bound: Bound,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// Permille of the table in use ([`TranspositionTable::hashfull`]).
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Where the main thread sends its lines.
pub trait Reporter: Sync {
    /// Called once per line after each finished iteration.
    fn report(&self, line: &Iteration);
}

/// A reporter that ignores everything (benchmarks, tests).
pub struct Silent;

impl Reporter for Silent {
    fn report(&self, _: &Iteration) {}
}

/// The handle a UCI loop keeps on a running search: stop it, or tell it the ponder move was
/// played. Shared by reference with the searching threads.
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    start: Instant,
    ponderhit_micros: AtomicU64,
}

impl SearchControl {
    /// A control for a search starting now, in ponder mode if `ponder`.
    pub fn new(ponder: bool) -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            start: Instant::now(),
            ponderhit_micros: AtomicU64::new(0),
        }
    }

    /// Asks the search to stop as soon as it can (UCI `stop`).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`SearchControl::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the ponder move: the clock starts now (UCI `ponderhit`).
    pub fn ponderhit(&self) {
        self.ponderhit_micros.store(self.start.elapsed().as_micros() as u64, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search is still pondering.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Time since the search began.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time on our clock: since the search began, or since `ponderhit`.
    pub fn clock_elapsed(&self) -> Duration {
        self.start.elapsed().saturating_sub(Duration::from_micros(self.ponderhit_micros.load(Ordering::Relaxed)))
    }
}

/// What every search thread reads.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    pub limits: &'a Limits,
    pub time: TimePlan,
    pub multipv: usize,
    pub evaluator: Evaluator<'a>,
    pub node_counts: Vec<AtomicU64>,
    stop: AtomicBool,
}

impl Shared<'_> {
    /// Stops every thread (the main thread is done, or out of time or nodes).
    pub fn stop_all(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the threads must stop.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.control.is_stopped()
    }

    /// Nodes of all threads, as last published.
    pub fn total_nodes(&self) -> u64 {
        self.node_counts.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// Searches `request.position` under `request.limits` and returns the best move. Runs on
/// fresh threads with large stacks (the calling thread waits); `control` stops it early or
/// ends pondering; `reporter` gets each finished iteration's lines. The slider backend and
/// the compiled copy of the search are chosen once here, for the whole search. Every thread
/// starts with empty move-ordering tables; [`search_with_tables`] keeps them between searches.
pub fn search(request: &SearchRequest<'_>, control: &SearchControl, reporter: &dyn Reporter) -> SearchResult {
    search_with_tables(request, &mut SearchTables::new(), control, reporter)
}

/// [`search`], with the threads' move-ordering tables taken from `tables` (aged, see
/// [`SearchTables`]) and left there for the next search of the game.
pub fn search_with_tables(
    request: &SearchRequest<'_>,
    tables: &mut SearchTables,
    control: &SearchControl,
    reporter: &dyn Reporter,
) -> SearchResult {
    match auto_pext() {
        Some(pext) => search_with(pext, request, tables, control, reporter),
        None => search_with(FancyMagic, request, tables, control, reporter),
    }
}

fn search_with<S: Sliders>(
    sliders: S,
    request: &SearchRequest<'_>,
    tables: &mut SearchTables,
    control: &SearchControl,
    reporter: &dyn Reporter,
) -> SearchResult {
    match V3::detect() {
        Some(v3) => run(v3, sliders, request, tables, control, reporter),
        None => run(Baseline, sliders, request, tables, control, reporter),
    }
}

fn run<S: Sliders, L: Level>(
    level: L,
    sliders: S,
    request: &SearchRequest<'_>,
    tables: &mut SearchTables,
    control: &SearchControl,
    reporter: &dyn Reporter,
) -> SearchResult {
    let pos = &request.position;
    let mut moves: Vec<Move> = pos.legal_moves_with(sliders).iter().copied().collect();
    let allowed: Vec<Move> = moves.iter().copied().filter(|mv| request.limits.searchmoves.contains(mv)).collect();
    if !allowed.is_empty() {
        moves = allowed;
    }
    if moves.is_empty() {
        let score = if pos.is_check_with(sliders) { -MATE } else { 0 };
        return SearchResult { best: None, ponder: None, score, depth: 0, nodes: 0 };
    }
    request.tt.new_search();
    let threads = request.threads.max(1);
    let shared = Shared {
        tt: request.tt,
        control,
        limits: &request.limits,
        time: plan(&request.limits, pos.side_to_move(), request.move_overhead),
        multipv: request.multipv.max(1),
        evaluator: request.evaluator,
        node_counts: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        stop: AtomicBool::new(false),
    };
    let root_moves: Vec<RootMove> = moves
        .iter()
        .map(|&mv| RootMove {
            mv,
            score: -INFINITE,
            prev_score: -INFINITE,
            bound: Bound::Exact,
            pv: vec![mv],
            seldepth: 0,
            nodes: 0,
        })
        .collect();
    let shared = &shared;
    let (main_memory, helper_memories) = tables.prepare(threads);
    let (main, helper_nodes) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..)
            .zip(helper_memories)
            .filter_map(|(id, memory)| {
                let root_moves = root_moves.clone();
                std::thread::Builder::new()
                    .stack_size(STACK_SIZE)
                    .spawn_scoped(scope, move || {
                        let mut w = Worker::new(sliders, shared, id, request.history, memory);
                        w.root_moves = root_moves;
                        iterate(level, &mut w, pos, &Silent);
                        w.nodes
                    })
                    .ok()
            })
            .collect();
        let main = std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, move || {
                let mut w = Worker::new(sliders, shared, 0, request.history, main_memory);
                w.root_moves = root_moves;
                iterate(level, &mut w, pos, reporter);
                shared.stop_all();
                (w.root_moves, w.root_depth, w.nodes, w.stopped)
            })
            .map(|h| h.join());
        shared.stop_all();
        let helper_nodes: u64 = helpers.into_iter().filter_map(|h| h.join().ok()).sum();
        (main, helper_nodes)
    });
    let Ok(Ok((root_moves, depth, nodes, stopped))) = main else {
        // The search thread could not start or failed: play the first legal move.
        return SearchResult { best: moves.first().copied(), ponder: None, score: 0, depth: 0, nodes: 0 };
    };
    let best = &root_moves[0];
    let score = if best.score == -INFINITE { best.prev_score } else { best.score };
    let mut ponder = best.pv.get(1).copied();
    if ponder.is_none() {
        let mut child = *pos;
        child.play(best.mv);
        ponder = request.tt.probe(child.key(), 0).and_then(|e| e.mv).filter(|&mv| child.is_legal_with(sliders, mv));
    }
    let finished = if stopped { depth - 1 } else { depth };
    SearchResult { best: Some(best.mv), ponder, score, depth: finished.max(1) as u32, nodes: nodes + helper_nodes }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_carry_over_to_the_next_search() {
        let position: Position = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4".parse().unwrap();
        let tt = TranspositionTable::new(1);
        let request = SearchRequest {
            position,
            history: &[],
            limits: Limits::depth(6),
            tt: &tt,
            threads: 1,
            multipv: 1,
            move_overhead: 0,
            evaluator: Evaluator::default(),
        };
        let mut tables = SearchTables::new();
        for _ in 0..2 {
            let result = search_with_tables(&request, &mut tables, &SearchControl::new(false), &Silent);
            assert!(result.best.is_some_and(|mv| position.is_legal(mv)), "{result:?}");
            assert!(!tables.is_empty());
        }

        // Fresh tables are what `search` uses.
        tt.clear();
        let fresh = search(&request, &SearchControl::new(false), &Silent);
        tt.clear();
        assert_eq!(search_with_tables(&request, &mut SearchTables::new(), &SearchControl::new(false), &Silent), fresh);
    }
}
