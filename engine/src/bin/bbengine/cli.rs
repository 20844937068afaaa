//! The `bbengine` command line: the UCI engine (no arguments, or `uci`), `perft`, `suite`,
//! `bench` (the search benchmark) and `bench-sliders`. Bad input prints one line on stderr and
//! exits 2; a failed suite exits 1.

use std::fmt::Display;
use std::time::{Duration, Instant};

use bbengine::{
    Backend, MAX_PERFT_DEPTH, PerftCase, PerftOptions, Position, Sliders, WithSliders, divide_with, parse_suite,
    perft_with,
};

use crate::slider_bench::measure_backend;

/// `println!` for the report on stdout. When the reader has gone (`bbengine perft 5 --divide |
/// head`), the process ends quietly with status 0 instead of panicking; any other write error
/// is reported on stderr with status 1.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("error: writing the report: {e}");
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}

/// What `bbengine` prints for `--help`.
pub const USAGE: &str = "\
usage:
  bbengine                   (no arguments, or `bbengine uci`: the UCI engine on stdin/stdout)
  bbengine perft <DEPTH> [--fen <FEN>] [--divide] [--backend <NAME>] [--threads <N>] [--hash <MB>]
  bbengine suite <FILE> [--depth <MAX>] [--backend <NAME>] [--threads <N>]
  bbengine backends          (lists the backends this CPU runs, one per line)
  bbengine bench [DEPTH]     (search benchmark: fixed positions and depth, one thread; last line
                             `<N> nodes <R> nps`, N the same on every run)
  bbengine bench-sliders     (per backend: ns per lookup and perft speed; under 30 s)

backends: auto (default), reference, kogge-stone, and the table backends this build has
limits: depth 0 to 13 (from the start position, perft 14 no longer fits in 64 bits), threads 1 to
  1024, hash 0 MiB to this machine's memory, suite files up to 64 MiB";

/// A command-line mistake: the message to print before exiting 2.
#[derive(Debug)]
struct UsageError(String);

fn usage_error(message: impl Display) -> UsageError {
    UsageError(message.to_string())
}

/// Runs the command line; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    let result = match args.first().map(String::as_str) {
        None => {
            bbengine::uci::run_stdio();
            return 0;
        }
        Some("uci") if args.len() == 1 => {
            bbengine::uci::run_stdio();
            return 0;
        }
        Some("-h" | "--help" | "help") => {
            out!("{USAGE}");
            return 0;
        }
        Some("perft") => run_perft(&args[1..]),
        Some("suite") => run_suite(&args[1..]),
        Some("bench") if args.len() <= 2 => run_search_bench(args.get(1)),
        Some("bench-sliders") if args.len() == 1 => {
            run_bench();
            return 0;
        }
        Some("backends") if args.len() == 1 => {
            for backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
                out!("{backend}");
            }
            return 0;
        }
        Some(other) => Err(usage_error(format!("unknown command {other:?}\n{USAGE}"))),
    };
    match result {
        Ok(code) => code,
        Err(UsageError(message)) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// Options common to the commands, parsed from `--flag value` pairs and positionals.
#[derive(Default)]
struct Options {
    positionals: Vec<String>,
    fen: Option<String>,
    depth: Option<u32>,
    backend: Option<Backend>,
    divide: bool,
    perft: PerftOptions,
}

fn parse_options(args: &[String], allowed: &[&str]) -> Result<Options, UsageError> {
    let mut opts = Options::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if !arg.starts_with("--") {
            opts.positionals.push(arg.clone());
            continue;
        }
        if !allowed.contains(&arg.as_str()) {
            return Err(usage_error(format!("unknown option {arg:?}\n{USAGE}")));
        }
        if arg == "--divide" {
            opts.divide = true;
            continue;
        }
        let value = iter.next().ok_or_else(|| usage_error(format!("{arg} needs a value")))?;
        match arg.as_str() {
            "--fen" => opts.fen = Some(value.clone()),
            "--depth" => opts.depth = Some(parse_depth(value)?),
            "--threads" => match value.parse() {
                Ok(n) if n > MAX_THREADS => {
                    return Err(usage_error(format!("--threads {n} is above the maximum {MAX_THREADS}")));
                }
                Ok(n) if n >= 1 => opts.perft.threads = n,
                _ => {
                    let value = clip(value);
                    return Err(usage_error(format!("--threads needs a whole number of at least 1, found {value:?}")));
                }
            },
            "--hash" => {
                opts.perft.hash_mb = value.parse().ok().filter(|&mb| mb <= 1 << 20).ok_or_else(|| {
                    let value = clip(value);
                    usage_error(format!("--hash needs a size in MiB (0 to 1048576), found {value:?}"))
                })?;
                if let Some(total) = memory_mib().filter(|&total| opts.perft.hash_mb > total) {
                    let mb = opts.perft.hash_mb;
                    return Err(usage_error(format!(
                        "--hash {mb} MiB is more than this machine's memory ({total} MiB)"
                    )));
                }
            }
            "--backend" => {
                let backend: Backend = value.parse().map_err(usage_error)?;
                if !backend.is_supported() {
                    return Err(usage_error(format!("backend {backend} is not supported on this CPU")));
                }
                opts.backend = Some(backend);
            }
            _ => unreachable!("every allowed option is handled"),
        }
    }
    Ok(opts)
}

