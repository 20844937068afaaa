//! Bishop lines: re-places the dense table's bishop windows, rooks left as they are, so that
//! the bishops' entries share 64-byte cache lines.
//!
//! A dependent chain of dense lookups runs at the speed of the memory level its entries come
//! from. The length search ([`crate::search`]) drops bishop windows into whatever holes the
//! rooks leave, so their 4,261 used entries end up on about 1,200 lines (78 KiB), more than a
//! 32 KiB L1 cache holds, where shakmaty's published table keeps its bishops on 676 lines
//! (`tools/dense_lines.py` counts both). This pass takes out one bishop window at a time and
//! puts it back where it adds the fewest lines that hold no bishop entry yet: every candidate
//! of its pools (structured magics, climbs, compact random draws, and its current magic) at
//! every offset where it fits the holes and ends by `max_entries`. A window's current place is
//! always among the choices, so the count never rises. Sweeps over the 64 bishops, in a seeded
//! random order, go on until one changes nothing or `sweeps` have run; the result is a pure
//! function of the starting record, the seed and the sweeps.

use bbcore::{Square, dense_magic_index};

use crate::dense::{DenseRecord, shift};
use crate::rng::SearchRng;
use crate::search::{Arrangement, Footprint, draws, square_searches, steps};
use crate::slider::Slider;

/// Entries of 8 bytes in a 64-byte cache line. The generated `ATTACKS` array is 64-byte
/// aligned, so entry `p` lies on line `p / LINE`.
pub const LINE: usize = 8;

/// How each bishop's candidate pools are built; [`ClusterParams::DEFAULT`] is what
/// `cluster-bishops` uses (and what the recorded magics were placed with).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClusterParams {
    /// Whether to try every structured four-group magic first (about 18 s for the bishops).
    pub structured: bool,
    /// Rounds of climbs and random draws after that.
    pub pool_rounds: usize,
}

impl ClusterParams {
    /// The parameters of `cluster-bishops`.
    pub const DEFAULT: ClusterParams = ClusterParams { structured: true, pool_rounds: 12 };
}

/// The distinct lines (of [`LINE`] entries) that hold an entry some bishop occupancy indexes.
pub fn bishop_lines(record: &DenseRecord) -> usize {
    let mut lines: Vec<usize> = Vec::new();
    for (sq, &(magic, offset)) in Square::ALL.into_iter().zip(&record.bishop) {
        let cases = Slider::Bishop.cases(sq);
        for occ in &cases.occupancies {
            let p = offset as usize + dense_magic_index(*occ, cases.mask, magic, shift(Slider::Bishop));
            lines.push(p / LINE);
        }
    }
    lines.sort_unstable();
    lines.dedup();
    lines.len()
}

/// Which lines hold bishop entries: a count of bishop windows per entry and of such entries
/// per line.
struct LineCount {
    refs: Vec<u8>,
    per_line: Vec<u16>,
}

impl LineCount {
    fn add(&mut self, fp: &Footprint, offset: usize) {
        for &(i, _) in &fp.slots {
            let p = offset + i as usize;
            if self.refs[p] == 0 {
                self.per_line[p / LINE] += 1;
            }
            self.refs[p] += 1;
        }
    }

    fn remove(&mut self, fp: &Footprint, offset: usize) {
        for &(i, _) in &fp.slots {
            let p = offset + i as usize;
            self.refs[p] -= 1;
            if self.refs[p] == 0 {
                self.per_line[p / LINE] -= 1;
            }
        }
    }

    /// Lines `fp` at `offset` touches that hold no bishop entry yet, and the lines it touches.
    fn cost(&self, fp: &Footprint, offset: usize) -> (usize, usize) {
        let (mut new, mut all, mut last) = (0, 0, usize::MAX);
        for &(i, _) in &fp.slots {
            let line = (offset + i as usize) / LINE;
            if line != last {
                last = line;
                all += 1;
                if self.per_line[line] == 0 {
                    new += 1;
                }
            }
        }
        (new, all)
    }
}

