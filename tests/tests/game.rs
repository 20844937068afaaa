//! `Game`: checked play, repetitions (threefold, fivefold, what resets and what tells two
//! positions apart), and move lists in UCI and SAN.

use bbcore::{Color, Square};
use bbengine::{Game, Move, MoveKind, ParseGameErrorKind, Position, SanError, Status};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays the SAN moves in `moves` one by one, recording the status after each.
fn statuses(game: &mut Game, moves: &str) -> Vec<Status> {
    moves
        .split_whitespace()
        .map(|san| {
            game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
            game.status()
        })
        .collect()
}

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn threefold_at_the_third_occurrence_fivefold_at_the_fifth() {
    let mut game = Game::new(Position::startpos());
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.repetitions(), 1);
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.extend(statuses(&mut game, SHUFFLE));
    }
    use Status::{FivefoldRepetition as Five, Ongoing as On, Repetition as Three};
    #[rustfmt::skip]
    let expected = [
        On, On, On, On,          // start position twice
        On, On, On, Three,       // ... three times (ply 8)
        Three, Three, Three, Three, // every position of the cycle three times, the start four
        Three, Three, Three, Five,  // the start position a fifth time (ply 16)
    ];
    assert_eq!(seen, expected);
    assert_eq!(game.repetitions(), 5);
    assert!(game.status().is_over());
    // The position after Nf3 now occurs for the fifth time.
    game.play_san("Nf3").unwrap();
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.status(), Status::FivefoldRepetition);
}

#[test]
fn a_capture_resets_the_count() {
    // Rooks shuffle; a capture of the a7 pawn starts the count again.
    let start = pos("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1");
    let mut game = Game::new(start);
    statuses(&mut game, "Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 Ke1 Ke8");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), Status::Repetition);
    game.play_san("Rxa7").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.status(), Status::Ongoing);
    let seen = statuses(&mut game, "Kd8 Ra1 Ke8 Ra7 Kd8 Ra1 Ke8 Ra7");
    let three = seen.iter().position(|&s| s == Status::Repetition);
    assert_eq!(three, Some(7)); // the position after Rxa7 for the third time
}

#[test]
fn a_pawn_move_resets_the_count() {
    let mut game = Game::new(pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    statuses(&mut game, "Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 Ke1 Ke8");
    assert_eq!(game.status(), Status::Repetition);
    game.play_san("e3").unwrap();
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    let mut game = Game::new(pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    // After four plies the pieces stand as at the start, but nobody may castle.
    statuses(&mut game, "Kf1 Kf8 Ke1 Ke8");
    assert_eq!(game.position().to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert_eq!(game.repetitions(), 1);
    // With rights ignored these would be the third and fifth occurrences.
    statuses(&mut game, "Kf1 Kf8 Ke1 Ke8");
    assert_eq!(game.repetitions(), 2);
    statuses(&mut game, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.status(), Status::Repetition);
}

#[test]
fn an_en_passant_chance_makes_a_different_position() {
    // After e4 black could take en passant on e3; later, with the same pieces, it cannot.
    let mut game = Game::new(pos("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1"));
    game.play_san("e4").unwrap();
    assert_eq!(game.position().en_passant(), Some(Square::E3));
    let after_e4 = *game.position();
    statuses(&mut game, "Kd8 Kd1 Ke8 Ke1");
    assert_eq!(game.position().en_passant(), None);
    assert_eq!(game.position().occupied(), after_e4.occupied());
    assert_eq!(game.position().side_to_move(), after_e4.side_to_move());
    assert_eq!(game.repetitions(), 1);
    // With the en passant square ignored these would be the third and fifth occurrences.
    statuses(&mut game, "Kd8 Kd1 Ke8 Ke1");
    assert_eq!(game.repetitions(), 2);
    statuses(&mut game, "Kd8 Kd1 Ke8 Ke1 Kd8 Kd1 Ke8 Ke1");
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.status(), Status::Repetition);
}

#[test]
fn fifty_moves_outranks_threefold_and_fivefold_outranks_fifty() {
    let start = pos("4k3/8/8/8/8/8/8/R3K3 w - - 92 80");
    let mut game = Game::new(start);
    let seen = statuses(&mut game, "Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 Ke1 Ke8");
    // Half-move 100 and the third occurrence arrive together at ply 8.
    assert_eq!(seen[6], Status::Ongoing);
    assert_eq!(seen[7], Status::FiftyMoves);
    assert_eq!(game.repetitions(), 3);
    statuses(&mut game, "Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 Ke1 Ke8");
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.status(), Status::FivefoldRepetition);
}

#[test]
fn checked_play() {
    let mut game = Game::new(Position::startpos());
    let err = game.play(Move::new(Square::E2, Square::E5, MoveKind::Normal)).unwrap_err();
    assert_eq!(
        err,
        bbengine::IllegalMoveError::Illegal { mv: "e2e5".to_string(), fen: bbengine::STARTPOS.to_string() }
    );
    assert_eq!(err.to_string(), format!("illegal move e2e5 in {}", bbengine::STARTPOS));
    assert!(game.moves().is_empty());
    // A double push is a different move from a normal one with the same squares.
    assert!(game.play(Move::new(Square::E2, Square::E4, MoveKind::Normal)).is_err());
    game.play(Move::new(Square::E2, Square::E4, MoveKind::DoublePush)).unwrap();
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.position().side_to_move(), Color::Black);
}

