//! One position, one identity: the en passant square is kept only when a capture there is
//! legal (at FEN parse and after a double push alike), and `==`, `Hash` and the key compare
//! the position, not how it was written.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};

use bbcore::Square;
use bbengine::generated::polyglot::{EN_PASSANT, RANDOM};
use bbengine::{KoggeStone, MoveKind, Position};

fn fen(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(start: &str, moves: &[&str]) -> Position {
    let mut pos = fen(start);
    for mv in moves {
        pos.play_uci_with(mv, KoggeStone).unwrap_or_else(|e| panic!("{mv} in {pos}: {e}"));
        assert_eq!(pos.consistency_error(), None, "after {mv}");
    }
    pos
}

/// Equal, same `Hash`, same key.
fn assert_same(a: &Position, b: &Position) {
    assert_eq!(a, b);
    let hasher = RandomState::new();
    assert_eq!(hasher.hash_one(a), hasher.hash_one(b), "{a} / {b}");
    assert_eq!(a.key(), b.key(), "{a} / {b}");
    assert_eq!(a.key(), a.compute_key());
    assert_eq!(HashSet::from([*a, *b]).len(), 1);
}

/// The key Polyglot's weaker rule gives where a pawn stands beside but cannot legally take:
/// this crate's key plus the en passant file.
fn polyglot_rule_key(pos: &Position, ep: Square) -> u64 {
    assert_eq!(pos.en_passant(), None);
    pos.key() ^ RANDOM[EN_PASSANT + ep.file().index()]
}

#[test]
fn castling_spelling_and_chess960_flag_are_not_identity() {
    let x_fen = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let shredder = fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_same(&x_fen, &shredder);
    // Written back as read: the spelling is kept, it just does not count.
    assert_eq!(shredder.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(x_fen.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let mut chess960 = x_fen;
    chess960.set_chess960(true);
    assert_same(&x_fen, &chess960);
    // The start position from FEN in both spellings, and built.
    let start_shredder = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    assert_same(&start_shredder, &Position::startpos());
}

#[test]
fn what_identity_does_compare() {
    let a = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_ne!(a, fen("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1"), "castling rights");
    assert_ne!(a, fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"), "side to move");
    assert_ne!(a, fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1 1"), "half-move clock");
    assert_ne!(a, fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 2"), "move number");
    assert_ne!(a, fen("r3k2r/8/8/8/8/8/8/R3K1R1 w kq - 0 1"), "pieces");
    // A legal en passant square is part of the position.
    assert_ne!(fen("k7/8/8/4pP2/8/8/8/K7 w - e6 0 1"), fen("k7/8/8/4pP2/8/8/8/K7 w - - 0 1"));
}

#[test]
fn useless_en_passant_square_from_fen_equals_the_position_reached_by_moves() {
    // No black pawn beside e4: the square is dropped at parse, as play never sets it.
    let played = play(bbengine::STARTPOS, &["e2e4"]);
    let from_fen = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_same(&played, &from_fen);
    assert_eq!(from_fen.en_passant(), None);
    assert_eq!(from_fen.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(from_fen.key(), 0x823c_9b50_fd11_4196, "the Polyglot specification's key after e2e4");
}

#[test]
fn legal_en_passant_is_kept_both_ways() {
    let played = play("4k3/5p2/8/4P3/8/8/8/4K3 b - - 0 1", &["f7f5"]);
    let from_fen = fen("4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2");
    assert_same(&played, &from_fen);
    assert_eq!(played.en_passant(), Some(Square::F6));
    assert_eq!(played.to_string(), "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2");
    // The capture answers the check the pushed pawn gives: kept.
    let check = play("4k3/3p4/8/4P3/4K3/8/8/8 b - - 0 1", &["d7d5"]);
    assert!(check.is_check());
    assert_eq!(check.en_passant(), Some(Square::D6));
    assert_same(&check, &fen("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2"));
    // A rank "pin" with a second piece between is no pin: kept.
    let shielded = play("8/4p3/8/KN1P3r/8/8/8/7k b - - 0 1", &["e7e5"]);
    assert_eq!(shielded.en_passant(), Some(Square::E6));
}

/// Pseudo-legal but illegal en passant: a pawn stands beside, no capture is legal. The square
/// is dropped from FEN and after the double push, both compare and hash equal, and the key
/// differs from Polyglot's (which hashes the file whenever a pawn stands beside) by exactly
/// the en passant number: the decision documented in `engine/src/board/zobrist.rs`.
#[test]
fn illegal_en_passant_is_dropped_and_hashed_as_absent() {
    let cases: [(&str, &str, &str, Square); 4] = [
        // Both pawns leave the king's rank, opening it to the rook on h5.
        ("8/4p3/8/K2P3r/8/8/8/7k b - - 0 1", "e7e5", "8/8/8/K2Pp2r/8/8/8/7k w - e6 0 2", Square::E6),
        // The capturing pawn is pinned along its file by the queen on e6.
        (
            "rnb1kbnr/ppp1pppp/3pq3/4P3/8/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            "f7f5",
            "rnb1kbnr/ppp1p1pp/3pq3/4Pp2/8/2N2N2/PPPP1PPP/R1BQKB1R w KQkq f6 0 5",
            Square::F6,
        ),
        // The capturing pawn is pinned along a diagonal by the bishop on h8.
        ("4k2b/3p4/8/4P3/8/8/1K6/8 b - - 0 1", "d7d5", "4k2b/8/8/3pP3/8/8/1K6/8 w - d6 0 2", Square::D6),
        // The double push uncovers a check from the bishop on e8 that the capture leaves.
        ("4b2k/5p2/8/6PK/8/8/8/8 b - - 0 1", "f7f5", "4b2k/8/8/5pPK/8/8/8/8 w - f6 0 2", Square::F6),
    ];
    for (start, push, fen_with_square, ep) in cases {
        let played = play(start, &[push]);
        let from_fen = fen(fen_with_square);
        assert_same(&played, &from_fen);
        assert_eq!(played.en_passant(), None, "{fen_with_square}");
        let dropped = fen_with_square.replace(&format!(" {ep} "), " - ");
        assert_eq!(from_fen.to_string(), dropped);
        assert_eq!(played.to_string(), dropped);
        // The capture is indeed illegal, and a pawn does stand beside the pushed pawn.
        assert!(
            played.legal_moves_with(KoggeStone).iter().all(|m| m.kind() != MoveKind::EnPassant),
            "{fen_with_square}"
        );
        assert_ne!(polyglot_rule_key(&played, ep), played.key());
    }
}

#[test]
fn impossible_en_passant_squares_are_still_errors() {
    // Well formed but impossible (no pushed pawn): an error, not silently dropped.
    assert!(fen_err("k7/8/8/8/8/8/8/K7 w - e6 0 1"));
    assert!(fen_err("4k3/8/8/4pP2/8/8/8/4K3 b - e6 0 1"));
}

fn fen_err(text: &str) -> bool {
    matches!(text.parse::<Position>(), Err(bbengine::FenError::ImpossibleEnPassant(_)))
}
