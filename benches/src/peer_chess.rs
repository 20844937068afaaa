//! chess (jordanbray): perft with its legal `MoveGen`, counting the last ply by `len`.

use core::str::FromStr;

use chess::{Board, MoveGen};

use crate::PeerError;

/// The crate's name, as reports print it.
pub const NAME: &str = "chess";

/// Parses a FEN into a chess board (standard castling only: the crate has no Chess960).
pub fn parse(fen: &str) -> Result<Board, PeerError> {
    Board::from_str(fen).map_err(|e| PeerError(format!("{NAME} rejects FEN {fen:?}: {e}")))
}

/// The number of legal move sequences of length `depth`; the last ply is `MoveGen::len`
/// (popcounts of its target sets), each other move makes a new board (copy-make).
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.map(|mv| perft(&board.make_move_new(mv), depth - 1)).sum()
}