#[test]
fn uci_round_trip() {
    let text = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1";
    let game = Game::from_uci(Position::startpos(), text).unwrap();
    assert_eq!(game.to_uci(), text);
    assert_eq!(game.to_san(), "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O");
    // King takes rook is accepted in standard chess too, and written back as e1g1.
    let game = Game::from_uci(Position::startpos(), &text.replace("e1g1", "e1h1")).unwrap();
    assert_eq!(game.to_uci(), text);
}

#[test]
fn uci_chess960_castling_is_king_takes_rook() {
    let start = pos("6kr/8/8/8/8/8/8/RK5R w AHh - 0 1");
    let game = Game::from_san(start, "1. O-O-O O-O").unwrap();
    assert_eq!(game.to_uci(), "b1a1 g8h8");
    assert_eq!(Game::from_uci(start, "b1a1 g8h8").unwrap(), game);
    assert_eq!(game.to_san(), "1. O-O-O O-O");
}

#[test]
fn uci_errors_name_the_move() {
    let err = Game::from_uci(Position::startpos(), "e2e4 e7e5 e1e2 e8e9").unwrap_err();
    assert_eq!(err.index, 3);
    assert_eq!(err.text, "e8e9");
    assert_eq!((err.fullmove_number, err.side), (2, Color::Black));
    assert!(matches!(err.kind, ParseGameErrorKind::Uci(_)));
    assert_eq!(
        err.to_string(),
        "move 4 of the list (2... e8e9): bad move \"e8e9\": expected UCI notation such as e2e4 or e7e8q"
    );
}

#[test]
fn san_with_move_numbers_and_result() {
    let expected = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
    for text in [
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 *",
        "1. e4 1... e5 2. Nf3 2... Nc6 3. Bb5 3... a6 1/2-1/2",
        "e4 e5 Nf3 Nc6 Bb5 a6 1-0",
        "  1. e4   e5\n2. Nf3 Nc6\t3. Bb5 a6  0-1 ",
    ] {
        let game = Game::from_san(Position::startpos(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(game.to_san(), expected, "{text}");
    }
}

#[test]
fn san_when_black_moves_first() {
    let start = pos("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
    let game = Game::from_san(start, "3... a6 4. Ba4 Nf6 5. O-O").unwrap();
    assert_eq!(game.to_san(), "3... a6 4. Ba4 Nf6 5. O-O");
    assert_eq!(game.to_uci(), "a7a6 b5a4 g8f6 e1g1");
    let one = Game::from_san(start, "a6").unwrap();
    assert_eq!(one.to_san(), "3... a6");
    assert_eq!(Game::new(start).to_san(), "");
}

#[test]
fn san_errors_name_the_move_and_the_reason() {
    let start = Position::startpos();
    let err = Game::from_san(start, "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf9").unwrap_err();
    assert_eq!((err.index, err.text.as_str()), (5, "Nf9"));
    assert!(matches!(err.kind, ParseGameErrorKind::San(SanError::Malformed(_))));
    assert_eq!(
        err.to_string(),
        "move 6 of the list (3... Nf9): malformed SAN \"Nf9\": expected a move such as e4, Nf3, exd5, R1a3, \
         Qh4xe1, e8=Q or O-O"
    );

    let err = Game::from_san(start, "1. e4 e5 2. Ke3").unwrap_err();
    assert_eq!((err.index, err.text.as_str()), (2, "Ke3"));
    assert!(matches!(err.kind, ParseGameErrorKind::San(SanError::Illegal(_))));

    let err = Game::from_san(start, "1. e4 e5 1-0 2. Nf3").unwrap_err();
    assert_eq!((err.index, err.text.as_str()), (2, "2."));
    assert_eq!(err.kind, ParseGameErrorKind::AfterResult);
    assert_eq!(err.to_string(), "\"2.\" follows the result, which must be the last token");
}

#[test]
fn ambiguous_san_in_a_game() {
    let err = Game::from_san(Position::startpos(), "1. Nf3 d5 2. Nc3 d4 3. Nb5 e5 4. e3 Nc6 5. Nxd4").unwrap_err();
    assert_eq!((err.index, err.text.as_str()), (8, "Nxd4"));
    assert!(matches!(err.kind, ParseGameErrorKind::San(SanError::Ambiguous(_))));
}

#[test]
fn default_game_and_accessors() {
    let mut game = Game::default();
    assert_eq!(*game.start(), Position::startpos());
    let mv = game.play_uci("d2d4").unwrap();
    assert_eq!(game.moves(), &[mv]);
    assert_eq!(game.position().to_string(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(*game.start(), Position::startpos());
}
