#!/usr/bin/env python3
"""Play a match between two chess engines and measure the result, or run a sequential test.

Games come in pairs: each opening is played twice, engine A with white first, then with
colours swapped.  --concurrency N plays N games at a time, each with its own two engine
processes and its own clocks.  --sprt ELO0 ELO1 runs a generalized SPRT on the pairs
(pentanomial model, logistic Elo bounds by default; see tools/sprt.py) that stops by itself
when H1 or H0 is accepted, or at the --games cap as inconclusive; --record appends the
finished run's row to the experiment record (docs/experiments.tsv).

The script keeps the clocks itself: each move's wall time (measured around the
engine call) is subtracted from the mover's clock and the increment is added
afterwards.  A move that arrives when the clock is below ``-margin`` is a time
loss; a move that never arrives within ``clock + HANG_GRACE_S`` is a hang.
Illegal moves, crashes and hangs lose the game and the engine is restarted.
Games end by chess rules only (checkmate, stalemate, insufficient material,
75-move rule, fivefold repetition; a threefold repetition or 50 moves without
capture or pawn move that has actually occurred counts as a claimed draw) or by
the optional maximum game length.

Engine spec syntax (see tools/README.md)::

    PROTOCOL:COMMAND [ARGS...][?OPTION=VALUE[&OPTION=VALUE...]]

    uci:target/release/bbengine
    uci:/usr/games/stockfish?Skill Level=5&Hash=16
    uci:/usr/games/gnuchess --uci
    xboard:/usr/games/phalanx

PROTOCOL is ``uci`` or ``xboard``; COMMAND is split like a shell line (shlex);
everything after the first ``?`` is a list of engine options separated by
``&``, each ``NAME=VALUE`` (names may contain spaces).  A bare path without
``PROTOCOL:`` means ``uci:``.

Examples::

    python3 tools/match.py uci:target/release/bbengine "uci:/usr/games/stockfish?Skill Level=0" \\
        --openings tools/openings.epd --games 20 --tc 10+0.1 --pgn out.pgn

    python3 tools/match.py uci:/tmp/bb-new uci:/tmp/bb-old --openings tools/openings_ab.epd \\
        --nodes 20000 --sprt 0 5 --concurrency 2 --record docs/experiments.tsv --change "..."
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import math
import os
import queue
import random
import shlex
import sys
import textwrap
import threading
import time
from typing import Callable, Optional

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sprt as sprtlib  # noqa: E402  (tools/sprt.py: pentanomial, GSPRT, experiment record)

DEFAULT_ENGINE = "uci:target/release/bbengine"
# Seconds an engine may stay silent after its clock has run out before it is declared hung.
HANG_GRACE_S = 5.0
# Seconds allowed for an engine to start up and answer the protocol handshake.
START_TIMEOUT_S = 10.0
# Seconds allowed for "quit" before the process is killed.
QUIT_TIMEOUT_S = 2.0
# Games longer than this many plies are drawn (0 disables the rule).
DEFAULT_MAX_PLIES = 400
# Two-sided 95% quantile of the normal distribution, for the Elo error bar.
Z_95 = 1.959964
# The Elo model: expected score s = 1 / (1 + 10^(-d / ELO_SCALE)).
ELO_SCALE = 400.0
# Termination of a game stopped because a sequential test had already decided.
ABORTED = "aborted"


# ---------------------------------------------------------------------------
# Engine specs and players
# ---------------------------------------------------------------------------

@dataclasses.dataclass
class EngineSpec:
    """A parsed engine spec: protocol, command line, options to configure."""

    protocol: str
    command: list[str]
    options: dict[str, str]
    text: str

    @classmethod
    def parse(cls, text: str) -> "EngineSpec":
        rest = text
        protocol = "uci"
        head, sep, tail = text.partition(":")
        if sep and head in ("uci", "xboard"):
            protocol, rest = head, tail
        command_text, _, option_text = rest.partition("?")
        command = shlex.split(command_text)
        if not command:
            raise ValueError(f"engine spec {text!r} has no command")
        options: dict[str, str] = {}
        for item in filter(None, option_text.split("&")):
            name, eq, value = item.partition("=")
            if not eq or not name.strip():
                raise ValueError(f"engine spec {text!r}: option {item!r} is not NAME=VALUE")
            options[name.strip()] = value
        return cls(protocol, command, options, text)


@dataclasses.dataclass
class Faults:
    """What went wrong with one engine over a match."""

    illegal_moves: int = 0
    crashes: int = 0
    hangs: int = 0
    time_losses: int = 0
    restarts: int = 0
    # The lowest clock (seconds, before the increment is added) seen after a move.
    min_clock: Optional[float] = None
    # Moves played on the clock and the wall time they took (for the mean time a move).
    timed_moves: int = 0
    time_used: float = 0.0
    details: list[str] = dataclasses.field(default_factory=list)

    def note_move(self, clock: float, elapsed: float) -> None:
        self.timed_moves += 1
        self.time_used += elapsed
        if self.min_clock is None or clock < self.min_clock:
            self.min_clock = clock

    def total(self) -> int:
        return self.illegal_moves + self.crashes + self.hangs + self.time_losses


@dataclasses.dataclass
class Reply:
    """An engine's answer to one move request."""

    move: Optional[chess.Move]
    elapsed: float
    fault: Optional[str] = None  # "illegal", "crash", "hang" or "resign"
    detail: str = ""


