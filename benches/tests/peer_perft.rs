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
    let names: Vec<&str> = stdout.lines().map(|l| l.split(' ').next().unwrap_or("")).collect();
    assert_eq!(names, ["start", "kiwipete", "position3", "position4", "position5", "position6"]);
    assert!(stdout.starts_with("start 6 119060324 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
}

#[test]
fn bad_input_is_one_error_line_and_exit_2() {
    for args in [
        &[][..],
        &["stockfish", "3"],
        &["chess", "three"],
        &["chess", "-1"],
        &["chess", "3", "--fen"],
        &["chess", "3", "--fen", "not a fen"],
        &["shakmaty", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        &["cozy-chess", "3", "--threads", "2"],
        &["cozy-chess"],
    ] {
        let out = peer_perft(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(out.stderr).expect("utf-8");
        assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{args:?}: {stderr}");
    }
}
