//! The editing API (`Setup`): positions round trip through it, every validation failure is the
//! error the equivalent FEN gives, and an edited position is the same position (`==`, `Hash`,
//! key) as the one read from FEN.

use std::hash::{BuildHasher, RandomState};

use bbcore::{Color, File, Piece, Square};
use bbengine::{CastleSide, FenError, KoggeStone, Position, Setup};
use bbtests::{STANDARD_POSITIONS, load_suite};

fn fen(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn piece(c: char) -> Piece {
    Piece::from_char(c).unwrap()
}

/// Equal, same `Hash`, same key, and a consistent position.
fn assert_same(edited: &Position, parsed: &Position) {
    assert_eq!(edited, parsed);
    let hasher = RandomState::new();
    assert_eq!(hasher.hash_one(edited), hasher.hash_one(parsed), "{edited} / {parsed}");
    assert_eq!(edited.key(), parsed.key(), "{edited} / {parsed}");
    assert_eq!(edited.key(), edited.compute_key());
    assert_eq!(edited.consistency_error(), None);
}

/// Every suite position, the standard ones, Chess960 starts and the positions one and two
/// moves on from each suite position (so castling rights lost, en passant squares kept and
/// dropped, counters moved).
fn sample_positions() -> Vec<Position> {
    let mut positions: Vec<Position> = STANDARD_POSITIONS.iter().map(|p| p.position()).collect();
    positions.extend([0, 1, 518, 959].map(Position::chess960));
    positions.push(Position::double_chess960(518, 0).unwrap());
    for name in ["random_std.epd", "random_960.epd"] {
        for case in load_suite(name) {
            let pos = fen(&case.fen);
            positions.push(pos);
            for &mv in pos.legal_moves_with(KoggeStone).iter() {
                let mut child = pos;
                child.play(mv);
                positions.push(child);
                if let Some(&reply) = child.legal_moves_with(KoggeStone).iter().next() {
                    let mut grandchild = child;
                    grandchild.play(reply);
                    positions.push(grandchild);
                }
            }
        }
    }
    positions
}

#[test]
fn position_to_setup_and_back_is_the_same_position() {
    let positions = sample_positions();
    assert!(positions.len() > 10_000, "{}", positions.len());
    for pos in positions {
        let setup = pos.to_setup();
        assert_eq!(Setup::from(&pos), setup);
        let back = setup.clone().into_position().unwrap_or_else(|e| panic!("{pos}: {e}"));
        assert_same(&back, &pos);
        assert_eq!(back.is_chess960(), pos.is_chess960(), "{pos}");
        assert_eq!(back.to_setup(), setup);
        assert_eq!(Position::try_from(setup), Ok(pos));
        // Every field reads back as the position has it.
        let s = pos.to_setup();
        for sq in Square::ALL {
            assert_eq!(s.piece_at(sq), pos.piece_at(sq));
        }
        assert_eq!(s.side_to_move(), pos.side_to_move());
        assert_eq!(s.en_passant(), pos.en_passant());
        assert_eq!((s.halfmove_clock(), s.fullmove_number()), (pos.halfmove_clock(), pos.fullmove_number()));
        for color in Color::ALL {
            for side in CastleSide::ALL {
                assert_eq!(s.castling(color, side), pos.castling_rights().rook(color, side).map(|r| r.file()));
            }
        }
    }
}

#[test]
fn x_fen_positions_write_back_the_same_fen() {
    for name in ["random_std.epd", "random_960.epd"] {
        for case in load_suite(name) {
            let pos = fen(&case.fen);
            assert_eq!(pos.to_setup().into_position().unwrap().to_string(), case.fen);
        }
    }
    // Shredder-FEN spelling is notation, not part of a setup: written back as X-FEN letters.
    let shredder = fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    let rebuilt = shredder.to_setup().into_position().unwrap();
    assert_same(&rebuilt, &shredder);
    assert_eq!(rebuilt.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

/// One edit of a valid start, and the FEN of the edited position: both must fail alike.
type Edit = fn(&mut Setup);

#[test]
fn every_validation_failure_is_the_error_of_the_equivalent_fen() {
    let cases: &[(&str, Edit, &str, FenError)] = &[
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            |s| {
                s.remove(Square::A8);
            },
            "8/8/8/8/8/8/8/K7 w - - 0 1",
            FenError::KingCount(Color::Black, 0),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            |s| {
                s.put(Square::B1, piece('K'));
            },
            "k7/8/8/8/8/8/8/KK6 w - - 0 1",
            FenError::KingCount(Color::White, 2),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            |s| {
                s.put(Square::G1, piece('P'));
            },
            "k7/8/8/8/8/8/8/K5P1 w - - 0 1",
            FenError::PawnOnBackRank(Square::G1),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            |s| {
                s.put(Square::B8, piece('P'));
            },
            "kP6/8/8/8/8/8/8/K7 w - - 0 1",
            FenError::PawnOnBackRank(Square::B8),
        ),
        (
            "k7/8/8/8/8/8/PPPPPPPP/KNN5 w - - 0 1",
            |s| {
                s.put(Square::D1, piece('N'));
            },
            "k7/8/8/8/8/8/PPPPPPPP/KNNN4 w - - 0 1",
            FenError::TooMuchMaterial(Color::White),
        ),
        (
            "k7/8/8/8/8/8/8/7K w - - 0 1",
            |s| {
                s.put(Square::A1, piece('R'));
            },
            "k7/8/8/8/8/8/8/R6K w - - 0 1",
            FenError::OpponentInCheck,
        ),
        (
            "k7/8/8/8/8/8/8/R6K b - - 0 1",
            |s| s.set_side_to_move(Color::White),
            "k7/8/8/8/8/8/8/R6K w - - 0 1",
            FenError::OpponentInCheck,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            |s| {
                s.remove(Square::H1);
            },
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            FenError::CastlingWithoutPieces('K'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            |s| {
                s.remove(Square::A8);
            },
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::CastlingWithoutPieces('q'),
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            |s| {
                s.remove(Square::E1);
                s.put(Square::E2, piece('K'));
            },
            "4k3/8/8/8/8/8/4K3/R7 w Q - 0 1",
            FenError::CastlingWithoutPieces('Q'),
        ),
        (
            "r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
            |s| s.set_castling(Color::White, CastleSide::Queen, Some(File::B)),
            "r3k3/8/8/8/8/8/8/4K3 w qB - 0 1",
            FenError::CastlingWithoutPieces('B'),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            |s| s.set_en_passant(Some(Square::E6)),
            "k7/8/8/8/8/8/8/K7 w - e6 0 1",
            FenError::ImpossibleEnPassant(Square::E6),
        ),
        (
            "k7/8/8/4p3/8/8/8/K7 w - - 0 1",
            |s| s.set_en_passant(Some(Square::E3)),
            "k7/8/8/4p3/8/8/8/K7 w - e3 0 1",
            FenError::ImpossibleEnPassant(Square::E3),
        ),
        (
            "k7/8/8/4pP2/8/8/8/K7 w - e6 0 1",
            |s| s.set_side_to_move(Color::Black),
            "k7/8/8/4pP2/8/8/8/K7 b - e6 0 1",
            FenError::ImpossibleEnPassant(Square::E6),
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            |s| s.set_clocks(0, 0),
            "k7/8/8/8/8/8/8/K7 w - - 0 0",
            FenError::BadFullmoveNumber("0".into()),
        ),
    ];
    for (start, edit, edited_fen, expected) in cases {
        let mut setup = fen(start).to_setup();
        edit(&mut setup);
        assert_eq!(setup.clone().into_position().as_ref(), Err(expected), "{start} edited to {edited_fen}");
        assert_eq!(Position::try_from(setup).as_ref(), Err(expected));
        assert_eq!(edited_fen.parse::<Position>().as_ref(), Err(expected), "{edited_fen}");
    }
}

#[test]
fn a_right_on_the_wrong_side_of_the_king_is_refused() {
    // FEN derives the side from the rook's file; a setup names it, so it can name the wrong one.
    let mut setup = fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").to_setup();
    setup.set_castling(Color::White, CastleSide::Queen, None);
    setup.set_castling(Color::White, CastleSide::King, Some(File::A));
    assert_eq!(setup.into_position(), Err(FenError::CastlingWithoutPieces('A')));
    // The king's own file is on neither side.
    let mut setup = fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").to_setup();
    setup.set_castling(Color::White, CastleSide::King, Some(File::E));
    assert_eq!(setup.into_position(), Err(FenError::CastlingWithoutPieces('E')));
}

#[test]
fn an_empty_setup_needs_kings() {
    assert_eq!(Setup::empty(), Setup::default());
    assert_eq!(Setup::empty().into_position(), Err(FenError::KingCount(Color::White, 0)));
    assert_eq!("8/8/8/8/8/8/8/8 w - - 0 1".parse::<Position>(), Err(FenError::KingCount(Color::White, 0)));
}

#[test]
fn edited_positions_are_the_positions_read_from_fen() {
    // 1. e4 made by hand: the en passant square no pawn can take on is dropped, as by FEN
    // and by `play`.
    let mut setup = Position::startpos().to_setup();
    assert_eq!(setup.remove(Square::E2), Some(piece('P')));
    assert_eq!(setup.put(Square::E4, piece('P')), None);
    setup.set_side_to_move(Color::Black);
    setup.set_en_passant(Some(Square::E3));
    let edited = setup.into_position().unwrap();
    assert_eq!(edited.en_passant(), None);
    assert_same(&edited, &fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
    let mut played = Position::startpos();
    played.play_uci("e2e4").unwrap();
    assert_same(&edited, &played);

    // An en passant square a pawn can take on is kept, with its key.
    let mut setup = fen("4k3/8/8/8/4p3/8/8/4K3 w - - 0 1").to_setup();
    setup.put(Square::D4, piece('P'));
    setup.set_side_to_move(Color::Black);
    setup.set_en_passant(Some(Square::D3));
    setup.set_clocks(0, 7);
    let edited = setup.into_position().unwrap();
    assert_eq!(edited.en_passant(), Some(Square::D3));
    assert_same(&edited, &fen("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 7"));

    // Castling rights taken away and given back.
    let mut setup = Position::startpos().to_setup();
    setup.set_castling(Color::White, CastleSide::Queen, None);
    setup.set_castling(Color::Black, CastleSide::King, None);
    assert_same(
        &setup.clone().into_position().unwrap(),
        &fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1"),
    );
    setup.set_castling(Color::White, CastleSide::Queen, Some(File::A));
    setup.set_castling(Color::Black, CastleSide::King, Some(File::H));
    assert_same(&setup.into_position().unwrap(), &Position::startpos());

    // Chess960: an inner rook named by file, and the notation turned on by it.
    let mut setup = Setup::empty();
    for (sq, c) in [(Square::B1, 'K'), (Square::A1, 'R'), (Square::C1, 'R'), (Square::G8, 'k')] {
        setup.put(sq, piece(c));
    }
    setup.set_castling(Color::White, CastleSide::King, Some(File::C));
    assert!(!setup.is_chess960());
    let edited = setup.into_position().unwrap();
    assert!(edited.is_chess960());
    assert_same(&edited, &fen("6k1/8/8/8/8/8/8/RKR5 w C - 0 1"));

    // Flags and counters survive the trip.
    let mut setup = Position::chess960(0).to_setup();
    assert!(setup.is_chess960());
    setup.set_chess960(false);
    setup.set_clocks(12, 40);
    let edited = setup.into_position().unwrap();
    assert!(edited.is_chess960(), "Chess960 rights turn the notation on");
    assert_eq!((edited.halfmove_clock(), edited.fullmove_number()), (12, 40));
    let mut standard = Position::startpos().to_setup();
    standard.set_chess960(true);
    assert!(standard.into_position().unwrap().is_chess960());
}

#[test]
fn pieces_replace_and_come_off() {
    let mut setup = Setup::empty();
    assert_eq!(setup.put(Square::E1, piece('K')), None);
    assert_eq!(setup.put(Square::E1, piece('Q')), Some(piece('K')));
    assert_eq!(setup.piece_at(Square::E1), Some(piece('Q')));
    assert_eq!(setup.remove(Square::E1), Some(piece('Q')));
    assert_eq!(setup.remove(Square::E1), None);
    assert_eq!(setup.piece_at(Square::E1), None);
}
