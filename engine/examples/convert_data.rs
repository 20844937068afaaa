//! Converts datagen's text lines, `<FEN>;<result>;<score>` (the game's result for White, 1,
//! 0.5 or 0, and the search score for White in centipawns), into the chunk folder datagen
//! writes in its bullet format: `chunk-00000.bin` of 32-byte records, each with a lineage
//! record naming the source file, its SHA-256 and the lines the chunk came from, and
//! `SHA256SUMS`. Lines keep their order. `--input -` reads stdin, so a compressed file needs no
//! unpacked copy:
//!
//! ```sh
//! xz -dc selfplay-s101.txt.xz | cargo run --release -p bbengine --example convert_data -- \
//!     --input - --source-name selfplay-s101.txt --out /work/data/selfplay-s101
//! ```
//!
//! A malformed line stops the conversion with its line number, or with `--skip-bad` is left
//! out, reported and counted (in the summary and in its chunk's lineage).

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::time::Instant;

use bbengine::Position;
use bulletformat::ChessBoard;
use clap::Parser;
use sha2::{Digest, Sha256};

#[path = "data/chunks.rs"]
mod chunks;
#[path = "data/lineage.rs"]
mod lineage;
#[path = "data/record.rs"]
mod record;
#[path = "../src/bin/bbengine/usage.rs"]
mod usage;

use chunks::ChunkDir;
use lineage::{Lineage, hex};
use usage::checked;

/// Malformed lines printed before the rest are only counted.
const SHOWN_BAD_LINES: usize = 10;

/// Converts `<FEN>;<result>;<score>` lines into chunks of 32-byte bullet records.
#[derive(Parser)]
#[command(
    name = "convert_data",
    after_help = "Example: xz -dc selfplay.txt.xz | convert_data --input - --source-name selfplay.txt --out selfplay"
)]
struct Args {
    /// The text file to read, or `-` for stdin
    #[arg(long, value_name = "FILE")]
    input: String,
    /// The folder to write the chunks into (new or empty of chunks)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Positions a chunk holds (the last may hold fewer)
    #[arg(long, value_name = "N", default_value_t = 100_000,
          value_parser = checked::<usize>("--chunk-positions", "a whole number of at least 1", |n| *n >= 1))]
    chunk_positions: usize,
    /// Leave malformed lines out (reported and counted) instead of stopping at the first
    #[arg(long)]
    skip_bad: bool,
    /// The source's name in the lineage records [default: the --input path, or "stdin"]
    #[arg(long, value_name = "NAME")]
    source_name: Option<String>,
    /// The commit of this converter for the lineage records [default: `git rev-parse HEAD`
    /// of the source folder, or "unknown"]
    #[arg(long, value_name = "COMMIT")]
    commit: Option<String>,
}

/// One line's position, score for White and result for White, or what is wrong with it.
fn parse_line(line: &str) -> Result<ChessBoard, String> {
    let fields: Vec<&str> = line.split(';').collect();
    let [fen, result, score] = fields[..] else {
        return Err(format!("expected `<FEN>;<result>;<score>`, found {} fields", fields.len()));
    };
    let position: Position = fen.parse().map_err(|e| format!("FEN {fen:?}: {e}"))?;
    let result = match result.trim() {
        "1" | "1.0" => 1.0,
        "0.5" => 0.5,
        "0" | "0.0" => 0.0,
        other => return Err(format!("result {other:?} is not 1, 0.5 or 0")),
    };
    let score: i32 = score.trim().parse().map_err(|_| format!("score {:?} is not a whole number", score.trim()))?;
    record::to_record(&position, score, result)
}

/// A reader that hashes what passes through it: the source's SHA-256 without a second pass
/// (stdin can be read once).
struct Hashing<R> {
    inner: R,
    sha: Sha256,
    bytes: u64,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.sha.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }
}

/// A chunk written, waiting for the source's SHA-256 to complete its lineage.
struct Pending {
    lineage: Lineage,
    positions: usize,
    sha256: String,
}

/// What a conversion did.
#[derive(Debug, PartialEq, Eq)]
struct Summary {
    lines: usize,
    positions: usize,
    skipped: usize,
    chunks: usize,
}

