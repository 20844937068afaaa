//! The proc-macro route expands to the same tables as the checked-in generated files, element
//! by element.

mod via_macro {
    pub mod fancy {
        bbmacros::fancy_tables!();
    }
    pub mod dense {
        bbmacros::dense_tables!();
    }
    pub mod pext {
        bbmacros::pext_tables!();
    }
    pub mod polyglot {
        bbmacros::polyglot_tables!();
    }
}

use bbengine::generated as files;

#[test]
fn fancy_tables_agree() {
    use via_macro::fancy as m;
    for (a, b) in m::ROOK_MAGICS
        .iter()
        .chain(&m::BISHOP_MAGICS)
        .zip(files::fancy::ROOK_MAGICS.iter().chain(&files::fancy::BISHOP_MAGICS))
    {
        assert_eq!((a.mask, a.magic, a.offset, a.shift), (b.mask, b.magic, b.offset, b.shift));
    }
    assert_eq!(m::ROOK_ATTACKS, files::fancy::ROOK_ATTACKS);
    assert_eq!(m::BISHOP_ATTACKS, files::fancy::BISHOP_ATTACKS);
}

#[test]
fn dense_tables_agree() {
    use via_macro::dense as m;
    assert_eq!((m::ROOK_SHIFT, m::BISHOP_SHIFT), (files::dense::ROOK_SHIFT, files::dense::BISHOP_SHIFT));
    for (a, b) in m::ROOK_MAGICS
        .iter()
        .chain(&m::BISHOP_MAGICS)
        .zip(files::dense::ROOK_MAGICS.iter().chain(&files::dense::BISHOP_MAGICS))
    {
        assert_eq!((a.not_mask, a.magic, a.offset), (b.not_mask, b.magic, b.offset));
    }
    assert_eq!(m::ATTACKS.0.len(), files::dense::ATTACKS.0.len());
    assert_eq!(m::ATTACKS, files::dense::ATTACKS);
}

#[test]
fn pext_tables_agree() {
    use via_macro::pext as m;
    for (a, b) in m::ROOK_ENTRIES
        .iter()
        .chain(&m::BISHOP_ENTRIES)
        .zip(files::pext::ROOK_ENTRIES.iter().chain(&files::pext::BISHOP_ENTRIES))
    {
        assert_eq!((a.mask, a.offset), (b.mask, b.offset));
    }
    assert_eq!(m::ROOK_ATTACKS, files::pext::ROOK_ATTACKS);
    assert_eq!(m::BISHOP_ATTACKS, files::pext::BISHOP_ATTACKS);
    for (a, b) in m::ROOK_PDEP_ENTRIES
        .iter()
        .chain(&m::BISHOP_PDEP_ENTRIES)
        .zip(files::pext::ROOK_PDEP_ENTRIES.iter().chain(&files::pext::BISHOP_PDEP_ENTRIES))
    {
        assert_eq!((a.mask, a.rays, a.offset), (b.mask, b.rays, b.offset));
    }
    assert_eq!(m::ROOK_PDEP_ATTACKS, files::pext::ROOK_PDEP_ATTACKS);
    assert_eq!(m::BISHOP_PDEP_ATTACKS, files::pext::BISHOP_PDEP_ATTACKS);
}

#[test]
fn polyglot_numbers_agree() {
    use via_macro::polyglot as m;
    assert_eq!(m::RANDOM, files::polyglot::RANDOM);
    assert_eq!(
        (m::PIECE_SQUARE, m::CASTLING, m::EN_PASSANT, m::TURN),
        (files::polyglot::PIECE_SQUARE, files::polyglot::CASTLING, files::polyglot::EN_PASSANT, files::polyglot::TURN)
    );
}
