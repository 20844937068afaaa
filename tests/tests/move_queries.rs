//! The questions about single moves (`is_legal`, `try_play`, `is_capture`, `captured`,
//! `gives_check`, `is_irreversible`), partial generation (captures and promotions, quiet moves,
//! origin squares, early stop) and the null move, each checked against the full legal move list
//! on every position of the seeded suites and their children.

use bbcore::{Bitboard, Color, Role, Square};
use bbengine::{IllegalMoveError, KoggeStone, Move, MoveKind, MoveList, Position};
use bbtests::load_suite;

/// Every position of the seeded suites (300 standard, 150 Chess960) and their children.
fn positions() -> Vec<Position> {
    let mut all = Vec::new();
    for name in ["random_std.epd", "random_960.epd"] {
        for case in load_suite(name) {
            all.push(case.position);
            for &mv in case.position.legal_moves().iter() {
                let mut child = case.position;
                child.play(mv);
                all.push(child);
            }
        }
    }
    all
}

#[test]
fn is_legal_agrees_with_the_move_list_for_every_possible_move() {
    let mut checked = 0u64;
    let mut legal = 0u64;
    for pos in positions().iter().step_by(7) {
        let moves = pos.legal_moves();
        for from in Square::ALL {
            for to in Square::ALL {
                for kind in MoveKind::ALL {
                    let mv = Move::new(from, to, kind);
                    let expected = moves.contains(&mv);
                    assert_eq!(pos.is_legal(mv), expected, "{mv:?} in {pos}");
                    assert_eq!(pos.is_legal_with(KoggeStone, mv), expected, "{mv:?} in {pos}");
                    checked += 1;
                    legal += u64::from(expected);
                }
            }
        }
    }
    // Every one of the 32,768 from/to/kind combinations on 2,074 positions (one in seven),
    // 64,428 of them legal.
    assert_eq!((checked, legal), (2_074 * 32_768, 64_428));
}

#[test]
fn partial_generation_splits_the_legal_moves() {
    let mut positions_seen = 0;
    for pos in positions() {
        let all = pos.legal_moves();
        let tactical = pos.captures_and_promotions();
        let quiet = pos.quiet_moves();
        assert_eq!(tactical.len() + quiet.len(), all.len(), "{pos}");
        for &mv in tactical.iter() {
            assert!(all.contains(&mv), "{mv:?} in {pos}");
            assert!(pos.is_capture(mv) || mv.kind().promotion().is_some(), "{mv:?} in {pos}");
        }
        for &mv in quiet.iter() {
            assert!(all.contains(&mv), "{mv:?} in {pos}");
            assert!(!pos.is_capture(mv) && mv.kind().promotion().is_none(), "{mv:?} in {pos}");
        }
        for from in pos.color(pos.side_to_move()) {
            let mut from_here = MoveList::new();
            pos.generate_from(Bitboard::from_square(from), &mut from_here);
            let expected: Vec<Move> = all.iter().copied().filter(|mv| mv.from() == from).collect();
            assert_eq!(&from_here[..], &expected[..], "moves from {from} in {pos}");
        }
        assert_eq!(pos.has_legal_move(), !all.is_empty(), "{pos}");
        assert_eq!(pos.count_legal_moves(), all.len() as u64, "{pos}");
        positions_seen += 1;
    }
    assert_eq!(positions_seen, 14_517); // 450 suite positions and their 14,067 children
}

#[test]
fn capture_check_and_irreversibility_match_playing_the_move() {
    for pos in positions() {
        let them = pos.side_to_move().other();
        for &mv in pos.legal_moves().iter() {
            let mut after = pos;
            after.play(mv);
            let captured = pos.color(them).count() - after.color(them).count();
            assert_eq!(pos.is_capture(mv), captured == 1, "{mv:?} in {pos}");
            let lost_role =
                Role::ALL.into_iter().find(|&r| pos.pieces(them, r).count() > after.pieces(them, r).count());
            assert_eq!(pos.captured(mv), lost_role, "{mv:?} in {pos}");
            assert_eq!(pos.gives_check(mv), after.checkers_with(KoggeStone).any(), "{mv:?} in {pos}");
            let irreversible = after.halfmove_clock() == 0
                || after.castling_rights() != pos.castling_rights()
                || mv.kind() == MoveKind::Castle;
            assert_eq!(pos.is_irreversible(mv), irreversible, "{mv:?} in {pos}");
        }
    }
}

#[test]
fn try_play_refuses_with_the_reason_and_leaves_the_position() {
    let start = Position::startpos();
    let mut pos = start;
    let empty = Move::new(Square::E4, Square::E5, MoveKind::Normal);
    assert_eq!(pos.try_play(empty), Err(IllegalMoveError::EmptyOrigin { mv: "e4e5".to_string() }));
    let theirs = Move::new(Square::E7, Square::E5, MoveKind::DoublePush);
    assert_eq!(pos.try_play(theirs), Err(IllegalMoveError::NotYourPiece { mv: "e7e5".to_string() }));
    let blocked = Move::new(Square::A1, Square::A3, MoveKind::Normal);
    assert_eq!(
        pos.try_play(blocked),
        Err(IllegalMoveError::Illegal { mv: "a1a3".to_string(), fen: start.to_string() })
    );
    assert_eq!(
        pos.try_play(blocked).unwrap_err().to_string(),
        "illegal move a1a3 in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(pos, start);
    // A double push written as a plain move is not the legal move.
    assert!(pos.try_play(Move::new(Square::E2, Square::E4, MoveKind::Normal)).is_err());
    assert_eq!(pos.try_play(Move::new(Square::E2, Square::E4, MoveKind::DoublePush)), Ok(()));
    assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

#[test]
fn the_null_move_passes_the_turn_and_keeps_the_key_true() {
    let mut count = 0;
    for pos in positions() {
        if pos.is_check() {
            continue;
        }
        let mut passed = pos;
        passed.play_null();
        assert_eq!(passed.side_to_move(), pos.side_to_move().other());
        assert_eq!(passed.en_passant(), None);
        assert_eq!(passed.occupied(), pos.occupied());
        assert_eq!(passed.halfmove_clock(), pos.halfmove_clock() + 1);
        let expected_number = pos.fullmove_number() + u32::from(pos.side_to_move() == Color::Black);
        assert_eq!(passed.fullmove_number(), expected_number);
        assert_eq!(passed.key(), passed.compute_key(), "{pos}");
        count += 1;
    }
    assert_eq!(count, 13_871); // of the 14,517, those not in check
}
