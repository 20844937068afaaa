//! The `bbengine` command line: the UCI engine (no arguments, or `uci`), `perft`, `suite`,
//! `bench` (the search benchmark) and `bench-sliders`; the `tune` build adds `spsa`. Bad input prints one line on stderr and
//! exits 2; a failed suite exits 1.

use std::fmt::Display;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};

use bbengine::{
    Backend, MAX_PERFT_DEPTH, PerftCase, PerftOptions, Position, Sliders, WithSliders, divide_with, parse_suite,
    perft_with,
};

use crate::progress::Progress;
use crate::slider_bench::{ROUNDS, measure_backend};
use crate::usage::{clip_line, refuse};

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

/// bb's chess engine and move generator: with no command, the UCI engine on stdin/stdout.
#[derive(Parser)]
#[command(
    name = "bbengine",
    version,
    about = "bb's UCI chess engine and legal move generator: perft, EPD suites, benchmarks",
    long_about = "bb's UCI chess engine and legal move generator.\n\nWith no command, bbengine is \
                  a UCI engine on stdin/stdout (point a chess GUI or python-chess at it). Bad \
                  input prints one `error:` line and exits 2; a perft suite with a mismatch exits 1.",
    after_help = "Backends: auto (the default), reference, kogge-stone, and the table backends this \
                  build has (`bbengine backends` lists what this CPU runs)."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// The UCI engine on stdin/stdout (the same as no command)
    Uci,
    /// Count the leaves of the legal move tree DEPTH plies deep (perft)
    Perft(PerftArgs),
    /// Check every perft count of an EPD suite; exit 1 on any mismatch
    Suite(SuiteArgs),
    /// List the slider backends this CPU runs, one per line
    Backends,
    /// The search benchmark: fixed positions and depth, one thread; the last line
    /// `<N> nodes <R> nps` has the same N on every run and machine
    Bench {
        /// Search depth, 1 to 30 (default: the benchmark's own depth)
        #[arg(value_parser = parse_bench_depth, allow_hyphen_values = true)]
        depth: Option<u32>,
    },
    /// Per slider backend: ns per lookup and perft speed (about 5 s)
    BenchSliders(BenchSlidersArgs),
    /// The search parameters as OpenBench's SPSA input, one `name, int, value, min, max,
    /// c_end, r_end` line each (tools/spsa.py reads the same lines)
    #[cfg(feature = "tune")]
    Spsa,
}

#[derive(Args)]
struct PerftArgs {
    /// Plies to count, 0 to 13
    #[arg(value_parser = parse_depth, allow_hyphen_values = true)]
    depth: u32,
    /// The position (standard, X-FEN or Shredder-FEN); the start position if not given
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// Print one line per root move (`e2e4: 13160`), sorted
    #[arg(long)]
    divide: bool,
    #[command(flatten)]
    run: RunArgs,
    /// Perft hash table size in MiB (0 for none), at most this machine's memory
    #[arg(long, value_name = "MIB", value_parser = parse_hash, allow_hyphen_values = true)]
    hash: Option<usize>,
}

#[derive(Args)]
struct SuiteArgs {
    /// An EPD perft suite (`<FEN> ;D1 20 ;D2 400 ...` a line), at most 64 MiB
    file: String,
    /// Check counts up to this depth only (0 to 13; default every count in the file)
    #[arg(long, value_name = "MAX", value_parser = parse_depth, allow_hyphen_values = true)]
    depth: Option<u32>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Args)]
struct BenchSlidersArgs {
    /// Run perft this many plies below the six positions' README depths, 1 to 4
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_plies_below, allow_hyphen_values = true)]
    plies_below: u32,
}

/// How a perft runs: the slider backend and the threads.
#[derive(Args)]
struct RunArgs {
    /// Slider backend: auto or a name from `bbengine backends`
    #[arg(long, value_name = "NAME", value_parser = parse_backend, allow_hyphen_values = true)]
    backend: Option<Backend>,
    /// Threads, 1 to 1024
    #[arg(long, value_name = "N", value_parser = parse_threads, allow_hyphen_values = true)]
    threads: Option<usize>,
}

impl RunArgs {
    fn backend(&self) -> Backend {
        self.backend.unwrap_or_else(Backend::auto)
    }

    fn perft_options(&self, hash_mb: Option<usize>) -> PerftOptions {
        let mut options = PerftOptions::default();
        if let Some(threads) = self.threads {
            options.threads = threads;
        }
        if let Some(mb) = hash_mb {
            options.hash_mb = mb;
        }
        options
    }
}

/// Runs the command line (`args` without the program name); returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    let program = std::iter::once("bbengine".to_string());
    let cli = match Cli::try_parse_from(program.chain(args.iter().cloned())) {
        Ok(cli) => cli,
        Err(e) => return refuse(&e, "bbengine"),
    };
    let result = match cli.command {
        None | Some(Command::Uci) => {
            bbengine::uci::run_stdio();
            return 0;
        }
        Some(Command::Perft(perft)) => run_perft(perft),
        Some(Command::Suite(suite)) => run_suite(suite),
        Some(Command::Bench { depth }) => run_search_bench(depth.unwrap_or(bbengine::search::BENCH_DEPTH)),
        Some(Command::BenchSliders(args)) => {
            run_bench(args.plies_below);
            Ok(0)
        }
        Some(Command::Backends) => {
            for backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
                out!("{backend}");
            }
            Ok(0)
        }
        #[cfg(feature = "tune")]
        Some(Command::Spsa) => {
            for param in bbengine::search::params::PARAMS {
                out!("{}", param.openbench_line());
            }
            Ok(0)
        }
    };
    match result {
        Ok(code) => code,
        Err(UsageError(message)) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// A command's mistake found after parsing: the message to print before exiting 2.
#[derive(Debug)]
struct UsageError(String);

fn usage_error(message: impl Display) -> UsageError {
    UsageError(message.to_string())
}

fn parse_threads(value: &str) -> Result<usize, String> {
    match value.parse() {
        Ok(n) if n > MAX_THREADS => Err(format!("--threads {n} is above the maximum {MAX_THREADS}")),
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("--threads needs a whole number of at least 1, found {:?}", clip(value))),
    }
}

