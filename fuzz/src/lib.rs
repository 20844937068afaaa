//! What the fuzz targets share: a fixed list of positions that reach every move kind, the
//! choice of a start position from fuzz bytes, and the invariant checks of a position.
//!
//! A failed check panics with the FEN and what is wrong, which libFuzzer records as a crash.

use std::collections::HashSet;
use std::sync::Mutex;

use bbengine::{Backend, KoggeStone, Move, MoveKind, Position, Reference};

/// Positions already given the full per-move checks in this process (cleared when large).
static SEEN: Mutex<Option<HashSet<(u64, u32, u32)>>> = Mutex::new(None);

/// Whether `pos` is met for the first time in this process. The per-move checks of a position
/// depend on the position only, and the fixed start positions and their first moves come back
/// in almost every input; checking each once keeps the executions fast. (A crash input run
/// alone always checks everything, so reproduction does not depend on this.)
pub fn first_time(pos: &Position) -> bool {
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let seen = seen.get_or_insert_with(HashSet::new);
    if seen.len() >= 1 << 22 {
        seen.clear();
    }
    seen.insert((pos.key(), pos.halfmove_clock(), pos.fullmove_number()))
}

/// Positions with castling (standard and Chess960), en passant, promotions, checks, pins,
/// mate and stalemate, and the 218-move record position.
pub const POSITIONS: &[&str] = &[
    bbengine::STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2r1kr2/8/8/8/8/8/8/1R2KR2 w FBfc - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80",
    "4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1",
    "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
    "3k4/3r4/8/8/8/8/3R4/3K4 w - - 0 1",
];

/// A start position from the first fuzz byte, and the bytes left. Below 128 the byte picks one
/// of [`POSITIONS`]; from 128 up, the text up to the first newline is parsed as FEN, and
/// `None` comes back when it is not one.
pub fn start_position(data: &[u8]) -> Option<(Position, &[u8])> {
    let (&first, rest) = data.split_first()?;
    if first < 128 {
        let fen = POSITIONS[first as usize % POSITIONS.len()];
        return Some((fen.parse().expect("the fixed positions parse"), rest));
    }
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let fen = std::str::from_utf8(&rest[..end]).ok()?;
    let pos = fen.parse().ok()?;
    Some((pos, rest.get(end + 1..).unwrap_or(&[])))
}

/// Asserts, with the FEN in the message, that `ok` holds.
macro_rules! check {
    ($pos:expr, $ok:expr, $($what:tt)*) => {
        if !$ok {
            panic!("{}: {}", $pos, format!($($what)*));
        }
    };
}

/// FEN written, read back and written again gives the same position, text, key and flags.
pub fn check_fen_roundtrip(pos: &Position) {
    let fen = pos.to_string();
    let back: Position = match fen.parse() {
        Ok(back) => back,
        Err(e) => panic!("{fen}: the written FEN does not parse: {e}"),
    };
    check!(pos, back == *pos, "re-read position differs: {back}");
    check!(pos, back.to_string() == fen, "re-written FEN differs: {back}");
    check!(pos, back.key() == pos.key(), "re-read key differs");
    // Not checked: the Chess960 flag. FEN cannot carry it once no castling right is left, or
    // when the rights look standard (king e1, rooks a1/h1), and `==` ignores it by design.
    check!(pos, back.consistency_error().is_none(), "re-read: {:?}", back.consistency_error());
    // The diagram must not panic either.
    let _ = format!("{pos:#}");
}

/// The derived state agrees with itself: sets and mailbox, key, en passant, and the side not
/// to move is not in check.
pub fn check_consistency(pos: &Position) {
    check!(pos, pos.consistency_error().is_none(), "{:?}", pos.consistency_error());
    check!(pos, pos.key() == pos.compute_key(), "incremental key differs from the recomputed key");
    let them = pos.side_to_move().other();
    let checkers = pos.attackers(pos.king(them), pos.side_to_move(), pos.occupied());
    check!(pos, checkers.is_empty(), "the side not to move is in check");
}

/// Every invariant of one position. `probes` are raw bytes turned into move encodings that
/// `is_legal` must judge as generation does.
pub fn check_position(pos: &Position, probes: &[u8]) {
    check_consistency(pos);
    check_fen_roundtrip(pos);
    let legal = pos.legal_moves();
    check!(pos, legal.len() as u64 == pos.count_legal_moves(), "count differs from the list");
    check!(pos, pos.has_legal_move() == !legal.is_empty(), "has_legal_move disagrees");
    // Two other backends generate the same moves (the table backends against the ray walk).
    for other in [pos.legal_moves_with(KoggeStone), pos.legal_moves_with(Reference)] {
        check!(pos, other.len() == legal.len() && other.iter().all(|m| legal.contains(m)), "backends disagree");
    }
    let _ = Backend::auto();
    let _ = pos.status();
    check_probes(pos, &legal, probes);
    // The per-move checks once per position met in this process (`first_time`).
    if !first_time(pos) {
        return;
    }
    for &mv in legal.iter() {
        check!(pos, pos.is_legal(mv), "generated {mv:?} but is_legal says no");
        // Every other kind on the same squares is legal exactly when generated.
        for kind in MoveKind::ALL {
            let other = Move::new(mv.from(), mv.to(), kind);
            check!(pos, pos.is_legal(other) == legal.contains(&other), "is_legal({other:?}) disagrees");
        }
        let san = pos.san(mv);
        match pos.parse_san(&san) {
            Ok(back) => check!(pos, back == mv, "SAN {san} of {mv:?} parses as {back:?}"),
            Err(e) => panic!("{pos}: SAN {san} of {mv:?} does not parse: {e}"),
        }
        let uci = mv.to_uci(pos.is_chess960()).to_string();
        match pos.parse_uci_move(&uci) {
            Ok(back) => check!(pos, back == mv, "UCI {uci} of {mv:?} parses as {back:?}"),
            Err(e) => panic!("{pos}: UCI {uci} of {mv:?} does not parse: {e}"),
        }
        let mut after = *pos;
        after.play(mv);
        check!(pos, pos.gives_check(mv) == after.is_check(), "gives_check({mv:?}) disagrees with play");
        check_consistency(&after);
    }
}

/// `is_legal` on arbitrary encodings (from, to and kind from two bytes each) agrees with the
/// generated list `legal`.
fn check_probes(pos: &Position, legal: &[Move], probes: &[u8]) {
    for pair in probes.chunks_exact(2) {
        let bits = u16::from_le_bytes([pair[0], pair[1]]);
        let from = bbcore::Square::new((bits & 63) as u8);
        let to = bbcore::Square::new((bits >> 6 & 63) as u8);
        let mv = Move::new(from, to, MoveKind::ALL[(bits >> 12 & 7) as usize]);
        check!(pos, pos.is_legal(mv) == legal.contains(&mv), "is_legal({mv:?}) disagrees with generation");
    }
}
