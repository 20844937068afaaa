//! FEN round trips on every suite position and one rejection test per error kind.

use bbcore::{Color, Rank, Square};
use bbengine::{CastleSide, FenError, Position};
use bbtests::{STANDARD_POSITIONS, assert_is_mirror, load_suite, mirror_fen};

fn shared_suite(name: &str) -> Option<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data").join(name);
    std::fs::read_to_string(path).ok()
}

fn assert_round_trip(fen: &str) {
    let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(pos.to_string(), fen);
    let again: Position = pos.to_string().parse().unwrap();
    assert_eq!(again, pos);
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(pos.consistency_error(), None);
}

#[test]
fn round_trip_every_suite_position() {
    let mut count = 0;
    for name in ["random_std.epd", "random_960.epd"] {
        for case in load_suite(name) {
            assert_round_trip(&case.fen);
            count += 1;
        }
    }
    assert_eq!(count, 450);
    // The public suites live beside the repository; check them when they are there, and say
    // so in the test output when they are not.
    for (name, positions) in [("perftsuite.epd", 126), ("fischer960.epd", 960)] {
        let Some(text) = shared_suite(name) else {
            bbtests::report_skip("round_trip_every_suite_position", &format!("../shared/data/{name} not found"));
            continue;
        };
        let cases = bbengine::perft::parse_suite(&text).unwrap();
        assert_eq!(cases.len(), positions, "{name}");
        for case in cases {
            assert_round_trip(&case.fen);
        }
    }
}

#[test]
fn position4_mirror_built_square_by_square_is_the_published_mirror() {
    let (original, published) = (&STANDARD_POSITIONS[3], &STANDARD_POSITIONS[6]);
    assert_eq!((original.name, published.name), ("position4", "position4 mirrored"));
    let pos = original.position();
    // The mirror built from the board equals the wiki's mirrored FEN as text, and parsed, in
    // every field (the Zobrist key too).
    let built = mirror_fen(&pos);
    assert_eq!(built, published.fen);
    let mirrored = published.position();
    assert_eq!(built.parse::<Position>().unwrap(), mirrored);
    assert_eq!(mirrored.to_string(), published.fen);
    assert_is_mirror(&pos, &mirrored);
    // Spot checks written out by hand: the mirror's white queen-side rook and both kings.
    assert_eq!(mirrored.piece_at(Square::A1).map(|p| p.char()), Some('R'));
    assert_eq!(mirrored.piece_at(Square::A8).map(|p| p.char()), Some('r'));
    assert_eq!((mirrored.king(Color::White), mirrored.king(Color::Black)), (Square::E1, Square::G8));
    assert_eq!(mirrored.side_to_move(), Color::Black);
    // Mirroring twice gives the original back.
    assert_eq!(mirror_fen(&mirrored), original.fen);
}

#[test]
fn mirrors_of_en_passant_and_chess960_positions() {
    let cases = [
        ("4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1", "4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 1"),
        ("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", "rk2r3/8/8/8/8/8/8/RK2R3 b EAea - 0 1"),
        ("r3k2r/8/8/8/8/8/8/4K2R w Kq - 3 20", "4k2r/8/8/8/8/8/8/R3K2R b Qk - 3 20"),
    ];
    for (fen, expected) in cases {
        let pos: Position = fen.parse().unwrap();
        assert_eq!(mirror_fen(&pos), expected, "{fen}");
        let mirrored: Position = expected.parse().unwrap();
        assert_is_mirror(&pos, &mirrored);
        assert_eq!(mirror_fen(&mirrored), fen);
    }
}

