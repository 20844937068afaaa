"""Sequential testing of two engines on game pairs: the pentanomial model, the generalized
SPRT (GSPRT) and the experiment record.  Standard library only; used by match.py.

Game pairs.  Each opening is played twice, engine A with white first, then with colours
swapped.  A pair's score for A is 0, 1/2, 1, 3/2 or 2 points; the counts of the five pair
scores are the pentanomial, in fastchess's order

    [LL, LD+DL, DD+WL+LW, WD+DW, WW]     (pair score 0, 1/2, 1, 3/2, 2)

so the pair's outcome ignores which of the two games was won.  Pairing cancels most of the
opening's bias, so the pentanomial variance of the pair score is smaller than the trinomial
variance of two independent games and the test needs fewer games.

Elo model: logistic Elo (the default of fastchess's --sprt model=logistic, Fishtest's and
OpenBench's displayed Elo, and the Elo match.py and combine.py report):

    score(elo) = 1 / (1 + 10^(-elo / 400))        elo(score) = -400 log10(1/score - 1)

The bounds ELO0 < ELO1 are the hypotheses H0: elo = ELO0, H1: elo = ELO1 in logistic Elo,
i.e. an expected per-game score s0 = score(ELO0), s1 = score(ELO1) (the pair score divided by
two).  The normalized-Elo model (fastchess model=normalized, OpenBench's pentanomial SPRT) is
available too; its bounds are in normalized Elo (nElo), which measures a difference in units of
the pair score's standard deviation, so that a test's expected length does not depend on the
draw rate.

GSPRT (M. Van den Bergh, "Comments on Normalized Elo" / "support_MLE_multinomial",
https://www.cantate.be/Fishtest/): with the observed pentanomial frequencies p^_i of the pair
scores a_i = 0, 1/4, 1/2, 3/4, 1 (as fractions of 2 points) over N pairs,

    LLR = N * sum_i p^_i (ln p1_i - ln p0_i)

where p0 and p1 are the maximum-likelihood distributions on the a_i whose mean is s0 and s1
(logistic) or whose t-value (mu - 1/2) / sigma is t0 and t1 (normalized).  For the logistic
model the ML distribution with mean s is p_i = p^_i / (1 + theta (a_i - s)), theta the root of
sum_i p^_i (a_i - s) / (1 + theta (a_i - s)) = 0 (Proposition 1.1), found here by bisection.
For large N it is close to the mean-and-variance form (Fishtest's LLR_alt2, from
"GSPRT_approximation.pdf"):

    LLR ~= N (s1 - s0) (2 mu - s0 - s1) / (2 var)

with mu and var the mean and variance of the observed pentanomial distribution (pair score / 2).
Both are computed (llr_logistic, llr_approx); the test uses the exact one, as fastchess does.
Zero counts are replaced by 1e-3 first (fastchess's and Fishtest's regularization).

Wald's bounds: H1 is accepted when LLR >= ln((1 - beta) / alpha), H0 when
LLR <= ln(beta / (1 - alpha)); alpha = beta = 0.05 gives +-2.944.

Elo +- error: mu and var as above, se = sqrt(var / N), the 95% interval of the score is
mu +- 1.96 se, mapped through elo(); the error is half its width (fastchess's EloPentanomial).
"""

from __future__ import annotations

import dataclasses
import math
import os
from typing import Optional, Sequence

# Two-sided 95% quantile of the normal distribution.
Z_95 = 1.959963984540054
# Zero counts are replaced by this before the LLR (as fastchess and Fishtest do).
REGULARIZE = 1e-3
# Normalized Elo per unit of t-value: nElo = t * 800 / ln(10).
NELO_PER_T = 800.0 / math.log(10.0)
# The pair scores, as fractions of the 2 points a pair is worth.
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
MODELS = ("logistic", "normalized")

# The experiment record (docs/experiments.tsv): tab-separated, this header line first.
RECORD_FIELDS = ("date", "base", "test", "change", "openings", "games", "limit", "wins", "draws",
                 "losses", "pentanomial", "elo", "error", "llr", "bounds", "decision")
