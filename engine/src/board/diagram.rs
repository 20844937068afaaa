//! A position drawn as text: rank 8 at the top, a letter per piece (upper case white), `.` for
//! an empty square, file letters below, then the FEN. `format!("{pos:#}")` writes it.

use core::fmt;

use bbcore::{File, Rank, Square};

use super::position::Position;

/// Writes the diagram of `pos`.
///
/// ```
/// let diagram = format!("{:#}", bbengine::Position::startpos());
/// assert_eq!(diagram.lines().next(), Some("8  r n b q k b n r"));
/// assert_eq!(diagram.lines().nth(8), Some("   a b c d e f g h"));
/// ```
pub(crate) fn write_diagram(pos: &Position, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in Rank::ALL.iter().rev() {
        write!(f, "{} ", rank.index() + 1)?;
        for file in File::ALL {
            let symbol = pos.piece_at(Square::from_coords(file, *rank)).map_or('.', |piece| piece.char());
            write!(f, " {symbol}")?;
        }
        writeln!(f)?;
    }
    writeln!(f, "   a b c d e f g h")?;
    write!(f, "{pos}")
}
