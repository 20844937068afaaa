//! Every const-built table against an independent slow computation.

use bbcore::*;

fn df_dr(a: Square, b: Square) -> (i32, i32) {
    (b.file() as i32 - a.file() as i32, b.rank() as i32 - a.rank() as i32)
}

fn set_where(pred: impl Fn(Square) -> bool) -> Bitboard {
    Square::ALL.into_iter().filter(|&s| pred(s)).collect()
}

#[test]
fn knight_from_g1() {
    assert_eq!(knight_attacks(Square::G1), Bitboard(0xA0_1000));
    assert_eq!(KNIGHT_ATTACKS[Square::G1.index()].0, 0xA0_1000);
}

#[test]
fn leapers_match_distance_rules() {
    for a in Square::ALL {
        let knight = set_where(|b| {
            let (f, r) = df_dr(a, b);
            f.abs() * r.abs() == 2
        });
        let king = set_where(|b| {
            let (f, r) = df_dr(a, b);
            a != b && f.abs() <= 1 && r.abs() <= 1
        });
        let white_pawn = set_where(|b| {
            let (f, r) = df_dr(a, b);
            f.abs() == 1 && r == 1
        });
        let black_pawn = set_where(|b| {
            let (f, r) = df_dr(a, b);
            f.abs() == 1 && r == -1
        });
        assert_eq!(knight_attacks(a), knight, "knight {a}");
        assert_eq!(king_attacks(a), king, "king {a}");
        assert_eq!(pawn_attacks(Color::White, a), white_pawn, "white pawn {a}");
        assert_eq!(pawn_attacks(Color::Black, a), black_pawn, "black pawn {a}");
    }
}

#[test]
fn between_and_line_from_reference_slider() {
    for a in Square::ALL {
        for b in Square::ALL {
            let (one_a, one_b) = (Bitboard::from_square(a), Bitboard::from_square(b));
            let (rook, bishop) = (rook_attacks_ref(a, Bitboard::EMPTY), bishop_attacks_ref(a, Bitboard::EMPTY));
            let (expect_between, expect_line) = if rook.has(b) {
                (
                    rook_attacks_ref(a, one_b) & rook_attacks_ref(b, one_a),
                    (rook & rook_attacks_ref(b, Bitboard::EMPTY)) | one_a | one_b,
                )
            } else if bishop.has(b) {
                (
                    bishop_attacks_ref(a, one_b) & bishop_attacks_ref(b, one_a),
                    (bishop & bishop_attacks_ref(b, Bitboard::EMPTY)) | one_a | one_b,
                )
            } else {
                (Bitboard::EMPTY, Bitboard::EMPTY)
            };
            assert_eq!(between(a, b), expect_between, "between {a} {b}");
            assert_eq!(line(a, b), expect_line, "line {a} {b}");
        }
    }
}

