//! The EPD perft suite parser on arbitrary bytes: never a panic; every case it accepts has a
//! consistent position whose FEN round-trips, counts, and a line number inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(cases) = bbengine::parse_suite(&text) else { return };
    let lines = text.lines().count();
    for case in &cases {
        assert!(case.line >= 1 && case.line <= lines, "line {} of {lines}", case.line);
        assert!(!case.expected.is_empty());
        bbfuzz::check_consistency(&case.position);
        bbfuzz::check_fen_roundtrip(&case.position);
    }
});