/// The most threads `--threads` takes; more would only cost memory for their stacks.
const MAX_THREADS: usize = 1024;

/// The largest suite file read (the public suites are a few kilobytes).
const MAX_FILE_BYTES: u64 = 64 << 20;

fn parse_depth(text: &str) -> Result<u32, UsageError> {
    let is_number = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    match text.parse() {
        Ok(depth) if depth <= MAX_PERFT_DEPTH => Ok(depth),
        _ if is_number => Err(usage_error(format!(
            "depth {} is above the maximum {MAX_PERFT_DEPTH} (from the start position, perft 14 no longer fits in 64 bits)",
            clip(text)
        ))),
        _ => Err(usage_error(format!("depth must be a whole number, found {:?}", clip(text)))),
    }
}

/// `text` cut to 100 characters, so an error line quoting a megabyte of input stays one
/// readable line.
fn clip(text: &str) -> String {
    const LIMIT: usize = 100;
    match text.char_indices().nth(LIMIT) {
        Some((end, _)) => format!("{}... ({} bytes)", &text[..end], text.len()),
        None => text.to_string(),
    }
}

/// This machine's memory in MiB, where the system says (Linux: `/proc/meminfo`).
fn memory_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// A suite file as text: at most [`MAX_FILE_BYTES`], valid UTF-8 (else the line that is not).
fn read_text(path: &str) -> Result<String, UsageError> {
    use std::io::Read as _;
    let cannot = |e: std::io::Error| usage_error(format!("cannot read {:?}: {e}", clip(path)));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(usage_error(format!("{}: larger than {} MiB", clip(path), MAX_FILE_BYTES >> 20)));
    }
    String::from_utf8(bytes).map_err(|e| {
        let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()].iter().filter(|&&b| b == b'\n').count();
        usage_error(format!("{}: line {line}: not valid UTF-8", clip(path)))
    })
}

fn mnps(nodes: u64, elapsed: Duration) -> f64 {
    nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
}

fn run_perft(args: &[String]) -> Result<i32, UsageError> {
    let opts = parse_options(args, &["--fen", "--divide", "--backend", "--threads", "--hash"])?;
    let [depth] = opts.positionals.as_slice() else {
        return Err(usage_error(format!("perft takes one depth\n{USAGE}")));
    };
    let depth = parse_depth(depth)?;
    let fen = opts.fen.as_deref().unwrap_or(bbengine::STARTPOS);
    let position: Position = fen.parse().map_err(|e| usage_error(clip_line(&format!("{:?}: {e}", clip(fen)))))?;
    let backend = opts.backend.unwrap_or_else(Backend::auto);
    let start = Instant::now();
    let job = PerftJob { position, depth, divide: opts.divide, options: opts.perft };
    let nodes = backend.run(job).map_err(usage_error)?.ok_or_else(overflow)?;
    let elapsed = start.elapsed();
    out!("nodes {nodes} time_ms {} mnps {:.1} backend {backend}", elapsed.as_millis(), mnps(nodes, elapsed));
    Ok(0)
}

/// Perft (or divide, printing each root move) as a job for any backend.
struct PerftJob {
    position: Position,
    depth: u32,
    divide: bool,
    options: PerftOptions,
}

/// The error for a count that saturated: more than `u64::MAX - 1` leaves.
fn overflow() -> UsageError {
    usage_error(format!("the count exceeds {} (64 bits); try a smaller depth", u64::MAX - 1))
}

/// A message cut to 300 characters (library errors quote the input they refuse).
fn clip_line(message: &str) -> String {
    match message.char_indices().nth(300) {
        Some((end, _)) => format!("{}...", &message[..end]),
        None => message.to_string(),
    }
}

impl WithSliders for PerftJob {
    /// The count, or `None` when it saturated (nothing is printed then).
    type Output = Option<u64>;

    fn call<S: Sliders>(self, sliders: S) -> Option<u64> {
        if !self.divide {
            return Some(perft_with(&self.position, self.depth, sliders, self.options)).filter(|&n| n != u64::MAX);
        }
        let chess960 = self.position.is_chess960();
        let mut lines: Vec<(String, u64)> = divide_with(&self.position, self.depth, sliders, self.options)
            .into_iter()
            .map(|(mv, n)| (mv.to_uci(chess960).to_string(), n))
            .collect();
        let total = if self.depth == 0 { 1 } else { lines.iter().fold(0, |sum: u64, (_, n)| sum.saturating_add(*n)) };
        if total == u64::MAX {
            return None;
        }
        lines.sort();
        for (text, n) in &lines {
            out!("{text}: {n}");
        }
        Some(total)
    }
}

