//! The UCI options: their declarations (what `uci` prints), their values, and `setoption`
//! (out-of-range values are clamped and said so; unknown names and bad values refused with
//! a reason, never a panic). The `tune` build also offers every search parameter
//! (`search::params`) as a spin option, the way OpenBench's SPSA sets them.

use super::strength::{ELO_MAX, ELO_MIN};

/// Hash table size limits, in MiB.
pub const HASH_MIN: usize = 1;
/// See [`HASH_MIN`]; above this a typo would eat the machine's memory.
pub const HASH_MAX: usize = 4096;
/// The default table size in MiB.
pub const HASH_DEFAULT: usize = 16;
/// Most search threads.
pub const THREADS_MAX: usize = 256;
/// Most lines for MultiPV.
pub const MULTIPV_MAX: usize = 256;
/// Most move overhead, in milliseconds.
pub const OVERHEAD_MAX: u64 = 5000;
/// The default move overhead, in milliseconds.
pub const OVERHEAD_DEFAULT: u64 = 50;

/// The engine's option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `Hash`, MiB.
    pub hash_mb: usize,
    /// `Threads`.
    pub threads: usize,
    /// `MultiPV`.
    pub multipv: usize,
    /// `Ponder` (the GUI's; the engine ponders when told `go ponder`).
    pub ponder: bool,
    /// `UCI_Chess960`: castling written king takes rook.
    pub chess960: bool,
    /// `Move Overhead`, milliseconds.
    pub move_overhead: u64,
    /// `OwnBook`: play from the book file when it has the position.
    pub own_book: bool,
    /// `BookFile`: a Polyglot book.
    pub book_file: String,
    /// `UCI_LimitStrength`: play at `UCI_Elo` instead of full strength.
    pub limit_strength: bool,
    /// `UCI_Elo`: the rating to play at when `UCI_LimitStrength` is on.
    pub elo: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: HASH_DEFAULT,
            threads: 1,
            multipv: 1,
            ponder: false,
            chess960: false,
            move_overhead: OVERHEAD_DEFAULT,
            own_book: false,
            book_file: String::new(),
            limit_strength: false,
            elo: ELO_MIN,
        }
    }
}

/// What a `setoption` changed that the engine must act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing beyond the value.
    Value,
    /// Resize the table.
    Hash,
    /// Empty the table.
    ClearHash,
    /// Load (or drop) the book.
    Book,
}

/// The result of a `setoption`: what changed, and a note for the user (a clamped value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// What changed.
    pub change: Change,
    /// Something to tell the user, if any.
    pub note: Option<String>,
}

impl Options {
    /// The `option ...` lines `uci` prints.
    pub fn declarations() -> Vec<String> {
        #[allow(unused_mut)]
        let mut lines = vec![
            format!("option name Hash type spin default {HASH_DEFAULT} min {HASH_MIN} max {HASH_MAX}"),
            format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
            format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
            "option name Ponder type check default false".to_string(),
            "option name UCI_Chess960 type check default false".to_string(),
            format!("option name Move Overhead type spin default {OVERHEAD_DEFAULT} min 0 max {OVERHEAD_MAX}"),
            "option name Clear Hash type button".to_string(),
            "option name OwnBook type check default false".to_string(),
            "option name BookFile type string default <empty>".to_string(),
            "option name UCI_LimitStrength type check default false".to_string(),
            format!("option name UCI_Elo type spin default {ELO_MIN} min {ELO_MIN} max {ELO_MAX}"),
        ];
        #[cfg(feature = "tune")]
        lines.extend(crate::search::params::PARAMS.iter().map(|p| p.uci_declaration()));
        lines
    }

