//! One search thread's state: its node count, the key stack for repetitions, the search
//! stack (static evaluations, previous moves), the principal-variation table, its move
//! ordering memory, pawn cache and network accumulators (borrowed: they outlive the search)
//! and the root moves it sorts.

use std::sync::atomic::Ordering;

use super::MAX_PLY;
use super::evaluator::Evaluator;
use super::history::{History, NO_PIECE_TO};
use super::memory::ThreadMemory;
use super::threads::Shared;
use super::tt::Bound;
use crate::board::{Move, Position};
use crate::eval::{PawnCache, evaluate_cached};
use crate::nnue::{AccumulatorCache, NETWORK, Network};
use crate::sliders::Sliders;

/// What the search remembers about each ply of the current path.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    /// The static evaluation at this ply ([`super::NO_SCORE`] in check).
    pub eval: i32,
    /// The move played from this ply: piece index * 64 + target ([`NO_PIECE_TO`] for none
    /// or a null move).
    pub piece_to: usize,
}

/// A legal move at the root with what the last search of it found.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// The score of the current iteration (`-INFINITE` when it did not beat alpha).
    pub score: i32,
    /// The score of the last finished iteration.
    pub prev_score: i32,
    /// What the score says (`Exact` inside the window).
    pub bound: Bound,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<Move>,
    /// The deepest ply reached below it.
    pub seldepth: usize,
    /// Nodes searched below it in this search, all iterations (time management's effort).
    pub nodes: u64,
}

/// One thread's search.
pub(crate) struct Worker<'a, S> {
    pub sliders: S,
    pub shared: &'a Shared<'a>,
    /// 0 for the main thread, which reports and watches the clock.
    pub id: usize,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// The depth of the iteration in progress.
    pub root_depth: i32,
    /// Keys of the positions before the current one: the game's, then the search path's.
    pub keys: Vec<u64>,
    pub history: &'a mut History,
    pub stack: Vec<Frame>,
    pub pv: Vec<[Move; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 2],
    pub root_moves: Vec<RootMove>,
    /// One move buffer per ply for the pickers (see [`super::picker::Picker::new`]).
    pub buffers: Vec<Vec<(Move, i32)>>,
    /// The pawn structures this thread has evaluated (borrowed, like `history`).
    pub pawns: &'a mut PawnCache,
    /// The network's accumulators by ply (borrowed, like `history`).
    pub accumulators: &'a mut AccumulatorCache,
    /// What the static evaluation is (the request's).
    pub evaluator: Evaluator<'a>,
}

impl<'a, S: Sliders> Worker<'a, S> {
    /// A fresh worker for thread `id`, with the thread's kept `memory`.
    pub fn new(
        sliders: S,
        shared: &'a Shared<'a>,
        id: usize,
        game_keys: &[u64],
        memory: &'a mut ThreadMemory,
    ) -> Worker<'a, S> {
        let none = Move::new(bbcore::Square::A1, bbcore::Square::A1, crate::board::MoveKind::Normal);
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 8);
        keys.extend_from_slice(game_keys);
        if let Some(net) = shared.evaluator.network() {
            memory.accumulators.bind(net);
        }
        Worker {
            sliders,
            shared,
            id,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            keys,
            history: &mut memory.history,
            stack: vec![Frame { eval: super::NO_SCORE, piece_to: NO_PIECE_TO }; MAX_PLY + 4],
            pv: vec![[none; MAX_PLY + 1]; MAX_PLY + 2],
            pv_len: [0; MAX_PLY + 2],
            root_moves: Vec::new(),
            buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(crate::board::MAX_MOVES)).collect(),
            pawns: &mut memory.pawns,
            accumulators: &mut memory.accumulators,
            evaluator: shared.evaluator,
        }
    }

    /// The bookkeeping every node (full-width and quiescence) does on entry: clears the PV at
    /// `ply`, counts the node, raises the selective depth. Returns whether to stop searching.
    #[inline(always)]
    pub fn enter_node(&mut self, ply: usize) -> bool {
        self.pv_len[ply] = 0;
        self.nodes += 1;
        if self.should_stop() {
            return true;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        false
    }

    /// Whether the search must stop now: told to, out of nodes, or (main thread, checked
    /// every 1024 nodes) past the hard time limit. The first iteration always finishes, so
    /// there is always a move to play.
    #[inline(always)]
    pub fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.root_depth <= 1 {
            return false;
        }
        if self.id == 0
            && let Some(max) = self.shared.limits.nodes
            && self.nodes >= max
        {
            self.shared.stop_all();
            self.stopped = true;
            return true;
        }
        if self.nodes & 1023 == 0 {
            self.publish_nodes();
            if self.shared.is_stopped() {
                self.stopped = true;
            } else if self.id == 0
                && let Some(hard) = self.shared.time.hard
                && !self.shared.control.is_pondering()
                && self.shared.control.clock_elapsed() >= hard
            {
                self.shared.stop_all();
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The move buffer for a node at `ply` (an empty one if it is lent out already).
    #[inline(always)]
    pub fn take_buffer(&mut self, ply: usize) -> Vec<(Move, i32)> {
        self.buffers.get_mut(ply).map(std::mem::take).unwrap_or_default()
    }

    /// Returns the buffer of a node at `ply`.
    #[inline(always)]
    pub fn give_buffer(&mut self, ply: usize, buffer: Vec<(Move, i32)>) {
        if let Some(slot) = self.buffers.get_mut(ply) {
            *slot = buffer;
        }
    }

    /// The static evaluation of `pos`, searched at `ply`, for the side to move: the
    /// network's, or the hand-written evaluation's where it knows how to mate a bare king
    /// (everywhere with [`Evaluator::HandWritten`]). The embedded net is read as the `static`
    /// it is (its address known to the compiler, as before nets could be loaded); a loaded
    /// net goes through a call of its own, out of the hot copies.
    #[inline(always)]
    pub fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        match self.evaluator {
            Evaluator::Embedded if !crate::eval::has_mop_up(pos) => self.accumulators.evaluate(&NETWORK, pos, ply),
            Evaluator::Network(net) if !crate::eval::has_mop_up(pos) => self.evaluate_loaded(net, pos, ply),
            _ => evaluate_cached(pos, self.sliders, self.pawns),
        }
    }

    /// [`Worker::evaluate`] with a net loaded at run time.
    #[inline(never)]
    fn evaluate_loaded(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        self.accumulators.evaluate(net, pos, ply)
    }

    /// Makes this thread's node count visible to the reporting thread.
    #[inline(always)]
    pub fn publish_nodes(&self) {
        self.shared.node_counts[self.id].store(self.nodes, Ordering::Relaxed);
    }

    /// Sets the principal variation at `ply` to `mv` followed by the child's.
    #[inline(always)]
    pub fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].min(MAX_PLY);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = mv;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }
}
