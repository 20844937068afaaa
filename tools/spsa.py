#!/usr/bin/env python3
"""Tune the search parameters with SPSA: games of theta+ against theta- (OpenBench's scheme).

Every iteration k perturbs all parameters at once by +-c_k (a random sign each, Bernoulli),
plays --pairs game pairs of the engine set to theta + c_k*sign against the engine set to
theta - c_k*sign (each opening twice, colours swapped; the games of tools/match.py), and moves
theta along the measured gradient:

    result = wins - losses of theta+            (over the iteration's games)
    theta_i += a_k,i / c_k,i * result * sign_i  (then clamped to the parameter's range)

with the schedule of Spall's SPSA as OpenBench sets it up from each parameter's final step
c_end and final learning rate r_end (the `bbengine spsa` lines: name, int, value, min, max,
c_end, r_end):

    A = 10% of the iterations, alpha = 0.602, gamma = 0.101
    c = c_end * iterations^gamma,    c_k = c / (k + 1)^gamma           (c_k = c_end at the end)
    a_end = r_end * c_end^2,         a = a_end * (A + iterations)^alpha
    a_k = a / (A + k + 1)^alpha                                        (a_k = a_end at the end)

Values are rounded to integers (half away from zero) and clamped to the range when sent to
the engine. The signs of iteration k come from random.Random(f"{seed}:{k}") and its openings
are the next --pairs of the --seed-shuffled list, so a run is the same whether resumed or not.

After every iteration the full state (settings, theta, the next iteration, the totals) is
written to --state (a JSON file, replaced atomically) and a row is appended to --log (CSV:
iteration, games, wins, draws, losses, theta+'s score, then theta). --resume continues from
the state file. At the end --out gets the result: `name = value` lines, the lines to put in
engine/src/search/params.rs, and the engine spec that plays the tuned values in match.py.
An illegal move, crash, hang or time loss stops the run (that iteration is not applied) and
is reported; exit status 1.

Example (the engine must be the tune build, which has the parameters as UCI options):

    cargo build --release -p bbengine --features tune && cp target/release/bbengine /tmp/bb-tune
    python3 tools/spsa.py uci:/tmp/bb-tune --iterations 200 --pairs 8 --nodes 5000 \\
        --concurrency 2 --seed 1 --state spsa.json --log spsa.csv --out spsa-result.txt
    python3 tools/spsa.py uci:/tmp/bb-tune --resume --state spsa.json --log spsa.csv \\
        --out spsa-result.txt   # after an interruption
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import math
import os
import random
import subprocess
import sys
import time
from typing import Callable, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

ALPHA = 0.602
GAMMA = 0.101
# A as a share of the iterations (OpenBench: 10%).
A_SHARE = 0.1
STATE_VERSION = 1


@dataclasses.dataclass
class Param:
    """One tunable parameter, as an OpenBench SPSA input line describes it."""

    name: str
    value: int
    min: int
    max: int
    c_end: float
    r_end: float

    @classmethod
    def parse(cls, line: str) -> "Param":
        """`name, int, value, min, max, c_end, r_end` (the `bbengine spsa` format)."""
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            raise ValueError(f"not an SPSA line (name, int, value, min, max, c_end, r_end): {line!r}")
        name = fields[0]
        try:
            value, low, high = (int(float(f)) for f in fields[2:5])
            c_end, r_end = float(fields[5]), float(fields[6])
        except ValueError:
            raise ValueError(f"bad number in SPSA line {line!r}") from None
        if not low <= value <= high or c_end <= 0 or r_end <= 0:
            raise ValueError(f"SPSA line {line!r}: need min <= value <= max and positive c_end, r_end")
        return cls(name, value, low, high, c_end, r_end)

    def clamp(self, x: float) -> float:
        return min(max(x, float(self.min)), float(self.max))

    def engine_value(self, x: float) -> int:
        """What the engine is sent for theta component x: rounded half away from zero, clamped."""
        rounded = math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)
        return int(min(max(rounded, self.min), self.max))


def parse_params(text: str) -> list[Param]:
    params = [Param.parse(line) for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not params:
        raise ValueError("no parameters")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise ValueError("a parameter is listed twice")
    return params


@dataclasses.dataclass
class Schedule:
    """SPSA's gains for a run of `iterations` (see the module documentation)."""

    iterations: int
    alpha: float = ALPHA
    gamma: float = GAMMA

    @property
    def big_a(self) -> float:
        return A_SHARE * self.iterations

    def c(self, p: Param) -> float:
        return p.c_end * self.iterations ** self.gamma

    def a(self, p: Param) -> float:
        return p.r_end * p.c_end ** 2 * (self.big_a + self.iterations) ** self.alpha

    def c_k(self, p: Param, k: int) -> float:
        return self.c(p) / (k + 1) ** self.gamma

    def a_k(self, p: Param, k: int) -> float:
        return self.a(p) / (self.big_a + k + 1) ** self.alpha


