//! Adam, the optimizer: per parameter a moving mean of the gradient and of its square.

pub const BETA1: f32 = 0.9;
pub const BETA2: f32 = 0.999;
pub const EPSILON: f32 = 1e-8;

/// Adam's state: both moments per parameter and the steps taken (for the bias correction).
#[derive(Clone, PartialEq)]
pub struct Adam {
    pub m: Vec<f32>,
    pub v: Vec<f32>,
    pub steps: u64,
}

impl Adam {
    pub fn new(params: usize) -> Adam {
        Adam { m: vec![0.0; params], v: vec![0.0; params], steps: 0 }
    }

    /// One step on `values` with the mean gradient: the sum of `parts` (added in their
    /// order, so the result does not depend on which thread finished first) over `n`.
    pub fn step(&mut self, values: &mut [f32], parts: &[Vec<f32>], n: usize, rate: f32) {
        self.steps += 1;
        let t = i32::try_from(self.steps).unwrap_or(i32::MAX);
        let (c1, c2) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        let n = n as f32;
        for (i, value) in values.iter_mut().enumerate() {
            let g = parts.iter().fold(0.0f32, |sum, part| sum + part[i]) / n;
            self.m[i] = BETA1 * self.m[i] + (1.0 - BETA1) * g;
            self.v[i] = BETA2 * self.v[i] + (1.0 - BETA2) * g * g;
            *value -= rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + EPSILON);
        }
    }
}
