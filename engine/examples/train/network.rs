//! The float network the trainer fits, of any layout `Params<H, B, K>`: `K` sets of `INPUTS`
//! (chosen by each view's king, `record::KingInputs`) -> `H` x 2 -> 1 of `B` output layers
//! chosen by material (`bbengine::nnue::output_bucket`), clipped ReLU; every parameter in one
//! vector for the optimizer, and its export to the engine's fixed point. The engine reads the
//! export when its `HIDDEN` and `OUTPUT_BUCKETS` are `H` and `B`, and `K` is 1 without mirroring.

use bbcore::SplitMix64;
use bbengine::nnue::{HIDDEN, INPUTS, NETWORK_BYTES, OUTPUT_BUCKETS, QA, QB, output_bucket};

use crate::record::Inputs;

/// Largest hidden weight or bias: 32 pieces' weights and the bias stay inside `i16` after
/// scaling by `QA`.
pub const HIDDEN_CLIP: f32 = 1.98;

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The float network of `H` hidden units per view, `B` output buckets and `K` king buckets
/// (sets of inputs).
#[derive(Clone, PartialEq)]
pub struct Params<const H: usize, const B: usize, const K: usize = 1> {
    pub values: Vec<f32>,
}

impl<const H: usize, const B: usize, const K: usize> Params<H, B, K> {
    /// Where each layer's parameters start in [`Params::values`]: hidden weights by input
    /// (the king buckets' sets one after the other),
    /// hidden biases, output weights by bucket (the side to move's units, then the other
    /// side's), output biases by bucket: the net file's order.
    pub const W1: usize = 0;
    pub const B1: usize = Self::W1 + K * INPUTS * H;
    pub const W2: usize = Self::B1 + H;
    pub const B2: usize = Self::W2 + B * 2 * H;
    pub const PARAMS: usize = Self::B2 + B;
    /// The net file's size: every parameter as an `i16`.
    pub const BYTES: usize = 2 * Self::PARAMS;

    /// Seeded starting weights (biases zero), as the text trainer drew them (the buckets'
    /// output weights one after the other).
    pub fn new(seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |scale: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale;
        let mut values = vec![0.0f32; Self::PARAMS];
        for v in &mut values[Self::W1..Self::B1] {
            *v = uniform(0.1);
        }
        for v in &mut values[Self::W2..Self::B2] {
            *v = uniform(1.0 / (2.0 * H as f32).sqrt());
        }
        Params { values }
    }

    /// The output bucket of a record's inputs (one input per piece).
    pub fn bucket(inputs: &Inputs) -> usize {
        output_bucket(inputs.count as u32, B)
    }

    /// The hidden layer before clipping, for one view's inputs.
    fn accumulate(&self, features: &[u16]) -> [f32; H] {
        let mut acc = [0.0f32; H];
        acc.copy_from_slice(&self.values[Self::B1..Self::W2]);
        for &f in features {
            let column = &self.values[Self::W1 + usize::from(f) * H..][..H];
            for (a, w) in acc.iter_mut().zip(column) {
                *a += w;
            }
        }
        acc
    }

    /// The float output `y` (centipawns / `SCALE`, for the side to move) and both views'
    /// accumulators.
    pub fn forward(&self, inputs: &Inputs) -> (f32, [[f32; H]; 2]) {
        let views = inputs.views();
        let accs = [self.accumulate(views[0]), self.accumulate(views[1])];
        let bucket = Self::bucket(inputs);
        let mut y = self.values[Self::B2 + bucket];
        for (k, acc) in accs.iter().enumerate() {
            let weights = &self.values[Self::W2 + (2 * bucket + k) * H..][..H];
            for (a, w) in acc.iter().zip(weights) {
                y += a.clamp(0.0, 1.0) * w;
            }
        }
        (y, accs)
    }

    /// Adds to `grad` the gradient of `(sigmoid(c * y) - target)^2`; returns that error.
    pub fn backward(&self, inputs: &Inputs, target: f32, c: f32, grad: &mut [f32]) -> f32 {
        let (y, accs) = self.forward(inputs);
        let p = sigmoid(c * y);
        let error = p - target;
        let g = 2.0 * error * p * (1.0 - p) * c;
        let bucket = Self::bucket(inputs);
        grad[Self::B2 + bucket] += g;
        let views = inputs.views();
        for (k, acc) in accs.iter().enumerate() {
            let output = Self::W2 + (2 * bucket + k) * H;
            let mut delta = [0.0f32; H];
            for j in 0..H {
                let w = self.values[output + j];
                grad[output + j] += g * acc[j].clamp(0.0, 1.0);
                if acc[j] > 0.0 && acc[j] < 1.0 {
                    delta[j] = g * w;
                }
            }
            for (gb, d) in grad[Self::B1..Self::W2].iter_mut().zip(&delta) {
                *gb += d;
            }
            for &f in views[k] {
                let column = &mut grad[Self::W1 + usize::from(f) * H..][..H];
                for (gw, d) in column.iter_mut().zip(&delta) {
                    *gw += d;
                }
            }
        }
        error * error
    }

    /// Keeps the hidden weights and biases where the export can hold them.
    pub fn clip(&mut self) {
        for w in &mut self.values[Self::W1..Self::W2] {
            *w = w.clamp(-HIDDEN_CLIP, HIDDEN_CLIP);
        }
    }

    /// The net file: every weight rounded to fixed point, little-endian, in the order of
    /// [`Params::values`], which is the field order of `bbengine::nnue::Network` when the
    /// engine's layout is this one.
    pub fn quantized(&self) -> Vec<u8> {
        let round = |v: f32, scale: i32| (v * scale as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let mut words: Vec<i16> = Vec::with_capacity(Self::PARAMS);
        words.extend(self.values[Self::W1..Self::W2].iter().map(|&v| round(v, QA)));
        words.extend(self.values[Self::W2..Self::B2].iter().map(|&v| round(v, QB)));
        words.extend(self.values[Self::B2..].iter().map(|&v| round(v, QA * QB)));
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        if (H, B, K) == (HIDDEN, OUTPUT_BUCKETS, 1) {
            assert_eq!(bytes.len(), NETWORK_BYTES, "the layout of bbengine::nnue::Network changed");
        }
        bytes
    }
}
