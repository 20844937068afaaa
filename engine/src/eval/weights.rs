//! The evaluation's weights, in centipawns, as middle-game/end-game pairs.
//!
//! Where the numbers come from: the tuned ones are the fields of [`Weights`]; their values,
//! [`WEIGHTS`], are generated into `tuned.rs` by the tuner (`examples/tune.rs`, Texel's method
//! on positions from the engine's own games; the command is at the top of that file), starting
//! from the hand-chosen values of `hand_set.rs`. The constants below are hand-set and not
//! tuned: the search's piece values, the phase, the tempo, the king attack units, the passed-pawn king race and mop-up.

use bbcore::Role;

use super::Score;
pub use super::tuned::WEIGHTS;

/// The longest mobility table: a queen attacks at most 27 squares.
pub const MOBILITY_COUNTS: usize = 28;
/// King danger by attack units, up to this many units (more count as the last).
pub const KING_DANGER_UNITS: usize = 50;

/// Declares [`Weights`] and its field list, so the tracer and the tuner see every field by
/// name, in declaration (memory) order.
macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident: $ty:ty,)*) => {
        /// Every tuned weight. `repr(C)` and nothing but [`Score`]s: a weight's place in
        /// memory, counted in `Score`s from the start, is its index in the tuner's flat list.
        #[repr(C)]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[$doc])* pub $name: $ty,)*
        }

        impl Weights {
            /// Each field's name and its values in memory order.
            pub fn fields(&self) -> Vec<(&'static str, Vec<Score>)> {
                vec![$((stringify!($name), super::tuning::Flatten::flatten(&self.$name)),)*]
            }

            /// Each field's name and its value as Rust source.
            pub fn sources(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($name), super::tuning::Flatten::to_rust(&self.$name)),)*]
            }

            /// Every value in memory order: the tuner's flat list ([`Weights::fields`]
            /// concatenated).
            pub fn flat(&self) -> Vec<Score> {
                self.fields().into_iter().flat_map(|(_, values)| values).collect()
            }

            /// Sets every field from a flat list in memory order (as [`Weights::fields`]
            /// gives them, concatenated).
            pub fn set_flat(&mut self, values: &[Score]) {
                let mut rest = values;
                $(rest = super::tuning::Flatten::assign(&mut self.$name, rest);)*
                debug_assert!(rest.is_empty());
            }
        }
    };
}

weights! {
    /// Material by role (pawn to king; the king has none).
    material: [Score; 6],
    /// Placement by role and square, for White (a1 = 0); Black reads it with ranks flipped.
    psqt: [[Score; 64]; 6],
    /// A passed pawn by relative rank (index 0 and 7 never occur).
    passed: [Score; 8],
    /// A pawn with no friendly pawn on an adjacent file.
    isolated: Score,
    /// Each pawn behind another of its colour on the same file.
    doubled: Score,
    /// A pawn defended by a pawn.
    protected: Score,
    /// A pawn beside a pawn of its colour on the same rank.
    phalanx: Score,
    /// Both bishops.
    bishop_pair: Score,
    /// A rook on a file without pawns.
    rook_open_file: Score,
    /// A rook on a file without its own pawns but with an enemy pawn.
    rook_semi_open_file: Score,
    /// Mobility by role (knight to queen at 1-4) and number of safe squares attacked.
    mobility: [[Score; MOBILITY_COUNTS]; 6],
    /// A pawn of ours directly in front of (or beside-in-front of) our king.
    shield_near: Score,
    /// A pawn of ours two ranks in front of our king's files.
    shield_far: Score,
    /// A file at or beside our king with none of our pawns.
    king_open_file: Score,
    /// Our king's danger by the enemy's attack units on its zone (two or more attackers, and
    /// the enemy has a queen).
    king_danger: [Score; KING_DANGER_UNITS],
    /// An enemy piece attacked by our pawns, by its role (knight to queen).
    threat_by_pawn: [Score; 6],
    /// An enemy piece attacked by our knights or bishops, by its role (rook and queen).
    threat_by_minor: [Score; 6],
    /// An enemy queen attacked by our rooks.
    threat_by_rook: Score,
    /// An enemy piece or pawn (not the king) we attack and nothing of theirs defends.
    hanging: Score,
}

/// The number of tuned weights ([`Score`]s in [`Weights`]).
pub const WEIGHT_COUNT: usize = core::mem::size_of::<Weights>() / core::mem::size_of::<Score>();

/// A piece's value in centipawns for the search's margins and move ordering and the endgame
/// rules (hand-set, not tuned, so tuning leaves the search alone).
pub const fn piece_value(role: Role) -> i32 {
    [85, 320, 335, 480, 960, 0][role.index()]
}

/// The phase with every piece on the board (4 minors x 1, 4 rooks x 2, 2 queens x 4).
pub const PHASE_TOTAL: i32 = 24;

/// The side to move's bonus: it can act first.
pub const TEMPO: i32 = 10;

/// Attack units a piece adds per square of the enemy king's zone it attacks, by role.
pub const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// A passed pawn: per square of distance between the square in front and the enemy king,
/// times the relative rank (endgame king race), and the same for our king (negative).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 4;
/// See [`PASSED_ENEMY_KING_DISTANCE`]; our own king's distance counts against.
pub const PASSED_OWN_KING_DISTANCE: i32 = 2;

/// Mop-up: per step the lone king is from the centre.
pub const MOP_UP_EDGE: i32 = 12;
/// Mop-up: per step the kings are closer than 14 (Manhattan distance).
pub const MOP_UP_CLOSE: i32 = 5;