class Player:
    """One engine process, restarted on demand after a fault."""

    def __init__(self, spec: EngineSpec, label: str):
        self.spec = spec
        self.label = label
        self.engine: Optional[chess.engine.SimpleEngine] = None
        self.faults = Faults()
        self.name = spec.command[0]
        self.starts = 0

    def start(self) -> None:
        popen = (chess.engine.SimpleEngine.popen_uci if self.spec.protocol == "uci"
                 else chess.engine.SimpleEngine.popen_xboard)
        self.engine = popen(self.spec.command, timeout=START_TIMEOUT_S)
        self.name = self.engine.id.get("name", self.name)
        if self.spec.options:
            self.engine.configure(self.spec.options)
        self.starts += 1
        if self.starts > 1:
            self.faults.restarts += 1

    def ensure_started(self) -> chess.engine.SimpleEngine:
        if self.engine is None:
            self.start()
        assert self.engine is not None
        return self.engine

    def kill(self) -> None:
        """Drop the process without ceremony (after a crash, hang or illegal move)."""
        if self.engine is not None:
            self.engine.close()  # closes the transport, which kills a live process
            self.engine = None

    def close(self) -> None:
        """Quit politely, killing the process if it does not leave in time."""
        if self.engine is None:
            return
        try:
            future = asyncio.run_coroutine_threadsafe(
                asyncio.wait_for(self.engine.protocol.quit(), QUIT_TIMEOUT_S), self.engine.protocol.loop)
            future.result()
        except Exception:
            pass
        self.kill()

    def send_raw(self, line: str) -> None:
        """Write one line to the engine outside any python-chess command."""
        engine = self.ensure_started()
        engine.protocol.loop.call_soon_threadsafe(engine.protocol.send_line, line)

    def silence_fault(self) -> str:
        """After an engine failed to answer: "crash" if its process has exited, else "hang"."""
        if self.engine is not None and self.engine.returncode.done():
            return "crash"
        return "hang"

    def record(self, kind: str, detail: str) -> None:
        """Count a fault ("illegal", "crash" or "hang") with a description."""
        if kind == "illegal":
            self.faults.illegal_moves += 1
        elif kind == "crash":
            self.faults.crashes += 1
        else:
            self.faults.hangs += 1
        self.faults.details.append(f"{kind}: {detail}")

    def ping(self, timeout: float) -> bool:
        """isready -> readyok within `timeout` seconds (an xboard engine gets ping/pong)."""
        engine = self.ensure_started()
        try:
            coro = asyncio.wait_for(engine.protocol.ping(), timeout)
            asyncio.run_coroutine_threadsafe(coro, engine.protocol.loop).result()
            return True
        except (TimeoutError, chess.engine.EngineError, RuntimeError):
            return False

    def new_game(self, game_id: object, timeout: float) -> bool:
        """Send ucinewgame and wait for readyok before the clock starts.

        python-chess would otherwise send them inside the first timed play() call of the game
        (it does so whenever the `game` object changes), charging a hash clear to the clock.
        Marking the protocol's current game (python-chess internals: `game`, `first_game`)
        stops it from sending them again.  xboard engines get python-chess's own handling."""
        engine = self.ensure_started()
        if self.spec.protocol != "uci":
            return True
        protocol = engine.protocol

        def start_game() -> None:
            protocol.send_line("ucinewgame")
            protocol.game = game_id
            protocol.first_game = False

        protocol.loop.call_soon_threadsafe(start_game)
        return self.ping(timeout)

    def think(self, board: chess.Board, limit: chess.engine.Limit, timeout: float,
              game_id: object) -> Reply:
        """Ask for a move; classify anything but a legal move as a fault."""
        try:
            engine = self.ensure_started()
        except (chess.engine.EngineError, OSError, TimeoutError) as err:
            self.engine = None
            return Reply(None, 0.0, "crash", f"restart failed: {err}")
        start = time.monotonic()
        try:
            coro = asyncio.wait_for(engine.protocol.play(board, limit, game=game_id), timeout)
            result = asyncio.run_coroutine_threadsafe(coro, engine.protocol.loop).result()
        except TimeoutError:
            return Reply(None, time.monotonic() - start, "hang", f"no move within {timeout:.1f}s")
        except chess.engine.EngineTerminatedError as err:
            return Reply(None, time.monotonic() - start, "crash", str(err))
        except chess.engine.EngineError as err:
            # python-chess rejects an unparsable or illegal bestmove with EngineError.
            return Reply(None, time.monotonic() - start, "illegal", str(err))
        except RuntimeError as err:  # the engine's event loop is gone: it died earlier
            return Reply(None, time.monotonic() - start, "crash", str(err))
        elapsed = time.monotonic() - start
        if result.resigned:
            return Reply(None, elapsed, "resign", "resigned")
        if result.move is None or result.move not in board.legal_moves:
            return Reply(None, elapsed, "illegal", f"bestmove {result.move} in {board.fen()}")
        return Reply(result.move, elapsed)


