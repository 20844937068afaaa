//! Threats: enemy pieces attacked by a lesser piece of ours (by pawns, by knights and
//! bishops, by rooks), and enemy pieces we attack that nothing of theirs defends. The static
//! evaluation cannot see the capture coming; these terms let it see the pressure.

use bbcore::{Color, Role};

use super::mobility::Attacks;
use super::terms::Terms;
use super::weights::WEIGHTS;
use crate::board::Position;

/// `us`'s threats on the other side's pieces, given both sides' attacks.
#[inline(always)]
pub(crate) fn threats(pos: &Position, us: Color, ours: &Attacks, theirs: &Attacks, t: &mut impl Terms) {
    let them = us.other();
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let targets = pos.pieces(them, role);
        t.add(us, &WEIGHTS.threat_by_pawn[role.index()], (targets & ours.by_pawns).count() as i32);
        if role == Role::Rook || role == Role::Queen {
            t.add(us, &WEIGHTS.threat_by_minor[role.index()], (targets & ours.by_minors).count() as i32);
        }
    }
    t.add(us, &WEIGHTS.threat_by_rook, (pos.pieces(them, Role::Queen) & ours.by_rooks).count() as i32);
    let pieces = pos.color(them) & !pos.role(Role::King);
    t.add(us, &WEIGHTS.hanging, (pieces & ours.all & !theirs.all).count() as i32);
}
