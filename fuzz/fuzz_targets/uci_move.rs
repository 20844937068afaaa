//! UCI move text against a position (one of the fixed ones, or a FEN from the input): never a
//! panic; a move that parses is legal, and its UCI text names it again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((pos, rest)) = bbfuzz::start_position(data) else { return };
    let text = String::from_utf8_lossy(rest);
    for line in text.split(['\n', ' ']) {
        let Ok(mv) = pos.parse_uci_move(line) else { continue };
        assert!(pos.legal_moves().contains(&mv), "{pos}: {line:?} parsed to {mv:?}, not a legal move");
        assert!(pos.is_legal(mv), "{pos}: {line:?} parsed to {mv:?}, which is_legal refuses");
        let uci = mv.to_uci(pos.is_chess960()).to_string();
        assert_eq!(pos.parse_uci_move(&uci), Ok(mv), "{pos}: {uci}");
        let mut after = pos;
        after.play(mv);
        bbfuzz::check_consistency(&after);
    }
    let _ = text.parse::<bbengine::UciMove>();
});
