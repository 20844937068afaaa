//! FEN in and out: standard FEN, X-FEN and Shredder-FEN castling fields.

use core::fmt;
use core::str::FromStr;

use bbcore::{Bitboard, Color, File, Piece, Rank, Role, Square};

use super::castling::CastleSide;
use super::fen_error::FenError;
use super::position::Position;
use super::setup::Setup;

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl FromStr for Position {
    type Err = FenError;

    /// Parses FEN (six fields, or four with counters `0 1`). Castling may be `KQkq` (X-FEN:
    /// the outermost rook on that side) or rook files (`HAha`, Shredder-FEN), so Chess960
    /// positions load. An en passant square that could follow a double push but where no
    /// en passant capture is legal is accepted and dropped (written back as `-`).
    ///
    /// The fields are read into a [`Setup`] (errors of form: field count, piece letters, rank
    /// lengths, side, castling letters, en passant square, counters), which then validates
    /// the position as it does for any setup.
    fn from_str(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut setup = Setup::empty();
        parse_placement(&mut setup, fields[0])?;
        setup.set_side_to_move(match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        });
        let letters = parse_castling(&mut setup, fields[2])?;
        if fields[3] != "-" {
            let sq = fields[3].parse().map_err(|_| FenError::BadEnPassant(fields[3].to_string()))?;
            setup.set_en_passant(Some(sq));
        }
        if fields.len() == 6 {
            let halfmove_clock = fields[4].parse().map_err(|_| FenError::BadHalfmoveClock(fields[4].to_string()))?;
            let fullmove_number = fields[5].parse().map_err(|_| FenError::BadFullmoveNumber(fields[5].to_string()))?;
            setup.set_clocks(halfmove_clock, fullmove_number);
        }
        let mut pos = setup.build(letters)?;
        // Shredder-FEN names every rook by file; X-FEN uses KQkq and files only for inner rooks.
        pos.shredder_castling = fields[2] != "-" && !fields[2].chars().any(|c| "KQkq".contains(c));
        Ok(pos)
    }
}

fn parse_placement(setup: &mut Setup, field: &str) -> Result<(), FenError> {
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
                setup.put(Square::from_coords(File::new(file), rank), piece);
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
    Ok(())
}

/// Reads the castling field into `setup` as rook files, returning the letter that named each
/// right (for the error if its king or rook is missing). `K`/`Q` take the outermost rook on
/// that side of a king on the back rank; without one they name the h- or a-file rook, which
/// validation then finds missing.
fn parse_castling(setup: &mut Setup, field: &str) -> Result<[[char; 2]; 2], FenError> {
    let mut letters = [['K', 'Q'], ['k', 'q']];
    if field == "-" {
        return Ok(letters);
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back_rank = if color == Color::White { Rank::First } else { Rank::Eighth };
        let rook_files = || files_of(setup, Piece::new(color, Role::Rook), back_rank);
        let king = files_of(setup, Piece::new(color, Role::King), back_rank).next();
        let (side, file) = match c.to_ascii_lowercase() {
            'k' => {
                let outermost = king.and_then(|k| rook_files().filter(|&f| f > k).last());
                (CastleSide::King, outermost.unwrap_or(File::H))
            }
            'q' => {
                let outermost = king.and_then(|k| rook_files().find(|&f| f < k));
                (CastleSide::Queen, outermost.unwrap_or(File::A))
            }
            'a'..='h' => {
                let file = File::from_char(c.to_ascii_lowercase()).ok_or(FenError::BadCastlingChar(c))?;
                let side = if king.is_some_and(|k| file < k) { CastleSide::Queen } else { CastleSide::King };
                (side, file)
            }
            _ => return Err(FenError::BadCastlingChar(c)),
        };
        if setup.castling(color, side).is_some() {
            return Err(FenError::BadCastlingChar(c));
        }
        setup.set_castling(color, side, Some(file));
        letters[color.index()][side as usize] = c;
    }
    Ok(letters)
}

/// The files of `rank` where `piece` stands, a to h.
fn files_of(setup: &Setup, piece: Piece, rank: Rank) -> impl Iterator<Item = File> + '_ {
    File::ALL.into_iter().filter(move |&f| setup.piece_at(Square::from_coords(f, rank)) == Some(piece))
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
