//! EPD perft suites: lines of `<FEN> ;D1 <count> ;D2 <count> ...`.

use core::fmt;

use crate::board::{FenError, Position};

/// One suite position with its expected perft counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The 1-based line number in the file.
    pub line: usize,
    /// The FEN text as written.
    pub fen: String,
    /// The parsed position.
    pub position: Position,
    /// `(depth, expected nodes)`, in file order.
    pub expected: Vec<(u32, u64)>,
}

/// A malformed EPD line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for EpdError {}

impl From<(usize, FenError)> for EpdError {
    fn from((line, e): (usize, FenError)) -> EpdError {
        EpdError { line, reason: e.to_string() }
    }
}

/// Parses a whole perft suite. Blank lines and lines starting with `#` are skipped.
///
/// ```
/// let cases = bbengine::perft::parse_suite("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9")?;
/// assert_eq!(cases[0].expected, vec![(1, 3), (2, 9)]);
/// # Ok::<(), bbengine::perft::EpdError>(())
/// ```
pub fn parse_suite(text: &str) -> Result<Vec<PerftCase>, EpdError> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut parts = raw.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let position: Position = fen.parse().map_err(|e| EpdError::from((line, e)))?;
        let mut expected = Vec::new();
        for part in parts {
            let part = part.trim();
            let bad = || EpdError { line, reason: format!("expected ';D<depth> <nodes>', found {part:?}") };
            let (depth, nodes) = part.strip_prefix('D').and_then(|rest| rest.split_once(' ')).ok_or_else(bad)?;
            let depth: u32 = depth.trim().parse().map_err(|_| bad())?;
            let nodes: u64 = nodes.trim().parse().map_err(|_| bad())?;
            expected.push((depth, nodes));
        }
        if expected.is_empty() {
            return Err(EpdError { line, reason: "no ';D<depth> <nodes>' counts after the FEN".to_string() });
        }
        cases.push(PerftCase { line, fen, position, expected });
    }
    Ok(cases)
}
