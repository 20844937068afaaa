"""Unit tests of spsa.py: the gain schedule against hand-computed values, rounding and
clamping, the update rule, the state's round trip and resume, one iteration with a stub game
function, and (with python-chess) real games of tools/fake_engine.py through match.py,
including a crash that must stop the run.

    python3 -m unittest discover -s tools -p 'test_*.py'
"""

import contextlib
import io
import json
import os
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spsa  # noqa: E402

try:
    import chess  # noqa: F401
    import match
except ImportError:  # python-chess missing
    match = None

TOOLS = os.path.dirname(os.path.abspath(__file__))
FAKE_ENGINE = os.path.join(TOOLS, "fake_engine.py")

RFP = spsa.Param("rfp_margin", 75, 30, 150, 6.0, 0.002)
DEPTH = spsa.Param("rfp_max_depth", 7, 3, 12, 0.5, 0.002)


def settings(iterations=100, pairs=2, seed=1):
    return {"iterations": iterations, "pairs": pairs, "seed": seed, "openings": "-", "limit": "nodes=1000"}


class ScheduleTest(unittest.TestCase):
    def test_gains_against_hand_computed_values(self):
        s = spsa.Schedule(100)
        # A = 10% of 100 iterations.
        self.assertEqual(s.big_a, 10.0)
        # c = c_end * N^gamma = 6 * 100^0.101 = 6 * 10^0.202 = 6 * 1.592209 = 9.55325
        self.assertAlmostEqual(s.c(RFP), 9.55325, places=4)
        # a = r_end * c_end^2 * (A + N)^alpha = 0.002 * 36 * 110^0.602 = 0.072 * 16.94020 = 1.21969
        self.assertAlmostEqual(s.a(RFP), 1.21969, places=4)
        # k = 0: c_0 = c / 1^gamma = c; a_0 = a / (A + 1)^alpha = 1.21969 / 11^0.602 = 1.21969 / 4.23562
        self.assertAlmostEqual(s.c_k(RFP, 0), 9.55325, places=4)
        self.assertAlmostEqual(s.a_k(RFP, 0), 0.287960, places=5)
        # k = 1: c_1 = 9.55325 / 2^0.101 = 9.55325 / 1.072546 = 8.90732
        self.assertAlmostEqual(s.c_k(RFP, 1), 8.90732, places=4)

    def test_the_last_iteration_uses_c_end_and_a_end(self):
        for n in (1, 7, 100, 2500):
            s = spsa.Schedule(n)
            for p in (RFP, DEPTH):
                self.assertAlmostEqual(s.c_k(p, n - 1), p.c_end, places=9)
                self.assertAlmostEqual(s.a_k(p, n - 1), p.r_end * p.c_end ** 2, places=12)

    def test_a_small_run(self):
        s = spsa.Schedule(10)
        # A = 1; c = 0.5 * 10^0.101 = 0.5 * 1.261828 = 0.630914; a = 0.002 * 0.25 * 11^0.602
        self.assertAlmostEqual(s.c(DEPTH), 0.630914, places=5)
        self.assertAlmostEqual(s.a(DEPTH), 0.0005 * 4.235620, places=6)


