//! One training position as the 32-byte record of the bullet trainer
//! (`bulletformat::ChessBoard`): the pieces seen from the side to move (the board flipped
//! vertically and the colours swapped when Black is to move), the search score and the game's
//! result for the side to move. Files of these records are what GPU trainers read, so the data
//! datagen writes is not tied to this repository's own trainer. Included by `#[path]`.

use bbcore::{Color, Piece, Role, Square};
use bbengine::Position;
use bulletformat::{BulletFormat as _, ChessBoard};

/// Bytes of one record.
#[allow(dead_code)] // Each program that includes this file uses its own part of it.
pub const RECORD_BYTES: usize = std::mem::size_of::<ChessBoard>();

/// The record of `position` with `white_score` (centipawns, White's view) and `white_result`
/// (1, 0.5 or 0 for White). Fails when the score does not fit the record's 16 bits.
pub fn to_record(position: &Position, white_score: i32, white_result: f32) -> Result<ChessBoard, String> {
    let score = i16::try_from(white_score).map_err(|_| format!("score {white_score} does not fit 16 bits"))?;
    let colors = [Color::White, Color::Black].map(|c| position.color(c).0);
    let roles = Role::ALL.map(|r| position.role(r).0);
    let bbs = [colors[0], colors[1], roles[0], roles[1], roles[2], roles[3], roles[4], roles[5]];
    ChessBoard::from_raw(bbs, position.side_to_move().index(), score, white_result)
}

/// The records as the bytes of a `.bin` file (a plain concatenation, native byte order, as
/// `bulletformat` reads them back).
pub fn as_bytes(records: &[ChessBoard]) -> &[u8] {
    ChessBoard::as_bytes_slice(records)
}

/// A record's pieces on the real board, given who was to move (the record does not say):
/// the inverse of [`to_record`]'s flip, for tests and for checking a file.
#[allow(dead_code)] // Each program that includes this file uses its own part of it.
pub fn pieces(record: &ChessBoard, side_to_move: Color) -> Vec<(Piece, Square)> {
    record
        .into_iter()
        .map(|(code, square)| {
            // Bit 3: the side not to move; bits 0-2: the role, pawn to king.
            let color = if code & 8 == 0 { side_to_move } else { side_to_move.other() };
            let role = Role::ALL[usize::from(code & 7)];
            let square = Square::new(if side_to_move == Color::Black { square ^ 56 } else { square });
            (Piece { color, role }, square)
        })
        .collect()
}

/// A record's score and result back in White's view, given who was to move.
#[allow(dead_code)] // Each program that includes this file uses its own part of it.
pub fn white_score_and_result(record: &ChessBoard, side_to_move: Color) -> (i32, f32) {
    let (score, result) = (i32::from(record.score()), record.result());
    match side_to_move {
        Color::White => (score, result),
        Color::Black => (-score, 1.0 - result),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions with both sides to move, promotions about to happen, castling rights, an en
    /// passant square, and kings off their start squares.
    const FENS: [&str; 6] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2P5/8/8/8/6k1/1K4p1/8 b - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        "8/8/8/3k4/8/8/8/4K3 b - - 12 60",
    ];

    fn pieces_of(position: &Position) -> Vec<(Piece, Square)> {
        let mut all: Vec<(Piece, Square)> =
            position.occupied().iter().map(|sq| (position.piece_at(sq).expect("occupied"), sq)).collect();
        all.sort_by_key(|&(_, sq)| sq.index());
        all
    }

    #[test]
    fn a_record_gives_back_the_pieces_score_and_result_for_either_side_to_move() {
        for (i, fen) in FENS.iter().enumerate() {
            let position: Position = fen.parse().expect("a valid FEN");
            let stm = position.side_to_move();
            let (score, result) = ([-350, 0, 17, 1200, -5, 31][i], [0.0, 0.5, 1.0, 0.0, 1.0, 0.5][i]);
            let record = to_record(&position, score, result).expect("fits");
            let mut back = pieces(&record, stm);
            back.sort_by_key(|&(_, sq)| sq.index());
            assert_eq!(back, pieces_of(&position), "{fen}");
            assert_eq!(white_score_and_result(&record, stm), (score, result), "{fen}");
            // The record itself is the side to move's view.
            let (own_score, own_result) = if stm == Color::White { (score, result) } else { (-score, 1.0 - result) };
            assert_eq!((i32::from(record.score()), record.result()), (own_score, own_result), "{fen}");
            let flip = |sq: Square| if stm == Color::Black { sq.index() ^ 56 } else { sq.index() };
            assert_eq!(usize::from(record.our_ksq()), flip(position.king(stm)), "{fen}");
            assert_eq!(usize::from(record.opp_ksq()), flip(position.king(stm.other())) ^ 56, "{fen}");
        }
    }

    #[test]
    fn records_match_the_ones_bulletformat_makes_from_its_own_text_format() {
        for (i, fen) in FENS.iter().enumerate() {
            let position: Position = fen.parse().expect("a valid FEN");
            let (score, result) = ([-350, 0, 17, 1200, -5, 31][i], [0.0, 0.5, 1.0, 0.0, 1.0, 0.5][i]);
            let theirs: ChessBoard = format!("{fen} | {score} | {result}").parse().expect("bulletformat reads it");
            assert_eq!(to_record(&position, score, result), Ok(theirs), "{fen}");
        }
    }

    #[test]
    fn black_to_move_is_stored_flipped_and_negated() {
        // Only a white king on e1, a black king on e8 and a black pawn on a2; Black to move.
        let position: Position = "4k3/8/8/8/8/8/p7/4K3 b - - 0 1".parse().expect("a valid FEN");
        let record = to_record(&position, -250, 0.0).expect("fits");
        // Seen from Black: its king on e1 (square 4), its pawn on a7 (48), White's king on e8 (60).
        let stored: Vec<(u8, u8)> = record.into_iter().collect();
        assert_eq!(stored, vec![(5, 4), (0, 48), (8 | 5, 60)]);
        assert_eq!((record.score(), record.result()), (250, 1.0));
    }

    #[test]
    fn scores_beyond_16_bits_are_refused_and_files_are_32_bytes_a_record() {
        let position = Position::startpos();
        assert!(to_record(&position, 40_000, 0.5).is_err());
        let records = [to_record(&position, 1, 0.5).expect("fits"); 3];
        assert_eq!(as_bytes(&records).len(), 3 * RECORD_BYTES);
        assert_eq!(RECORD_BYTES, 32);
    }
}
