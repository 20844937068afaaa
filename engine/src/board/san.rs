//! Standard algebraic notation (SAN), the move text of scoresheets and PGN:
//! [`Position::san`] writes a legal move as SAN, [`Position::parse_san`] finds the legal move
//! a SAN text names, and [`SanError`] says why a text names none.
//!
//! Both work from the legal moves only, so a pinned piece never calls for disambiguation and
//! never makes a text ambiguous. Castling is written `O-O` / `O-O-O` from the move's kind, so
//! Chess960 castling (stored as king takes own rook) needs nothing special.

use core::fmt;

use bbcore::{File, Rank, Role, Square};

use super::castling::CastleSide;
use super::move_list::MoveList;
use super::moves::{Move, MoveKind};
use super::position::Position;

/// Why [`Position::parse_san`] found no move. Each variant holds the text that was given (cut
/// to its first 40 characters when longer).
///
/// ```
/// use bbengine::{Position, SanError};
///
/// let pos = Position::startpos();
/// assert!(matches!(pos.parse_san("Nf9"), Err(SanError::Malformed(_))));
/// assert!(matches!(pos.parse_san("Ke2"), Err(SanError::Illegal(_))));
/// assert_eq!(
///     pos.parse_san("Qd3").unwrap_err().to_string(),
///     "SAN \"Qd3\" names no legal move in this position"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SanError {
    /// The text is not SAN at all (`Nf9`, `e9`, `Kxx`, empty).
    Malformed(String),
    /// Well-formed SAN, but no legal move of this position matches it.
    Illegal(String),
    /// More than one legal move matches: the text needs an origin file, rank or square.
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed(s) => {
                write!(f, "malformed SAN {s:?}: expected a move such as e4, Nf3, exd5, R1a3, Qh4xe1, e8=Q or O-O")
            }
            SanError::Illegal(s) => write!(f, "SAN {s:?} names no legal move in this position"),
            SanError::Ambiguous(s) => {
                write!(f, "ambiguous SAN {s:?}: more than one legal move matches (add the origin file, rank or square)")
            }
        }
    }
}

impl std::error::Error for SanError {}

/// The legal moves of `pos`. One place to change when a cheaper route exists.
fn legal_moves_of(pos: &Position) -> MoveList {
    pos.legal_moves()
}

/// The position after `mv`, a legal move of `pos`, played on a copy.
fn after(pos: &Position, mv: Move) -> Position {
    let mut next = *pos;
    next.play(mv);
    next
}

/// `#` when `pos` (just reached) is checkmate, `+` when it is check, else nothing.
fn check_suffix(pos: &Position) -> &'static str {
    if !pos.is_check() {
        ""
    } else if !pos.has_legal_move() {
        "#"
    } else {
        "+"
    }
}

/// Whether `mv` (not castling) takes something: a piece on its target, or en passant.
fn is_capture(pos: &Position, mv: Move) -> bool {
    mv.kind() == MoveKind::EnPassant || pos.piece_at(mv.to()).is_some()
}

