//! Polyglot opening books: the de facto standard, open book format.
//!
//! A book is a sequence of 16-byte entries, sorted by key, all fields big-endian:
//!
//! | bytes | field | meaning |
//! | --- | --- | --- |
//! | 0-7 | key | the position's Polyglot Zobrist key ([`Position::key`]) |
//! | 8-9 | move | to file bits 0-2, to rank 3-5, from file 6-8, from rank 9-11, promotion 12-14 (0 none, 1 knight, 2 bishop, 3 rook, 4 queen) |
//! | 10-11 | weight | how often to play the move, relative to the position's other entries |
//! | 12-15 | learn | free for learning tools; ignored here, but returned |
//!
//! Castling is encoded as the king taking its own rook (`e1h1`, `e1a1`, `e8h8`, `e8a8`), which
//! is how this crate stores castling ([`Move`]), so a book move is found among the legal moves
//! by its from and to squares and promotion alone.

use core::fmt;
use std::path::{Path, PathBuf};

use bbcore::{Role, Square};

use crate::board::{Move, Position};

/// The size of one entry in bytes.
pub const ENTRY_BYTES: usize = 16;

/// One entry as stored: the key of a position, an encoded move and its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookEntry {
    /// The position's Polyglot key.
    pub key: u64,
    /// The move in Polyglot's encoding (see the module documentation).
    pub raw_move: u16,
    /// The weight: the move is chosen with probability weight / (sum of the weights).
    pub weight: u16,
    /// The learn field, unused by this crate.
    pub learn: u32,
}

impl BookEntry {
    /// Reads one entry from its 16 bytes.
    fn read(bytes: &[u8; ENTRY_BYTES]) -> BookEntry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = *bytes;
        BookEntry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }
}

/// A book move that is legal in the position it was looked up for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The legal move.
    pub mv: Move,
    /// Its weight in the book.
    pub weight: u16,
    /// Its learn field in the book.
    pub learn: u32,
}

/// The largest book file [`PolyglotBook::open`] reads: 1 GiB (67 million entries; the
/// largest public Polyglot books are a few hundred MiB).
pub const MAX_BOOK_BYTES: usize = 1 << 30;

/// Why a book could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The data is not a whole number of 16-byte entries.
    Length(usize),
    /// Entry `index` has a smaller key than the entry before it: a Polyglot book is sorted by
    /// key (lookups are binary searches), so this is not one.
    Unsorted {
        /// The first entry out of order (counted from 0).
        index: usize,
    },
    /// The file could not be read.
    Io {
        /// The path given.
        path: PathBuf,
        /// What the operating system said.
        message: String,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Length(len) => write!(
                f,
                "Polyglot book: {len} bytes is not a whole number of {ENTRY_BYTES}-byte entries ({} left over)",
                len % ENTRY_BYTES
            ),
            BookError::Unsorted { index } => {
                write!(f, "Polyglot book: entry {index} has a smaller key than the entry before it (not sorted by key)")
            }
            BookError::Io { path, message } => write!(f, "cannot read Polyglot book {}: {message}", path.display()),
        }
    }
}

impl std::error::Error for BookError {}

/// A Polyglot opening book, held in memory.
///
/// ```
/// use bbengine::{PolyglotBook, Position};
///
/// // One entry: the start position, e2e4 (from e2 = 12, to e4 = 28), weight 3.
/// let mut bytes = Vec::new();
/// bytes.extend_from_slice(&Position::startpos().key().to_be_bytes());
/// bytes.extend_from_slice(&((12u16 << 6) | 28).to_be_bytes());
/// bytes.extend_from_slice(&3u16.to_be_bytes());
/// bytes.extend_from_slice(&0u32.to_be_bytes());
/// let book = PolyglotBook::from_bytes(&bytes)?;
///
/// let moves = book.moves(&Position::startpos());
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].mv.to_uci(false).to_string(), "e2e4");
/// assert_eq!(moves[0].weight, 3);
/// assert_eq!(book.pick(&Position::startpos(), 0x1234_5678).map(|m| m.mv), Some(moves[0].mv));
/// # Ok::<(), bbengine::BookError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolyglotBook {
    entries: Vec<BookEntry>,
}

impl PolyglotBook {
    /// Reads a book from its bytes. Errors (never a panic) when the length is not a multiple
    /// of 16 or the keys are not sorted.
    pub fn from_bytes(bytes: &[u8]) -> Result<PolyglotBook, BookError> {
        let (chunks, rest) = bytes.as_chunks::<ENTRY_BYTES>();
        if !rest.is_empty() {
            return Err(BookError::Length(bytes.len()));
        }
        let entries: Vec<BookEntry> = chunks.iter().map(BookEntry::read).collect();
        if let Some(i) = entries.windows(2).position(|pair| pair[0].key > pair[1].key) {
            return Err(BookError::Unsorted { index: i + 1 });
        }
        Ok(PolyglotBook { entries })
    }

