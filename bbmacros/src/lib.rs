//! `bbmacros`: bb's table compiler at compile time.
//!
//! Each macro runs the `bbgen` library while the calling crate compiles and expands to the
//! very token stream `cargo run -p bbgen` formats into `engine/src/generated/*.rs`: the same
//! `static` items with the same names and values, and the same `const` assertion that every
//! index a lookup can compute lies inside its attack array. Generated items name bbcore as
//! `::bbcore` (the assertion calls its window checkers), so the calling crate must depend on
//! `bbcore`. The leaf tables (knight, king, pawn, between, line) have no macro: they are
//! bbcore's own `static`s, built by `const fn`.
//!
//! The macros, each expanding to one module's items (use them inside a `mod`):
//! [`fancy_tables!`] (optionally `seed = N`), [`dense_tables!`], [`pext_tables!`] and
//! [`polyglot_tables!`]. `bbengine`'s cargo feature `macro-tables` takes its tables from them;
//! a test in the workspace compares both routes element by element. No cargo features of its
//! own.
//!
//! ```ignore
//! mod fancy { bbmacros::fancy_tables!(); }            // seed: bbgen::FANCY_SEED
//! mod fancy_other { bbmacros::fancy_tables!(seed = 0x1234); }
//! mod dense { bbmacros::dense_tables!(); }            // magics: bbgen/data/dense_magics.txt
//! mod pext { bbmacros::pext_tables!(); }
//! mod polyglot { bbmacros::polyglot_tables!(); }      // numbers: bbgen/data/polyglot_random.txt
//! ```

use proc_macro::TokenStream;
use syn::parse::{Nothing, Parse, ParseStream};
use syn::{Ident, LitInt, Token, parse_macro_input};

/// Optional `seed = <integer>` argument of [`fancy_tables!`].
struct SeedArg(Option<u64>);

impl Parse for SeedArg {
    fn parse(input: ParseStream<'_>) -> syn::Result<SeedArg> {
        if input.is_empty() {
            return Ok(SeedArg(None));
        }
        let key: Ident = input.parse()?;
        if key != "seed" {
            return Err(syn::Error::new(key.span(), "expected `seed = <integer>`"));
        }
        input.parse::<Token![=]>()?;
        let value: LitInt = input.parse()?;
        let seed = value.base10_parse::<u64>()?;
        if !input.is_empty() {
            return Err(input.error("unexpected tokens after the seed"));
        }
        Ok(SeedArg(Some(seed)))
    }
}

fn expand(result: Result<proc_macro2::TokenStream, bbgen::Error>) -> TokenStream {
    match result {
        Ok(tokens) => tokens.into(),
        Err(e) => syn::Error::new(proc_macro2::Span::call_site(), e.to_string()).to_compile_error().into(),
    }
}

/// The fancy magic tables (`Magic`, `ROOK_MAGICS`, `BISHOP_MAGICS`, `ROOK_ATTACKS`,
/// `BISHOP_ATTACKS`), searched from `bbgen::FANCY_SEED` or `seed = N` and verified.
#[proc_macro]
pub fn fancy_tables(input: TokenStream) -> TokenStream {
    let SeedArg(seed) = parse_macro_input!(input as SeedArg);
    let seed = seed.unwrap_or(bbgen::FANCY_SEED);
    expand(bbgen::fancy::build(seed).map(|t| bbgen::render::fancy_tokens(&t)))
}

/// The dense magic tables (`Magic`, `ROOK_SHIFT`, `BISHOP_SHIFT`, `ROOK_MAGICS`,
/// `BISHOP_MAGICS`, `ATTACKS`), rebuilt from the recorded magics and verified. Takes no input.
#[proc_macro]
pub fn dense_tables(input: TokenStream) -> TokenStream {
    parse_macro_input!(input as Nothing);
    expand(bbgen::dense::build_default().map(|t| bbgen::render::dense_tokens(&t)))
}

/// The PEXT tables (`Entry`, `ROOK_ENTRIES`, `BISHOP_ENTRIES`, `ROOK_ATTACKS`,
/// `BISHOP_ATTACKS`), verified. Takes no input.
#[proc_macro]
pub fn pext_tables(input: TokenStream) -> TokenStream {
    parse_macro_input!(input as Nothing);
    expand(bbgen::pext::build().map(|t| bbgen::render::pext_tokens(&t)))
}

/// The Polyglot Zobrist random numbers (`RANDOM`, `PIECE_SQUARE`, `CASTLING`, `EN_PASSANT`,
/// `TURN`), from the recorded data file and checked against the specification. Takes no input.
#[proc_macro]
pub fn polyglot_tables(input: TokenStream) -> TokenStream {
    parse_macro_input!(input as Nothing);
    expand(bbgen::polyglot::PolyglotRandom::recorded().map(|r| bbgen::render::polyglot_tokens(&r)))
}
