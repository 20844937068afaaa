use core::fmt;
use core::str::FromStr;

use crate::ParseError;

/// A file (column), `A` = the a-file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row), `First` = white's back rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, a to h.
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with this index (0 = a … 7 = h).
    ///
    /// # Panics
    /// If `index` is 8 or more (at compile time in a `const`); [`try_new`](File::try_new)
    /// returns `None` instead.
    #[inline(always)]
    pub const fn new(index: u8) -> File {
        assert!(index < 8, "File::new: a file index is 0 to 7");
        File::new_masked(index)
    }

    /// The file with this index, or `None` past h.
    pub const fn try_new(index: u8) -> Option<File> {
        if index < 8 { Some(File::new_masked(index)) } else { None }
    }

    /// The file with index `index % 8`: no check, no branch. For code that derives the index
    /// from a square's bits (`square & 7`), where it is in range by construction.
    #[inline(always)]
    pub const fn new_masked(index: u8) -> File {
        // SAFETY: `File` is `repr(u8)` with the eight discriminants 0..8, and `index & 7 < 8`.
        // (An array lookup compiles to a memory load on every conversion.)
        unsafe { core::mem::transmute::<u8, File>(index & 7) }
    }

    /// 0 for a … 7 for h: an array index, like [`Square::index`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses `a`–`h`.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::new(c as u8 - b'a')),
            _ => None,
        }
    }
}

impl Rank {
    /// All ranks, first to eighth.
    pub const ALL: [Rank; 8] =
        [Rank::First, Rank::Second, Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth, Rank::Seventh, Rank::Eighth];

    /// The rank with this index (0 = first … 7 = eighth).
    ///
    /// # Panics
    /// If `index` is 8 or more (at compile time in a `const`); [`try_new`](Rank::try_new)
    /// returns `None` instead.
    #[inline(always)]
    pub const fn new(index: u8) -> Rank {
        assert!(index < 8, "Rank::new: a rank index is 0 to 7");
        Rank::new_masked(index)
    }

    /// The rank with this index, or `None` past the eighth.
    pub const fn try_new(index: u8) -> Option<Rank> {
        if index < 8 { Some(Rank::new_masked(index)) } else { None }
    }

    /// The rank with index `index % 8`: no check, no branch. For code that derives the index
    /// from a square's bits (`square >> 3`), where it is in range by construction.
    #[inline(always)]
    pub const fn new_masked(index: u8) -> Rank {
        // SAFETY: `Rank` is `repr(u8)` with the eight discriminants 0..8, and `index & 7 < 8`.
        unsafe { core::mem::transmute::<u8, Rank>(index & 7) }
    }

    /// 0 for the first rank … 7 for the eighth: an array index, like [`Square::index`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses `1`–`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::new(c as u8 - b'1')),
            _ => None,
        }
    }
}

macro_rules! squares {
    ($($name:ident),* $(,)?) => {
        /// A square, numbered LERF: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.
        ///
        /// An enum, so the compiler knows every square indexes a `[T; 64]` in bounds.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square { $($name),* }

        impl Square {
            /// All 64 squares in LERF order.
            pub const ALL: [Square; 64] = [$(Square::$name),*];
        }
    };
}

squares! {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// The square with this LERF index (a1 = 0 … h8 = 63).
    ///
    /// # Panics
    /// If `index` is 64 or more (at compile time in a `const`); [`try_new`](Square::try_new)
    /// returns `None` instead, and [`new_masked`](Square::new_masked) wraps.
    ///
    /// ```
    /// use bbcore::Square;
    ///
    /// assert_eq!(Square::new(63), Square::H8);
    /// assert_eq!(Square::try_new(64), None);
    /// assert_eq!(Square::new_masked(64), Square::A1);
    /// ```
    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        assert!(index < 64, "Square::new: a square index is 0 to 63");
        Square::new_masked(index)
    }

    /// The square with this LERF index, or `None` past h8.
    pub const fn try_new(index: u8) -> Option<Square> {
        if index < 64 { Some(Square::new_masked(index)) } else { None }
    }

    /// The square with LERF index `index % 64`: no check, no branch. It exists for the hot
    /// paths, where the index comes from bits and is in range by construction: bit iteration
    /// (`trailing_zeros` of a non-empty set), the 6-bit fields of a packed move, square
    /// arithmetic on a square's own bits. Elsewhere, [`new`](Square::new) catches a bad index.
    #[inline(always)]
    pub const fn new_masked(index: u8) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the 64 discriminants 0..64 (a1 = 0 … h8 = 63,
        // declared in that order), and `index & 63 < 64`. An array lookup would cost a memory
        // load on every conversion, which bit iteration does constantly.
        unsafe { core::mem::transmute::<u8, Square>(index & 63) }
    }

    /// The square on this file and rank.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new_masked(rank as u8 * 8 + file as u8)
    }

    /// The LERF index, 0..64.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    pub const fn file(self) -> File {
        File::new_masked(self as u8)
    }

    /// The rank of the square.
    pub const fn rank(self) -> Rank {
        Rank::new_masked(self as u8 >> 3)
    }

    /// The same file, rank mirrored (a1 ↔ a8): the square as seen from black's side.
    pub const fn flip_rank(self) -> Square {
        Square::new_masked(self as u8 ^ 56)
    }

    /// The square `file_delta` files and `rank_delta` ranks away, or `None` off the board.
    pub const fn offset(self, file_delta: i8, rank_delta: i8) -> Option<Square> {
        let f = self.file() as i8 + file_delta;
        let r = self.rank() as i8 + rank_delta;
        if f >= 0 && f < 8 && r >= 0 && r < 8 { Some(Square::new((r * 8 + f) as u8)) } else { None }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// The only character of `s`, if it has exactly one.
pub(crate) fn single_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

impl FromStr for File {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<File, ParseError> {
        single_char(s).and_then(File::from_char).ok_or(ParseError::File)
    }
}

impl FromStr for Rank {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Rank, ParseError> {
        single_char(s).and_then(Rank::from_char).ok_or(ParseError::Rank)
    }
}

impl FromStr for Square {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(file), Some(rank)) => Ok(Square::from_coords(file, rank)),
                _ => Err(ParseError::Square),
            },
            _ => Err(ParseError::Square),
        }
    }
}
