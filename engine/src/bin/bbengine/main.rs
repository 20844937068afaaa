//! The `bbengine` command line; see `bbengine --help`. The commands live in `cli.rs`, the
//! slider benchmark in `slider_bench.rs`; everything they run is the `bbengine` library's.

mod cli;
mod slider_bench;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(cli::run(&args));
}