/// Re-places the bishop windows of `record` (a verified record, one [`crate::dense::layout`]
/// accepts) as the module describes; the rooks keep their magics and offsets, and no window
/// ends past `max_entries` (taken as at least the record's length). `log` gets a line per
/// sweep; the count at the start is [`bishop_lines`] of `record`.
pub fn cluster_bishops(
    record: &DenseRecord,
    seed: u64,
    params: ClusterParams,
    max_entries: usize,
    sweeps: u64,
    log: &mut dyn FnMut(&str),
) -> DenseRecord {
    // The windows' own places must stay possible choices.
    let max_entries = max_entries.max(record.entries);
    let (keys, mut squares) = square_searches(seed);
    let mut table = Arrangement::new(keys.len());
    table.put_record(record, &squares);
    let bishops = 64..128;
    for k in bishops.clone() {
        let (slider, sq) = keys[k];
        let s = &mut squares[k];
        if params.structured {
            s.structured();
        }
        for _ in 0..params.pool_rounds {
            s.climb(steps(slider, sq));
            s.draw(draws(slider, sq));
        }
    }
    let mut lines = LineCount { refs: vec![0; table.values.len()], per_line: vec![0; table.values.len() / LINE + 1] };
    for k in bishops.clone() {
        let (magic, offset, _) = table.placed[k].expect("every square is placed");
        let fp = squares[k].eval.footprint(magic).expect("a recorded magic is valid");
        lines.add(&fp, offset);
    }
    let count = |lines: &LineCount| lines.per_line.iter().filter(|&&n| n > 0).count();
    let mut rng = SearchRng::new(seed, 2000);
    let mut order: Vec<usize> = bishops.collect();
    let mut done = 0;
    while done < sweeps {
        done += 1;
        for i in (1..order.len()).rev() {
            let j = rng.next_u64() as usize % (i + 1);
            order.swap(i, j);
        }
        let mut moved = 0;
        for &k in &order {
            let (magic, offset, _) = table.placed[k].expect("every square is placed");
            let current = squares[k].eval.footprint(magic).expect("a recorded magic is valid");
            lines.remove(&current, offset);
            table.remove(k, &squares[k]);
            // (new lines, lines, position sum, magic, offset): the first two are the aim, the
            // rest make the choice independent of the order candidates come in.
            let mut best: Option<(usize, usize, u64, u64, usize)> = None;
            let values = &table.values;
            for fp in std::iter::once(&current).chain(squares[k].candidates()) {
                let Some(last) = max_entries.checked_sub(fp.max() + 1) else { continue };
                let used = fp.slots.len() as u64;
                let slot_sum: u64 = fp.slots.iter().map(|&(i, _)| u64::from(i)).sum();
                for at in 0..=last {
                    let fits = fp.slots.iter().all(|&(i, v)| {
                        let e = values[at + i as usize];
                        e == 0 || e == v
                    });
                    if !fits {
                        continue;
                    }
                    let (new, all) = lines.cost(fp, at);
                    let key = (new, all, used * at as u64 + slot_sum, fp.magic, at);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
            let (_, _, _, new_magic, new_offset) = best.expect("the window's own place always fits");
            if (new_magic, new_offset) != (magic, offset) {
                moved += 1;
            }
            let fp = squares[k].eval.footprint(new_magic).expect("a candidate is valid");
            table.put(k, &squares[k], new_magic, new_offset);
            lines.add(&fp, new_offset);
        }
        log(&format!("sweep {done}: bishop lines {}, {moved} windows moved, {} entries", count(&lines), table.len()));
        if moved == 0 {
            break;
        }
    }
    let entry = |k: usize| table.placed[k].map_or((0, 0), |(magic, offset, _)| (magic, offset as u32));
    DenseRecord {
        seed,
        entries: table.len(),
        seconds: 0,
        rounds: done,
        command: String::new(),
        from: String::new(),
        rook: (0..64).map(entry).collect(),
        bishop: (64..128).map(entry).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn footprint(slots: &[u16]) -> Footprint {
        Footprint { magic: 0, slots: slots.iter().map(|&i| (i, 1)).collect() }
    }

    #[test]
    fn a_window_costs_the_lines_no_bishop_holds_yet() {
        let mut lines = LineCount { refs: vec![0; 64], per_line: vec![0; 8] };
        let first = footprint(&[0, 1, 9]);
        assert_eq!(lines.cost(&first, 0), (2, 2));
        lines.add(&first, 0);
        // At offset 5 its entries 5 and 7 share line 0 with the first window; 17 opens line 2.
        let second = footprint(&[0, 2, 12]);
        assert_eq!(lines.cost(&second, 5), (1, 2));
        // The same entries twice: shared, counted once, and freed only by the last window.
        lines.add(&first, 0);
        lines.remove(&first, 0);
        assert_eq!(lines.per_line[..2], [2, 1]);
        lines.remove(&first, 0);
        assert_eq!(lines.per_line[..2], [0, 0]);
    }
}
