#!/usr/bin/env python3
"""Unit tests of combine.py: pooling match.py logs, and refusing logs that do not belong together."""

import contextlib
import dataclasses
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import combine  # noqa: E402
import match  # noqa: E402

A = "A: bbengine 0.1.0 (uci:/work/sl15/bb-5d0c029)"
B = "B: Stockfish 15.1 (uci:/usr/games/stockfish?Skill Level=15)"


def engine(name: str, min_clock: float, illegal_moves: int = 0, hangs: int = 0) -> dict:
    """One engine's entry of `match.summary`'s dict, built the way `summary` builds it."""
    faults = match.Faults(illegal_moves=illegal_moves, hangs=hangs, min_clock=min_clock, timed_moves=100,
                          time_used=19.0)
    return {"name": name, **dataclasses.asdict(faults)}


def log_text(wins: int, draws: int, losses: int, min_clock: float = 0.080, a: str = A, b: str = B,
             illegal_moves: int = 0, hangs: int = 0) -> str:
    """A match.py log: the engines' lines as `match.py` starts its output, a game line, and the
    summary as `match.print_summary` prints it."""
    games = wins + draws + losses
    s = {"games": games, "wins": wins, "draws": draws, "losses": losses, "score": (wins + draws / 2) / games,
         "elo": None, "elo_error_95": None,
         "engines": {"A": engine("bbengine 0.1.0", min_clock, illegal_moves, hangs),
                     "B": engine("Stockfish 15.1", 0.041)}}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        match.print_summary(s)
    game = "Game 1/40: A (white) vs B: 0-1 checkmate, 317 plies, opening 1 | A +0 =0 -1"
    return "\n".join([a, b, f"{games} games at 10+0.1, 50 openings, 2 at a time", game]) + "\n" + out.getvalue()


class CombineTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def write(self, name: str, text: str) -> str:
        path = os.path.join(self.dir.name, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def run_combine(self, *args: str) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(combine.main(list(args)), 0)
        return out.getvalue()

    def test_the_skill_level_15_batches_pool_to_the_reported_line(self) -> None:
        # The five batches of docs/strength.md's Skill Level 15 run and their pooled line.
        batches = [(10, 11, 19, 0.081), (0, 12, 28, 0.078), (6, 12, 22, 0.075), (5, 14, 21, 0.080),
                   (6, 13, 21, 0.078)]
        paths = [self.write(f"seed{i}.log", log_text(*batch)) for i, batch in enumerate(batches)]
        last = self.run_combine(*paths).splitlines()[-1]
        self.assertEqual(last, "together: 200 games, +27 =62 -111, 29.0%, Elo -155.5 +/- 42.2, A's illegal moves + "
                               "crashes + hangs + time losses 0, A's lowest clock 0.075s")

    def test_faults_are_summed(self) -> None:
        first = self.write("a.log", log_text(1, 0, 1))
        second = self.write("b.log", log_text(1, 0, 1, illegal_moves=1, hangs=2))
        self.assertIn("time losses 3,", self.run_combine(first, second).splitlines()[-1])

    def test_a_log_without_a_summary_is_an_error(self) -> None:
        running = self.write("running.log", "\n".join(log_text(1, 1, 1).splitlines()[:4]))
        with self.assertRaises(SystemExit) as caught:
            combine.main([running])
        self.assertIn("no final summary", str(caught.exception))

    def test_another_opponent_is_an_error_even_with_mixed_a(self) -> None:
        first = self.write("a.log", log_text(1, 1, 1))
        other = self.write("b.log", log_text(1, 1, 1, b="B: Stockfish 15.1 (uci:/usr/games/stockfish?Skill Level=10)"))
        with self.assertRaises(SystemExit) as caught, contextlib.redirect_stdout(io.StringIO()):
            combine.main(["--mixed-a", first, other])
        self.assertIn("differ", str(caught.exception))

    def test_another_engine_a_needs_mixed_a(self) -> None:
        first = self.write("a.log", log_text(1, 1, 1))
        other = self.write("b.log", log_text(2, 0, 0, a="A: bbengine 0.1.0 (uci:/tmp/bb-other)"))
        with self.assertRaises(SystemExit), contextlib.redirect_stdout(io.StringIO()):
            combine.main([first, other])
        self.assertIn("together: 5 games, +3 =1 -1", self.run_combine("--mixed-a", first, other))


if __name__ == "__main__":
    unittest.main()
