//! Slider backends: one trait, one zero-sized type per method.
//!
//! Move generation is generic over [`Sliders`], so every backend gets its own monomorphised
//! generator and a benchmark measures the whole program per backend.

/// The glue the SIMD Kogge-Stone backends share: `Sliders` for the token `$token`, whose file
/// defines `ROOK` and `BISHOP` lanes and a module `$simd` with the `unsafe fn attacks(slider,
/// occupied, lanes) -> u64` that needs the CPU features the token was detected with;
/// `$avx512` says whether those include AVX-512 (see [`Sliders::AVX512`]).
macro_rules! simd_kogge_stone_sliders {
    ($token:ident, $name:literal, $simd:ident, $avx512:literal) => {
        impl $token {
            #[inline(always)]
            fn attacks(self, sq: Square, occupied: Bitboard, lanes: &Lanes) -> Bitboard {
                #[cfg(target_arch = "x86_64")]
                {
                    // SAFETY: a token exists only after `detect` found the CPU features that
                    // `attacks` is compiled with.
                    Bitboard(unsafe { $simd::attacks(1 << sq as u8, occupied.0, lanes) })
                }
                #[cfg(not(target_arch = "x86_64"))]
                {
                    let _ = (sq, occupied, lanes);
                    unreachable!(concat!(stringify!($token), "::detect returns None off x86_64"))
                }
            }
        }

        impl Sliders for $token {
            const NAME: &'static str = $name;
            const AVX512: bool = $avx512;

            #[inline(always)]
            fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
                self.attacks(sq, occupied, &ROOK)
            }

            #[inline(always)]
            fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
                self.attacks(sq, occupied, &BISHOP)
            }
        }
    };
}

mod avx512_kogge_stone;
mod dense;
mod fancy;
mod hyperbola;
mod kogge_stone;
mod pext;
mod pext_pdep;
mod reference;
mod simd_kogge_stone;

use core::fmt;
use core::str::FromStr;
use core::sync::atomic::{AtomicU8, Ordering};

use bbcore::{Bitboard, Square};

pub use avx512_kogge_stone::Avx512KoggeStone;
pub use dense::DenseMagic;
pub use fancy::FancyMagic;
pub use hyperbola::Hyperbola;
pub use kogge_stone::KoggeStone;
pub use pext::Pext;
pub use pext_pdep::PextPdep;
pub use reference::Reference;
pub use simd_kogge_stone::SimdKoggeStone;

/// Rook and bishop attacks from one square, given the occupied squares.
///
/// Implementors are zero-sized tokens passed by value, so a generic caller pays nothing to
/// carry one around. A token is proof the backend can run here: a backend that needs a CPU
/// feature (PEXT needs BMI2) only hands out tokens after detecting it.
pub trait Sliders: Copy + Send + Sync + 'static {
    /// The backend's name as the CLI spells it.
    const NAME: &'static str;

    /// Whether the lookups are AVX-512 code. Perft then runs its x86-64-v4 copy on CPUs that
    /// have AVX-512, where the lookups inline instead of being calls out of the v3 copy.
    const AVX512: bool = false;

    /// Squares a rook on `sq` attacks (first blocker included).
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard;

    /// Squares a bishop on `sq` attacks (first blocker included).
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard;

    /// Squares a queen on `sq` attacks.
    #[inline(always)]
    fn queen(self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.rook(sq, occupied) | self.bishop(sq, occupied)
    }
}

/// `table[index]` without a bounds check, for the table backends' hot lookups (measured: the
/// checks cost about 5% of perft's instructions).
///
/// # Safety
/// `index < table.len()`. The table backends guarantee it at compile time: each generated
/// table module (`crate::generated::{fancy, dense, pext}`, from the files or the proc-macros
/// alike) ends in a `const` item that passes every square's rook and bishop window to bbcore's
/// checkers (`fancy_window_fits`, `dense_window_first_outside`, `pext_window_fits`) and fails
/// the build, naming the table and square, unless every index the lookup can compute, for any
/// occupancy, lies inside its attack array. A hand-edited table therefore does not compile.
/// (`tests/tests/tables_bounds.rs` tests the checkers themselves.)
#[inline(always)]
pub(crate) unsafe fn table_entry(table: &[u64], index: usize) -> Bitboard {
    // SAFETY: the caller guarantees `index < table.len()`.
    Bitboard(unsafe { table_read(table, index) })
}

