"""Unit tests of tools/sprt.py (standard library only):

    python3 -m unittest discover -s tools -p 'test_*.py'

The reference numbers come from fastchess (https://github.com/Disservin/fastchess), a
published tournament manager with a pentanomial GSPRT:
  * app/tests/sprt_test.cpp: LLR of fixed results, logistic and normalized Elo models;
  * app/tests/elo_test.cpp: Elo and nElo with their 95% error from a pentanomial.
fastchess writes a pentanomial as Stats(LL, LD, WL, DD, WD, WW) and a trinomial as
Stats(W, L, D); here they are [LL, LD, WL+DD, WD, WW] and [L, D, W].  fastchess checks to 1%
(doctest Approx epsilon 0.01); these tests require the same two decimals it prints.
"""

import math
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sprt  # noqa: E402


def penta(ll, ld, wl, dd, wd, ww):
    """fastchess's Stats(ll, ld, wl, dd, wd, ww) as [LL, LD, DD+WL, WD, WW]."""
    return [ll, ld, wl + dd, wd, ww]


def tri(w, l, d):
    """fastchess's Stats(wins, losses, draws) as [L, D, W]."""
    return [l, d, w]


class LlrAgainstFastchess(unittest.TestCase):
    """fastchess app/tests/sprt_test.cpp, TEST_SUITE("SPRT"): alpha = beta = 0.05."""

    def check(self, value, expected):
        self.assertEqual(round(value, 2), expected, f"{value} vs {expected}")

    def test_logistic_pentanomial(self):
        # "logistic pentanomial 1": Stats(223, 9863, 20279, 1000, 10037, 246), [0.5, 2.5] -> -3.07
        self.check(sprt.llr_logistic(penta(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5), -3.07)
        # "logistic pentanomial 2": Stats(871, 26175, 55003, 980, 26678, 821), [0, 2] -> -4.98
        self.check(sprt.llr_logistic(penta(871, 26175, 55003, 980, 26678, 821), 0, 2), -4.98)

    def test_logistic_trinomial(self):
        # "logistic trinomial 1": Stats(21404, 21184, 40708), [0.5, 2.5] -> -1.57
        self.check(sprt.llr_logistic(tri(21404, 21184, 40708), 0.5, 2.5), -1.57)
        # "logistic trinomial 2": Stats(57433, 57030, 106593), [0, 2] -> -2.59
        self.check(sprt.llr_logistic(tri(57433, 57030, 106593), 0, 2), -2.59)

    def test_normalized_pentanomial(self):
        # "normalized pentanomial 1": Stats(365, 16618, 36029, 200, 16974, 390), [0, 2] -> 2.25
        self.check(sprt.llr_normalized(penta(365, 16618, 36029, 200, 16974, 390), 0, 2), 2.25)
        # "normalized pentanomial 2": Stats(127, 4883, 10311, 401, 5150, 104), [-1.75, 0.25] -> 3.01
        self.check(sprt.llr_normalized(penta(127, 4883, 10311, 401, 5150, 104), -1.75, 0.25), 3.01)

    def test_normalized_trinomial(self):
        # "normalized trinomial 1": Stats(36433, 36027, 68692), [0, 2] -> 0.92
        self.check(sprt.llr_normalized(tri(36433, 36027, 68692), 0, 2), 0.92)
        # "normalized trinomial 2": Stats(10871, 10650, 20431), [-1.75, 0.25] -> 2.30
        self.check(sprt.llr_normalized(tri(10871, 10650, 20431), -1.75, 0.25), 2.30)

    def test_normalized_one_sided_results(self):
        # fastchess's "normalized pentanomial 3" (104 WW pairs, [0, 5] -> 2.94) and "normalized
        # trinomial 3" (16700 draws, [0, 5] -> 2.97) are not reproduced: with every other count
        # regularized to 1e-3 the result hangs on probabilities near 1e-8, which fastchess's
        # root finder (tolerance 1e-7 on theta) does not resolve.  The exact values follow from
        # the maximum-likelihood distributions by hand:
        # 16700 draws: H0 (t = 0) is the data's own distribution and H1 (t = t1) moves a mass
        # t1^2 from draws to wins, so LLR = N ln(1 - t1^2) < 0 (fastchess's +2.97 cannot be: the
        # GSPRT's H0 here is the unconstrained maximum).
        t1 = 5 / sprt.NELO_PER_T
        self.assertAlmostEqual(sprt.llr_normalized([0, 16700, 0], 0, 5),
                               16700 * math.log(1 - t1 ** 2), delta=0.01)
        # 104 WW pairs: H0 splits the mass between WW and LL equally, H1 puts (1 + t)/2 on WW with
        # t = sqrt(2) t1 the per-pair t-value, so LLR = N ln(1 + t) = 2.09.
        t = math.sqrt(2) * t1
        self.assertAlmostEqual(sprt.llr_normalized([0, 0, 0, 0, 104], 0, 5),
                               104 * math.log(1 + t), delta=0.01)

    def test_approximation_agrees(self):
        # The mean-and-variance form N (s1 - s0)(2 mu - s0 - s1) / (2 var) (Fishtest's LLR_alt2)
        # is within 0.01 of the exact GSPRT on large samples.
        for counts, e0, e1 in ((penta(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5),
                               (penta(871, 26175, 55003, 980, 26678, 821), 0, 2),
                               ([30, 250, 500, 280, 40], 0, 5)):
            self.assertAlmostEqual(sprt.llr_approx(counts, e0, e1),
                                   sprt.llr_logistic(counts, e0, e1), delta=0.01)

    def test_no_pairs_no_evidence(self):
        self.assertEqual(sprt.Sprt(0, 5).llr([0, 0, 0, 0, 0]), 0.0)

    def test_symmetry(self):
        # Swapping the engines mirrors the pentanomial and negates the Elo of both hypotheses
        # (H0: 0, H1: -5 from B's side): the likelihood ratio is unchanged.
        counts = [12, 40, 70, 45, 9]
        self.assertAlmostEqual(sprt.llr_logistic(counts, 0, 5),
                               sprt.llr_logistic(counts[::-1], 0, -5), places=9)
        self.assertAlmostEqual(sprt.llr_normalized(counts, 0, 5),
                               sprt.llr_normalized(counts[::-1], 0, -5), places=6)


class EloAgainstFastchess(unittest.TestCase):
    """fastchess app/tests/elo_test.cpp, "EloPentanomial 1" to "3": diff() +- error()
    (logistic Elo) and nEloDiff() +- nEloError() from Stats(LL, LD, WL, DD, WD, WW)."""

    CASES = (
        ((34, 54, 31, 32, 64, 75), 55.58, 27.65, 57.94, 28.28),
        ((332, 433, 457, 41, 333, 334), -8.64, 10.33, -9.17, 10.96),
        ((7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95, -19.01, 2.65),
    )

    def test_elo_and_error(self):
        for stats, elo, err, nelo, nerr in self.CASES:
            with self.subTest(stats=stats):
                got_elo, got_err = sprt.elo_with_error(penta(*stats))
                self.assertEqual((round(got_elo, 2), round(got_err, 2)), (elo, err))
                got_nelo, got_nerr = sprt.nelo_with_error(penta(*stats))
                self.assertEqual((round(got_nelo, 2), round(got_nerr, 2)), (nelo, nerr))

    def test_one_sided_error_is_infinite(self):
        elo, err = sprt.elo_with_error([0, 0, 0, 0, 3])
        self.assertEqual((elo, err), (math.inf, math.inf))

    def test_logistic_curve(self):
        self.assertAlmostEqual(sprt.elo_to_score(0), 0.5)
        self.assertAlmostEqual(sprt.score_to_elo(sprt.elo_to_score(5)), 5)
        self.assertAlmostEqual(sprt.score_to_elo(0.75), 190.848501887865, places=9)


class PairClassification(unittest.TestCase):
    def test_pair_index(self):
        # A's scores in the two games of a pair -> [LL, LD+DL, DD+WL+LW, WD+DW, WW].
        cases = {(0, 0): 0, (0, 0.5): 1, (0.5, 0): 1, (0.5, 0.5): 2, (1, 0): 2, (0, 1): 2,
                 (1, 0.5): 3, (0.5, 1): 3, (1, 1): 4}
        for (first, second), index in cases.items():
            with self.subTest(first=first, second=second):
                self.assertEqual(sprt.pair_index(first, second), index)

    def test_pentanomial_counts(self):
        p = sprt.Pentanomial()
        for pair in ((1, 0), (0.5, 0.5), (1, 1), (0, 0.5), (1, 0.5), (0, 1)):
            p.add_pair(*pair)
        self.assertEqual(p.counts, [0, 1, 3, 1, 1])
        self.assertEqual(p.pairs, 6)
        self.assertEqual(p.csv(), "0,1,3,1,1")
        self.assertEqual(str(p), "[0, 1, 3, 1, 1]")

    def test_bad_score(self):
        with self.assertRaises(ValueError):
            sprt.pair_index(0.25, 1)


class StoppingDecision(unittest.TestCase):
    def test_wald_bounds(self):
        test = sprt.Sprt(0, 5)
        # fastchess prints these as (-2.94, 2.94) for alpha = beta = 0.05.
        self.assertAlmostEqual(test.lower, math.log(0.05 / 0.95), places=12)
        self.assertAlmostEqual(test.upper, math.log(0.95 / 0.05), places=12)
        self.assertEqual((round(test.lower, 2), round(test.upper, 2)), (-2.94, 2.94))
        other = sprt.Sprt(0, 5, alpha=0.1, beta=0.02)
        self.assertAlmostEqual(other.lower, math.log(0.02 / 0.9))
        self.assertAlmostEqual(other.upper, math.log(0.98 / 0.1))

    def test_decision(self):
        test = sprt.Sprt(0, 5)
        self.assertEqual(test.decision(test.upper), sprt.H1)
        self.assertEqual(test.decision(3.0), sprt.H1)
        self.assertEqual(test.decision(test.lower), sprt.H0)
        self.assertEqual(test.decision(-3.0), sprt.H0)
        self.assertIsNone(test.decision(2.9))
        self.assertIsNone(test.decision(-2.9))
        self.assertIsNone(test.decision(0.0))

    def first_decision(self, test, pairs):
        """(pairs played, decision) at the first pair whose LLR reaches a bound."""
        p = sprt.Pentanomial()
        for n, pair in enumerate(pairs, 1):
            p.add_pair(*pair)
            decision = test.decision(test.llr(p.counts))
            if decision is not None:
                return n, decision
        return len(pairs), None

    def test_stops_at_the_first_crossing(self):
        test = sprt.Sprt(0, 5)
        # A stronger A: pairs won 1.5-0.5 and 1-1 in turn (mean pair score 1.25, +89 Elo).
        n, decision = self.first_decision(test, [(1, 0.5), (0.5, 0.5)] * 500)
        self.assertEqual(decision, sprt.H1)
        # the LLR one pair earlier was still inside the bounds
        p = sprt.Pentanomial()
        for pair in ([(1, 0.5), (0.5, 0.5)] * 500)[:n - 1]:
            p.add_pair(*pair)
        self.assertIsNone(test.decision(test.llr(p.counts)))
        # A weaker A, the mirror image: H0 after as many pairs.
        n0, decision0 = self.first_decision(test, [(0, 0.5), (0.5, 0.5)] * 500)
        self.assertEqual(decision0, sprt.H0)

    def test_equal_engines_are_inconclusive_early(self):
        n, decision = self.first_decision(sprt.Sprt(0, 5), [(1, 0), (0.5, 0.5), (0, 1)] * 10)
        self.assertEqual((n, decision), (30, None))

    def test_invalid_parameters(self):
        for args in ((5, 0), (0, 0), (0, 5, 0.0, 0.05), (0, 5, 0.5, 0.5), (0, 5, 0.05, 0.05, "bayes")):
            with self.subTest(args=args), self.assertRaises(ValueError):
                sprt.Sprt(*args)


class RecordRow(unittest.TestCase):
    def row(self, **changes):
        fields = dict(date="2026-12-05", base="fbe306a", test="abc1234", change="lmr: reduce one more",
                      openings="tools/openings_ab.epd (seed 3)", games=20, limit="nodes=20000",
                      wins=8, draws=7, losses=5, counts=[1, 2, 3, 2, 2], llr=0.1234,
                      sprt=sprt.Sprt(0, 5), decision=None)
        fields.update(changes)
        return sprt.record_row(**fields)

    def test_header(self):
        self.assertEqual(sprt.RECORD_HEADER,
                         "date\tbase\ttest\tchange\topenings\tgames\tlimit\twins\tdraws\tlosses\t"
                         "pentanomial\telo\terror\tllr\tbounds\tdecision")

    def test_sprt_row(self):
        elo, err = sprt.elo_with_error([1, 2, 3, 2, 2])
        self.assertEqual(self.row(), "\t".join([
            "2026-12-05", "fbe306a", "abc1234", "lmr: reduce one more",
            "tools/openings_ab.epd (seed 3)", "20", "nodes=20000", "8", "7", "5", "1,2,3,2,2",
            f"{elo:+.1f}", f"{err:.1f}", "0.12", "[0,5]", "inconclusive"]))
        self.assertEqual(self.row(decision=sprt.H1, llr=2.95).split("\t")[13:],
                         ["2.95", "[0,5]", "H1 accepted"])
        self.assertEqual(self.row(decision=sprt.H0, llr=-2.95).split("\t")[13:],
                         ["-2.95", "[0,5]", "H0 accepted"])
        self.assertEqual(self.row(sprt=sprt.Sprt(-2.5, 0.5)).split("\t")[14], "[-2.5,0.5]")
        normalized = sprt.Sprt(0, 5, model="normalized")
        self.assertEqual(self.row(sprt=normalized).split("\t")[14], "[0,5] nElo")

    def test_fixed_games_row(self):
        fields = self.row(sprt=None, llr=None, limit="tc=10+0.1").split("\t")
        self.assertEqual(len(fields), 16)
        self.assertEqual(fields[6], "tc=10+0.1")
        self.assertEqual(fields[13:], ["-", "-", "-"])

    def test_no_tabs_inside_fields(self):
        with self.assertRaises(ValueError):
            self.row(change="a\tb")

    def test_append_creates_the_header(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "experiments.tsv")
            sprt.append_record(path, self.row())
            sprt.append_record(path, self.row(decision=sprt.H1, llr=3.0))
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().split("\n")
            self.assertEqual(lines[0], sprt.RECORD_HEADER)
            self.assertEqual(lines[1:], [self.row(), self.row(decision=sprt.H1, llr=3.0), ""])

    def test_append_to_an_existing_record(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "experiments.tsv")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(sprt.RECORD_HEADER + "\nold row without newline")
            sprt.append_record(path, self.row())
            with open(path, encoding="utf-8") as handle:
                self.assertEqual(handle.read().split("\n")[1:], ["old row without newline", self.row(), ""])

    def test_refuses_a_file_with_another_header(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "other.tsv")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("something\telse\n")
            with self.assertRaises(ValueError):
                sprt.append_record(path, self.row())


if __name__ == "__main__":
    unittest.main()
