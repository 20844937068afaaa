//! What a `go` asks for: depth, nodes, time, mate, the moves to consider, and how it ends.

use crate::board::Move;

/// The limits of one search, as the UCI `go` command gives them. `None` means no limit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search at most this deep (plies of iterative deepening).
    pub depth: Option<u32>,
    /// Stop after about this many nodes (exactly, on one thread).
    pub nodes: Option<u64>,
    /// Think exactly this long, in milliseconds (less the move overhead).
    pub movetime: Option<u64>,
    /// White's remaining time in milliseconds (negative values count as zero).
    pub wtime: Option<i64>,
    /// Black's remaining time in milliseconds.
    pub btime: Option<i64>,
    /// White's increment per move in milliseconds.
    pub winc: Option<i64>,
    /// Black's increment per move in milliseconds.
    pub binc: Option<i64>,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Search for a mate in at most this many moves.
    pub mate: Option<u32>,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
    /// Search until told to stop; the best move is withheld until then.
    pub infinite: bool,
    /// Start in ponder mode: no time limit until `ponderhit`.
    pub ponder: bool,
}

impl Limits {
    /// Limits that stop only at `depth`.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Whether a clock (time left for either side) is given.
    pub fn has_clock(&self) -> bool {
        self.wtime.is_some() || self.btime.is_some()
    }
}
