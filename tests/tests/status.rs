//! `Position::status` and `Position::is_insufficient_material`: each status from a FEN, the
//! precedence between mate and the move-count rules, and the material cases.

use bbengine::{Position, Status};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn status(fen: &str) -> Status {
    pos(fen).status()
}

#[test]
fn ongoing() {
    assert_eq!(Position::startpos().status(), Status::Ongoing);
    assert_eq!(status("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), Status::Ongoing);
}

#[test]
fn checkmate() {
    assert_eq!(status("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), Status::Checkmate);
    assert_eq!(status("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 40"), Status::Checkmate);
}

#[test]
fn stalemate() {
    assert_eq!(status("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), Status::Stalemate);
    // Stalemate with a bishop that cannot mate either: stalemate comes first.
    assert_eq!(status("k7/2K5/1B6/8/8/8/8/8 b - - 0 1"), Status::Stalemate);
}

#[test]
fn insufficient_material_status() {
    assert_eq!(status("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), Status::InsufficientMaterial);
    // Dead material outranks the move-count rules.
    assert_eq!(status("8/8/4k3/8/8/3K4/8/8 w - - 150 120"), Status::InsufficientMaterial);
}

#[test]
fn fifty_moves_is_claimable_from_100_half_moves() {
    assert_eq!(status("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"), Status::FiftyMoves);
    assert_eq!(status("4k3/8/8/8/8/8/8/R3K3 w - - 149 80"), Status::FiftyMoves);
    assert!(!Status::FiftyMoves.is_over());
}

#[test]
fn seventy_five_moves_is_automatic_from_150_half_moves() {
    assert_eq!(status("4k3/8/8/8/8/8/8/R3K3 w - - 150 80"), Status::SeventyFiveMoves);
    assert_eq!(status("4k3/8/8/8/8/8/8/R3K3 w - - 300 80"), Status::SeventyFiveMoves);
    assert!(Status::SeventyFiveMoves.is_over());
}

#[test]
fn mate_on_the_150th_half_move_is_mate() {
    // White to move at half-move 149: Ra8 mates and reaches 150 in the same move.
    let before = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100");
    assert_eq!(before.status(), Status::FiftyMoves);
    let mut mated = before;
    mated.play_uci("a1a8").unwrap();
    assert_eq!(mated.halfmove_clock(), 150);
    assert_eq!(mated.status(), Status::Checkmate);
    let mut quiet = before;
    quiet.play_uci("a1a2").unwrap();
    assert_eq!(quiet.halfmove_clock(), 150);
    assert_eq!(quiet.status(), Status::SeventyFiveMoves);
}

#[test]
fn mate_on_the_100th_half_move_is_mate() {
    let mut mated = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60");
    mated.play_uci("a1a8").unwrap();
    assert_eq!(mated.halfmove_clock(), 100);
    assert_eq!(mated.status(), Status::Checkmate);
}

#[test]
fn stalemate_on_the_150th_half_move_is_stalemate() {
    assert_eq!(status("7k/5Q2/6K1/8/8/8/8/8 b - - 150 100"), Status::Stalemate);
}

/// Insufficient material by the FIDE dead-position rule, judged on material only.
fn insufficient(fen: &str) -> bool {
    pos(fen).is_insufficient_material()
}

#[test]
fn king_against_king() {
    assert!(insufficient("8/8/4k3/8/8/3K4/8/8 w - - 0 1"));
}

#[test]
fn king_and_minor_against_king() {
    assert!(insufficient("8/8/4k3/8/8/3K4/4N3/8 w - - 0 1"));
    assert!(insufficient("8/8/4k3/8/8/3K4/4B3/8 b - - 0 1"));
    assert!(insufficient("8/8/4k3/2n5/8/3K4/8/8 w - - 0 1"));
    assert!(insufficient("8/8/4k3/2b5/8/3K4/8/8 w - - 0 1"));
}

#[test]
fn bishops_all_on_one_colour() {
    // c5 and f4: both dark.
    assert!(insufficient("8/8/4k3/2b5/5B2/3K4/8/8 w - - 0 1"));
    // Five light-square bishops: b1, d1, f1 and a2 for white, e6 for black.
    assert!(insufficient("8/8/4b3/8/8/k7/B7/1B1B1BK1 w - - 0 1"));
    // Two same-coloured bishops of one side against a bare king.
    assert!(insufficient("8/8/4k3/8/8/3K4/8/2B1B3 w - - 0 1"));
}

#[test]
fn two_knights_against_king_is_not_dead() {
    // A mate exists (with the defender's help), so FIDE does not call it a dead position,
    // though it cannot be forced.
    assert!(!insufficient("8/8/4k3/8/8/3K4/4N3/6N1 w - - 0 1"));
    assert_eq!(status("8/8/4k3/8/8/3K4/4N3/6N1 w - - 0 1"), Status::Ongoing);
}

#[test]
fn bishops_on_opposite_colours_are_not_dead() {
    // c5 dark, e2 light: a king in the corner can be mated when its own bishop blocks it.
    assert!(!insufficient("8/8/4k3/2b5/8/3K4/4B3/8 w - - 0 1"));
    // The bishop pair of one side.
    assert!(!insufficient("8/8/4k3/8/8/3K4/8/2B2B2 w - - 0 1"));
}

#[test]
fn other_material_is_never_insufficient() {
    for fen in [
        "8/8/4k3/8/8/3K4/4N3/5n2 w - - 0 1",  // knight against knight
        "8/8/4k3/8/8/3K4/4N3/5b2 w - - 0 1",  // knight against bishop
        "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",    // a pawn
        "8/8/4k3/8/8/3K4/8/7R w - - 0 1",     // a rook
        "8/8/4k3/8/8/3K4/8/7q w - - 0 1",     // a queen
        "8/8/4k3/8/8/3K4/8/2B1BN2 w - - 0 1", // same-coloured bishops and a knight
    ] {
        assert!(!insufficient(fen), "{fen}");
    }
}

#[test]
fn status_display() {
    assert_eq!(Status::FiftyMoves.to_string(), "fifty-move rule (claimable)");
    assert_eq!(Status::Checkmate.to_string(), "checkmate");
}
