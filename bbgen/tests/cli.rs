//! The `bbgen` binary: exit codes and output formats.

use std::process::{Command, Output};

fn bbgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bbgen")).args(args).output().expect("bbgen runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn bad_flag_exits_2_with_one_line() {
    let out = bbgen(&["--frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("bbgen: unknown argument \"--frobnicate\""), "{}", stderr(&out));
}

#[test]
fn missing_values_exit_2() {
    assert_eq!(bbgen(&["search-dense"]).status.code(), Some(2));
    assert_eq!(bbgen(&["search-dense", "--seconds", "soon"]).status.code(), Some(2));
    assert_eq!(bbgen(&["--root"]).status.code(), Some(2));
    assert_eq!(bbgen(&["--check", "--stats"]).status.code(), Some(2));
}

#[test]
fn unreadable_root_exits_2() {
    let out = bbgen(&["--root", "/nonexistent/bb", "--check"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}

#[test]
fn unwritable_output_exits_2() {
    let dir = std::env::temp_dir().join(format!("bbgen-cli-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("bbgen/data")).expect("temp dir");
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/dense_magics.txt");
    std::fs::copy(data, dir.join("bbgen/data/dense_magics.txt")).expect("copy data file");
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/polyglot_random.txt");
    std::fs::copy(data, dir.join("bbgen/data/polyglot_random.txt")).expect("copy data file");
    // A file where the output directory should be.
    std::fs::create_dir_all(dir.join("engine/src")).expect("temp dir");
    std::fs::write(dir.join("engine/src/generated"), "not a directory").expect("temp file");
    let out = bbgen(&["--root", dir.to_str().expect("utf-8 path")]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("bbgen: cannot"), "{}", stderr(&out));
}

#[test]
fn check_passes_on_the_checked_in_files() {
    let out = bbgen(&["--check"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn stats_prints_one_line_per_table() {
    let out = bbgen(&["--stats"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"table fancy entries 107648 bytes 864256"), "{text}");
    assert!(lines.contains(&"table pext entries 107648 bytes 863232"), "{text}");
    assert!(lines.contains(&"table polyglot entries 781 bytes 6248"), "{text}");
    let dense: Vec<&str> =
        lines.iter().find(|l| l.starts_with("table dense ")).expect("dense line").split(' ').collect();
    assert_eq!((dense[2], dense[4]), ("entries", "bytes"));
    let entries: usize = dense[3].parse().expect("a number");
    assert!(entries <= 105_000, "dense has {entries} entries");
}
