//! The `bbengine` command line against hostile input: FEN and EPD text of arbitrary bytes,
//! megabyte lines, NUL bytes, invalid UTF-8 (in files and in arguments), directories,
//! unreadable, empty, endless and missing files, and numbers beyond the documented bounds.
//!
//! Every case must end within seconds with exit 2, nothing on stdout (no partial result), and
//! one short `error:` line on stderr: never a panic, a hang or an abort.

use std::ffi::OsStr;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run printed and how it ended.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `bbengine` with `args`, killing it (and failing) if it runs longer than 30 s.
fn bbengine<S: AsRef<OsStr>>(args: &[S]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bbengine"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bbengine starts");
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out_reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        out.read_to_end(&mut text).ok();
        text
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        err.read_to_end(&mut text).ok();
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("bbengine can be waited for") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().ok();
            child.wait().ok();
            panic!("bbengine {:?} hangs", args.iter().map(|a| a.as_ref().to_owned()).collect::<Vec<_>>());
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    Run { code: status.code(), stdout, stderr }
}

/// Asserts the run was refused cleanly: exit 2, no stdout, one `error:` line of at most 400
/// characters on stderr that starts with `start`. Returns the line.
fn refused(run: &Run, start: &str, what: &str) -> String {
    assert_eq!(run.code, Some(2), "{what}: exit code; stderr: {}", clip(&run.stderr));
    assert_eq!(run.stdout, "", "{what}: nothing on stdout");
    let line =
        run.stderr.strip_suffix('\n').unwrap_or_else(|| panic!("{what}: stderr ends a line: {}", clip(&run.stderr)));
    assert!(!line.contains('\n'), "{what}: one line: {}", clip(&run.stderr));
    assert!(line.chars().count() <= 400, "{what}: a short line, got {} characters", line.chars().count());
    assert!(line.starts_with(start), "{what}: expected {start:?}..., got {}", clip(line));
    assert!(!line.contains("panicked"), "{what}: {line}");
    line.to_string()
}

fn clip(text: &str) -> String {
    text.chars().take(300).collect()
}

/// A scratch directory of this test (tempfile's), removed when dropped.
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch(tempfile::Builder::new().prefix(&format!("bbengine-hostile-{name}-")).tempdir().unwrap())
    }

    fn path(&self) -> &Path {
        self.0.path()
    }

    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

fn suite(path: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["suite".as_ref(), path.as_os_str()];
    args.extend(extra.iter().map(OsStr::new));
    bbengine(&args)
}

/// A small deterministic generator (SplitMix64) for random bytes.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next() as u8).collect()
    }
}

const START_SUITE_LINE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n";

#[test]
fn perft_depth_above_the_bound_is_refused() {
    for depth in ["14", "99", "4294967295", "4294967296", "99999999999999999999999999"] {
        let line =
            refused(&bbengine(&["perft", depth]), &format!("error: depth {depth} is above the maximum 13"), depth);
        assert!(line.ends_with("(from the start position, perft 14 no longer fits in 64 bits)"), "{line}");
    }
    for depth in ["-1", "1e3", "", " 3", "0x10", "٣"] {
        refused(&bbengine(&["perft", depth]), "error: depth must be a whole number, found ", depth);
    }
}

