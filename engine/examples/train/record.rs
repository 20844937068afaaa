//! The training record: bulletformat's 32-byte `ChessBoard`, as datagen writes it. The board
//! is seen from the side to move (flipped vertically and the colours swapped when Black is to
//! move), and so are the score (centipawns) and the result (0, 1, 2: loss, draw, win). The
//! engine's inputs flip the same way for Black, so the side to move is "White" in their terms.

use bbcore::{Color, Role, Square};
use bbengine::nnue::feature;
use bulletformat::ChessBoard;

/// Bytes a record takes on disk.
pub const RECORD_BYTES: usize = 32;

/// The record in `bytes` (little-endian fields in `ChessBoard`'s order), or why it is not one.
pub fn decode(bytes: &[u8; RECORD_BYTES]) -> Result<ChessBoard, &'static str> {
    let mut occ = [0u8; 8];
    occ.copy_from_slice(&bytes[..8]);
    let mut pcs = [0u8; 16];
    pcs.copy_from_slice(&bytes[8..24]);
    let board = ChessBoard {
        occ: u64::from_le_bytes(occ),
        pcs,
        score: i16::from_le_bytes([bytes[24], bytes[25]]),
        result: bytes[26],
        ksq: bytes[27],
        opp_ksq: bytes[28],
        extra: [bytes[29], bytes[30], bytes[31]],
    };
    if board.occ.count_ones() > 32 {
        return Err("more than 32 pieces");
    }
    if board.result > 2 {
        return Err("a result other than 0, 1 or 2");
    }
    if board.into_iter().any(|(piece, _)| piece & 7 > 5) {
        return Err("a piece code that is no piece");
    }
    Ok(board)
}

/// The bytes of `board` on disk (the inverse of [`decode`]; the tests write records with it).
#[cfg(test)]
pub fn encode(board: &ChessBoard) -> [u8; RECORD_BYTES] {
    let mut bytes = [0u8; RECORD_BYTES];
    bytes[..8].copy_from_slice(&board.occ.to_le_bytes());
    bytes[8..24].copy_from_slice(&board.pcs);
    bytes[24..26].copy_from_slice(&board.score.to_le_bytes());
    bytes[26] = board.result;
    bytes[27] = board.ksq;
    bytes[28] = board.opp_ksq;
    bytes[29..].copy_from_slice(&board.extra);
    bytes
}

/// `board` with files a and h swapped: the same chess up to castling rights, which neither
/// the record nor the inputs show. The pieces are repacked in the new square order.
pub fn mirrored(board: &ChessBoard) -> ChessBoard {
    let mut pieces = [(0u8, 0u8); 32];
    let mut count = 0;
    for (piece, sq) in *board {
        pieces[count] = (sq ^ 7, piece);
        count += 1;
    }
    pieces[..count].sort_unstable();
    let mut out = ChessBoard { ksq: board.ksq ^ 7, opp_ksq: board.opp_ksq ^ 7, ..*board };
    out.occ = 0;
    out.pcs = [0; 16];
    for (i, &(sq, piece)) in pieces[..count].iter().enumerate() {
        out.occ |= 1 << sq;
        out.pcs[i / 2] |= piece << (4 * (i & 1));
    }
    out
}

/// How each view's inputs depend on where its own king stands, as strong engines' networks
/// do: `buckets` sets of the 768 inputs, one chosen per view by its king's square
/// ([`KingInputs::bucket`]), and with `mirror` the board seen with files a and h swapped
/// whenever that king stands on files e to h, so the view always has its king on the a-d half.
/// [`KingInputs::PLAIN`] (one set, no mirroring) is the engine's input layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingInputs {
    pub buckets: usize,
    pub mirror: bool,
}

impl KingInputs {
    /// The engine's inputs: one set, never mirrored.
    pub const PLAIN: KingInputs = KingInputs { buckets: 1, mirror: false };
    /// The bucket counts [`KingInputs::bucket`] knows.
    pub const BUCKETS: [usize; 2] = [1, 4];

    /// The bucket of a view whose king is on `king` (in the view's orientation: its own back
    /// rank is rank 1). With 4 buckets: the back rank's corner files (a-c, f-h; where castled
    /// kings stand), its centre files (d, e), the second rank, and further up.
    pub fn bucket(&self, king: u8) -> usize {
        let (file, rank) = (king & 7, king >> 3);
        match (self.buckets, rank) {
            (1, _) => 0,
            (_, 0) if (3..=4).contains(&file) => 1,
            (_, 0) => 0,
            (_, 1) => 2,
            _ => 3,
        }
    }
}

/// A record's inputs: the side to move's view, then the other side's; `count` of each used.
pub struct Inputs {
    pub features: [[u16; 32]; 2],
    pub count: usize,
}

impl Inputs {
    /// The inputs of a (decoded, so valid) record, the engine's inputs.
    #[cfg(test)]
    pub fn of(board: &ChessBoard) -> Inputs {
        Inputs::with(board, KingInputs::PLAIN)
    }

    /// The inputs of a (decoded, so valid) record for the king inputs `king`: each view's
    /// bucket's set of 768 (the engine's [`feature`] plus 768 times the bucket), of the board
    /// mirrored where that view's king stands on files e to h.
    pub fn with(board: &ChessBoard, king: KingInputs) -> Inputs {
        // Each view's own king, in that view's orientation: the record keeps both (the other
        // side's flipped), so the board need not be searched for them.
        let kings = [board.our_ksq(), board.opp_ksq()];
        let flips = kings.map(|k| if king.mirror && k & 7 >= 4 { 7 } else { 0 });
        let offsets = kings.map(|k| (king.bucket(k) * bbengine::nnue::INPUTS) as u16);
        let mut features = [[0u16; 32]; 2];
        let mut count = 0;
        for (piece, sq) in *board {
            let (color, role) = (Color::ALL[usize::from(piece >> 3 & 1)], Role::ALL[usize::from(piece & 7)]);
            for perspective in Color::ALL {
                let view = perspective.index();
                let sq = Square::new_masked(sq ^ flips[view]);
                features[view][count] = offsets[view] + feature(perspective, color, role, sq) as u16;
            }
            count += 1;
        }
        Inputs { features, count }
    }

    /// The inputs of each view.
    pub fn views(&self) -> [&[u16]; 2] {
        [&self.features[0][..self.count], &self.features[1][..self.count]]
    }
}

/// The game's result for the side to move: 0, 0.5 or 1.
pub fn result(board: &ChessBoard) -> f32 {
    f32::from(board.result) / 2.0
}

/// The record's board as a FEN with the side to move as White (castling and en passant are
/// not recorded), for the hand-written evaluation, which is symmetric between the colours.
pub fn fen(board: &ChessBoard) -> String {
    let mut mailbox = [None; 64];
    for (piece, sq) in *board {
        let letter = b"PNBRQK"[usize::from(piece & 7)] as char;
        mailbox[usize::from(sq)] = Some(if piece & 8 == 0 { letter } else { letter.to_ascii_lowercase() });
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match mailbox[rank * 8 + file] {
                Some(letter) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen + " w - - 0 1"
}
