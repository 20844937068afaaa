"""Unit tests of match.py's pair scheduler (run_pairs) with scripted games instead of engines:
pairing and colours, concurrency, the stop at the SPRT decision, aborted games, the record row
written by main().  Needs python-chess (match.py imports it); skipped without it.

    python3 -m unittest discover -s tools -p 'test_*.py'
"""

import contextlib
import io
import os
import sys
import tempfile
import threading
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    import chess
    import match
    import sprt
except ImportError:  # python-chess missing
    match = None


class FakePlayer:
    def __init__(self, label):
        self.label = label


class FakeGame:
    """What run_pairs reads from a GameResult."""

    def __init__(self, white, black, a_score, termination="scripted"):
        self.white, self.black = white, black
        self.termination = termination
        self.board = chess.Board()
        self.a_score = a_score
        a_white = white.label == "A"
        if a_score == 0.5:
            self.result = "1/2-1/2"
        elif a_score is None:
            self.result = "*"
        else:
            self.result = "1-0" if (a_score == 1) == a_white else "0-1"

    def score_for(self, player):
        return 0.0 if self.a_score is None else self.a_score

    def pgn(self, event, round_no, tc):
        return f'[Round "{round_no}"]\n[Result "{self.result}"]\n\n{self.result}'


def scripted(outcome, calls=None, block=None):
    """A play_game stand-in: outcome(opening number, A has white) -> A's score.  `block` holds
    opening numbers whose games wait for the abort signal (a long game cut by the decision)."""
    lock = threading.Lock()

    def play_game(white, black, start, tc, *, max_plies, margin, abort):
        number = int(start.fen().split()[-1])  # the fake openings carry their number here
        if calls is not None:
            with lock:
                calls.append((number, white.label))
        if block and number in block:
            abort.wait(10)
            return FakeGame(white, black, None, match.ABORTED)
        return FakeGame(white, black, outcome(number, white.label == "A"))
    return play_game