#[test]
fn between_and_line_spot_checks() {
    let diagonal_inside = ["b2", "c3", "d4", "e5", "f6", "g7"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
    assert_eq!(between(Square::A1, Square::H8), diagonal_inside);
    assert_eq!(
        between(Square::E1, Square::E8),
        set_where(|s| s.file() == File::E && s != Square::E1 && s != Square::E8)
    );
    assert_eq!(between(Square::E1, Square::F3), Bitboard::EMPTY);
    assert_eq!(between(Square::E4, Square::E5), Bitboard::EMPTY);
    assert_eq!(between(Square::C1, Square::A3), Bitboard::from_square(Square::B2));
    assert_eq!(line(Square::B2, Square::C3), set_where(|s| s.file() as u8 == s.rank() as u8));
    assert_eq!(line(Square::D4, Square::D4), Bitboard::EMPTY);
    assert_eq!(line(Square::A2, Square::C1), Bitboard::EMPTY);
}

#[test]
fn relevance_masks() {
    assert_eq!(rook_mask(Square::A1).count(), 12);
    assert_eq!(rook_mask(Square::H8).count(), 12);
    assert_eq!(rook_mask(Square::D4).count(), 10);
    assert_eq!(rook_mask(Square::A4).count(), 11);
    assert_eq!(bishop_mask(Square::D4).count(), 9);
    assert_eq!(bishop_mask(Square::A1).count(), 6);
    let rook_bits: u32 = Square::ALL.iter().map(|&s| 1 << rook_mask(s).count()).sum();
    let bishop_bits: u32 = Square::ALL.iter().map(|&s| 1 << bishop_mask(s).count()).sum();
    assert_eq!((rook_bits, bishop_bits), (102_400, 5_248));
    for a in Square::ALL {
        // A square is relevant when it is attacked on an empty board and the ray goes on past it.
        let relevant = |attacks: fn(Square, Bitboard) -> Bitboard| {
            set_where(|b| {
                let (f, r) = df_dr(a, b);
                let next = b.offset(f.signum() as i8, r.signum() as i8);
                attacks(a, Bitboard::EMPTY).has(b) && next.is_some()
            })
        };
        assert_eq!(rook_mask(a), relevant(rook_attacks_ref), "rook mask {a}");
        assert_eq!(bishop_mask(a), relevant(bishop_attacks_ref), "bishop mask {a}");
    }
}

#[test]
fn reference_slider_spot_checks() {
    let occ = Bitboard::from_square(Square::D6) | Bitboard::from_square(Square::F4) | Bitboard::from_square(Square::B2);
    let rook: Bitboard = ["d5", "d6", "d3", "d2", "d1", "e4", "f4", "c4", "b4", "a4"]
        .iter()
        .map(|s| s.parse::<Square>().unwrap())
        .collect();
    assert_eq!(rook_attacks_ref(Square::D4, occ), rook);
    let bishop: Bitboard = ["e5", "f6", "g7", "h8", "c5", "b6", "a7", "e3", "f2", "g1", "c3", "b2"]
        .iter()
        .map(|s| s.parse::<Square>().unwrap())
        .collect();
    assert_eq!(bishop_attacks_ref(Square::D4, occ), bishop);
    assert_eq!(queen_attacks_ref(Square::D4, occ), rook | bishop);
}

#[test]
fn subsets_and_index_functions() {
    for sq in [Square::A1, Square::D4, Square::H5] {
        let mask = rook_mask(sq);
        let all: Vec<Bitboard> = subsets(mask).collect();
        assert_eq!(all.len(), 1 << mask.count());
        assert_eq!(all[0], Bitboard::EMPTY);
        let mut raw: Vec<u64> = all.iter().map(|b| b.0).collect();
        raw.sort_unstable();
        raw.dedup();
        assert_eq!(raw.len(), all.len());
        for (i, occ) in all.iter().enumerate() {
            assert_eq!(*occ & !mask, Bitboard::EMPTY);
            // Carry-rippler order is counting order in the compressed bits.
            assert_eq!(pext(occ.0, mask.0), i as u64);
            assert_eq!(pdep(i as u64, mask.0), occ.0);
        }
    }
    assert_eq!(pext(0b1011_0110, 0b1111_0000), 0b1011);
    assert_eq!(pdep(0b11, 0b1010), 0b1010);
    assert_eq!(magic_index(Bitboard(0xF0), Bitboard(0x30), 1, 4), 3);
    assert_eq!(dense_magic_index(Bitboard(0), Bitboard(!0xF0), 1, 4), 0xF);
}

#[test]
fn setwise_generators_match_per_square_tables() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..10_000 {
        let set = Bitboard(rng.next_u64() & rng.next_u64());
        let empty = Bitboard(rng.next_u64() | rng.next_u64());
        let knights = set.iter().fold(Bitboard::EMPTY, |acc, s| acc | knight_attacks(s));
        assert_eq!(knight_attacks_set(set), knights);
        for color in Color::ALL {
            let forward = if color == Color::White { 1 } else { -1 };
            let start_rank = if color == Color::White { Rank::Second } else { Rank::Seventh };
            let (mut push, mut double, mut east, mut west) =
                (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
            for s in set {
                if let Some(t) = s.offset(0, forward).filter(|t| empty.has(*t)) {
                    push.set(t);
                    if s.rank() == start_rank
                        && let Some(t2) = t.offset(0, forward).filter(|t2| empty.has(*t2))
                    {
                        double.set(t2);
                    }
                }
                if let Some(t) = s.offset(1, forward) {
                    east.set(t);
                }
                if let Some(t) = s.offset(-1, forward) {
                    west.set(t);
                }
            }
            assert_eq!(pawn_pushes(color, set, empty), push);
            assert_eq!(pawn_double_pushes(color, set, empty), double);
            assert_eq!(pawn_captures_east(color, set), east);
            assert_eq!(pawn_captures_west(color, set), west);
            assert_eq!(east | west, set.iter().fold(Bitboard::EMPTY, |acc, s| acc | pawn_attacks(color, s)));
        }
    }
    assert_eq!(pawn_promotion_rank(Color::White), Bitboard::RANK_8);
    assert_eq!(pawn_promotion_rank(Color::Black), Bitboard::RANK_1);
}