def signs(seed: int, k: int, count: int) -> list[int]:
    """Iteration k's perturbation signs (+1 or -1 per parameter): the same on every run."""
    rng = random.Random(f"{seed}:{k}")
    return [rng.choice((-1, 1)) for _ in range(count)]


def perturbed(params: list[Param], theta: dict[str, float], schedule: Schedule, k: int,
              flips: list[int]) -> tuple[dict[str, int], dict[str, int]]:
    """The engine values of theta + c_k*sign and theta - c_k*sign."""
    plus, minus = {}, {}
    for p, s in zip(params, flips):
        step = schedule.c_k(p, k) * s
        plus[p.name] = p.engine_value(theta[p.name] + step)
        minus[p.name] = p.engine_value(theta[p.name] - step)
    return plus, minus


def update(params: list[Param], theta: dict[str, float], schedule: Schedule, k: int,
           flips: list[int], result: float) -> dict[str, float]:
    """theta after iteration k, whose games theta+ won by `result` (wins - losses)."""
    new = {}
    for p, s in zip(params, flips):
        step = schedule.a_k(p, k) / schedule.c_k(p, k) * result * s
        new[p.name] = p.clamp(theta[p.name] + step)
    return new


@dataclasses.dataclass
class Outcome:
    """One iteration's games from theta+'s point of view, and the faults seen."""

    wins: int
    draws: int
    losses: int
    faults: list[str]

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


# play(plus values, minus values, openings of the pairs) -> Outcome
PlayPairs = Callable[[dict[str, int], dict[str, int], list], Outcome]


@dataclasses.dataclass
class State:
    """Everything a run needs to continue: written after every iteration."""

    settings: dict
    params: list[Param]
    theta: dict[str, float]
    iteration: int = 0
    totals: dict = dataclasses.field(default_factory=lambda: {"games": 0, "wins": 0, "draws": 0, "losses": 0})

    def to_json(self) -> dict:
        return {"version": STATE_VERSION, "settings": self.settings,
                "params": [dataclasses.asdict(p) for p in self.params], "theta": self.theta,
                "iteration": self.iteration, "totals": self.totals}

    @classmethod
    def from_json(cls, data: dict) -> "State":
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"state version {data.get('version')!r}, expected {STATE_VERSION}")
        params = [Param(**p) for p in data["params"]]
        theta = {p.name: float(data["theta"][p.name]) for p in params}
        return cls(data["settings"], params, theta, int(data["iteration"]), dict(data["totals"]))

    def save(self, path: str) -> None:
        temporary = path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump(self.to_json(), handle, indent=1)
            handle.write("\n")
        os.replace(temporary, path)

    @classmethod
    def load(cls, path: str) -> "State":
        with open(path, encoding="utf-8") as handle:
            return cls.from_json(json.load(handle))


def log_header(params: list[Param]) -> list[str]:
    return ["iteration", "games", "wins", "draws", "losses", "score"] + [p.name for p in params]


def append_log(path: str, params: list[Param], k: int, outcome: Outcome, theta: dict[str, float]) -> None:
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        if new:
            writer.writerow(log_header(params))
        score = (outcome.wins + outcome.draws / 2) / outcome.games if outcome.games else 0.0
        writer.writerow([k + 1, outcome.games, outcome.wins, outcome.draws, outcome.losses, f"{score:.4f}"]
                        + [f"{theta[p.name]:.4f}" for p in params])


def trim_log(path: str, iterations: int) -> None:
    """Drops the log's rows after `iterations` (written by a run stopped before its state)."""
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    kept = rows[:1] + [row for row in rows[1:] if row and int(row[0]) <= iterations]
    if len(kept) != len(rows):
        with open(path, "w", encoding="utf-8", newline="") as handle:
            csv.writer(handle).writerows(kept)


def iteration_openings(openings: list, k: int, pairs: int) -> list:
    """Iteration k's openings: the next `pairs` of the (shuffled) list, cycling."""
    return [openings[(k * pairs + j) % len(openings)] for j in range(pairs)]


