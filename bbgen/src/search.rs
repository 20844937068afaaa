//! The dense magic search: seeded, reproducible, slow (run it on purpose, not in the build).
//!
//! For every (slider, square) it draws sparse random candidates from that square's own ChaCha
//! stream and keeps the valid ones (no harmful collision under the dense index) whose
//! *footprint* — the set of window slots they use — is small and compact. Constructive
//! collisions (different occupancies, same attacks, same slot) are what make a footprint
//! smaller than the number of subsets. The windows are then packed into one array first-fit,
//! largest first; an improvement loop spends most of its time on the squares that cost most
//! (rook corners and edges), swaps in better candidates and tries other packing orders, and
//! keeps any change that does not grow the array.

use bbcore::{Square, dense_magic_index};

use std::time::Instant;

use crate::dense::{DenseRecord, shift};
use crate::rng::SearchRng;
use crate::slider::{Cases, Slider};

/// The slots one magic uses in its square's window, with the attacks stored there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Footprint {
    /// The magic.
    pub magic: u64,
    /// Used slots, ascending, with their attacks.
    pub slots: Vec<(u16, u64)>,
}

impl Footprint {
    /// Lowest used slot.
    pub fn min(&self) -> usize {
        self.slots[0].0 as usize
    }

    /// Highest used slot.
    pub fn max(&self) -> usize {
        self.slots[self.slots.len() - 1].0 as usize
    }

    /// `max - min + 1`: how much of the array the window covers.
    pub fn span(&self) -> usize {
        self.max() - self.min() + 1
    }
}

/// Reusable buffers for evaluating candidates of one square.
pub struct Evaluator {
    cases: Cases,
    slider: Slider,
    values: Vec<u64>,
    stamp: Vec<u32>,
    epoch: u32,
}

/// Quick figures of a valid candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quick {
    /// Slots used.
    pub used: usize,
    /// Lowest used slot.
    pub min: usize,
    /// Highest used slot.
    pub max: usize,
}

impl Evaluator {
    /// An evaluator for `slider` on `sq`.
    pub fn new(slider: Slider, sq: Square) -> Evaluator {
        let size = 1 << slider.dense_bits();
        Evaluator { cases: slider.cases(sq), slider, values: vec![0; size], stamp: vec![0; size], epoch: 0 }
    }

    /// Checks `magic`; `None` on the first harmful collision, else its used/min/max.
    pub fn quick(&mut self, magic: u64) -> Option<Quick> {
        self.bounded(magic, usize::MAX)
    }

    /// Like [`Evaluator::quick`], but also gives up as soon as the span exceeds `limit`.
    pub fn bounded(&mut self, magic: u64, limit: usize) -> Option<Quick> {
        self.strided(magic, limit, 0)
    }

    /// Like [`Evaluator::bounded`], and also requires every used slot to have the same low
    /// `stride_bits` bits, so that `2^stride_bits` such windows can interleave.
    pub fn strided(&mut self, magic: u64, limit: usize, stride_bits: u32) -> Option<Quick> {
        let low = (1usize << stride_bits) - 1;
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        let shift = shift(self.slider);
        let (mut used, mut min, mut max) = (0, usize::MAX, 0);
        for (occ, &att) in self.cases.occupancies.iter().zip(&self.cases.attacks) {
            let i = dense_magic_index(*occ, self.cases.mask, magic, shift);
            if self.stamp[i] != self.epoch {
                self.stamp[i] = self.epoch;
                self.values[i] = att;
                used += 1;
                min = min.min(i);
                max = max.max(i);
                if max - min >= limit || (i ^ min) & low != 0 {
                    return None;
                }
            } else if self.values[i] != att {
                return None;
            }
        }
        Some(Quick { used, min, max })
    }

    /// The full footprint of a magic that [`Evaluator::quick`] accepted.
    pub fn footprint(&mut self, magic: u64) -> Option<Footprint> {
        let q = self.quick(magic)?;
        let slots =
            (q.min..=q.max).filter(|&i| self.stamp[i] == self.epoch).map(|i| (i as u16, self.values[i])).collect();
        Some(Footprint { magic, slots })
    }
}

/// Packs footprints into one array: each at the lowest offset where every used slot is free or
/// already holds the same attacks. Attacks are never empty, so 0 marks a free entry.
#[derive(Clone, Debug)]
pub struct Packer {
    values: Vec<u64>,
    len: usize,
    low: usize,
}

impl Default for Packer {
    fn default() -> Packer {
        Packer::new()
    }
}

impl Packer {
    /// An empty array.
    pub fn new() -> Packer {
        Packer { values: vec![0; 1 << 18], len: 0, low: 0 }
    }

