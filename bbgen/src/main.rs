//! `bbgen`: writes, checks and measures the generated tables; searches dense magics.
//!
//! ```text
//! cargo run -p bbgen                      # rewrite engine/src/generated/*.rs
//! cargo run -p bbgen -- --check           # exit 1 naming each stale file
//! cargo run -p bbgen -- --stats           # one line per table: entries and bytes
//! cargo run --release -p bbgen -- search-dense --seconds N [--seed S]
//! cargo run --release -p bbgen -- cluster-bishops --from FILE [--seed S] [--sweeps N]
//! ```
//! `--root DIR` points at another workspace root; `bbgen --help` and `bbgen search-dense
//! --help` say more. Errors print one `error:` line and exit 2.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{ArgGroup, Args, CommandFactory as _, Parser, Subcommand};

use bbgen::dense::DenseRecord;
use bbgen::polyglot::PolyglotRandom;
use bbgen::render::{GeneratedFile, all_files, format_file};

/// bbgen, bb's table compiler: writes the generated tables, checks them, measures them.
#[derive(Parser)]
#[command(
    name = "bbgen",
    version,
    about = "bb's table compiler: writes, checks and measures engine/src/generated/*.rs; searches dense magics",
    long_about = "bb's table compiler: writes, checks and measures engine/src/generated/*.rs; searches \
                  dense magics.\n\nWith no command, bbgen (re)writes the generated files from \
                  bbgen/data/ and prints `wrote` or `unchanged` for each. Bad input prints one \
                  `error:` line and exits 2; `--check` exits 1 when a file is stale."
)]
struct Cli {
    /// The workspace root: reads bbgen/data/, writes engine/src/generated/ (default: the
    /// workspace this bbgen was built in)
    #[arg(long, global = true, value_name = "DIR", alias = "out")]
    root: Option<PathBuf>,
    /// Write nothing; name each stale or missing generated file and exit 1 if there is one
    #[arg(long, conflicts_with = "stats")]
    check: bool,
    /// One line per table: `table <name> entries <N> bytes <B>`
    #[arg(long)]
    stats: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Search for smaller dense magic tables; a better result replaces
    /// bbgen/data/dense_magics.txt and the generated files (use --release)
    SearchDense(SearchArgs),
    /// Re-place the dense table's bishop windows so their entries share fewer cache lines;
    /// a result on fewer lines replaces bbgen/data/dense_magics.txt (use --release)
    ClusterBishops(ClusterArgs),
}

/// The starting record is required: the pass improves a verified record.
#[derive(Args)]
struct ClusterArgs {
    /// The data file whose rooks stay and whose bishops move
    #[arg(long, value_name = "FILE")]
    from: PathBuf,
    /// The pass's seed, decimal or hex (0x1f)
    #[arg(long, value_name = "S", value_parser = seed, default_value = "1", allow_hyphen_values = true)]
    seed: u64,
    /// Stop after N sweeps over the 64 bishops (or sooner, at a sweep that moves nothing)
    #[arg(long, value_name = "N", value_parser = sweeps, default_value = "20", allow_hyphen_values = true)]
    sweeps: u64,
    /// No window may end past this many entries (default: the starting record's length)
    #[arg(long, value_name = "N", value_parser = max_entries, allow_hyphen_values = true)]
    max_entries: Option<u64>,
}

/// A limit is required: `--seconds`, `--rounds` or both.
#[derive(Args)]
#[group(skip)]
#[command(group = ArgGroup::new("limit").args(["seconds", "rounds"]).required(true).multiple(true))]
struct SearchArgs {
    /// Stop after about N seconds
    #[arg(long, value_name = "N", value_parser = seconds, allow_hyphen_values = true)]
    seconds: Option<u64>,
    /// Stop after R rounds (with --seconds too: whichever comes first)
    #[arg(long, value_name = "R", value_parser = rounds, allow_hyphen_values = true)]
    rounds: Option<u64>,
    /// The search's seed, decimal or hex (0x1f)
    #[arg(long, value_name = "S", value_parser = seed, default_value = "1", allow_hyphen_values = true)]
    seed: u64,
    /// Start from this data file's magics and offsets instead of from scratch (to go on
    /// where an earlier search stopped)
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,
}

