//! bb against shakmaty 0.29 on seeded random games, standard and Chess960: at every position
//! the legal move set, the SAN of every legal move (and parsing shakmaty's SAN back), the
//! status and the FEN fields must agree.
//!
//! The games start from the standard position, from the 960 Chess960 start positions (built
//! from their Scharnagl numbers) and from the positions of `tests/data/random_std.epd` and
//! `random_960.epd`, a third each. Moves are drawn at random, weighted toward castling, en
//! passant, promotions and captures so that those are common and games reach endgames (and
//! insufficient material, stalemates and the move-count rules) quickly. A game ends at
//! checkmate, stalemate, insufficient material or the seventy-five-move rule, or after
//! `MAX_PLIES`. Moves are chosen from the legal set sorted by UCI text, so the games depend
//! only on the seed and the rules, not on generation order.
//!
//! How each thing is compared, and where the two libraries define things differently:
//!
//! - Moves: as UCI text. Castling is king-takes-rook when bb reads the start as Chess960
//!   (`Position::is_chess960`: some castling right is not a standard e-file king with an a-
//!   or h-file rook), and shakmaty is set up in the matching `CastlingMode`.
//! - SAN: bb's `Position::san` against shakmaty's `SanPlus::from_move` (SAN with `+`/`#`);
//!   then bb's `parse_san` of shakmaty's text must give back the same move.
//! - Status: bb's checkmate and stalemate against shakmaty's `is_checkmate`/`is_stalemate`;
//!   `is_insufficient_material` against shakmaty's `is_insufficient_material` (both sides
//!   lack mating material by shakmaty's `has_insufficient_material`). For standard chess the
//!   two definitions select the same material sets: shakmaty's per-side test allows a lone
//!   minor only against a bare king (queens aside, which make the other side sufficient) and
//!   same-coloured bishops only with no knights or pawns anywhere, which is bb's list (K v K,
//!   K+minor v K, bishops all on one colour). No difference turned up. The move-count
//!   statuses are checked against shakmaty's half-move clock with bb's documented precedence.
//! - FEN: placement, side to move, half-move clock and move number must be equal as text.
//!   Castling rights are compared as the set of castling rook squares, since the two may
//!   write the same rights differently (X-FEN letters or Shredder files). The en passant
//!   square is compared by meaning, because conventions differ: shakmaty records the square
//!   after every double push, bb only when an enemy pawn stands beside the pushed pawn (a
//!   change to "only when a legal capture exists" is under way). So bb's square must lie
//!   between shakmaty's two filtered views: equal to shakmaty's legal en passant square
//!   whenever that exists, and, when bb has one, equal to shakmaty's pseudo-legal square.
//!   Either convention passes; the legal move sets compare the captures themselves.

use std::collections::HashMap;

use bbcore::{Color, Role, SplitMix64};
use bbengine::{CastleSide, Move, MoveKind, Position, STARTPOS, Status};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// Positions compared in the normal test run.
const POSITIONS: u64 = 100_000;
/// Positions compared in the ignored deep run.
const POSITIONS_DEEP: u64 = 10_000_000;
/// A game stops after this many plies even if it is not over.
const MAX_PLIES: usize = 400;

/// What a run covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    positions: u64,
    games: u64,
    chess960_games: u64,
    legal_moves: u64,
    checkmates: u64,
    stalemates: u64,
    insufficient: u64,
    fifty_moves: u64,
    seventy_five_moves: u64,
    castles_played: u64,
    en_passant_played: u64,
    promotions_played: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.positions += other.positions;
        self.games += other.games;
        self.chess960_games += other.chess960_games;
        self.legal_moves += other.legal_moves;
        self.checkmates += other.checkmates;
        self.stalemates += other.stalemates;
        self.insufficient += other.insufficient;
        self.fifty_moves += other.fifty_moves;
        self.seventy_five_moves += other.seventy_five_moves;
        self.castles_played += other.castles_played;
        self.en_passant_played += other.en_passant_played;
        self.promotions_played += other.promotions_played;
    }
}

