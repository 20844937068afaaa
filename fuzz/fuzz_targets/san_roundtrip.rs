//! SAN text against a position (fixed or from the input): never a panic; a move that parses
//! is legal and its SAN names it again; and for every legal move, SAN printed parses back to
//! the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((pos, rest)) = bbfuzz::start_position(data) else { return };
    let text = String::from_utf8_lossy(rest);
    if let Ok(mv) = pos.parse_san(&text) {
        assert!(pos.legal_moves().contains(&mv), "{pos}: {text:?} parsed to {mv:?}, not a legal move");
        let san = pos.san(mv);
        assert_eq!(pos.parse_san(&san), Ok(mv), "{pos}: {text:?} -> {san}");
    }
    // Every legal move's SAN, once per position met (`first_time`).
    if !bbfuzz::first_time(&pos) {
        return;
    }
    for &mv in pos.legal_moves().iter() {
        let san = pos.san(mv);
        assert_eq!(pos.parse_san(&san), Ok(mv), "{pos}: SAN {san} of {mv:?}");
    }
});