/// A whole number, decimal or `0x` hex, for `flag`.
fn parse_number(flag: &str, value: &str) -> Result<u64, String> {
    let parsed = match value.strip_prefix("0x").or_else(|| value.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => value.parse(),
    };
    parsed.map_err(|_| format!("{flag} needs a whole number (decimal or 0x hex), found {value:?}"))
}

fn seconds(value: &str) -> Result<u64, String> {
    parse_number("--seconds", value)
}

fn rounds(value: &str) -> Result<u64, String> {
    parse_number("--rounds", value)
}

fn seed(value: &str) -> Result<u64, String> {
    parse_number("--seed", value)
}

fn sweeps(value: &str) -> Result<u64, String> {
    parse_number("--sweeps", value)
}

fn max_entries(value: &str) -> Result<u64, String> {
    parse_number("--max-entries", value)
}

/// What clap found: help and the version go to stdout (exit 0); a mistake becomes one
/// `error:` line on stderr (exit 2).
fn refuse(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        // A closed pipe (`bbgen --help | head -1`) is not an error.
        let _ = writeln!(std::io::stdout(), "{}", error.render().to_string().trim_end());
        return ExitCode::SUCCESS;
    }
    eprintln!("error: {}", one_line(error));
    ExitCode::from(2)
}

/// A clap error as one line, without the `error: ` prefix: clap's first line, its tip ("a
/// similar subcommand exists: 'search-dense'") and where to read more, or for a bad value just
/// our parser's message. The same as bbengine's (engine/src/bin/bbengine/usage.rs): the two
/// crates are published apart and share no code but bbcore, which has no dependencies.
fn one_line(error: &clap::Error) -> String {
    use std::error::Error as _;
    if error.kind() == clap::error::ErrorKind::ValueValidation
        && let Some(source) = error.source()
    {
        return source.to_string();
    }
    let text = error.render().to_string();
    let (mut line, mut help) = (String::new(), "bbgen --help".to_string());
    for l in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if l.starts_with("For more information") {
            break;
        }
        if let Some(usage) = l.strip_prefix("Usage: ") {
            // "Usage: bbgen search-dense [OPTIONS] <--seconds ..." -> "bbgen search-dense --help"
            let words: Vec<&str> = usage.split(' ').take_while(|w| !w.starts_with(['[', '<', '-'])).collect();
            help = format!("{} --help", words.join(" "));
            break;
        }
        // The first line, the names of missing arguments below it, then a tip.
        let part = l.strip_prefix("error: ").unwrap_or(l);
        match part.strip_prefix("tip: ") {
            Some(tip) => line.push_str(&format!(" ({tip})")),
            None => line.push_str(&format!("{}{part}", if line.is_empty() { "" } else { " " })),
        }
    }
    format!("{line}; see `{help}`")
}

fn generated_dir(root: &Path) -> PathBuf {
    root.join("engine").join("src").join("generated")
}

fn data_file(root: &Path) -> PathBuf {
    root.join("bbgen").join("data").join("dense_magics.txt")
}