#[test]
fn x_fen_and_shredder_castling_load_the_same_rights() {
    let x: Position = "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1".parse().unwrap();
    let shredder: Position = "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1".parse().unwrap();
    assert_eq!(x.castling_rights(), shredder.castling_rights());
    let rights = x.castling_rights();
    let rooks = [Color::White, Color::Black].map(|c| [CastleSide::King, CastleSide::Queen].map(|s| rights.rook(c, s)));
    assert_eq!(rooks, [[Some(Square::E1), Some(Square::A1)], [Some(Square::E8), Some(Square::A8)]]);
    assert_eq!(x.to_string(), "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1");
    assert!(x.is_chess960() && shredder.is_chess960());
    assert_eq!(shredder.to_string(), "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1");
    // An inner rook needs its file letter in X-FEN.
    let inner: Position = "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1".parse().unwrap();
    assert_eq!(inner.to_string(), "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1");
    assert_eq!(inner.castling_rights().rook(Color::White, CastleSide::Queen), Some(Square::C1));
    assert_eq!(inner.castling_rights().rook(Color::White, CastleSide::King), Some(Square::H1));
    assert!(!inner.castling_rights().any_for(Color::Black));
    let standard: Position = bbengine::STARTPOS.parse().unwrap();
    assert!(!standard.is_chess960());
}

#[test]
fn four_field_fen_defaults_counters() {
    let pos: Position = "8/8/8/8/8/8/8/K6k w - -".parse().unwrap();
    assert_eq!(pos.to_string(), "8/8/8/8/8/8/8/K6k w - - 0 1");
}

