//! The hand-chosen weights the tuner starts from (`examples/tune.rs`), built at compile time
//! from a few rules.
//!
//! Not copied from another engine: piece values from the classical 1/3/3/5/9 scale (pawn a
//! little lower in the middle game, rook and queen a little higher in the endgame, bishop a
//! little above knight); placement by distance to the centre, ranks and castled king files;
//! the other terms are small corrections sized against a pawn by judgement (a passed pawn on
//! the sixth rank about a pawn in the endgame, an isolated pawn a tenth of one, a pawn
//! attacking a piece half a pawn).

use bbcore::Role;

use super::psqt::centre_distance;
use super::weights::{KING_DANGER_UNITS, MOBILITY_COUNTS, Weights};
use super::{Score, s};

const MATERIAL: [Score; 6] = [s(85, 110), s(320, 310), s(335, 330), s(480, 540), s(960, 1000), s(0, 0)];
const KNIGHT_CENTRE: Score = s(-9, -8);
const BISHOP_CENTRE: Score = s(-4, -4);
const BISHOP_LONG_DIAGONAL: Score = s(10, 0);
const ROOK_SEVENTH: Score = s(18, 14);
const ROOK_CENTRE_FILE: Score = s(6, 0);
const QUEEN_CENTRE: Score = s(-2, -5);
const QUEEN_EARLY: Score = s(-4, 0);
const KING_RANK: Score = s(-22, 0);
const KING_CASTLED: Score = s(22, 0);
const KING_CENTRE: Score = s(0, -11);
const PAWN_ADVANCE: Score = s(2, 5);
const PAWN_CENTRE: Score = s(16, 0);
const PAWN_NEAR_CENTRE: Score = s(6, 0);
/// The typical number of safe squares a piece attacks, by role.
const MOBILITY_TYPICAL: [i32; 6] = [0, 4, 6, 6, 12, 0];
/// Per safe square beyond the typical count, by role.
const MOBILITY: [Score; 6] = [s(0, 0), s(4, 4), s(5, 5), s(2, 4), s(1, 2), s(0, 0)];
/// Middle-game king danger is `units^2 / KING_ATTACK_DIVISOR`, at most `KING_ATTACK_MAX`;
/// end-game danger one per unit.
const KING_ATTACK_DIVISOR: i32 = 5;
const KING_ATTACK_MAX: i32 = 450;

const fn add(a: Score, b: Score) -> Score {
    s(a.mg + b.mg, a.eg + b.eg)
}

const fn times(a: Score, k: i32) -> Score {
    s(a.mg * k, a.eg * k)
}

/// The placement bonus of a White `role` on square index `sq`.
const fn placement(role: Role, sq: usize) -> Score {
    let file = sq % 8;
    let rank = (sq / 8) as i32;
    let d = centre_distance(sq);
    match role {
        Role::Pawn => {
            let mut v = times(PAWN_ADVANCE, if rank > 0 { rank - 1 } else { 0 });
            if (file == 3 || file == 4) && (rank == 3 || rank == 4) {
                v = add(v, PAWN_CENTRE);
            }
            if (file == 2 || file == 5) && (rank == 2 || rank == 3) {
                v = add(v, PAWN_NEAR_CENTRE);
            }
            v
        }
        Role::Knight => times(KNIGHT_CENTRE, d),
        Role::Bishop => {
            let mut v = times(BISHOP_CENTRE, d);
            if file as i32 == rank || file as i32 == 7 - rank {
                v = add(v, BISHOP_LONG_DIAGONAL);
            }
            v
        }
        Role::Rook => {
            let mut v = s(0, 0);
            if rank == 6 {
                v = add(v, ROOK_SEVENTH);
            }
            if file == 3 || file == 4 {
                v = add(v, ROOK_CENTRE_FILE);
            }
            v
        }
        Role::Queen => {
            let mut v = times(QUEEN_CENTRE, d);
            if rank > 1 {
                v = add(v, QUEEN_EARLY);
            }
            v
        }
        Role::King => {
            let mut v = add(times(KING_RANK, if rank > 3 { 3 } else { rank }), times(KING_CENTRE, d));
            if rank == 0 && (file == 1 || file == 2 || file == 6 || file == 7) {
                v = add(v, KING_CASTLED);
            }
            v
        }
    }
}

/// The hand-set weights.
pub const fn hand_set() -> Weights {
    let mut psqt = [[s(0, 0); 64]; 6];
    let mut mobility = [[s(0, 0); MOBILITY_COUNTS]; 6];
    let mut r = 0;
    while r < 6 {
        let mut sq = 0;
        while sq < 64 {
            psqt[r][sq] = placement(Role::ALL[r], sq);
            sq += 1;
        }
        if r >= 1 && r <= 4 {
            let mut count = 0;
            while count < MOBILITY_COUNTS {
                mobility[r][count] = times(MOBILITY[r], count as i32 - MOBILITY_TYPICAL[r]);
                count += 1;
            }
        }
        r += 1;
    }
    let mut king_danger = [s(0, 0); KING_DANGER_UNITS];
    let mut units = 0;
    while units < KING_DANGER_UNITS {
        let u = units as i32;
        let mg =
            if u * u / KING_ATTACK_DIVISOR < KING_ATTACK_MAX { u * u / KING_ATTACK_DIVISOR } else { KING_ATTACK_MAX };
        king_danger[units] = s(-mg, -u);
        units += 1;
    }
    Weights {
        material: MATERIAL,
        psqt,
        passed: [s(0, 0), s(4, 12), s(8, 18), s(14, 32), s(28, 55), s(50, 95), s(80, 150), s(0, 0)],
        isolated: s(-10, -14),
        doubled: s(-8, -20),
        protected: s(7, 7),
        phalanx: s(5, 3),
        bishop_pair: s(28, 48),
        rook_open_file: s(24, 8),
        rook_semi_open_file: s(11, 6),
        mobility,
        shield_near: s(14, 0),
        shield_far: s(7, 0),
        king_open_file: s(-18, 0),
        king_danger,
        threat_by_pawn: [s(0, 0), s(45, 30), s(45, 30), s(55, 30), s(55, 30), s(0, 0)],
        threat_by_minor: [s(0, 0), s(0, 0), s(0, 0), s(35, 25), s(40, 25), s(0, 0)],
        threat_by_rook: s(40, 20),
        hanging: s(30, 15),
    }
}