/// A number in `0..n`.
fn below(rng: &mut SplitMix64, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// The Chess960 start position with Scharnagl number `n` (0..960; 518 is the standard one).
fn chess960_start(n: usize) -> String {
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let mut rank = [' '; 8];
    let mut n = n;
    rank[n % 4 * 2 + 1] = 'b'; // light-squared bishop: b, d, f or h
    n /= 4;
    rank[n % 4 * 2] = 'b'; // dark-squared bishop: a, c, e or g
    n /= 4;
    let empty = |rank: &[char; 8]| (0..8).filter(|&i| rank[i] == ' ').collect::<Vec<_>>();
    rank[empty(&rank)[n % 6]] = 'q';
    n /= 6;
    let free = empty(&rank);
    let (a, b) = KNIGHTS[n];
    rank[free[a]] = 'n';
    rank[free[b]] = 'n';
    for (square, piece) in empty(&rank).into_iter().zip(['r', 'k', 'r']) {
        rank[square] = piece;
    }
    let black: String = rank.iter().collect();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", black.to_ascii_uppercase())
}

/// Start positions by kind: the standard one, Chess960 starts, and the suites' positions.
fn start_sets() -> [Vec<String>; 3] {
    let suites = ["random_std.epd", "random_960.epd"]
        .iter()
        .flat_map(|name| bbtests::load_suite(name).into_iter().map(|case| case.fen))
        .collect();
    [vec![STARTPOS.to_string()], (0..960).map(chess960_start).collect(), suites]
}

/// How likely a move is to be drawn, relative to a quiet piece move.
fn weight(pos: &Position, mv: Move) -> u64 {
    match mv.kind() {
        MoveKind::Castle | MoveKind::EnPassant => 40,
        kind if kind.promotion().is_some() => 15,
        _ if pos.piece_at(mv.to()).is_some() => 6,
        _ if pos.piece_at(mv.from()).is_some_and(|p| p.role == Role::Pawn) => 2,
        _ => 1,
    }
}

/// One legal move, as both libraries know it.
struct Pair {
    uci: String,
    ours: Move,
    theirs: shakmaty::Move,
}

/// Compares everything at one position; returns the legal moves sorted by UCI text.
fn compare_position(
    ours: &Position,
    theirs: &Chess,
    mode: CastlingMode,
    tally: &mut Tally,
    at: &dyn Fn() -> String,
) -> Vec<Pair> {
    // FEN fields.
    let our_fen = ours.to_string();
    let their_fen = Fen::from_position(theirs, EnPassantMode::Legal).to_string();
    let (of, tf): (Vec<&str>, Vec<&str>) = (our_fen.split(' ').collect(), their_fen.split(' ').collect());
    for (field, name) in [(0, "placement"), (1, "side"), (4, "half-move clock"), (5, "move number")] {
        assert_eq!(of[field], tf[field], "{name}: bb {our_fen} shakmaty {their_fen}\n{}", at());
    }
    let mut our_rooks = 0u64;
    for color in Color::ALL {
        for side in CastleSide::ALL {
            if let Some(rook) = ours.castling_rights().rook(color, side) {
                our_rooks |= 1 << rook as u8;
            }
        }
    }
    assert_eq!(
        our_rooks,
        theirs.castles().castling_rights().0,
        "castling: bb {our_fen} shakmaty {their_fen}\n{}",
        at()
    );
    let our_ep = ours.en_passant().map(|sq| sq as u8);
    let legal_ep = theirs.ep_square(EnPassantMode::Legal).map(|sq| sq as u8);
    let pseudo_ep = theirs.ep_square(EnPassantMode::PseudoLegal).map(|sq| sq as u8);
    assert!(
        (legal_ep.is_none() || our_ep == legal_ep) && (our_ep.is_none() || our_ep == pseudo_ep),
        "en passant: bb {our_ep:?}, shakmaty legal {legal_ep:?} pseudo-legal {pseudo_ep:?}\n{}",
        at()
    );

    // Legal moves as UCI text.
    let chess960 = ours.is_chess960();
    let mut pairs: Vec<(String, Move)> =
        ours.legal_moves().iter().map(|&mv| (mv.to_uci(chess960).to_string(), mv)).collect();
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    let mut by_uci: HashMap<String, shakmaty::Move> =
        theirs.legal_moves().into_iter().map(|m| (m.to_uci(mode).to_string(), m)).collect();
    let our_set: Vec<&str> = pairs.iter().map(|p| p.0.as_str()).collect();
    let mut their_set: Vec<&str> = by_uci.keys().map(String::as_str).collect();
    their_set.sort_unstable();
    assert_eq!(our_set, their_set, "legal moves\n{}", at());
    tally.legal_moves += pairs.len() as u64;

    // SAN of every move, and our parser on shakmaty's SAN.
    let moves: Vec<Pair> = pairs
        .into_iter()
        .map(|(uci, mv)| {
            let theirs_mv = by_uci.remove(&uci).expect("same sets");
            let their_san = SanPlus::from_move(theirs.clone(), theirs_mv).to_string();
            let our_san = ours.san(mv);
            assert_eq!(our_san, their_san, "SAN of {uci}\n{}", at());
            assert_eq!(ours.parse_san(&their_san), Ok(mv), "parse_san({their_san:?})\n{}", at());
            Pair { uci, ours: mv, theirs: theirs_mv }
        })
        .collect();

    // Status.
    let status = ours.status();
    let expected = if theirs.is_checkmate() {
        Status::Checkmate
    } else if theirs.is_stalemate() {
        Status::Stalemate
    } else if theirs.is_insufficient_material() {
        Status::InsufficientMaterial
    } else if theirs.halfmoves() >= 150 {
        Status::SeventyFiveMoves
    } else if theirs.halfmoves() >= 100 {
        Status::FiftyMoves
    } else {
        Status::Ongoing
    };
    assert_eq!(status, expected, "status\n{}", at());
    assert_eq!(ours.is_insufficient_material(), theirs.is_insufficient_material(), "insufficient material\n{}", at());
    assert_eq!(ours.is_check(), theirs.is_check(), "check\n{}", at());
    match status {
        Status::Checkmate => tally.checkmates += 1,
        Status::Stalemate => tally.stalemates += 1,
        Status::InsufficientMaterial => tally.insufficient += 1,
        Status::FiftyMoves => tally.fifty_moves += 1,
        Status::SeventyFiveMoves => tally.seventy_five_moves += 1,
        _ => {}
    }
    moves
}

/// Plays one random game from `fen`, comparing every position, until it ends, reaches
/// `MAX_PLIES` or the tally reaches `target` positions.
fn play_game(fen: &str, rng: &mut SplitMix64, tally: &mut Tally, target: u64) {
    let mut ours: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mode = CastlingMode::from_chess960(ours.is_chess960());
    let setup: Fen = fen.parse().unwrap_or_else(|e| panic!("shakmaty: {fen}: {e}"));
    let mut theirs: Chess = setup.into_position(mode).unwrap_or_else(|e| panic!("shakmaty: {fen}: {e}"));
    tally.games += 1;
    tally.chess960_games += u64::from(ours.is_chess960());
    let mut played: Vec<String> = Vec::new();
    for _ in 0..MAX_PLIES {
        if tally.positions >= target {
            return;
        }
        tally.positions += 1;
        let at = || format!("start {fen}\nmoves {}\nnow {ours}", played.join(" "));
        let moves = compare_position(&ours, &theirs, mode, tally, &at);
        if moves.is_empty() || ours.status().is_over() {
            return;
        }
        let weights: Vec<u64> = moves.iter().map(|p| weight(&ours, p.ours)).collect();
        let mut pick = rng.next_u64() % weights.iter().sum::<u64>();
        let chosen = moves
            .iter()
            .zip(&weights)
            .find(|&(_, &w)| {
                let found = pick < w;
                pick = pick.wrapping_sub(w);
                found
            })
            .map(|(p, _)| p)
            .expect("a move is chosen");
        match chosen.ours.kind() {
            MoveKind::Castle => tally.castles_played += 1,
            MoveKind::EnPassant => tally.en_passant_played += 1,
            kind if kind.promotion().is_some() => tally.promotions_played += 1,
            _ => {}
        }
        ours.play(chosen.ours);
        theirs.play_unchecked(chosen.theirs);
        played.push(chosen.uci.clone());
    }
}

/// Random games from seed `seed` until `target` positions are compared.
fn run(target: u64, seed: u64) -> Tally {
    let sets = start_sets();
    let mut rng = SplitMix64::new(seed);
    let mut tally = Tally::default();
    while tally.positions < target {
        let set = &sets[below(&mut rng, sets.len())];
        let fen = set[below(&mut rng, set.len())].clone();
        play_game(&fen, &mut rng, &mut tally, target);
    }
    tally
}

#[test]
fn chess960_start_numbering() {
    assert_eq!(chess960_start(518), STARTPOS);
    assert_eq!(chess960_start(0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    assert_eq!(chess960_start(959), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    let all: std::collections::HashSet<String> = (0..960).map(chess960_start).collect();
    assert_eq!(all.len(), 960);
}

#[test]
fn random_games_agree_with_shakmaty() {
    let tally = run(POSITIONS, 0x5A17);
    println!("{tally:?}");
    // The games depend only on the seed and the rules of chess, so what they covered is exact.
    let expected = Tally {
        positions: POSITIONS,
        games: 589,
        chess960_games: 231,
        legal_moves: 1_989_617,
        checkmates: 40,
        stalemates: 31,
        insufficient: 500,
        fifty_moves: 1_126,
        seventy_five_moves: 13,
        castles_played: 328,
        en_passant_played: 102,
        promotions_played: 1_042,
    };
    assert_eq!(tally, expected);
}

/// 10,000,000 positions on two threads (different seeds): 430 s in release on the project's
/// shared 2-core machine.
#[test]
#[ignore]
fn random_games_agree_with_shakmaty_deep() {
    let halves: Vec<Tally> = std::thread::scope(|scope| {
        let workers: Vec<_> =
            [0xD1u64, 0xD2].iter().map(|&seed| scope.spawn(move || run(POSITIONS_DEEP / 2, seed))).collect();
        workers.into_iter().map(|w| w.join().expect("worker")).collect()
    });
    let mut tally = Tally::default();
    for half in &halves {
        tally.add(half);
    }
    println!("{tally:?}");
    assert_eq!(tally.positions, POSITIONS_DEEP);
    assert!(tally.checkmates > 0 && tally.stalemates > 0 && tally.seventy_five_moves > 0, "{tally:?}");
    assert!(tally.castles_played > 0 && tally.en_passant_played > 0 && tally.promotions_played > 0, "{tally:?}");
}