# ---------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------

@dataclasses.dataclass
class TimeControl:
    base: float
    inc: float
    # A fixed node count per move instead of the clock (None: play on the clock).
    nodes: Optional[int] = None

    @classmethod
    def parse(cls, text: str) -> "TimeControl":
        base, _, inc = text.partition("+")
        return cls(float(base), float(inc or 0))

    def pgn(self) -> str:
        return "-" if self.nodes else f"{self.base:g}+{self.inc:g}"

    def describe(self) -> str:
        return f"{self.nodes} nodes a move" if self.nodes else self.pgn()


@dataclasses.dataclass
class GameResult:
    result: str  # "1-0", "0-1" or "1/2-1/2"
    termination: str
    start: chess.Board
    board: chess.Board
    white: Player
    black: Player
    min_clock: dict[bool, float]

    def score_for(self, player: Player) -> float:
        if self.result == "1/2-1/2":
            return 0.5
        winner = self.white if self.result == "1-0" else self.black
        return 1.0 if winner is player else 0.0

    def pgn(self, event: str, round_no: int, tc: TimeControl) -> chess.pgn.Game:
        game = chess.pgn.Game.from_board(self.board)
        game.headers["Event"] = event
        game.headers["Round"] = str(round_no)
        game.headers["White"] = f"{self.white.label}: {self.white.name}"
        game.headers["Black"] = f"{self.black.label}: {self.black.name}"
        game.headers["Result"] = self.result
        game.headers["Termination"] = self.termination
        game.headers["TimeControl"] = tc.pgn()
        return game


def rules_outcome(board: chess.Board, max_plies: int, plies: int) -> Optional[tuple[str, str]]:
    """(result, reason) if the game is over by the rules (or max length), else None."""
    outcome = board.outcome(claim_draw=False)  # mate, stalemate, material, 75 moves, fivefold
    if outcome is not None:
        return outcome.result(), outcome.termination.name.lower()
    # Claimable draws, counted only once they have actually happened on the board.
    if board.is_repetition(3):
        return "1/2-1/2", "threefold_repetition"
    if board.is_fifty_moves():
        return "1/2-1/2", "fifty_moves"
    if max_plies and plies >= max_plies:
        return "1/2-1/2", f"max_plies_{max_plies}"
    return None


def loss_for(color: chess.Color) -> str:
    return "0-1" if color == chess.WHITE else "1-0"


# Called before every move request with the player about to move and the board.
BeforeMove = Callable[[Player, chess.Board], None]


