//! `FenError`: why a FEN, or a [`Setup`](super::Setup) (which FEN parsing builds and the
//! same checks validate), was rejected.

use core::fmt;

use bbcore::{Color, Rank, Square};

/// Why a FEN or a [`Setup`](super::Setup) was rejected; the message names the FEN field at
/// fault (for a setup, the field its FEN would have).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// A FEN has six space-separated fields (four are accepted: counters default to `0 1`).
    FieldCount(usize),
    /// The placement field does not have eight ranks separated by `/`.
    RankCount(usize),
    /// A character in the placement field is neither a piece letter nor a digit 1–8.
    BadPiece(char),
    /// A rank of the placement field does not describe exactly eight squares (rank 8 first).
    RankLength(Rank),
    /// A side has no king or more than one.
    KingCount(Color, u32),
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// A side has more material than a game can produce: over 16 pieces, over 8 pawns, or more
    /// promoted pieces than missing pawns.
    TooMuchMaterial(Color),
    /// The side field is not `w` or `b`.
    BadSide(String),
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// A castling character is not `KQkq`, a file letter or `-`.
    BadCastlingChar(char),
    /// A castling right has no king on its back rank or no rook where it says.
    CastlingWithoutPieces(char),
    /// The en passant field is not `-` or a square.
    BadEnPassant(String),
    /// The en passant square cannot follow a double pawn push in this position.
    ImpossibleEnPassant(Square),
    /// The half-move clock is not a number.
    BadHalfmoveClock(String),
    /// The move number is not a number of at least 1.
    BadFullmoveNumber(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "FEN needs 6 fields (or 4 without counters), found {n}"),
            FenError::RankCount(n) => write!(f, "FEN placement field needs 8 ranks separated by '/', found {n}"),
            FenError::BadPiece(c) => write!(f, "FEN placement field has bad piece letter {c:?}"),
            FenError::RankLength(r) => write!(f, "FEN placement field: rank {r} does not have eight squares"),
            FenError::KingCount(c, n) => {
                let side = if *c == Color::White { "white" } else { "black" };
                if *n == 0 {
                    write!(f, "FEN placement field: {side} king is missing")
                } else {
                    write!(f, "FEN placement field: {side} has {n} kings (extra king)")
                }
            }
            FenError::PawnOnBackRank(sq) => write!(f, "FEN placement field: pawn on first or last rank ({sq})"),
            FenError::TooMuchMaterial(c) => {
                let side = if *c == Color::White { "white" } else { "black" };
                write!(f, "FEN placement field: {side} has more pieces than a game can produce")
            }
            FenError::BadSide(s) => write!(f, "FEN side field must be 'w' or 'b', found {s:?}"),
            FenError::OpponentInCheck => write!(f, "FEN side field: the side not to move is in check"),
            FenError::BadCastlingChar(c) => write!(f, "FEN castling field has bad character {c:?}"),
            FenError::CastlingWithoutPieces(c) => {
                write!(f, "FEN castling field: right {c:?} has no king and rook on the back rank to match")
            }
            FenError::BadEnPassant(s) => write!(f, "FEN en passant field must be '-' or a square, found {s:?}"),
            FenError::ImpossibleEnPassant(sq) => {
                write!(f, "FEN en passant field: {sq} cannot follow a double pawn push here")
            }
            FenError::BadHalfmoveClock(s) => write!(f, "FEN half-move clock is not a number: {s:?}"),
            FenError::BadFullmoveNumber(s) => write!(f, "FEN move number is not a number of at least 1: {s:?}"),
        }
    }
}

impl std::error::Error for FenError {}
