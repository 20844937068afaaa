//! The `peer-perft` command line: bbengine's output line, the six positions, one-line errors.

use std::process::{Command, Output};

fn peer_perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_peer-perft")).args(args).output().expect("peer-perft runs")
}

#[test]
fn prints_bbengines_line_for_every_peer() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for peer in ["cozy-chess", "shakmaty", "chess"] {
        let out = peer_perft(&[peer, "3", "--fen", kiwipete]);
        assert!(out.status.success(), "{peer}: {}", String::from_utf8_lossy(&out.stderr));
        let stdout = String::from_utf8(out.stdout).expect("utf-8");
        let words: Vec<&str> = stdout.trim_end().split(' ').collect();
        assert_eq!(words.len(), 8, "{stdout}");
        assert_eq!(
            [words[0], words[1], words[2], words[4], words[6], words[7]],
            ["nodes", "97862", "time_ms", "mnps", "backend", peer]
        );
        assert!(words[3].parse::<u64>().is_ok() && words[5].parse::<f64>().is_ok(), "{stdout}");
    }
}

#[test]
fn lists_the_six_positions() {
    let out = peer_perft(&["--list"]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    // The six positions with the depths and counts the README reports (published counts).
    let expected = "\
start 6 119060324 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
kiwipete 5 193690690 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
position3 7 178633661 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
position4 5 15833292 r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1
position5 5 89941194 rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8
position6 5 164075551 r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10
";
    assert_eq!(stdout, expected);
}

#[test]
fn help_and_version_go_to_stdout() {
    let out = peer_perft(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).expect("utf-8");
    assert!(help.contains("Usage: peer-perft [OPTIONS] [PEER] [DEPTH]"), "{help}");
    assert!(help.contains("--fen <FEN>") && help.contains("--list"), "{help}");
    let out = peer_perft(&["--version"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("peer-perft {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn bad_input_is_one_error_line_and_exit_2() {
    let cases: [(&[&str], &str); 10] = [
        (&[], "the following required arguments were not provided: <PEER> <DEPTH>; see `peer-perft --help`"),
        (&["stockfish", "3"], "unknown peer \"stockfish\" (expected one of: cozy-chess, shakmaty, chess)"),
        (&["chess", "three"], "depth must be a whole number, found \"three\""),
        (&["chess", "-1"], "depth must be a whole number, found \"-1\""),
        (
            &["chess", "3", "--fen"],
            "a value is required for '--fen <FEN>' but none was supplied; see `peer-perft --help`",
        ),
        (&["chess", "3", "--fen", "not a fen"], "\"not a fen\": FEN needs 6 fields (or 4 without counters), found 3"),
        (
            &["shakmaty", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
            "\"8/8/8/8/8/8/8/8 w - - 0 1\": FEN placement field: white king is missing",
        ),
        (
            &["cozy-chess", "3", "--threads", "2"],
            "unexpected argument '--threads' found (to pass '--threads' as a value, use '-- --threads'); \
             see `peer-perft --help`",
        ),
        (&["cozy-chess"], "the following required arguments were not provided: <DEPTH>; see `peer-perft --help`"),
        (
            &["--list", "chess"],
            "the argument '--list' cannot be used with one or more of the other specified arguments; \
             see `peer-perft --help`",
        ),
    ];
    for (args, message) in cases {
        let out = peer_perft(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(out.stderr).expect("utf-8");
        assert_eq!(stderr, format!("error: {message}\n"), "{args:?}");
    }
}
