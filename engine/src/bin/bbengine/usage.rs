//! How bb's command-line programs answer a clap parse: help and the version on stdout (exit 0),
//! a mistake as one `error:` line on stderr (exit 2). The `bbengine` binary uses it; the
//! examples and benches' `peer-perft` include this file by `#[path]`. (bbgen has its own copy:
//! the two crates are published apart and share no code but bbcore.)

use std::io::Write as _;

/// The process's arguments parsed into `P`, or the process ends: exit 0 after the help or the
/// version, exit 2 after one error line. From `args_os`: an argument that is not UTF-8 is one
/// of clap's errors (or a path, for a `PathBuf` field), never a panic.
#[allow(dead_code)] // Each program that includes this file uses its own part of it.
pub fn parse<P: clap::Parser>() -> P {
    P::try_parse().unwrap_or_else(|e| std::process::exit(refuse(&e, <P as clap::CommandFactory>::command().get_name())))
}

/// What clap found: help and the version go to stdout (exit 0); a mistake becomes one
/// `error:` line on stderr (exit 2). `program` names the program where clap's message does
/// not show its usage line. Returns the exit code.
pub fn refuse(error: &clap::Error, program: &str) -> i32 {
    use clap::error::ErrorKind;
    if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        // A reader that has gone (`--help | head -3`) is not an error.
        if let Err(e) = writeln!(std::io::stdout(), "{}", error.render().to_string().trim_end())
            && e.kind() != std::io::ErrorKind::BrokenPipe
        {
            eprintln!("error: writing the help: {e}");
            return 1;
        }
        return 0;
    }
    eprintln!("error: {}", clip_line(&one_line(error, program)));
    2
}

/// A clap error as one line, without the `error: ` prefix: clap's first line, its tip ("a
/// similar subcommand exists: 'perft'") and where to read more, or for a bad value just our
/// parser's message. `program` is for "see `program --help`" where clap shows no usage line.
pub fn one_line(error: &clap::Error, program: &str) -> String {
    use std::error::Error as _;
    if error.kind() == clap::error::ErrorKind::ValueValidation
        && let Some(source) = error.source()
    {
        return source.to_string();
    }
    let text = error.render().to_string();
    let (mut line, mut help) = (String::new(), format!("{program} --help"));
    for l in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if l.starts_with("For more information") {
            break;
        }
        if let Some(usage) = l.strip_prefix("Usage: ") {
            // "Usage: bbengine perft [OPTIONS] <DEPTH>" -> "bbengine perft --help"
            let words: Vec<&str> = usage.split(' ').take_while(|w| !w.starts_with(['[', '<', '-'])).collect();
            help = format!("{} --help", words.join(" "));
            break;
        }
        // The first line, the names of missing arguments below it, then a tip.
        let part = l.strip_prefix("error: ").unwrap_or(l);
        match part.strip_prefix("tip: ") {
            Some(tip) => line.push_str(&format!(" ({tip})")),
            None => line.push_str(&format!("{}{part}", if line.is_empty() { "" } else { " " })),
        }
    }
    format!("{line}; see `{help}`")
}

/// A clap value parser for `flag`: a `T` for which `ok` holds, else the one-line message
/// `--flag needs <what>, found "<text>"` (clap's own would print only the `FromStr` error,
/// like "invalid digit found in string").
#[allow(dead_code)] // Each program that includes this file uses its own part of it.
pub fn checked<T>(
    flag: &'static str,
    what: &'static str,
    ok: fn(&T) -> bool,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + Clone + Send + Sync + 'static,
{
    move |text| text.parse::<T>().ok().filter(ok).ok_or_else(|| format!("{flag} needs {what}, found {text:?}"))
}

/// A message cut to 300 characters (library errors quote the input they refuse).
pub fn clip_line(message: &str) -> String {
    match message.char_indices().nth(300) {
        Some((end, _)) => format!("{}...", &message[..end]),
        None => message.to_string(),
    }
}