fn parse_hash(value: &str) -> Result<usize, String> {
    let mb: usize = value
        .parse()
        .ok()
        .filter(|&mb| mb <= 1 << 20)
        .ok_or_else(|| format!("--hash needs a size in MiB (0 to 1048576), found {:?}", clip(value)))?;
    match memory_mib() {
        Some(total) if mb > total => Err(format!("--hash {mb} MiB is more than this machine's memory ({total} MiB)")),
        _ => Ok(mb),
    }
}

fn parse_backend(value: &str) -> Result<Backend, String> {
    let backend: Backend = value.parse().map_err(|e| clip_line(&format!("{e}")))?;
    if !backend.is_supported() {
        return Err(format!("backend {backend} is not supported on this CPU"));
    }
    Ok(backend)
}

fn parse_plies_below(value: &str) -> Result<u32, String> {
    whole_number_in(value, 1..=4, "--plies-below needs")
}

fn parse_bench_depth(value: &str) -> Result<u32, String> {
    whole_number_in(value, 1..=30, "bench depth must be")
}

/// A whole number within `range`, or the error "`what` a whole number from A to B, found ...".
fn whole_number_in(value: &str, range: std::ops::RangeInclusive<u32>, what: &str) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!("{what} a whole number from {} to {}, found {:?}", range.start(), range.end(), clip(value))),
    }
}

/// The most threads `--threads` takes; more would only cost memory for their stacks.
const MAX_THREADS: usize = 1024;

/// The largest suite file read (the public suites are a few kilobytes).
const MAX_FILE_BYTES: u64 = 64 << 20;

fn parse_depth(text: &str) -> Result<u32, String> {
    let is_number = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    match text.parse() {
        Ok(depth) if depth <= MAX_PERFT_DEPTH => Ok(depth),
        _ if is_number => Err(format!(
            "depth {} is above the maximum {MAX_PERFT_DEPTH} (from the start position, perft 14 no longer fits in 64 bits)",
            clip(text)
        )),
        _ => Err(format!("depth must be a whole number, found {:?}", clip(text))),
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

fn run_perft(args: PerftArgs) -> Result<i32, UsageError> {
    let fen = args.fen.as_deref().unwrap_or(bbengine::STARTPOS);
    let position: Position = fen.parse().map_err(|e| usage_error(clip_line(&format!("{:?}: {e}", clip(fen)))))?;
    let backend = args.run.backend();
    let start = Instant::now();
    let options = args.run.perft_options(args.hash);
    let job = PerftJob { position, depth: args.depth, divide: args.divide, options };
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
fn run_search_bench(depth: u32) -> Result<i32, UsageError> {
    let report = bbengine::search::bench(depth);
    let ms = report.elapsed.as_millis().max(1) as u64;
    out!("positions {} depth {depth} time_ms {ms}", bbengine::search::BENCH_POSITIONS.len());
    out!("{} nodes {} nps", report.nodes, report.nodes * 1000 / ms);
    Ok(0)
}

fn run_bench(plies_below: u32) {
    let v4_note = if bbengine::cpu::has_v4() { "; x86-64-v4 for backends with AVX-512 lookups" } else { "" };
    out!("code path: {} (chosen at run time{v4_note})", bbengine::cpu::level_name());
    out!("{:<18} {:>9} {:>10} {:>11}", "backend", "rook ns", "bishop ns", "perft Mnps");
    let mut nodes = None;
    for &backend in Backend::ALL {
        let Some(row) = measure_backend(backend, plies_below) else {
            out!("{backend:<18} (not supported on this CPU)");
            continue;
        };
        out!("{:<18} {:>9.2} {:>10.2} {:>11.1}", backend.name(), row.rook_ns, row.bishop_ns, row.perft_mnps);
        if *nodes.get_or_insert(row.perft_nodes) != row.perft_nodes {
            out!("error: {backend} counted {} nodes, others {}", row.perft_nodes, nodes.unwrap_or(0));
        }
    }
    out!("auto: {} ({})", Backend::auto(), Backend::auto_reason());
    let plies = if plies_below == 1 { "one ply".to_string() } else { format!("{plies_below} plies") };
    out!("(lookups: 4096 seeded square/occupancy pairs, independent; perft: the six standard positions {plies}");
    out!(" below the README depths, {} nodes; each figure the median of {ROUNDS} rounds)", nodes.unwrap_or(0));
}

fn run_suite(args: SuiteArgs) -> Result<i32, UsageError> {
    let path = &args.file;
    let text = read_text(path)?;
    let cases = parse_suite(&text).map_err(|e| usage_error(clip_line(&format!("{}: {e}", clip(path)))))?;
    let max_depth = args.depth.unwrap_or(MAX_PERFT_DEPTH);
    if cases.is_empty() {
        return Err(usage_error(format!("{}: no positions", clip(path))));
    }
    if args.depth.is_none()
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
    let backend = args.run.backend();
    let start = Instant::now();
    let job = SuiteJob { cases: &cases, max_depth, options: args.run.perft_options(None) };
    let report = backend.run(job).map_err(usage_error)?;
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
        let progress = Progress::new(self.cases.len() as u64, "positions");
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
            progress.set(i as u64 + 1, || format!("failed {}", report.failed));
        }
        progress.finish();
        report
    }
}