/// [`table_entry`] for any entry type (the 16-bit PEXT table's too).
///
/// # Safety
/// `index < table.len()`, proven as for [`table_entry`].
#[inline(always)]
pub(crate) unsafe fn table_read<T: Copy>(table: &[T], index: usize) -> T {
    debug_assert!(index < table.len(), "table index {index} out of {}", table.len());
    let index = scalar_index(index);
    // SAFETY: the caller guarantees `index < table.len()`, and `scalar_index` returns its
    // argument unchanged.
    unsafe { *table.get_unchecked(index) }
}

/// `index`, unchanged, through an empty `asm!` the compiler cannot see into, on targets with
/// vector gathers: a loop of independent lookups then stays scalar code.
///
/// Without it, LLVM turns such a loop (the `sliders` bench's throughput loop, or a user's
/// loop over a piece list) into AVX-512 gathers and `vpmullq` when the target has AVX-512,
/// and that code is slower than the scalar loads it replaces. Measured on this project's
/// Emerald Rapids, native build, ns per rook lookup over the bench's 4,096 pairs, median of
/// 12 alternating runs: fancy 2.87 gathered against 1.23 scalar, dense 1.69 against 1.18
/// (shakmaty's dense lookup, which is gathered the same way, 1.54).
///
/// The barrier costs no instruction, but LLVM does not unroll a loop around it. Where there is
/// no gather to avoid it is left out: on a Zen 3 (AVX2, no AVX-512), native build, bishop
/// throughput was about 10% better without it (dense 1.04 to 1.09 ns against 1.17 to 1.23,
/// `pext` 0.87 to 0.94 against 0.98 to 1.03, three alternating runs). AArch64 gathers only
/// with SVE.
#[inline(always)]
fn scalar_index(index: usize) -> usize {
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "avx512f"),
        all(target_arch = "aarch64", target_feature = "sve")
    ))]
    {
        let mut index = index;
        // SAFETY: the template is empty: no instruction runs, no memory, stack or flag is
        // touched, and `index` comes back as it went in.
        unsafe { core::arch::asm!("/* {0} */", inout(reg) index, options(pure, nomem, nostack, preserves_flags)) };
        index
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "avx512f"),
        all(target_arch = "aarch64", target_feature = "sve")
    )))]
    {
        index
    }
}

/// Something to run with whichever backend a [`Backend`] names: the bridge from a run-time
/// choice to a monomorphised generic call.
pub trait WithSliders {
    /// What the call returns.
    type Output;
    /// Runs with the backend token `sliders`.
    fn call<S: Sliders>(self, sliders: S) -> Self::Output;
}

/// A slider backend chosen by name at run time (CLI, benchmarks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// The ray walk: slow, the oracle.
    Reference,
    /// Kogge-Stone occluded fills: no tables.
    KoggeStone,
    /// Kogge-Stone with the four directions in AVX2 lanes (needs AVX2).
    SimdKoggeStone,
    /// Kogge-Stone with AVX-512VL rotates and ternary logic (needs AVX-512F/VL).
    Avx512KoggeStone,
    /// Hyperbola quintessence: subtraction and byte swap, 2 KiB of tables.
    Hyperbola,
    /// Fancy magic bitboards (variable shift).
    FancyMagic,
    /// Dense magic bitboards (fixed shift, overlapping windows).
    DenseMagic,
    /// PEXT bitboards (BMI2).
    Pext,
}

