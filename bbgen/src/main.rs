//! `bbgen`: writes, checks and measures the generated tables; searches dense magics.
//!
//! ```text
//! cargo run -p bbgen                      # rewrite engine/src/generated/*.rs
//! cargo run -p bbgen -- --check           # exit 1 naming the first stale file
//! cargo run -p bbgen -- --stats           # one line per table: entries and bytes
//! cargo run --release -p bbgen -- search-dense --seconds N [--seed S]
//! ```
//! `--root DIR` points at another workspace root. Errors print one line and exit 2.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use bbgen::dense::DenseRecord;
use bbgen::polyglot::PolyglotRandom;
use bbgen::render::{GeneratedFile, all_files, format_file};

const USAGE: &str = "usage: bbgen [--root DIR] [--check | --stats]\n       \
                     bbgen [--root DIR] search-dense (--seconds N | --rounds R) [--seed S]";

/// What the command line asks for.
enum Command {
    Write,
    Check,
    Stats,
    Search { seconds: u64, seed: u64, rounds: Option<u64> },
    Help,
}

struct Args {
    root: PathBuf,
    command: Command,
}

fn parse_number(flag: &str, value: Option<String>) -> Result<u64, String> {
    let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
    let parsed = match value.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => value.parse(),
    };
    parsed.map_err(|_| format!("{flag}: not a number: {value:?}"))
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut command = None;
    let mut seconds = None;
    let mut seed = None;
    let mut rounds = None;
    let set = |c: Command, command: &mut Option<Command>| {
        if command.is_some() {
            return Err("give only one of --check, --stats, search-dense".to_string());
        }
        *command = Some(c);
        Ok(())
    };
    let mut search = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--root" | "--out" => root = PathBuf::from(args.next().ok_or("--root needs a directory")?),
            "--check" => set(Command::Check, &mut command)?,
            "--stats" => set(Command::Stats, &mut command)?,
            "search-dense" => {
                search = true;
                set(Command::Write, &mut command)?;
            }
            "--seconds" if search => seconds = Some(parse_number("--seconds", args.next())?),
            "--seed" if search => seed = Some(parse_number("--seed", args.next())?),
            "--rounds" if search => rounds = Some(parse_number("--rounds", args.next())?),
            "-h" | "--help" => return Ok(Args { root, command: Command::Help }),
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    if search {
        if seconds.is_none() && rounds.is_none() {
            return Err("search-dense needs --seconds N (or --rounds R)".into());
        }
        command = Some(Command::Search { seconds: seconds.unwrap_or(u64::MAX), seed: seed.unwrap_or(1), rounds });
    }
    // Show clean paths; a root that does not exist is reported when it is used.
    let root = root.canonicalize().unwrap_or(root);
    Ok(Args { root, command: command.unwrap_or(Command::Write) })
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

fn search(root: &Path, seconds: u64, seed: u64, rounds: Option<u64>) -> Result<(), String> {
    let current = read_record(root).ok().map(|r| r.entries);
    let path = data_file(root);
    // Fail on an unwritable data file now, not after the search.
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let start = Instant::now();
    let result =
        bbgen::search::search_dense(seed, bbgen::search::SearchParams::DEFAULT, seconds, rounds, &mut |line| {
            eprintln!("{line}")
        });
    let mut record = result.record;
    record.command = match rounds {
        Some(r) => format!("cargo run --release -p bbgen -- search-dense --rounds {r} --seed {seed:#x}"),
        None => format!("cargo run --release -p bbgen -- search-dense --seconds {seconds} --seed {seed:#x}"),
    };
    // The record must rebuild and verify before it replaces anything.
    bbgen::dense::layout(&record).map_err(|e| format!("search result failed verification: {e}"))?;
    println!(
        "search-dense: {} entries after {} rounds in {:.0} s (seed {seed:#x})",
        record.entries,
        result.rounds,
        start.elapsed().as_secs_f64()
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
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bbgen: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match args.command {
        Command::Help => {
            println!("{USAGE}");
            Ok(true)
        }
        Command::Write => write(&args.root).map(|()| true),
        Command::Check => check(&args.root),
        Command::Stats => stats(&args.root).map(|()| true),
        Command::Search { seconds, seed, rounds } => search(&args.root, seconds, seed, rounds).map(|()| true),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("bbgen: {e}");
            ExitCode::from(2)
        }
    }
}
