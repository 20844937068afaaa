//! The float network the trainer fits: the engine's layout (`bbengine::nnue`, `INPUTS` ->
//! `HIDDEN` x 2 -> 1, clipped ReLU), every parameter in one vector for the optimizer, and its
//! export to the engine's fixed point.

use bbcore::SplitMix64;
use bbengine::nnue::{HIDDEN, INPUTS, NETWORK_BYTES, QA, QB};

use crate::record::Inputs;

/// Where each layer's parameters start in [`Params::values`].
pub const W1: usize = 0;
pub const B1: usize = W1 + INPUTS * HIDDEN;
pub const W2: usize = B1 + HIDDEN;
pub const B2: usize = W2 + 2 * HIDDEN;
pub const PARAMS: usize = B2 + 1;
/// Largest hidden weight or bias: 32 pieces' weights and the bias stay inside `i16` after
/// scaling by `QA`.
pub const HIDDEN_CLIP: f32 = 1.98;

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The float network.
#[derive(Clone, PartialEq)]
pub struct Params {
    pub values: Vec<f32>,
}

impl Params {
    /// Seeded starting weights (biases zero), as the text trainer drew them.
    pub fn new(seed: u64) -> Params {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |scale: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale;
        let mut values = vec![0.0f32; PARAMS];
        for v in &mut values[W1..B1] {
            *v = uniform(0.1);
        }
        for v in &mut values[W2..B2] {
            *v = uniform(1.0 / (2.0 * HIDDEN as f32).sqrt());
        }
        Params { values }
    }

    /// The hidden layer before clipping, for one view's inputs.
    fn accumulate(&self, features: &[u16]) -> [f32; HIDDEN] {
        let mut acc = [0.0f32; HIDDEN];
        acc.copy_from_slice(&self.values[B1..W2]);
        for &f in features {
            let column = &self.values[W1 + usize::from(f) * HIDDEN..][..HIDDEN];
            for (a, w) in acc.iter_mut().zip(column) {
                *a += w;
            }
        }
        acc
    }

    /// The float output `y` (centipawns / `SCALE`, for the side to move) and both views'
    /// accumulators.
    pub fn forward(&self, inputs: &Inputs) -> (f32, [[f32; HIDDEN]; 2]) {
        let views = inputs.views();
        let accs = [self.accumulate(views[0]), self.accumulate(views[1])];
        let mut y = self.values[B2];
        for (k, acc) in accs.iter().enumerate() {
            let weights = &self.values[W2 + k * HIDDEN..][..HIDDEN];
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
        grad[B2] += g;
        let views = inputs.views();
        for (k, acc) in accs.iter().enumerate() {
            let mut delta = [0.0f32; HIDDEN];
            for j in 0..HIDDEN {
                let w = self.values[W2 + k * HIDDEN + j];
                grad[W2 + k * HIDDEN + j] += g * acc[j].clamp(0.0, 1.0);
                if acc[j] > 0.0 && acc[j] < 1.0 {
                    delta[j] = g * w;
                }
            }
            for (gb, d) in grad[B1..W2].iter_mut().zip(&delta) {
                *gb += d;
            }
            for &f in views[k] {
                let column = &mut grad[W1 + usize::from(f) * HIDDEN..][..HIDDEN];
                for (gw, d) in column.iter_mut().zip(&delta) {
                    *gw += d;
                }
            }
        }
        error * error
    }

    /// Keeps the hidden weights and biases where the export can hold them.
    pub fn clip(&mut self) {
        for w in &mut self.values[W1..W2] {
            *w = w.clamp(-HIDDEN_CLIP, HIDDEN_CLIP);
        }
    }

    /// The net file: every weight rounded to fixed point, little-endian, in the field order
    /// of `bbengine::nnue::Network`.
    pub fn quantized(&self) -> Vec<u8> {
        let round = |v: f32, scale: i32| (v * scale as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let mut words: Vec<i16> = Vec::with_capacity(NETWORK_BYTES / 2);
        words.extend(self.values[W1..W2].iter().map(|&v| round(v, QA)));
        words.extend(self.values[W2..B2].iter().map(|&v| round(v, QB)));
        words.push(round(self.values[B2], QA * QB));
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(bytes.len(), NETWORK_BYTES, "the layout of bbengine::nnue::Network changed");
        bytes
    }
}
