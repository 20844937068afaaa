//! FEN in and out: standard FEN, X-FEN and Shredder-FEN castling fields.

use core::fmt;
use core::str::FromStr;

use bbcore::{Bitboard, Color, File, Piece, Rank, Role, Square};

use super::castling::CastleSide;
use super::position::Position;
use super::zobrist::KEYS;
use crate::sliders::KoggeStone;

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was rejected; the message names the bad field.
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

impl FromStr for Position {
    type Err = FenError;

    /// Parses FEN (six fields, or four with counters `0 1`). Castling may be `KQkq` (X-FEN:
    /// the outermost rook on that side) or rook files (`HAha`, Shredder-FEN), so Chess960
    /// positions load. An en passant square that could follow a double push but where no
    /// en passant capture is legal is accepted and dropped (written back as `-`).
    fn from_str(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        parse_placement(&mut pos, fields[0])?;
        pos.board.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        if pos.board.side == Color::Black {
            pos.key ^= KEYS.white_to_move(); // `empty()` starts with white to move
        }
        if pos.attackers_with(KoggeStone, pos.king(pos.board.side.other()), pos.board.side, pos.occupied()).any() {
            return Err(FenError::OpponentInCheck);
        }
        parse_castling(&mut pos, fields[2])?;
        parse_en_passant(&mut pos, fields[3])?;
        if fields.len() == 6 {
            pos.halfmove_clock = fields[4].parse().map_err(|_| FenError::BadHalfmoveClock(fields[4].to_string()))?;
            pos.fullmove_number = match fields[5].parse() {
                Ok(n) if n >= 1 => n,
                _ => return Err(FenError::BadFullmoveNumber(fields[5].to_string())),
            };
        }
        Ok(pos)
    }
}

fn parse_placement(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - row as u8);
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
            } else {
                let piece = Piece::from_char(c).ok_or(FenError::BadPiece(c))?;
                if file >= 8 {
                    return Err(FenError::RankLength(rank));
                }
                pos.put(Square::from_coords(File::new(file), rank), piece);
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankLength(rank));
            }
        }
        if file != 8 {
            return Err(FenError::RankLength(rank));
        }
    }
    for color in Color::ALL {
        let kings = pos.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(FenError::KingCount(color, kings));
        }
    }
    if let Some(sq) = (pos.role(Role::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).lowest() {
        return Err(FenError::PawnOnBackRank(sq));
    }
    for color in Color::ALL {
        if !material_is_possible(pos, color) {
            return Err(FenError::TooMuchMaterial(color));
        }
    }
    Ok(())
}

/// At most 16 pieces and 8 pawns, and no more pieces beyond the starting set (1 queen, 2 rooks,
/// 2 bishops, 2 knights) than pawns have gone missing to promote. This also bounds the number
/// of legal moves well below [`super::MAX_MOVES`].
fn material_is_possible(pos: &Position, color: Color) -> bool {
    let count = |role| pos.pieces(color, role).count();
    let pawns = count(Role::Pawn);
    let extra = [(Role::Queen, 1), (Role::Rook, 2), (Role::Bishop, 2), (Role::Knight, 2)]
        .iter()
        .map(|&(role, start)| count(role).saturating_sub(start))
        .sum::<u32>();
    pos.color(color).count() <= 16 && pawns <= 8 && extra <= 8 - pawns
}

fn parse_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    // Shredder-FEN names every rook by file; X-FEN uses KQkq and files only for inner rooks.
    pos.shredder_castling = !field.chars().any(|c| "KQkq".contains(c));
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back_rank = if color == Color::White { Rank::First } else { Rank::Eighth };
        let king = pos.king(color);
        let rooks_on_rank = pos.pieces(color, Role::Rook) & Bitboard::rank(back_rank);
        let missing = FenError::CastlingWithoutPieces(c);
        if king.rank() != back_rank {
            return Err(missing);
        }
        let rook = match c.to_ascii_lowercase() {
            'k' => rooks_on_rank.iter().filter(|r| r.file() > king.file()).last().ok_or(missing)?,
            'q' => rooks_on_rank.iter().find(|r| r.file() < king.file()).ok_or(missing)?,
            'a'..='h' => {
                let file = File::from_char(c.to_ascii_lowercase()).ok_or(FenError::BadCastlingChar(c))?;
                let sq = Square::from_coords(file, back_rank);
                if !rooks_on_rank.has(sq) || file == king.file() {
                    return Err(missing);
                }
                sq
            }
            _ => return Err(FenError::BadCastlingChar(c)),
        };
        let side = if rook.file() > king.file() { CastleSide::King } else { CastleSide::Queen };
        if pos.board.castling.rook(color, side).is_some() {
            return Err(FenError::BadCastlingChar(c));
        }
        pos.board.castling.set(color, side, Some(rook));
        pos.key ^= KEYS.castling(color, side as usize);
        let standard_rook_file = if side == CastleSide::King { File::H } else { File::A };
        if king.file() != File::E || rook.file() != standard_rook_file {
            pos.chess960 = true;
        }
    }
    Ok(())
}

fn parse_en_passant(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let sq: Square = field.parse().map_err(|_| FenError::BadEnPassant(field.to_string()))?;
    let us = pos.board.side;
    let (ep_rank, forward) = if us == Color::White { (Rank::Sixth, 1) } else { (Rank::Third, -1) };
    let impossible = FenError::ImpossibleEnPassant(sq);
    let pushed_pawn = sq.offset(0, -forward).ok_or(impossible.clone())?;
    let origin = sq.offset(0, forward).ok_or(impossible.clone())?;
    let occupied = pos.occupied();
    if sq.rank() != ep_rank
        || occupied.has(sq)
        || occupied.has(origin)
        || !pos.pieces(us.other(), Role::Pawn).has(pushed_pawn)
    {
        return Err(impossible);
    }
    // A square no pawn can legally take on is dropped, as a double push would not have set it
    // (`en_passant.rs`): the position is the same as without it, and compares and hashes so.
    if pos.board.en_passant_is_legal(us, sq) {
        pos.board.en_passant = Some(sq);
        pos.key ^= KEYS.en_passant(sq);
    }
    Ok(())
}

impl fmt::Display for Position {
    /// Writes FEN. Castling is written as it was read: `KQkq` letters (X-FEN when a rook is
    /// not the outermost), or rook files when the FEN used Shredder-FEN. The alternate form
    /// (`{:#}`) draws the board as a diagram, with the FEN below it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return super::diagram::write_diagram(self, f);
        }
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if *rank != Rank::First {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", self.board.side.char())?;
        self.write_castling(f)?;
        match self.board.en_passant {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

impl Position {
    fn write_castling(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.board.castling.is_empty() {
            return f.write_str("-");
        }
        for color in Color::ALL {
            let rank_rooks = self.pieces(color, Role::Rook) & Bitboard::rank(self.king(color).rank());
            for side in CastleSide::ALL {
                let Some(rook) = self.board.castling.rook(color, side) else { continue };
                let king_file = self.king(color).file();
                let outermost = match side {
                    CastleSide::King => rank_rooks.iter().filter(|r| r.file() > king_file).last(),
                    CastleSide::Queen => rank_rooks.iter().find(|r| r.file() < king_file),
                };
                let letter = if self.shredder_castling || outermost != Some(rook) {
                    rook.file().char().to_ascii_uppercase()
                } else if side == CastleSide::King {
                    'K'
                } else {
                    'Q'
                };
                let letter = if color == Color::White { letter } else { letter.to_ascii_lowercase() };
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}
