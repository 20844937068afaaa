//! What each search thread keeps from one search to the next within a game: its
//! move-ordering [`History`] (aged between searches), its [`PawnCache`] and its network
//! accumulators (both exact, so kept as they are), held by the caller in [`SearchTables`].

use super::history::History;
use crate::eval::PawnCache;
use crate::nnue::AccumulatorCache;

/// One search thread's memory.
pub(crate) struct ThreadMemory {
    pub history: Box<History>,
    pub pawns: PawnCache,
    pub accumulators: AccumulatorCache,
}

impl ThreadMemory {
    fn new() -> ThreadMemory {
        ThreadMemory {
            history: History::new(),
            pawns: PawnCache::new(),
            accumulators: AccumulatorCache::new(super::MAX_PLY + 2),
        }
    }
}

/// The memory of every search thread (move-ordering history, counter-moves, pawn cache),
/// kept by the caller from one search to the next within a game so later searches start
/// with what earlier ones learnt. Pass it to [`super::search_with_tables`]; [`super::search`]
/// uses fresh tables every time. Clear it (or make a new one) for a new game.
#[derive(Default)]
pub struct SearchTables {
    threads: Vec<ThreadMemory>,
}

impl SearchTables {
    /// No tables yet: every thread starts its first search with empty ones.
    pub fn new() -> SearchTables {
        SearchTables::default()
    }

    /// Forgets everything (a new game, `Clear Hash`).
    pub fn clear(&mut self) {
        self.threads.clear();
    }

    /// The memory for a search on `threads` threads (at least one): the main thread's, then
    /// the helpers'; the kept histories aged, fresh memory for threads that did not search
    /// last time.
    pub(crate) fn prepare(&mut self, threads: usize) -> (&mut ThreadMemory, &mut [ThreadMemory]) {
        self.threads.truncate(threads.max(1));
        self.threads.iter_mut().for_each(|t| t.history.age());
        self.threads.resize_with(threads.max(1), ThreadMemory::new);
        let (main, helpers) = self.threads.split_at_mut(1);
        (&mut main[0], helpers)
    }

    /// Whether there is nothing to remember: no history value, no counter-move (tests).
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.threads.iter().all(|t| t.history.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use bbcore::{Color, Square};

    use super::*;
    use crate::board::{Move, MoveKind};

    const NF3: Move = Move::new(Square::G1, Square::F3, MoveKind::Normal);

    #[test]
    fn tables_follow_the_thread_count_and_clear() {
        let mut tables = SearchTables::new();
        let (main, helpers) = tables.prepare(2);
        main.history.update(Color::White, NF3, 1_000);
        helpers[0].history.update(Color::White, NF3, 800);

        let (main, helpers) = tables.prepare(3);
        assert_eq!(main.history.value(Color::White, NF3), 500);
        assert_eq!(helpers.iter().map(|t| t.history.value(Color::White, NF3)).collect::<Vec<_>>(), [400, 0]);

        let (main, helpers) = tables.prepare(1);
        assert_eq!(main.history.value(Color::White, NF3), 250);
        assert!(helpers.is_empty());

        assert!(!tables.is_empty());
        tables.clear();
        assert!(tables.is_empty());
        assert_eq!(tables.prepare(1).0.history.value(Color::White, NF3), 0);
    }
}
