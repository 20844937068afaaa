//! The checked-in generated files are what `cargo run -p bbgen` would write (and no other file
//! sits beside them), the engine's leaf lookups read bbcore's tables, and the table sizes are
//! the recorded ones.

use std::path::Path;

use bbgen::dense::DenseRecord;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// A dense search small enough for a test, with every kind of move and the given slack.
fn small_search(slack: u64) -> bbgen::search::SearchParams {
    bbgen::search::SearchParams {
        pool_rounds: 1,
        moves_per_round: 2,
        structured: false,
        fresh_draws: 20,
        climbs: 1,
        climb_steps: 200,
        slack,
    }
}

fn recorded() -> DenseRecord {
    let path = root().join("bbgen/data/dense_magics.txt");
    DenseRecord::parse(&std::fs::read_to_string(&path).expect("dense magics data file")).expect("data file parses")
}

#[test]
fn generated_files_are_fresh() {
    let random = bbgen::polyglot::PolyglotRandom::recorded().expect("polyglot numbers parse");
    let files = bbgen::render::all_files(&recorded(), &random).expect("tables build and verify");
    let names: Vec<&str> = files.iter().map(|f| f.name).collect();
    assert_eq!(names, ["fancy.rs", "dense.rs", "pext.rs", "polyglot.rs"]);
    for file in &files {
        let path = root().join("engine/src/generated").join(file.name);
        let expected = bbgen::render::format_file(file).expect("renders");
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(current == expected, "{} is stale: run `cargo run -p bbgen`", path.display());
    }
}

#[test]
fn no_stray_generated_files() {
    // `mod.rs` is hand-written; every other file must be one bbgen writes, so no table is left
    // behind (or declared twice) after bbgen stops generating it.
    let random = bbgen::polyglot::PolyglotRandom::recorded().expect("polyglot numbers parse");
    let files = bbgen::render::all_files(&recorded(), &random).expect("tables build and verify");
    let mut expected: Vec<String> = files.iter().map(|f| f.name.to_string()).collect();
    expected.push("mod.rs".to_string());
    expected.sort();
    let mut present: Vec<String> = std::fs::read_dir(root().join("engine/src/generated"))
        .expect("generated directory")
        .map(|e| e.expect("directory entry").file_name().into_string().expect("utf-8 name"))
        .collect();
    present.sort();
    assert_eq!(present, expected, "engine/src/generated holds only bbgen's files and mod.rs");
}

#[test]
fn embedded_record_is_the_data_file() {
    assert_eq!(DenseRecord::parse(bbgen::RECORDED_DENSE_MAGICS).expect("parses"), recorded());
}

#[test]
fn embedded_polyglot_numbers_are_the_data_file() {
    let text = std::fs::read_to_string(root().join("bbgen/data/polyglot_random.txt")).expect("polyglot data file");
    let from_file = bbgen::polyglot::PolyglotRandom::parse(&text).expect("parses");
    assert_eq!(bbgen::polyglot::PolyglotRandom::recorded().expect("parses"), from_file);
    assert_eq!(from_file.0.as_slice(), bbengine::generated::polyglot::RANDOM.as_slice());
}

#[test]
fn polyglot_data_file_errors_name_the_problem() {
    use bbgen::polyglot::PolyglotRandom;
    let text = bbgen::RECORDED_POLYGLOT_RANDOM;
    let err = |t: &str| PolyglotRandom::parse(t).expect_err("rejected").0;
    // One number missing: the count is wrong.
    let short: String = text.lines().filter(|l| *l != "f8d626aaaf278509").map(|l| format!("{l}\n")).collect();
    assert!(err(&short).contains("expected 781, found 780"), "{}", err(&short));
    // Two numbers swapped across a group boundary: the anchor check sees it.
    let swapped = text.replace("31d71dce64b2c310", "tmp").replace("70cc73d90bc26e24", "31d71dce64b2c310");
    let swapped = swapped.replace("tmp", "70cc73d90bc26e24");
    assert!(err(&swapped).contains("number 768"), "{}", err(&swapped));
    assert!(err(&text.replace("9d39247e33776d41", "9d39247e33776d4")).contains("line"));
}

#[test]
fn data_file_round_trips() {
    let record = recorded();
    assert_eq!(DenseRecord::parse(&record.render()).expect("parses"), record);
}

