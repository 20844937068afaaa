//! `Setup`: a position as a plain editable value (pieces by square, side to move, castling
//! rights, en passant square, counters), and the one place where a position is validated.
//!
//! FEN parsing reads its fields into a `Setup` and builds the position here too, so a board
//! edited by hand and the same board read from FEN pass the same checks, fail with the same
//! [`FenError`], and come out equal with the same key.

use bbcore::{Bitboard, Color, File, Piece, Rank, Role, Square};

use super::castling::CastleSide;
use super::fen_error::FenError;
use super::position::Position;
use super::zobrist::KEYS;
use crate::sliders::KoggeStone;

/// A position being set up or edited: every field free to change, nothing checked until
/// [`into_position`](Setup::into_position) (or `Position::try_from`) validates it with the
/// checks FEN parsing applies, returning the same [`FenError`] a FEN of this setup would.
///
/// Castling rights name the castling rook's file for each colour and side of the king, so
/// standard chess (a- and h-file rooks) and Chess960 are set the same way. The en passant
/// square is kept only when an en passant capture there is legal, as from FEN; one that could
/// follow a double push but that no pawn can legally take on is dropped.
///
/// ```
/// use bbcore::{Color, File, Piece, Role, Square};
/// use bbengine::{CastleSide, Position, Setup};
///
/// // Edit a position: take the queens off and move the white king to e2.
/// let mut setup = Position::startpos().to_setup();
/// setup.remove(Square::D1);
/// setup.remove(Square::D8);
/// setup.put(Square::E2, Piece::new(Color::White, Role::King));
/// setup.remove(Square::E1);
/// // The king left its square: white's rights must go too, or validation says why.
/// assert!(setup.clone().into_position().is_err());
/// setup.set_castling(Color::White, CastleSide::King, None);
/// setup.set_castling(Color::White, CastleSide::Queen, None);
/// let pos = setup.into_position()?;
/// assert_eq!(pos.to_string(), "rnb1kbnr/pppppppp/8/8/8/8/PPPPKPPP/RNB2BNR w kq - 0 1");
///
/// // Build one from nothing.
/// let mut setup = bbengine::Setup::empty();
/// setup.put(Square::E1, Piece::new(Color::White, Role::King));
/// setup.put(Square::H1, Piece::new(Color::White, Role::Rook));
/// setup.put(Square::E8, Piece::new(Color::Black, Role::King));
/// setup.set_castling(Color::White, CastleSide::King, Some(File::H));
/// setup.set_side_to_move(Color::Black);
/// let pos = Position::try_from(setup)?;
/// assert_eq!(pos, "4k3/8/8/8/8/8/8/4K2R b K - 0 1".parse()?);
/// # Ok::<(), bbengine::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pieces: [Option<Piece>; 64],
    side: Color,
    /// The castling rook's file by colour and side (`CastleSide as usize`).
    castling: [[Option<File>; 2]; 2],
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    chess960: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, white to move, no castling rights, no en passant square, counters
    /// `0 1`, standard castling notation. (Not a valid position until both kings stand.)
    pub fn empty() -> Setup {
        Setup {
            pieces: [None; 64],
            side: Color::White,
            castling: [[None; 2]; 2],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
        }
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()]
    }

    /// Puts `piece` on `sq`, returning what stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        self.pieces[sq.index()].replace(piece)
    }

    /// Empties `sq`, returning what stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()].take()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: Color) {
        self.side = side;
    }

    /// The file of the rook `color` may castle with on `side`, if that right is held.
    pub fn castling(&self, color: Color, side: CastleSide) -> Option<File> {
        self.castling[color.index()][side as usize]
    }

    /// Gives `color` the right to castle on `side` with the rook on `rook_file` of its back
    /// rank (`File::H` and `File::A` in standard chess), or takes the right away (`None`).
    /// Validation requires the king on the back rank and that rook on `side` of it.
    pub fn set_castling(&mut self, color: Color, side: CastleSide, rook_file: Option<File>) {
        self.castling[color.index()][side as usize] = rook_file;
    }

    /// The en passant square, if one is set.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Sets the en passant square (the square a pawn of the side not to move just skipped).
    /// Validation rejects one that cannot follow a double push, and drops one where no
    /// capture is legal.
    pub fn set_en_passant(&mut self, sq: Option<Square>) {
        self.en_passant = sq;
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (at least 1 in a valid position).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Sets the half-move clock and the move number (which validation requires to be at
    /// least 1).
    pub fn set_clocks(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
    }

    /// Whether castling is to be written Chess960-style (king takes rook in UCI). A right
    /// with the king off the e-file or the rook off the a- or h-file turns it on anyway when
    /// the position is built, as in FEN.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Chooses Chess960 castling notation (see [`is_chess960`](Setup::is_chess960)).
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// Validates the setup and builds the position, with the checks (and in the order) FEN
    /// parsing applies: one king a side, no pawn on the first or last rank, no more material
    /// than a game can produce, the side not to move not in check, each castling right with
    /// its king and rook on the back rank, an en passant square that can follow a double
    /// push (dropped if no capture there is legal), a move number of at least 1.
    pub fn into_position(self) -> Result<Position, FenError> {
        let letters = self.castling_letters();
        self.build(letters)
    }

    /// The FEN letter naming each castling right, for errors: `K`/`Q` for the a- and h-file
    /// rooks, the rook's file otherwise; lowercase for black.
    fn castling_letters(&self) -> [[char; 2]; 2] {
        let mut letters = [['K', 'Q'], ['k', 'q']];
        for color in Color::ALL {
            for side in CastleSide::ALL {
                let standard = if side == CastleSide::King { File::H } else { File::A };
                if let Some(file) = self.castling(color, side).filter(|&f| f != standard) {
                    let letter = file.char();
                    letters[color.index()][side as usize] =
                        if color == Color::White { letter.to_ascii_uppercase() } else { letter };
                }
            }
        }
        letters
    }

    /// The validation, written once: [`into_position`](Setup::into_position) and FEN parsing
    /// both end here. `letters` names each castling right in a
    /// [`FenError::CastlingWithoutPieces`]: FEN passes the letters it read.
    pub(crate) fn build(&self, letters: [[char; 2]; 2]) -> Result<Position, FenError> {
        let mut pos = Position::empty();
        for sq in Square::ALL {
            if let Some(piece) = self.piece_at(sq) {
                pos.put(sq, piece);
            }
        }
        check_material(&pos)?;
        pos.board.side = self.side;
        if self.side == Color::Black {
            pos.key ^= KEYS.white_to_move(); // `empty()` starts with white to move
        }
        if pos.attackers_with(KoggeStone, pos.king(self.side.other()), self.side, pos.occupied()).any() {
            return Err(FenError::OpponentInCheck);
        }
        pos.chess960 = self.chess960;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(file) = self.castling(color, side) {
                    add_castling(&mut pos, color, side, file, letters[color.index()][side as usize])?;
                }
            }
        }
        if let Some(sq) = self.en_passant {
            add_en_passant(&mut pos, sq)?;
        }
        if self.fullmove_number == 0 {
            return Err(FenError::BadFullmoveNumber("0".to_string()));
        }
        pos.halfmove_clock = self.halfmove_clock;
        pos.fullmove_number = self.fullmove_number;
        Ok(pos)
    }
}

