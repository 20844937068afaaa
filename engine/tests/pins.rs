//! What the repository pins and a change must update on purpose: the embedded net is the file
//! its lineage record names (`nets/bb.nnue.lineage.md`, by SHA-256), and `bench`'s node count,
//! the search's signature, is the one in `engine/bench.txt`.

use bbengine::nnue::NETWORK;
use bbengine::search::{BENCH_DEPTH, Evaluator, bench, bench_with};
use sha2::{Digest, Sha256};

/// The embedded net as the bytes of its file: little-endian `i16`s in field order.
fn embedded_net_bytes() -> Vec<u8> {
    let fields =
        NETWORK.hidden_weights.iter().chain([&NETWORK.hidden_bias]).chain(NETWORK.output_weights.iter().flatten());
    let mut values: Vec<i16> = fields.flatten().copied().collect();
    values.extend(NETWORK.output_bias);
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// The SHA-256 the lineage record gives: its line `<64 hex digits>  bb.nnue` (the format of
/// `sha256sum`).
fn recorded_sha256() -> String {
    let record = include_str!("../nets/bb.nnue.lineage.md");
    let line = record.lines().find(|l| l.trim_end().ends_with("  bb.nnue")).expect("a `<sha256>  bb.nnue` line");
    let hex = line.split_whitespace().next().unwrap_or_default();
    assert!(hex.len() == 64 && hex.chars().all(|c| c.is_ascii_hexdigit()), "not a SHA-256: {line}");
    hex.to_lowercase()
}

#[test]
fn embedded_net_matches_its_lineage_record() {
    let bytes = embedded_net_bytes();
    assert_eq!(bytes.len(), bbengine::nnue::NETWORK_BYTES);
    assert_eq!(bytes, include_bytes!("../nets/bb.nnue"), "the embedded net is nets/bb.nnue");
    let digest: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(digest, recorded_sha256(), "nets/bb.nnue changed: update its lineage record with the net");
}

/// The pinned signature: the first line of `engine/bench.txt`.
fn pinned_signature() -> u64 {
    let text = include_str!("../bench.txt");
    let first = text.lines().next().unwrap_or_default().trim();
    first.parse().unwrap_or_else(|e| panic!("engine/bench.txt's first line {first:?}: {e}"))
}

#[test]
fn bench_signature_is_the_pinned_one() {
    assert_eq!(
        bench(BENCH_DEPTH).nodes,
        pinned_signature(),
        "the search's signature changed: if on purpose, put the new count in engine/bench.txt and `Bench: N` in the commit message"
    );
}

/// With the hand-written evaluation the search is the one that played the games the shipped
/// net was trained on (main at 97310ac, `bench` 1,107,507): `datagen --eval hand` makes the
/// same data only while this holds. Ignored: a change to the search rightly changes it (then
/// the data are made again at the generator commit of the lineage record).
#[test]
#[ignore]
fn hand_written_search_is_the_data_generators() {
    assert_eq!(bench_with(BENCH_DEPTH, Evaluator::HandWritten).nodes, 1_107_507);
}

/// A net loaded at run time goes through its own path in the search: the embedded net's bytes
/// loaded from the file search the very same tree as the embedded net.
#[test]
fn a_loaded_copy_of_the_embedded_net_searches_the_same_tree() {
    let net = bbengine::nnue::Network::load(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/bb.nnue")).unwrap();
    assert_eq!(bench_with(6, Evaluator::Network(&net)).nodes, bench_with(6, Evaluator::Embedded).nodes);
}
