//! Squares, files, ranks, colours, pieces and bitboard basics.

use bbcore::*;

#[test]
fn square_file_rank_round_trips() {
    for (i, sq) in Square::ALL.into_iter().enumerate() {
        assert_eq!(sq.index(), i);
        assert_eq!(Square::new(i as u8), sq);
        assert_eq!(Square::try_new(i as u8), Some(sq));
        assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
        // LERF: a1 = 0, b1 = 1, ..., h8 = 63; the name is file letter then rank digit.
        let text = sq.to_string();
        let name: String =
            ["abcdefgh".as_bytes()[i % 8] as char, "12345678".as_bytes()[i / 8] as char].into_iter().collect();
        assert_eq!(text, name);
        assert_eq!((sq.file().index(), sq.rank().index()), (i % 8, i / 8));
        assert_eq!(text.parse::<Square>(), Ok(sq));
        // Flipping the rank keeps the file and mirrors the rank (a1 <-> a8).
        assert_eq!(sq.flip_rank(), Square::new((i % 8 + 8 * (7 - i / 8)) as u8));
    }
    assert_eq!((Square::E2.flip_rank(), Square::H8.flip_rank()), (Square::E7, Square::H1));
    assert_eq!(Square::try_new(64), None);
    assert_eq!(Square::A1.to_string(), "a1");
    assert_eq!(Square::H8.index(), 63);
    assert_eq!("e4".parse::<Square>().unwrap(), Square::E4);
    assert_eq!(Square::E4.index(), 28);
    let files: Vec<String> = File::ALL.iter().map(|f| f.to_string()).collect();
    assert_eq!(files, ["a", "b", "c", "d", "e", "f", "g", "h"]);
    let ranks: Vec<String> = Rank::ALL.iter().map(|r| r.to_string()).collect();
    assert_eq!(ranks, ["1", "2", "3", "4", "5", "6", "7", "8"]);
    for f in File::ALL {
        assert_eq!(f.to_string().parse::<File>(), Ok(f));
    }
    for r in Rank::ALL {
        assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
    }
    for bad in ["", "e", "e9", "i1", "e44", "E4", "4e"] {
        assert_eq!(bad.parse::<Square>(), Err(ParseError::Square), "{bad:?}");
    }
    assert_eq!("i".parse::<File>(), Err(ParseError::File));
    assert_eq!("0".parse::<Rank>(), Err(ParseError::Rank));
}

/// `new` refuses an index past the board; `try_new` says `None`; `new_masked` wraps (for bit
/// iteration, where the index is in range by construction).
#[test]
fn constructors_check_or_mask_the_index() {
    for i in 0..=255u8 {
        assert_eq!(Square::try_new(i), (i < 64).then(|| Square::new(i)));
        assert_eq!(Square::new_masked(i), Square::ALL[usize::from(i % 64)]);
        assert_eq!(File::try_new(i), (i < 8).then(|| File::new(i)));
        assert_eq!(File::new_masked(i), File::ALL[usize::from(i % 8)]);
        assert_eq!(Rank::try_new(i), (i < 8).then(|| Rank::new(i)));
        assert_eq!(Rank::new_masked(i), Rank::ALL[usize::from(i % 8)]);
    }
    for f in File::ALL {
        assert_eq!(File::new(f.index() as u8), f);
    }
    for r in Rank::ALL {
        assert_eq!(Rank::new(r.index() as u8), r);
    }
}

#[test]
#[should_panic(expected = "Square::new: a square index is 0 to 63")]
fn square_new_panics_past_h8() {
    let index = std::hint::black_box(64);
    let _ = Square::new(index);
}

#[test]
#[should_panic(expected = "File::new: a file index is 0 to 7")]
fn file_new_panics_past_h() {
    let _ = File::new(std::hint::black_box(8));
}

#[test]
#[should_panic(expected = "Rank::new: a rank index is 0 to 7")]
fn rank_new_panics_past_the_eighth() {
    let _ = Rank::new(std::hint::black_box(8));
}

