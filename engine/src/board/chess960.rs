//! Chess960 start positions by number (Scharnagl's numbering, 0 to 959; 518 is the standard
//! position), and double Chess960, where each side gets its own back rank.

use bbcore::{Color, File, Piece, Rank, Role, Square};

use super::castling::CastleSide;
use super::position::Position;
use super::zobrist::KEYS;

/// How many Chess960 start positions there are.
pub const CHESS960_POSITIONS: u16 = 960;

/// The knights' places among the five squares left after the bishops and the queen, by the
/// number's knight digit (0 to 9).
const KNIGHT_PLACES: [(usize, usize); 10] =
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The back rank of start position `number` (below 960), files a to h.
fn back_rank(number: u16) -> [Role; 8] {
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = usize::from(number);
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let free = |rank: &[Option<Role>; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f].is_none()).collect() };
    let queen = free(&rank)[n % 6];
    rank[queen] = Some(Role::Queen);
    n /= 6;
    let (first, second) = KNIGHT_PLACES[n % 10];
    let left = free(&rank);
    rank[left[first]] = Some(Role::Knight);
    rank[left[second]] = Some(Role::Knight);
    // The three squares left take rook, king, rook, in file order.
    for (file, role) in free(&rank).into_iter().zip([Role::Rook, Role::King, Role::Rook]) {
        rank[file] = Some(role);
    }
    rank.map(|role| role.unwrap_or(Role::Pawn))
}

impl Position {
    /// Chess960 start position `number`, 0 to 959 in Scharnagl's numbering (518 is the
    /// standard start position). Castling is written Chess960-style (king takes rook).
    ///
    /// # Panics
    /// If `number` is 960 or more; [`try_chess960`](Position::try_chess960) returns `None`
    /// instead.
    ///
    /// ```
    /// use bbengine::Position;
    ///
    /// assert_eq!(Position::chess960(518), Position::startpos());
    /// assert_eq!(Position::chess960(0).to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// ```
    pub fn chess960(number: u16) -> Position {
        match Position::try_chess960(number) {
            Some(pos) => pos,
            None => panic!("Chess960 start positions are numbered 0 to 959, not {number}"),
        }
    }

    /// Chess960 start position `number`, or `None` if it is 960 or more.
    pub fn try_chess960(number: u16) -> Option<Position> {
        Position::double_chess960(number, number)
    }

    /// Double Chess960: white's back rank from start position `white`, black's from `black`
    /// (each 0 to 959), or `None` if either number is 960 or more.
    ///
    /// ```
    /// use bbengine::Position;
    ///
    /// let pos = Position::double_chess960(518, 0).unwrap();
    /// assert_eq!(pos.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// assert!(Position::double_chess960(960, 0).is_none());
    /// ```
    pub fn double_chess960(white: u16, black: u16) -> Option<Position> {
        if white >= CHESS960_POSITIONS || black >= CHESS960_POSITIONS {
            return None;
        }
        let mut pos = Position::from_back_ranks(back_rank(white), back_rank(black));
        pos.chess960 = true;
        Some(pos)
    }

    /// A start position: the given back ranks, pawns in front, both sides castling with the
    /// rooks on either side of the king.
    pub(crate) fn from_back_ranks(white: [Role; 8], black: [Role; 8]) -> Position {
        let mut pos = Position::empty();
        for (color, roles, back, pawns) in
            [(Color::White, white, Rank::First, Rank::Second), (Color::Black, black, Rank::Eighth, Rank::Seventh)]
        {
            for file in File::ALL {
                pos.put(Square::from_coords(file, back), Piece::new(color, roles[file.index()]));
                pos.put(Square::from_coords(file, pawns), Piece::new(color, Role::Pawn));
            }
            let king = pos.king(color);
            for rook in pos.pieces(color, Role::Rook) {
                let side = if rook.file() > king.file() { CastleSide::King } else { CastleSide::Queen };
                pos.board.castling.set(color, side, Some(rook));
                pos.key ^= KEYS.castling(color, side as usize);
            }
        }
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_places_each_piece_once_with_the_king_between_the_rooks() {
        let mut seen = std::collections::HashSet::new();
        for number in 0..CHESS960_POSITIONS {
            let rank = back_rank(number);
            let count = |role| rank.iter().filter(|&&r| r == role).count();
            assert_eq!([1, 2, 2, 2, 1], [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::King].map(count));
            let files = |role| (0..8).filter(|&f| rank[f] == role).collect::<Vec<usize>>();
            let (bishops, rooks, king) = (files(Role::Bishop), files(Role::Rook), files(Role::King)[0]);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{number}: bishops on one colour");
            assert!(rooks[0] < king && king < rooks[1], "{number}");
            seen.insert(rank);
        }
        assert_eq!(seen.len(), 960);
    }
}
