//! `Position::key()` is the Polyglot key: the specification's test positions
//! (`tests/data/polyglot_keys.txt`) give the exact key from FEN and by playing their moves
//! from the start position, and the numbers are the specification's.

use bbengine::{KoggeStone, Position};

/// (key, FEN, UCI moves from the start position) per line of the test vector file.
fn vectors() -> Vec<(u64, String, Vec<String>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/polyglot_keys.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/polyglot_keys.txt");
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(fields.len(), 3, "{line}");
        let key = u64::from_str_radix(fields[0], 16).expect("hex key");
        let moves = fields[2].split_whitespace().map(String::from).collect();
        out.push((key, fields[1].to_string(), moves));
    }
    out
}

#[test]
fn every_test_position_has_its_polyglot_key() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 9);
    for (key, fen, moves) in &vectors {
        let from_fen: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(from_fen.key(), *key, "from FEN {fen}: {:#018x}", from_fen.key());
        assert_eq!(from_fen.compute_key(), *key, "recomputed, {fen}");

        let mut played = Position::startpos();
        for mv in moves {
            played.play_uci_with(mv, KoggeStone).unwrap_or_else(|e| panic!("{mv} in {played}: {e}"));
        }
        assert_eq!(played.key(), *key, "after {moves:?}: {:#018x}", played.key());
        assert_eq!(played.compute_key(), *key, "recomputed after {moves:?}");
        assert_eq!(played.to_string(), *fen, "after {moves:?}");
        assert_eq!(played, from_fen, "after {moves:?}");
    }
}

#[test]
fn numbers_are_the_specifications() {
    use bbengine::generated::polyglot::{CASTLING, EN_PASSANT, RANDOM, TURN};
    // Spot checks against the specification's listing: first, last, and each group's first.
    assert_eq!(RANDOM.len(), 781);
    assert_eq!(RANDOM[0], 0x9D39_247E_3377_6D41);
    assert_eq!(RANDOM[CASTLING], 0x31D7_1DCE_64B2_C310);
    assert_eq!(RANDOM[EN_PASSANT], 0x70CC_73D9_0BC2_6E24);
    assert_eq!(RANDOM[TURN], 0xF8D6_26AA_AF27_8509);
    // An empty-but-kings position checks the piece layout directly: white king on e1 is kind
    // 11 (2 * king + white), black king on e8 kind 10; black to move, so no turn number.
    let kings: Position = "4k3/8/8/8/8/8/8/4K3 b - - 0 1".parse().unwrap();
    assert_eq!(kings.key(), RANDOM[64 * 11 + 4] ^ RANDOM[64 * 10 + 60]);
}
