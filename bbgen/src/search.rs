//! The dense magic search: seeded, reproducible, slow (run it on purpose, not in the build).
//!
//! Every (slider, square) has its own random stream and keeps two pools of valid magics (no
//! harmful collision under the dense index), each described by its *footprint*, the window
//! slots it uses: the most compact (smallest span) and the leanest (fewest slots, plus part of
//! the span). Constructive collisions — different occupancies, same attacks, same slot — are
//! what make a footprint smaller than the number of subsets. The pools are seeded with every
//! structured four-group magic, then fed by random sparse magics and hill climbs. The windows
//! are packed into one array at exact offsets, largest masks first, and improved by
//! ruin-and-recreate moves that keep any change that grows neither the array nor the sum of
//! the positions of its used entries (a compaction potential). See [`search_dense`].

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

    /// Starts a fresh evaluation: slots stamped with an older epoch count as free.
    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
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
        self.next_epoch();
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

impl Evaluator {
    /// Checks `magic` placed at `offset` in `table` (0 = free): rejects on the first harmful
    /// collision with itself or with what the table holds, or as soon as an entry would land at
    /// or past `end_limit`. Returns one past its highest entry and the sum of the positions of
    /// its entries (what the packing minimises after the length) if it fits.
    pub fn fits_at(&mut self, magic: u64, table: &[u64], offset: usize, end_limit: usize) -> Option<(usize, u64)> {
        self.next_epoch();
        let shift = shift(self.slider);
        let (mut end, mut sum) = (0, 0);
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
                sum += p as u64;
            } else if self.values[i] != att {
                return None;
            }
        }
        Some((end, sum))
    }
}

impl Evaluator {
    /// How many occupancies of `magic` placed at `offset` clash: land on an entry of `table`
    /// that holds other attacks, on a window slot an occupancy with other attacks took first,
    /// or at or past `end_limit`. Counting stops once it passes `cap`. A climb that drives this
    /// to zero finds a magic that fits the holes of the array where random draws almost never
    /// do (a window must miss every used entry at once).
    pub fn conflicts(&mut self, magic: u64, table: &[u64], offset: usize, end_limit: usize, cap: usize) -> usize {
        self.next_epoch();
        let shift = shift(self.slider);
        let mut clashes = 0;
        for (occ, &att) in self.cases.occupancies.iter().zip(&self.cases.attacks) {
            let i = dense_magic_index(*occ, self.cases.mask, magic, shift);
            let p = offset + i;
            let clash = if p >= end_limit {
                true
            } else if self.stamp[i] != self.epoch {
                self.stamp[i] = self.epoch;
                self.values[i] = att;
                let t = table[p];
                t != 0 && t != att
            } else {
                self.values[i] != att
            };
            if clash {
                clashes += 1;
                if clashes > cap {
                    break;
                }
            }
        }
        clashes
    }
}

/// One square's search state: its random stream, evaluator and pool of local optima.
pub(crate) struct SquareSearch {
    pub(crate) rng: SearchRng,
    pub(crate) eval: Evaluator,
    /// Distinct local optima, best (fewest slots plus a share of span) first.
    pub(crate) pool: Vec<Footprint>,
    /// The most compact random candidates, smallest span first.
    pub(crate) compact: Vec<Footprint>,
}

/// Local optima (and compact random candidates) a square keeps.
const POOL: usize = 160;

/// The cost a climb minimises: slots used plus `weight`/8 of the span. Few slots mean many
/// constructive collisions; a small span keeps the window from spreading holes.
fn cost(q: Quick, weight: usize) -> usize {
    8 * q.used + weight * (q.max - q.min + 1)
}

impl SquareSearch {
    /// A random valid magic: sparse words and their complements (under `occupied | !mask` a
    /// magic with many ones acts like a small negative multiplier on the empty squares).
    fn raw(&mut self) -> u64 {
        match self.rng.next_u64() % 3 {
            0 => self.rng.sparse(),
            1 => !self.rng.sparse(),
            _ => !(self.rng.next_u64() & self.rng.next_u64()),
        }
    }

