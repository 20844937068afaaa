//! Static exchange evaluation on hand-counted exchanges (values 100/300/300/500/900): the
//! exact balance of each, tested from both sides of the threshold.

use bbengine::{KoggeStone, Position};

/// `(FEN, move, balance)`: `see_ge(move, balance)` holds and `see_ge(move, balance + 1)` not.
const EXCHANGES: [(&str, &str, i32); 6] = [
    // Rook takes an undefended pawn.
    ("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 100),
    // Rook takes a pawn a pawn defends: +100 - 500.
    ("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", -400),
    // NxP, NxN, RxN, BxR, QxB, QxQ with the h8 queen an x-ray behind f6, the e1 queen behind
    // e2: gains 100, 200, 100, 400, -100, 1000, negamaxed back to -200.
    ("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -200),
    // En passant of an undefended pawn.
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100),
    // The black king cannot take back: the white king guards d2.
    ("8/8/8/8/8/2k5/3p4/3RK3 w - - 0 1", "d1d2", 100),
    // Here it can: +100 - 500.
    ("8/8/8/8/8/2k5/3p4/3R2K1 w - - 0 1", "d1d2", -400),
];

#[test]
fn exchanges_balance_exactly() {
    for (fen, uci, balance) in EXCHANGES {
        let pos: Position = fen.parse().unwrap();
        let mv = pos.parse_uci_move(uci).unwrap();
        assert!(pos.see_ge(mv, balance), "{fen} {uci} >= {balance}");
        assert!(!pos.see_ge(mv, balance + 1), "{fen} {uci} >= {}", balance + 1);
        assert!(pos.see_ge_with(KoggeStone, mv, balance), "{fen} {uci}");
        assert!(!pos.see_ge_with(KoggeStone, mv, balance + 1), "{fen} {uci}");
    }
}

#[test]
fn quiet_moves_and_castling_balance_to_zero_unless_the_piece_is_lost() {
    let pos = Position::startpos();
    let nf3 = pos.parse_uci_move("g1f3").unwrap();
    assert!(pos.see_ge(nf3, 0) && !pos.see_ge(nf3, 1));
    // A knight stepping where a pawn takes it loses 300.
    let pos: Position = "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1".parse().unwrap();
    let ne4 = pos.parse_uci_move("c3e4").unwrap();
    assert!(pos.see_ge(ne4, -300) && !pos.see_ge(ne4, -299));
    let pos: Position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    let castle = pos.parse_uci_move("e1g1").unwrap();
    assert!(pos.see_ge(castle, 0) && !pos.see_ge(castle, 1));
}