/// `text`, cut to 40 characters (an error keeps what was given, within reason).
fn clip(text: &str) -> String {
    const LIMIT: usize = 40;
    match text.char_indices().nth(LIMIT) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

impl Position {
    /// The move `mv` in standard algebraic notation, with `+` for check and `#` for mate.
    ///
    /// Pieces are named by letter (`N B R Q K`), pawns by nothing; captures take `x` and a
    /// pawn capture its file (`exd5`, also en passant: `exd6`). A piece is disambiguated only
    /// when another legal move of the same kind of piece reaches the same square: by its file
    /// if that tells them apart, else by its rank, else by both (`Qh4e1`). Promotion is
    /// `=Q`. Castling is `O-O` (king side) or `O-O-O`, in Chess960 too.
    ///
    /// `mv` should be a legal move here. For any other move the text has no suffix and is not
    /// otherwise specified (it does not panic).
    ///
    /// ```
    /// use bbengine::Position;
    ///
    /// let mut pos = Position::startpos();
    /// for uci in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"] {
    ///     pos.play_uci(uci)?;
    /// }
    /// let mate = pos.parse_uci_move("h5f7")?;
    /// assert_eq!(pos.san(mate), "Qxf7#");
    /// # Ok::<(), bbengine::MoveError>(())
    /// ```
    pub fn san(&self, mv: Move) -> String {
        let legal = legal_moves_of(self);
        let mut text = san_without_suffix(self, mv, &legal);
        if legal.contains(&mv) {
            text.push_str(check_suffix(&after(self, mv)));
        }
        text
    }

    /// The legal move that the SAN `text` names.
    ///
    /// Accepted besides plain SAN: a check or mate sign, annotations (`!`, `?`, `!?`, ...)
    /// and surrounding spaces; castling with zeros (`0-0`, `0-0-0`); promotion without `=`
    /// (`e8Q`) or with a lowercase piece after `=` (`e8=q`); en passant written `exd6` or
    /// `exd6 e.p.`; a piece capture without `x`; a disambiguation that is more than needed
    /// (`Ngf3`, `Ng1f3`) as long as it still names exactly one legal move. The check and mate
    /// signs are not verified. Checked and refused: an `x` on a move that captures nothing,
    /// `e.p.` on a move that is not en passant, a pawn capture without its file.
    ///
    /// Never panics, whatever the text (empty, not ASCII, very long).
    ///
    /// ```
    /// use bbengine::{Position, SanError};
    ///
    /// let pos: Position = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse()?;
    /// let castle = pos.parse_san("O-O")?;
    /// assert_eq!(pos.parse_san("0-0!")?, castle);
    /// assert_eq!(castle.to_uci(false).to_string(), "e1g1");
    ///
    /// let rooks: Position = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1".parse()?;
    /// assert!(matches!(rooks.parse_san("Rd1"), Err(SanError::Ambiguous(_))));
    /// assert_eq!(rooks.parse_san("Rad1")?.to_uci(false).to_string(), "a1d1");
    /// assert_eq!(rooks.parse_san("Ra1d1")?, rooks.parse_san("Rad1")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let parsed = ParsedSan::parse(text).ok_or_else(|| SanError::Malformed(clip(text)))?;
        let legal = legal_moves_of(self);
        let mut matches = legal.iter().copied().filter(|&mv| parsed.matches(self, mv));
        match (matches.next(), matches.next()) {
            (Some(mv), None) => Ok(mv),
            (None, _) => Err(SanError::Illegal(clip(text))),
            (Some(_), Some(_)) => Err(SanError::Ambiguous(clip(text))),
        }
    }
}

/// SAN of `mv` without the check suffix; `legal` holds the legal moves of `pos`.
fn san_without_suffix(pos: &Position, mv: Move, legal: &[Move]) -> String {
    if mv.is_castle() {
        let side = if mv.castle_king_target().file() == File::G { "O-O" } else { "O-O-O" };
        return side.to_string();
    }
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = pos.piece_at(from) else {
        return mv.to_uci(pos.is_chess960()).to_string();
    };
    let mut text = String::with_capacity(8);
    if piece.role == Role::Pawn {
        if from.file() != to.file() {
            text.push(from.file().char());
            text.push('x');
        }
        push_square(&mut text, to);
        if let Some(role) = mv.kind().promotion() {
            text.push('=');
            text.push(role.upper_char());
        }
        return text;
    }
    text.push(piece.role.upper_char());
    let (mut rivals, mut same_file, mut same_rank) = (false, false, false);
    for other in legal {
        if other.to() == to
            && other.from() != from
            && !other.is_castle()
            && pos.piece_at(other.from()).is_some_and(|p| p.role == piece.role)
        {
            rivals = true;
            same_file |= other.from().file() == from.file();
            same_rank |= other.from().rank() == from.rank();
        }
    }
    if rivals && (!same_file || same_rank) {
        text.push(from.file().char());
    }
    if same_file {
        text.push(from.rank().char());
    }
    if is_capture(pos, mv) {
        text.push('x');
    }
    push_square(&mut text, to);
    text
}

fn push_square(text: &mut String, sq: Square) {
    text.push(sq.file().char());
    text.push(sq.rank().char());
}

/// What a SAN text says about its move, before looking at the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ParsedSan {
    Castle(CastleSide),
    Move {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
        en_passant: bool,
    },
}

