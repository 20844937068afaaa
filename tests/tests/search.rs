//! The search: mates found with the exact move and distance, draws scored 0, the
//! transposition table not changing clear best moves, and the bench's node count
//! deterministic.

use bbengine::Position;
use bbengine::search::{
    Limits, MATE, SearchControl, SearchRequest, SearchResult, Silent, TranspositionTable, bench, mate_in, search,
};

/// Searches `fen` after `moves` (UCI, played so the game history holds their positions).
fn search_game(fen: &str, moves: &[&str], depth: u32, hash_mb: usize) -> SearchResult {
    let mut position: Position = fen.parse().expect("test FEN");
    let mut history = Vec::new();
    for mv in moves {
        history.push(position.key());
        position.play_uci(mv).expect("test move");
    }
    let tt = TranspositionTable::new(hash_mb);
    let request = SearchRequest {
        position,
        history: &history,
        limits: Limits::depth(depth),
        tt: &tt,
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        evaluator: Default::default(),
    };
    search(&request, &SearchControl::new(false), &Silent)
}

fn best(result: &SearchResult) -> String {
    result.best.map(|m| m.to_uci(false).to_string()).unwrap_or_default()
}

/// (FEN, depth, mate in, the only mating move). Checked with Stockfish 15.1 (MultiPV 2: the
/// second-best move mates later or not at all). The depths are modest ones at which the search
/// finds the mate; the last is found from depth 11 since continuation history reordered the
/// quiet moves (from 10 before).
const MATES: &[(&str, u32, i32, &str)] = &[
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3, 1, "a1a8"),
    ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 3, 1, "h5f7"),
    ("7k/8/5K2/8/8/8/8/6R1 w - - 0 1", 6, 2, "f6f7"),
    ("k7/8/8/1K6/8/8/8/7R w - - 0 1", 6, 2, "b5b6"),
    ("7k/8/8/5K2/8/8/8/6R1 w - - 0 1", 10, 3, "f5g6"),
    ("3k4/8/8/3K4/8/8/8/7R w - - 0 1", 11, 3, "d5d6"),
];

#[test]
fn mates_in_one_two_and_three() {
    for &(fen, depth, n, mv) in MATES {
        let result = search_game(fen, &[], depth, 16);
        assert_eq!(mate_in(result.score), Some(n), "{fen}: score {}", result.score);
        assert_eq!(best(&result), mv, "{fen}");
    }
}

#[test]
fn no_move_mated_or_stalemated() {
    let stalemate = search_game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[], 5, 1);
    assert_eq!((stalemate.best, stalemate.score), (None, 0));
    let mated = search_game("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", &[], 5, 1);
    assert_eq!((mated.best, mated.score), (None, -MATE));
}

#[test]
fn stalemate_is_a_draw_for_the_side_that_gives_it() {
    // Black, a queen and a rook down, has only a king and a pawn that cannot move; the
    // white queen must not stalemate. Any sane move wins; the score is far from a draw.
    let result = search_game("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", &[], 6, 16);
    assert_ne!(best(&result), "f1f7", "Qf7 stalemates");
    assert!(result.score > 500 || mate_in(result.score).is_some());
    // Black to move with only a king that has no move but is not in check: score 0.
    let drawn = search_game("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", &[], 4, 1);
    assert_eq!(drawn.score, 0);
}

#[test]
fn repetition_is_a_draw() {
    // White has a bare king against a queen: lost, except that Kb1 repeats the position
    // after White's first move in the game, which the search scores as a draw.
    let fen = "7k/8/8/3q4/8/8/8/K7 w - - 0 1";
    let result = search_game(fen, &["a1b1", "h8g8", "b1a1", "g8h8"], 6, 16);
    assert_eq!(result.score, 0);
    assert_eq!(best(&result), "a1b1");
    // Without the history the same position is simply lost.
    assert!(search_game(fen, &[], 6, 16).score < -500);
}

#[test]
fn fifty_move_rule_and_dead_material_are_draws() {
    // The next white move that is not a capture or pawn move is the hundredth half-move.
    assert_eq!(search_game("7k/8/8/3q4/8/8/8/K7 w - - 99 80", &[], 6, 16).score, 0);
    assert!(search_game("7k/8/8/3q4/8/8/8/K7 w - - 0 80", &[], 6, 16).score < -500);
    assert_eq!(search_game("8/8/4k3/8/8/3K4/8/6B1 w - - 0 1", &[], 6, 16).score, 0);
}

#[test]
fn a_mate_on_the_hundredth_half_move_wins() {
    // Ra8 is mate and the hundredth half-move: the mate ends the game before the draw.
    let result = search_game("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &[], 4, 16);
    assert_eq!((best(&result).as_str(), mate_in(result.score)), ("a1a8", Some(1)));
}

#[test]
fn the_table_does_not_change_clear_best_moves() {
    let positions: &[(&str, u32)] = &[
        ("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 6),
        ("8/5P2/8/8/8/8/k7/4K3 w - - 0 1", 8),
        ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 5),
        ("7k/8/8/5K2/8/8/8/6R1 w - - 0 1", 10),
        ("4k3/8/8/8/3r4/8/8/3QK3 w - - 0 1", 6),
    ];
    for &(fen, depth) in positions {
        let tiny = search_game(fen, &[], depth, 1);
        let normal = search_game(fen, &[], depth, 64);
        assert_eq!(best(&tiny), best(&normal), "{fen}");
    }
}

#[test]
fn bench_node_count_is_deterministic() {
    let first = bench(6);
    let second = bench(6);
    assert!(first.nodes > 10_000);
    assert_eq!(first.nodes, second.nodes);
}