def play_game(white: Player, black: Player, start: chess.Board, tc: TimeControl, *,
              max_plies: int = DEFAULT_MAX_PLIES, margin: float = 0.0,
              before_move: Optional[BeforeMove] = None,
              abort: Optional[threading.Event] = None) -> GameResult:
    """Play one game from `start`; faults are counted on the players and lose the game.

    When `abort` is set (a sequential test has reached its decision while this game was
    running) the game stops before the next move with result "*" and termination "aborted"."""
    board = start.copy(stack=False)
    clocks = {chess.WHITE: tc.base, chess.BLACK: tc.base}
    min_clock = dict(clocks)
    game_id = object()  # a fresh object per game makes python-chess send ucinewgame
    plies = 0

    def finish(result: str, termination: str) -> GameResult:
        return GameResult(result, termination, start, board, white, black, min_clock)

    for color, player in ((chess.WHITE, white), (chess.BLACK, black)):
        if not player.new_game(game_id, HANG_GRACE_S):
            kind = player.silence_fault()
            player.record(kind, f"no readyok within {HANG_GRACE_S:.0f}s after ucinewgame")
            player.kill()
            return finish(loss_for(color), kind)

    while True:
        over = rules_outcome(board, max_plies, plies)
        if over is not None:
            return finish(*over)
        if abort is not None and abort.is_set():
            return finish("*", ABORTED)
        color = board.turn
        mover = white if color == chess.WHITE else black
        if before_move is not None:
            before_move(mover, board)
        if tc.nodes:
            limit = chess.engine.Limit(nodes=tc.nodes)
            reply = mover.think(board, limit, HANG_GRACE_S, game_id)
        else:
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=tc.inc, black_inc=tc.inc)
            reply = mover.think(board, limit, clocks[color] + HANG_GRACE_S, game_id)
        if reply.fault == "resign":
            return finish(loss_for(color), "resignation")
        if reply.fault is not None:
            mover.record(reply.fault, f"ply {plies} ({board.fen()}): {reply.detail}")
            mover.kill()  # the next request restarts it with a clean state
            return finish(loss_for(color), reply.fault)
        if tc.nodes:
            board.push(reply.move)
            plies += 1
            continue
        clocks[color] -= reply.elapsed
        mover.faults.note_move(clocks[color], reply.elapsed)
        min_clock[color] = min(min_clock[color], clocks[color])
        if clocks[color] < -margin:
            mover.faults.time_losses += 1
            mover.faults.details.append(
                f"time loss at ply {plies}: clock {clocks[color]:.3f}s after {reply.elapsed:.3f}s")
            # A flag fall against a side that cannot mate by any sequence is a draw.
            if board.has_insufficient_material(not color):
                return finish("1/2-1/2", "time_forfeit_insufficient_material")
            return finish(loss_for(color), "time_forfeit")
        clocks[color] += tc.inc
        board.push(reply.move)
        plies += 1


# ---------------------------------------------------------------------------
# Openings and statistics
# ---------------------------------------------------------------------------

def read_openings(path: str) -> list[chess.Board]:
    """Positions from an EPD/FEN file; blank lines and lines starting with '#' are skipped."""
    boards = []
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            try:
                if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
                    board = chess.Board(" ".join(fields[:6]))
                else:
                    board, _ = chess.Board.from_epd(line)
            except ValueError as err:
                raise SystemExit(f"{path}:{number}: bad position: {err}")
            boards.append(board)
    if not boards:
        raise SystemExit(f"{path}: no positions")
    return boards


def elo_from_score(score: float) -> float:
    """Elo difference that makes `score` the expected score (infinite at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -ELO_SCALE * math.log10(1.0 / score - 1.0)


def elo_with_error(wins: int, draws: int, losses: int) -> tuple[float, float]:
    """(Elo difference, half-width of its 95% confidence interval).

    Each game is a trinomial draw of a score x in {1, 1/2, 0} with observed
    frequencies w, d, l (= wins/n, draws/n, losses/n).  The mean score is
    s = w + d/2 and the per-game variance is

        var = w (1 - s)^2 + d (1/2 - s)^2 + l (0 - s)^2,

    so the mean of n games has standard error se = sqrt(var / n).  The 95%
    interval of the score is s +- Z_95 * se; mapping both ends through the
    logistic Elo curve elo(s) = -400 log10(1/s - 1) and taking half the
    distance between them gives the error bar.  It is infinite when an end
    reaches 0% or 100% (too few games, or a one-sided result).
    """
    n = wins + draws + losses
    if n == 0:
        return 0.0, math.inf
    w, d, l = wins / n, draws / n, losses / n
    s = w + d / 2
    var = w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * (0 - s) ** 2
    se = math.sqrt(var / n)
    low, high = elo_from_score(s - Z_95 * se), elo_from_score(s + Z_95 * se)
    if not (math.isfinite(low) and math.isfinite(high)):
        return elo_from_score(s), math.inf
    return elo_from_score(s) + 0.0, (high - low) / 2  # + 0.0 turns -0.0 into 0.0


@dataclasses.dataclass
class Tally:
    """Wins, draws and losses from A's point of view."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, score: float) -> None:
        if score == 1.0:
            self.wins += 1
        elif score == 0.5:
            self.draws += 1
        else:
            self.losses += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


