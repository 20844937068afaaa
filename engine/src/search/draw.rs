//! Draws the search recognises: repetition (against the game's history before the root and
//! the path inside the search), the fifty-move rule and insufficient material.

use crate::board::Position;
use crate::sliders::Sliders;

/// Whether `pos` repeats a position among `keys` (the keys of the positions before it, the
/// last being its parent). Only positions since the last irreversible move can repeat, so
/// the walk stops after the half-move clock's count; only the same side to move can match,
/// so every other key is compared. One repetition counts as a draw in the search: if it was
/// good to repeat once, it is good to repeat again.
#[inline]
pub fn is_repetition(pos: &Position, keys: &[u64]) -> bool {
    let key = pos.key();
    let back = (pos.halfmove_clock() as usize).min(keys.len());
    let mut distance = 4;
    while distance <= back {
        if keys[keys.len() - distance] == key {
            return true;
        }
        distance += 2;
    }
    false
}

/// Whether the search scores `pos` as a draw without looking further: repetition, fifty
/// moves without a capture or pawn move, or material that cannot mate. `in_check`: whether
/// the side to move is in check (the caller knows).
#[inline]
pub fn is_draw<S: Sliders>(pos: &Position, keys: &[u64], in_check: bool, sliders: S) -> bool {
    is_fifty_move_draw(pos, in_check, sliders) || is_repetition(pos, keys) || pos.is_insufficient_material()
}

/// The fifty-move rule: a hundred half-moves without a capture or pawn move draw, unless the
/// hundredth mated (a mate ends the game first). Moves are generated only in that rare case:
/// the clock at 100 or more with the side to move in check.
#[inline]
fn is_fifty_move_draw<S: Sliders>(pos: &Position, in_check: bool, sliders: S) -> bool {
    pos.halfmove_clock() >= 100 && (!in_check || pos.has_legal_move_with(sliders))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_shuffle_repeats() {
        let mut pos = Position::startpos();
        let mut keys = Vec::new();
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            keys.push(pos.key());
            pos.play_uci(mv).unwrap();
        }
        assert!(is_repetition(&pos, &keys));
        let fresh = Position::startpos();
        assert!(!is_repetition(&fresh, &[]));
    }

    #[test]
    fn a_mate_on_the_hundredth_half_move_is_not_a_draw() {
        let sliders = crate::sliders::KoggeStone;
        // Ra8 mated on the hundredth half-move: the game is over, a loss, not a draw.
        let mated: Position = "R6k/8/6K1/8/8/8/8/8 b - - 100 80".parse().unwrap();
        assert!(!is_draw(&mated, &[], true, sliders));
        // Check on the hundredth half-move with a way out: a draw.
        let escapes: Position = "R6k/8/8/6K1/8/8/8/8 b - - 100 80".parse().unwrap();
        assert!(is_draw(&escapes, &[], true, sliders));
        let quiet: Position = "7k/8/6K1/8/8/8/8/R7 b - - 100 80".parse().unwrap();
        assert!(is_draw(&quiet, &[], false, sliders));
    }
}