    /// A random valid magic.
    fn start(&mut self) -> (u64, Quick) {
        loop {
            let magic = self.raw();
            if let Some(q) = self.eval.quick(magic) {
                return (magic, q);
            }
        }
    }

    /// One climb: from a random valid magic, flip one to three bits at a time and keep any
    /// valid change that does not raise the cost. The optimum joins the pool.
    pub(crate) fn climb(&mut self, steps: usize) {
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
        self.offer(magic, q);
    }
}

/// Climb steps per round for a square: rooks cost most, corners and edges most of all.
pub(crate) fn steps(slider: Slider, sq: Square) -> usize {
    match (slider, slider.mask(sq).count()) {
        (Slider::Rook, 12) => 12_000,
        (Slider::Rook, 11) => 10_000,
        (Slider::Rook, _) => 6_000,
        (Slider::Bishop, _) => 1_000,
    }
}

/// Random draws per round for a square, kept when their span is among the smallest.
pub(crate) fn draws(slider: Slider, sq: Square) -> usize {
    match (slider, slider.mask(sq).count()) {
        (Slider::Rook, 12) => 200_000,
        (Slider::Rook, 11) => 100_000,
        (Slider::Rook, _) => 40_000,
        (Slider::Bishop, _) => 4_000,
    }
}

/// The kept-candidate orders: compact pool by (span, slots), lean pool by slots plus a quarter
/// of the span.
fn compact_key(f: &Footprint) -> (usize, usize, u64) {
    (f.span(), f.slots.len(), f.magic)
}

fn lean_key(f: &Footprint) -> (usize, usize, u64) {
    (8 * f.slots.len() + 2 * f.span(), f.span(), f.magic)
}

impl SquareSearch {
    /// Offers a candidate to both pools; keeps it where it ranks among the best [`POOL`].
    fn offer(&mut self, magic: u64, q: Quick) {
        let span = q.max - q.min + 1;
        let beats = |pool: &[Footprint], key: (usize, usize, u64), of: fn(&Footprint) -> (usize, usize, u64)| {
            pool.len() < POOL || pool.last().is_some_and(|w| key < of(w))
        };
        let to_compact = beats(&self.compact, (span, q.used, magic), compact_key);
        let to_lean = beats(&self.pool, (8 * q.used + 2 * span, span, magic), lean_key);
        if !(to_compact || to_lean) || self.compact.iter().chain(&self.pool).any(|f| f.magic == magic) {
            return;
        }
        let Some(fp) = self.eval.footprint(magic) else { return };
        if to_compact {
            self.compact.push(fp.clone());
            self.compact.sort_by_key(compact_key);
            self.compact.truncate(POOL);
        }
        if to_lean {
            self.pool.push(fp);
            self.pool.sort_by_key(lean_key);
            self.pool.truncate(POOL);
        }
    }

    /// Draws random candidates into the pools.
    pub(crate) fn draw(&mut self, n: usize) {
        for _ in 0..n {
            let magic = self.raw();
            if let Some(q) = self.eval.quick(magic) {
                self.offer(magic, q);
            }
        }
    }