#[test]
fn data_file_round_trips_with_its_start() {
    let mut record = recorded();
    record.from = bbgen::dense::describe_start(&record);
    let fingerprint = bbgen::dense::fingerprint(&record);
    let again = DenseRecord::parse(&record.render()).expect("parses");
    assert_eq!(again, record);
    assert!(again.from.ends_with(&format!("fingerprint {fingerprint:#018x}")));
    // The fingerprint names the magics and offsets only.
    record.command = "another command".into();
    assert_eq!(bbgen::dense::fingerprint(&record), fingerprint);
    record.bishop[63].1 += 1;
    assert_ne!(bbgen::dense::fingerprint(&record), fingerprint);
}

#[test]
fn dense_search_goes_on_from_a_record() {
    let start = recorded();
    let result = bbgen::search::search_dense(9, small_search(0), 0, Some(1), Some(&start), &mut |_| {}).record;
    // It starts from the record's arrangement and keeps no move that lengthens it.
    assert!(result.entries <= start.entries, "{} > {}", result.entries, start.entries);
    assert_eq!(bbgen::dense::layout(&result).expect("a search result verifies").attacks.len(), result.entries);
}

#[test]
fn bishop_windows_share_cache_lines() {
    use bbengine::generated::dense;
    // `cluster-bishops` moved the bishops' entries from 1,221 lines of 8 onto 664.
    assert_eq!(bbgen::bishop_lines::bishop_lines(&recorded()), 664);
    // Those are cache lines only because the array starts on one.
    assert_eq!(dense::ATTACKS.0.as_ptr() as usize % 64, 0);
}

#[test]
fn clustering_bishops_keeps_rooks_length_and_lines() {
    let start = recorded();
    let params = bbgen::bishop_lines::ClusterParams { structured: false, pool_rounds: 1 };
    let result = bbgen::bishop_lines::cluster_bishops(&start, 5, params, start.entries, 1, &mut |_| {});
    assert_eq!(result.rook, start.rook);
    assert!(result.entries <= start.entries, "{} > {}", result.entries, start.entries);
    assert!(bbgen::bishop_lines::bishop_lines(&result) <= bbgen::bishop_lines::bishop_lines(&start));
    assert_eq!(bbgen::dense::layout(&result).expect("the result verifies").attacks.len(), result.entries);
}

#[test]
fn table_sizes() {
    use bbengine::generated::{dense, fancy, pext};
    // 2^bits summed over the squares' relevance masks: 102,400 rook and 5,248 bishop entries.
    assert_eq!((fancy::ROOK_ATTACKS.len(), fancy::BISHOP_ATTACKS.len()), (102_400, 5_248));
    assert_eq!((pext::ROOK_ATTACKS.len(), pext::BISHOP_ATTACKS.len()), (102_400, 5_248));
    // The 16-bit layout: the same slots, and a cache line (32 entries) before each rook window
    // after the first.
    assert_eq!((pext::ROOK_PDEP_ATTACKS.len(), pext::BISHOP_PDEP_ATTACKS.len()), (102_400 + 63 * 32, 5_248));
    // The dense table is exactly the recorded layout (99,019 entries, the README's figure).
    assert_eq!(dense::ATTACKS.0.len(), recorded().entries);
    assert_eq!(dense::ATTACKS.0.len(), 99_019);
}

#[test]
fn leaf_lookups_are_bbcores() {
    use bbcore::{Color, Square};
    use bbengine::tables;
    for sq in Square::ALL {
        assert_eq!(tables::knight(sq), bbcore::knight_attacks(sq));
        assert_eq!(tables::king(sq), bbcore::king_attacks(sq));
        for color in Color::ALL {
            assert_eq!(tables::pawn(color, sq), bbcore::pawn_attacks(color, sq));
        }
        for other in Square::ALL {
            assert_eq!(tables::between(sq, other), bbcore::between(sq, other));
            assert_eq!(tables::line(sq, other), bbcore::line(sq, other));
        }
    }
}

#[test]
fn fancy_search_is_reproducible() {
    let a = bbgen::fancy::build(42).expect("builds");
    let b = bbgen::fancy::build(42).expect("builds");
    assert_eq!(a, b);
    assert_ne!(a.rook.squares, bbgen::fancy::build_default().expect("builds").rook.squares);
}

#[test]
fn dense_search_is_reproducible() {
    let run = || {
        let mut record = bbgen::search::search_dense(9, small_search(1_000), 0, Some(1), None, &mut |_| {}).record;
        record.seconds = 0; // the only field that depends on the machine
        record
    };
    // The two runs share nothing: side by side they take half the wall time of the longest
    // test in the suite.
    let (a, b) = std::thread::scope(|scope| {
        let other = scope.spawn(run);
        (run(), other.join().expect("the second search does not panic"))
    });
    assert_eq!(a, b);
    bbgen::dense::layout(&a).expect("a search result verifies");
}
