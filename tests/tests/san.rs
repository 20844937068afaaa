//! Standard algebraic notation: `Position::san` and `Position::parse_san`, one edge case per
//! test, and whole games read and written back.

use bbengine::{Game, Move, Position, SanError};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move that UCI text names (king takes rook for Chess960 castling).
fn uci(pos: &Position, text: &str) -> Move {
    pos.parse_uci_move(text).unwrap_or_else(|e| panic!("{pos}: {e}"))
}

/// SAN of the move `uci_text`, checking that parsing the SAN gives the move back.
fn san(pos: &Position, uci_text: &str) -> String {
    let mv = uci(pos, uci_text);
    let text = pos.san(mv);
    assert_eq!(pos.parse_san(&text), Ok(mv), "{pos}: {text}");
    text
}

/// The UCI text of the move SAN `text` names.
fn parsed(pos: &Position, text: &str) -> String {
    let mv = pos.parse_san(text).unwrap_or_else(|e| panic!("{pos}: {e}"));
    mv.to_uci(pos.is_chess960()).to_string()
}

#[test]
fn three_queens_need_file_rank_or_square() {
    // Queens on a1, a3 and c1 all reach b2.
    let p = pos("4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1");
    assert_eq!(san(&p, "a1b2"), "Qa1b2"); // a3 shares the file, c1 the rank
    assert_eq!(san(&p, "a3b2"), "Q3b2"); // a1 shares the file, no other on rank 3
    assert_eq!(san(&p, "c1b2"), "Qcb2"); // alone on the c-file
    assert_eq!(parsed(&p, "Qa1b2"), "a1b2");
    assert!(matches!(p.parse_san("Qb2"), Err(SanError::Ambiguous(_))));
    assert!(matches!(p.parse_san("Qab2"), Err(SanError::Ambiguous(_))));
    assert!(matches!(p.parse_san("Q1b2"), Err(SanError::Ambiguous(_))));
    // Redundant but still exactly one move: accepted.
    assert_eq!(parsed(&p, "Qc1b2"), "c1b2");
    assert_eq!(parsed(&p, "Qa3b2"), "a3b2");
}

#[test]
fn square_disambiguation_with_capture() {
    // Queens on h4, e4 and h1 all take on e1.
    let p = pos("8/8/k7/8/4Q2Q/K7/8/4r2Q w - - 0 1");
    assert_eq!(san(&p, "h4e1"), "Qh4xe1");
    assert_eq!(san(&p, "e4e1"), "Qexe1");
    assert_eq!(san(&p, "h1e1"), "Q1xe1");
    assert_eq!(parsed(&p, "Qh4e1"), "h4e1");
}

#[test]
fn file_disambiguation() {
    let p = pos("4k3/8/8/8/8/8/8/1N3NK1 w - - 0 1");
    assert_eq!(san(&p, "b1d2"), "Nbd2");
    assert_eq!(san(&p, "f1d2"), "Nfd2");
    assert_eq!(san(&p, "f1e3"), "Ne3");
    assert!(matches!(p.parse_san("Nd2"), Err(SanError::Ambiguous(_))));
    assert!(matches!(p.parse_san("N1d2"), Err(SanError::Ambiguous(_)))); // both on the first rank
    assert_eq!(parsed(&p, "Nb1d2"), "b1d2");
}