RECORD_HEADER = "\t".join(RECORD_FIELDS)

H1 = "H1 accepted"
H0 = "H0 accepted"
INCONCLUSIVE = "inconclusive"


# ---------------------------------------------------------------------------
# Elo
# ---------------------------------------------------------------------------

def elo_to_score(elo: float) -> float:
    """Expected score of the side `elo` logistic Elo stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def score_to_elo(score: float) -> float:
    """Logistic Elo difference whose expected score is `score` (infinite at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


# ---------------------------------------------------------------------------
# The pentanomial
# ---------------------------------------------------------------------------

def pair_index(first: float, second: float) -> int:
    """Pentanomial slot of a pair from A's scores in its two games (each 0, 0.5 or 1)."""
    for score in (first, second):
        if score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game score must be 0, 0.5 or 1, not {score!r}")
    return int(round(2 * (first + second)))


@dataclasses.dataclass
class Pentanomial:
    """Counts of game pairs by A's pair score: [LL, LD+DL, DD+WL+LW, WD+DW, WW]."""

    counts: list[int] = dataclasses.field(default_factory=lambda: [0] * 5)

    def add_pair(self, first: float, second: float) -> None:
        self.counts[pair_index(first, second)] += 1

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    def csv(self) -> str:
        return ",".join(str(c) for c in self.counts)

    def __str__(self) -> str:
        return "[" + ", ".join(str(c) for c in self.counts) + "]"


def _frequencies(counts: Sequence[float], regularize: bool) -> tuple[float, list[float]]:
    values = [c if (c or not regularize) else REGULARIZE for c in counts]
    total = sum(values)
    return total, [v / total for v in values]


def _mean_var(scores: Sequence[float], probs: Sequence[float]) -> tuple[float, float]:
    mu = sum(a * p for a, p in zip(scores, probs))
    return mu, sum(p * (a - mu) ** 2 for a, p in zip(scores, probs))


def elo_with_error(counts: Sequence[int]) -> tuple[float, float]:
    """(logistic Elo, half-width of its 95% interval) from a pentanomial, as fastchess reports.

    The per-game score is the pair score / 2; its mean mu and the variance var of one pair's
    score over N pairs give se = sqrt(var / N); the error is
    (elo(mu + 1.96 se) - elo(mu - 1.96 se)) / 2, infinite when an end leaves (0, 1)."""
    pairs = sum(counts)
    if pairs == 0:
        return 0.0, math.inf
    mu, var = _mean_var(PAIR_SCORES, [c / pairs for c in counts])
    se = math.sqrt(var / pairs)
    low, high = score_to_elo(mu - Z_95 * se), score_to_elo(mu + Z_95 * se)
    if not (math.isfinite(low) and math.isfinite(high)):
        return score_to_elo(mu), math.inf
    return score_to_elo(mu) + 0.0, (high - low) / 2


def nelo_with_error(counts: Sequence[int]) -> tuple[float, float]:
    """(normalized Elo, half-width of its 95% interval) from a pentanomial (fastchess's nElo):
    nElo = (mu - 1/2) / sqrt(2 var) * 800 / ln 10, with mu and var as in elo_with_error."""
    pairs = sum(counts)
    if pairs == 0:
        return 0.0, math.inf
    mu, var = _mean_var(PAIR_SCORES, [c / pairs for c in counts])
    if var == 0.0:
        return (math.inf if mu > 0.5 else -math.inf if mu < 0.5 else 0.0), math.inf
    sigma = math.sqrt(2 * var)
    return (mu - 0.5) / sigma * NELO_PER_T, Z_95 * math.sqrt(var / pairs) / sigma * NELO_PER_T


# ---------------------------------------------------------------------------
# The generalized SPRT
# ---------------------------------------------------------------------------

def _solve_secular(values: Sequence[float], probs: Sequence[float]) -> float:
    """The root theta of sum_i p_i v_i / (1 + theta v_i) = 0 (needs min v < 0 < max v).

    The function decreases from +inf at theta = -1/max(v) to -inf at theta = -1/min(v), so
    bisection converges to the unique root; 200 halvings reach double precision."""
    lo, hi = -1.0 / max(values), -1.0 / min(values)
    if not (min(values) < 0.0 < max(values)):
        raise ValueError("the secular equation needs values of both signs")
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid <= lo or mid >= hi:
            break
        f = sum(p * v / (1.0 + mid * v) for v, p in zip(values, probs))
        if f > 0.0:
            lo = mid
        elif f < 0.0:
            hi = mid
        else:
            return mid
    return (lo + hi) / 2


def mle_with_mean(scores: Sequence[float], probs: Sequence[float], s: float) -> list[float]:
    """The distribution on `scores` nearest (max likelihood) to `probs` whose mean is s
    (Van den Bergh, support_MLE_multinomial.pdf, Proposition 1.1)."""
    values = [a - s for a in scores]
    theta = _solve_secular(values, probs)
    return [p / (1.0 + theta * v) for v, p in zip(values, probs)]


def mle_with_t_value(scores: Sequence[float], probs: Sequence[float], ref: float,
                     t: float) -> list[float]:
    """The distribution on `scores` nearest (max likelihood) to `probs` whose t-value
    (mu - ref) / sigma is t (Van den Bergh, normalized_elo_practical.pdf, section 4.1): a fixed
    point iteration from the uniform distribution, each step solving a secular equation."""
    current = [1.0 / len(scores)] * len(scores)
    for _ in range(100):
        mu, var = _mean_var(scores, current)
        sigma = math.sqrt(var)
        phi = [a - ref - t * sigma * (1.0 + ((a - mu) / sigma) ** 2) / 2 for a in scores]
        theta = _solve_secular(phi, probs)
        new = [p / (1.0 + theta * v) for v, p in zip(phi, probs)]
        change = max(abs(x - y) for x, y in zip(new, current))
        current = new
        if change < 1e-12:
            break
    return current


def llr_logistic(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """GSPRT log-likelihood ratio of H1: elo = elo1 against H0: elo = elo0 (logistic Elo)
    from a pentanomial [LL, LD, DD+WL, WD, WW] (or a trinomial [L, D, W])."""
    total, probs = _frequencies(counts, regularize=True)
    scores = [i / (len(counts) - 1) for i in range(len(counts))]
    p0 = mle_with_mean(scores, probs, elo_to_score(elo0))
    p1 = mle_with_mean(scores, probs, elo_to_score(elo1))
    return total * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(probs, p0, p1))


def llr_normalized(counts: Sequence[int], nelo0: float, nelo1: float) -> float:
    """GSPRT log-likelihood ratio with bounds in normalized Elo, from a pentanomial (or a
    trinomial [L, D, W]).  A pentanomial's t-value is per pair: t = sqrt(2) * nElo / (800 / ln 10)."""
    total, probs = _frequencies(counts, regularize=True)
    scores = [i / (len(counts) - 1) for i in range(len(counts))]
    factor = math.sqrt(2.0) if len(counts) == 5 else 1.0
    p0 = mle_with_t_value(scores, probs, 0.5, factor * nelo0 / NELO_PER_T)
    p1 = mle_with_t_value(scores, probs, 0.5, factor * nelo1 / NELO_PER_T)
    return total * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(probs, p0, p1))