def fmt_elo(value: float) -> str:
    return f"{value:+.1f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def merged_faults(players: list[Player]) -> Faults:
    """One engine's faults over all its processes (one per concurrent game slot)."""
    total = Faults()
    for p in players:
        f = p.faults
        total.illegal_moves += f.illegal_moves
        total.crashes += f.crashes
        total.hangs += f.hangs
        total.time_losses += f.time_losses
        total.restarts += f.restarts
        total.timed_moves += f.timed_moves
        total.time_used += f.time_used
        if f.min_clock is not None and (total.min_clock is None or f.min_clock < total.min_clock):
            total.min_clock = f.min_clock
        total.details.extend(f.details)
    return total


def summary(tally: Tally, a: "Player | list[Player]", b: "Player | list[Player]", tc: TimeControl,
            margin: float) -> dict:
    """The match's result as a dict; `a` and `b` may be lists of one engine's processes."""
    elo, err = elo_with_error(tally.wins, tally.draws, tally.losses)
    sides = [side if isinstance(side, list) else [side] for side in (a, b)]
    return {
        "games": tally.games,
        "wins": tally.wins, "draws": tally.draws, "losses": tally.losses,
        "score": tally.score(),
        "elo": elo if math.isfinite(elo) else None,
        "elo_error_95": err if math.isfinite(err) else None,
        "tc": tc.describe(),
        "time_margin": margin,
        "engines": {ps[0].label: {"spec": ps[0].spec.text, "name": ps[0].name,
                                  **dataclasses.asdict(merged_faults(ps))}
                    for ps in sides},
    }


def mean_move_time(e: dict) -> str:
    """', mean move 0.123s' for an engine that moved on the clock, else nothing."""
    if not e["timed_moves"]:
        return ""
    return f", mean move {e['time_used'] / e['timed_moves']:.3f}s"


