//! The `bbengine` command line; see `bbengine --help`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(bbengine::cli::run(&args));
}
