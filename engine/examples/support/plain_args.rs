//! The arguments of the library-only examples (`moves`, `perft`, `random_game`), which build
//! without feature `cli` and so without clap: read from `args_os` (an argument that is not
//! UTF-8 is refused, not a panic), `-h`/`--help` answered with the usage, too many arguments
//! refused. Bad input prints one `error:` line and exits 2. Included by `#[path]`.

use std::io::Write as _;

/// The arguments after the program name, at most `max` of them; with `-h` or `--help` among
/// them, prints `usage` and exits 0.
pub fn args(usage: &str, max: usize) -> Vec<String> {
    let mut args = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(arg) => args.push(arg),
            Err(arg) => fail(format_args!("argument {arg:?} is not valid UTF-8")),
        }
    }
    if args.iter().any(|a| a == "-h" || a == "--help") {
        // A reader that has gone (`--help | head -1`) is not an error.
        let _ = writeln!(std::io::stdout(), "{usage}");
        std::process::exit(0);
    }
    if args.len() > max {
        fail(format_args!("at most {max} arguments, found {} (see --help)", args.len()));
    }
    args
}

/// Prints one `error:` line and exits 2.
pub fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2);
}
