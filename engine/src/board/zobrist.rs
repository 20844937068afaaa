//! Zobrist keys: fixed random numbers, one per (piece, square), castling right, en passant
//! file and side to move, built at compile time from a seeded SplitMix64 stream.

use bbcore::{Color, Piece, SplitMix64, Square};

use super::castling::{CastleSide, CastlingRights};

/// All the random numbers a position key is made of.
pub(crate) struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [[u64; 2]; 2],
    en_passant: [u64; 8],
    black_to_move: u64,
}

const fn build() -> Keys {
    let mut rng = SplitMix64::new(0x0BB0_2026_C0FF_EE00);
    let mut keys = Keys { pieces: [[0; 64]; 12], castling: [[0; 2]; 2], en_passant: [0; 8], black_to_move: 0 };
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            keys.pieces[p][sq] = rng.next_u64();
            sq += 1;
        }
        p += 1;
    }
    let mut i = 0;
    while i < 4 {
        keys.castling[i / 2][i % 2] = rng.next_u64();
        i += 1;
    }
    let mut f = 0;
    while f < 8 {
        keys.en_passant[f] = rng.next_u64();
        f += 1;
    }
    keys.black_to_move = rng.next_u64();
    keys
}

pub(crate) static KEYS: Keys = build();

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
        self.en_passant[sq.file().index() as usize]
    }

    #[inline(always)]
    pub(crate) fn black_to_move(&self) -> u64 {
        self.black_to_move
    }
}
