#!/usr/bin/env python3
"""Soak test: many fast games of an engine against itself and against Stockfish.

Half the games (default 500 in all, at 1+0.01) are the engine against a second
copy of itself, half against Stockfish.  Between moves the engine under test
is poked at random (seeded): with probability --poke it gets one of
``isready``, ``stop`` (no search running) or ``ucinewgame``, each followed by
``isready`` that must be answered within 1 s.  The run counts crashes,
illegal moves, hangs (no move within clock + 5 s, or no readyok after a poke),
time losses, and protocol anomalies (unexpected output python-chess logs, such
as a bestmove sent while idle).  It exits 1 if the engine under test had any
crash, illegal move, hang or anomaly (time losses too with --strict-time).

Games, clocks and fault handling are tools/match.py's.

Example:
    python3 tools/soak.py target/release/bbengine --games 500
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import shlex
import sys
import time
from typing import Optional

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402

DEFAULT_ENGINE = "target/release/bbengine"
DEFAULT_OPPONENT = "uci:/usr/games/stockfish"
DEFAULT_OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.epd")
POKE_PROBABILITY = 0.1
POKES = ("isready", "stop", "ucinewgame")
POKE_REPLY_S = 1.0  # readyok must follow a poke within this many seconds
PROGRESS_EVERY = 10  # games between progress lines
FAULT_KINDS = ("crashes", "illegal_moves", "hangs", "time_losses")


class AnomalyLog(logging.Handler):
    """Collects the warnings and errors python-chess logs about engine output."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


class Poker:
    """The before-move hook: random protocol pokes at the engines under test."""

    def __init__(self, rng: random.Random, probability: float, tested: set[int]):
        self.rng = rng
        self.probability = probability
        self.tested = tested  # id()s of the Player objects under test
        self.counts = {poke: 0 for poke in POKES}

    def __call__(self, player: match.Player, board: chess.Board) -> None:
        if id(player) not in self.tested or self.rng.random() >= self.probability:
            return
        poke = self.rng.choice(POKES)
        self.counts[poke] += 1
        if poke != "isready":
            player.send_raw(poke)
        if not player.ping(POKE_REPLY_S):
            player.record(player.silence_fault(), f"no readyok within {POKE_REPLY_S} s after {poke} ({board.fen()})")
            player.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", nargs="?", default=DEFAULT_ENGINE,
                        help=f"engine command, split like a shell line (default {DEFAULT_ENGINE})")
    parser.add_argument("--games", type=int, default=500, help="games in all, half against itself (default 500)")
    parser.add_argument("--tc", default="1+0.01", help="time control BASE+INC seconds (default 1+0.01)")
    parser.add_argument("--opponent", default=DEFAULT_OPPONENT, help=f"match.py spec of the other opponent (default {DEFAULT_OPPONENT})")
    parser.add_argument("--seed", type=int, default=1, help="seed for pokes and opening order (default 1)")
    parser.add_argument("--poke", type=float, default=POKE_PROBABILITY, help=f"probability of a poke before each move of the tested engine (default {POKE_PROBABILITY})")
    parser.add_argument("--openings", default=DEFAULT_OPENINGS, help="EPD/FEN openings (default tools/openings.epd)")
    parser.add_argument("--strict-time", action="store_true", help="fail on time losses too")
    parser.add_argument("--json", help="write the summary as JSON to this file")
    args = parser.parse_args()

    anomalies = AnomalyLog()
    logging.getLogger("chess.engine").addHandler(anomalies)
    rng = random.Random(args.seed)
    tc = match.TimeControl.parse(args.tc)
    openings = match.read_openings(args.openings) if os.path.exists(args.openings) else [chess.Board()]
    rng.shuffle(openings)
    spec = match.EngineSpec.parse("uci:" + shlex.join(shlex.split(args.engine)))
    self_games = args.games // 2
    started = time.monotonic()
    tested: list[match.Player] = []
    poke_counts = {poke: 0 for poke in POKES}
    results = {}

    for label, opponent, games in (("itself", spec, self_games),
                                   (args.opponent, match.EngineSpec.parse(args.opponent), args.games - self_games)):
        if games == 0:
            continue
        a = match.Player(spec, "A")
        b = match.Player(opponent, "B")
        under_test = [a, b] if opponent is spec else [a]
        tested += under_test
        poker = Poker(rng, args.poke, {id(p) for p in under_test})
        tally = match.Tally()
        try:
            for start in range(0, games, PROGRESS_EVERY):
                batch = min(PROGRESS_EVERY, games - start)
                part = match.run_match(a, b, openings[start // 2:] + openings[:start // 2], batch, tc,
                                       quiet=True, before_move=poker)
                tally.wins += part.wins
                tally.draws += part.draws
                tally.losses += part.losses
                faults = sum(p.faults.total() for p in under_test)
                print(f"vs {label}: {tally.games}/{games} games, A +{tally.wins} ={tally.draws} "
                      f"-{tally.losses}, faults {faults}, {time.monotonic() - started:.0f} s", flush=True)
        finally:
            a.close()
            b.close()
        for poke, count in poker.counts.items():
            poke_counts[poke] += count
        results[label] = {"games": tally.games, "wins": tally.wins, "draws": tally.draws,
                          "losses": tally.losses, "opponent": opponent.text}

    totals = {kind: sum(getattr(p.faults, kind) for p in tested) for kind in FAULT_KINDS}
    min_clock: Optional[float] = min((p.faults.min_clock for p in tested if p.faults.min_clock is not None),
                                     default=None)
    print(f"\n{args.games} games at {tc.pgn()} in {time.monotonic() - started:.0f} s; pokes {poke_counts}")
    for kind, count in totals.items():
        print(f"{kind.replace('_', ' ')}: {count}")
    print(f"protocol anomalies: {len(anomalies.messages)}")
    print(f"min clock: {'n/a' if min_clock is None else f'{min_clock:.3f}s'}")
    for player in tested:
        for detail in player.faults.details:
            print(f"  {detail}")
    for message in anomalies.messages[:20]:
        print(f"  anomaly: {message}")

    failing = totals["crashes"] + totals["illegal_moves"] + totals["hangs"] + len(anomalies.messages)
    if args.strict_time:
        failing += totals["time_losses"]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"results": results, "faults": totals, "anomalies": anomalies.messages,
                       "pokes": poke_counts, "min_clock": min_clock, "ok": failing == 0}, handle, indent=2)
    print("SOAK FAIL" if failing else "SOAK PASS")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
