//! The search's tunable constants, in one place: every pruning, reduction and history
//! constant, with its default, the range a tuner may explore and the SPSA step.
//!
//! Each parameter is a function named after it (`params::rfp_margin()`). In the normal build
//! the function returns its default, a constant the compiler folds into the search as if it
//! were written there. In the `tune` build (feature `tune`) it loads a process-wide atomic
//! instead, so the UCI loop can offer every parameter as a `spin` option (what OpenBench's
//! SPSA sets) and `setoption` can change it between searches.
//!
//! Values are integers, as UCI spin options are; the late-move reduction formula's two real
//! numbers are kept in hundredths (`lmr_base` 75 is 0.75).

/// SPSA's final learning rate (`r_end`) in the input lines OpenBench takes; the value
/// OpenBench's documentation suggests.
pub const SPSA_R_END: f64 = 0.002;

/// One tunable parameter: what `uci` declares and a tuner perturbs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    /// The name, also the UCI option's.
    pub name: &'static str,
    /// The default: the value the normal build compiles in.
    pub value: i32,
    /// The smallest value the search accepts.
    pub min: i32,
    /// The largest value the search accepts.
    pub max: i32,
    /// SPSA's final perturbation (`c_end`): about a twentieth of the range, at least half a
    /// unit so that a perturbed integer can differ from its neighbour.
    pub step: f64,
    /// What the parameter controls (its doc comment).
    pub doc: &'static str,
}

impl Param {
    /// The line OpenBench's SPSA form takes: `name, int, value, min, max, c_end, r_end`.
    pub fn openbench_line(&self) -> String {
        format!("{}, int, {}, {}, {}, {}, {}", self.name, self.value, self.min, self.max, self.step, SPSA_R_END)
    }

    /// The `option` line `uci` prints in the tune build.
    pub fn uci_declaration(&self) -> String {
        format!("option name {} type spin default {} min {} max {}", self.name, self.value, self.min, self.max)
    }
}

