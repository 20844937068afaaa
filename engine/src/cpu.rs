//! Run-time CPU dispatch: the hot path is compiled for baseline x86-64 and for an x86-64-v3
//! level (AVX2, BMI1/2, POPCNT, LZCNT), and the entry point picks one. Backends whose lookups
//! are AVX-512 code also get an x86-64-v4 copy ([`has_v4`]).
//!
//! A plain `cargo build --release` targets baseline x86-64, which has no POPCNT or TZCNT
//! instruction; counting moves by popcount needs them to be fast. Nothing here is baked in at
//! build time, so one binary runs everywhere and is fast where the CPU allows.

/// Compiles the function it wraps for x86-64-v3; keep the list in sync with [`has_v3`].
macro_rules! v3_fn {
    ($item:item) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx,avx2,fma,movbe")]
        $item
    };
}
pub(crate) use v3_fn;

/// Compiles the function it wraps for x86-64-v4 (v3 plus AVX-512 F/VL/BW/DQ/CD); keep the list
/// in sync with [`has_v4`].
macro_rules! v4_fn {
    ($item:item) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(
            enable = "popcnt,bmi1,bmi2,lzcnt,avx,avx2,fma,movbe,avx512f,avx512vl,avx512bw,avx512dq,avx512cd"
        )]
        $item
    };
}
pub(crate) use v4_fn;

/// Whether this CPU has every one of the named features; always false off x86-64.
macro_rules! detected {
    ($($feature:tt),+) => {{
        #[cfg(target_arch = "x86_64")]
        let all = $(std::is_x86_feature_detected!($feature))&&+;
        #[cfg(not(target_arch = "x86_64"))]
        let all = false;
        all
    }};
}
pub(crate) use detected;

/// Whether this CPU runs the x86-64-v3 copy of the hot path.
#[inline]
pub fn has_v3() -> bool {
    detected!("popcnt", "bmi1", "bmi2", "lzcnt", "avx", "avx2", "fma", "movbe")
}

/// Whether this CPU runs the x86-64-v4 copy (for backends with AVX-512 lookups).
#[inline]
pub fn has_v4() -> bool {
    has_v3() && detected!("avx512f", "avx512vl", "avx512bw", "avx512dq", "avx512cd")
}

/// The name of the code path [`has_v3`] selects, for reports.
pub fn level_name() -> &'static str {
    if has_v3() { "x86-64-v3" } else { "baseline" }
}

/// Runs `f` inside a function compiled for x86-64-v3 where the CPU has it, else directly.
///
/// What the compiler inlines into `f` (slider lookups, popcounts) is then compiled with
/// POPCNT, BMI2 and the rest; benchmarks wrap their measured loops in it so a backend is
/// measured as the engine runs it.
///
/// ```
/// let n = bbengine::cpu::run_fast(|| (0xF0u64).count_ones());
/// assert_eq!(n, 4);
/// ```
#[inline]
pub fn run_fast<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if has_v3() {
        // SAFETY: the CPU has every feature `run_v3` is compiled with (checked just above).
        return unsafe { run_v3(f) };
    }
    f()
}

v3_fn! {
    fn run_v3<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
}
