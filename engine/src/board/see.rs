//! Static exchange evaluation: what a capture sequence on one square wins or loses if both
//! sides keep recapturing with their least valuable attacker and may stop whenever it suits
//! them. Searches use it to order captures and to prune losing ones.

use bbcore::{Bitboard, Color, Role};

use super::Board;
use super::moves::{Move, MoveKind};
use crate::sliders::{Sliders, with_fastest};
use crate::tables;

/// Piece values the exchange is counted in, in centipawns, by role (pawn to king). The king
/// counts as priceless: it may capture last, into no recapture.
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

#[inline(always)]
fn value(role: Role) -> i32 {
    SEE_VALUES[role.index()]
}

impl Board {
    /// Whether the exchange that `mv` (a legal move) starts on its target square gains at
    /// least `threshold` centipawns for the side to move, with values [`SEE_VALUES`]. Pins
    /// are not considered; x-ray attackers behind the pieces that capture are.
    ///
    /// ```
    /// use bbengine::Position;
    ///
    /// // The rook takes a pawn that a pawn defends: +100 - 500.
    /// let pos: Position = "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1".parse()?;
    /// let rxe5 = pos.parse_uci_move("e1e5")?;
    /// assert!(pos.see_ge(rxe5, -400));
    /// assert!(!pos.see_ge(rxe5, -399));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        with_fastest!(|sliders| self.see_ge_with(sliders, mv, threshold))
    }

    /// [`see_ge`](Board::see_ge) with the slider backend `sliders`.
    pub fn see_ge_with<S: Sliders>(&self, sliders: S, mv: Move, threshold: i32) -> bool {
        if mv.kind() == MoveKind::Castle {
            return threshold <= 0;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = Role::ALL.into_iter().find(|&role| self.role(role).has(from)) else { return false };
        let captured = self.captured(mv).map_or(0, value);
        let promotion = mv.kind().promotion().map_or(0, |role| value(role) - value(Role::Pawn));
        // `swap` alternates between the two sides' views: first, what we are up after our
        // capture if nothing recaptures, measured against the threshold.
        let mut swap = captured + promotion - threshold;
        if swap < 0 {
            return false;
        }
        // Then what the opponent is up if it wins the piece now standing on `to`.
        swap = mv.kind().promotion().map_or(value(moving), value) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = self.occupied().without(from).without(to);
        if mv.kind() == MoveKind::EnPassant {
            occupied = occupied.without(bbcore::Square::from_coords(to.file(), from.rank()));
        }
        let diagonal = self.role(Role::Bishop) | self.role(Role::Queen);
        let orthogonal = self.role(Role::Rook) | self.role(Role::Queen);
        let mut attackers = self.attackers_of_both(sliders, to, occupied);
        let mut side = self.side;
        // Whether the side to move reaches the threshold if the exchange stopped here.
        let mut reached = true;
        loop {
            side = side.other();
            attackers &= occupied;
            let ours = attackers & self.color(side);
            if ours.is_empty() {
                break;
            }
            reached = !reached;
            let Some(role) = Role::ALL.into_iter().find(|&role| (ours & self.role(role)).any()) else { break };
            if role == Role::King {
                // The king may capture only if nothing can take it back.
                return if (attackers & self.color(side.other())).any() { !reached } else { reached };
            }
            swap = value(role) - swap;
            if swap < i32::from(reached) {
                break;
            }
            let capturer = (ours & self.role(role)).lowest().unwrap_or(to);
            occupied = occupied.without(capturer);
            // Uncover the x-rays behind the piece that just captured.
            if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
                attackers |= sliders.bishop(to, occupied) & diagonal;
            }
            if matches!(role, Role::Rook | Role::Queen) {
                attackers |= sliders.rook(to, occupied) & orthogonal;
            }
        }
        reached
    }

    /// Every piece of either colour attacking `sq` when the board holds `occupied`: one slider
    /// lookup per direction for both colours (`attackers_with` per colour would do two).
    #[inline(always)]
    fn attackers_of_both<S: Sliders>(&self, sliders: S, sq: bbcore::Square, occupied: Bitboard) -> Bitboard {
        let pawns = self.role(Role::Pawn);
        tables::pawn(Color::White, sq) & pawns & self.color(Color::Black)
            | tables::pawn(Color::Black, sq) & pawns & self.color(Color::White)
            | tables::knight(sq) & self.role(Role::Knight)
            | tables::king(sq) & self.role(Role::King)
            | sliders.bishop(sq, occupied) & (self.role(Role::Bishop) | self.role(Role::Queen))
            | sliders.rook(sq, occupied) & (self.role(Role::Rook) | self.role(Role::Queen))
    }
}
