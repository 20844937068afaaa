//! Dense magics: fixed shifts (12 bits rook, 9 bits bishop), the index
//! `((occupied | !mask) * magic) >> shift`, and per-square windows that overlap in one shared
//! array wherever their entries agree or are unused.
//!
//! The magics and offsets come from the data file `bbgen/data/dense_magics.txt`, written by
//! the slow `search-dense` command ([`crate::search`]); building the table from it is fast.

use std::fmt::Write as _;

use bbcore::{Bitboard, Square, dense_magic_index};

use crate::slider::{Slider, verify};
use crate::{Error, RECORDED_DENSE_MAGICS};

/// Right shift of every rook index (12 index bits).
pub const ROOK_SHIFT: u32 = 64 - Slider::Rook.dense_bits();
/// Right shift of every bishop index (9 index bits).
pub const BISHOP_SHIFT: u32 = 64 - Slider::Bishop.dense_bits();

/// The fixed shift of `slider`.
pub const fn shift(slider: Slider) -> u32 {
    64 - slider.dense_bits()
}

/// One square's dense magic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DenseSquare {
    /// Relevance mask.
    pub mask: u64,
    /// Magic multiplier.
    pub magic: u64,
    /// Where index 0 of this square's window lies in the shared array.
    pub offset: u32,
}

/// Both sliders' dense magics and the one shared attack array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DenseTables {
    /// Rook magics by square.
    pub rook: Vec<DenseSquare>,
    /// Bishop magics by square.
    pub bishop: Vec<DenseSquare>,
    /// Shared attack array; unused entries are 0.
    pub attacks: Vec<u64>,
}

impl DenseTables {
    /// The attacks the table gives for `occupied`, `None` if the index is out of range.
    pub fn lookup(&self, slider: Slider, sq: Square, occupied: Bitboard) -> Option<u64> {
        let squares = match slider {
            Slider::Rook => &self.rook,
            Slider::Bishop => &self.bishop,
        };
        let m = &squares[sq.index()];
        let index = m.offset as usize + dense_magic_index(occupied, Bitboard(m.mask), m.magic, shift(slider));
        self.attacks.get(index).copied()
    }
}

/// The contents of a dense magics data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DenseRecord {
    /// Seed of the search that found these magics.
    pub seed: u64,
    /// Total entries of the shared array.
    pub entries: usize,
    /// Seconds the search ran.
    pub seconds: u64,
    /// Rounds the search ran: with the seed, what reproduces these magics exactly.
    pub rounds: u64,
    /// The command that found them.
    pub command: String,
    /// The record the search started from, if it did not start from scratch: its entries,
    /// seed, rounds and [`fingerprint`] (the record itself is in the data file's git history).
    pub from: String,
    /// (magic, offset) per rook square.
    pub rook: Vec<(u64, u32)>,
    /// (magic, offset) per bishop square.
    pub bishop: Vec<(u64, u32)>,
}