def run_iteration(state: State, openings: list, play: PlayPairs) -> Outcome:
    """Plays iteration state.iteration and, if no engine misbehaved, applies it to state."""
    settings = state.settings
    schedule = Schedule(settings["iterations"])
    k = state.iteration
    flips = signs(settings["seed"], k, len(state.params))
    plus, minus = perturbed(state.params, state.theta, schedule, k, flips)
    outcome = play(plus, minus, iteration_openings(openings, k, settings["pairs"]))
    if outcome.faults:
        return outcome
    state.theta = update(state.params, state.theta, schedule, k, flips, outcome.wins - outcome.losses)
    state.iteration += 1
    for key in ("wins", "draws", "losses"):
        state.totals[key] += getattr(outcome, key)
    state.totals["games"] += outcome.games
    return outcome


def result_text(state: State, spec_command: str) -> str:
    """The result file: values, the params.rs lines, and an engine spec with the values."""
    lines = [f"# SPSA result after {state.iteration} of {state.settings['iterations']} iterations, "
             f"{state.totals['games']} games ({state.settings['limit']}, seed {state.settings['seed']}).",
             "# name = tuned value (default before tuning)"]
    values = {p.name: p.engine_value(state.theta[p.name]) for p in state.params}
    for p in state.params:
        lines.append(f"{p.name} = {values[p.name]}  ({p.value})")
    lines += ["",
              "# To make them the defaults: in engine/src/search/params.rs, give each parameter's",
              "# declaration in the params! block its new value (the first number); ranges and steps",
              "# stay. Then rebuild, run `bbengine bench`, put the new node count in engine/bench.txt",
              "# and `Bench: N` in the commit message, and SPRT the commit against main at 10+0.1",
              "# (docs/tuning.md). The declarations with the tuned values:"]
    for p in state.params:
        step = f"{p.c_end:.1f}" if p.c_end == int(p.c_end) else f"{p.c_end:g}"
        lines.append(f"    {p.name} = {values[p.name]}, {p.min}..={p.max}, step {step};")
    changed = "&".join(f"{p.name}={values[p.name]}" for p in state.params if values[p.name] != p.value)
    lines += ["", "# The tuned values on the tune build without editing the source (match.py engine spec):",
              f"uci:{spec_command}" + (f"?{changed}" if changed else "")]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Games (tools/match.py)
# ---------------------------------------------------------------------------

def match_player(spec_text: str, values: dict[str, int], label: str):
    import match
    spec = match.EngineSpec.parse(spec_text)
    spec.options.update({name: str(v) for name, v in values.items()})
    return match.Player(spec, label)


def match_play(spec_text: str, tc, concurrency: int, max_plies: int, margin: float) -> PlayPairs:
    """A PlayPairs that plays real games with match.py: fresh engines each iteration."""
    import chess.engine
    import match

    def play(plus: dict[str, int], minus: dict[str, int], openings: list) -> Outcome:
        slots = [(match_player(spec_text, plus, "A"), match_player(spec_text, minus, "B"))
                 for _ in range(max(1, min(concurrency, len(openings))))]
        try:
            for slot in slots:
                for player in slot:
                    try:
                        player.start()
                    except (chess.engine.EngineError, OSError, TimeoutError) as err:
                        raise SystemExit(f"cannot start {spec_text} with the parameters: {err}")
            paired = match.run_pairs(slots, openings, 2 * len(openings), tc, max_plies=max_plies,
                                     margin=margin, report_every=0, quiet=True)
        finally:
            for slot in slots:
                for player in slot:
                    player.close()
        faults = []
        for slot in slots:
            for player in slot:
                f = player.faults
                faults += [f"theta{'+' if player.label == 'A' else '-'} {d}" for d in f.details]
                if f.total() and not f.details:
                    faults.append(f"theta{'+' if player.label == 'A' else '-'}: {f.total()} faults")
        t = paired.tally
        return Outcome(t.wins, t.draws, t.losses, faults)

    return play


