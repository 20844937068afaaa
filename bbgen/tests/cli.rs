//! The `bbgen` binary: exit codes and output formats.

use std::process::{Command, Output};

fn bbgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bbgen")).args(args).output().expect("bbgen runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A temporary workspace root with bbgen's data files; removed when dropped, even when the
/// test fails.
fn root_with_data() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("bbgen/data")).expect("temp dir");
    for data in ["dense_magics.txt", "polyglot_random.txt"] {
        let from = format!("{}/data/{data}", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, dir.path().join("bbgen/data").join(data)).expect("copy data file");
    }
    dir
}

#[test]
fn bad_flag_exits_2_with_one_line() {
    let out = bbgen(&["--frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "error: unexpected argument '--frobnicate' found; see `bbgen --help`\n");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_misspelt_command_gets_a_suggestion() {
    let out = bbgen(&["serch-dense"]);
    assert_eq!(out.status.code(), Some(2));
    let expected = "error: unrecognized subcommand 'serch-dense' (a similar subcommand exists: 'search-dense'); \
                    see `bbgen --help`\n";
    assert_eq!(stderr(&out), expected);
    assert!(out.stdout.is_empty());
}

#[test]
fn help_and_version_go_to_stdout() {
    for args in [&["--help"][..], &["search-dense", "--help"], &["help", "search-dense"]] {
        let out = bbgen(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8(out.stdout).expect("utf-8");
        assert!(text.contains("Usage: bbgen"), "{args:?}: {text}");
        assert!(out.stderr.is_empty(), "{args:?}");
    }
    let help = String::from_utf8(bbgen(&["search-dense", "--help"]).stdout).expect("utf-8");
    for flag in ["--seconds <N>", "--rounds <R>", "--seed <S>", "--root <DIR>"] {
        assert!(help.contains(flag), "{flag}: {help}");
    }
    let out = bbgen(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("bbgen {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn missing_values_exit_2() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["search-dense"],
            "error: the following required arguments were not provided: <--seconds <N>|--rounds <R>>; \
             see `bbgen search-dense --help`\n",
        ),
        (
            &["search-dense", "--seconds", "soon"],
            "error: --seconds needs a whole number (decimal or 0x hex), found \"soon\"\n",
        ),
        (
            &["search-dense", "--rounds", "10", "--seed", "0xg"],
            "error: --seed needs a whole number (decimal or 0x hex), found \"0xg\"\n",
        ),
        (&["--root"], "error: a value is required for '--root <DIR>' but none was supplied; see `bbgen --help`\n"),
        (&["--check", "--stats"], "error: the argument '--check' cannot be used with '--stats'; see `bbgen --help`\n"),
        (
            &["--check", "search-dense", "--seconds", "1"],
            "error: the subcommand 'search-dense' cannot be used with '--check'; see `bbgen --help`\n",
        ),
        (
            &["search-dense", "--seconds", "1", "--stats"],
            "error: unexpected argument '--stats' found; see `bbgen search-dense --help`\n",
        ),
    ];
    for (args, message) in cases {
        let out = bbgen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn cluster_bishops_refuses_bad_input_before_it_starts() {
    let data = format!("{}/data/dense_magics.txt", env!("CARGO_MANIFEST_DIR"));
    let bad = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(bad.path(), "garbage\n").expect("temp file");
    let bad_path = bad.path().to_str().expect("utf-8 path");
    let cases: [(&[&str], String); 5] = [
        (
            &["cluster-bishops"],
            "error: the following required arguments were not provided: --from <FILE>; \
             see `bbgen cluster-bishops --help`\n"
                .into(),
        ),
        (
            &["cluster-bishops", "--from", &data, "--sweeps", "soon"],
            "error: --sweeps needs a whole number (decimal or 0x hex), found \"soon\"\n".into(),
        ),
        (
            &["cluster-bishops", "--from", &data, "--max-entries", "5"],
            "error: --max-entries 5 is below the starting record's 99019 entries\n".into(),
        ),
        (
            &["--check", "cluster-bishops", "--from", &data],
            "error: the subcommand 'cluster-bishops' cannot be used with '--check'; see `bbgen --help`\n".into(),
        ),
        (
            &["cluster-bishops", "--from", bad_path],
            format!("error: {bad_path}: dense magics line 1: expected `key value`: \"garbage\"\n"),
        ),
    ];
    for (args, message) in cases {
        let out = bbgen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = bbgen(&["cluster-bishops", "--from", "/nonexistent/bb/dense_magics.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: cannot read /nonexistent/bb/dense_magics.txt: "), "{}", stderr(&out));
}

#[test]
fn unreadable_root_exits_2() {
    let out = bbgen(&["--root", "/nonexistent/bb", "--check"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.starts_with("error: cannot read /nonexistent/bb/bbgen/data/dense_magics.txt: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn root_goes_before_or_after_the_command() {
    // The search stops before it starts: the data file cannot be written.
    for args in [
        &["--root", "/nonexistent/bb", "search-dense", "--seconds", "1"][..],
        &["search-dense", "--seed", "0x1f", "--rounds", "1", "--root", "/nonexistent/bb"],
    ] {
        let out = bbgen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("error: cannot write /nonexistent/bb/bbgen/data/dense_magics.txt: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn unwritable_output_exits_2() {
    let temp = root_with_data();
    // The path bbgen prints: the root canonicalized (the temp dir may be behind a symlink).
    let dir = temp.path().canonicalize().expect("temp dir");
    // A file where the output directory should be.
    std::fs::create_dir_all(dir.join("engine/src")).expect("temp dir");
    std::fs::write(dir.join("engine/src/generated"), "not a directory").expect("temp file");
    let out = bbgen(&["--root", dir.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let expected = format!("error: cannot create {}: ", dir.join("engine/src/generated").display());
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
    let temp = root_with_data();
    let dir = temp.path().canonicalize().expect("temp dir");
    let generated = dir.join("engine/src/generated");
    std::fs::create_dir_all(&generated).expect("temp dir");
    let checked_in = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/src/generated");
    for name in ["fancy.rs", "dense.rs", "polyglot.rs"] {
        std::fs::copy(format!("{checked_in}/{name}"), generated.join(name)).expect("copy generated file");
    }
    let dense = generated.join("dense.rs");
    let text = std::fs::read_to_string(&dense).expect("read copy");
    std::fs::write(&dense, text.replacen("pub static", "pub(crate) static", 1)).expect("edit copy");
    let out = bbgen(&["--root", dir.to_str().expect("utf-8 path"), "--check"]);
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
table dense entries 99019 bytes 795224
table pext entries 107648 bytes 863232
table pext-pdep entries 109664 bytes 222400
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
    assert_eq!(record.entries, 99_019);
}