    /// Entries used so far (one past the highest used entry).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is placed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn fits(&self, fp: &Footprint, offset: usize) -> bool {
        fp.slots.iter().all(|&(s, v)| {
            let e = self.values.get(offset + s as usize).copied().unwrap_or(0);
            e == 0 || e == v
        })
    }

    /// The lowest offset (never negative) at which `fp` fits.
    pub fn first_fit(&self, fp: &Footprint) -> usize {
        let mut offset = self.low.saturating_sub(fp.min());
        while !self.fits(fp, offset) {
            offset += 1;
        }
        offset
    }

    /// Writes `fp` at `offset` (which must fit).
    pub fn put(&mut self, fp: &Footprint, offset: usize) {
        let end = offset + fp.max() + 1;
        if end > self.values.len() {
            self.values.resize(end.next_power_of_two(), 0);
        }
        for &(s, v) in &fp.slots {
            self.values[offset + s as usize] = v;
        }
        self.len = self.len.max(end);
        while self.low < self.values.len() && self.values[self.low] != 0 {
            self.low += 1;
        }
    }
}

/// Greedy packing: squares in `order`; each takes, from its pool, the candidate that ends
/// lowest (ties: lowest end of its own window, then fewest slots) at its first fit.
/// Returns the chosen candidate and offset per square, and the total size.
pub fn greedy(pools: &[Vec<Footprint>], order: &[usize]) -> (Vec<usize>, Vec<usize>, usize) {
    let mut packer = Packer::new();
    let mut choice = vec![0; pools.len()];
    let mut offsets = vec![0; pools.len()];
    for &k in order {
        let mut best = (usize::MAX, usize::MAX, usize::MAX, 0, 0);
        for (c, fp) in pools[k].iter().enumerate() {
            let o = packer.first_fit(fp);
            let own_end = o + fp.max() + 1;
            let key = (own_end.max(packer.len()), own_end, fp.slots.len(), c, o);
            if key < best {
                best = key;
            }
        }
        let (_, _, _, c, o) = best;
        packer.put(&pools[k][c], o);
        choice[k] = c;
        offsets[k] = o;
    }
    (choice, offsets, packer.len())
}

impl Evaluator {
    /// Checks `magic` placed at `offset` in `table` (0 = free): rejects on the first harmful
    /// collision with itself or with what the table holds, or as soon as an entry would land at
    /// or past `end_limit`. Returns one past its highest entry if it fits.
    pub fn fits_at(&mut self, magic: u64, table: &[u64], offset: usize, end_limit: usize) -> Option<usize> {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        let shift = shift(self.slider);
        let mut end = 0;
        for (occ, &att) in self.cases.occupancies.iter().zip(&self.cases.attacks) {
            let i = dense_magic_index(*occ, self.cases.mask, magic, shift);
            let p = offset + i;
            if p >= end_limit {
                return None;
            }
            let t = table[p];
            if t != 0 && t != att {
                return None;
            }
            if self.stamp[i] != self.epoch {
                self.stamp[i] = self.epoch;
                self.values[i] = att;
                end = end.max(p + 1);
            } else if self.values[i] != att {
                return None;
            }
        }
        Some(end)
    }
}

/// One square's search state: its random stream, evaluator and pool of local optima.
struct SquareSearch {
    rng: SearchRng,
    eval: Evaluator,
    /// Distinct local optima, best (fewest slots plus a share of span) first.
    pool: Vec<Footprint>,
    /// The most compact random candidates, smallest span first.
    compact: Vec<Footprint>,
}

/// Local optima (and compact random candidates) a square keeps.
const POOL: usize = 160;

/// Local optima whose mutants are tried at every offset of the ladder, and how many each.
const MUTATED_PARENTS: usize = 8;
const MUTANTS: usize = 64;

/// The cost a climb minimises: slots used plus `weight`/8 of the span. Few slots mean many
/// constructive collisions; a small span keeps the window from spreading holes.
fn cost(q: Quick, weight: usize) -> usize {
    8 * q.used + weight * (q.max - q.min + 1)
}

impl SquareSearch {
    /// A random valid magic: sparse words and their complements (under `occupied | !mask` a
    /// magic with many ones acts like a small negative multiplier on the empty squares).
    fn start(&mut self) -> (u64, Quick) {
        loop {
            let magic = match self.rng.next_u64() % 3 {
                0 => self.rng.sparse(),
                1 => !self.rng.sparse(),
                _ => !(self.rng.next_u64() & self.rng.next_u64()),
            };
            if let Some(q) = self.eval.quick(magic) {
                return (magic, q);
            }
        }
    }

