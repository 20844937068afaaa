//! Draws the search recognises: repetition (against the game's history before the root and
//! the path inside the search), the fifty-move rule and insufficient material.

use crate::board::Position;

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
/// moves without a capture or pawn move, or material that cannot mate. (A checkmate on the
/// hundredth half-move would still be a mate; the search misses that rare case in exchange
/// for no move generation here.)
#[inline]
pub fn is_draw(pos: &Position, keys: &[u64]) -> bool {
    pos.halfmove_clock() >= 100 || is_repetition(pos, keys) || pos.is_insufficient_material()
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
}