def engine_params(spec_text: str) -> list[Param]:
    """The parameters the tune build declares, from `<engine> spsa`."""
    import match
    command = match.EngineSpec.parse(spec_text).command
    try:
        done = subprocess.run([command[0], "spsa"], capture_output=True, text=True, timeout=30)
    except OSError as err:
        raise SystemExit(f"cannot run {command[0]} spsa: {err}")
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} spsa failed (is it the tune build? cargo build --release -p "
                         f"bbengine --features tune): {done.stderr.strip()[:300]}")
    return parse_params(done.stdout)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", help="the tune build's engine spec, e.g. uci:/tmp/bb-tune")
    parser.add_argument("--params", help="SPSA input lines (name, int, value, min, max, c_end, r_end); "
                        "default: what `<engine> spsa` prints")
    parser.add_argument("--iterations", type=int, help="SPSA iterations (default 100)")
    parser.add_argument("--pairs", type=int, help="game pairs per iteration (default 4)")
    parser.add_argument("--nodes", type=int, help="nodes a move (instead of a clock)")
    parser.add_argument("--tc", help="time control BASE+INC in seconds, when --nodes is not given (default 10+0.1)")
    parser.add_argument("--openings", help="EPD file (default tools/openings.epd)")
    parser.add_argument("--seed", type=int, help="shuffles the openings and draws the signs (default 1)")
    parser.add_argument("--concurrency", type=int, default=2, help="games at a time (default 2)")
    parser.add_argument("--max-plies", type=int, default=400, help="draw games longer than this (default 400)")
    parser.add_argument("--margin", type=float, default=0.0, help="time-loss tolerance in seconds (default 0)")
    parser.add_argument("--state", default="spsa.json", help="state file, written after every iteration")
    parser.add_argument("--log", default="spsa.csv", help="CSV log, a row appended per iteration")
    parser.add_argument("--out", default="spsa-result.txt", help="the result file, written at the end")
    parser.add_argument("--resume", action="store_true", help="continue the run saved in --state")
    args = parser.parse_args(argv)
    if args.concurrency < 1:
        parser.error("--concurrency must be at least 1")

    import match
    given = {"iterations": args.iterations, "pairs": args.pairs, "seed": args.seed,
             "openings": args.openings,
             "limit": f"nodes={args.nodes}" if args.nodes else (f"tc={args.tc}" if args.tc else None)}
    if args.resume:
        try:
            state = State.load(args.state)
        except (OSError, ValueError, KeyError, TypeError) as err:
            parser.error(f"cannot resume from {args.state}: {err}")
        for key, value in given.items():
            if value is not None and value != state.settings[key]:
                parser.error(f"--{key} {value} differs from the run in {args.state} "
                             f"({state.settings[key]}); drop it to resume")
        trim_log(args.log, state.iteration)
        print(f"resuming at iteration {state.iteration + 1} of {state.settings['iterations']}", flush=True)
    else:
        for path, what in ((args.state, "--state"), (args.log, "--log")):
            if os.path.exists(path):
                parser.error(f"{path} exists: --resume the run or choose another {what}")
        settings = {"iterations": args.iterations or 100, "pairs": args.pairs or 4,
                    "seed": 1 if args.seed is None else args.seed,
                    "openings": args.openings or os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.epd"),
                    "limit": given["limit"] or "tc=10+0.1"}
        if settings["iterations"] < 1 or settings["pairs"] < 1:
            parser.error("--iterations and --pairs must be at least 1")
        if args.params:
            with open(args.params, encoding="utf-8") as handle:
                params = parse_params(handle.read())
        else:
            params = engine_params(args.engine)
        state = State(settings, params, {p.name: float(p.value) for p in params})
    settings = state.settings
    kind, _, value = settings["limit"].partition("=")
    tc = match.TimeControl.parse(value if kind == "tc" else "10+0.1")
    if kind == "nodes":
        tc.nodes = int(value)
    openings = match.read_openings(settings["openings"])
    random.Random(settings["seed"]).shuffle(openings)
    play = match_play(args.engine, tc, args.concurrency, args.max_plies, args.margin)
    schedule = Schedule(settings["iterations"])
    print(f"{len(state.params)} parameters, {settings['iterations']} iterations of {settings['pairs']} pairs "
          f"at {tc.describe()}, A = {schedule.big_a:g}", flush=True)

    started = time.monotonic()
    games_here = 0
    while state.iteration < settings["iterations"]:
        k = state.iteration
        outcome = run_iteration(state, openings, play)
        if outcome.faults:
            print(f"iteration {k + 1}: stopped, engine faults (iteration not applied):", file=sys.stderr)
            for fault in outcome.faults:
                print(f"  {fault}", file=sys.stderr)
            return 1
        games_here += outcome.games
        # The log first: a stop between the two leaves a row the resume drops, never a gap.
        append_log(args.log, state.params, k, outcome, state.theta)
        state.save(args.state)
        rate = games_here / max(time.monotonic() - started, 1e-9) * 60
        print(f"iteration {k + 1}/{settings['iterations']}: theta+ +{outcome.wins} ={outcome.draws} "
              f"-{outcome.losses}, {rate:.1f} games/min", flush=True)

    command = " ".join(match.EngineSpec.parse(args.engine).command)
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write(result_text(state, command))
    elapsed = time.monotonic() - started
    print(f"done: {state.totals['games']} games in all, {games_here} in {elapsed:.0f} s this session; "
          f"result in {args.out}", flush=True)
    for p in state.params:
        value = p.engine_value(state.theta[p.name])
        if value != p.value:
            print(f"  {p.name}: {p.value} -> {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
