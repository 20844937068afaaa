//! The `bbengine` command line; see `bbengine --help`. The commands live in `cli.rs`, the
//! slider benchmark in `slider_bench.rs`, clap's errors made one line in `usage.rs`;
//! everything they run is the `bbengine` library's.

mod cli;
mod progress;
mod slider_bench;
mod usage;

fn main() {
    // `std::env::args` panics on an argument that is not UTF-8; refuse it with exit 2 instead.
    let args: Result<Vec<String>, _> = std::env::args_os().skip(1).map(|arg| arg.into_string()).collect();
    match args {
        Ok(args) => std::process::exit(cli::run(&args)),
        Err(arg) => {
            eprintln!("error: argument {arg:?} is not valid UTF-8");
            std::process::exit(2);
        }
    }
}
