//! `bbbench`: benchmarks of bb against the peer crates cozy-chess, shakmaty and chess.
//!
//! The library holds what the criterion benches and the `peer-perft` binary share: each peer's
//! perft in its fastest idiomatic form (one module per peer, bulk counting at the last ply),
//! a run-time [`Peer`] choice for the binary, and the fixed set of slider inputs.
//!
//! ```
//! use bbbench::Peer;
//!
//! let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//! for peer in Peer::ALL {
//!     assert_eq!(peer.prepare(start)?.perft(3), 8_902);
//! }
//! # Ok::<(), bbbench::PeerError>(())
//! ```
#![deny(missing_docs)]

pub mod lookup;
pub mod peer_chess;
pub mod peer_cozy_chess;
pub mod peer_shakmaty;

use core::fmt;
use core::str::FromStr;

use bbcore::{Bitboard, SplitMix64, Square};

/// A peer crate, chosen by name at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Peer {
    /// [cozy-chess](https://crates.io/crates/cozy-chess).
    CozyChess,
    /// [shakmaty](https://crates.io/crates/shakmaty).
    Shakmaty,
    /// [chess](https://crates.io/crates/chess).
    Chess,
}

impl Peer {
    /// Every peer, in the order reports list them.
    pub const ALL: [Peer; 3] = [Peer::CozyChess, Peer::Shakmaty, Peer::Chess];

    /// The crate's name, as reports print it.
    pub const fn name(self) -> &'static str {
        match self {
            Peer::CozyChess => peer_cozy_chess::NAME,
            Peer::Shakmaty => peer_shakmaty::NAME,
            Peer::Chess => peer_chess::NAME,
        }
    }

    /// Parses `fen` into this peer's board type, ready for [`PeerBoard::perft`].
    pub fn prepare(self, fen: &str) -> Result<PeerBoard, PeerError> {
        Ok(match self {
            Peer::CozyChess => PeerBoard::CozyChess(peer_cozy_chess::parse(fen)?),
            Peer::Shakmaty => PeerBoard::Shakmaty(Box::new(peer_shakmaty::parse(fen)?)),
            Peer::Chess => PeerBoard::Chess(peer_chess::parse(fen)?),
        })
    }
}

impl fmt::Display for Peer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Peer {
    type Err = PeerError;
    fn from_str(s: &str) -> Result<Peer, PeerError> {
        Peer::ALL.into_iter().find(|p| p.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Peer::ALL.iter().map(|p| p.name()).collect();
            PeerError(format!("unknown peer {s:?} (expected one of: {})", names.join(", ")))
        })
    }
}

/// A position in one peer's own board type.
#[derive(Clone, Debug)]
pub enum PeerBoard {
    /// A cozy-chess board.
    CozyChess(cozy_chess::Board),
    /// A shakmaty position (boxed: it is much larger than the others).
    Shakmaty(Box<shakmaty::Chess>),
    /// A chess board.
    Chess(chess::Board),
}

impl PeerBoard {
    /// The peer's perft count at `depth` (the dispatch happens once, at the root).
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            PeerBoard::CozyChess(board) => peer_cozy_chess::perft(board, depth),
            PeerBoard::Shakmaty(pos) => peer_shakmaty::perft(pos, depth),
            PeerBoard::Chess(board) => peer_chess::perft(board, depth),
        }
    }
}

/// A peer rejected the input (an unknown name or a FEN it does not accept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerError(pub String);

impl fmt::Display for PeerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PeerError {}

/// The seed of [`slider_inputs`]; fixed so every run and every contender sees the same set.
pub const SLIDER_SEED: u64 = 0x00BB_5EED_0000_0001;

/// How many (square, occupancy) pairs the slider benchmarks look up per iteration.
pub const SLIDER_INPUTS: usize = 4096;

/// The fixed, seeded slider inputs: [`SLIDER_INPUTS`] pairs of a square and an occupancy.
///
/// Each occupancy is the AND of two random words (about 16 of 64 squares set, a middlegame's
/// density) with the slider's own square added, as on a real board.
///
/// ```
/// let inputs = bbbench::slider_inputs();
/// assert_eq!(inputs.len(), bbbench::SLIDER_INPUTS);
/// assert_eq!(inputs, bbbench::slider_inputs());
/// assert!(inputs.iter().all(|&(sq, occ)| occ.0 & (1 << sq.index()) != 0));
/// ```
pub fn slider_inputs() -> Vec<(Square, Bitboard)> {
    let mut rng = SplitMix64::new(SLIDER_SEED);
    (0..SLIDER_INPUTS)
        .map(|_| {
            let sq = Square::new((rng.next_u64() >> 58) as u8);
            let occ = rng.next_u64() & rng.next_u64() | 1 << sq.index();
            (sq, Bitboard(occ))
        })
        .collect()
}
