//! Incremental Zobrist keys along whole perft walks, and UCI move text.

use bbengine::{KoggeStone, MoveError, Position};

/// Walks the whole tree to `depth`, checking sets, mailbox and key after every move;
/// `visited[p - 1]` counts the nodes reached at ply `p`, so it ends as perft(1..=depth).
fn walk(pos: &Position, depth: u32, visited: &mut [u64]) {
    if depth == 0 {
        return;
    }
    for &mv in pos.legal_moves_with(KoggeStone).iter() {
        let mut child = *pos;
        child.play(mv);
        assert_eq!(child.key(), child.compute_key(), "{pos} then {mv:?}");
        assert_eq!(child.consistency_error(), None, "{pos} then {mv:?}");
        visited[0] += 1;
        walk(&child, depth - 1, &mut visited[1..]);
    }
}

#[test]
fn incremental_key_equals_recomputed_key_along_perft_4() {
    let mut total = 0;
    for p in bbtests::STANDARD_POSITIONS {
        let mut visited = [0; 4];
        walk(&p.position(), 4, &mut visited);
        // The walk reaches every node at plies 1 to 4: the published perft(1..=4).
        assert_eq!(visited[..], p.counts[..4], "{}", p.name);
        total += visited.iter().sum::<u64>();
    }
    // Chess960 castling with the king and rook crossing. Counts from shakmaty 0.29.4 (the
    // benches' peer crate, `peer-perft shakmaty <d> --fen ...`), not from bbengine.
    let mut visited = [0; 4];
    walk(&"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1".parse().unwrap(), 4, &mut visited);
    assert_eq!(visited, [24, 576, 13_446, 313_835]);
    total += visited.iter().sum::<u64>();
    // start 206,603 + Kiwipete 4,185,552 + position 3 46,255 + position 4 and its mirror
    // 432,070 each + position 5 2,167,396 + position 6 3,986,609 + the Chess960 one 327,881.
    assert_eq!(total, 11_784_436);
}

#[test]
fn transpositions_share_a_key() {
    let play = |moves: &[&str]| {
        let mut pos = Position::startpos();
        for m in moves {
            pos.play_uci_with(m, KoggeStone).unwrap();
        }
        pos
    };
    let a = play(&["g1f3", "g8f6", "b1c3", "b8c6"]);
    let b = play(&["b1c3", "b8c6", "g1f3", "g8f6"]);
    assert_eq!(a.to_string(), "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3");
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    assert_eq!(a.key(), a.compute_key());
    assert_ne!(a.key(), Position::startpos().key());
    // Knights out and back: the start position with other counters has the start key (the
    // key does not hash the counters).
    let back = play(&["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(back.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3");
    assert_eq!(back.key(), Position::startpos().key());
}

#[test]
fn uci_moves_in_and_out() {
    let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let castle = pos.parse_uci_move_with("e1g1", KoggeStone).unwrap();
    assert!(castle.is_castle());
    assert_eq!(castle.to_uci(false).to_string(), "e1g1");
    assert_eq!(castle.to_uci(true).to_string(), "e1h1");
    assert_eq!(pos.parse_uci_move_with("e1h1", KoggeStone).unwrap(), castle);
    let mut after = pos;
    after.play(castle);
    assert_eq!(after.to_string(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");

    let promo: Position = "8/4P3/8/8/8/8/8/k6K w - - 0 1".parse().unwrap();
    let mv = promo.parse_uci_move_with("e7e8n", KoggeStone).unwrap();
    assert_eq!(mv.to_uci(false).to_string(), "e7e8n");
    let mut after = promo;
    after.play(mv);
    assert_eq!(after.to_string(), "4N3/8/8/8/8/8/8/k6K b - - 0 1");
    assert_eq!(promo.parse_uci_move_with("e7e8", KoggeStone), Err(MoveError::Illegal("e7e8".into())));
    assert_eq!(promo.parse_uci_move_with("e7e8x", KoggeStone), Err(MoveError::Syntax("e7e8x".into())));
    assert_eq!(promo.parse_uci_move_with("e7", KoggeStone), Err(MoveError::Syntax("e7".into())));
    assert_eq!(MoveError::Illegal("e7e8".into()).to_string(), "illegal move \"e7e8\" in this position");
    assert_eq!(
        MoveError::Syntax("e7".into()).to_string(),
        "bad move \"e7\": expected UCI notation such as e2e4 or e7e8q"
    );

    // In Chess960 only king-takes-rook names castling.
    let c960: Position = "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1".parse().unwrap();
    let castle = c960.parse_uci_move_with("b1a1", KoggeStone).unwrap();
    assert!(castle.is_castle());
    let mut after = c960;
    after.play(castle);
    assert_eq!(after.to_string(), "rk2r3/8/8/8/8/8/8/2KRR3 b ea - 1 1");
}

#[test]
fn en_passant_square_only_when_a_pawn_can_take() {
    let mut pos = Position::startpos();
    pos.play_uci_with("e2e4", KoggeStone).unwrap();
    assert_eq!(pos.en_passant(), None);
    let mut pos: Position = "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1".parse().unwrap();
    pos.play_uci_with("e2e4", KoggeStone).unwrap();
    assert_eq!(pos.to_string(), "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1");
    // En passant that would expose the king along the rank is not legal.
    let pinned: Position = "8/8/8/K2Pp2r/8/8/8/7k w - e6 0 1".parse().unwrap();
    assert_eq!(pinned.parse_uci_move_with("d5e6", KoggeStone), Err(MoveError::Illegal("d5e6".into())));
    // So the en passant square is dropped at parse (it is kept only when a capture there is
    // legal), and d5d6 is legal.
    assert_eq!(pinned.en_passant(), None);
    assert_eq!(pinned.to_string(), "8/8/8/K2Pp2r/8/8/8/7k w - - 0 1");
    let push = pinned.parse_uci_move_with("d5d6", KoggeStone).map(|mv| mv.to_uci(false).to_string());
    assert_eq!(push, Ok("d5d6".to_string()));
}