#[test]
fn rank_disambiguation() {
    let p = pos("4k3/8/8/R7/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san(&p, "a1a3"), "R1a3");
    assert_eq!(san(&p, "a5a3"), "R5a3");
    assert_eq!(san(&p, "a1b1"), "Rb1");
    assert!(matches!(p.parse_san("Ra3"), Err(SanError::Ambiguous(_))));
    assert!(matches!(p.parse_san("Raa3"), Err(SanError::Ambiguous(_))));
}

#[test]
fn pinned_piece_needs_no_disambiguation() {
    // Both knights see e2, but the c3 knight is pinned by the b4 bishop.
    let pinned = pos("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san(&pinned, "g1e2"), "Ne2");
    assert_eq!(parsed(&pinned, "Ne2"), "g1e2");
    assert!(matches!(pinned.parse_san("Nce2"), Err(SanError::Illegal(_))));
    // Without the pin the same move needs its file.
    let free = pos("4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san(&free, "g1e2"), "Nge2");
}

#[test]
fn promotion_capture_with_check() {
    let p = pos("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&p, "b7a8q"), "bxa8=Q+");
    assert_eq!(san(&p, "b7a8r"), "bxa8=R+");
    assert_eq!(san(&p, "b7a8b"), "bxa8=B");
    assert_eq!(san(&p, "b7a8n"), "bxa8=N");
    assert_eq!(san(&p, "b7b8q"), "b8=Q+");
    assert_eq!(parsed(&p, "bxa8Q"), "b7a8q");
    assert_eq!(parsed(&p, "bxa8=q+"), "b7a8q");
    assert_eq!(parsed(&p, "bxa8=N"), "b7a8n");
    assert!(matches!(p.parse_san("bxa8"), Err(SanError::Illegal(_)))); // no promotion piece
    assert!(matches!(p.parse_san("bxa8=K"), Err(SanError::Malformed(_))));
    assert!(matches!(p.parse_san("xa8=Q"), Err(SanError::Malformed(_)))); // pawn capture without file
}

#[test]
fn underpromotion_to_knight_gives_check() {
    let p = pos("8/4P3/3k4/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&p, "e7e8n"), "e8=N+");
    assert_eq!(san(&p, "e7e8q"), "e8=Q");
    assert_eq!(san(&p, "e7e8r"), "e8=R");
    assert_eq!(san(&p, "e7e8b"), "e8=B");
    assert_eq!(parsed(&p, "e8N"), "e7e8n");
    assert_eq!(parsed(&p, "e8=N+"), "e7e8n");
    assert!(matches!(p.parse_san("e8"), Err(SanError::Illegal(_))));
}

#[test]
fn en_passant() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(san(&p, "e5d6"), "exd6");
    assert_eq!(san(&p, "e5e6"), "e6");
    for text in ["exd6", "exd6 e.p.", "exd6e.p.", "exd6 e.p.!", "  exd6  "] {
        assert_eq!(parsed(&p, text), "e5d6", "{text}");
    }
    assert!(matches!(p.parse_san("e6 e.p."), Err(SanError::Illegal(_))));
    assert!(matches!(p.parse_san("d6"), Err(SanError::Illegal(_)))); // a pawn named without file moves straight
}

#[test]
fn en_passant_that_would_expose_the_king_is_not_a_move() {
    // Taking on d6 would open the fifth rank between the a5 rook and the h5 king.
    let p = pos("4k3/8/8/r2pP2K/8/8/8/8 w - d6 0 2");
    assert!(matches!(p.parse_san("exd6"), Err(SanError::Illegal(_))));
    assert_eq!(san(&p, "e5e6"), "e6");
}

#[test]
fn en_passant_with_discovered_check() {
    // Taking f5 en passant opens the b1-h7 diagonal to the bishop.
    let p = pos("8/7k/8/4Pp2/8/8/8/KB6 w - f6 0 2");
    assert_eq!(san(&p, "e5f6"), "exf6+");
    assert_eq!(parsed(&p, "exf6 e.p.+"), "e5f6");
}

#[test]
fn castling_both_sides_standard() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san(&p, "e1g1"), "O-O");
    assert_eq!(san(&p, "e1c1"), "O-O-O");
    for text in ["O-O", "0-0", "O-O+", "0-0!?"] {
        assert_eq!(parsed(&p, text), "e1g1", "{text}");
    }
    for text in ["O-O-O", "0-0-0", "O-O-O#"] {
        assert_eq!(parsed(&p, text), "e1c1", "{text}");
    }
    let black = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(san(&black, "e8g8"), "O-O");
    assert_eq!(san(&black, "e8c8"), "O-O-O");
    // The king's own two-square move is not SAN for castling.
    assert!(matches!(p.parse_san("Kg1"), Err(SanError::Illegal(_))));
    // Castling out of check is not legal.
    let checked = pos("r3k2r/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert!(matches!(checked.parse_san("O-O"), Err(SanError::Illegal(_))));
}

#[test]
fn castling_gives_check() {
    let p = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san(&p, "e1g1"), "O-O+");
    // The rook lands on d1 and mates the king boxed in by its own rooks and pawns.
    let mate = pos("2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(san(&mate, "e1c1"), "O-O-O#");
}

#[test]
fn castling_chess960_king_on_b1() {
    // King b1, rooks a1 and h1; black king g8 with its rook on h8.
    let p = pos("6kr/8/8/8/8/8/8/RK5R w AHh - 0 1");
    assert!(p.is_chess960());
    assert_eq!(san(&p, "b1a1"), "O-O-O"); // king to c1, rook to d1
    assert_eq!(san(&p, "b1h1"), "O-O"); // king to g1, rook to f1
    // The king's step to c1 is a plain king move beside O-O-O, which also ends on c1.
    assert_eq!(san(&p, "b1c1"), "Kc1");
    assert_eq!(parsed(&p, "O-O-O"), "b1a1");
    assert_eq!(parsed(&p, "Kc1"), "b1c1");
    let mut after = p;
    after.play(uci(&p, "b1a1"));
    assert_eq!(after.to_string(), "6kr/8/8/8/8/8/8/2KR3R b h - 1 1");
    // Black castles king side with the king already on g8: only the rook moves.
    assert_eq!(san(&after, "g8h8"), "O-O");
    after.play(uci(&after, "g8h8"));
    assert_eq!(after.to_string(), "5rk1/8/8/8/8/8/8/2KR3R w - - 2 2");
}

#[test]
fn castling_chess960_rooks_on_a_and_g() {
    // King b1 between the rooks on a1 and g1; the same for black.
    let p = pos("rk5r/8/8/8/8/8/8/RK4R1 w AGah - 0 1");
    assert_eq!(san(&p, "b1g1"), "O-O");
    assert_eq!(san(&p, "b1a1"), "O-O-O");
}

#[test]
fn check_and_mate_suffixes() {
    let mut p = Position::startpos();
    for m in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"] {
        p.play(uci(&p, m));
    }
    assert_eq!(san(&p, "h5f7"), "Qxf7#");
    assert_eq!(san(&p, "c4f7"), "Bxf7+");
    assert_eq!(san(&p, "h5h7"), "Qxh7");
    // The suffix is not checked when parsing.
    assert_eq!(parsed(&p, "Qxf7"), "h5f7");
    assert_eq!(parsed(&p, "Qxf7+"), "h5f7");
    assert_eq!(parsed(&p, "Bxf7#"), "c4f7");
}

#[test]
fn capture_sign_is_checked_when_given() {
    let p = pos("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1");
    assert_eq!(san(&p, "c3d5"), "Nxd5");
    assert_eq!(parsed(&p, "Nd5"), "c3d5"); // x may be left out
    assert_eq!(san(&p, "c3e4"), "Ne4");
    assert!(matches!(p.parse_san("Nxe4"), Err(SanError::Illegal(_)))); // nothing to take on e4
}

#[test]
fn malformed_text_is_refused_without_panic() {
    let p = Position::startpos();
    let long = "N".repeat(100_000);
    let weird = [
        "",
        " ",
        "+",
        "#",
        "!?",
        "e",
        "e9",
        "i3",
        "Nf",
        "N",
        "xe4",
        "Ze4",
        "e4=",
        "e4==Q",
        "Nbb1c3",
        "O-O-O-O",
        "0-0-",
        "e.p.",
        "Nf3 Nf6",
        "é4",
        "Nf3\u{0}",
        "♘f3",
        "🙂",
        "e2-e4",
        "exd",
        "Kxx",
        "1.",
        "Q=e4",
        "e8=",
        "=Q",
        "O-O e.p.",
        long.as_str(),
    ];
    for text in weird {
        match p.parse_san(text) {
            Err(SanError::Malformed(given)) => assert!(given.chars().count() <= 43, "{given}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    // Every string of up to three characters from a SAN-ish alphabet: no panic, and every
    // success names a legal move whose SAN parses back to it.
    let alphabet: Vec<char> = "abcdefgh12345678NBRQKPxO0-=+#!? .é".chars().collect();
    let mut texts = vec![String::new()];
    for _ in 0..3 {
        let mut longer = Vec::new();
        for t in &texts {
            for &c in &alphabet {
                longer.push(format!("{t}{c}"));
            }
        }
        texts.extend(longer);
    }
    let mut found = 0;
    for text in &texts {
        if let Ok(mv) = p.parse_san(text) {
            assert_eq!(p.parse_san(&p.san(mv)), Ok(mv));
            found += 1;
        }
    }
    assert!(found > 0);
}

#[test]
fn error_messages_say_what_was_wrong() {
    let p = Position::startpos();
    assert_eq!(
        p.parse_san("Nf9").unwrap_err().to_string(),
        "malformed SAN \"Nf9\": expected a move such as e4, Nf3, exd5, R1a3, Qh4xe1, e8=Q or O-O"
    );
    assert_eq!(p.parse_san("e5").unwrap_err().to_string(), "SAN \"e5\" names no legal move in this position");
    let knights = pos("4k3/8/8/8/8/8/8/1N3NK1 w - - 0 1");
    assert_eq!(
        knights.parse_san("Nd2").unwrap_err().to_string(),
        "ambiguous SAN \"Nd2\": more than one legal move matches (add the origin file, rank or square)"
    );
    let long = format!("Q{}", "x".repeat(50));
    assert_eq!(p.parse_san(&long).unwrap_err(), SanError::Malformed(format!("Q{}...", "x".repeat(39))));
    let err: Box<dyn std::error::Error> = Box::new(SanError::Illegal("e5".into()));
    assert!(err.to_string().contains("e5"));
}

/// Game of the Century, D. Byrne - R. Fischer, New York 1956.
const BYRNE_FISCHER: &str = "1. Nf3 Nf6 2. c4 g6 3. Nc3 Bg7 4. d4 O-O 5. Bf4 d5 6. Qb3 dxc4 7. Qxc4 c6 8. e4 Nbd7 \
    9. Rd1 Nb6 10. Qc5 Bg4 11. Bg5 Na4 12. Qa3 Nxc3 13. bxc3 Nxe4 14. Bxe7 Qb6 15. Bc4 Nxc3 16. Bc5 Rfe8+ \
    17. Kf1 Be6 18. Bxb6 Bxc4+ 19. Kg1 Ne2+ 20. Kf1 Nxd4+ 21. Kg1 Ne2+ 22. Kf1 Nc3+ 23. Kg1 axb6 24. Qb4 Ra4 \
    25. Qxb6 Nxd1 26. h3 Rxa2 27. Kh2 Nxf2 28. Re1 Rxe1 29. Qd8+ Bf8 30. Nxe1 Bd5 31. Nf3 Ne4 32. Qb8 b5 \
    33. h4 h5 34. Ne5 Kg7 35. Kg1 Bc5+ 36. Kf1 Ng3+ 37. Ke1 Bb4+ 38. Kd1 Bb3+ 39. Kc1 Ne2+ 40. Kb1 Nc3+ \
    41. Kc1 Rc2#";

/// The Opera Game, P. Morphy - Duke Karl / Count Isouard, Paris 1858.
const OPERA: &str = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 \
    9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 \
    17. Rd8#";

/// The Immortal Game, A. Anderssen - L. Kieseritzky, London 1851.
const IMMORTAL: &str = "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 \
    9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 \
    18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7#";

#[test]
fn famous_games_replay_and_print_back_identically() {
    for (name, text, plies) in [("Byrne-Fischer", BYRNE_FISCHER, 82), ("Opera", OPERA, 33), ("Immortal", IMMORTAL, 45)]
    {
        let expected = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let game = Game::from_san(Position::startpos(), &expected).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(game.moves().len(), plies, "{name}");
        assert_eq!(game.to_san(), expected, "{name}");
        assert_eq!(game.status(), bbengine::Status::Checkmate, "{name}");
    }
}

#[test]
fn byrne_fischer_final_position() {
    let game = Game::from_san(Position::startpos(), BYRNE_FISCHER).unwrap();
    assert_eq!(game.position().to_string(), "1Q6/5pk1/2p3p1/1p2N2p/1b5P/1bn5/2r3P1/2K5 w - - 16 42");
}
