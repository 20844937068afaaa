//! cozy-chess: perft with its callback generator, counting the last ply in bulk.

use cozy_chess::Board;

use crate::PeerError;

/// The crate's name, as reports print it.
pub const NAME: &str = "cozy-chess";

/// Parses a FEN (standard or Shredder) into a cozy-chess board.
pub fn parse(fen: &str) -> Result<Board, PeerError> {
    fen.parse().map_err(|e| PeerError(format!("{NAME} rejects FEN {fen:?}: {e:?}")))
}

/// The number of legal move sequences of length `depth`. At the last ply each piece's
/// target set is counted with `PieceMoves::len` (a popcount), not iterated.
pub fn perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}