class ValuesTest(unittest.TestCase):
    def test_engine_values_round_half_away_from_zero_and_clamp(self):
        p = spsa.Param("x", 0, -10, 10, 1.0, 0.002)
        self.assertEqual([p.engine_value(v) for v in (2.5, 3.5, -2.5, 2.49, -0.4, 0.5)], [3, 4, -3, 2, 0, 1])
        self.assertEqual([p.engine_value(v) for v in (10.4, 11.0, -99.0)], [10, 10, -10])
        self.assertEqual([p.clamp(v) for v in (10.4, -10.5, 3.25)], [10.0, -10.0, 3.25])

    def test_perturbation_and_update(self):
        s = spsa.Schedule(100)
        theta = {"rfp_margin": 75.0, "rfp_max_depth": 7.0}
        plus, minus = spsa.perturbed([RFP, DEPTH], theta, s, 0, [1, -1])
        # 75 +- 9.55325 -> 84.55 and 65.45; 7 -+ 0.5 * 1.592209 = 7 -+ 0.796 -> 6.20 and 7.80
        self.assertEqual(plus, {"rfp_margin": 85, "rfp_max_depth": 6})
        self.assertEqual(minus, {"rfp_margin": 65, "rfp_max_depth": 8})
        new = spsa.update([RFP, DEPTH], theta, s, 0, [1, -1], 3)
        # rfp: 75 + a_0 / c_0 * 3 * 1 = 75 + 0.287960 / 9.55325 * 3 = 75.090428
        self.assertAlmostEqual(new["rfp_margin"], 75.090428, places=5)
        # depth: a_0 = 0.002 * 0.25 * 16.94020 / 4.23562 = 0.0019997; c_0 = 0.796104; 7 - 3 * a_0 / c_0
        self.assertAlmostEqual(new["rfp_max_depth"], 7 - 3 * 0.0019997 / 0.796104, places=5)
        # Clamped to the range.
        self.assertEqual(spsa.update([RFP], {"rfp_margin": 149.9}, s, 0, [1], 1000)["rfp_margin"], 150.0)

    def test_signs_are_fixed_by_seed_and_iteration(self):
        a = spsa.signs(1, 5, 40)
        self.assertEqual(a, spsa.signs(1, 5, 40))
        self.assertNotEqual(a, spsa.signs(1, 6, 40))
        self.assertNotEqual(a, spsa.signs(2, 5, 40))
        self.assertTrue(set(a) == {-1, 1})

    def test_parse_lines(self):
        params = spsa.parse_params("rfp_margin, int, 75, 30, 150, 6, 0.002\n\nnmp_base, int, 3, 1, 6, 0.5, 0.002\n")
        self.assertEqual(params, [RFP, spsa.Param("nmp_base", 3, 1, 6, 0.5, 0.002)])
        for bad in ("x, float, 1, 0, 2, 1, 0.002", "x, int, 9, 0, 2, 1, 0.002", "x, int, 1, 0, 2, 1",
                    "x, int, a, 0, 2, 1, 0.002", "x, int, 1, 0, 2, 0, 0.002"):
            with self.assertRaises(ValueError, msg=bad):
                spsa.parse_params(bad)
        with self.assertRaises(ValueError):
            spsa.parse_params("x, int, 1, 0, 2, 1, 0.002\nx, int, 1, 0, 2, 1, 0.002")

    def test_openings_advance_by_the_pairs_of_each_iteration(self):
        self.assertEqual(spsa.iteration_openings(list("abcde"), 0, 2), ["a", "b"])
        self.assertEqual(spsa.iteration_openings(list("abcde"), 2, 2), ["e", "a"])


def stub_play(calls):
    """A game function: theta+ wins a game per unit its rfp_margin is below 80 (draws when
    equal), theta- the same; two games a pair."""

    def play(plus, minus, openings):
        calls.append((dict(plus), dict(minus), list(openings)))
        diff = (80 - plus["rfp_margin"]) - (80 - minus["rfp_margin"])
        games = 2 * len(openings)
        wins = min(games, max(0, diff))
        losses = min(games, max(0, -diff))
        return spsa.Outcome(wins, games - wins - losses, losses, [])

    return play


class IterationTest(unittest.TestCase):
    def test_one_iteration_moves_theta_toward_the_winner(self):
        calls = []
        state = spsa.State(settings(pairs=3), [RFP, DEPTH], {"rfp_margin": 75.0, "rfp_max_depth": 7.0})
        outcome = spsa.run_iteration(state, list(range(10)), stub_play(calls))
        plus, minus, openings = calls[0]
        self.assertEqual(openings, [0, 1, 2])
        flips = spsa.signs(1, 0, 2)
        self.assertEqual(plus["rfp_margin"] - minus["rfp_margin"], 20 * flips[0])  # 2 * 9.55 rounded apart
        self.assertEqual(outcome.games, 6)
        # The lower margin wins here: theta moves down whichever sign was drawn.
        self.assertLess(state.theta["rfp_margin"], 75.0)
        self.assertEqual(state.iteration, 1)
        self.assertEqual(state.totals["games"], 6)
        spsa.run_iteration(state, list(range(10)), stub_play(calls))
        self.assertEqual(calls[1][2], [3, 4, 5])

    def test_faults_stop_without_applying(self):
        state = spsa.State(settings(), [RFP], {"rfp_margin": 75.0})
        outcome = spsa.run_iteration(state, [0], lambda plus, minus, openings: spsa.Outcome(2, 0, 0, ["crash"]))
        self.assertEqual(outcome.faults, ["crash"])
        self.assertEqual((state.iteration, state.theta, state.totals["games"]), (0, {"rfp_margin": 75.0}, 0))

    def test_state_round_trip_and_resume_give_the_same_run(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "state.json")
            straight = spsa.State(settings(iterations=6), [RFP, DEPTH], {"rfp_margin": 75.0, "rfp_max_depth": 7.0})
            for _ in range(6):
                spsa.run_iteration(straight, list(range(7)), stub_play([]))
            resumed = spsa.State(settings(iterations=6), [RFP, DEPTH], {"rfp_margin": 75.0, "rfp_max_depth": 7.0})
            for _ in range(2):
                spsa.run_iteration(resumed, list(range(7)), stub_play([]))
            resumed.save(path)
            loaded = spsa.State.load(path)
            self.assertEqual(loaded, resumed)
            while loaded.iteration < 6:
                spsa.run_iteration(loaded, list(range(7)), stub_play([]))
            self.assertEqual(loaded.theta, straight.theta)
            self.assertEqual(loaded.totals, straight.totals)
            with open(path, "w") as handle:
                json.dump({"version": 99}, handle)
            with self.assertRaises(ValueError):
                spsa.State.load(path)

    def test_log_and_result(self):
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, "log.csv")
            state = spsa.State(settings(iterations=1), [RFP], {"rfp_margin": 75.0})
            outcome = spsa.run_iteration(state, [0, 1], stub_play([]))
            spsa.append_log(log, state.params, 0, outcome, state.theta)
            spsa.append_log(log, state.params, 1, outcome, state.theta)
            with open(log) as handle:
                rows = handle.read().splitlines()
            self.assertEqual(rows[0], "iteration,games,wins,draws,losses,score,rfp_margin")
            self.assertEqual(len(rows), 3)
            spsa.trim_log(log, 1)
            with open(log) as handle:
                self.assertEqual(handle.read().splitlines(), rows[:2])
            state.theta["rfp_margin"] = 71.6
            text = spsa.result_text(state, "/tmp/bb-tune")
            self.assertIn("rfp_margin = 72  (75)", text)
            self.assertIn("    rfp_margin = 72, 30..=150, step 6.0;", text)
            self.assertIn("uci:/tmp/bb-tune?rfp_margin=72", text)