impl DenseRecord {
    /// Parses a data file. Errors name the line.
    pub fn parse(text: &str) -> Result<DenseRecord, Error> {
        let mut seed = None;
        let mut entries = None;
        let mut seconds = None;
        let mut rounds = None;
        let mut command = String::new();
        let mut from = String::new();
        let mut rook = vec![None; 64];
        let mut bishop = vec![None; 64];
        for (n, line) in text.lines().enumerate() {
            let bad = |what: &str| Error(format!("dense magics line {}: {what}: {line:?}", n + 1));
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, rest) = line.split_once(' ').ok_or_else(|| bad("expected `key value`"))?;
            let rest = rest.trim();
            match key {
                "seed" => seed = Some(parse_u64(rest).ok_or_else(|| bad("bad seed"))?),
                "entries" => entries = Some(rest.parse::<usize>().map_err(|_| bad("bad entries"))?),
                "seconds" => seconds = Some(rest.parse::<u64>().map_err(|_| bad("bad seconds"))?),
                "rounds" => rounds = Some(rest.parse::<u64>().map_err(|_| bad("bad rounds"))?),
                "command" => command = rest.to_string(),
                "from" => from = rest.to_string(),
                "rook" | "bishop" => {
                    let mut fields = rest.split_whitespace();
                    let (Some(sq), Some(magic), Some(offset), None) =
                        (fields.next(), fields.next(), fields.next(), fields.next())
                    else {
                        return Err(bad("expected `<piece> <square> <magic> <offset>`"));
                    };
                    let sq: Square = sq.parse().map_err(|_| bad("bad square"))?;
                    let magic = parse_u64(magic).ok_or_else(|| bad("bad magic"))?;
                    let offset = offset.parse::<u32>().map_err(|_| bad("bad offset"))?;
                    let slot = if key == "rook" { &mut rook[sq.index()] } else { &mut bishop[sq.index()] };
                    if slot.replace((magic, offset)).is_some() {
                        return Err(bad("square listed twice"));
                    }
                }
                _ => return Err(bad("unknown key")),
            }
        }
        let complete = |v: Vec<Option<(u64, u32)>>, name: &str| -> Result<Vec<(u64, u32)>, Error> {
            v.into_iter()
                .enumerate()
                .map(|(i, e)| e.ok_or_else(|| Error(format!("dense magics: no {name} magic for {}", Square::ALL[i]))))
                .collect()
        };
        Ok(DenseRecord {
            seed: seed.ok_or_else(|| Error("dense magics: no `seed` line".into()))?,
            entries: entries.ok_or_else(|| Error("dense magics: no `entries` line".into()))?,
            seconds: seconds.unwrap_or(0),
            rounds: rounds.unwrap_or(0),
            command,
            from,
            rook: complete(rook, "rook")?,
            bishop: complete(bishop, "bishop")?,
        })
    }

    /// The data file text.
    pub fn render(&self) -> String {
        let mut s = String::new();
        s.push_str("# Dense (fixed-shift, overlapping) magics for bb: the input of `cargo run -p bbgen`.\n");
        s.push_str("# Written by `cargo run --release -p bbgen -- search-dense` (or `cluster-bishops`) when it beats this file.\n");
        s.push_str("# index = ((occupied | !mask) * magic) >> shift; rook shift 52, bishop shift 55;\n");
        s.push_str("# lines: <piece> <square> <magic> <offset of the square's window in the shared array>\n");
        let _ = writeln!(s, "seed {:#x}", self.seed);
        let _ = writeln!(s, "entries {}", self.entries);
        let _ = writeln!(s, "seconds {}", self.seconds);
        let _ = writeln!(s, "rounds {}", self.rounds);
        if !self.command.is_empty() {
            let _ = writeln!(s, "command {}", self.command);
        }
        if !self.from.is_empty() {
            let _ = writeln!(s, "from {}", self.from);
        }
        for (name, list) in [("rook", &self.rook), ("bishop", &self.bishop)] {
            for (sq, (magic, offset)) in Square::ALL.iter().zip(list) {
                let _ = writeln!(s, "{name} {sq} {magic:#018x} {offset}");
            }
        }
        s
    }
}

/// A 64-bit FNV-1a hash of a record's magics and offsets, in square order: names the
/// arrangement a search started from, whatever the record's other lines say.
pub fn fingerprint(record: &DenseRecord) -> u64 {
    let words = record.rook.iter().chain(&record.bishop).flat_map(|&(magic, offset)| [magic, u64::from(offset)]);
    words
        .flat_map(u64::to_le_bytes)
        .fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// How a search that starts from `record` names it in its own record.
pub fn describe_start(record: &DenseRecord) -> String {
    format!(
        "{} entries, seed {:#x}, {} rounds, fingerprint {:#018x}",
        record.entries,
        record.seed,
        record.rounds,
        fingerprint(record)
    )
}

fn parse_u64(s: &str) -> Option<u64> {
    match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16).ok(),
        None => s.parse().ok(),
    }
}

/// Builds the shared array from recorded magics and offsets, checks that windows only overlap
/// where they agree, that the size matches the record, and verifies every entry against the
/// reference.
pub fn layout(record: &DenseRecord) -> Result<DenseTables, Error> {
    let mut attacks: Vec<Option<u64>> = Vec::new();
    let mut out = [Vec::new(), Vec::new()];
    for (k, slider) in Slider::ALL.into_iter().enumerate() {
        let list = if slider == Slider::Rook { &record.rook } else { &record.bishop };
        for (sq, &(magic, offset)) in Square::ALL.into_iter().zip(list) {
            let cases = slider.cases(sq);
            for (occ, &att) in cases.occupancies.iter().zip(&cases.attacks) {
                let i = offset as usize + dense_magic_index(*occ, cases.mask, magic, shift(slider));
                if i >= attacks.len() {
                    attacks.resize(i + 1, None);
                }
                match attacks[i] {
                    Some(old) if old != att => {
                        return Err(Error(format!(
                            "dense {} {sq}: magic {magic:#x} at offset {offset} collides harmfully at entry {i}",
                            slider.name()
                        )));
                    }
                    _ => attacks[i] = Some(att),
                }
            }
            out[k].push(DenseSquare { mask: cases.mask.0, magic, offset });
        }
    }
    if attacks.len() != record.entries {
        return Err(Error(format!(
            "dense magics: the file records {} entries but its magics give {}",
            record.entries,
            attacks.len()
        )));
    }
    let [rook, bishop] = out;
    let tables = DenseTables { rook, bishop, attacks: attacks.into_iter().map(|a| a.unwrap_or(0)).collect() };
    for slider in Slider::ALL {
        verify("dense", slider, |sq, occ| tables.lookup(slider, sq, occ))?;
    }
    Ok(tables)
}

/// The dense tables from the checked-in data file.
pub fn build_default() -> Result<DenseTables, Error> {
    layout(&DenseRecord::parse(RECORDED_DENSE_MAGICS)?)
}
