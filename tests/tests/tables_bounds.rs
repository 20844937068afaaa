//! The window checkers behind the unchecked table reads in
//! `engine/src/sliders/{fancy,dense,pext}.rs`.
//!
//! The proof itself is a `const` item in each generated module: it passes every square's window
//! to bbcore's checkers, so a table that does not fit fails to build. These tests check the
//! checkers: they accept the real tables, accept each window at the smallest array it fits and
//! reject it one entry shorter, and reject deliberately bad windows (an offset moved past the
//! end, a shift of 0, a mask with one bit too many). And the generated files do carry the
//! assertion for every table.

use std::path::Path;

use bbcore::{
    Bitboard, SplitMix64, Square, assert_window, dense_magic_index, dense_window_first_outside, fancy_window_fits,
    pext_window_fits, subsets,
};
use bbengine::generated::{dense, fancy, pext};

/// The smallest array the square's dense window fits: one past its largest index, found by
/// enumerating the subsets with bbcore's iterator (not the checker's own loop).
fn dense_reach(mask: u64, magic: u64, offset: usize, shift: u32) -> usize {
    let max = subsets(Bitboard(mask)).map(|occ| dense_magic_index(occ, Bitboard(mask), magic, shift)).max();
    offset + max.expect("a mask has at least the empty subset") + 1
}

#[test]
fn fancy_checker_accepts_the_tables_and_rejects_one_entry_less() {
    for (magics, len, name) in [
        (&fancy::ROOK_MAGICS, fancy::ROOK_ATTACKS.len(), "rook"),
        (&fancy::BISHOP_MAGICS, fancy::BISHOP_ATTACKS.len(), "bishop"),
    ] {
        for (sq, m) in Square::ALL.iter().zip(magics) {
            let offset = m.offset as usize;
            assert!(fancy_window_fits(offset, m.shift, len), "fancy {name} {sq}");
            let reach = offset + (1 << (64 - m.shift));
            assert!(fancy_window_fits(offset, m.shift, reach), "fancy {name} {sq}: fits exactly");
            assert!(!fancy_window_fits(offset, m.shift, reach - 1), "fancy {name} {sq}: one entry short");
        }
    }
}

#[test]
fn fancy_checker_rejects_bad_windows() {
    let len = fancy::ROOK_ATTACKS.len();
    let last = fancy::ROOK_MAGICS[63];
    // The last window ends the array: moved by one it reaches past the end.
    assert!(fancy_window_fits(last.offset as usize, last.shift, len));
    assert!(!fancy_window_fits(last.offset as usize + 1, last.shift, len));
    assert!(!fancy_window_fits(len, last.shift, len));
    // Shift 0 indexes the whole 64-bit product; 64 and above overflow.
    assert!(!fancy_window_fits(0, 0, usize::MAX));
    assert!(!fancy_window_fits(0, 64, usize::MAX));
    assert!(!fancy_window_fits(0, u32::MAX, usize::MAX));
    // Shift 63 is the smallest window (two entries); no sum overflows at the top of the range.
    assert!(fancy_window_fits(0, 63, 2));
    assert!(!fancy_window_fits(usize::MAX, 63, usize::MAX));
}

#[test]
fn pext_checker_accepts_the_tables_and_rejects_one_entry_less() {
    for (entries, len, name) in [
        (&pext::ROOK_ENTRIES, pext::ROOK_ATTACKS.len(), "rook"),
        (&pext::BISHOP_ENTRIES, pext::BISHOP_ATTACKS.len(), "bishop"),
    ] {
        for (sq, e) in Square::ALL.iter().zip(entries) {
            let offset = e.offset;
            assert!(pext_window_fits(e.mask, offset, len), "pext {name} {sq}");
            let reach = offset + (1 << e.mask.count_ones());
            assert!(pext_window_fits(e.mask, offset, reach), "pext {name} {sq}: fits exactly");
            assert!(!pext_window_fits(e.mask, offset, reach - 1), "pext {name} {sq}: one entry short");
        }
    }
}

#[test]
fn pext_checker_rejects_bad_windows() {
    let len = pext::BISHOP_ATTACKS.len();
    let last = pext::BISHOP_ENTRIES[63];
    assert!(pext_window_fits(last.mask, last.offset, len));
    // An offset moved past the end.
    assert!(!pext_window_fits(last.mask, last.offset + 1, len));
    // One extra mask bit doubles the window.
    let extra = last.mask | 1 << 62;
    assert_ne!(extra, last.mask);
    assert!(!pext_window_fits(extra, last.offset, len));
    // The rook a1 window ends where the b1 window starts; with one more mask bit it runs into it.
    let e = pext::ROOK_ENTRIES[0];
    let next = pext::ROOK_ENTRIES[1].offset;
    assert!(pext_window_fits(e.mask, e.offset, next));
    assert!(!pext_window_fits(e.mask | 1 << 63, e.offset, next));
    // A full mask (2^64 entries) and the top of the range do not overflow.
    assert!(!pext_window_fits(u64::MAX, 0, usize::MAX));
    assert!(!pext_window_fits(0, usize::MAX, usize::MAX));
}

