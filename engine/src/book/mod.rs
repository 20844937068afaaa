//! Opening books: moves to play in known positions, looked up by [`Position::key`].
//!
//! [`PolyglotBook`] reads the Polyglot format (`polyglot.rs`), whose keys are this crate's
//! position keys (see `board/zobrist.rs` for the one rare position kind where they differ).
//!
//! [`Position::key`]: crate::Position::key

mod polyglot;

pub use polyglot::{
    BookEntry, BookError, BookMove, ENTRY_BYTES, MAX_BOOK_BYTES, PolyglotBook, decode_move, encode_move,
};
