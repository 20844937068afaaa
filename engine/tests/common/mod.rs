//! The real `bbengine` binary speaking UCI over pipes, for the UCI test files (`uci.rs`,
//! `uci_hostile.rs`): start it, send lines (or raw bytes), read its lines with a time limit.

// Each test file uses part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// A running engine: its stdin, and its stdout as a channel of lines.
pub struct Engine {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bbengine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("bbengine runs");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    /// Writes `text` and a newline.
    pub fn send(&mut self, text: &str) {
        self.send_bytes(format!("{text}\n").as_bytes());
    }

    /// Writes `bytes` as they are (not necessarily UTF-8, not necessarily a whole line).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write");
        stdin.flush().expect("flush");
    }

    /// Lines up to and including the first one starting with `prefix` (within 30 s).
    pub fn until(&self, prefix: &str) -> Vec<String> {
        self.until_within(prefix, Duration::from_secs(30))
    }

    /// Lines up to and including the first one starting with `prefix`; fails if it does not
    /// come within `limit`.
    pub fn until_within(&self, prefix: &str, limit: Duration) -> Vec<String> {
        let end = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {prefix:?} line within {limit:?}; got {seen:#?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Every line that arrives within `ms` milliseconds.
    pub fn collect_for(&self, ms: u64) -> Vec<String> {
        let end = Instant::now() + Duration::from_millis(ms);
        let mut seen = Vec::new();
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => seen.push(line),
                Err(_) => break,
            }
        }
        seen
    }

    /// Closes stdin and waits for the exit (killing the engine and failing after 30 s).
    pub fn finish(mut self) -> ExitStatus {
        drop(self.stdin.take());
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().expect("bbengine can be waited for") {
                return status;
            }
            if Instant::now() > end {
                self.child.kill().ok();
                self.child.wait().ok();
                panic!("bbengine did not exit within 30 s of the end of its input");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// The move and ponder move of the `bestmove` line that ends `lines`.
pub fn bestmove(lines: &[String]) -> (String, Option<String>) {
    let last = lines.last().expect("a line");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words[0], "bestmove", "{last}");
    let ponder = (words.get(2) == Some(&"ponder")).then(|| words[3].to_string());
    (words[1].to_string(), ponder)
}
