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
    assert_eq!(stderr(&out), "bbgen: unknown argument \"--frobnicate\" (see --help)\n");
    assert!(out.stdout.is_empty());
}

#[test]
fn missing_values_exit_2() {
    let cases: [(&[&str], &str); 4] = [
        (&["search-dense"], "bbgen: search-dense needs --seconds N (or --rounds R)\n"),
        (&["search-dense", "--seconds", "soon"], "bbgen: --seconds: not a number: \"soon\"\n"),
        (&["--root"], "bbgen: --root needs a directory\n"),
        (&["--check", "--stats"], "bbgen: give only one of --check, --stats, search-dense\n"),
    ];
    for (args, message) in cases {
        let out = bbgen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn unreadable_root_exits_2() {
    let out = bbgen(&["--root", "/nonexistent/bb", "--check"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.starts_with("bbgen: cannot read /nonexistent/bb/bbgen/data/dense_magics.txt: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
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
    let err = stderr(&out);
    let expected = format!("bbgen: cannot create {}: ", dir.join("engine/src/generated").display());
    assert!(err.starts_with(&expected) && err.lines().count() == 1, "{err}");
}

#[test]
fn check_passes_on_the_checked_in_files() {
    let out = bbgen(&["--check"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!((stderr(&out).as_str(), out.stdout.as_slice()), ("", &b""[..]));
}

#[test]
fn check_names_each_stale_file_and_exits_1() {
    // A copy of the inputs and generated files, one edited and one missing.
    let dir = std::env::temp_dir().join(format!("bbgen-check-{}", std::process::id()));
    let generated = dir.join("engine/src/generated");
    std::fs::create_dir_all(dir.join("bbgen/data")).expect("temp dir");
    std::fs::create_dir_all(&generated).expect("temp dir");
    for data in ["dense_magics.txt", "polyglot_random.txt"] {
        let from = format!("{}/data/{data}", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, dir.join("bbgen/data").join(data)).expect("copy data file");
    }
    let checked_in = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/src/generated");
    for name in ["fancy.rs", "dense.rs", "polyglot.rs"] {
        std::fs::copy(format!("{checked_in}/{name}"), generated.join(name)).expect("copy generated file");
    }
    let dense = generated.join("dense.rs");
    let text = std::fs::read_to_string(&dense).expect("read copy");
    std::fs::write(&dense, text.replacen("pub static", "pub(crate) static", 1)).expect("edit copy");
    let out = bbgen(&["--root", dir.to_str().expect("utf-8 path"), "--check"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert_eq!(lines[0], format!("stale: {} (run `cargo run -p bbgen`)", dense.display()));
    let missing = format!("stale: {} is missing or unreadable (", generated.join("pext.rs").display());
    assert!(lines[1].starts_with(&missing) && lines[1].ends_with("; run `cargo run -p bbgen`)"), "{err}");
}

#[test]
fn stats_prints_one_line_per_table() {
    let out = bbgen(&["--stats"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    // The README's table figures. The dense line is the recorded table of
    // bbgen/data/dense_magics.txt: a better recorded search changes it (and the README).
    let expected = "\
table fancy entries 107648 bytes 864256
table dense entries 102010 bytes 819152
table pext entries 107648 bytes 863232
table pext-pdep entries 107648 bytes 218368
table knight entries 64 bytes 512
table king entries 64 bytes 512
table pawn entries 128 bytes 1024
table between entries 4096 bytes 32768
table line entries 4096 bytes 32768
table line-masks entries 64 bytes 1536
table first-rank entries 512 bytes 512
table polyglot entries 781 bytes 6248
";
    assert_eq!(text, expected);
    let record = bbgen::dense::DenseRecord::parse(bbgen::RECORDED_DENSE_MAGICS).expect("recorded magics parse");
    assert_eq!(record.entries, 102_010);
}
