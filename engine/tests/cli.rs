//! The `bbengine` command line: output formats and exit codes on bad input.

use std::process::{Command, Output};

use bbengine::Backend;

fn bbengine(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bbengine")).args(args).output().expect("bbengine runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn perft_prints_the_summary_line() {
    let out = bbengine(&["perft", "3", "--backend", "kogge-stone"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let last = text.lines().last().unwrap();
    let fields: Vec<&str> = last.split(' ').collect();
    assert_eq!(fields.len(), 8, "{last}");
    assert_eq!(
        (fields[0], fields[1], fields[2], fields[4], fields[6]),
        ("nodes", "8902", "time_ms", "mnps", "backend")
    );
    assert!(fields[3].parse::<u64>().is_ok() && fields[5].parse::<f64>().is_ok());
    assert_eq!(fields[7], "kogge-stone");
}

#[test]
fn threads_and_hash_keep_the_count() {
    let out = bbengine(&["perft", "4", "--threads", "2", "--hash", "8"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("nodes 197281 "));
}

#[test]
fn divide_lists_sorted_root_moves() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let out = bbengine(&["perft", "2", "--divide", "--fen", fen]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let moves: Vec<&str> = lines[..lines.len() - 1].iter().map(|l| l.split(": ").next().unwrap()).collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert_eq!(moves.len(), 26);
    assert!(moves.contains(&"e1g1") && moves.contains(&"e1c1"));
    let total: u64 =
        lines[..lines.len() - 1].iter().map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, 568);
    assert!(lines.last().unwrap().starts_with("nodes 568 "));
}

#[test]
fn chess960_divide_writes_king_takes_rook() {
    let out = bbengine(&["perft", "1", "--divide", "--fen", "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    // 23 legal moves (shakmaty 0.29.4 agrees), each one line with count 1, then the summary.
    assert_eq!(lines.len(), 24, "{text}");
    assert!(lines[..23].iter().all(|l| l.ends_with(": 1")), "{text}");
    assert!(lines[23].starts_with("nodes 23 "), "{text}");
    // Queen-side castling is written king takes rook; king-side castling (b1e1) is illegal:
    // the king would cross e1, which the rook on e8 attacks once the e1 rook has moved.
    assert!(lines.contains(&"b1a1: 1"), "{text}");
    assert!(!lines.iter().any(|l| l.starts_with("b1e1") || l.starts_with("b1g1")), "{text}");
}

#[test]
fn suite_reports_and_fails_on_mismatch() {
    // Removed when dropped, also when an assertion fails.
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let good = dir.join("good.epd");
    std::fs::write(
        &good,
        "# comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n",
    )
    .unwrap();
    let out = bbengine(&["suite", good.to_str().unwrap(), "--depth", "2"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("positions 1 passed 1 failed 0 nodes 420 time_ms "), "{text}");

    let bad = dir.join("bad.epd");
    std::fs::write(&bad, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n").unwrap();
    let out = bbengine(&["suite", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(
        lines[0],
        "mismatch fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 depth 2 expected 401 got 400"
    );
    assert!(lines[1].starts_with("positions 1 passed 0 failed 1 nodes 420 time_ms "), "{text}");

    let malformed = dir.join("malformed.epd");
    std::fs::write(&malformed, "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 three\n").unwrap();
    let out = bbengine(&["suite", malformed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let expected =
        format!("error: {}: line 1: expected ';D<depth> <nodes>', found \"D1 three\"\n", malformed.display());
    assert_eq!(stderr(&out), expected);
    assert_eq!(stdout(&out), "");
}

#[test]
fn bad_input_exits_2_with_one_clear_message() {
    let help = stdout(&bbengine(&["--help"]));
    assert!(help.contains("\nUsage: bbengine [COMMAND]\n"), "{help}");
    // (arguments, the exact error line)
    let cases: &[(&[&str], &str)] = &[
        (
            &["perft", "3", "--fen", "8/8/8 w - - 0 1"],
            "error: \"8/8/8 w - - 0 1\": FEN placement field needs 8 ranks separated by '/', found 3",
        ),
        (
            &["perft", "3", "--backend", "warp"],
            "error: unknown backend \"warp\" (expected one of: auto, reference, kogge-stone, kogge-stone-avx2, \
             kogge-stone-avx512, hyperbola, fancy, dense, pext)",
        ),
        (&["perft", "three"], "error: depth must be a whole number, found \"three\""),
        (&["perft"], "error: the following required arguments were not provided: <DEPTH>; see `bbengine perft --help`"),
        (
            &["perft", "2", "--fen"],
            "error: a value is required for '--fen <FEN>' but none was supplied; see `bbengine --help`",
        ),
        (
            &["perft", "2", "--bogus"],
            "error: unexpected argument '--bogus' found (to pass '--bogus' as a value, use '-- --bogus'); \
             see `bbengine perft --help`",
        ),
        (
            &["perft", "2", "--hahs", "1"],
            "error: unexpected argument '--hahs' found (a similar argument exists: \
             '--hash'); see `bbengine perft --help`",
        ),
        (&["suite", "x.epd", "--depth", "-1"], "error: depth must be a whole number, found \"-1\""),
        (&["suite"], "error: the following required arguments were not provided: <FILE>; see `bbengine suite --help`"),
        (&["fly"], "error: unrecognized subcommand 'fly'; see `bbengine --help`"),
        (
            &["perf", "3"],
            "error: unrecognized subcommand 'perf' (a similar subcommand exists: 'perft'); see `bbengine --help`",
        ),
        (&["perft", "2", "--threads", "0"], "error: --threads needs a whole number of at least 1, found \"0\""),
        (&["perft", "2", "--hash", "lots"], "error: --hash needs a size in MiB (0 to 1048576), found \"lots\""),
    ];
    for &(args, line) in cases {
        let out = bbengine(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
        assert_eq!(stderr(&out), format!("{line}\n"), "{args:?}");
    }
    // The OS's words for a missing file vary; the start of the line does not.
    let out = bbengine(&["suite", "/nonexistent/suite.epd"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.starts_with("error: cannot read \"/nonexistent/suite.epd\": ") && err.lines().count() == 1, "{err}");
    // A backend this CPU lacks is refused by name.
    for backend in Backend::ALL.iter().filter(|b| !b.is_supported()) {
        let out = bbengine(&["perft", "1", "--backend", backend.name()]);
        assert_eq!(out.status.code(), Some(2), "{backend}");
        assert_eq!(stderr(&out), format!("error: backend {backend} is not supported on this CPU\n"));
    }
    // No arguments: the UCI engine, which ends quietly at the end of its (here empty) input.
    let out = bbengine(&[]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
    assert_eq!(stdout(&out), "");
    let out = bbengine(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

#[test]
fn commands_without_arguments_refuse_extra_ones() {
    // An extra argument is refused (exit 2, one line naming the command's help) before
    // anything is measured. `bench-sliders` on a tiny workload: the test below.
    for args in [&["bench-sliders", "extra"][..], &["bench", "--rounds", "1"], &["backends", "all"], &["uci", "now"]] {
        let out = bbengine(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}: nothing may be measured or printed");
        let err = stderr(&out);
        assert!(err.starts_with("error: ") && err.lines().count() == 1, "{args:?}: {err}");
        assert!(err.ends_with(&format!("; see `bbengine {} --help`\n", args[0])), "{args:?}: {err}");
    }
}

#[test]
fn help_and_version_go_to_stdout() {
    for args in [&["--help"][..], &["help"], &["perft", "--help"], &["help", "suite"], &["--version"]] {
        let out = bbengine(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(stderr(&out), "", "{args:?}");
        assert!(!stdout(&out).is_empty(), "{args:?}");
    }
    assert!(stdout(&bbengine(&["perft", "--help"])).contains("Usage: bbengine perft [OPTIONS] <DEPTH>"));
    assert_eq!(stdout(&bbengine(&["--version"])), format!("bbengine {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn backends_lists_exactly_the_supported_ones() {
    let out = bbengine(&["backends"]);
    assert_eq!(out.status.code(), Some(0));
    let expected: Vec<&str> = Backend::ALL.iter().filter(|b| b.is_supported()).map(|b| b.name()).collect();
    assert_eq!(stdout(&out).lines().collect::<Vec<_>>(), expected);
    // The five that need no CPU feature are always listed, in this order.
    let portable = ["reference", "kogge-stone", "hyperbola", "fancy", "dense"];
    assert_eq!(expected.iter().filter(|n| portable.contains(n)).copied().collect::<Vec<_>>(), portable);
}

#[test]
fn a_closed_stdout_ends_quietly() {
    // As in `bbengine perft 3 --divide | head -0`: the reader is gone before anything is written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_bbengine"))
        .args(["perft", "3", "--divide"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("bbengine runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("bbengine ends");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

#[test]
fn search_bench_prints_the_signature_line() {
    let out = bbengine(&["bench", "4"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    let fields: Vec<&str> = last.split(' ').collect();
    assert_eq!(fields.len(), 4, "{last}");
    assert_eq!((fields[1], fields[3]), ("nodes", "nps"));
    assert!(fields[0].parse::<u64>().unwrap() > 0 && fields[2].parse::<u64>().is_ok());
    let again = stdout(&bbengine(&["bench", "4"]));
    assert_eq!(again.lines().last().unwrap().split(' ').next(), Some(fields[0]), "same node count");
    let out = bbengine(&["bench", "zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: bench depth must be"));
}

#[test]
fn bench_sliders_on_a_tiny_workload_counts_exactly_with_every_backend() {
    // The measurement behind the rows, perft three plies below the README depths (the full
    // run takes seconds; the lookups take their fixed 1.6 s): from the published counts,
    // start d3 8,902, Kiwipete d2 2,039, position 3 d4 43,238, positions 4, 5 and 6 d2 264,
    // 1,486 and 2,079. Every backend this CPU runs has a row of finite, positive figures, and
    // no backend counted differently.
    let out = bbengine(&["bench-sliders", "--plies-below", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(!text.contains("error"), "{text}");
    let expected = 8_902 + 2_039 + 43_238 + 264 + 1_486 + 2_079;
    assert!(
        text.contains(&format!(" below the README depths, {expected} nodes; each figure the median of 5 rounds)")),
        "{text}"
    );
    let backends = stdout(&bbengine(&["backends"]));
    for name in backends.lines() {
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name}: {text}"));
        let figures: Vec<f64> = row.split_whitespace().skip(1).map(|f| f.parse().unwrap()).collect();
        assert_eq!(figures.len(), 3, "{row}");
        assert!(figures.iter().all(|f| f.is_finite() && *f > 0.0), "{row}");
    }
    for args in [&["--plies-below", "0"][..], &["--plies-below", "5"], &["--plies-below", "x"], &["--rounds", "1"]] {
        let out = bbengine(&[&["bench-sliders"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
    }
}