/// One king a side, no pawn on the first or last rank, and material a game can produce.
fn check_material(pos: &Position) -> Result<(), FenError> {
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

/// Gives `color` the right to castle on `side` with the rook on `file`, if its king stands on
/// the back rank with that rook on that side of it.
fn add_castling(pos: &mut Position, color: Color, side: CastleSide, file: File, letter: char) -> Result<(), FenError> {
    let back_rank = if color == Color::White { Rank::First } else { Rank::Eighth };
    let king = pos.king(color);
    let rook = Square::from_coords(file, back_rank);
    let on_its_side = if side == CastleSide::King { file > king.file() } else { file < king.file() };
    if king.rank() != back_rank || !pos.pieces(color, Role::Rook).has(rook) || !on_its_side {
        return Err(FenError::CastlingWithoutPieces(letter));
    }
    pos.board.castling.set(color, side, Some(rook));
    pos.key ^= KEYS.castling(color, side as usize);
    let standard_rook_file = if side == CastleSide::King { File::H } else { File::A };
    if king.file() != File::E || file != standard_rook_file {
        pos.chess960 = true;
    }
    Ok(())
}

/// Sets the en passant square `sq` if a double push can have left it, and keeps it only when
/// a capture there is legal (`en_passant.rs`): otherwise the position is the same as without
/// it, and compares and hashes so.
fn add_en_passant(pos: &mut Position, sq: Square) -> Result<(), FenError> {
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
    if pos.board.en_passant_is_legal(us, sq) {
        pos.board.en_passant = Some(sq);
        pos.key ^= KEYS.en_passant(sq);
    }
    Ok(())
}

impl TryFrom<Setup> for Position {
    type Error = FenError;

    /// [`Setup::into_position`].
    fn try_from(setup: Setup) -> Result<Position, FenError> {
        setup.into_position()
    }
}

impl From<&Position> for Setup {
    /// The position as an editable setup: every field, castling rights as rook files. How
    /// the FEN spelled castling (`KQkq` or `HAha`) is not part of a setup; a position built
    /// from it writes X-FEN letters.
    fn from(pos: &Position) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::ALL {
            setup.pieces[sq.index()] = pos.piece_at(sq);
        }
        setup.side = pos.side_to_move();
        for color in Color::ALL {
            for side in CastleSide::ALL {
                setup.set_castling(color, side, pos.castling_rights().rook(color, side).map(Square::file));
            }
        }
        setup.en_passant = pos.en_passant();
        setup.set_clocks(pos.halfmove_clock(), pos.fullmove_number());
        setup.chess960 = pos.is_chess960();
        setup
    }
}

impl Position {
    /// This position as an editable [`Setup`]; build it back with
    /// [`Setup::into_position`].
    pub fn to_setup(&self) -> Setup {
        Setup::from(self)
    }
}
