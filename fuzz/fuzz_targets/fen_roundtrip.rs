//! FEN, X-FEN and Shredder-FEN parsing of arbitrary bytes: never a panic; a FEN that parses
//! is consistent, writes back to text that parses to the same position, and its key is the
//! recomputed one.
#![no_main]

use bbengine::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(pos) = text.parse::<Position>() {
        bbfuzz::check_consistency(&pos);
        bbfuzz::check_fen_roundtrip(&pos);
    }
});
