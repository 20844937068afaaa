//! What the tuner (`examples/tune.rs`) needs from the evaluation: a position's [`Trace`] (how
//! many times each tuned weight counted, White minus Black, and everything else the
//! evaluation did with the sum) and the weights as a flat list and as Rust source.
//!
//! ```
//! use bbengine::Position;
//! use bbengine::eval::{WEIGHTS, evaluate, tuning::trace};
//!
//! let pos: Position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse()?;
//! // The trace with the engine's weights gives the evaluation back (White's view).
//! assert_eq!(trace(&pos).evaluate(&WEIGHTS.flat()), evaluate(&pos));
//! # Ok::<(), bbengine::FenError>(())
//! ```

use bbcore::Color;

use super::terms::{Terms, weight_index};
use super::weights::{PHASE_TOTAL, TEMPO, Weights};
use super::{Score, endgame, phase, s, terms};
use crate::board::Position;
use crate::sliders::with_fastest;

/// One position's evaluation as a function of the tuned weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// `(index, count)`: weight `index` of the flat list counted `count` times, White minus
    /// Black; sorted by index, no zero counts.
    pub counts: Vec<(u32, i32)>,
    /// The terms outside the tuned weights, White's view.
    pub fixed: Score,
    /// The game phase ([`super::phase`]), out of [`PHASE_TOTAL`].
    pub phase: i32,
    /// The drawish-material scale, out of 64 (taken with the engine's weights).
    pub scale: i32,
    /// Added after tapering and scaling (mop-up and the side to move's tempo), White's view.
    pub after: i32,
}

impl Trace {
    /// The evaluation with the weights `flat` (in [`Weights::fields`] order), White's view,
    /// in the engine's integer arithmetic.
    pub fn evaluate(&self, flat: &[Score]) -> i32 {
        let mut sum = self.fixed;
        for &(index, count) in &self.counts {
            sum += flat[index as usize] * count;
        }
        let tapered = (sum.mg * self.phase + sum.eg * (PHASE_TOTAL - self.phase)) / PHASE_TOTAL;
        tapered * self.scale / endgame::SCALE_NORMAL + self.after
    }
}

/// The evaluation's [`Terms`] recorded, and summed with the engine's weights (White's view).
struct Tracer {
    counts: Vec<(u32, i32)>,
    fixed: Score,
    sum: Score,
}

impl Terms for Tracer {
    fn add(&mut self, color: Color, weight: &'static Score, count: i32) {
        let sign = if color == Color::White { 1 } else { -1 };
        self.counts.push((weight_index(weight) as u32, sign * count));
        self.sum += *weight * (sign * count);
    }

    fn add_fixed(&mut self, color: Color, value: Score) {
        let value = if color == Color::White { value } else { -value };
        self.fixed += value;
        self.sum += value;
    }
}

/// The [`Trace`] of `pos`.
pub fn trace(pos: &Position) -> Trace {
    let mut tracer = Tracer { counts: Vec::new(), fixed: s(0, 0), sum: s(0, 0) };
    with_fastest!(|sliders| terms(pos, sliders, &mut tracer));
    tracer.counts.sort_unstable();
    let mut counts: Vec<(u32, i32)> = Vec::with_capacity(tracer.counts.len());
    for (index, count) in tracer.counts {
        match counts.last_mut() {
            Some(last) if last.0 == index => last.1 += count,
            _ => counts.push((index, count)),
        }
    }
    counts.retain(|&(_, count)| count != 0);

    // The rest as the evaluation does it, with the engine's weights.
    let sum = tracer.sum;
    let phase = phase(pos);
    let tapered = (sum.mg * phase + sum.eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
    let scale = endgame::scale(pos, tapered);
    let mop_up = if scale == endgame::SCALE_NORMAL { endgame::mop_up(pos) } else { 0 };
    let tempo = if pos.side_to_move() == Color::White { TEMPO } else { -TEMPO };
    Trace { counts, fixed: tracer.fixed, phase, scale, after: mop_up + tempo }
}

/// A weight, or an array of them, as a flat list of [`Score`]s and as Rust source.
pub trait Flatten {
    /// The values in memory order.
    fn flatten(&self) -> Vec<Score>;
    /// Takes this value's elements from the front of `values`; returns the rest.
    fn assign<'a>(&mut self, values: &'a [Score]) -> &'a [Score];
    /// Rust source for the value (`s(mg, eg)`, arrays in brackets).
    fn to_rust(&self) -> String;
}