@unittest.skipIf(match is None, "python-chess is not installed")
class FakeEngineTest(unittest.TestCase):
    """Real games through match.py with tools/fake_engine.py (random moves, no options)."""

    def play(self, mode):
        tc = match.TimeControl(0, 0, nodes=100)
        play = spsa.match_play(f"uci:{sys.executable} {FAKE_ENGINE} {mode}", tc, 2, 20, 0.0)
        return play({}, {}, match.read_openings(os.path.join(TOOLS, "openings.epd"))[:2])

    def test_an_iteration_of_real_games(self):
        outcome = self.play("ok")
        self.assertEqual((outcome.games, outcome.faults), (4, []))

    def test_a_crash_is_reported(self):
        outcome = self.play("crash 4")
        self.assertTrue(outcome.faults)
        self.assertTrue(all("crash" in f for f in outcome.faults), outcome.faults)

    def main(self, tmp, play, *extra):
        params = os.path.join(tmp, "params.txt")
        with open(params, "w") as handle:
            handle.write("rfp_margin, int, 75, 30, 150, 6, 0.002\n")
        files = ["--state", os.path.join(tmp, "state.json"), "--log", os.path.join(tmp, "log.csv"),
                 "--out", os.path.join(tmp, "out.txt")]
        err = io.StringIO()
        with mock.patch.object(spsa, "match_play", lambda *args: play), contextlib.redirect_stderr(err), \
                contextlib.redirect_stdout(io.StringIO()):
            try:
                code = spsa.main(["uci:/nonexistent/bb-tune", "--params", params, "--nodes", "1000"] + files
                                 + list(extra))
            except SystemExit as exit:
                code = exit.code
        return code, err.getvalue()

    def test_main_runs_resumes_and_stops_on_a_fault(self):
        with tempfile.TemporaryDirectory() as tmp:
            code, _ = self.main(tmp, stub_play([]), "--iterations", "3", "--pairs", "2")
            self.assertEqual(code, 0)
            self.assertEqual(spsa.State.load(os.path.join(tmp, "state.json")).iteration, 3)
            with open(os.path.join(tmp, "out.txt")) as handle:
                self.assertIn("after 3 of 3 iterations, 12 games (nodes=1000, seed 1)", handle.read())
            # A finished state cannot restart by accident, nor resume with other settings.
            self.assertEqual(self.main(tmp, stub_play([]))[0], 2)
            self.assertEqual(self.main(tmp, stub_play([]), "--resume", "--pairs", "5")[0], 2)
        with tempfile.TemporaryDirectory() as tmp:
            faulty = lambda plus, minus, openings: spsa.Outcome(1, 0, 1, ["theta+ illegal: bestmove e1e8"])
            code, err = self.main(tmp, faulty, "--iterations", "3")
            self.assertEqual(code, 1)
            self.assertIn("illegal", err)
            self.assertFalse(os.path.exists(os.path.join(tmp, "state.json")))

if __name__ == "__main__":
    unittest.main()