/// Converts the lines of `input` into chunks in `--out`.
fn run(options: &Args, input: impl Read) -> Result<Summary, String> {
    let dir = ChunkDir::create(&options.out)?;
    if !dir.indices()?.is_empty() {
        return Err(format!(
            "{} already holds chunks; convert into a new or empty folder (a conversion that stopped part way is redone from the start)",
            options.out.display()
        ));
    }
    let source = options.source_name.clone().unwrap_or_else(|| match options.input.as_str() {
        "-" => "stdin".to_string(),
        path => path.to_string(),
    });
    let base = Lineage::default()
        .with("generator", "convert_data")
        .with("format", "bulletformat ChessBoard, 32 bytes a position")
        .with("engine_commit", lineage::engine_commit(options.commit.as_deref()))
        .with("crate_version", env!("CARGO_PKG_VERSION"))
        .with("source", source.as_str())
        .with("chunk_positions", options.chunk_positions);
    let mut reader = BufReader::with_capacity(1 << 20, Hashing { inner: input, sha: Sha256::new(), bytes: 0 });
    let (mut records, mut pending) = (Vec::with_capacity(options.chunk_positions), Vec::new());
    let (mut line_number, mut first_line, mut skipped_here, mut skipped) = (0usize, 1usize, 0usize, 0usize);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = reader.read_until(b'\n', &mut line).map_err(|e| format!("{source}: {e}"))?;
        if read > 0 {
            line_number += 1;
            let text = std::str::from_utf8(&line).map_err(|_| "not UTF-8".to_string());
            match text.and_then(|t| parse_line(t.trim_end_matches(['\n', '\r']))) {
                Ok(record) => records.push(record),
                Err(e) if options.skip_bad => {
                    skipped += 1;
                    skipped_here += 1;
                    if skipped <= SHOWN_BAD_LINES {
                        eprintln!("warning: {source}:{line_number}: {e} (skipped)");
                    }
                }
                Err(e) => return Err(format!("{source}:{line_number}: {e} (--skip-bad leaves such lines out)")),
            }
        }
        if records.len() == options.chunk_positions || (read == 0 && !records.is_empty()) {
            let index = pending.len();
            let sha256 = dir.write_records(index, record::as_bytes(&records))?;
            let lineage = base
                .clone()
                .with("chunk", index)
                .with("first_line", first_line)
                .with("last_line", line_number)
                .with("skipped_lines", skipped_here);
            pending.push(Pending { lineage, positions: records.len(), sha256 });
            records.clear();
            (first_line, skipped_here) = (line_number + 1, 0);
        }
        if read == 0 {
            break;
        }
    }
    let hashing = reader.into_inner();
    let (source_sha, source_bytes) = (hex(&hashing.sha.finalize()), hashing.bytes);
    let chunks = pending.len();
    for (index, chunk) in pending.into_iter().enumerate() {
        let lineage = chunk.lineage.with("source_sha256", source_sha.as_str()).with("source_bytes", source_bytes);
        dir.write_lineage(index, chunk.positions, chunk.sha256, lineage)?;
    }
    dir.write_sums()?;
    Ok(Summary { lines: line_number, positions: line_number - skipped, skipped, chunks })
}

fn main() {
    let options: Args = usage::parse();
    let start = Instant::now();
    let result = if options.input == "-" {
        run(&options, std::io::stdin().lock())
    } else {
        File::open(&options.input).map_err(|e| format!("{}: {e}", options.input)).and_then(|file| run(&options, file))
    };
    match result {
        Ok(Summary { lines, positions, skipped, chunks }) => eprintln!(
            "{lines} lines, {positions} positions ({skipped} malformed lines skipped) -> {chunks} chunks, {} bytes, \
             in {}, {:.1} s; checksums in {}",
            positions * record::RECORD_BYTES,
            options.out.display(),
            start.elapsed().as_secs_f64(),
            options.out.join("SHA256SUMS").display(),
        ),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lineage::{Value, sha256_hex};

    const SAMPLE: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1;0.5;-12\n\
                          r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1;1;45\n\
                          8/8/8/8/8/8/8/8 w - - 0 1;0;0\n\
                          4k3/8/8/8/8/8/p7/4K3 b - - 0 1;0;-250\r\n\
                          4k3/8/8/8/8/8/8/4K3 w - - 0 1;1;x\n";

    fn args(out: &std::path::Path, more: &[&str]) -> Args {
        let out = out.to_str().expect("a UTF-8 path");
        let fixed =
            ["convert_data", "--input", "sample.txt", "--commit", "test", "--out", out, "--chunk-positions", "2"];
        Args::try_parse_from(fixed.iter().chain(more)).expect("valid arguments")
    }

    #[test]
    fn lines_become_records_in_order_and_malformed_ones_are_named_by_line() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let error = run(&args(folder.path(), &[]), SAMPLE.as_bytes()).expect_err("line 3 has no kings");
        assert!(error.starts_with("sample.txt:3: FEN "), "{error}");

        let out = folder.path().join("skipping");
        let summary = run(&args(&out, &["--skip-bad"]), SAMPLE.as_bytes()).expect("converts");
        assert_eq!(summary, Summary { lines: 5, positions: 3, skipped: 2, chunks: 2 });
        let good: Vec<ChessBoard> = [0, 1, 3]
            .map(|i| parse_line(SAMPLE.lines().nth(i).expect("a line").trim_end()).expect("well formed"))
            .to_vec();
        let bytes: Vec<u8> =
            (0..2).flat_map(|i| std::fs::read(out.join(format!("chunk-{i:05}.bin"))).expect("written")).collect();
        assert_eq!(bytes, record::as_bytes(&good));
        let first = Lineage::read(&out.join("chunk-00000.json")).expect("written");
        let second = Lineage::read(&out.join("chunk-00001.json")).expect("written");
        assert_eq!(first.get("source_sha256"), Some(&Value::from(sha256_hex(SAMPLE.as_bytes()))));
        assert_eq!(first.get("source"), Some(&Value::from("sample.txt")));
        assert_eq!(
            (first.get("first_line"), first.get("last_line")),
            (Some(&Value::from(1u64)), Some(&Value::from(2u64)))
        );
        assert_eq!(
            (second.get("first_line"), second.get("last_line")),
            (Some(&Value::from(3u64)), Some(&Value::from(5u64)))
        );
        assert_eq!(second.get("skipped_lines"), Some(&Value::from(2u64)));
        assert_eq!(std::fs::read_to_string(out.join("SHA256SUMS")).expect("written").lines().count(), 2);

        let refused = run(&args(&out, &[]), SAMPLE.as_bytes()).expect_err("not empty");
        assert!(refused.contains("already holds chunks"), "{refused}");
    }

    #[test]
    fn each_field_is_checked() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(parse_line(&format!("{start};1;20")).is_ok());
        assert!(parse_line(&format!("{start};2;20")).expect_err("result").contains("not 1, 0.5 or 0"));
        assert!(parse_line(&format!("{start};1;40000")).expect_err("score").contains("16 bits"));
        assert!(parse_line(&format!("{start};1")).expect_err("fields").contains("2 fields"));
        assert!(parse_line("").is_err());
    }
}