impl Backend {
    /// Every backend, in the order reports list them.
    pub const ALL: &'static [Backend] = &[
        Backend::Reference,
        Backend::KoggeStone,
        Backend::SimdKoggeStone,
        Backend::Avx512KoggeStone,
        Backend::Hyperbola,
        Backend::FancyMagic,
        Backend::DenseMagic,
        Backend::Pext,
    ];

    /// The CLI name.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Reference => Reference::NAME,
            Backend::KoggeStone => KoggeStone::NAME,
            Backend::SimdKoggeStone => SimdKoggeStone::NAME,
            Backend::Avx512KoggeStone => Avx512KoggeStone::NAME,
            Backend::Hyperbola => Hyperbola::NAME,
            Backend::FancyMagic => FancyMagic::NAME,
            Backend::DenseMagic => DenseMagic::NAME,
            Backend::Pext => Pext::NAME,
        }
    }

    /// Whether this CPU can run the backend (PEXT needs BMI2).
    pub fn is_supported(self) -> bool {
        match self {
            Backend::Pext => Pext::detect().is_some(),
            Backend::SimdKoggeStone => SimdKoggeStone::detect().is_some(),
            Backend::Avx512KoggeStone => Avx512KoggeStone::detect().is_some(),
            _ => true,
        }
    }

    /// The backend to use on this CPU when the user does not choose.
    ///
    /// PEXT where the CPU has BMI2 and executes `pext` in hardware: one instruction replaces
    /// the multiply, shift and mask, and it ranks first in published comparisons. CPUs that
    /// run `pext` in microcode ([`crate::cpu::pext_is_fast`]) get magic instead. The magic
    /// fallback is the fancy layout: measured side by side on random occupancies it was a
    /// little faster than the dense one (about 2.9 against 3.1 ns a lookup on a Zen 4), whose
    /// only advantage is a smaller table.
    ///
    /// Decided once (CPUID is slow, a trap in some virtual machines) and cached in an atomic,
    /// so a call is one load.
    pub fn auto() -> Backend {
        static AUTO: AtomicU8 = AtomicU8::new(UNDECIDED);
        match AUTO.load(Ordering::Relaxed) {
            PEXT => Backend::Pext,
            MAGIC => MAGIC_FALLBACK,
            _ => {
                let pext = Pext::detect().is_some() && crate::cpu::pext_is_fast();
                AUTO.store(if pext { PEXT } else { MAGIC }, Ordering::Relaxed);
                if pext { Backend::Pext } else { MAGIC_FALLBACK }
            }
        }
    }

    /// Why [`Backend::auto`] picks what it picks on this CPU, in words for reports.
    pub fn auto_reason() -> &'static str {
        match (Pext::detect().is_some(), crate::cpu::pext_is_fast()) {
            (true, true) => "BMI2 present and pext runs in hardware",
            (true, false) => "BMI2 present but pext is microcoded here (AMD Zen 1/2), so fancy magic",
            (false, _) => "no BMI2, so fancy magic",
        }
    }

    /// Runs `f` with this backend's token; `Err(Unsupported)` if this CPU cannot run it.
    pub fn run<F: WithSliders>(self, f: F) -> Result<F::Output, Unsupported> {
        match self {
            Backend::Reference => Ok(f.call(Reference)),
            Backend::KoggeStone => Ok(f.call(KoggeStone)),
            Backend::SimdKoggeStone => SimdKoggeStone::detect().map(|s| f.call(s)).ok_or(Unsupported(self)),
            Backend::Avx512KoggeStone => Avx512KoggeStone::detect().map(|s| f.call(s)).ok_or(Unsupported(self)),
            Backend::Hyperbola => Ok(f.call(Hyperbola)),
            Backend::FancyMagic => Ok(f.call(FancyMagic)),
            Backend::DenseMagic => Ok(f.call(DenseMagic)),
            Backend::Pext => match Pext::detect() {
                Some(token) => Ok(f.call(token)),
                None => Err(Unsupported(Backend::Pext)),
            },
        }
    }
}

/// The magic layout [`Backend::auto`] picks where PEXT is missing or slow.
const MAGIC_FALLBACK: Backend = Backend::FancyMagic;

/// [`Backend::auto`]'s cached choice: not yet made, PEXT, magic.
const UNDECIDED: u8 = 0;
const PEXT: u8 = 1;
const MAGIC: u8 = 2;

/// The PEXT token when [`Backend::auto`] picks PEXT on this CPU.
#[inline]
pub(crate) fn auto_pext() -> Option<Pext> {
    if Backend::auto() == Backend::Pext { Pext::detect() } else { None }
}

/// `with_fastest!(|sliders| expr)`: `expr` evaluated with `sliders` bound to the backend
/// [`Backend::auto`] picks (PEXT where it is fast, else fancy magic), inside the x86-64-v3
/// code path where the CPU has it ([`crate::cpu::run_fast`]). The token-free methods of
/// `Board` and `Position` are this around their `_with` forms.
macro_rules! with_fastest {
    (|$sliders:ident| $body:expr) => {
        match $crate::sliders::auto_pext() {
            Some($sliders) => $crate::cpu::run_fast(|| $body),
            None => {
                let $sliders = $crate::sliders::FancyMagic;
                $crate::cpu::run_fast(|| $body)
            }
        }
    };
}
pub(crate) use with_fastest;

/// A backend this CPU cannot run (PEXT without BMI2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported(pub Backend);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "backend {} is not supported on this CPU", self.0)
    }
}

impl std::error::Error for Unsupported {}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown backend name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBackend(pub String);

impl fmt::Display for UnknownBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
        write!(f, "unknown backend {:?} (expected one of: auto, {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownBackend {}

impl FromStr for Backend {
    type Err = UnknownBackend;
    fn from_str(s: &str) -> Result<Backend, UnknownBackend> {
        if s == "auto" {
            return Ok(Backend::auto());
        }
        Backend::ALL.iter().copied().find(|b| b.name() == s).ok_or_else(|| UnknownBackend(s.to_string()))
    }
}
