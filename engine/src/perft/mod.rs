//! The perft stage: count the leaf nodes of the legal move tree, the standard move generator
//! test. [`perft`] and [`divide`] here, the hot leaf parents in `leaf_parent.rs`, the shared
//! hash table in `table.rs`, EPD suites in `epd.rs`, the benchmark positions in `positions.rs`.

mod epd;
mod leaf_parent;
mod positions;
mod table;

use std::sync::atomic::{AtomicUsize, Ordering};

pub use epd::{EpdError, PerftCase, parse_suite};
pub use positions::{BenchPosition, SIX_POSITIONS};
pub use table::PerftTable;

use crate::board::{Move, Position};
use crate::cpu::compiled_for;
use crate::sliders::{Sliders, with_fastest};

/// The number of legal move sequences of length `depth` from `pos`. The last ply is counted
/// in bulk (popcounts of target sets), not played. Runs the x86-64-v3 copy of the generator
/// where the CPU has it, the x86-64-v4 copy for AVX-512 backends (see [`crate::cpu`]).
///
/// Counts saturate: a tree with more than `u64::MAX - 1` leaves gives `u64::MAX`, never a
/// wrapped number (see [`MAX_PERFT_DEPTH`]).
///
/// ```
/// use bbengine::{Position, Reference, perft};
/// assert_eq!(perft(&Position::startpos(), 3, Reference), 8_902);
/// ```
pub fn perft<S: Sliders>(pos: &Position, depth: u32, sliders: S) -> u64 {
    perft_dispatch(pos, depth, sliders, None)
}

impl Position {
    /// [`perft`] with the backend [`Backend::auto`](crate::Backend::auto) picks.
    ///
    /// ```
    /// use bbengine::Position;
    /// assert_eq!(Position::startpos().perft(4), 197_281);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        with_fastest!(|sliders| perft(self, depth, sliders))
    }

    /// [`divide`] with the backend [`Backend::auto`](crate::Backend::auto) picks.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        with_fastest!(|sliders| divide(self, depth, sliders))
    }
}

/// The deepest perft the `bbengine` command line runs. The start position's count at depth 13
/// (1,981,066,775,000,396,239) fits in a `u64`, at depth 14 (61,885,021,521,585,529,237) it
/// does not; a position of ordinary branching overflows there too, and at a billion nodes a
/// second depth 13 would already take decades. Counting saturates at `u64::MAX` (see
/// [`perft`]), so a position that overflows at a smaller depth is reported, never wrapped.
pub const MAX_PERFT_DEPTH: u32 = 13;

/// How to run a perft: threads over the root moves and an optional hash table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// Threads to split the root moves over (1 = this thread only).
    pub threads: usize,
    /// Size of the shared transposition table in MiB (0 = none).
    pub hash_mb: usize,
}

impl Default for PerftOptions {
    fn default() -> PerftOptions {
        PerftOptions { threads: 1, hash_mb: 0 }
    }
}

/// [`perft`] with threads and a hash table; the same counts.
///
/// ```
/// use bbengine::{KoggeStone, PerftOptions, Position, perft_with};
/// let opts = PerftOptions { threads: 2, hash_mb: 1 };
/// assert_eq!(perft_with(&Position::startpos(), 4, KoggeStone, opts), 197_281);
/// ```
pub fn perft_with<S: Sliders>(pos: &Position, depth: u32, sliders: S, options: PerftOptions) -> u64 {
    if depth <= 1 {
        return perft(pos, depth, sliders);
    }
    divide_with(pos, depth, sliders, options).iter().fold(0, |sum: u64, (_, n)| sum.saturating_add(*n))
}

/// Perft split by root move: each legal move with the count below it (`depth - 1`), in
/// generation order. The counts add up to [`perft`] at `depth` (for `depth >= 1`).
pub fn divide<S: Sliders>(pos: &Position, depth: u32, sliders: S) -> Vec<(Move, u64)> {
    divide_with(pos, depth, sliders, PerftOptions::default())
}

/// [`divide`] with threads and a hash table. With more than one thread and depth 3 or more,
/// the work is split two plies deep (hundreds of pieces instead of a few dozen root moves) and
/// threads take pieces from a shared counter, so no thread idles while one finishes a big
/// subtree.
pub fn divide_with<S: Sliders>(pos: &Position, depth: u32, sliders: S, options: PerftOptions) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves_with(sliders);
    let table = (options.hash_mb > 0).then(|| PerftTable::new(options.hash_mb));
    // Each task: which root move it belongs to, the position, and the depth left below it.
    let mut tasks: Vec<(usize, Position, u32)> = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let mut child = *pos;
        child.play(mv);
        if options.threads > 1 && depth >= 3 {
            for &reply in child.legal_moves_with(sliders).iter() {
                let mut grandchild = child;
                grandchild.play(reply);
                tasks.push((i, grandchild, depth - 2));
            }
        } else {
            tasks.push((i, child, depth - 1));
        }
    }
    let next = AtomicUsize::new(0);
    let work = || {
        let mut counts = vec![0; moves.len()];
        while let Some((root, position, left)) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
            counts[*root] = perft_dispatch(position, *left, sliders, table.as_ref()).saturating_add(counts[*root]);
        }
        counts
    };
    let threads = options.threads.clamp(1, tasks.len().max(1));
    // This thread works too. A thread the system refuses to start is done without: the
    // threads that run take every piece from the shared counter, so the counts are the same.
    let results: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let handles: Vec<_> =
            (1..threads).map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok()).collect();
        let mut results = vec![work()];
        results.extend(handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))));
        results
    });
    let mut counts = vec![0u64; moves.len()];
    for thread_counts in results {
        for (total, n) in counts.iter_mut().zip(thread_counts) {
            *total = total.saturating_add(n);
        }
    }
    moves.iter().copied().zip(counts).collect()
}