    /// One climb: from a random valid magic, flip one to three bits at a time and keep any
    /// valid change that does not raise the cost. The optimum joins the pool.
    fn climb(&mut self, steps: usize) {
        let weight = [1, 2, 4, 8][(self.rng.next_u64() % 4) as usize];
        let (mut magic, mut q) = self.start();
        let mut c = cost(q, weight);
        for _ in 0..steps {
            let r = self.rng.next_u64();
            let mut next = magic ^ (1 << (r & 63));
            if r & 0x100 != 0 {
                next ^= 1 << ((r >> 8) & 63);
            }
            if r & 0x300 == 0x300 {
                next ^= 1 << ((r >> 16) & 63);
            }
            if let Some(nq) = self.eval.quick(next) {
                let nc = cost(nq, weight);
                if nc <= c {
                    (magic, q, c) = (next, nq, nc);
                }
            }
        }
        let _ = q;
        if self.pool.iter().any(|f| f.magic == magic) {
            return;
        }
        if let Some(fp) = self.eval.footprint(magic) {
            self.pool.push(fp);
            self.pool.sort_by_key(|f| (8 * f.slots.len() + 2 * f.span(), f.magic));
            self.pool.truncate(POOL);
        }
    }
}

/// Climb steps per round for a square: rooks cost most, corners and edges most of all.
fn steps(slider: Slider, sq: Square) -> usize {
    match (slider, slider.mask(sq).count()) {
        (Slider::Rook, 12) => 12_000,
        (Slider::Rook, 11) => 10_000,
        (Slider::Rook, _) => 6_000,
        (Slider::Bishop, _) => 1_000,
    }
}

/// Random draws per round for a square, kept when their span is among the smallest.
fn draws(slider: Slider, sq: Square) -> usize {
    match (slider, slider.mask(sq).count()) {
        (Slider::Rook, 12) => 200_000,
        (Slider::Rook, 11) => 100_000,
        (Slider::Rook, _) => 40_000,
        (Slider::Bishop, _) => 4_000,
    }
}

impl SquareSearch {
    /// Draws random candidates and keeps the most compact (smallest span) in `compact`.
    fn draw(&mut self, n: usize) {
        let limit =
            if self.compact.len() >= POOL { self.compact.last().map_or(usize::MAX, |f| f.span()) } else { usize::MAX };
        for _ in 0..n {
            let magic = match self.rng.next_u64() % 3 {
                0 => self.rng.sparse(),
                1 => !self.rng.sparse(),
                _ => !(self.rng.next_u64() & self.rng.next_u64()),
            };
            if self.eval.bounded(magic, limit).is_none() || self.compact.iter().any(|f| f.magic == magic) {
                continue;
            }
            if let Some(fp) = self.eval.footprint(magic) {
                self.compact.push(fp);
                self.compact.sort_by_key(|f| (f.span(), f.slots.len(), f.magic));
                self.compact.truncate(POOL);
            }
        }
    }

    /// Every candidate: the local optima, then the compact ones.
    fn candidates(&self) -> impl Iterator<Item = &Footprint> {
        self.pool.iter().chain(&self.compact)
    }
}