impl ParsedSan {
    /// Reads `text`; `None` when it is not SAN.
    fn parse(text: &str) -> Option<ParsedSan> {
        // Suffixes, from the end: check and mate signs, annotations, spaces and "e.p.", in any
        // order. Each round removes at least one character, so this is linear.
        let mut rest = text.trim();
        let mut en_passant = false;
        loop {
            let len = rest.len();
            rest = rest.trim_end_matches(|c: char| matches!(c, '+' | '#' | '!' | '?') || c.is_whitespace());
            if let Some(stripped) = rest.strip_suffix("e.p.") {
                en_passant = true;
                rest = stripped;
            }
            if rest.len() == len {
                break;
            }
        }
        match rest {
            "O-O" | "0-0" if !en_passant => return Some(ParsedSan::Castle(CastleSide::King)),
            "O-O-O" | "0-0-0" if !en_passant => return Some(ParsedSan::Castle(CastleSide::Queen)),
            _ => {}
        }
        let bytes = rest.as_bytes();
        if !rest.is_ascii() || bytes.len() > 16 {
            return None;
        }

        // Promotion: "=Q", "=q" or a bare uppercase "Q" at the end.
        let (mut body, promotion) = match bytes {
            [body @ .., b'=', letter] => (body, Some(promotion_role(letter.to_ascii_uppercase())?)),
            [body @ .., letter @ (b'N' | b'B' | b'R' | b'Q')] => (body, Some(promotion_role(*letter)?)),
            _ => (bytes, None),
        };

        // The destination square ends what is left.
        let [front @ .., file_char, rank_char] = body else { return None };
        let to = Square::from_coords(File::from_char(*file_char as char)?, Rank::from_char(*rank_char as char)?);
        body = front;

        let capture = body.last() == Some(&b'x');
        if capture {
            body = &body[..body.len() - 1];
        }
        let role = match body.first().map(|&c| c as char) {
            Some(c @ ('N' | 'B' | 'R' | 'Q' | 'K' | 'P')) => {
                body = &body[1..];
                Role::from_char(c)?
            }
            _ => Role::Pawn,
        };
        let (file, rank) = match *body {
            [] => (None, None),
            [c] => match (File::from_char(c as char), Rank::from_char(c as char)) {
                (Some(file), _) => (Some(file), None),
                (None, Some(rank)) => (None, Some(rank)),
                (None, None) => return None,
            },
            [f, r] => (Some(File::from_char(f as char)?), Some(Rank::from_char(r as char)?)),
            _ => return None,
        };
        // Only pawns promote; a pawn capture names the pawn's file.
        if (promotion.is_some() && role != Role::Pawn) || (role == Role::Pawn && capture && file.is_none()) {
            return None;
        }
        if en_passant && (role != Role::Pawn || promotion.is_some()) {
            return None;
        }
        Some(ParsedSan::Move { role, file, rank, capture, to, promotion, en_passant })
    }

    /// Whether `mv`, a legal move of `pos`, is one this text can name.
    fn matches(&self, pos: &Position, mv: Move) -> bool {
        match *self {
            ParsedSan::Castle(side) => {
                let king_side = mv.castle_king_target().file() == File::G;
                mv.is_castle() && king_side == (side == CastleSide::King)
            }
            ParsedSan::Move { role, file, rank, capture, to, promotion, en_passant } => {
                let from = mv.from();
                !mv.is_castle()
                    && mv.to() == to
                    && pos.piece_at(from).is_some_and(|p| p.role == role)
                    && file.is_none_or(|f| from.file() == f)
                    && rank.is_none_or(|r| from.rank() == r)
                    // A pawn named without a file moves straight ahead: "d5" is never a capture.
                    && (role != Role::Pawn || file.is_some() || from.file() == to.file())
                    && mv.kind().promotion() == promotion
                    && (!capture || is_capture(pos, mv))
                    && (!en_passant || mv.kind() == MoveKind::EnPassant)
            }
        }
    }
}

/// The piece a promotion letter names (uppercase), if it is one a pawn can become.
fn promotion_role(letter: u8) -> Option<Role> {
    match letter {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        _ => None,
    }
}
