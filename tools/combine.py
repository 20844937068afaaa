#!/usr/bin/env python3
"""Adds up the results of several match.py runs: per log and together, with Elo and its 95%
error bar computed as match.py computes them (the combined bar comes from the pooled games,
not from the batches' bars).

    python3 tools/combine.py sl10-seed24.log sl10-seed25.log ...

Each log is what match.py printed (its standard output). Every log must name the same engine A
and engine B (the spec and the engine's name); a log that differs, or that has no final summary
(a match still running or stopped), is an error rather than quietly added. With --mixed-a,
engine A's spec may differ (builds of one search kept at different paths); B's may not. Engine A's faults
are summed and its lowest clock is the lowest over all logs.
"""

import argparse
import dataclasses
import os
import re
import sys
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import elo_with_error, fmt_elo  # noqa: E402

HEADER = re.compile(r"^([AB]): (.*) \((.*)\)$")
GAMES = re.compile(r"^Games: (\d+)\s+A: \+(\d+) =(\d+) -(\d+)")
FAULTS = re.compile(r"^A \(.*\): illegal moves (\d+), crashes (\d+), hangs (\d+), time losses (\d+), "
                    r"restarts \d+, min clock (n/a|[\d.]+)s")


@dataclasses.dataclass
class Result:
    """One log's (or several logs') games and engine A's faults."""

    engines: tuple[str, str]
    wins: int = 0
    draws: int = 0
    losses: int = 0
    faults: int = 0
    min_clock: Optional[float] = None

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, other: "Result") -> None:
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.faults += other.faults
        if other.min_clock is not None:
            self.min_clock = other.min_clock if self.min_clock is None else min(self.min_clock, other.min_clock)

    def line(self, name: str) -> str:
        elo, err = elo_with_error(self.wins, self.draws, self.losses)
        score = 100 * (self.wins + self.draws / 2) / self.games
        clock = "n/a" if self.min_clock is None else f"{self.min_clock:.3f}s"
        return (f"{name}: {self.games} games, +{self.wins} ={self.draws} -{self.losses}, {score:.1f}%, "
                f"Elo {fmt_elo(elo)} +/- {err:.1f}, A's illegal moves + crashes + hangs + time losses "
                f"{self.faults}, A's lowest clock {clock}")


def read_log(path: str) -> Result:
    """The final summary of one match.py log; SystemExit if it has none."""
    engines: dict[str, str] = {}
    result: Optional[Result] = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if (m := HEADER.match(line)) and m.group(1) not in engines:
                engines[m.group(1)] = f"{m.group(2)} ({m.group(3)})"
            elif m := GAMES.match(line):
                if len(engines) != 2:
                    raise SystemExit(f"{path}: a summary before both engines were named")
                w, d, l = (int(m.group(i)) for i in (2, 3, 4))
                result = Result((engines["A"], engines["B"]), w, d, l)
            elif (m := FAULTS.match(line)) and result is not None:
                result.faults = sum(int(m.group(i)) for i in (1, 2, 3, 4))
                result.min_clock = None if m.group(5) == "n/a" else float(m.group(5))
    if result is None:
        raise SystemExit(f"{path}: no final summary (is the match still running?)")
    return result


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="+", help="match.py output files")
    parser.add_argument("--mixed-a", action="store_true",
                        help="allow engine A's spec to differ between logs (engine B's must not)")
    args = parser.parse_args(argv)
    results = [read_log(path) for path in args.logs]
    total = Result(results[0].engines)
    for path, result in zip(args.logs, results):
        if result.engines[1] != total.engines[1] or (result.engines[0] != total.engines[0] and not args.mixed_a):
            raise SystemExit(f"{path}: engines {result.engines} differ from {args.logs[0]}'s {total.engines}")
        print(result.line(path))
        total.add(result)
    a_specs = sorted({result.engines[0] for result in results})
    print(f"A: {', '.join(a_specs)}\nB: {total.engines[1]}")
    print(total.line("together"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