/// Declares the parameters: the [`PARAMS`] table and one reading function per parameter.
macro_rules! params {
    ($( $(#[doc = $doc:literal])+ $name:ident = $value:literal, $min:literal ..= $max:literal, step $step:literal; )+) => {
        /// Every parameter, in the order the search applies them.
        pub const PARAMS: &[Param] = &[
            $( Param { name: stringify!($name), value: $value, min: $min, max: $max, step: $step,
                       doc: concat!($($doc),+) }, )+
        ];

        /// The position of each parameter in [`PARAMS`] (and in the tune build's values).
        #[allow(non_camel_case_types, dead_code)]
        enum Index { $($name),+ }

        /// The defaults as constants, for what is built at compile time (the reduction table).
        #[allow(non_upper_case_globals, dead_code)]
        pub(crate) mod default {
            $( pub(crate) const $name: i32 = $value; )+
        }

        $(
            $(#[doc = $doc])+
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            pub(crate) const fn $name() -> i32 {
                default::$name
            }

            $(#[doc = $doc])+
            #[cfg(feature = "tune")]
            #[inline(always)]
            pub(crate) fn $name() -> i32 {
                tuned::VALUES[Index::$name as usize].load(std::sync::atomic::Ordering::Relaxed)
            }
        )+

        #[cfg(feature = "tune")]
        mod tuned {
            use std::sync::atomic::AtomicI32;

            /// The current values, set by `setoption`; the defaults until then.
            pub(super) static VALUES: [AtomicI32; super::PARAMS.len()] = [ $( AtomicI32::new($value), )+ ];
        }
    };
}

params! {
    /// Reverse futility pruning: the margin per ply of depth a node's evaluation must clear
    /// beta by.
    rfp_margin = 75, 30..=150, step 6.0;
    /// Reverse futility pruning: the margin taken off when the evaluation is improving.
    rfp_improving = 60, 0..=120, step 6.0;
    /// Reverse futility pruning: the deepest node it applies to.
    rfp_max_depth = 7, 3..=12, step 0.5;
    /// Null-move pruning: the shallowest node that tries it.
    nmp_min_depth = 3, 2..=6, step 0.5;
    /// Null-move pruning: the reduction before the depth and evaluation terms.
    nmp_base = 3, 1..=6, step 0.5;
    /// Null-move pruning: one more ply of reduction per this many plies of depth.
    nmp_depth_div = 4, 2..=8, step 0.5;
    /// Null-move pruning: one more ply of reduction per this much evaluation above beta.
    nmp_eval_div = 200, 80..=400, step 16.0;
    /// Null-move pruning: the most plies the evaluation term adds.
    nmp_eval_max = 3, 0..=6, step 0.5;
    /// Internal iterative reduction: the shallowest node without a table move it reduces.
    iir_min_depth = 4, 2..=8, step 0.5;
    /// Late-move pruning: quiet moves tried before the rest are skipped, before the
    /// depth-squared term (halved when not improving).
    lmp_base = 4, 0..=10, step 0.5;
    /// Late-move pruning: the deepest node it applies to.
    lmp_max_depth = 8, 3..=12, step 0.5;
    /// Futility pruning: the margin at reduced depth 0.
    fp_base = 90, 0..=200, step 10.0;
    /// Futility pruning: the margin added per ply of reduced depth.
    fp_margin = 90, 30..=180, step 8.0;
    /// Futility pruning: the deepest reduced depth it applies to.
    fp_max_depth = 8, 3..=12, step 0.5;
    /// SEE pruning of quiet moves: the exchange loss allowed per ply of reduced depth.
    see_quiet_margin = 50, 10..=120, step 5.0;
    /// SEE pruning of quiet moves: the deepest reduced depth it applies to.
    see_quiet_max_depth = 8, 3..=12, step 0.5;
    /// SEE pruning of captures, promotions and checks: the exchange loss allowed per ply.
    see_noisy_margin = 90, 30..=180, step 8.0;
    /// SEE pruning of captures, promotions and checks: the deepest node it applies to.
    see_noisy_max_depth = 6, 2..=10, step 0.5;
    /// Late-move reductions: the table's constant term, in hundredths of a ply.
    lmr_base = 75, 0..=150, step 8.0;
    /// Late-move reductions: the table's divisor of ln(depth) * ln(moves), in hundredths.
    lmr_div = 225, 150..=400, step 12.0;
    /// Late-move reductions: the shallowest node that reduces.
    lmr_min_depth = 3, 2..=6, step 0.5;
    /// Late-move reductions: one ply less per this much history (more for negative history).
    lmr_history_div = 10_000, 4_000..=20_000, step 800.0;
    /// Late-move reductions at the root: moves searched at full depth before any is reduced.
    lmr_root_moves = 3, 1..=8, step 0.5;
    /// Aspiration windows: the first half-width around the last iteration's score (12 rather
    /// than 20 measured +15 +- 14 Elo over 1500 games at fixed nodes: docs/experiments.tsv).
    asp_delta = 12, 5..=40, step 2.0;
    /// Quiescence delta pruning: how close to alpha a capture must be able to bring the score.
    qs_delta_margin = 200, 50..=400, step 18.0;
    /// Quiescence: the least static exchange a capture must keep to be searched.
    qs_see_threshold = 0, -100..=100, step 10.0;
    /// Move ordering: the least static exchange of a capture tried before the quiet moves.
    good_capture_see = 0, -100..=100, step 10.0;
    /// History bonus of a cut-off: the depth-squared coefficient.
    hist_bonus_quad = 16, 4..=32, step 1.5;
    /// History bonus of a cut-off: the depth coefficient.
    hist_bonus_linear = 32, 0..=96, step 5.0;
    /// History bonus of a cut-off: the largest bonus.
    hist_bonus_max = 1_600, 400..=3_200, step 140.0;
    /// History malus of the quiet moves tried before a cut-off: the depth-squared coefficient.
    hist_malus_quad = 16, 4..=32, step 1.5;
    /// History malus of the quiet moves tried before a cut-off: the depth coefficient.
    hist_malus_linear = 32, 0..=96, step 5.0;
    /// History malus of the quiet moves tried before a cut-off: the largest malus.
    hist_malus_max = 1_600, 400..=3_200, step 140.0;
}

/// The parameter called `name` (without regard to case, as UCI names are matched).
pub fn find(name: &str) -> Option<&'static Param> {
    PARAMS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

/// Sets `param` to `value` for every search from now on (clamped to its range; the caller
/// reports out-of-range values), and rebuilds the reduction table when its formula changed.
#[cfg(feature = "tune")]
pub(crate) fn set(param: &Param, value: i32) {
    use std::sync::atomic::Ordering;
    let index = PARAMS.iter().position(|p| p.name == param.name).expect("a parameter of the table");
    tuned::VALUES[index].store(value.clamp(param.min, param.max), Ordering::Relaxed);
    if matches!(param.name, "lmr_base" | "lmr_div") {
        super::reductions::rebuild();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_param_is_well_formed() {
        for (i, p) in PARAMS.iter().enumerate() {
            assert!(p.min <= p.value && p.value <= p.max, "{} default outside its range", p.name);
            assert!(p.step >= 0.5 && p.step <= f64::from(p.max - p.min) / 5.0, "{} step", p.name);
            assert!(p.name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'));
            assert!(!p.doc.is_empty());
            assert_eq!(PARAMS.iter().position(|q| q.name == p.name), Some(i), "{} declared twice", p.name);
        }
        // Divisors never reach zero.
        for name in ["nmp_depth_div", "nmp_eval_div", "lmr_div", "lmr_history_div"] {
            assert!(find(name).unwrap().min > 0, "{name}");
        }
    }

    #[test]
    fn reading_functions_return_the_defaults() {
        assert_eq!(rfp_margin(), find("rfp_margin").unwrap().value);
        assert_eq!(lmr_div(), 225);
        assert_eq!(hist_malus_max(), PARAMS.last().unwrap().value);
    }

    #[test]
    fn the_tuning_doc_lists_every_param() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/tuning.md");
        let doc = std::fs::read_to_string(path).expect("docs/tuning.md");
        for p in PARAMS {
            let row = format!("| `{}` | {} | {} | {} | {} |", p.name, p.value, p.min, p.max, p.step);
            assert!(doc.contains(&row), "docs/tuning.md has no row {row}");
        }
    }

    #[test]
    fn openbench_and_uci_lines() {
        let p = find("RFP_Margin").unwrap();
        assert_eq!(p.openbench_line(), "rfp_margin, int, 75, 30, 150, 6, 0.002");
        assert_eq!(p.uci_declaration(), "option name rfp_margin type spin default 75 min 30 max 150");
        assert_eq!(find("nmp_base").unwrap().openbench_line(), "nmp_base, int, 3, 1, 6, 0.5, 0.002");
        assert!(find("hash").is_none());
    }
}
