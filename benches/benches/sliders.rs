//! Slider lookups side by side: every supported bb backend and each peer crate's own lookup,
//! rook, bishop and queen, over the same seeded 4096 (square, occupancy) pairs.
//!
//! - `throughput`: independent lookups folded with XOR, so the CPU may overlap them.
//! - `latency`: a dependent chain, the next lookup's occupancy depends on the previous result
//!   (through a mask that is zero at run time but opaque to the compiler), so lookups cannot
//!   overlap and the figure is one lookup's latency plus an AND and an XOR.
//!
//! Every measured loop runs inside `bbengine::cpu::run_fast`, so what inlines into it (bb's
//! backends and the peers' `#[inline]` lookups alike) is compiled for x86-64-v3 where the CPU
//! has it. Before measuring, every contender is checked against bbcore's reference ray walk.

use std::hint::black_box;
use std::time::Duration;

use bbcore::{Bitboard, Square};
use bbengine::{Backend, Sliders, WithSliders};
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime};

/// A slider lookup in some crate's own types. The occupancy is passed as a plain `u64` and
/// wrapped inside (a free newtype conversion), so the latency chain can mix results into it.
trait Lookup: Copy {
    /// The crate's square type.
    type Sq: Copy;
    fn name(self) -> String;
    fn square(self, sq: Square) -> Self::Sq;
    fn rook(self, sq: Self::Sq, occ: u64) -> u64;
    fn bishop(self, sq: Self::Sq, occ: u64) -> u64;
    fn queen(self, sq: Self::Sq, occ: u64) -> u64 {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }
}

/// A bb backend token.
#[derive(Clone, Copy)]
struct Bb<S>(S);

impl<S: Sliders> Lookup for Bb<S> {
    type Sq = Square;
    fn name(self) -> String {
        format!("bb-{}", S::NAME)
    }
    fn square(self, sq: Square) -> Square {
        sq
    }
    #[inline(always)]
    fn rook(self, sq: Square, occ: u64) -> u64 {
        self.0.rook(sq, Bitboard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: Square, occ: u64) -> u64 {
        self.0.bishop(sq, Bitboard(occ)).0
    }
    #[inline(always)]
    fn queen(self, sq: Square, occ: u64) -> u64 {
        self.0.queen(sq, Bitboard(occ)).0
    }
}

#[derive(Clone, Copy)]
struct CozyChess;

impl Lookup for CozyChess {
    type Sq = cozy_chess::Square;
    fn name(self) -> String {
        let pext = if cfg!(feature = "pext") { "-pext" } else { "" };
        format!("{}{pext}", bbbench::peer_cozy_chess::NAME)
    }
    fn square(self, sq: Square) -> cozy_chess::Square {
        cozy_chess::Square::ALL[sq.index()]
    }
    #[inline(always)]
    fn rook(self, sq: cozy_chess::Square, occ: u64) -> u64 {
        cozy_chess::get_rook_moves(sq, cozy_chess::BitBoard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: cozy_chess::Square, occ: u64) -> u64 {
        cozy_chess::get_bishop_moves(sq, cozy_chess::BitBoard(occ)).0
    }
}

#[derive(Clone, Copy)]
struct Shakmaty;

impl Lookup for Shakmaty {
    type Sq = shakmaty::Square;
    fn name(self) -> String {
        bbbench::peer_shakmaty::NAME.to_string()
    }
    fn square(self, sq: Square) -> shakmaty::Square {
        shakmaty::Square::new(sq.index() as u32)
    }
    #[inline(always)]
    fn rook(self, sq: shakmaty::Square, occ: u64) -> u64 {
        shakmaty::attacks::rook_attacks(sq, shakmaty::Bitboard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: shakmaty::Square, occ: u64) -> u64 {
        shakmaty::attacks::bishop_attacks(sq, shakmaty::Bitboard(occ)).0
    }
    #[inline(always)]
    fn queen(self, sq: shakmaty::Square, occ: u64) -> u64 {
        shakmaty::attacks::queen_attacks(sq, shakmaty::Bitboard(occ)).0
    }
}

#[derive(Clone, Copy)]
struct Chess;

impl Lookup for Chess {
    type Sq = chess::Square;
    fn name(self) -> String {
        bbbench::peer_chess::NAME.to_string()
    }
    fn square(self, sq: Square) -> chess::Square {
        chess::ALL_SQUARES[sq.index()]
    }
    #[inline(always)]
    fn rook(self, sq: chess::Square, occ: u64) -> u64 {
        chess::get_rook_moves(sq, chess::BitBoard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: chess::Square, occ: u64) -> u64 {
        chess::get_bishop_moves(sq, chess::BitBoard(occ)).0
    }
}

/// chess's PEXT/PDEP lookups, which it only compiles when the target has BMI2 (its own move
/// generator uses the magic ones above).
#[cfg(target_feature = "bmi2")]
#[derive(Clone, Copy)]
struct ChessBmi;

#[cfg(target_feature = "bmi2")]
impl Lookup for ChessBmi {
    type Sq = chess::Square;
    fn name(self) -> String {
        format!("{}-bmi", bbbench::peer_chess::NAME)
    }
    fn square(self, sq: Square) -> chess::Square {
        chess::ALL_SQUARES[sq.index()]
    }
    #[inline(always)]
    fn rook(self, sq: chess::Square, occ: u64) -> u64 {
        chess::get_rook_moves_bmi(sq, chess::BitBoard(occ)).0
    }
    #[inline(always)]
    fn bishop(self, sq: chess::Square, occ: u64) -> u64 {
        chess::get_bishop_moves_bmi(sq, chess::BitBoard(occ)).0
    }
}

#[derive(Clone, Copy, Debug)]
enum Piece {
    Rook,
    Bishop,
    Queen,
}

impl Piece {
    const ALL: [Piece; 3] = [Piece::Rook, Piece::Bishop, Piece::Queen];