#[test]
fn every_error_kind_is_rejected_with_its_message() {
    let cases: &[(&str, FenError, &str)] = &[
        ("8/8/8/8/8/8/8/K6k w - - 0", FenError::FieldCount(5), "6 fields"),
        ("8/8/8/8/8/8/K6k w - - 0 1", FenError::RankCount(7), "8 ranks"),
        ("8/8/8/8/8/8/8/K5xk w - - 0 1", FenError::BadPiece('x'), "bad piece letter 'x'"),
        ("8/8/8/8/8/8/8/K7k w - - 0 1", FenError::RankLength(Rank::First), "rank 1"),
        ("8/8/8/8/8/8/8/K5k w - - 0 1", FenError::RankLength(Rank::First), "eight squares"),
        ("8/8/8/8/8/8/8/K9 w - - 0 1", FenError::BadPiece('9'), "piece letter"),
        ("8/8/8/8/8/8/8/K7 w - - 0 1", FenError::KingCount(Color::Black, 0), "black king is missing"),
        ("k7/8/8/8/8/8/8/KK6 w - - 0 1", FenError::KingCount(Color::White, 2), "extra king"),
        ("k7/8/8/8/8/8/8/K5P1 w - - 0 1", FenError::PawnOnBackRank(Square::G1), "pawn on first or last rank"),
        ("kP6/8/8/8/8/8/8/K7 w - - 0 1", FenError::PawnOnBackRank(Square::B8), "pawn"),
        ("k7/8/8/8/8/8/8/K7 x - - 0 1", FenError::BadSide("x".into()), "side field"),
        ("k7/8/8/8/8/8/QQQQQQQQ/KQQQQQQQ w - - 0 1", FenError::TooMuchMaterial(Color::White), "more pieces"),
        ("k7/pppppppp/8/8/8/8/PPPPPPPP/KNNN4 w - - 0 1", FenError::TooMuchMaterial(Color::White), "more pieces"),
        ("k7/8/8/8/8/8/PPPPPPPP/KNNN4 w - - 0 1", FenError::TooMuchMaterial(Color::White), "game can produce"),
        ("k7/8/8/8/8/8/8/R6K w - - 0 1", FenError::OpponentInCheck, "not to move is in check"),
        ("k7/8/8/8/8/8/8/K7 w X - 0 1", FenError::BadCastlingChar('X'), "castling field"),
        ("k7/8/8/8/8/8/8/4K3 w K - 0 1", FenError::CastlingWithoutPieces('K'), "no king and rook"),
        ("1k6/8/8/8/8/8/8/R3K3 w K - 0 1", FenError::CastlingWithoutPieces('K'), "castling"),
        ("r3k3/8/8/8/8/8/8/4K3 w qB - 0 1", FenError::CastlingWithoutPieces('B'), "castling"),
        ("k7/8/8/8/8/8/8/K7 w - e9 0 1", FenError::BadEnPassant("e9".into()), "en passant field"),
        ("k7/8/8/8/8/8/8/K7 w - e6 0 1", FenError::ImpossibleEnPassant(Square::E6), "double pawn push"),
        ("k7/8/8/4p3/8/8/8/K7 w - e3 0 1", FenError::ImpossibleEnPassant(Square::E3), "double pawn push"),
        ("k7/8/8/8/8/8/8/K7 w - - x 1", FenError::BadHalfmoveClock("x".into()), "half-move clock"),
        ("k7/8/8/8/8/8/8/K7 w - - 0 -3", FenError::BadFullmoveNumber("-3".into()), "move number"),
        ("k7/8/8/8/8/8/8/K7 w - - 0 0", FenError::BadFullmoveNumber("0".into()), "move number"),
    ];
    for (fen, expected, words) in cases {
        let err = fen.parse::<Position>().expect_err(fen);
        assert_eq!(&err, expected, "{fen}");
        let message = err.to_string();
        assert!(message.contains(words), "{fen}: message {message:?} should mention {words:?}");
    }
    // Every kind's whole message (both of KingCount's).
    let messages: [(FenError, &str); 16] = [
        (FenError::FieldCount(5), "FEN needs 6 fields (or 4 without counters), found 5"),
        (FenError::RankCount(7), "FEN placement field needs 8 ranks separated by '/', found 7"),
        (FenError::BadPiece('x'), "FEN placement field has bad piece letter 'x'"),
        (FenError::RankLength(Rank::First), "FEN placement field: rank 1 does not have eight squares"),
        (FenError::KingCount(Color::Black, 0), "FEN placement field: black king is missing"),
        (FenError::KingCount(Color::White, 2), "FEN placement field: white has 2 kings (extra king)"),
        (FenError::PawnOnBackRank(Square::G1), "FEN placement field: pawn on first or last rank (g1)"),
        (FenError::TooMuchMaterial(Color::White), "FEN placement field: white has more pieces than a game can produce"),
        (FenError::BadSide("x".into()), "FEN side field must be 'w' or 'b', found \"x\""),
        (FenError::OpponentInCheck, "FEN side field: the side not to move is in check"),
        (FenError::BadCastlingChar('X'), "FEN castling field has bad character 'X'"),
        (
            FenError::CastlingWithoutPieces('K'),
            "FEN castling field: right 'K' has no king and rook on the back rank to match",
        ),
        (FenError::BadEnPassant("e9".into()), "FEN en passant field must be '-' or a square, found \"e9\""),
        (FenError::ImpossibleEnPassant(Square::E6), "FEN en passant field: e6 cannot follow a double pawn push here"),
        (FenError::BadHalfmoveClock("x".into()), "FEN half-move clock is not a number: \"x\""),
        (FenError::BadFullmoveNumber("0".into()), "FEN move number is not a number of at least 1: \"0\""),
    ];
    for (error, message) in messages {
        assert_eq!(error.to_string(), message);
    }
    // Valid edge cases are accepted and read back whole: en passant, nine queens after eight
    // promotions (the six missing pawns), and the most promoted material the pawns allow.
    for fen in [
        "k7/8/8/4pP2/8/8/8/K7 w - e6 0 1",
        "k7/pp6/8/8/8/8/8/KQQQQQQQ w - - 0 1",
        "k7/ppp5/8/8/8/8/QQQQQQQQ/KQRRBBNN w - - 0 1",
    ] {
        assert_round_trip(fen);
    }
    let ep: Position = "k7/8/8/4pP2/8/8/8/K7 w - e6 0 1".parse().unwrap();
    assert_eq!(ep.en_passant(), Some(Square::E6));
}
