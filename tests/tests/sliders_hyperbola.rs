//! Hyperbola quintessence equals the reference slider.

use bbengine::{Hyperbola, Sliders};
use bbtests::assert_slider_matches_reference;

#[test]
fn hyperbola_matches_reference() {
    assert_slider_matches_reference("hyperbola", &|sq, occ| Hyperbola.rook(sq, occ), &|sq, occ| {
        Hyperbola.bishop(sq, occ)
    });
}
