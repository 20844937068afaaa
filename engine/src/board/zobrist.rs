//! Zobrist keys: Polyglot keys. A position's key is the XOR of the Polyglot random numbers
//! (`generated/polyglot.rs`, written by bbgen from `bbgen/data/polyglot_random.txt`) of every
//! piece on its square, every castling right held, the en passant file when there is an en
//! passant square, and the turn number when white is to move. It equals the key the Polyglot
//! book format specifies, so [`Position::key`](super::Position::key) finds a position in a
//! Polyglot opening book.
//!
//! **En passant.** Polyglot hashes the en passant file whenever a pawn of the side to move
//! stands beside the pawn that just made a double push, whether or not that pawn may legally
//! take. This crate keeps an en passant square only when an en passant capture is legal (see
//! `Board::set_en_passant_after_double_push`, and FEN parsing), and the key hashes the square
//! the position holds. So the key is Polyglot's in every position but one rare kind: a pawn
//! stands beside, but every en passant capture is illegal (the capturing pawn is pinned, both
//! pawns leave the king's rank with an enemy rook or queen on it, or the king is in a check
//! the capture does not answer). There the key has no en passant number where Polyglot's has
//! one. The choice is deliberate: the key is the position's identity, and a position with an
//! illegal en passant capture is the same position as one without a double push behind it
//! (same moves, same future), so it must equal that one and hash like it; Polyglot's rule
//! would give one position two keys depending on how it was reached. The cost: a Polyglot
//! book entry for such a position is not found (an entry for the same position reached
//! without the double push is).
//!
//! Castling rights are hashed per colour and side (king side is the rook on the king's
//! h-side), so Chess960 rights use the same four numbers.

use bbcore::{Color, Piece, Role, Square};

use super::castling::{CastleSide, CastlingRights};
use crate::generated::polyglot::{CASTLING, EN_PASSANT, PIECE_SQUARE, RANDOM, TURN};

/// The Polyglot numbers rearranged for cheap lookups: pieces by this crate's `Piece::index()`
/// (colour major), castling by colour and side.
pub(crate) struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [[u64; 2]; 2],
    en_passant: [u64; 8],
    white_to_move: u64,
}

/// Reads the Polyglot layout (see `generated/polyglot.rs`) into [`Keys`]; evaluated by the
/// compiler.
const fn build(random: &[u64; 781]) -> Keys {
    let mut keys = Keys { pieces: [[0; 64]; 12], castling: [[0; 2]; 2], en_passant: [0; 8], white_to_move: 0 };
    let mut p = 0;
    while p < 12 {
        let piece = Piece::ALL[p];
        let white = matches!(piece.color, Color::White) as usize;
        let kind = 2 * piece.role.index() + white;
        let mut sq = 0;
        while sq < 64 {
            keys.pieces[piece.index()][sq] = random[PIECE_SQUARE + 64 * kind + sq];
            sq += 1;
        }
        p += 1;
    }
    // Polyglot's order: white king side, white queen side, black king side, black queen side.
    let mut i = 0;
    while i < 4 {
        keys.castling[i / 2][i % 2] = random[CASTLING + i];
        i += 1;
    }
    let mut f = 0;
    while f < 8 {
        keys.en_passant[f] = random[EN_PASSANT + f];
        f += 1;
    }
    keys.white_to_move = random[TURN];
    keys
}

pub(crate) static KEYS: Keys = build(&RANDOM);

// The layout above must match bbcore's indices.
const _: () = assert!(Role::Pawn.index() == 0 && Role::King.index() == 5 && Color::White.index() == 0);
const _: () = assert!(CastleSide::King as usize == 0 && CastleSide::Queen as usize == 1);

impl Keys {
    #[inline(always)]
    pub(crate) fn piece(&self, piece: Piece, sq: Square) -> u64 {
        self.pieces[piece.index()][sq.index()]
    }

    /// `side` 0 is the king side (rook on the h-side of the king), 1 the queen side.
    #[inline(always)]
    pub(crate) fn castling(&self, color: Color, side: usize) -> u64 {
        self.castling[color.index()][side & 1]
    }

    /// The keys of the rights held in `before` or in `after` but not in both: XOR it into a
    /// key when the rights change.
    #[inline(always)]
    pub(crate) fn castling_change(&self, before: CastlingRights, after: CastlingRights) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if before.rook(color, side).is_some() != after.rook(color, side).is_some() {
                    key ^= self.castling(color, side as usize);
                }
            }
        }
        key
    }

    #[inline(always)]
    pub(crate) fn en_passant(&self, sq: Square) -> u64 {
        self.en_passant[sq.file().index()]
    }

    /// The turn number: in the key when white is to move, so every move XORs it once.
    #[inline(always)]
    pub(crate) fn white_to_move(&self) -> u64 {
        self.white_to_move
    }
}
