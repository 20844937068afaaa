//! `UCI_LimitStrength` and `UCI_Elo`: playing weaker on purpose, as chess GUIs, bots and
//! training apps ask an engine to.
//!
//! Weaker play blends two things, both scaled by how far the rating is below full strength.
//! The search gets fewer nodes (halved for every 120 Elo below [`ELO_MAX`]), so
//! it sees shallower tactics, as a weaker player does. And the move is chosen among the
//! [`CANDIDATES`] best lines (MultiPV) with a random bonus, so that low ratings sometimes play
//! a plausible second or third choice; a line that loses more than the rating allows is never
//! chosen, so the top of the range hangs no pieces. A mate found is always played.
//!
//! `docs/strength.md` holds the calibration against Stockfish's own `UCI_Elo`: with net4 every
//! setting played about 80 Elo above its number, so the scale was shifted by 80 (the top from
//! 2300 to 2380; each setting now plays as the setting 80 below it did).

use std::sync::Mutex;
use std::time::Duration;

use bbcore::Color;

use crate::board::Move;
use crate::search::{Iteration, Limits, MATE_BOUND, Reporter};

/// The lowest `UCI_Elo` (Stockfish's lowest too).
pub const ELO_MIN: u32 = 1350;
/// The highest `UCI_Elo`: the engine at full strength, nothing held back (measured about
/// 2408 ± 108 on Stockfish's scale at 10+0.1 with net4).
pub const ELO_MAX: u32 = 2380;
/// How many lines the move is chosen from.
pub const CANDIDATES: usize = 4;
/// Elo below [`ELO_MAX`] that halves the node budget.
const ELO_PER_DOUBLING: f64 = 120.0;
/// The node budget one step below full strength (about what a 10+0.1 game's move gets).
const FULL_NODES: f64 = 400_000.0;
/// The fewest nodes a move gets, so that even the lowest rating sees a capture back.
const MIN_NODES: u64 = 200;
/// Elo below [`ELO_MAX`] at which the random bonus and the loss cap reach [`SPREAD_CP`] and
/// [`MAX_LOSS_CP`]; they grow in proportion on the way and a little past it below. The span
/// the scale had before its shift, so the shift moved every setting by the same 80 Elo.
const WEAKNESS_SPAN: f64 = 950.0;
/// The random bonus [`WEAKNESS_SPAN`] below full strength, in centipawns.
const SPREAD_CP: f64 = 180.0;
/// How much worse than the best a chosen line may be [`WEAKNESS_SPAN`] below full strength,
/// in centipawns.
const MAX_LOSS_CP: f64 = 260.0;

/// A rating to play at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: u32,
}

impl Strength {
    /// Play at `elo`, clamped to [`ELO_MIN`]..=[`ELO_MAX`].
    pub fn new(elo: u32) -> Strength {
        Strength { elo: elo.clamp(ELO_MIN, ELO_MAX) }
    }

    /// Whether this is full strength (nothing held back).
    pub fn is_full(self) -> bool {
        self.elo >= ELO_MAX
    }

    /// 0 at full strength, 1 at [`WEAKNESS_SPAN`] below it (about 1.08 at [`ELO_MIN`]).
    fn weakness(self) -> f64 {
        f64::from(ELO_MAX - self.elo) / WEAKNESS_SPAN
    }

    /// The node budget per move; `None` at full strength.
    pub fn nodes(self) -> Option<u64> {
        if self.is_full() {
            return None;
        }
        let halvings = f64::from(ELO_MAX - self.elo) / ELO_PER_DOUBLING;
        Some(((FULL_NODES / halvings.exp2()) as u64).max(MIN_NODES))
    }

    /// The limits of a search at this strength: the node budget on top of the GUI's.
    pub fn limit(self, limits: &mut Limits) {
        if let Some(budget) = self.nodes() {
            limits.nodes = Some(limits.nodes.map_or(budget, |n| n.min(budget)));
        }
    }

    /// The move to play from `lines` (move, score), best first; `random` any random number.
    pub fn pick(self, lines: &[(Move, i32)], mut random: u64) -> Option<Move> {
        let &(best, top) = lines.first()?;
        if top.abs() >= MATE_BOUND || lines.iter().any(|&(_, score)| score.abs() >= MATE_BOUND) {
            return Some(best);
        }
        let weakness = self.weakness();
        let mut chosen = (best, f64::from(top));
        for &(mv, score) in lines {
            if f64::from(top - score) > weakness * MAX_LOSS_CP {
                continue;
            }
            random = bbcore::SplitMix64::new(random).next_u64();
            let bonus = weakness * SPREAD_CP * (random >> 11) as f64 / (1u64 << 53) as f64;
            if f64::from(score) + bonus > chosen.1 {
                chosen = (mv, f64::from(score) + bonus);
            }
        }
        Some(chosen.0)
    }

