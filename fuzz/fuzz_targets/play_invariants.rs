//! Random legal play from a fixed or fuzzed FEN: after every move (each chosen by a fuzz
//! byte), every invariant of `bbfuzz::check_position` holds: sets, mailbox and key in sync,
//! the side not to move not in check, `is_legal` agreeing with generation (also on encodings
//! the generator did not produce), SAN and UCI of every move parsing back to it, FEN round
//! trips, `status()` answering.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Plies played at most per input (longer inputs only add probes).
const MAX_PLIES: usize = 48;

fuzz_target!(|data: &[u8]| {
    let Some((mut pos, rest)) = bbfuzz::start_position(data) else { return };
    // Bytes 0..2 of each 3-byte step: an is_legal probe; byte 2: the move to play.
    let mut steps = rest.chunks(3);
    bbfuzz::check_position(&pos, &[]);
    for _ in 0..MAX_PLIES {
        let Some(step) = steps.next() else { break };
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let pick = *step.last().unwrap_or(&0) as usize % legal.len();
        let mv = legal[pick];
        let mut tried = pos;
        assert!(tried.try_play(mv).is_ok(), "{pos}: try_play refuses the legal {mv:?}");
        pos.play(mv);
        assert!(tried == pos && tried.key() == pos.key(), "try_play and play differ");
        bbfuzz::check_position(&pos, &step[..step.len() - 1]);
    }
});