/// Builds one array: squares in `order`, each at the placement, over its candidates and a
/// ladder of offsets from just below the lowest free entry to the end of the array, that ends
/// the array lowest (ties: fewer slots). A candidate is dropped at its first entry that clashes
/// with the array or lands past the best end so far, so the ladder is cheap.
fn construct(squares: &mut [SquareSearch], order: &[usize]) -> (Vec<u64>, Vec<usize>, usize) {
    let mut table = vec![0u64; 1 << 19];
    let mut len = 0usize;
    let mut low = 0usize;
    let mut magics = vec![0; squares.len()];
    let mut offsets = vec![0; squares.len()];
    for &k in order {
        let s = &mut squares[k];
        let window = 1usize << s.eval.slider.dense_bits();
        let from = low.saturating_sub(window / 2);
        let step = ((len.max(from) - from) / 192).max(8);
        let mut ladder: Vec<usize> = (from..=len.max(from)).step_by(step).collect();
        ladder.extend((0..16).map(|i| len.saturating_sub(i * (window / 16))));
        ladder.push(len);
        ladder.sort_unstable();
        ladder.dedup();
        let mut best: Option<(usize, usize, u64, usize)> = None;
        let candidates: Vec<(u64, usize)> = s.candidates().map(|f| (f.magic, f.slots.len())).collect();
        // Mutants of the best local optima: one to three bits flipped. They keep most of the
        // parent's structure (and its constructive collisions) but shift its holes around.
        let parents: Vec<u64> = s.pool.iter().take(MUTATED_PARENTS).map(|f| f.magic).collect();
        for &offset in &ladder {
            for &(magic, used) in &candidates {
                let limit = best.map_or(usize::MAX, |b| b.0 + 1).min(offset + window + 1);
                if let Some(end) = s.eval.fits_at(magic, &table, offset, limit) {
                    let key = (end.max(len), used, magic, offset);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
            for &parent in &parents {
                for _ in 0..MUTANTS {
                    let r = s.rng.next_u64();
                    let mut magic = parent ^ (1 << (r & 63)) ^ (1 << ((r >> 6) & 63));
                    if r & (1 << 12) != 0 {
                        magic ^= 1 << ((r >> 13) & 63);
                    }
                    let limit = best.map_or(usize::MAX, |b| b.0 + 1).min(offset + window + 1);
                    if let Some(end) = s.eval.fits_at(magic, &table, offset, limit) {
                        let key = (end.max(len), usize::MAX, magic, offset);
                        if best.is_none_or(|b| key < b) {
                            best = Some(key);
                        }
                    }
                }
            }
        }
        // At `len` every valid candidate fits, so `best` is set.
        let (_, _, magic, offset) = best.unwrap_or((0, 0, candidates[0].0, len));
        let cases = &s.eval.cases;
        for (occ, &att) in cases.occupancies.iter().zip(&cases.attacks) {
            let p = offset + dense_magic_index(*occ, cases.mask, magic, shift(s.eval.slider));
            table[p] = att;
            len = len.max(p + 1);
        }
        while table[low] != 0 {
            low += 1;
        }
        magics[k] = magic;
        offsets[k] = offset;
    }
    (magics, offsets, len)
}

/// Progress and result of a dense search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The best magics and offsets found.
    pub record: DenseRecord,
    /// Rounds completed (the search is a pure function of seed and rounds).
    pub rounds: u64,
}

/// Runs the dense search from `seed` for about `seconds`, in whole rounds. Every round is a
/// pure function of the seed and the rounds before it, so the same seed and number of rounds
/// give the same magics on any machine. `log` receives a line per improvement.
///
/// A round: every square climbs once more (rooks with more steps), adding a local optimum to
/// its pool; then the pools are packed greedily ([`greedy`]) in the best order so far and in
/// a few perturbed orders, and the smallest array is kept.
pub fn search_dense(seed: u64, seconds: u64, max_rounds: Option<u64>, log: &mut dyn FnMut(&str)) -> SearchResult {
    let start = Instant::now();
    let keys: Vec<(Slider, Square)> =
        Slider::ALL.into_iter().flat_map(|slider| Square::ALL.into_iter().map(move |sq| (slider, sq))).collect();
    let mut squares: Vec<SquareSearch> = keys
        .iter()
        .map(|&(slider, sq)| SquareSearch {
            rng: SearchRng::new(seed, slider.stream(sq)),
            eval: Evaluator::new(slider, sq),
            pool: Vec::new(),
            compact: Vec::new(),
        })
        .collect();
    let mut rng = SearchRng::new(seed, 1000);
    let mut order: Vec<usize> = Vec::new();
    let mut best: Option<(Vec<u64>, Vec<usize>, usize)> = None;
    let mut rounds = 0;
    loop {
        rounds += 1;
        for (s, &(slider, sq)) in squares.iter_mut().zip(&keys) {
            s.climb(steps(slider, sq));
            s.draw(draws(slider, sq));
        }
        if order.is_empty() {
            // Rooks before bishops, most relevant squares first; bishops fill holes last.
            order = (0..keys.len()).collect();
            order.sort_by_key(|&k| {
                (keys[k].0 == Slider::Bishop, std::cmp::Reverse(keys[k].0.mask(keys[k].1).count()), k)
            });
        }
        let mut this_order = order.clone();
        if rounds > 1 {
            for _ in 0..3 {
                let r = rng.next_u64();
                let a = (r >> 8) as usize % this_order.len();
                let b = (a + 1 + (r >> 24) as usize % 8).min(this_order.len() - 1);
                this_order.swap(a, b);
            }
        }
        let (magics, offsets, total) = construct(&mut squares, &this_order);
        if best.as_ref().is_none_or(|b| total <= b.2) {
            if best.as_ref().is_none_or(|b| total < b.2) {
                log(&format!("round {rounds}: {total} entries ({:.0} s)", start.elapsed().as_secs_f64()));
            }
            best = Some((magics, offsets, total));
            order = this_order;
        }
        if max_rounds.is_some_and(|m| rounds >= m) || (max_rounds.is_none() && start.elapsed().as_secs() >= seconds) {
            break;
        }
    }
    let (magics, offsets, total) = best.expect("at least one round ran");
    let entry = |k: usize| (magics[k], offsets[k] as u32);
    let record = DenseRecord {
        seed,
        entries: total,
        seconds: start.elapsed().as_secs(),
        command: String::new(),
        rook: (0..64).map(entry).collect(),
        bishop: (64..128).map(entry).collect(),
    };
    SearchResult { record, rounds }
}