    /// Tries every structured magic of four groups, each group `1` or `3` (`0b11`) shifted
    /// to its own place, and its negation and complement. Multiplying by `3 << s` adds an
    /// occupancy at two neighbouring scales, and the carries between them merge the states of
    /// a ray behind its first blocker: many constructive collisions in a compact window. About
    /// 22 million candidates a square, most rejected at their first collision.
    pub(crate) fn structured(&mut self) {
        for a in 0..64u32 {
            for b in a + 2..64 {
                for c in b + 2..64 {
                    for d in c + 2..64 {
                        for groups in 0..16u32 {
                            let g = |i: u32, at: u32| (1 + 2 * u64::from(groups >> i & 1)).wrapping_shl(at);
                            let m = g(0, a).wrapping_add(g(1, b)).wrapping_add(g(2, c)).wrapping_add(g(3, d));
                            for magic in [m, m.wrapping_neg(), !m] {
                                if let Some(q) = self.eval.quick(magic) {
                                    self.offer(magic, q);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every candidate: the local optima, then the compact ones.
    pub(crate) fn candidates(&self) -> impl Iterator<Item = &Footprint> {
        self.pool.iter().chain(&self.compact)
    }
}

/// The shared array being packed: entries with reference counts (windows may share an entry
/// where they agree), each square's magic, offset and end, and the sum of the positions of the
/// used entries.
///
/// The search minimises the length first and that sum second. The sum is a compaction
/// potential: it falls when a window moves to a lower offset or switches to a magic that uses
/// fewer slots, so moves that keep the length still pay off when they push windows towards
/// the front, and the holes they leave behind drift to the end, where the last windows can
/// fall into them and shorten the array.
pub(crate) struct Arrangement {
    pub(crate) values: Vec<u64>,
    refs: Vec<u8>,
    pub(crate) placed: Vec<Option<(u64, usize, usize)>>,
    /// Sum of the positions of the entries with a nonzero reference count.
    position_sum: u64,
}

/// The placement a square gets: lowest array length, then lowest sum of entry positions;
/// magic and offset break ties so the choice never depends on the order candidates come in.
type PlacementKey = (usize, u64, u64, usize);

impl Arrangement {
    pub(crate) fn new(squares: usize) -> Arrangement {
        Arrangement { values: vec![0; 1 << 19], refs: vec![0; 1 << 19], placed: vec![None; squares], position_sum: 0 }
    }

    /// One past the last used entry.
    pub(crate) fn len(&self) -> usize {
        self.placed.iter().flatten().map(|p| p.2).max().unwrap_or(0)
    }

    /// What the search minimises: the length, then the sum of the used entries' positions.
    fn score(&self) -> (usize, u64) {
        (self.len(), self.position_sum)
    }

    /// The lowest free entry.
    fn low(&self) -> usize {
        self.refs.iter().position(|&r| r == 0).unwrap_or(self.refs.len())
    }

    pub(crate) fn put(&mut self, k: usize, s: &SquareSearch, magic: u64, offset: usize) {
        let cases = &s.eval.cases;
        let mut end = 0;
        for (occ, &att) in cases.occupancies.iter().zip(&cases.attacks) {
            let p = offset + dense_magic_index(*occ, cases.mask, magic, shift(s.eval.slider));
            if self.values[p] != att {
                self.values[p] = att;
                self.refs[p] = 0;
            }
            end = end.max(p + 1);
        }
        // Count each distinct entry of the window once.
        let mut seen = vec![false; 1 << s.eval.slider.dense_bits()];
        for occ in &cases.occupancies {
            let i = dense_magic_index(*occ, cases.mask, magic, shift(s.eval.slider));
            if !seen[i] {
                seen[i] = true;
                let p = offset + i;
                if self.refs[p] == 0 {
                    self.position_sum += p as u64;
                }
                self.refs[p] += 1;
            }
        }
        self.placed[k] = Some((magic, offset, end));
    }

    /// Puts every window of a verified record back where it was (its windows agree wherever
    /// they overlap); `squares` in [`square_searches`] order.
    pub(crate) fn put_record(&mut self, record: &DenseRecord, squares: &[SquareSearch]) {
        for (k, &(magic, offset)) in record.rook.iter().chain(&record.bishop).enumerate() {
            self.put(k, &squares[k], magic, offset as usize);
        }
    }

    pub(crate) fn remove(&mut self, k: usize, s: &SquareSearch) {
        let Some((magic, offset, _)) = self.placed[k].take() else { return };
        let cases = &s.eval.cases;
        let mut seen = vec![false; 1 << s.eval.slider.dense_bits()];
        for occ in &cases.occupancies {
            let i = dense_magic_index(*occ, cases.mask, magic, shift(s.eval.slider));
            if !seen[i] {
                seen[i] = true;
                let p = offset + i;
                self.refs[p] -= 1;
                if self.refs[p] == 0 {
                    self.values[p] = 0;
                    self.position_sum -= p as u64;
                }
            }
        }
    }

    /// Places square `k` where it ends the array lowest and, among those places, where the sum
    /// of its entries' positions is lowest (few slots, low offset): every candidate of its
    /// pools at every offset from the lowest free entry, plus `draws` fresh random and mutated
    /// magics on a ladder of offsets from just below the lowest free entry to the end. A
    /// candidate is dropped at its first entry that clashes with the array or lands past the
    /// best end so far, so the ladder is cheap.
    fn place(&mut self, k: usize, s: &mut SquareSearch, draws: usize, climbs: usize, climb_steps: usize) {
        let len = self.len();
        let low = self.low();
        let window = 1usize << s.eval.slider.dense_bits();
        let from = low.saturating_sub(window / 2);
        let step = ((len.max(from) - from) / 192).max(8);
        let mut ladder: Vec<usize> = (from..=len.max(from)).step_by(step).collect();
        ladder.extend((0..16).map(|i| len.saturating_sub(i * (window / 16))));
        ladder.push(len);
        ladder.sort_unstable();
        ladder.dedup();
        // Fresh magics: half random, half mutants (one to three bits flipped) of the best local
        // optima, which keep most of their parent's constructive collisions.
        let mut fresh: Vec<u64> = Vec::with_capacity(draws);
        for n in 0..draws {
            let magic = if n % 2 == 0 || s.pool.is_empty() {
                s.raw()
            } else {
                let r = s.rng.next_u64();
                let parent = s.pool[(r >> 32) as usize % s.pool.len().min(16)].magic;
                let mut magic = parent ^ (1 << (r & 63)) ^ (1 << ((r >> 6) & 63));
                if r & (1 << 12) != 0 {
                    magic ^= 1 << ((r >> 13) & 63);
                }
                magic
            };
            fresh.push(magic);
        }
        let mut best: Option<PlacementKey> = None;
        // Pool candidates: every offset that puts the window's first slot on a free entry,
        // lowest first (exact offsets matter: windows with alternating slots interleave only at
        // the right parity), until one fits. The key grows with the offset, so the first fit is
        // the candidate's best. Below the end only the holes can take a first slot, so the scan
        // walks the list of holes (about a fifth of the array) and then the free space past the
        // end.
        let holes: Vec<usize> = (low..len).filter(|&p| self.values[p] == 0).collect();
        let values = &self.values;
        let fits = |fp: &Footprint, offset: usize| {
            fp.slots.iter().all(|&(i, v)| {
                let e = values[offset + i as usize];
                e == 0 || e == v
            })
        };
        for fp in s.pool.iter().chain(&s.compact) {
            let used = fp.slots.len() as u64;
            let slot_sum: u64 = fp.slots.iter().map(|&(i, _)| u64::from(i)).sum();
            for first in holes.iter().copied().chain(len.max(low)..) {
                let Some(offset) = first.checked_sub(fp.min()) else { continue };
                let end = offset + fp.max() + 1;
                let key = (end.max(len), used * offset as u64 + slot_sum, fp.magic, offset);
                if best.is_some_and(|b| key >= b) {
                    break;
                }
                if fits(fp, offset) {
                    best = Some(key);
                    break;
                }
            }
        }
        for &offset in &ladder {
            for &magic in &fresh {
                let limit = best.map_or(usize::MAX, |b| b.0 + 1).min(offset + window + 1);
                if let Some((end, sum)) = s.eval.fits_at(magic, &self.values, offset, limit) {
                    let key = (end.max(len), sum, magic, offset);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
        }
        for _ in 0..climbs {
            if let Some(key) = self.climb_in(s, len, from, climb_steps, best) {
                best = Some(key);
            }
        }
        // Past the end every valid candidate fits, and the pools are never empty.
        let fallback = || (0, 0, s.candidates().next().map_or(0, |f| f.magic), len);
        let (_, _, magic, offset) = best.unwrap_or_else(fallback);
        self.put(k, s, magic, offset);
    }
}

impl Arrangement {
    /// A min-conflicts climb in context: starts from the pool candidate and offset (out of a
    /// sample) whose slots clash with the fewest used entries, then flips one to three bits of
    /// the magic or nudges the offset, keeping any change that does not add clashes (see
    /// [`Evaluator::conflicts`]), until nothing clashes or `steps` run out. The window must end
    /// by the best placement's end, so a fit is never worse on length. Returns the fit's key if
    /// it beats `best`.
    fn climb_in(
        &self,
        s: &mut SquareSearch,
        len: usize,
        from: usize,
        steps: usize,
        best: Option<PlacementKey>,
    ) -> Option<PlacementKey> {
        let end_limit = best.map_or(len, |b| b.0);
        let values = &self.values;
        let clashes = |fp: &Footprint, offset: usize| {
            fp.slots
                .iter()
                .filter(|&&(i, v)| {
                    let p = offset + i as usize;
                    p >= end_limit || (values[p] != 0 && values[p] != v)
                })
                .count()
        };
        // The start: of the leanest and most compact candidates, each at 32 random offsets whose
        // window lies within [from, end_limit), the pair with the fewest clashes.
        let SquareSearch { rng, eval, pool, compact } = s;
        let mut start: Option<(usize, u64, usize)> = None;
        for fp in pool.iter().take(8).chain(compact.iter().take(4)) {
            for _ in 0..32 {
                let room = end_limit.saturating_sub(from + fp.span());
                let first = from + (rng.next_u64() as usize % (room + 1));
                let offset = first.saturating_sub(fp.min());
                let c = clashes(fp, offset);
                if start.is_none_or(|(b, _, _)| c < b) {
                    start = Some((c, fp.magic, offset));
                }
            }
        }
        let (_, mut magic, mut offset) = start?;
        let mut cost = eval.conflicts(magic, values, offset, end_limit, usize::MAX);
        for _ in 0..steps {
            if cost == 0 {
                break;
            }
            let r = rng.next_u64();
            let (mut next, mut next_offset) = (magic, offset);
            if r & 0x7 == 0 {
                let nudge = 1 + (r >> 3) as usize % 4;
                next_offset = if r & 0x80 != 0 { offset + nudge } else { offset.saturating_sub(nudge) };
            } else {
                next ^= 1 << ((r >> 8) & 63);
                if r & 0x10 != 0 {
                    next ^= 1 << ((r >> 16) & 63);
                }
                if r & 0x30 == 0x30 {
                    next ^= 1 << ((r >> 24) & 63);
                }
            }
            let c = eval.conflicts(next, values, next_offset, end_limit, cost);
            if c <= cost {
                (magic, offset, cost) = (next, next_offset, c);
            }
        }
        if cost != 0 {
            return None;
        }
        let (end, sum) = eval.fits_at(magic, values, offset, end_limit)?;
        let key = (end.max(len), sum, magic, offset);
        best.is_none_or(|b| key < b).then_some(key)
    }
}

/// The squares one ruin-and-recreate move takes out, from the random word `r`:
///
/// - a quarter of the moves: the square that ends the array and one to three others, mostly
///   windows reaching into the last 8,192 entries (only a change there shortens the array);
/// - a quarter: one to three such squares, without the last;
/// - half: a random square and up to three squares whose windows overlap its window, so a
///   crowded stretch of the array is repacked as a whole (this is what compacts the front).
fn ruin(table: &Arrangement, len: usize, r: u64) -> Vec<usize> {
    let squares = table.placed.len();
    let extra = 1 + (r >> 2) as usize % 3;
    let mut ruined: Vec<usize> = Vec::new();
    let add = |k: usize, ruined: &mut Vec<usize>| {
        if !ruined.contains(&k) {
            ruined.push(k);
        }
    };
    if r & 2 == 0 {
        if r & 1 == 0 {
            let last = (0..squares).max_by_key(|&k| table.placed[k].map_or(0, |p| p.2)).unwrap_or(0);
            add(last, &mut ruined);
        }
        let near: Vec<usize> = (0..squares).filter(|&k| table.placed[k].is_some_and(|p| p.2 + 8192 >= len)).collect();
        for i in 0..extra {
            let pick = (r >> (8 + 8 * i)) as usize;
            let k =
                if pick & 1 == 0 && !near.is_empty() { near[(pick >> 1) % near.len()] } else { (pick >> 1) % squares };
            add(k, &mut ruined);
        }
    } else {
        let first = (r >> 8) as usize % squares;
        add(first, &mut ruined);
        if let Some((_, from, to)) = table.placed[first] {
            let overlapping: Vec<usize> = (0..squares)
                .filter(|&k| k != first && table.placed[k].is_some_and(|(_, o, e)| o < to && from < e))
                .collect();
            for i in 0..extra.min(overlapping.len()) {
                add(overlapping[(r >> (24 + 10 * i)) as usize % overlapping.len()], &mut ruined);
            }
        }
    }
    ruined
}

/// The 128 (slider, square) keys, rooks first, and for each an empty search state on its own
/// random stream of `seed`.
pub(crate) fn square_searches(seed: u64) -> (Vec<(Slider, Square)>, Vec<SquareSearch>) {
    let keys: Vec<(Slider, Square)> =
        Slider::ALL.into_iter().flat_map(|slider| Square::ALL.into_iter().map(move |sq| (slider, sq))).collect();
    let squares = keys
        .iter()
        .map(|&(slider, sq)| SquareSearch {
            rng: SearchRng::new(seed, slider.stream(sq)),
            eval: Evaluator::new(slider, sq),
            pool: Vec::new(),
            compact: Vec::new(),
        })
        .collect();
    (keys, squares)
}

/// Progress and result of a dense search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The best magics and offsets found.
    pub record: DenseRecord,
    /// Rounds completed (the search is a pure function of seed and rounds).
    pub rounds: u64,
}

/// How much work a dense search does per round; [`SearchParams::DEFAULT`] is what
/// `search-dense` uses (and what the recorded magics were found with).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Rounds of pool building before the first packing.
    pub pool_rounds: usize,
    /// Ruin-and-recreate moves per round.
    pub moves_per_round: usize,
    /// Whether to try every structured four-group magic first (about 160 s).
    pub structured: bool,
    /// Fresh random and mutated magics tried in context when a rook is put back (a tenth of
    /// that for a bishop).
    pub fresh_draws: usize,
    /// Min-conflicts climbs tried in context when a square is put back; 0 turns them off.
    pub climbs: usize,
    /// Steps of each such climb for a rook (a quarter of that for a bishop).
    pub climb_steps: usize,
    /// How far above the best position sum a move may leave the sum (at the best length) and
    /// still be kept: 0 keeps only moves that do not make things worse; more lets the search
    /// walk across plateaus (record-to-record travel).
    pub slack: u64,
}

impl SearchParams {
    /// The parameters of `search-dense`.
    pub const DEFAULT: SearchParams = SearchParams {
        pool_rounds: 12,
        moves_per_round: 100,
        structured: true,
        fresh_draws: 2_000,
        climbs: 1,
        climb_steps: 3_000,
        slack: 1_000_000,
    };
}

/// Runs the dense search from `seed` for about `seconds`, in whole rounds. Every round is a
/// pure function of the seed, the starting record (if any) and the rounds before it, so the
/// same inputs and number of rounds give the same magics on any machine. `log` receives a
/// line per improvement.
///
/// 1. Every square builds a pool of candidates: local optima of a climb that minimises slots
///    used (constructive collisions) plus part of the span, and the most compact random
///    magics (sparse words and their complements).
/// 2. The squares are placed one by one, rook corners and edges first and bishops last to
///    fill holes, each where it ends the array lowest and, among those places, where the sum
///    of its entries' positions is lowest. With `from`, a verified record's windows are put
///    back as they were instead, so a search can go on where an earlier one stopped.
/// 3. Each round then grows the pools and makes `moves_per_round` ruin-and-recreate moves:
///    take out the square that ends the array and squares near the end, or a random square
///    and squares whose windows overlap it; put them back in random order, each at its best
///    placement (with fresh random and mutated magics, and min-conflicts climbs, tried in
///    context), and keep the change unless the length grew or the sum of used entry positions
///    rose more than `slack` above the best at that length.
pub fn search_dense(
    seed: u64,
    params: SearchParams,
    seconds: u64,
    max_rounds: Option<u64>,
    from: Option<&DenseRecord>,
    log: &mut dyn FnMut(&str),
) -> SearchResult {
    let start = Instant::now();
    let (keys, mut squares) = square_searches(seed);
    let mut rng = SearchRng::new(seed, 1000);
    if params.structured {
        for s in &mut squares {
            s.structured();
        }
        log(&format!("structured candidates tried ({:.0} s)", start.elapsed().as_secs_f64()));
    }
    for _ in 0..params.pool_rounds {
        for (s, &(slider, sq)) in squares.iter_mut().zip(&keys) {
            s.climb(steps(slider, sq));
            s.draw(draws(slider, sq));
        }
    }
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by_key(|&k| (keys[k].0 == Slider::Bishop, std::cmp::Reverse(keys[k].0.mask(keys[k].1).count()), k));
    let mut table = Arrangement::new(keys.len());
    match from {
        // A verified record's windows agree wherever they overlap, so they go back as they were.
        Some(record) => table.put_record(record, &squares),
        None => {
            for &k in &order {
                table.place(k, &mut squares[k], 0, 0, 0);
            }
        }
    }
    let built = table.score();
    log(&format!("built: {} entries ({:.0} s)", built.0, start.elapsed().as_secs_f64()));
    // The best arrangement so far: a move may leave the position sum up to `slack` above its
    // sum, but never the length above its length, so the current length is always the best.
    let (mut best, mut best_placed) = (built, table.placed.clone());
    let mut rounds = 0;
    loop {
        rounds += 1;
        for (s, &(slider, sq)) in squares.iter_mut().zip(&keys) {
            s.climb(steps(slider, sq) / 4);
            s.draw(draws(slider, sq) / 4);
        }
        for _ in 0..params.moves_per_round {
            let r = rng.next_u64();
            let mut ruined = ruin(&table, best.0, r);
            let saved: Vec<(usize, (u64, usize, usize))> =
                ruined.iter().filter_map(|&k| table.placed[k].map(|p| (k, p))).collect();
            for &k in &ruined {
                table.remove(k, &squares[k]);
            }
            // Random order of reinsertion.
            for i in (1..ruined.len()).rev() {
                let j = rng.next_u64() as usize % (i + 1);
                ruined.swap(i, j);
            }
            for &k in &ruined {
                let fresh = if keys[k].0 == Slider::Rook { params.fresh_draws } else { params.fresh_draws / 10 };
                let climb = if keys[k].0 == Slider::Rook { params.climb_steps } else { params.climb_steps / 4 };
                table.place(k, &mut squares[k], fresh, params.climbs, climb);
            }
            let new_score = table.score();
            if new_score.0 < best.0 || (new_score.0 == best.0 && new_score.1 <= best.1 + params.slack) {
                if new_score.0 < best.0 {
                    log(&format!("round {rounds}: {} entries ({:.0} s)", new_score.0, start.elapsed().as_secs_f64()));
                }
                if new_score < best {
                    (best, best_placed) = (new_score, table.placed.clone());
                }
            } else {
                for &k in &ruined {
                    table.remove(k, &squares[k]);
                }
                for &(k, (magic, offset, _)) in &saved {
                    table.put(k, &squares[k], magic, offset);
                }
            }
        }
        if max_rounds.is_some_and(|m| rounds >= m) || (max_rounds.is_none() && start.elapsed().as_secs() >= seconds) {
            break;
        }
    }
    let entry = |k: usize| best_placed[k].map_or((0, 0), |(magic, offset, _)| (magic, offset as u32));
    let record = DenseRecord {
        seed,
        entries: best.0,
        seconds: start.elapsed().as_secs(),
        rounds,
        command: String::new(),
        from: String::new(),
        rook: (0..64).map(entry).collect(),
        bishop: (64..128).map(entry).collect(),
    };
    SearchResult { record, rounds }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bishop_search(sq: Square, seed: u64) -> SquareSearch {
        let mut s = SquareSearch {
            rng: SearchRng::new(seed, Slider::Bishop.stream(sq)),
            eval: Evaluator::new(Slider::Bishop, sq),
            pool: Vec::new(),
            compact: Vec::new(),
        };
        // A climb always ends at a valid magic, so the pool is never empty (as in the search).
        s.climb(200);
        s.draw(2_000);
        s
    }

    /// The position sum recomputed from the reference counts.
    fn recount(table: &Arrangement) -> u64 {
        table.refs.iter().enumerate().filter(|&(_, &r)| r > 0).map(|(p, _)| p as u64).sum()
    }

    /// Every placed window reads back the reference attacks of every occupancy.
    fn check_all(table: &Arrangement, what: &str) {
        for (k, sq) in Square::ALL.into_iter().enumerate() {
            let Some((magic, offset, _)) = table.placed[k] else { continue };
            let cases = Slider::Bishop.cases(sq);
            for (occ, &att) in cases.occupancies.iter().zip(&cases.attacks) {
                let p = offset + dense_magic_index(*occ, cases.mask, magic, shift(Slider::Bishop));
                assert_eq!(table.values[p], att, "{what}: bishop {sq} occupancy {:#x} at {p}", occ.0);
            }
        }
    }

    #[test]
    fn conflicts_count_clashes_with_the_table_the_window_and_the_end() {
        let s = bishop_search(Square::D4, 5);
        let fp = s.pool[0].clone();
        let mut eval = Evaluator::new(Slider::Bishop, Square::D4);
        let occupancies = eval.cases.occupancies.len();
        let mut table = vec![0u64; 1 << 12];
        // A valid magic in an empty array clashes nowhere, and fits there.
        assert_eq!(eval.conflicts(fp.magic, &table, 100, table.len(), usize::MAX), 0);
        assert!(eval.fits_at(fp.magic, &table, 100, table.len()).is_some());
        // Other attacks on one of its slots: every occupancy that maps there clashes.
        let (slot, attacks) = fp.slots[0];
        table[100 + slot as usize] = attacks ^ 1;
        let at_slot = eval
            .cases
            .occupancies
            .iter()
            .filter(|&&occ| dense_magic_index(occ, eval.cases.mask, fp.magic, shift(Slider::Bishop)) == slot as usize)
            .count();
        assert_eq!(eval.conflicts(fp.magic, &table, 100, table.len(), usize::MAX), at_slot);
        // The same attacks there are shared, not a clash.
        table[100 + slot as usize] = attacks;
        assert_eq!(eval.conflicts(fp.magic, &table, 100, table.len(), usize::MAX), 0);
        // An end before the window: every occupancy clashes; the count stops just past the cap.
        assert_eq!(eval.conflicts(fp.magic, &table, 100, 100, usize::MAX), occupancies);
        assert_eq!(eval.conflicts(fp.magic, &table, 100, 100, 3), 4);
        // A magic that sends everything to one slot clashes with itself.
        assert!(eval.conflicts(0, &vec![0; 1 << 12], 0, 1 << 12, usize::MAX) > 0);
    }

    #[test]
    fn placed_windows_read_back_their_attacks_and_the_score_stays_exact() {
        let mut squares: Vec<SquareSearch> = Square::ALL.into_iter().map(|sq| bishop_search(sq, 3)).collect();
        let mut table = Arrangement::new(64);
        for (k, s) in squares.iter_mut().enumerate() {
            table.place(k, s, 50, 1, 50);
            check_all(&table, &format!("place {k}"));
            assert_eq!(table.position_sum, recount(&table));
        }
        for r in [0x1234_5678_9abc_def0_u64, 3, 0xffff_0000_ffff_0002] {
            let ruined = ruin(&table, table.len(), r);
            assert!(!ruined.is_empty() && ruined.iter().all(|&k| k < 64));
            for &k in &ruined {
                table.remove(k, &squares[k]);
                assert_eq!(table.position_sum, recount(&table));
            }
            for &k in &ruined {
                table.place(k, &mut squares[k], 50, 1, 50);
                check_all(&table, &format!("replace {k} after {r:x}"));
            }
            assert_eq!(table.position_sum, recount(&table));
        }
        assert!(table.placed.iter().all(|p| p.is_some_and(|(_, _, end)| end <= table.len())));
        for (k, s) in squares.iter().enumerate() {
            table.remove(k, s);
        }
        assert_eq!((table.len(), table.position_sum), (0, 0));
        assert!(table.refs.iter().all(|&r| r == 0) && table.values.iter().all(|&v| v == 0));
    }
}