    /// Reads a book file: a regular file of at most [`MAX_BOOK_BYTES`]. Anything else (a
    /// directory, a device such as `/dev/zero`, a pipe that may never end, a larger file) is
    /// refused before it is read, so opening a book never hangs or fills the memory.
    pub fn open(path: impl AsRef<Path>) -> Result<PolyglotBook, BookError> {
        use std::io::Read as _;
        let path = path.as_ref();
        let io = |message: String| BookError::Io { path: path.to_path_buf(), message };
        // Looked at before opening: opening a pipe for reading waits for a writer.
        let meta = std::fs::metadata(path).map_err(|e| io(e.to_string()))?;
        if meta.is_dir() {
            return Err(io("it is a directory".to_string()));
        }
        if !meta.is_file() {
            return Err(io("not a regular file (a device or a pipe)".to_string()));
        }
        let limit = MAX_BOOK_BYTES as u64;
        let too_large = || io(format!("larger than the {} MiB limit", MAX_BOOK_BYTES >> 20));
        if meta.len() > limit {
            return Err(too_large());
        }
        let file = std::fs::File::open(path).map_err(|e| io(e.to_string()))?;
        // The size can change while reading (or lie, as in /proc): read at most one byte more.
        let mut bytes = Vec::new();
        file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| io(e.to_string()))?;
        if bytes.len() as u64 > limit {
            return Err(too_large());
        }
        PolyglotBook::from_bytes(&bytes)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry stored under `key`, in book order (Polyglot's tools write the heaviest
    /// first), found by binary search. Legal or not: see [`moves`](PolyglotBook::moves).
    pub fn entries(&self, key: u64) -> &[BookEntry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let len = self.entries[start..].partition_point(|e| e.key == key);
        &self.entries[start..start + len]
    }

    /// The book's moves for `pos` that are legal there, in book order, with their weights.
    /// Entries whose move is not legal in `pos` (a key collision, a broken book) are skipped.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        let entries = self.entries(pos.key());
        if entries.is_empty() {
            return Vec::new();
        }
        let legal = pos.legal_moves();
        entries
            .iter()
            .filter_map(|e| {
                let mv = decode_move(e.raw_move, &legal)?;
                Some(BookMove { mv, weight: e.weight, learn: e.learn })
            })
            .collect()
    }

    /// One of the book's legal moves for `pos`, chosen with probability proportional to its
    /// weight, or `None` when the book has no legal move of positive weight here.
    ///
    /// `random` is the caller's uniformly distributed random number: the move is the one
    /// whose share of the cumulative weight holds `random * total / 2^64` (so 0 picks the
    /// first move of positive weight and `u64::MAX` the last). The same number always picks
    /// the same move, which makes games reproducible from a seed.
    pub fn pick(&self, pos: &Position, random: u64) -> Option<BookMove> {
        let moves = self.moves(pos);
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        // Both factors are below 2^64, so the product fits in 128 bits and its high half is
        // below `total` (which cannot overflow: each weight is below 2^16, and fewer than
        // 2^48 entries fit in memory).
        let target = ((u128::from(random) * u128::from(total)) >> 64) as u64;
        let mut below = 0;
        for m in moves {
            below += u64::from(m.weight);
            if target < below {
                return Some(m);
            }
        }
        None
    }
}

/// The legal move (one of `legal`) that the Polyglot encoding `raw` names, if any. A
/// promotion must name its piece (`e7e8` does not match `e7e8q`); castling is king takes own
/// rook, as this crate stores it. Bits outside the specification's (15) or a promotion code
/// above 4 match nothing.
pub fn decode_move(raw: u16, legal: &[Move]) -> Option<Move> {
    let to = Square::new((raw & 63) as u8);
    let from = Square::new((raw >> 6 & 63) as u8);
    let promotion = match raw >> 12 {
        0 => None,
        1 => Some(Role::Knight),
        2 => Some(Role::Bishop),
        3 => Some(Role::Rook),
        4 => Some(Role::Queen),
        _ => return None,
    };
    legal.iter().copied().find(|m| m.from() == from && m.to() == to && m.kind().promotion() == promotion)
}

/// Polyglot's encoding of `mv`: the inverse of [`decode_move`] (castling as king takes rook).
pub fn encode_move(mv: Move) -> u16 {
    let promotion = match mv.kind().promotion() {
        None => 0,
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(_) => 4,
    };
    (mv.to() as u16) | (mv.from() as u16) << 6 | promotion << 12
}

#[cfg(test)]
mod tests {
    use super::*;

    fn io_message(path: &str) -> String {
        match PolyglotBook::open(path) {
            Err(BookError::Io { message, .. }) => message,
            other => panic!("{path}: {other:?}"),
        }
    }

    /// Directories, devices and missing files are refused before any read: `/dev/zero` used
    /// to be read until the memory ran out.
    #[test]
    fn open_refuses_what_is_not_a_book_file() {
        assert_eq!(io_message(env!("CARGO_MANIFEST_DIR")), "it is a directory");
        if Path::new("/dev/zero").exists() {
            assert_eq!(io_message("/dev/zero"), "not a regular file (a device or a pipe)");
        }
        assert!(io_message("/no/such/book.bin").contains("No such file"));
    }

    /// A named pipe is refused without opening it (opening it for reading would wait for a
    /// writer forever).
    #[test]
    fn open_refuses_a_named_pipe() {
        // The directory (and the pipe in it) is removed when dropped, also when the test fails.
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("book-fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
        if made {
            assert_eq!(io_message(fifo.to_str().unwrap()), "not a regular file (a device or a pipe)");
        }
    }
}