fn perft_dispatch<S: Sliders>(pos: &Position, depth: u32, sliders: S, table: Option<&PerftTable>) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if S::AVX512 && crate::cpu::has_v4() {
        // SAFETY: the CPU has every feature of x86_64_v4, which `perft_v4` is compiled for.
        return unsafe { perft_v4::<S, true>(pos, depth, sliders, table) };
    }
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::has_v3() {
        // SAFETY: the CPU has every feature of x86_64_v3, which `perft_v3` is compiled for.
        return unsafe { perft_v3::<S, true, true, false>(pos, depth, sliders, table) };
    }
    perft_baseline::<S, true>(pos, depth, sliders, table)
}

// Only the x86-64-v3 copy, which every modern x86-64 CPU runs, is compiled without
// promotions too (`PROMOTE`), and, where there are none, with the leaf parents' known pieces
// (`KNOWN`): six copies of the walk per backend. The baseline and AVX-512 copies keep two,
// split by castling only, which keeps the build (and CI) time in bounds.
fn perft_baseline<S: Sliders, const CASTLE: bool>(
    pos: &Position,
    depth: u32,
    sliders: S,
    table: Option<&PerftTable>,
) -> u64 {
    perft_body::<S, CASTLE, true, false>(pos, depth, sliders, table, |p, d, s, t, castle, _, _| {
        if castle { perft_baseline::<S, true>(p, d, s, t) } else { perft_baseline::<S, false>(p, d, s, t) }
    })
}

compiled_for! { x86_64_v3,
    fn perft_v3<S: Sliders, const CASTLE: bool, const PROMOTE: bool, const KNOWN: bool>(pos: &Position, depth: u32, sliders: S, table: Option<&PerftTable>) -> u64 {
        // The closure inherits this function's features, so the recursion needs no check.
        perft_body::<S, CASTLE, PROMOTE, KNOWN>(pos, depth, sliders, table, |p, d, s, t, castle, promote, known| match (castle, promote, known) {
            (true, true, _) => perft_v3::<S, true, true, false>(p, d, s, t),
            (true, false, false) => perft_v3::<S, true, false, false>(p, d, s, t),
            (true, false, true) => perft_v3::<S, true, false, true>(p, d, s, t),
            (false, true, _) => perft_v3::<S, false, true, false>(p, d, s, t),
            (false, false, false) => perft_v3::<S, false, false, false>(p, d, s, t),
            (false, false, true) => perft_v3::<S, false, false, true>(p, d, s, t),
        })
    }
}

compiled_for! { x86_64_v4,
    fn perft_v4<S: Sliders, const CASTLE: bool>(pos: &Position, depth: u32, sliders: S, table: Option<&PerftTable>) -> u64 {
        perft_body::<S, CASTLE, true, false>(pos, depth, sliders, table, |p, d, s, t, castle, _, _| {
            if castle { perft_v4::<S, true>(p, d, s, t) } else { perft_v4::<S, false>(p, d, s, t) }
        })
    }
}

/// One level of perft. Inlined into each CPU copy (baseline, v3, v4), with the generator
/// inside it, so the whole tree walk is compiled per copy; `recurse(child, depth, sliders,
/// table, CASTLE, PROMOTE, KNOWN)` calls the same CPU copy compiled for those constants (or
/// the nearest it has). Its leaf loops leave out castling where `CASTLE` is false (no rights
/// left, or, at a leaf parent, none for its children's side) and promotions where `PROMOTE`
/// is false (a leaf parent whose children's side has no pawn on its seventh rank): code that
/// never runs still takes registers in the loop every leaf child goes through (see
/// docs/performance.md). `KNOWN` (only with `PROMOTE` false): the leaf parent counts its
/// children's knights and sliders once, and each child recounts only those its move touches
/// (`leaf_parent::KnownPieces`).
#[inline(always)]
fn perft_body<S: Sliders, const CASTLE: bool, const PROMOTE: bool, const KNOWN: bool>(
    pos: &Position,
    depth: u32,
    sliders: S,
    table: Option<&PerftTable>,
    recurse: impl Fn(&Position, u32, S, Option<&PerftTable>, bool, bool, bool) -> u64,
) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves_with(sliders),
        // The parents of the leaves count their children's moves in place, without a call.
        2 => leaf_parent::count_grandchildren::<S, CASTLE, PROMOTE, KNOWN>(pos, sliders),
        _ => {
            if let Some(n) = table.and_then(|t| t.probe(pos.key(), depth)) {
                return n;
            }
            let mut nodes = 0;
            for &mv in pos.legal_moves_with(sliders).iter() {
                let mut child = *pos;
                child.play(mv);
                let (castle, promote, known) = if depth == 3 {
                    leaf_parent::children_can(&child)
                } else {
                    // Castling rights never come back: once none are left, the whole subtree
                    // runs the copy without castling.
                    (!child.board().castling.is_empty(), true, false)
                };
                let count = recurse(&child, depth - 1, sliders, table, CASTLE && castle, promote, known);
                // Saturating: a count past u64::MAX stays there instead of wrapping (one add
                // per interior node, three plies above the leaves and higher).
                nodes = count.saturating_add(nodes);
            }
            if let Some(t) = table {
                t.store(pos.key(), depth, nodes);
            }
            nodes
        }
    }
}
