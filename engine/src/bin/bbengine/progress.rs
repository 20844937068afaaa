//! Progress of a long run (a perft suite, data generation, training, tuning) on stderr: a bar
//! with a rate and an ETA when stderr is a terminal, a plain line every few seconds when it is
//! a file or a pipe (logs stay readable). The examples include this file by `#[path]`.

use std::io::IsTerminal as _;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How often the plain (not a terminal) form prints a line.
const LINE_EVERY: Duration = Duration::from_secs(5);

/// Progress towards `total` units of work; shared by threads (`&self` everywhere).
pub struct Progress {
    /// The bar, when stderr is a terminal.
    bar: Option<ProgressBar>,
    /// What is counted, for the plain lines ("positions", "games", ...).
    unit: &'static str,
    total: u64,
    start: Instant,
    /// When the plain form last printed.
    last_line: Mutex<Instant>,
}

impl Progress {
    /// Progress over `total` `unit`s, a bar when stderr is a terminal.
    #[allow(dead_code)] // Each program that includes this file uses its own part of it.
    pub fn new(total: u64, unit: &'static str) -> Progress {
        Self::with_bar(total, unit, std::io::stderr().is_terminal())
    }

    /// As [`Progress::new`], the bar chosen by the caller (tests force the plain form).
    pub fn with_bar(total: u64, unit: &'static str, bar: bool) -> Progress {
        let bar = bar.then(|| {
            let style = ProgressStyle::with_template(&format!(
                "{{elapsed_precise}} [{{wide_bar}}] {{pos}}/{{len}} {unit} {{per_sec}} eta {{eta}} {{msg}}"
            ))
            .expect("the template is valid");
            ProgressBar::new(total).with_style(style)
        });
        let start = Instant::now();
        Progress { bar, unit, total, start, last_line: Mutex::new(start) }
    }

    /// `done` units are done; `message` (called only when shown) says more, e.g. "failed 0".
    pub fn set(&self, done: u64, message: impl FnOnce() -> String) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            bar.set_message(message());
            return;
        }
        let mut last = self.last_line.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() >= LINE_EVERY {
            *last = Instant::now();
            eprintln!("{}", self.line(done, &message()));
        }
    }

    /// The plain progress line: `progress 12/126 positions, failed 0, 15 s`.
    pub fn line(&self, done: u64, message: &str) -> String {
        let separator = if message.is_empty() { "" } else { ", " };
        let seconds = self.start.elapsed().as_secs_f64();
        format!("progress {done}/{} {}{separator}{message}, {seconds:.0} s", self.total, self.unit)
    }

    /// Prints `line` on stderr, above the bar when there is one: for what a run reports as it
    /// goes (a training epoch's loss), which should stay in the log.
    #[allow(dead_code)] // Each program that includes this file uses its own part of it.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// Removes the bar (the caller prints its own summary line).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_line_says_how_far() {
        let progress = Progress::with_bar(126, "positions", false);
        assert_eq!(progress.line(12, "failed 0"), "progress 12/126 positions, failed 0, 0 s");
        assert_eq!(progress.line(3, ""), "progress 3/126 positions, 0 s");
    }
}
