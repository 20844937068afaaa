use core::fmt;

/// Why a square, file, rank, colour or piece name did not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a square name such as `e4`.
    Square,
    /// Not a file letter `a`–`h`.
    File,
    /// Not a rank digit `1`–`8`.
    Rank,
    /// Not `w` or `b`.
    Color,
    /// Not a piece letter `PNBRQK` (white) or `pnbrqk` (black).
    Piece,
    /// Not a role letter `PNBRQK` (either case).
    Role,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::Square => "expected a square such as e4 (file a-h, rank 1-8)",
            ParseError::File => "expected a file letter a-h",
            ParseError::Rank => "expected a rank digit 1-8",
            ParseError::Color => "expected a colour, w or b",
            ParseError::Piece => "expected a piece letter, one of PNBRQKpnbrqk",
            ParseError::Role => "expected a role letter, one of PNBRQK",
        })
    }
}

impl core::error::Error for ParseError {}
