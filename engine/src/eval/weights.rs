//! Every evaluation weight, in centipawns, as middle-game/end-game pairs.
//!
//! Where the numbers come from: they are hand-chosen for this engine, not tuned and not
//! copied from another engine. The piece values start from the classical 1/3/3/5/9 scale
//! (pawn slightly lower in the middle game, rook and queen a little higher in the endgame,
//! bishop a little above knight); the other terms are small corrections sized against a pawn
//! by judgement (for example a passed pawn on the sixth rank is worth about a pawn in the
//! endgame, an isolated pawn costs about a tenth of one). They are starting points for a
//! later tuning run on positions the engine labels itself; that run should replace this note
//! with its command and data.

use bbcore::Role;

use super::{Score, s};

/// Material by role (pawn to king; the king has no material value).
pub const MATERIAL: [Score; 6] = [s(85, 110), s(320, 310), s(335, 330), s(480, 540), s(960, 1000), s(0, 0)];

/// A piece's rough value in centipawns (the middle-game material), for pruning margins.
pub const fn piece_value(role: Role) -> i32 {
    MATERIAL[role.index()].mg
}

/// The phase with every piece on the board (4 minors x 1, 4 rooks x 2, 2 queens x 4).
pub const PHASE_TOTAL: i32 = 24;

/// The side to move's bonus: it can act first.
pub const TEMPO: i32 = 10;

// Placement (`psqt.rs` builds its tables from these, by distance to the centre and rank).

/// Knight: per step of (file + rank) distance from the centre four squares.
pub const KNIGHT_CENTRE: Score = s(-9, -8);
/// Bishop: per step of distance from the centre.
pub const BISHOP_CENTRE: Score = s(-4, -4);
/// Bishop: on one of the two long diagonals.
pub const BISHOP_LONG_DIAGONAL: Score = s(10, 0);
/// Rook: on the seventh rank (relative).
pub const ROOK_SEVENTH: Score = s(18, 14);
/// Rook: on the d- or e-file (middle game).
pub const ROOK_CENTRE_FILE: Score = s(6, 0);
/// Queen: per step of distance from the centre.
pub const QUEEN_CENTRE: Score = s(-2, -5);
/// Queen: off the back rank in the first moves costs a little (early development).
pub const QUEEN_EARLY: Score = s(-4, 0);
/// King, middle game: per rank up the board.
pub const KING_RANK: Score = s(-22, 0);
/// King, middle game: on a castled file (b, c, g, h) of its first rank.
pub const KING_CASTLED: Score = s(22, 0);
/// King, end game: per step of distance from the centre.
pub const KING_CENTRE: Score = s(0, -11);
/// Pawn: per rank advanced (relative rank minus one).
pub const PAWN_ADVANCE: Score = s(2, 5);
/// Pawn: on d4/e4/d5/e5 or their relative equivalents (controls the centre).
pub const PAWN_CENTRE: Score = s(16, 0);
/// Pawn: on the c- or f-file ranks 3-4 (supports the centre).
pub const PAWN_NEAR_CENTRE: Score = s(6, 0);

// Pawn structure (`pawns.rs`).

/// A passed pawn by relative rank (index 0 and 7 never occur).
pub const PASSED: [Score; 8] = [s(0, 0), s(4, 12), s(8, 18), s(14, 32), s(28, 55), s(50, 95), s(80, 150), s(0, 0)];
/// A passed pawn: per square of distance between the square in front and the enemy king,
/// times the relative rank (endgame king race), and the same for our king (negative).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 4;
/// See [`PASSED_ENEMY_KING_DISTANCE`]; our own king's distance counts against.
pub const PASSED_OWN_KING_DISTANCE: i32 = 2;
/// A pawn with no friendly pawn on an adjacent file.
pub const ISOLATED: Score = s(-10, -14);
/// Each pawn behind another of its colour on the same file.
pub const DOUBLED: Score = s(-8, -20);
/// A pawn defended by a pawn.
pub const PROTECTED: Score = s(7, 7);
/// A pawn beside a pawn of its colour on the same rank.
pub const PHALANX: Score = s(5, 3);

// Pieces (`pieces.rs`).

/// Both bishops.
pub const BISHOP_PAIR: Score = s(28, 48);
/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: Score = s(24, 8);
/// A rook on a file without its own pawns but with an enemy pawn.
pub const ROOK_SEMI_OPEN_FILE: Score = s(11, 6);

// Mobility (`mobility.rs`): per square a piece attacks that is neither ours nor guarded by
// an enemy pawn, counted from a typical number (so an average piece scores about zero).

/// Per safe square, by role (knight, bishop, rook, queen at indices 1-4).
pub const MOBILITY: [Score; 6] = [s(0, 0), s(4, 4), s(5, 5), s(2, 4), s(1, 2), s(0, 0)];
/// The typical number of safe squares, by role.
pub const MOBILITY_TYPICAL: [i32; 6] = [0, 4, 6, 6, 12, 0];

// King safety (`king_safety.rs`).

/// Attack units a piece adds per square of the enemy king's zone it attacks, by role.
pub const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// Middle-game penalty is `units^2 / KING_ATTACK_DIVISOR`, with two or more attackers.
pub const KING_ATTACK_DIVISOR: i32 = 5;
/// The middle-game penalty's cap.
pub const KING_ATTACK_MAX: i32 = 450;
/// A pawn of ours directly in front of (or beside-in-front of) our king.
pub const SHIELD_NEAR: Score = s(14, 0);
/// A pawn of ours two ranks in front of our king's files.
pub const SHIELD_FAR: Score = s(7, 0);
/// A file at or beside our king with none of our pawns.
pub const KING_OPEN_FILE: Score = s(-18, 0);

// Endgames (`endgame.rs`).

/// Mop-up: per step the lone king is from the centre.
pub const MOP_UP_EDGE: i32 = 12;
/// Mop-up: per step the kings are closer than 14 (Manhattan distance).
pub const MOP_UP_CLOSE: i32 = 5;
