//! Prints the const-built attack sets of a square: `cargo run -p bbcore --example attacks -- e4`.

use bbcore::{
    Bitboard, Color, Square, bishop_attacks_ref, king_attacks, knight_attacks, pawn_attacks, rook_attacks_ref,
};

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "e4".to_string());
    let sq: Square = match arg.parse() {
        Ok(sq) => sq,
        Err(e) => {
            eprintln!("error: {arg:?}: {e}");
            std::process::exit(2);
        }
    };
    let tables: [(&str, Bitboard); 6] = [
        ("knight", knight_attacks(sq)),
        ("king", king_attacks(sq)),
        ("white pawn", pawn_attacks(Color::White, sq)),
        ("black pawn", pawn_attacks(Color::Black, sq)),
        ("rook (empty board)", rook_attacks_ref(sq, Bitboard::EMPTY)),
        ("bishop (empty board)", bishop_attacks_ref(sq, Bitboard::EMPTY)),
    ];
    for (name, set) in tables {
        println!("{name} attacks from {sq}: {set:?}\n{set}");
    }
}
