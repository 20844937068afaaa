//! shakmaty: perft on `Chess` with `legal_moves`, counting the last ply by list length.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use crate::PeerError;

/// The crate's name, as reports print it.
pub const NAME: &str = "shakmaty";

/// Parses a FEN into a shakmaty position: standard castling, else Chess960 castling.
pub fn parse(fen: &str) -> Result<Chess, PeerError> {
    let setup: Fen = fen.parse().map_err(|e| PeerError(format!("{NAME} rejects FEN {fen:?}: {e}")))?;
    match setup.clone().into_position(CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        Err(_) => setup
            .into_position(CastlingMode::Chess960)
            .map_err(|e| PeerError(format!("{NAME} rejects position {fen:?}: {e}"))),
    }
}

/// The number of legal move sequences of length `depth`; the last ply is the length of the
/// legal move list, each other move is played on a clone.
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}
