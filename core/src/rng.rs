/// SplitMix64: a tiny, seedable, `const`-friendly random generator with a fixed output stream.
///
/// Used where bb needs reproducible numbers with no dependency: Zobrist keys and seeded tests.
///
/// ```
/// let mut rng = bbcore::SplitMix64::new(1);
/// let a = rng.next_u64();
/// assert_ne!(a, rng.next_u64());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
