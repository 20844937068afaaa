//! Late-move reductions: how many plies less a late move is searched, by depth and move number.
//!
//! The table is `0.75 + ln(depth) * ln(moves) / 2.25`, truncated, built at compile time: `ln`
//! is not a `const fn` in std, so [`const_ln`] computes it (a test checks every entry against
//! `f64::ln`).

/// Rows (depth) and columns (move number) of the table; larger values use the last one.
const SIZE: usize = 64;

static TABLE: [[i32; SIZE]; SIZE] = build();

/// The reduction of the `moves`-th move at `depth`.
#[inline(always)]
pub(crate) fn reduction(depth: i32, moves: usize) -> i32 {
    TABLE[(depth.max(0) as usize).min(SIZE - 1)][moves.min(SIZE - 1)]
}

/// One entry, from the two logarithms.
const fn entry(ln_depth: f64, ln_moves: f64) -> i32 {
    (0.75 + ln_depth * ln_moves / 2.25) as i32
}

const fn build() -> [[i32; SIZE]; SIZE] {
    let mut table = [[0; SIZE]; SIZE];
    let mut d = 1;
    while d < SIZE {
        let mut m = 1;
        while m < SIZE {
            table[d][m] = entry(const_ln(d as f64), const_ln(m as f64));
            m += 1;
        }
        d += 1;
    }
    table
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
        for (d, row) in TABLE.iter().enumerate() {
            for (m, &value) in row.iter().enumerate() {
                let expected = if d == 0 || m == 0 { 0 } else { entry((d as f64).ln(), (m as f64).ln()) };
                assert_eq!(value, expected, "depth {d}, move {m}");
            }
        }
    }

    #[test]
    fn large_and_negative_arguments_clamp() {
        assert_eq!(reduction(1000, 1000), TABLE[SIZE - 1][SIZE - 1]);
        assert_eq!(reduction(-3, 10), 0);
        assert_eq!(reduction(8, 0), 0);
    }
}