#[test]
fn dense_checker_accepts_the_table_and_rejects_one_entry_less() {
    let len = dense::ATTACKS.0.len();
    let mut ends_array = 0;
    for (magics, shift, name) in
        [(&dense::ROOK_MAGICS, dense::ROOK_SHIFT, "rook"), (&dense::BISHOP_MAGICS, dense::BISHOP_SHIFT, "bishop")]
    {
        for (sq, m) in Square::ALL.iter().zip(magics) {
            let offset = m.offset;
            assert_eq!(dense_window_first_outside(m.mask(), m.magic, offset, shift, len), None, "dense {name} {sq}");
            let reach = dense_reach(m.mask(), m.magic, offset, shift);
            assert!(reach <= len, "dense {name} {sq}");
            ends_array += usize::from(reach == len);
            assert_eq!(dense_window_first_outside(m.mask(), m.magic, offset, shift, reach), None, "dense {name} {sq}");
            // One entry shorter: the checker names a subset whose index is the last entry.
            let bad = dense_window_first_outside(m.mask(), m.magic, offset, shift, reach - 1)
                .unwrap_or_else(|| panic!("dense {name} {sq}: one entry short accepted"));
            assert_eq!(bad & !m.mask(), 0, "dense {name} {sq}: {bad:#x} is a subset of the mask");
            assert_eq!(offset + dense_magic_index(Bitboard(bad), Bitboard(m.mask()), m.magic, shift), reach - 1);
        }
    }
    assert!(ends_array >= 1, "some window ends the array");
}

#[test]
fn dense_checker_rejects_bad_windows() {
    let len = dense::ATTACKS.0.len();
    // The window that ends the array, moved by one entry.
    let (m, shift) = dense::ROOK_MAGICS
        .iter()
        .map(|m| (m, dense::ROOK_SHIFT))
        .chain(dense::BISHOP_MAGICS.iter().map(|m| (m, dense::BISHOP_SHIFT)))
        .max_by_key(|(m, shift)| dense_reach(m.mask(), m.magic, m.offset, *shift))
        .expect("128 windows");
    assert_eq!(dense_reach(m.mask(), m.magic, m.offset, shift), len);
    assert!(dense_window_first_outside(m.mask(), m.magic, m.offset + 1, shift, len).is_some());
    // Offsets at or past the end, and shifts no index can be computed with.
    let r = dense::ROOK_MAGICS[0];
    assert_eq!(dense_window_first_outside(r.mask(), r.magic, len, dense::ROOK_SHIFT, len), Some(0));
    assert_eq!(dense_window_first_outside(r.mask(), r.magic, usize::MAX, dense::ROOK_SHIFT, len), Some(0));
    assert_eq!(dense_window_first_outside(r.mask(), r.magic, 0, 64, usize::MAX), Some(0));
    // One shift less about doubles every index: the window ending the array no longer fits.
    assert!(dense_window_first_outside(m.mask(), m.magic, m.offset, shift - 1, len).is_some());
}

#[test]
fn dense_index_ignores_bits_outside_the_mask() {
    // Why checking the subsets covers every occupancy.
    let mut rng = SplitMix64::new(0xB0_0D5);
    for (magics, shift) in [(&dense::ROOK_MAGICS, dense::ROOK_SHIFT), (&dense::BISHOP_MAGICS, dense::BISHOP_SHIFT)] {
        for m in magics {
            for _ in 0..64 {
                let occ = rng.next_u64();
                let mask = Bitboard(m.mask());
                assert_eq!(
                    dense_magic_index(Bitboard(occ), mask, m.magic, shift),
                    dense_magic_index(Bitboard(occ & m.mask()), mask, m.magic, shift)
                );
            }
        }
    }
}

#[test]
fn assert_window_names_the_table_and_square() {
    assert_window(true, "fancy ROOK_MAGICS -> ROOK_ATTACKS", 28);
    let message = |table: &'static str, square: usize| {
        let payload = std::panic::catch_unwind(|| assert_window(false, table, square)).expect_err("panics");
        payload.downcast_ref::<String>().cloned().unwrap_or_default()
    };
    assert_eq!(
        message("fancy ROOK_MAGICS -> ROOK_ATTACKS", 28),
        "table window out of bounds: fancy ROOK_MAGICS -> ROOK_ATTACKS, square e4"
    );
    assert_eq!(message("dense", 63), "table window out of bounds: dense, square h8");
    assert_eq!(message("pext", 64), "table window out of bounds: pext, square (index past h8)");
    // A long name is cut, the square kept.
    let long = message(Box::leak("x".repeat(500).into_boxed_str()), 0);
    assert!(long.ends_with("x, square a1"), "{long}");
}

#[test]
fn generated_modules_assert_every_window() {
    // The proof is in the generated files (checked fresh by tables_fresh.rs); make sure the
    // renderer keeps emitting it for every table.
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/src/generated"));
    let pext: &[&str] = &[
        "pext ROOK_ENTRIES -> ROOK_ATTACKS",
        "pext BISHOP_ENTRIES -> BISHOP_ATTACKS",
        "pext ROOK_PDEP_ENTRIES -> ROOK_PDEP_ATTACKS",
        "pext BISHOP_PDEP_ENTRIES -> BISHOP_PDEP_ATTACKS",
    ];
    for (file, checker, tables) in [
        (
            "fancy.rs",
            "fancy_window_fits",
            &["fancy ROOK_MAGICS -> ROOK_ATTACKS", "fancy BISHOP_MAGICS -> BISHOP_ATTACKS"][..],
        ),
        ("dense.rs", "dense_window_first_outside", &["dense ROOK_MAGICS -> ATTACKS", "dense BISHOP_MAGICS -> ATTACKS"]),
        ("pext.rs", "pext_window_fits", pext),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).expect("generated file");
        assert!(text.contains("const _: () = {"), "{file}");
        assert!(text.contains("while sq < 64"), "{file}");
        assert_eq!(text.matches(checker).count(), tables.len(), "{file}: {checker}");
        assert_eq!(text.matches("::bbcore::assert_window(").count(), tables.len(), "{file}");
        for table in tables {
            assert!(text.contains(&format!("\"{table}\",")), "{file}: {table}");
        }
    }
}