def llr_approx(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The mean-and-variance approximation of llr_logistic:
    N (s1 - s0) (2 mu - s0 - s1) / (2 var)."""
    total, probs = _frequencies(counts, regularize=True)
    scores = [i / (len(counts) - 1) for i in range(len(counts))]
    mu, var = _mean_var(scores, probs)
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    return total * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)


@dataclasses.dataclass
class Sprt:
    """A test of H0: Elo = elo0 against H1: Elo = elo1, stated before the first game."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"SPRT bounds need ELO0 < ELO1, got [{self.elo0:g}, {self.elo1:g}]")
        if not (0.0 < self.alpha < 1.0 and 0.0 < self.beta < 1.0 and self.alpha + self.beta < 1.0):
            raise ValueError("alpha and beta must lie in (0, 1) with alpha + beta < 1")
        if self.model not in MODELS:
            raise ValueError(f"unknown Elo model {self.model!r} (one of {', '.join(MODELS)})")

    @property
    def lower(self) -> float:
        """LLR at or below which H0 is accepted: ln(beta / (1 - alpha))."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """LLR at or above which H1 is accepted: ln((1 - beta) / alpha)."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[int]) -> float:
        if sum(counts) == 0:
            return 0.0
        if self.model == "normalized":
            return llr_normalized(counts, self.elo0, self.elo1)
        return llr_logistic(counts, self.elo0, self.elo1)

    def decision(self, llr: float) -> Optional[str]:
        """H1 or H0 once the LLR has reached a bound, else None (keep playing)."""
        if llr >= self.upper:
            return H1
        if llr <= self.lower:
            return H0
        return None

    def bounds_text(self) -> str:
        """The bounds as the record writes them: [0,5] (logistic Elo) or [0,5] nElo."""
        text = f"[{self.elo0:g},{self.elo1:g}]"
        return text + " nElo" if self.model == "normalized" else text

    def describe(self) -> str:
        unit = "nElo" if self.model == "normalized" else "Elo"
        return (f"SPRT H0: {unit} = {self.elo0:g}, H1: {unit} = {self.elo1:g} ({self.model} model), "
                f"alpha {self.alpha:g}, beta {self.beta:g}: LLR bounds ({self.lower:.2f}, {self.upper:.2f})")


def fmt_elo(value: float) -> str:
    return f"{value:+.1f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def status_line(counts: Sequence[int], games: int, sprt: Optional[Sprt]) -> str:
    """One progress line: pentanomial, Elo +- error and, in a test, the LLR against its bounds."""
    elo, err = elo_with_error(counts)
    text = (f"Pentanomial [LL, LD, DD+WL, WD, WW] {list(counts)} after {games} games: "
            f"Elo {fmt_elo(elo)} +/- {err:.1f} (95%, pairs)")
    if sprt is not None:
        if sprt.model == "normalized":
            nelo, nerr = nelo_with_error(counts)
            text += f", nElo {fmt_elo(nelo)} +/- {nerr:.1f}"
        text += (f", LLR {sprt.llr(counts):+.2f} ({sprt.lower:+.2f}, {sprt.upper:+.2f}) "
                 f"{sprt.bounds_text()}")
    return text


# ---------------------------------------------------------------------------
# The experiment record
# ---------------------------------------------------------------------------

def record_row(*, date: str, base: str, test: str, change: str, openings: str, games: int,
               limit: str, wins: int, draws: int, losses: int, counts: Sequence[int],
               llr: Optional[float], sprt: Optional[Sprt], decision: Optional[str]) -> str:
    """One line of docs/experiments.tsv (no newline).  Without a test (a fixed number of
    games) llr, bounds and decision are '-'."""
    elo, err = elo_with_error(counts)
    fields = [
        date, base or "-", test or "-", change, openings, str(games), limit,
        str(wins), str(draws), str(losses), ",".join(str(c) for c in counts),
        fmt_elo(elo), f"{err:.1f}" if math.isfinite(err) else "inf",
        "-" if sprt is None or llr is None else f"{llr:.2f}",
        "-" if sprt is None else sprt.bounds_text(),
        "-" if sprt is None else (decision or INCONCLUSIVE),
    ]
    for name, value in zip(RECORD_FIELDS, fields):
        if "\t" in value or "\n" in value:
            raise ValueError(f"record field {name} must not contain a tab or newline: {value!r}")
    return "\t".join(fields)


def append_record(path: str, row: str) -> None:
    """Append a row to the record, creating the file with its header line if missing; an
    existing file must start with that header."""
    exists = os.path.exists(path) and os.path.getsize(path) > 0
    newline = False
    if exists:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        if text.split("\n", 1)[0] != RECORD_HEADER:
            raise ValueError(f"{path}: the first line is not the experiment record's header")
        newline = not text.endswith("\n")  # a last row written without its newline
    with open(path, "a", encoding="utf-8") as handle:
        if not exists:
            handle.write(RECORD_HEADER + "\n")
        handle.write(("\n" if newline else "") + row + "\n")