#[test]
fn perft_at_the_bound_runs() {
    // Depth 13 itself is accepted: bare kings with a hash table finish at once.
    let run = bbengine(&["perft", "13", "--fen", "7k/8/8/8/8/8/8/K7 w - - 0 1", "--hash", "16"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("nodes "), "{}", run.stdout);
}

#[test]
fn suite_depth_above_the_bound_is_refused() {
    let scratch = Scratch::new("suite-depth");
    let good = scratch.file("good.epd", START_SUITE_LINE.as_bytes());
    refused(&suite(&good, &["--depth", "14"]), "error: depth 14 is above the maximum 13", "--depth 14");
    refused(&suite(&good, &["--depth", "18446744073709551616"]), "error: depth 18446744073709551616 is above", "huge");
    // A file asking for depth 99 is refused before anything runs, unless --depth stops earlier.
    let deep =
        scratch.file("deep.epd", format!("{}8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D99 1\n", START_SUITE_LINE).as_bytes());
    let line = refused(&suite(&deep, &[]), "error: ", "D99");
    assert!(line.ends_with("line 2: a depth above the maximum 13 (use --depth to stop earlier)"), "{line}");
    let run = suite(&deep, &["--depth", "2"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("positions 2 passed 2 failed 0 nodes 423 "), "{}", run.stdout);
    // A --depth below every count leaves nothing to check: not a pass.
    let line = refused(&suite(&good, &["--depth", "0"]), "error: ", "--depth 0");
    assert!(line.ends_with("no counts at depth 0 or less"), "{line}");
}

#[test]
fn threads_and_hash_beyond_their_bounds_are_refused() {
    refused(&bbengine(&["perft", "2", "--threads", "1025"]), "error: --threads 1025 is above the maximum 1024", "1025");
    refused(
        &bbengine(&["perft", "2", "--threads", "99999999999999999999999"]),
        "error: --threads needs a whole number of at least 1, found ",
        "huge threads",
    );
    refused(
        &bbengine(&["perft", "2", "--hash", "1048577"]),
        "error: --hash needs a size in MiB (0 to 1048576), found \"1048577\"",
        "hash above the cap",
    );
    // 1 TiB: no test machine has it; refused before any allocation where the system says.
    if Path::new("/proc/meminfo").exists() {
        refused(
            &bbengine(&["perft", "2", "--hash", "1048576"]),
            "error: --hash 1048576 MiB is more than this machine's memory",
            "1 TiB",
        );
    }
    let scratch = Scratch::new("threads");
    let good = scratch.file("good.epd", START_SUITE_LINE.as_bytes());
    refused(&suite(&good, &["--threads", "4096"]), "error: --threads 4096 is above the maximum 1024", "suite threads");
    // The bound itself works: more threads than pieces of work, the same count.
    let run = bbengine(&["perft", "3", "--threads", "1024"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("nodes 8902 "), "{}", run.stdout);
}

#[test]
fn hostile_fen_arguments_are_refused() {
    let mut rng = SplitMix(12);
    let mut fens: Vec<String> = vec![
        String::new(),
        " ".into(),
        "\u{7f}\u{1}\u{2}".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0".into(),
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - - 0 1".into(),
        "k7/8/8/8/8/8/8/K6r b - - 0 1".into(),
        "ｒｎｂｑ/8/8/8/8/8/8/8 w - - 0 1".into(),
        // One line of 100 KB (an argument can hold 128 KiB on Linux).
        format!("{} w - - 0 1", "p".repeat(100_000)),
        format!("8/8/8/8/8/8/8/K6k w {} - 0 1", "K".repeat(100_000)),
    ];
    for _ in 0..40 {
        let len = (rng.next() % 120) as usize;
        // Random bytes made valid UTF-8 (arguments cannot hold NUL; lossy keeps the rest).
        let bytes: Vec<u8> = rng.bytes(len).into_iter().map(|b| b.max(1)).collect();
        fens.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    for fen in &fens {
        refused(&bbengine(&["perft", "1", "--fen", fen]), "error: ", &clip(fen));
    }
}

#[test]
#[cfg(unix)]
fn arguments_that_are_not_utf8_are_refused() {
    use std::os::unix::ffi::OsStrExt as _;
    let bad = OsStr::from_bytes(b"r\xffbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    refused(&bbengine(&[OsStr::new("perft"), OsStr::new("1"), OsStr::new("--fen"), bad]), "error: argument ", "fen");
    refused(
        &bbengine(&[OsStr::new("perft"), OsStr::from_bytes(b"\xc3")]),
        "error: argument \"\\xC3\" is not valid UTF-8",
        "depth",
    );
    refused(&bbengine(&[OsStr::new("suite"), OsStr::from_bytes(b"/tmp/\xfe.epd")]), "error: argument ", "file name");
}

#[test]
fn hostile_suite_files_are_refused() {
    let scratch = Scratch::new("files");
    let mut rng = SplitMix(7);
    let mut megabyte_line = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 ".to_vec();
    megabyte_line.extend(std::iter::repeat_n(b'9', 4 << 20));
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "no positions"),
        ("comments", b"# nothing\n\n   \n# more\n".to_vec(), "no positions"),
        ("nul", b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\0 ;D1 20\n".to_vec(), "line 1: "),
        ("nuls", vec![0; 10_000], "line 1: "),
        (
            "utf8",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n\xff\xfe ;D1 3\n".to_vec(),
            "line 2: not valid UTF-8",
        ),
        ("no counts", b"8/8/8/8/8/8/8/K6k w - - 0 1\n".to_vec(), "line 1: no ';D<depth> <nodes>' counts"),
        ("bad count", b"8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 -3\n".to_vec(), "line 1: expected ';D<depth> <nodes>'"),
        ("count overflow", b"8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 18446744073709551616\n".to_vec(), "line 1: "),
        ("megabyte line", megabyte_line, "line 1: expected ';D<depth> <nodes>', found \"D1 99999"),
        (
            "megabyte fen",
            [b"8/8/8/8/8/8/8/K6k w ".as_slice(), &vec![b'K'; 2 << 20], b" - 0 1 ;D1 3\n"].concat(),
            "line 1: FEN",
        ),
        ("long lines", b"\n".repeat(3 << 20), "no positions"),
    ];
    for (name, bytes, reason) in &cases {
        let path = scratch.file(&format!("{name}.epd"), bytes);
        let line = refused(&suite(&path, &[]), "error: ", name);
        assert!(line.contains(reason), "{name}: expected {reason:?} in {line}");
    }
    // Random bytes, and random lines around a good one: refused or passed, never anything else.
    for i in 0..30 {
        let len = (rng.next() % 300) as usize;
        let mut bytes = rng.bytes(len);
        if i % 2 == 1 {
            bytes = [START_SUITE_LINE.as_bytes(), &bytes, b"\n"].concat();
        }
        let path = scratch.file(&format!("random{i}.epd"), &bytes);
        let run = suite(&path, &[]);
        if run.code == Some(0) {
            assert!(run.stdout.starts_with("positions "), "random{i}: {}", run.stdout);
        } else {
            refused(&run, "error: ", &format!("random{i}"));
        }
    }
}

#[test]
fn files_that_cannot_be_read_are_refused() {
    let scratch = Scratch::new("unreadable");
    // A directory, a missing file, and a file inside a regular file.
    refused(&suite(scratch.path(), &[]), "error: cannot read ", "directory");
    refused(&suite(&scratch.path().join("missing.epd"), &[]), "error: cannot read ", "missing");
    let plain = scratch.file("plain.epd", START_SUITE_LINE.as_bytes());
    refused(&suite(&plain.join("inside.epd"), &[]), "error: cannot read ", "not a directory");
    // A file without read permission (where permissions apply: not for root).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let locked = scratch.file("locked.epd", START_SUITE_LINE.as_bytes());
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
        if std::fs::File::open(&locked).is_err() {
            refused(&suite(&locked, &[]), "error: cannot read ", "locked");
        }
    }
    // Files the system opens but will not read, or never ends (Linux).
    if Path::new("/proc/self/mem").exists() {
        refused(&suite(Path::new("/proc/self/mem"), &[]), "error: cannot read ", "/proc/self/mem");
    }
    if Path::new("/dev/zero").exists() {
        let line = refused(&suite(Path::new("/dev/zero"), &[]), "error: ", "/dev/zero");
        assert!(line.ends_with("larger than 64 MiB"), "{line}");
    }
}
