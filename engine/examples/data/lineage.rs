//! The lineage of a chunk of training data: where its positions came from (engine commit,
//! evaluation, nodes, seed, openings, or the source file it was converted from), what it holds
//! (game or line range, positions) and its SHA-256, as a flat JSON object beside the chunk
//! (`chunk-00000.json`), one field a line. Datagen reads it back to resume a run, so it
//! reads exactly what it writes: string and whole-number fields. Included by `#[path]`.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

/// A field's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Number(u64),
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Text(text.to_string())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

impl From<u64> for Value {
    fn from(n: u64) -> Value {
        Value::Number(n)
    }
}

impl From<usize> for Value {
    fn from(n: usize) -> Value {
        Value::Number(n as u64)
    }
}

/// A lineage record: named fields in the order they are written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lineage {
    pub fields: Vec<(String, Value)>,
}

impl Lineage {
    /// The record with `key` set to `value` (replaced if present, else appended).
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Lineage {
        let value = value.into();
        match self.fields.iter_mut().find(|(k, _)| k == key) {
            Some(field) => field.1 = value,
            None => self.fields.push((key.to_string(), value)),
        }
        self
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The first field of `self` whose value in `other` differs (or is missing), as
    /// `seed 7 there, 9 here` (`other`'s value, then `self`'s); `None` when every field of
    /// `self` is in `other` unchanged.
    #[allow(dead_code)] // Each program that includes this file uses its own part of it.
    pub fn first_difference(&self, other: &Lineage) -> Option<String> {
        self.fields.iter().find(|(k, v)| other.get(k) != Some(v)).map(|(k, v)| {
            let show = |v: Option<&Value>| match v {
                Some(Value::Text(t)) => format!("{t:?}"),
                Some(Value::Number(n)) => n.to_string(),
                None => "nothing".to_string(),
            };
            format!("{k} {} there, {} here", show(other.get(k)), show(Some(v)))
        })
    }

    /// The record as JSON, one field a line.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n");
        for (i, (key, value)) in self.fields.iter().enumerate() {
            let comma = if i + 1 < self.fields.len() { "," } else { "" };
            let value = match value {
                Value::Text(t) => quote(t),
                Value::Number(n) => n.to_string(),
            };
            out.push_str(&format!("  {}: {value}{comma}\n", quote(key)));
        }
        out.push_str("}\n");
        out
    }

    /// Reads what [`Lineage::to_json`] wrote.
    #[allow(dead_code)] // Each program that includes this file uses its own part of it.
    pub fn from_json(text: &str) -> Result<Lineage, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if lines.next() != Some("{") || text.trim_end().lines().last().map(str::trim) != Some("}") {
            return Err("not a lineage record (a JSON object, one field a line)".to_string());
        }
        let mut lineage = Lineage::default();
        for line in lines.filter(|&l| l != "}") {
            let line = line.strip_suffix(',').unwrap_or(line);
            let (key, rest) = unquote(line).ok_or_else(|| format!("bad field line {line:?}"))?;
            let value =
                rest.trim_start().strip_prefix(':').map(str::trim).ok_or_else(|| format!("no `:` in {line:?}"))?;
            let value = match unquote(value) {
                Some((text, "")) => Value::Text(text),
                _ => Value::Number(value.parse().map_err(|_| format!("bad value in {line:?}"))?),
            };
            lineage.fields.push((key, value));
        }
        Ok(lineage)
    }

    /// Reads the record in `path`.
    #[allow(dead_code)] // Each program that includes this file uses its own part of it.
    pub fn read(path: &Path) -> Result<Lineage, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Lineage::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// `text` as a JSON string.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The JSON string at the start of `text` and what follows it, or `None`.
fn unquote(text: &str) -> Option<(String, &str)> {
    let mut chars = text.strip_prefix('"')?.char_indices();
    let mut out = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &text[i + 2..])),
            '\\' => match chars.next()?.1 {
                'u' => {
                    let hex: String = (0..4).filter_map(|_| chars.next().map(|(_, c)| c)).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                escaped => out.push(escaped),
            },
            c => out.push(c),
        }
    }
    None
}

/// The SHA-256 of `bytes` in lowercase hex, as `sha256sum` prints it.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// `bytes` in lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The commit of the engine's source: `--commit` when given, else `git rev-parse HEAD` in the
/// folder the example was built from (with `-dirty` when files differ from it), else "unknown".
pub fn engine_commit(given: Option<&str>) -> String {
    if let Some(commit) = given {
        return commit.to_string();
    }
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
    };
    match git(&["rev-parse", "HEAD"]) {
        Some(out) if out.status.success() => {
            let commit = String::from_utf8_lossy(&out.stdout).trim().to_string();
            let clean = git(&["diff", "--quiet", "HEAD", "--", "."]).is_some_and(|o| o.status.success());
            if clean { commit } else { format!("{commit}-dirty") }
        }
        _ => "unknown".to_string(),
    }
}

/// Now in UTC, `2026-12-05T13:40:00Z`.
pub fn utc_now() -> String {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest / 60 % 60, rest % 60)
}

/// The Gregorian date `days` after 1970-01-01 (Howard Hinnant's days-to-civil algorithm: eras
/// of 400 years, years starting on 1 March so the leap day is last).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let lineage = Lineage::default()
            .with("source", "C:\\data\\\"odd\"\tname.txt")
            .with("positions", 2_387_948u64)
            .with("seed", 0u64);
        let back = Lineage::from_json(&lineage.to_json()).expect("reads");
        assert_eq!(back, lineage);
        assert_eq!(lineage.first_difference(&back), None);
        let other = back.with("seed", 7u64);
        assert_eq!(lineage.first_difference(&other), Some("seed 7 there, 0 here".to_string()));
        assert!(Lineage::from_json("seed=1").is_err());
    }

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_792), (2026, 12, 5));
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