fn read_record(root: &Path) -> Result<DenseRecord, String> {
    let path = data_file(root);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    DenseRecord::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn read_polyglot_random(root: &Path) -> Result<PolyglotRandom, String> {
    let path = root.join("bbgen").join("data").join("polyglot_random.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    PolyglotRandom::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn files(root: &Path) -> Result<Vec<(GeneratedFile, String)>, String> {
    let record = read_record(root)?;
    let random = read_polyglot_random(root)?;
    let files = all_files(&record, &random).map_err(|e| e.to_string())?;
    files
        .into_iter()
        .map(|f| {
            let text = format_file(&f).map_err(|e| e.to_string())?;
            Ok((f, text))
        })
        .collect()
}

fn write(root: &Path) -> Result<(), String> {
    let dir = generated_dir(root);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (file, text) in files(root)? {
        let path = dir.join(file.name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            std::fs::write(&path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("wrote {}", path.display());
        } else {
            println!("unchanged {}", path.display());
        }
    }
    Ok(())
}

/// `Ok(true)` when every file is fresh.
fn check(root: &Path) -> Result<bool, String> {
    let dir = generated_dir(root);
    let mut fresh = true;
    for (file, text) in files(root)? {
        let path = dir.join(file.name);
        match std::fs::read_to_string(&path) {
            Ok(current) if current == text => {}
            Ok(_) => {
                eprintln!("stale: {} (run `cargo run -p bbgen`)", path.display());
                fresh = false;
            }
            Err(e) => {
                eprintln!("stale: {} is missing or unreadable ({e}; run `cargo run -p bbgen`)", path.display());
                fresh = false;
            }
        }
    }
    Ok(fresh)
}

fn stats(root: &Path) -> Result<(), String> {
    let record = read_record(root)?;
    let e = |x: bbgen::Error| x.to_string();
    let fancy = bbgen::fancy::build_default().map_err(e)?;
    let dense = bbgen::dense::layout(&record).map_err(e)?;
    let pext = bbgen::pext::build().map_err(e)?;
    // Bytes: the attack arrays (8 bytes an entry) plus the 128 per-square records.
    let line = |name: &str, entries: usize, per_square: usize| {
        println!("table {name} entries {entries} bytes {}", entries * 8 + 128 * per_square);
    };
    line("fancy", fancy.rook.attacks.len() + fancy.bishop.attacks.len(), 24);
    line("dense", dense.attacks.len(), 24);
    line("pext", pext.rook.attacks.len() + pext.bishop.attacks.len(), 16);
    let pdep_entries = pext.rook_pdep.attacks.len() + pext.bishop_pdep.attacks.len();
    println!("table pext-pdep entries {pdep_entries} bytes {}", pdep_entries * 2 + 128 * 24);
    // The leaf tables: bbcore's `static`s (built by `const fn`), which the engine reads directly.
    let leaf = |name: &str, entries: usize, bytes: usize| println!("table {name} entries {entries} bytes {bytes}");
    leaf("knight", bbcore::KNIGHT_ATTACKS.len(), size_of_val(&bbcore::KNIGHT_ATTACKS));
    leaf("king", bbcore::KING_ATTACKS.len(), size_of_val(&bbcore::KING_ATTACKS));
    leaf("pawn", 2 * bbcore::PAWN_ATTACKS[0].len(), size_of_val(&bbcore::PAWN_ATTACKS));
    leaf("between", 64 * bbcore::BETWEEN.len(), size_of_val(&bbcore::BETWEEN));
    leaf("line", 64 * bbcore::LINE.len(), size_of_val(&bbcore::LINE));
    leaf("line-masks", bbcore::LINE_MASKS.len(), size_of_val(&bbcore::LINE_MASKS));
    leaf("first-rank", 64 * bbcore::FIRST_RANK_ATTACKS.len(), size_of_val(&bbcore::FIRST_RANK_ATTACKS));
    let random = read_polyglot_random(root)?;
    leaf("polyglot", random.0.len(), 8 * random.0.len());
    Ok(())
}

/// Reads and verifies a starting record.
fn read_start(file: &Path) -> Result<DenseRecord, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let record = DenseRecord::parse(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    bbgen::dense::layout(&record).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(record)
}

/// Fails on an unwritable data file now, not after a long run.
fn writable_data_file(root: &Path) -> Result<PathBuf, String> {
    let path = data_file(root);
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

fn cluster(root: &Path, args: &ClusterArgs) -> Result<(), String> {
    let start = read_start(&args.from)?;
    let max_entries = args.max_entries.map_or(start.entries, |n| usize::try_from(n).unwrap_or(usize::MAX));
    if max_entries < start.entries {
        return Err(format!("--max-entries {max_entries} is below the starting record's {} entries", start.entries));
    }
    let path = writable_data_file(root)?;
    let clock = Instant::now();
    let before = bbgen::bishop_lines::bishop_lines(&start);
    eprintln!("bishop lines: {before} at the start");
    let mut record = bbgen::bishop_lines::cluster_bishops(
        &start,
        args.seed,
        bbgen::bishop_lines::ClusterParams::DEFAULT,
        max_entries,
        args.sweeps,
        &mut |line| eprintln!("{line} ({:.0} s)", clock.elapsed().as_secs_f64()),
    );
    record.seconds = clock.elapsed().as_secs();
    let limit = args.max_entries.map(|n| format!(" --max-entries {n}")).unwrap_or_default();
    record.command = format!(
        "cargo run --release -p bbgen -- cluster-bishops --from {} --seed {:#x} --sweeps {}{limit}",
        args.from.display(),
        args.seed,
        args.sweeps
    );
    record.from = bbgen::dense::describe_start(&start);
    bbgen::dense::layout(&record).map_err(|e| format!("result failed verification: {e}"))?;
    let after = bbgen::bishop_lines::bishop_lines(&record);
    println!(
        "cluster-bishops: bishop lines {before} -> {after}, {} entries, {} sweeps in {:.0} s (seed {:#x})",
        record.entries,
        record.rounds,
        clock.elapsed().as_secs_f64(),
        args.seed
    );
    if after < before {
        std::fs::write(&path, record.render()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
        write(root)?;
    } else {
        println!("kept {} (no fewer bishop lines)", path.display());
    }
    Ok(())
}

fn search(root: &Path, seconds: u64, seed: u64, rounds: Option<u64>, from: Option<&Path>) -> Result<(), String> {
    let current = read_record(root).ok().map(|r| r.entries);
    // The starting record must verify before the search builds on it.
    let start = match from {
        Some(file) => Some((read_start(file)?, file)),
        None => None,
    };
    let path = writable_data_file(root)?;
    let clock = Instant::now();
    let params = bbgen::search::SearchParams::DEFAULT;
    let parent = start.as_ref().map(|(record, _)| record);
    let result = bbgen::search::search_dense(seed, params, seconds, rounds, parent, &mut |line| eprintln!("{line}"));
    let mut record = result.record;
    let limit = match rounds {
        Some(r) => format!("--rounds {r}"),
        None => format!("--seconds {seconds}"),
    };
    let from_flag = start.as_ref().map(|(_, path)| format!(" --from {}", path.display())).unwrap_or_default();
    record.command = format!("cargo run --release -p bbgen -- search-dense {limit} --seed {seed:#x}{from_flag}");
    record.from = start.as_ref().map(|(parent, _)| bbgen::dense::describe_start(parent)).unwrap_or_default();
    // The record must rebuild and verify before it replaces anything.
    bbgen::dense::layout(&record).map_err(|e| format!("search result failed verification: {e}"))?;
    println!(
        "search-dense: {} entries after {} rounds in {:.0} s (seed {seed:#x})",
        record.entries,
        result.rounds,
        clock.elapsed().as_secs_f64()
    );
    match current {
        Some(n) if n <= record.entries => {
            println!("kept {} ({} entries is not better)", path.display(), n);
        }
        _ => {
            std::fs::write(&path, record.render()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("wrote {}", path.display());
            write(root)?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    // From `args_os`: a path that is not UTF-8 is a path (`--root`), any other such argument
    // one of clap's errors, never a panic.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return refuse(&e),
    };
    // Not `args_conflicts_with_subcommands`: that refuses `--root` before the command too.
    if let (Some(_), Some(flag)) = (&cli.command, [(cli.check, "--check"), (cli.stats, "--stats")].iter().find(|f| f.0))
    {
        let name = match &cli.command {
            Some(Command::ClusterBishops(_)) => "cluster-bishops",
            _ => "search-dense",
        };
        let message = format!("the subcommand '{name}' cannot be used with '{}'", flag.1);
        return refuse(&Cli::command().error(clap::error::ErrorKind::ArgumentConflict, message));
    }
    let root = cli.root.unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    // Show clean paths; a root that does not exist is reported when it is used.
    let root = root.canonicalize().unwrap_or(root);
    let result = match cli.command {
        Some(Command::SearchDense(SearchArgs { seconds, rounds, seed, from })) => {
            search(&root, seconds.unwrap_or(u64::MAX), seed, rounds, from.as_deref()).map(|()| true)
        }
        Some(Command::ClusterBishops(args)) => cluster(&root, &args).map(|()| true),
        None if cli.check => check(&root),
        None if cli.stats => stats(&root).map(|()| true),
        None => write(&root).map(|()| true),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
