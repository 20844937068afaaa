//! Check squares: where a move of the side to move could give check, worked out once per
//! node, so the search can tell that most moves give no check without playing them (and
//! prune them without a make-move).

use bbcore::{Bitboard, Role};

use crate::board::{Move, MoveKind, Position};
use crate::sliders::Sliders;
use crate::tables;

/// For the side to move: by role (pawn to queen), the squares from which a piece of that role
/// would attack the enemy king. The queen's squares are also the king's lines, whose piece
/// might uncover a check by leaving. [`may_check`](CheckSquares::may_check) is never wrong
/// when it says no; a yes is confirmed by playing the move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CheckSquares {
    by_role: [Bitboard; 5],
}

impl CheckSquares {
    /// The check squares of `pos`.
    #[inline(always)]
    pub fn new<S: Sliders>(pos: &Position, sliders: S) -> CheckSquares {
        let them = pos.side_to_move().other();
        let king = pos.king(them);
        let occupied = pos.occupied();
        let diagonal = sliders.bishop(king, occupied);
        let straight = sliders.rook(king, occupied);
        CheckSquares {
            by_role: [tables::pawn(them, king), tables::knight(king), diagonal, straight, diagonal | straight],
        }
    }

    /// Whether `mv`, a legal move in `pos` (the position these squares were made for), might
    /// give check: `false` means it surely does not.
    #[inline(always)]
    pub fn may_check(&self, pos: &Position, mv: Move) -> bool {
        let role = match mv.kind() {
            // Rare, and their checks come from squares the move does not start or end on.
            MoveKind::Castle | MoveKind::EnPassant => return true,
            kind => kind.promotion().or_else(|| pos.piece_at(mv.from()).map(|p| p.role)),
        };
        // A moving piece standing between the king and `to` is on one of the lines, so the
        // squares, taken with the piece still on `from`, miss no direct check.
        let direct = role.is_some_and(|r| r != Role::King && self.by_role[r.index()].has(mv.to()));
        let lines = self.by_role[Role::Queen.index()];
        direct || lines.has(mv.from())
    }
}

#[cfg(test)]
mod tests {
    use super::CheckSquares;
    use crate::board::{Position, two_plies_from};
    use crate::sliders::with_fastest;

    /// On every position two plies from some positions full of checks of every kind
    /// (castling, en passant, promotions, discovered), `may_check` is never `false` for a
    /// move that checks.
    #[test]
    fn never_misses_a_check() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/8/2k5/3Pp3/8/8/4K2R b K d3 0 1",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "1k6/1P6/8/8/8/8/8/1R2K3 w - - 0 1",
        ];
        let checks: usize = two_plies_from(&fens).iter().map(assert_no_check_missed).sum();
        assert!(checks > 2_000, "{checks}");
    }

    /// Checks every move of `pos`; returns how many give check.
    fn assert_no_check_missed(pos: &Position) -> usize {
        let squares = with_fastest!(|sliders| CheckSquares::new(pos, sliders));
        let mut checks = 0;
        for &mv in pos.legal_moves().iter() {
            if pos.gives_check(mv) {
                checks += 1;
                assert!(squares.may_check(pos, mv), "{pos}: {mv:?}");
            }
        }
        checks
    }
}
