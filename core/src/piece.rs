use core::fmt;
use core::str::FromStr;

use crate::square::single_char;
use crate::{Color, ParseError};

/// What a piece is, regardless of colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// All roles, pawn to king.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// 0 for pawn … 5 for king.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase letter, `P N B R Q K`.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// Parses a role letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// All twelve pieces, white pawn to black king.
    pub const ALL: [Piece; 12] = {
        let mut all = [Piece { color: Color::White, role: Role::Pawn }; 12];
        let mut i = 0;
        while i < 12 {
            all[i] = Piece { color: Color::ALL[i / 6], role: Role::ALL[i % 6] };
            i += 1;
        }
        all
    };

    /// A piece of this colour and role.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// 0..12: colour major, role minor.
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.role.index()
    }

    /// The FEN letter: uppercase for white, lowercase for black.
    pub const fn char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN piece letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                Some(Piece { color, role })
            }
            None => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.upper_char())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Role {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Role, ParseError> {
        single_char(s).and_then(Role::from_char).ok_or(ParseError::Role)
    }
}

impl FromStr for Piece {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Piece, ParseError> {
        single_char(s).and_then(Piece::from_char).ok_or(ParseError::Piece)
    }
}