impl Flatten for Score {
    fn flatten(&self) -> Vec<Score> {
        vec![*self]
    }

    fn assign<'a>(&mut self, values: &'a [Score]) -> &'a [Score] {
        *self = values[0];
        &values[1..]
    }

    fn to_rust(&self) -> String {
        format!("s({}, {})", self.mg, self.eg)
    }
}

impl<T: Flatten, const N: usize> Flatten for [T; N] {
    fn flatten(&self) -> Vec<Score> {
        self.iter().flat_map(Flatten::flatten).collect()
    }

    fn assign<'a>(&mut self, values: &'a [Score]) -> &'a [Score] {
        self.iter_mut().fold(values, |rest, item| item.assign(rest))
    }

    fn to_rust(&self) -> String {
        let items: Vec<String> = self.iter().map(Flatten::to_rust).collect();
        // Eight plain scores a line; nested arrays one a line.
        if items.iter().any(|item| item.contains('\n') || item.starts_with('[')) {
            format!("[\n{},\n]", items.join(",\n"))
        } else {
            let lines: Vec<String> = items.chunks(8).map(|chunk| chunk.join(", ")).collect();
            format!("[\n{},\n]", lines.join(",\n"))
        }
    }
}

/// `weights` as the source of `tuned.rs`, under the header `header` (one or more `//`
/// comment lines saying which command made it).
pub fn to_rust_source(weights: &Weights, header: &str) -> String {
    let mut out = String::new();
    out.push_str(header);
    out.push_str("\n\nuse super::s;\nuse super::weights::Weights;\n\n");
    // Kept as written (eight scores a line) rather than one per line.
    out.push_str("/// The engine's weights.\n#[rustfmt::skip]\npub static WEIGHTS: Weights = Weights {\n");
    for (name, text) in weights.sources() {
        out.push_str(&format!("{name}: {text},\n"));
    }
    out.push_str("};\n");
    out
}

/// The `x` in `lo..=hi` where `f` (with one minimum there) is least, by golden-section search:
/// how the tuners fit the `K` of their sigmoid.
pub fn golden_section_min(mut lo: f64, mut hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::WEIGHTS;
    use crate::eval::evaluate;
    use crate::perft::SIX_POSITIONS;

    /// The trace, evaluated with the engine's weights, is the evaluation (White's view), on
    /// the perft positions and every position of a few seeded random games.
    #[test]
    fn trace_gives_the_evaluation_back() {
        let flat = WEIGHTS.flat();
        let mut positions: Vec<Position> = SIX_POSITIONS.iter().map(|p| p.fen.parse().unwrap()).collect();
        let mut rng = bbcore::SplitMix64::new(7);
        for _ in 0..20 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
                positions.push(pos);
            }
        }
        for pos in &positions {
            let white_view = if pos.side_to_move() == Color::White { evaluate(pos) } else { -evaluate(pos) };
            assert_eq!(trace(pos).evaluate(&flat), white_view, "{pos}");
        }
    }

    /// The flat list has one entry per `Score` of [`Weights`], and setting it back changes
    /// nothing: no padding, every field listed.
    #[test]
    fn flat_list_covers_every_weight() {
        let flat = WEIGHTS.flat();
        assert_eq!(flat.len(), crate::eval::WEIGHT_COUNT);
        let mut copy = super::super::hand_set();
        copy.set_flat(&flat);
        assert_eq!(copy, WEIGHTS);
        // The tracer's index of a weight is its place in the list.
        assert_eq!(weight_index(&WEIGHTS.material[0]), 0);
        assert_eq!(weight_index(&WEIGHTS.psqt[0][0]), 6);
        assert_eq!(weight_index(&WEIGHTS.hanging), flat.len() - 1);
    }
}
