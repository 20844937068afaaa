//! The seeded random source of every search.
//!
//! Each (slider, square) gets its own stream, so squares are searched independently and the
//! same seed gives the same magics on every machine:
//!
//! - the stream's key is the first word of ChaCha8 (`rand_chacha`, whose output the crate
//!   documents as value-stable across platforms and releases) keyed by the seed's
//!   little-endian bytes, on ChaCha stream number `stream`;
//! - the candidates themselves come from bbcore's `SplitMix64` started at that key, a fixed,
//!   in-tree stream. ChaCha alone would do, but unoptimised (as `cargo run -p bbgen` and the
//!   proc-macros run) it costs about a microsecond a word, and the fancy search draws tens of
//!   millions of words; SplitMix64 costs a few nanoseconds.

use bbcore::SplitMix64;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A reproducible random generator for one square's search.
#[derive(Clone, Debug)]
pub struct SearchRng(SplitMix64);

impl SearchRng {
    /// Stream `stream` of the generator keyed by `seed`.
    pub fn new(seed: u64, stream: u64) -> SearchRng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let mut chacha = ChaCha8Rng::from_seed(key);
        chacha.set_stream(stream);
        SearchRng(SplitMix64::new(chacha.next_u64()))
    }

    /// 64 uniformly random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A sparse candidate: the AND of three random words (about 8 bits set), which is what
    /// good magics look like.
    pub fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}