def print_summary(s: dict) -> None:
    print(f"\nGames: {s['games']}   A: +{s['wins']} ={s['draws']} -{s['losses']}   "
          f"score {100 * s['score']:.1f}%")
    elo = s["elo"] if s["elo"] is not None else elo_from_score(s["score"])
    err = "inf" if s["elo_error_95"] is None else f"{s['elo_error_95']:.1f}"
    print(f"Elo difference (A - B): {fmt_elo(elo)} +/- {err} (95%)")
    for label, e in s["engines"].items():
        min_clock = "n/a" if e["min_clock"] is None else f"{e['min_clock']:.3f}s"
        print(f"{label} ({e['name']}): illegal moves {e['illegal_moves']}, crashes {e['crashes']}, "
              f"hangs {e['hangs']}, time losses {e['time_losses']}, restarts {e['restarts']}, "
              f"min clock {min_clock}{mean_move_time(e)}")
        for detail in e["details"]:
            print(f"    {detail}")


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def run_match(a: Player, b: Player, openings: list[chess.Board], games: int, tc: TimeControl, *,
              max_plies: int = DEFAULT_MAX_PLIES, margin: float = 0.0,
              pgn_path: Optional[str] = None, quiet: bool = False,
              before_move: Optional[BeforeMove] = None) -> Tally:
    """Play `games` games: opening k is played twice, A white first, then colours swapped."""
    tally = Tally()
    pgn = open(pgn_path, "w", encoding="utf-8") if pgn_path else None
    try:
        for index in range(games):
            start = openings[(index // 2) % len(openings)]
            white, black = (a, b) if index % 2 == 0 else (b, a)
            game = play_game(white, black, start, tc, max_plies=max_plies, margin=margin,
                             before_move=before_move)
            tally.add(game.score_for(a))
            if not quiet:
                print(f"Game {index + 1}/{games}: {white.label} (white) vs {black.label}: "
                      f"{game.result} {game.termination}, {len(game.board.move_stack)} plies, "
                      f"opening {(index // 2) % len(openings) + 1} | A +{tally.wins} ={tally.draws} "
                      f"-{tally.losses}", flush=True)
            if pgn is not None:
                print(game.pgn("bb match", index + 1, tc), file=pgn, end="\n\n", flush=True)
    finally:
        if pgn is not None:
            pgn.close()
    return tally


@dataclasses.dataclass
class PairedOutcome:
    """What run_pairs measured: games, pentanomial and, in a sequential test, its end."""

    tally: Tally
    penta: sprtlib.Pentanomial
    llr: Optional[float] = None
    decision: Optional[str] = None  # sprtlib.H1 / H0 / INCONCLUSIVE in a test, None otherwise
    timed_out: bool = False  # stopped by time_limit before the games or a decision


def run_pairs(slots: list[tuple[Player, Player]], openings: list[chess.Board], games: int,
              tc: TimeControl, *, sprt: Optional[sprtlib.Sprt] = None,
              max_plies: int = DEFAULT_MAX_PLIES, margin: float = 0.0,
              pgn_path: Optional[str] = None, report_every: int = 20,
              time_limit: Optional[float] = None, quiet: bool = False) -> PairedOutcome:
    """Play up to `games` games as pairs, len(slots) games at a time.

    Pair k uses opening k (cycling through the list): game 2k with A white, game 2k+1 with
    colours swapped, played one after the other by the same slot (a worker thread with its own
    two engine processes, so each game's engines, clocks and faults are its own).  Each finished
    pair adds to the pentanomial; with `sprt` the LLR is checked after every pair and the test
    stops at the first bound it reaches: games still running are then aborted and not counted,
    and no new pair starts.  Without `sprt` all `games` are played (an odd count leaves the
    last pair with one game, which counts in W/D/L but not in the pentanomial).  `time_limit`
    (seconds) ends the run as the cap would, at a time written down before it starts (a
    session's end): the games then running are aborted and not counted, and a test is
    inconclusive.

    Results count when their pair is complete: W/D/L, the pentanomial and the PGN file hold the
    same games.  The per-game lines are printed as games finish (out of order with concurrency);
    their running +W =D -L counts every game printed so far."""
    n_pairs = (games + 1) // 2
    tally, penta, seen = Tally(), sprtlib.Pentanomial(), Tally()
    outcome = PairedOutcome(tally, penta)
    events: queue.Queue = queue.Queue()
    stop = threading.Event()
    next_pair = [0]
    lock = threading.Lock()

    def worker(a: Player, b: Player) -> None:
        try:
            while not stop.is_set():
                with lock:
                    pair = next_pair[0]
                    if pair >= n_pairs:
                        break
                    next_pair[0] += 1
                for index in range(2 * pair, min(2 * pair + 2, games)):
                    if stop.is_set():
                        break
                    white, black = (a, b) if index % 2 == 0 else (b, a)
                    start = openings[pair % len(openings)]
                    game = play_game(white, black, start, tc, max_plies=max_plies, margin=margin,
                                     abort=stop)
                    events.put(("game", index, game, game.score_for(a)))
        except BaseException as err:  # an engine that cannot be restarted, for instance
            events.put(("error", None, None, err))
        finally:
            events.put(("done", None, None, None))

    threads = [threading.Thread(target=worker, args=slot, daemon=True) for slot in slots]
    for thread in threads:
        thread.start()
    pgn = open(pgn_path, "w", encoding="utf-8") if pgn_path else None
    pair_scores: dict[int, dict[int, tuple[float, GameResult]]] = {}
    next_report = report_every
    error: Optional[BaseException] = None
    running = len(threads)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    try:
        while running:
            try:
                wait = None if deadline is None or stop.is_set() else max(0.0, deadline - time.monotonic())
                kind, index, game, score = events.get(timeout=wait)
            except queue.Empty:  # the time limit: as if the cap were reached now
                outcome.timed_out = True
                stop.set()
                continue
            if kind == "done":
                running -= 1
                continue
            if kind == "error":
                error = error or score  # the exception rides in the last field
                stop.set()
                continue
            if stop.is_set():  # decided (or failed): later results do not count
                continue
            seen.add(score)
            if not quiet:
                white, black = game.white, game.black
                print(f"Game {index + 1}/{games}: {white.label} (white) vs {black.label}: "
                      f"{game.result} {game.termination}, {len(game.board.move_stack)} plies, "
                      f"opening {(index // 2) % len(openings) + 1} | A +{seen.wins} ={seen.draws} "
                      f"-{seen.losses}", flush=True)
            pair = index // 2
            done = pair_scores.setdefault(pair, {})
            done[index % 2] = (score, game)
            if len(done) < min(2, games - 2 * pair):
                continue
            del pair_scores[pair]
            for colour_swap in sorted(done):
                tally.add(done[colour_swap][0])
                if pgn is not None:
                    print(done[colour_swap][1].pgn("bb match", 2 * pair + colour_swap + 1, tc),
                          file=pgn, end="\n\n", flush=True)
            if len(done) < 2:
                continue  # the lone last game of an odd --games
            penta.add_pair(done[0][0], done[1][0])
            if sprt is not None:
                outcome.llr = sprt.llr(penta.counts)
                outcome.decision = sprt.decision(outcome.llr)
                if outcome.decision is not None:
                    stop.set()
            if report_every and not quiet and (2 * penta.pairs >= next_report or outcome.decision):
                print(sprtlib.status_line(penta.counts, 2 * penta.pairs, sprt), flush=True)
                while next_report <= 2 * penta.pairs:
                    next_report += report_every
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        if pgn is not None:
            pgn.close()
    if error is not None:
        raise error
    uncounted = seen.games - tally.games
    if outcome.timed_out and not quiet:
        print(f"time limit of {time_limit:g} s reached: games still running aborted, not counted",
              flush=True)
    if uncounted and not quiet:
        print(f"{uncounted} finished game(s) of pairs left unfinished at the end not counted",
              flush=True)
    if sprt is not None and outcome.decision is None:
        outcome.llr = sprt.llr(penta.counts)
        outcome.decision = sprtlib.INCONCLUSIVE
    return outcome


def limit_text(tc: TimeControl) -> str:
    """The record's limit column: nodes=20000 or tc=10+0.1."""
    return f"nodes={tc.nodes}" if tc.nodes else f"tc={tc.base:g}+{tc.inc:g}"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine_a", nargs="?", default=DEFAULT_ENGINE, help=f"engine A spec, the engine under test (default {DEFAULT_ENGINE})")
    parser.add_argument("engine_b", help="engine B spec (the baseline)")
    parser.add_argument("--openings", help="EPD/FEN file, one position a line, '#' comments (default: start position)")
    parser.add_argument("--games", type=int, help="number of games (default 2); each opening is played twice with colours swapped. With --sprt the cap: the test stops there as 'inconclusive' if no bound was reached (default: 2 x the number of openings, so no opening is played twice)")
    parser.add_argument("--tc", default="10+0.1", help="time control BASE+INC in seconds (default 10+0.1)")
    parser.add_argument("--nodes", type=int, help="search this many nodes a move instead of playing on the clock (A/B tests of evaluation changes: no clock noise; time losses cannot happen)")
    parser.add_argument("--seed", type=int, help="shuffle the openings with this seed (default: file order)")
    parser.add_argument("--pgn", help="write the games to this PGN file")
    parser.add_argument("--json", help="write the summary as JSON to this file ('-' for stdout)")
    parser.add_argument("--max-plies", type=int, default=DEFAULT_MAX_PLIES, help=f"draw games longer than this (0: never; default {DEFAULT_MAX_PLIES})")
    parser.add_argument("--margin", type=float, default=0.0, help="time-loss tolerance in seconds: a move is late only if the clock falls below -MARGIN (default 0)")
    parser.add_argument("--concurrency", type=int, default=1, metavar="N", help="games at a time (default 1); each concurrent game has its own two engine processes and its own clocks. At most the number of cores, and keep the engines at one thread each")
    test = parser.add_argument_group("sequential test (SPRT)", textwrap.fill(
        "A generalized SPRT on game pairs (pentanomial model, as fastchess and OpenBench): "
        "H0: Elo = ELO0 against H1: Elo = ELO1, in logistic Elo by default (expected score "
        "1 / (1 + 10^(-Elo/400)), the Elo match.py reports). The LLR is checked after every pair; "
        "the test stops when it reaches ln((1-beta)/alpha) (H1 accepted) or ln(beta/(1-alpha)) "
        "(H0 accepted), +-2.94 for alpha = beta = 0.05, or at the --games cap (inconclusive). "
        "Games still running at the decision are aborted and not counted. State the bounds before "
        "the test starts and never change them afterwards. Formulas: tools/sprt.py.", 78))
    test.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"), help="run a sequential test with these Elo bounds, e.g. --sprt 0 5")
    test.add_argument("--alpha", type=float, default=0.05, help="false positive rate: accepting H1 when Elo = ELO0 (default 0.05)")
    test.add_argument("--beta", type=float, default=0.05, help="false negative rate: accepting H0 when Elo = ELO1 (default 0.05)")
    test.add_argument("--model", choices=sprtlib.MODELS, default="logistic", help="Elo model of the bounds: logistic (default) or normalized (nElo, OpenBench's pentanomial SPRT)")
    parser.add_argument("--time-limit", type=float, metavar="MINUTES", help="end the run after this many minutes as if --games were reached: games still running are aborted and not counted, a test is 'inconclusive' (for a stop written down before the start, e.g. a session's end)")
    test.add_argument("--report-every", type=int, default=20, metavar="GAMES", help="print the pentanomial, Elo +/- error and LLR every this many games (default 20; 0: only at the end)")
    record = parser.add_argument_group("experiment record", textwrap.fill(
        "Append the finished run's row (a test's or a fixed number of games', W/D/L from A's "
        "view) to a tab-separated record, created with its header line if missing: "
        + sprtlib.RECORD_HEADER.replace("\t", ", ") + ".", 78))
    record.add_argument("--record", metavar="TSV", help="the record file, e.g. docs/experiments.tsv")
    record.add_argument("--change", help="what engine A changes against engine B (required with --record)")
    record.add_argument("--base", default="-", help="engine B's commit (default '-')")
    record.add_argument("--test", default="-", help="engine A's commit (default '-')")
    args = parser.parse_args(argv)

    if args.concurrency < 1:
        parser.error("--concurrency must be at least 1")
    if args.record and not args.change:
        parser.error("--record needs --change \"what changed\"")
    sprt = None
    if args.sprt:
        try:
            sprt = sprtlib.Sprt(args.sprt[0], args.sprt[1], args.alpha, args.beta, args.model)
        except ValueError as err:
            parser.error(str(err))
    tc = TimeControl.parse(args.tc)
    tc.nodes = args.nodes
    openings = read_openings(args.openings) if args.openings else [chess.Board()]
    if args.seed is not None:
        random.Random(args.seed).shuffle(openings)
    games = args.games
    if games is None:
        games = 2 * len(openings) if sprt else 2
    if games < 1:
        parser.error("--games must be at least 1")
    if args.time_limit is not None and args.time_limit <= 0:
        parser.error("--time-limit must be positive")
    if sprt and games % 2:
        parser.error("--games must be even with --sprt (the test counts game pairs)")

    slots: list[tuple[Player, Player]] = []
    try:
        for _ in range(min(args.concurrency, (games + 1) // 2)):
            slot = (Player(EngineSpec.parse(args.engine_a), "A"), Player(EngineSpec.parse(args.engine_b), "B"))
            slots.append(slot)
            for player in slot:
                try:
                    player.start()
                except (chess.engine.EngineError, OSError, TimeoutError) as err:
                    raise SystemExit(f"cannot start engine {player.label} ({player.spec.text}): "
                                     f"{type(err).__name__}: {err}")
        a, b = slots[0]
        print(f"A: {a.name} ({a.spec.text})\nB: {b.name} ({b.spec.text})\n"
              f"{games} games at {tc.describe()}, {len(openings)} openings"
              + (f", {len(slots)} at a time" if len(slots) > 1 else ""), flush=True)
        if sprt:
            print(f"{sprt.describe()}; at most {games} games", flush=True)
        if games > 2 * len(openings):
            print(f"note: {games} games need {(games + 1) // 2} openings, the file has {len(openings)}: "
                  f"openings are played again", flush=True)
        outcome = run_pairs(slots, openings, games, tc, sprt=sprt, max_plies=args.max_plies,
                            margin=args.margin, pgn_path=args.pgn, report_every=args.report_every,
                            time_limit=None if args.time_limit is None else 60 * args.time_limit)
    finally:
        for slot in slots:
            for player in slot:
                player.close()
    tally, penta = outcome.tally, outcome.penta
    result = summary(tally, [s[0] for s in slots], [s[1] for s in slots], tc, args.margin)
    pair_elo, pair_err = sprtlib.elo_with_error(penta.counts)
    result["pentanomial"] = list(penta.counts)
    result["pair_elo"] = pair_elo if math.isfinite(pair_elo) else None
    result["pair_elo_error_95"] = pair_err if math.isfinite(pair_err) else None
    result["timed_out"] = outcome.timed_out
    if sprt:
        result["sprt"] = {"elo0": sprt.elo0, "elo1": sprt.elo1, "alpha": sprt.alpha, "beta": sprt.beta,
                          "model": sprt.model, "lower": sprt.lower, "upper": sprt.upper,
                          "llr": outcome.llr, "decision": outcome.decision}
    print_summary(result)
    print(sprtlib.status_line(penta.counts, 2 * penta.pairs, sprt))
    if sprt:
        print(f"SPRT {sprt.bounds_text()} ({sprt.model}): {outcome.decision} after {tally.games} games, "
              f"LLR {outcome.llr:+.2f} ({sprt.lower:+.2f}, {sprt.upper:+.2f})")
    if args.json == "-":
        print(json.dumps(result, indent=2))
    elif args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=2)
    if args.record:
        openings_text = args.openings or "startpos"
        if args.seed is not None:
            openings_text += f" (seed {args.seed})"
        row = sprtlib.record_row(
            date=time.strftime("%Y-%m-%d", time.gmtime()), base=args.base, test=args.test,
            change=args.change, openings=openings_text, games=tally.games, limit=limit_text(tc),
            wins=tally.wins, draws=tally.draws, losses=tally.losses, counts=penta.counts,
            llr=outcome.llr, sprt=sprt, decision=outcome.decision)
        sprtlib.append_record(args.record, row)
        print(f"Recorded in {args.record}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