@unittest.skipIf(match is None, "python-chess is not installed")
class RunPairs(unittest.TestCase):
    def setUp(self):
        # Opening k (1-based) is the start position with fullmove number k.
        self.openings = [chess.Board(f"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 {k}")
                         for k in range(1, 51)]
        self.tc = match.TimeControl(1, 0, nodes=100)

    def slots(self, n):
        return [(FakePlayer("A"), FakePlayer("B")) for _ in range(n)]

    def run_pairs(self, play, slots, games, **kw):
        with mock.patch.object(match, "play_game", play):
            return match.run_pairs(self.slots(slots), self.openings, games, self.tc, quiet=True, **kw)

    def test_fixed_games_pairs_and_colours(self):
        calls = []
        # A wins with white, draws with black: every pair is WD (pair score 1.5).
        play = scripted(lambda number, a_white: 1.0 if a_white else 0.5, calls)
        out = self.run_pairs(play, 2, 10)
        self.assertEqual((out.tally.wins, out.tally.draws, out.tally.losses), (5, 5, 0))
        self.assertEqual(out.penta.counts, [0, 0, 0, 5, 0])
        self.assertIsNone(out.decision)
        # each opening once with A white and once with B white, openings 1..5 in pairs
        self.assertEqual(sorted(calls), sorted([(k, c) for k in range(1, 6) for c in "AB"]))

    def test_odd_games_leave_a_lone_game(self):
        out = self.run_pairs(scripted(lambda number, a_white: 1.0), 1, 5)
        self.assertEqual(out.tally.games, 5)
        self.assertEqual(out.penta.counts, [0, 0, 0, 0, 2])

    def test_openings_cycle(self):
        calls = []
        self.openings = self.openings[:2]
        self.run_pairs(scripted(lambda number, a_white: 0.5, calls), 1, 8)
        self.assertEqual([number for number, _ in calls], [1, 1, 2, 2, 1, 1, 2, 2])

    def test_stops_at_h1(self):
        test = sprt.Sprt(0, 200)
        # A wins both games of every pair: H1 once the LLR of n WW pairs reaches the bound.
        n = next(k for k in range(1, 100) if test.llr([0, 0, 0, 0, k]) >= test.upper)
        for slots in (1, 2):
            with self.subTest(slots=slots):
                out = self.run_pairs(scripted(lambda number, a_white: 1.0), slots, 100, sprt=test)
                self.assertEqual(out.decision, sprt.H1)
                self.assertEqual(out.penta.counts, [0, 0, 0, 0, n])
                self.assertEqual(out.tally.games, 2 * n)  # games of unfinished pairs not counted
                self.assertAlmostEqual(out.llr, test.llr([0, 0, 0, 0, n]))

    def test_stops_at_h0(self):
        test = sprt.Sprt(-100, 100)
        out = self.run_pairs(scripted(lambda number, a_white: 0.0), 2, 100, sprt=test)
        self.assertEqual(out.decision, sprt.H0)
        self.assertLessEqual(out.llr, test.lower)

    def test_cap_is_inconclusive(self):
        out = self.run_pairs(scripted(lambda number, a_white: 1.0 if a_white else 0.0), 2, 20,
                             sprt=sprt.Sprt(0, 5))
        self.assertEqual(out.decision, sprt.INCONCLUSIVE)
        self.assertEqual(out.penta.counts, [0, 0, 10, 0, 0])
        self.assertEqual(out.tally.games, 20)

    def test_time_limit_is_inconclusive(self):
        # Pairs of openings 1 and 2 finish at once; from opening 3 on the games wait until
        # aborted. The time limit ends the run: two pairs counted, the test inconclusive.
        blocked = set(range(3, 51))
        out = self.run_pairs(scripted(lambda number, a_white: 1.0, block=blocked), 2, 100,
                             sprt=sprt.Sprt(0, 5), time_limit=0.5)
        self.assertTrue(out.timed_out)
        self.assertEqual(out.decision, sprt.INCONCLUSIVE)
        self.assertEqual(out.penta.counts, [0, 0, 0, 0, 2])
        self.assertEqual(out.tally.games, 4)

    def test_time_limit_not_reached(self):
        out = self.run_pairs(scripted(lambda number, a_white: 0.5), 2, 10, time_limit=60)
        self.assertFalse(out.timed_out)
        self.assertEqual(out.tally.games, 10)

    def test_decision_aborts_running_games(self):
        # Opening 2's games never end by themselves; the other slot reaches H1 meanwhile and the
        # decision aborts them: not counted, and the run returns.
        test = sprt.Sprt(0, 200)
        n = next(k for k in range(1, 100) if test.llr([0, 0, 0, 0, k]) >= test.upper)
        out = self.run_pairs(scripted(lambda number, a_white: 1.0, block={2}), 2, 100, sprt=test)
        self.assertEqual(out.decision, sprt.H1)
        self.assertEqual(out.penta.pairs, n)
        self.assertEqual(out.tally.games, 2 * n)

    def test_pgn_holds_the_counted_games(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "games.pgn")
            out = self.run_pairs(scripted(lambda number, a_white: 0.5), 2, 6, pgn_path=path)
            with open(path, encoding="utf-8") as handle:
                rounds = sorted(int(line.split('"')[1]) for line in handle if line.startswith("[Round"))
        self.assertEqual(rounds, [1, 2, 3, 4, 5, 6])
        self.assertEqual(out.tally.draws, 6)

    def test_main_writes_the_record_row(self):
        class Engine(FakePlayer):
            def __init__(self, spec, label):
                super().__init__(label)
                self.spec, self.name, self.faults = spec, "fake", match.Faults()

            def start(self):
                pass

            def close(self):
                pass

        play = scripted(lambda number, a_white: 1.0)
        with tempfile.TemporaryDirectory() as tmp:
            record = os.path.join(tmp, "experiments.tsv")
            openings = os.path.join(tmp, "openings.epd")
            with open(openings, "w", encoding="utf-8") as handle:
                handle.writelines(b.fen() + "\n" for b in self.openings)
            argv = ["uci:a", "uci:b", "--openings", openings, "--nodes", "100", "--sprt", "0", "200",
                    "--games", "40", "--concurrency", "2", "--record", record, "--change", "scripted",
                    "--base", "base1", "--test", "test1"]
            with mock.patch.object(match, "play_game", play), mock.patch.object(match, "Player", Engine), \
                    contextlib.redirect_stdout(io.StringIO()) as out:
                self.assertEqual(match.main(argv), 0)
            with open(record, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
        self.assertEqual(lines[0], sprt.RECORD_HEADER)
        fields = lines[1].split("\t")
        self.assertEqual(len(fields), 16)
        self.assertEqual(fields[1:5], ["base1", "test1", "scripted", openings])
        self.assertEqual(fields[6], "nodes=100")
        games = int(fields[5])
        self.assertEqual(fields[7:10], [str(games), "0", "0"])
        self.assertEqual(fields[10], f"0,0,0,0,{games // 2}")
        self.assertEqual(fields[12], "inf")  # a one-sided result has no finite error bar
        self.assertGreaterEqual(float(fields[13]), sprt.Sprt(0, 200).upper)
        self.assertEqual(fields[14:], ["[0,200]", "H1 accepted"])
        self.assertIn("SPRT [0,200] (logistic): H1 accepted after", out.getvalue())


if __name__ == "__main__":
    unittest.main()