    /// How long the move is held back at least, so that a small node budget does not answer
    /// instantly: a fiftieth of the mover's clock plus half its increment (at most two
    /// seconds), or the whole `movetime`; nothing for `go depth`, `go nodes` or an analysis.
    pub fn hold(limits: &Limits, side: Color) -> Duration {
        if let Some(movetime) = limits.movetime {
            return Duration::from_millis(movetime);
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else { return Duration::ZERO };
        let ms = time.max(0) / 50 + inc.unwrap_or(0).max(0) / 2;
        Duration::from_millis(ms.min(2000) as u64)
    }
}

/// A reporter that passes every line on and keeps the latest of each MultiPV line, to choose
/// a move from when the search is over.
pub struct Candidates<'a, R: Reporter> {
    inner: &'a R,
    lines: Mutex<Vec<Iteration>>,
}

impl<'a, R: Reporter> Candidates<'a, R> {
    /// Records what `inner` is told.
    pub fn new(inner: &'a R) -> Self {
        Candidates { inner, lines: Mutex::new(Vec::new()) }
    }

    /// The first move and score of each line of the last two depths, best first.
    pub fn lines(&self) -> Vec<(Move, i32)> {
        let lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        let deepest = lines.iter().map(|l| l.depth).max().unwrap_or(0);
        let mut out: Vec<(Move, i32)> =
            lines.iter().filter(|l| l.depth + 1 >= deepest).filter_map(|l| Some((*l.pv.first()?, l.score))).collect();
        out.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        out
    }
}

impl<R: Reporter> Reporter for Candidates<'_, R> {
    fn report(&self, line: &Iteration) {
        self.inner.report(line);
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        match lines.iter_mut().find(|l| l.multipv == line.multipv) {
            Some(old) => *old = line.clone(),
            None => lines.push(line.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn nodes_halve_per_step_and_full_strength_has_no_limit() {
        assert_eq!(Strength::new(ELO_MAX).nodes(), None);
        assert_eq!(Strength::new(9999).nodes(), None);
        assert_eq!(Strength::new(ELO_MAX - 120).nodes(), Some(200_000));
        assert_eq!(Strength::new(ELO_MAX - 240).nodes(), Some(100_000));
        assert_eq!(Strength::new(0).nodes(), Strength::new(ELO_MIN).nodes());
        assert!(Strength::new(ELO_MIN).nodes().unwrap() >= MIN_NODES);
        let mut limits = Limits { nodes: Some(50), ..Limits::default() };
        Strength::new(ELO_MIN).limit(&mut limits);
        assert_eq!(limits.nodes, Some(50), "the GUI's smaller budget stays");
    }

    #[test]
    fn picks_only_lines_within_the_allowed_loss() {
        let pos = Position::startpos();
        let moves = pos.legal_moves();
        let lines = [(moves[0], 30), (moves[1], 10), (moves[2], -80), (moves[3], -900)];
        // Near full strength only the best line is close enough.
        for seed in 0..200 {
            assert_eq!(Strength::new(ELO_MAX - 1).pick(&lines, seed), Some(moves[0]));
        }
        // At the bottom the second and third lines are sometimes chosen, the lost one never.
        let chosen: Vec<Move> = (0..400).filter_map(|seed| Strength::new(ELO_MIN).pick(&lines, seed)).collect();
        assert!(chosen.contains(&moves[0]) && chosen.contains(&moves[1]) && chosen.contains(&moves[2]));
        assert!(!chosen.contains(&moves[3]));
        // A mate is always played.
        let mate = [(moves[0], MATE_BOUND + 5), (moves[1], 0)];
        assert!((0..100).all(|seed| Strength::new(ELO_MIN).pick(&mate, seed) == Some(moves[0])));
        assert_eq!(Strength::new(ELO_MIN).pick(&[], 1), None);
    }

    #[test]
    fn each_setting_plays_as_the_one_80_below_did_before_the_shift() {
        // Before the shift: nodes 400,000 halved per 120 Elo below 2300, weakness
        // (2300 - elo) / 950. Now setting `elo` gets what `elo - 80` got.
        for elo in (ELO_MIN..ELO_MAX).step_by(10) {
            let before = f64::from(2300 - (elo - 80)) / 120.0;
            assert_eq!(Strength::new(elo).nodes(), Some(((400_000.0 / before.exp2()) as u64).max(MIN_NODES)));
            let weakness_before = f64::from(2300 - (elo - 80)) / 950.0;
            assert!((Strength::new(elo).weakness() - weakness_before).abs() < 1e-12);
        }
    }

    #[test]
    fn the_move_is_held_for_a_share_of_the_clock() {
        let clock = Limits { wtime: Some(10_000), winc: Some(100), btime: Some(500), ..Limits::default() };
        assert_eq!(Strength::hold(&clock, Color::White), Duration::from_millis(250));
        assert_eq!(Strength::hold(&clock, Color::Black), Duration::from_millis(10));
        let long = Limits { wtime: Some(3_600_000), ..Limits::default() };
        assert_eq!(Strength::hold(&long, Color::White), Duration::from_secs(2));
        assert_eq!(Strength::hold(&Limits::depth(5), Color::White), Duration::ZERO);
        let movetime = Limits { movetime: Some(300), ..Limits::default() };
        assert_eq!(Strength::hold(&movetime, Color::Black), Duration::from_millis(300));
    }
}