#[test]
fn colour_and_piece_round_trips() {
    assert_eq!((Color::White.to_string(), Color::Black.to_string()), ("w".to_string(), "b".to_string()));
    assert_eq!((!Color::White, !Color::Black), (Color::Black, Color::White));
    for c in Color::ALL {
        assert_eq!(c.to_string().parse::<Color>(), Ok(c));
    }
    assert_eq!("x".parse::<Color>(), Err(ParseError::Color));
    let letters: String = Piece::ALL.iter().map(|p| p.char()).collect();
    assert_eq!(letters, "PNBRQKpnbrqk");
    for (i, p) in Piece::ALL.into_iter().enumerate() {
        assert_eq!(p.index(), i);
        assert_eq!((p.color, p.role), (Color::ALL[i / 6], Role::ALL[i % 6]));
        assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
    }
    assert_eq!("N".parse::<Piece>(), Ok(Piece::new(Color::White, Role::Knight)));
    assert_eq!("q".parse::<Piece>(), Ok(Piece::new(Color::Black, Role::Queen)));
    assert_eq!("n".parse::<Role>(), Ok(Role::Knight));
    assert_eq!("x".parse::<Piece>(), Err(ParseError::Piece));
    assert_eq!("".parse::<Role>(), Err(ParseError::Role));
    let roles: String = Role::ALL.iter().map(|r| r.to_string()).collect();
    assert_eq!(roles, "PNBRQK");
    for r in Role::ALL {
        assert_eq!(r.to_string().parse::<Role>(), Ok(r));
    }
}

#[test]
fn shifts_never_wrap() {
    type Shift = fn(Bitboard) -> Bitboard;
    let shifts: [(Shift, i8, i8); 8] = [
        (Bitboard::north, 0, 1),
        (Bitboard::south, 0, -1),
        (Bitboard::east, 1, 0),
        (Bitboard::west, -1, 0),
        (Bitboard::north_east, 1, 1),
        (Bitboard::north_west, -1, 1),
        (Bitboard::south_east, 1, -1),
        (Bitboard::south_west, -1, -1),
    ];
    for sq in Square::ALL {
        for (shift, df, dr) in shifts {
            let expected = sq.offset(df, dr).map_or(Bitboard::EMPTY, Bitboard::from_square);
            assert_eq!(shift(Bitboard::from_square(sq)), expected, "{sq} by ({df}, {dr})");
        }
    }
}

#[test]
fn bitboard_basics() {
    let mut b = Bitboard::EMPTY;
    b.set(Square::E4);
    b.set(Square::A1);
    assert!(b.has(Square::E4) && b.has(Square::A1) && !b.has(Square::H8));
    assert_eq!(b.count(), 2);
    assert!(b.more_than_one());
    assert_eq!(b.lowest(), Some(Square::A1));
    assert_eq!(b.iter().collect::<Vec<_>>(), vec![Square::A1, Square::E4]);
    assert_eq!(b.iter().len(), 2);
    b.clear(Square::A1);
    assert_eq!(b, Bitboard::from_square(Square::E4));
    assert!(!b.more_than_one());
    assert_eq!(b.without_lowest(), Bitboard::EMPTY);
    assert_eq!(Bitboard::EMPTY.lowest(), None);
    assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
    assert_eq!(Bitboard(0b11) & Bitboard(0b10), Bitboard(0b10));
    assert_eq!(Bitboard(0b01) | Bitboard(0b10), Bitboard(0b11));
    assert_eq!(Bitboard(0b11) ^ Bitboard(0b10), Bitboard(0b01));
    assert_eq!(format!("{:?}", Bitboard(0xA0_1000)), "Bitboard(0x0000000000a01000)");
    let grid = Bitboard::from_square(Square::A8) | Bitboard::from_square(Square::H1);
    let text = grid.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8);
    assert_eq!(lines[0], "X . . . . . . .");
    assert_eq!(lines[7], ". . . . . . . X");
}

#[test]
fn splitmix64_is_the_published_stream() {
    // The first outputs of Vigna's reference splitmix64.c from state 0: Zobrist keys and
    // every seeded test draw from this stream.
    let mut rng = SplitMix64::new(0);
    let first: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
    assert_eq!(first, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC]);
}
