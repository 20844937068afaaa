//! What this CPU can run, asked once at the top of a command.
//!
//! The hot path is compiled for baseline x86-64 and for x86-64-v3 (AVX2, BMI1/2, POPCNT,
//! LZCNT), and the entry point picks one; backends whose lookups are AVX-512 code also get an
//! x86-64-v4 copy. A plain `cargo build --release` targets baseline x86-64, which has no POPCNT
//! or TZCNT; counting moves by popcount needs them to be fast. Nothing is baked in at build
//! time, so one binary runs everywhere and is fast where the CPU allows.
//!
//! Each feature set is written once, in `features!`: the attribute that compiles code for a
//! set (`compiled_for!`) and the run-time check that allows calling it (`detected!`) both
//! expand from that one list, so they cannot drift apart (calling code compiled for a feature
//! the CPU lacks is undefined behaviour).

/// The named CPU feature sets, each written once; `features!(NAME, then!(args))` expands to
/// `crate::cpu::then! { [features...] args }`.
macro_rules! features {
    (x86_64_v3, $then:ident!($($args:tt)*)) => {
        $crate::cpu::$then! { ["popcnt", "bmi1", "bmi2", "lzcnt", "avx", "avx2", "fma", "movbe"] $($args)* }
    };
    (x86_64_v4, $then:ident!($($args:tt)*)) => {
        $crate::cpu::$then! { [
            "popcnt", "bmi1", "bmi2", "lzcnt", "avx", "avx2", "fma", "movbe",
            "avx512f", "avx512vl", "avx512bw", "avx512dq", "avx512cd"
        ] $($args)* }
    };
    (avx2, $then:ident!($($args:tt)*)) => {
        $crate::cpu::$then! { ["avx2"] $($args)* }
    };
    (avx512_vl, $then:ident!($($args:tt)*)) => {
        $crate::cpu::$then! { ["avx512f", "avx512vl"] $($args)* }
    };
    (bmi2, $then:ident!($($args:tt)*)) => {
        $crate::cpu::$then! { ["bmi2"] $($args)* }
    };
}
pub(crate) use features;

/// `compiled_for!(SET, item)`: the item (a function), compiled with the features of the named
/// set of [`features!`], on x86-64 only. Calling it is `unsafe`: only after [`detected!`] with
/// the same name returned true.
macro_rules! compiled_for {
    ($set:ident, $item:item) => {
        $crate::cpu::features!($set, compiled_for!(@apply $item));
    };
    ([$($feature:literal),+] @apply $item:item) => {
        #[cfg(target_arch = "x86_64")]
        $(#[target_feature(enable = $feature)])+
        $item
    };
}
pub(crate) use compiled_for;

/// `detected!(SET)`: whether this CPU has every feature of the named set of [`features!`];
/// always false off x86-64. `std` caches the answer, so a check is one load.
macro_rules! detected {
    ($set:ident) => {
        $crate::cpu::features!($set, detected!(@all))
    };
    ([$($feature:tt),+] @all) => {{
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
    detected!(x86_64_v3)
}

/// Whether this CPU runs the x86-64-v4 copy (for backends with AVX-512 lookups).
#[inline]
pub fn has_v4() -> bool {
    detected!(x86_64_v4)
}

/// The name of the code path [`has_v3`] selects, for reports.
pub fn level_name() -> &'static str {
    if has_v3() { "x86-64-v3" } else { "baseline" }
}

/// Whether this CPU executes `pext` in hardware. AMD family 0x17 (Zen 1 and 2) and Hygon
/// family 0x18 (built on Zen 1) have BMI2 but run `pext` in microcode, tens of cycles
/// depending on the mask. False off x86-64.
pub fn pext_is_fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let (vendor, family) = vendor_and_family();
        !matches!((&vendor, family), (b"AuthenticAMD", 0x17) | (b"HygonGenuine", 0x18))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The CPUID vendor string (`GenuineIntel`, `AuthenticAMD`, ...) and the display family
/// (base family, plus the extended family when the base is 0xF).
#[cfg(target_arch = "x86_64")]
pub fn vendor_and_family() -> ([u8; 12], u32) {
    use core::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let mut name = [0u8; 12];
    name[..4].copy_from_slice(&vendor.ebx.to_le_bytes());
    name[4..8].copy_from_slice(&vendor.edx.to_le_bytes());
    name[8..].copy_from_slice(&vendor.ecx.to_le_bytes());
    let eax = __cpuid(1).eax;
    let base = (eax >> 8) & 0xF;
    let family = if base == 0xF { base + ((eax >> 20) & 0xFF) } else { base };
    (name, family)
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
        // SAFETY: the CPU has every feature of x86_64_v3, which `run_v3` is compiled for.
        return unsafe { run_v3(f) };
    }
    f()
}

compiled_for! { x86_64_v3,
    fn run_v3<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
}