    fn name(self) -> &'static str {
        match self {
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Queen => "queen",
        }
    }

    fn reference(self, sq: Square, occ: Bitboard) -> u64 {
        match self {
            Piece::Rook => bbcore::rook_attacks_ref(sq, occ).0,
            Piece::Bishop => bbcore::bishop_attacks_ref(sq, occ).0,
            Piece::Queen => bbcore::queen_attacks_ref(sq, occ).0,
        }
    }
}

/// Independent lookups, folded with XOR.
#[inline(always)]
fn throughput<Sq: Copy>(inputs: &[(Sq, u64)], lookup: impl Fn(Sq, u64) -> u64) -> u64 {
    let mut acc = 0;
    for &(sq, occ) in inputs {
        acc ^= lookup(sq, occ);
    }
    acc
}

/// A dependent chain: each occupancy is XORed with the previous result ANDed with `zero`,
/// which is 0 at run time (so every contender looks up exactly the same pairs) but opaque to
/// the compiler (so it cannot start a lookup before the previous one has finished).
#[inline(always)]
fn latency<Sq: Copy>(inputs: &[(Sq, u64)], zero: u64, lookup: impl Fn(Sq, u64) -> u64) -> u64 {
    let mut prev = 0;
    for &(sq, occ) in inputs {
        prev = lookup(sq, occ ^ (prev & zero));
    }
    prev
}

#[derive(Clone, Copy, Debug)]
enum Mode {
    Throughput,
    Latency,
}

/// Runs one measured pass over `inputs`; inlined into `run_fast`'s x86-64-v3 copy.
#[inline(always)]
fn pass<L: Lookup>(l: L, piece: Piece, mode: Mode, inputs: &[(L::Sq, u64)], zero: u64) -> u64 {
    match (piece, mode) {
        (Piece::Rook, Mode::Throughput) => throughput(inputs, |sq, occ| l.rook(sq, occ)),
        (Piece::Bishop, Mode::Throughput) => throughput(inputs, |sq, occ| l.bishop(sq, occ)),
        (Piece::Queen, Mode::Throughput) => throughput(inputs, |sq, occ| l.queen(sq, occ)),
        (Piece::Rook, Mode::Latency) => latency(inputs, zero, |sq, occ| l.rook(sq, occ)),
        (Piece::Bishop, Mode::Latency) => latency(inputs, zero, |sq, occ| l.bishop(sq, occ)),
        (Piece::Queen, Mode::Latency) => latency(inputs, zero, |sq, occ| l.queen(sq, occ)),
    }
}

/// Checks `l` against the reference ray walk on every input, then measures it.
fn bench<L: Lookup>(group: &mut BenchmarkGroup<'_, WallTime>, l: L, piece: Piece, mode: Mode) {
    let inputs: Vec<(L::Sq, u64)> = bbbench::slider_inputs().iter().map(|&(sq, occ)| (l.square(sq), occ.0)).collect();
    for (&(sq, occ), &(lsq, locc)) in bbbench::slider_inputs().iter().zip(&inputs) {
        let got = match piece {
            Piece::Rook => l.rook(lsq, locc),
            Piece::Bishop => l.bishop(lsq, locc),
            Piece::Queen => l.queen(lsq, locc),
        };
        assert_eq!(got, piece.reference(sq, occ), "{} {} on {sq:?} with {occ:?}", l.name(), piece.name());
    }
    group.bench_function(l.name(), |b| {
        b.iter(|| {
            let inputs = black_box(inputs.as_slice());
            let zero = black_box(0u64);
            bbengine::cpu::run_fast(|| pass(l, piece, mode, inputs, zero))
        })
    });
}

/// Adds every supported bb backend to a group, through the run-time backend list.
struct BenchBackend<'a, 'g> {
    group: &'a mut BenchmarkGroup<'g, WallTime>,
    piece: Piece,
    mode: Mode,
}

impl WithSliders for BenchBackend<'_, '_> {
    type Output = ();
    fn call<S: Sliders>(self, sliders: S) {
        bench(self.group, Bb(sliders), self.piece, self.mode);
    }
}

fn sliders(c: &mut Criterion) {
    if !cfg!(target_feature = "bmi2") {
        eprintln!(
            "note: built without BMI2 (no RUSTFLAGS=\"-C target-cpu=native\"): the peers' lookups are their \
             baseline x86-64 code (no cozy-chess pext, no chess-bmi)"
        );
    }
    for piece in Piece::ALL {
        for mode in [Mode::Throughput, Mode::Latency] {
            let mut group =
                c.benchmark_group(format!("sliders/{}/{}", piece.name(), format!("{mode:?}").to_lowercase()));
            group.throughput(Throughput::Elements(bbbench::SLIDER_INPUTS as u64));
            for &backend in Backend::ALL.iter().filter(|b| b.is_supported()) {
                if backend.run(BenchBackend { group: &mut group, piece, mode }).is_err() {
                    eprintln!("note: backend {backend} skipped: not supported on this CPU");
                }
            }
            // The 16-bit PEXT layout, a token beside the backends (not in `Backend::ALL`).
            if let Some(token) = bbengine::sliders::PextPdep::detect() {
                bench(&mut group, Bb(token), piece, mode);
            }
            bench(&mut group, CozyChess, piece, mode);
            bench(&mut group, Shakmaty, piece, mode);
            bench(&mut group, Chess, piece, mode);
            #[cfg(target_feature = "bmi2")]
            bench(&mut group, ChessBmi, piece, mode);
            group.finish();
        }
    }
}

fn config() -> Criterion {
    Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = sliders
}
criterion_main!(benches);
