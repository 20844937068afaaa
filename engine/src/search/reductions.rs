//! Late-move reductions: how many plies less a late move is searched, by depth and move number.
//!
//! The table is `lmr_base + ln(depth) * ln(moves) / lmr_div` (both in hundredths:
//! `0.75 + ln(depth) * ln(moves) / 2.25` by default), truncated, built at compile time: `ln` is
//! not a `const fn` in std, so [`const_ln`] computes it (a test checks every entry against
//! `f64::ln`). In the `tune` build the table is atomics, rebuilt when either parameter changes.

use super::params;

/// Rows (depth) and columns (move number) of the table; larger values use the last one.
const SIZE: usize = 64;

#[cfg(not(feature = "tune"))]
static TABLE: [[i32; SIZE]; SIZE] = build(params::lmr_base(), params::lmr_div());

#[cfg(feature = "tune")]
static TABLE: [[std::sync::atomic::AtomicI32; SIZE]; SIZE] =
    atomics(build(params::default::lmr_base, params::default::lmr_div));

/// The reduction of the `moves`-th move at `depth`.
#[inline(always)]
pub(crate) fn reduction(depth: i32, moves: usize) -> i32 {
    let entry = &TABLE[(depth.max(0) as usize).min(SIZE - 1)][moves.min(SIZE - 1)];
    #[cfg(not(feature = "tune"))]
    return *entry;
    #[cfg(feature = "tune")]
    return entry.load(std::sync::atomic::Ordering::Relaxed);
}

/// Rebuilds the table from the current `lmr_base` and `lmr_div` (tune build, after
/// `setoption`); the same arithmetic as at compile time, so the defaults give the same table.
#[cfg(feature = "tune")]
pub(crate) fn rebuild() {
    let table = build(params::lmr_base(), params::lmr_div());
    for (row, values) in TABLE.iter().zip(table) {
        for (entry, value) in row.iter().zip(values) {
            entry.store(value, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// One entry, from the two logarithms; `base` and `div` in hundredths.
const fn entry(ln_depth: f64, ln_moves: f64, base: i32, div: i32) -> i32 {
    (base as f64 / 100.0 + ln_depth * ln_moves / (div as f64 / 100.0)) as i32
}

const fn build(base: i32, div: i32) -> [[i32; SIZE]; SIZE] {
    let mut table = [[0; SIZE]; SIZE];
    let mut d = 1;
    while d < SIZE {
        let mut m = 1;
        while m < SIZE {
            table[d][m] = entry(const_ln(d as f64), const_ln(m as f64), base, div);
            m += 1;
        }
        d += 1;
    }
    table
}

/// The table as atomics (tune build), so `setoption` can rewrite it while no search runs.
#[cfg(feature = "tune")]
const fn atomics(table: [[i32; SIZE]; SIZE]) -> [[std::sync::atomic::AtomicI32; SIZE]; SIZE] {
    use std::sync::atomic::AtomicI32;
    let mut out = [const { [const { AtomicI32::new(0) }; SIZE] }; SIZE];
    let mut d = 0;
    while d < SIZE {
        let mut m = 0;
        while m < SIZE {
            out[d][m] = AtomicI32::new(table[d][m]);
            m += 1;
        }
        d += 1;
    }
    out
}

/// Natural logarithm of `x >= 1`: halve down to [1, 2), then `ln(y) = 2 atanh((y-1)/(y+1))`
/// by its series, which converges fast there (`|z| <= 1/3`).
const fn const_ln(mut x: f64) -> f64 {
    let mut halvings = 0.0;
    while x >= 2.0 {
        x /= 2.0;
        halvings += 1.0;
    }
    let z = (x - 1.0) / (x + 1.0);
    let z2 = z * z;
    let mut power = z;
    let mut sum = 0.0;
    let mut k = 1.0;
    while k < 60.0 {
        sum += power / k;
        power *= z2;
        k += 2.0;
    }
    2.0 * sum + halvings * std::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_matches_the_formula_with_std_ln() {
        for d in 0..SIZE {
            for m in 0..SIZE {
                let expected = if d == 0 || m == 0 {
                    0
                } else {
                    entry((d as f64).ln(), (m as f64).ln(), params::lmr_base(), params::lmr_div())
                };
                assert_eq!(reduction(d as i32, m), expected, "depth {d}, move {m}");
            }
        }
    }

    #[test]
    fn the_default_formula_is_the_one_tuned_by_hand() {
        // 0.75 + ln(d) ln(m) / 2.25, as before the constants became parameters.
        assert_eq!(build(75, 225)[10][20], (0.75 + 10f64.ln() * 20f64.ln() / 2.25) as i32);
        assert_eq!((params::default::lmr_base, params::default::lmr_div), (75, 225));
        assert_eq!(build(0, 100)[8][8], (8f64.ln() * 8f64.ln()) as i32);
    }

    #[test]
    fn large_and_negative_arguments_clamp() {
        assert_eq!(reduction(1000, 1000), reduction(SIZE as i32 - 1, SIZE - 1));
        assert_eq!(reduction(-3, 10), 0);
        assert_eq!(reduction(8, 0), 0);
    }
}
