//! The UCI command parser alone, on arbitrary lines: never a panic, and a `setoption` that
//! parses is applied to the options (clamped or refused with a reason, never a panic). The
//! cheap half of `uci_command`, which runs the whole engine loop at about a hundred inputs a
//! second; this one reaches millions.
#![no_main]

use bbengine::uci::{Command, Options, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    for bytes in data.split(|&b| b == b'\n') {
        let line = String::from_utf8_lossy(bytes);
        if let Ok(Command::SetOption { name, value }) = parse(&line) {
            // BookFile and the other options only store their value here; loading happens
            // in the engine loop, which `uci_command` fuzzes.
            let _ = options.set(&name, value.as_deref());
        }
    }
});