    /// Applies `setoption name <name> value <value>`. Names are matched without regard to
    /// case, as UCI asks.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Applied, String> {
        let value = value.map(str::trim);
        let lower = name.to_ascii_lowercase();
        let applied = |change| Ok(Applied { change, note: None });
        match lower.as_str() {
            "hash" => {
                let (mb, note) = spin(name, value, HASH_MIN as i64, HASH_MAX as i64)?;
                self.hash_mb = mb as usize;
                Ok(Applied { change: Change::Hash, note })
            }
            "threads" => {
                let (n, note) = spin(name, value, 1, THREADS_MAX as i64)?;
                self.threads = n as usize;
                Ok(Applied { change: Change::Value, note })
            }
            "multipv" => {
                let (n, note) = spin(name, value, 1, MULTIPV_MAX as i64)?;
                self.multipv = n as usize;
                Ok(Applied { change: Change::Value, note })
            }
            "move overhead" => {
                let (n, note) = spin(name, value, 0, OVERHEAD_MAX as i64)?;
                self.move_overhead = n as u64;
                Ok(Applied { change: Change::Value, note })
            }
            "ponder" => {
                self.ponder = check(name, value)?;
                applied(Change::Value)
            }
            "uci_chess960" => {
                self.chess960 = check(name, value)?;
                applied(Change::Value)
            }
            "ownbook" => {
                self.own_book = check(name, value)?;
                applied(Change::Book)
            }
            "bookfile" => {
                let text = value.unwrap_or("");
                self.book_file = if text == "<empty>" { String::new() } else { text.to_string() };
                applied(Change::Book)
            }
            "uci_limitstrength" => {
                self.limit_strength = check(name, value)?;
                applied(Change::Value)
            }
            "uci_elo" => {
                let (elo, note) = spin(name, value, i64::from(ELO_MIN), i64::from(ELO_MAX))?;
                self.elo = elo as u32;
                Ok(Applied { change: Change::Value, note })
            }
            "clear hash" => applied(Change::ClearHash),
            _ => search_param(name, value),
        }
    }
}

/// `setoption` of a search parameter (tune build only: the normal build has none to set).
fn search_param(name: &str, value: Option<&str>) -> Result<Applied, String> {
    #[cfg(feature = "tune")]
    if let Some(param) = crate::search::params::find(name) {
        let (n, note) = spin(param.name, value, i64::from(param.min), i64::from(param.max))?;
        crate::search::params::set(param, n as i32);
        return Ok(Applied { change: Change::Value, note });
    }
    let _ = value;
    Err(format!("unknown option {}", super::command::quote(name)))
}

/// A spin value, clamped into `min..=max` with a note when it had to be.
fn spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<(i64, Option<String>), String> {
    let Some(text) = value else {
        return Err(format!("option {name} needs a value"));
    };
    let n: i64 = match text.parse::<i128>() {
        Ok(n) => n.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64,
        Err(_) => return Err(format!("option {name} needs a whole number, found {}", super::command::quote(text))),
    };
    let clamped = n.clamp(min, max);
    let note = (clamped != n).then(|| format!("{name} {n} is out of range {min}..{max}, using {clamped}"));
    Ok((clamped, note))
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("option {name} needs true or false")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps_and_refuses() {
        let mut o = Options::default();
        let a = o.set("Hash", Some("1000000000")).unwrap();
        assert_eq!((o.hash_mb, a.change), (HASH_MAX, Change::Hash));
        assert!(a.note.is_some());
        assert!(o.set("hash", Some("0")).unwrap().note.is_some());
        assert_eq!(o.hash_mb, HASH_MIN);
        assert!(o.set("Hash", Some("lots")).is_err());
        assert!(o.set("Hash", None).is_err());
        assert_eq!(o.set("Threads", Some("4")).unwrap().note, None);
        assert_eq!(o.threads, 4);
        o.set("Move Overhead", Some("-5")).unwrap();
        assert_eq!(o.move_overhead, 0);
        o.set("UCI_Chess960", Some("true")).unwrap();
        assert!(o.chess960);
        assert!(o.set("Ponder", Some("yes")).is_err());
        assert!(o.set("Nonsense", Some("1")).is_err());
        assert_eq!(o.set("Clear Hash", None).unwrap().change, Change::ClearHash);
        o.set("BookFile", Some("<empty>")).unwrap();
        assert_eq!(o.book_file, "");
        o.set("UCI_LimitStrength", Some("true")).unwrap();
        assert!(o.limit_strength);
        assert!(o.set("UCI_Elo", Some("100")).unwrap().note.is_some());
        assert_eq!(o.elo, ELO_MIN);
        assert_eq!(o.set("uci_elo", Some("1800")).unwrap().note, None);
        assert_eq!(o.elo, 1800);
    }

    #[test]
    fn search_parameters_are_options_in_the_tune_build_only() {
        let declared = Options::declarations().iter().any(|l| l.starts_with("option name rfp_margin type spin"));
        assert_eq!(declared, cfg!(feature = "tune"));
        let mut o = Options::default();
        // Setting a parameter to its default changes nothing another test could see.
        let result = o.set("RFP_MARGIN", Some("75"));
        if cfg!(feature = "tune") {
            assert_eq!(result, Ok(Applied { change: Change::Value, note: None }));
            assert!(o.set("rfp_margin", Some("many")).is_err());
        } else {
            assert_eq!(result, Err("unknown option \"RFP_MARGIN\"".to_string()));
        }
    }
}