/// `bbengine bench [depth]`: the search benchmark, one line per run and the signature last.
fn run_search_bench(depth: Option<&String>) -> Result<i32, UsageError> {
    let depth = match depth {
        Some(text) => match text.parse::<u32>() {
            Ok(d) if (1..=30).contains(&d) => d,
            _ => return Err(usage_error(format!("bench depth must be a whole number from 1 to 30, found {text:?}"))),
        },
        None => bbengine::search::BENCH_DEPTH,
    };
    let report = bbengine::search::bench(depth);
    let ms = report.elapsed.as_millis().max(1) as u64;
    out!("positions {} depth {depth} time_ms {ms}", bbengine::search::BENCH_POSITIONS.len());
    out!("{} nodes {} nps", report.nodes, report.nodes * 1000 / ms);
    Ok(0)
}

fn run_bench() {
    let v4_note = if bbengine::cpu::has_v4() { "; x86-64-v4 for backends with AVX-512 lookups" } else { "" };
    out!("code path: {} (chosen at run time{v4_note})", bbengine::cpu::level_name());
    out!("{:<18} {:>9} {:>10} {:>11}", "backend", "rook ns", "bishop ns", "perft Mnps");
    let mut nodes = None;
    for &backend in Backend::ALL {
        let Some(row) = measure_backend(backend) else {
            out!("{backend:<18} (not supported on this CPU)");
            continue;
        };
        out!("{:<18} {:>9.2} {:>10.2} {:>11.1}", backend.name(), row.rook_ns, row.bishop_ns, row.perft_mnps);
        if *nodes.get_or_insert(row.perft_nodes) != row.perft_nodes {
            out!("error: {backend} counted {} nodes, others {}", row.perft_nodes, nodes.unwrap_or(0));
        }
    }
    out!("auto: {} ({})", Backend::auto(), Backend::auto_reason());
    out!("(lookups: 4096 seeded square/occupancy pairs, independent; perft: the six standard positions one ply");
    out!(" below the README depths, {} nodes; each figure the median of 5 rounds)", nodes.unwrap_or(0));
}

fn run_suite(args: &[String]) -> Result<i32, UsageError> {
    let opts = parse_options(args, &["--depth", "--backend", "--threads"])?;
    let [path] = opts.positionals.as_slice() else {
        return Err(usage_error(format!("suite takes one file\n{USAGE}")));
    };
    let text = read_text(path)?;
    let cases = parse_suite(&text).map_err(|e| usage_error(clip_line(&format!("{}: {e}", clip(path)))))?;
    let max_depth = opts.depth.unwrap_or(MAX_PERFT_DEPTH);
    if cases.is_empty() {
        return Err(usage_error(format!("{}: no positions", clip(path))));
    }
    if opts.depth.is_none()
        && let Some(case) = cases.iter().find(|c| c.expected.iter().any(|&(d, _)| d > MAX_PERFT_DEPTH))
    {
        return Err(usage_error(format!(
            "{}: line {}: a depth above the maximum {MAX_PERFT_DEPTH} (use --depth to stop earlier)",
            clip(path),
            case.line
        )));
    }
    if !cases.iter().any(|c| c.expected.iter().any(|&(d, _)| d <= max_depth)) {
        return Err(usage_error(format!("{}: no counts at depth {max_depth} or less", clip(path))));
    }
    let backend = opts.backend.unwrap_or_else(Backend::auto);
    let start = Instant::now();
    let report = backend.run(SuiteJob { cases: &cases, max_depth, options: opts.perft }).map_err(usage_error)?;
    let elapsed = start.elapsed();
    out!(
        "positions {} passed {} failed {} nodes {} time_ms {} mnps {:.1}",
        cases.len(),
        cases.len() - report.failed,
        report.failed,
        report.nodes,
        elapsed.as_millis(),
        mnps(report.nodes, elapsed)
    );
    Ok(if report.failed == 0 { 0 } else { 1 })
}

/// Every case of a suite, checked up to a depth.
struct SuiteJob<'a> {
    cases: &'a [PerftCase],
    max_depth: u32,
    options: PerftOptions,
}

struct SuiteReport {
    failed: usize,
    nodes: u64,
}

impl WithSliders for SuiteJob<'_> {
    type Output = SuiteReport;

    fn call<S: Sliders>(self, sliders: S) -> SuiteReport {
        let mut report = SuiteReport { failed: 0, nodes: 0 };
        let start = Instant::now();
        let mut last_progress = start;
        for (i, case) in self.cases.iter().enumerate() {
            let mut ok = true;
            for &(depth, expected) in case.expected.iter().filter(|(d, _)| *d <= self.max_depth) {
                let got = perft_with(&case.position, depth, sliders, self.options);
                report.nodes = report.nodes.saturating_add(got);
                if got == u64::MAX {
                    ok = false;
                    out!("mismatch fen {} depth {depth} expected {expected} got more than {}", case.fen, u64::MAX - 1);
                } else if got != expected {
                    ok = false;
                    out!("mismatch fen {} depth {depth} expected {expected} got {got}", case.fen);
                }
            }
            report.failed += usize::from(!ok);
            if last_progress.elapsed() >= Duration::from_secs(5) {
                last_progress = Instant::now();
                eprintln!(
                    "progress {}/{} positions, failed {}, {:.0} s",
                    i + 1,
                    self.cases.len(),
                    report.failed,
                    start.elapsed().as_secs_f64()
                );
            }
        }
        report
    }
}
