#!/usr/bin/env python3
"""Check that an engine binary speaks UCI correctly; print PASS/FAIL per check.

Exits 1 if any check fails.  Checks, each against a fresh engine process:

  handshake     uci -> id name, uciok, the options bb promises (with their types)
  options       setting every promised option through python-chess, then isready
  isready       isready answered within 1 s during go infinite, stop -> exactly one bestmove
  ponder        go ponder + ponderhit -> bestmove; go ponder + stop -> bestmove
  multipv       MultiPV 3 gives three distinct legal principal variations
  limits        go depth / nodes / movetime (bestmove within movetime + overhead) / mate
  chess960      a Chess960 position with castling rights gets a legal move
  perft         go perft 3 from the start position reports 8902
  robustness    unknown command, bad FEN, illegal move in a move list, go before
                position, stop while idle, a 1 MiB line: each answered with
                'info string' where promised, and the engine stays responsive
  eof           closing stdin makes the engine exit with status 0 within 2 s
  games         games against itself and against Stockfish (Skill Level 0) through
                match.py: every move legal, no time loss, no crash or hang

--short runs a few games (for CI, a few minutes at most); the default runs more.

Example:
    python3 tools/protocol_test.py --short target/release/bbengine
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import re
import shlex
import subprocess
import sys
import threading
import time
import traceback
from typing import Callable, Optional

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (tools/match.py: engine specs, players and the game loop)

DEFAULT_ENGINE = "target/release/bbengine"
DEFAULT_STOCKFISH = "/usr/games/stockfish"
DEFAULT_OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.epd")

# Options bb promises, with their UCI types.
REQUIRED_OPTIONS = {
    "Hash": "spin", "Threads": "spin", "MultiPV": "spin", "Ponder": "check",
    "UCI_Chess960": "check", "Move Overhead": "spin", "Clear Hash": "button",
    "OwnBook": "check", "BookFile": "string", "UCI_LimitStrength": "check", "UCI_Elo": "spin",
}
# Values set in the options check (python-chess manages MultiPV, Ponder and UCI_Chess960 itself).
OPTION_VALUES = {"Hash": 32, "Threads": 1, "Move Overhead": 30, "Clear Hash": None,
                 "OwnBook": False, "BookFile": "", "UCI_LimitStrength": True, "UCI_Elo": 1500}

HANDSHAKE_S = 5.0        # time for uciok
REPLY_S = 1.0            # time for readyok, or bestmove after stop
SETTLE_S = 0.3           # pause after go before poking a running search
PONDERHIT_S = 5.0        # time for bestmove after ponderhit (the clock given is 5 s)
SEARCH_S = 10.0          # time for a small depth/nodes/mate search
PERFT_S = 10.0           # time for go perft 3
GROUP_TIMEOUT_S = 60.0   # a group of checks (not the games) that takes longer has hung
EOF_EXIT_S = 2.0         # time for the process to exit after stdin closes
LONG_LINE_BYTES = 1 << 20
DEPTH_LIMIT = 6
NODES_LIMIT = 20_000
NODES_TOLERANCE = 0.10   # reported nodes may exceed the limit by this fraction
MOVETIME_S = 0.5
MOVETIME_OVERHEAD_S = 0.15  # python-chess, pipes and a busy 2-core machine
MULTIPV = 3
MULTIPV_DEPTH = 8
PERFT_DEPTH, PERFT_NODES = 3, 8902
CHESS960_POSITION = 100  # Scharnagl number of the Chess960 start position used
# A mate in 2 (1. Nf6+ gxf6 2. Bxf7#) and the depth of the forced mate to verify.
MATE_FEN = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
MATE_MOVES = 2
# After 1. e4 e5 white has 29 legal moves; the illegal e1e8 must stop the move list there.
AFTER_E4_E5_MOVES = 29
GAME_TC = "2+0.05"
SHORT_GAMES, FULL_GAMES = 2, 10  # games per opponent
STOCKFISH_SKILL = 0


# ---------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------

class Report:
    def __init__(self) -> None:
        self.failures: list[str] = []
        self.passes = 0

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        print(f"{'PASS' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)
        if ok:
            self.passes += 1
        else:
            self.failures.append(name)
        return ok

    def run(self, group: str, body: Callable[[], None], timeout: Optional[float] = GROUP_TIMEOUT_S) -> None:
        """Run a group of checks in a thread; an exception or a timeout fails the group
        (killing the processes it started) instead of stopping the run."""
        def guarded() -> None:
            try:
                body()
            except Exception as err:  # noqa: BLE001 - any error is a failed check
                self.check(f"{group} (raised)", False, f"{type(err).__name__}: {err}")
                traceback.print_exc(limit=3)

        worker = threading.Thread(target=guarded, daemon=True)
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            self.check(f"{group} (timed out)", False, f"no result in {timeout:.0f} s; engine killed")
            while SPAWNED:
                SPAWNED.pop()()
            worker.join(REPLY_S)
        SPAWNED.clear()


# Kill functions for the processes the running group started (used when it times out).
SPAWNED: list[Callable[[], None]] = []


def open_engine(command: list[str]) -> chess.engine.SimpleEngine:
    """python-chess engine, registered so a timed-out group can kill it."""
    engine = chess.engine.SimpleEngine.popen_uci(command, timeout=HANDSHAKE_S)
    SPAWNED.append(engine.close)
    return engine


# ---------------------------------------------------------------------------
# A raw UCI pipe, for what python-chess does not let us do
# ---------------------------------------------------------------------------

class Raw:
    """The engine process with line queues on both ends, so no read or write can block us."""

    def __init__(self, command: list[str]):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.incoming: queue.Queue[Optional[str]] = queue.Queue()
        self.outgoing: queue.Queue[Optional[str]] = queue.Queue()
        SPAWNED.append(self.proc.kill)
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._write, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.incoming.put(line.rstrip("\n"))
        self.incoming.put(None)

    def _write(self) -> None:
        assert self.proc.stdin is not None
        try:
            while (line := self.outgoing.get()) is not None:
                self.proc.stdin.write(line + "\n")
                self.proc.stdin.flush()
            self.proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    def send(self, *lines: str) -> None:
        for line in lines:
            self.outgoing.put(line)

    def close_stdin(self) -> None:
        self.outgoing.put(None)

    def read_until(self, done: Callable[[str], bool], timeout: float) -> tuple[Optional[str], list[str]]:
        """Lines up to and including the first one `done` accepts; (None, lines) on timeout or EOF."""
        deadline = time.monotonic() + timeout
        seen: list[str] = []
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.incoming.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                self.incoming.put(None)  # keep reporting EOF
                break
            seen.append(line)
            if done(line):
                return line, seen
        return None, seen

    def sync(self, timeout: float = REPLY_S) -> tuple[bool, list[str]]:
        """isready -> readyok; returns (answered, lines before readyok)."""
        self.send("isready")
        line, seen = self.read_until(lambda l: l.strip() == "readyok", timeout)
        return line is not None, seen[:-1] if line is not None else seen

    def start(self) -> bool:
        self.send("uci")
        line, _ = self.read_until(lambda l: l.strip() == "uciok", HANDSHAKE_S)
        return line is not None and self.sync()[0]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.send("quit")
            self.close_stdin()
            try:
                self.proc.wait(timeout=EOF_EXIT_S)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def is_bestmove(line: str) -> bool:
    return line.split()[:1] == ["bestmove"]


def is_info_string(line: str) -> bool:
    return line.startswith("info string")


def bestmove_of(line: Optional[str]) -> Optional[str]:
    return line.split()[1] if line and len(line.split()) > 1 else None


def legal(board: chess.Board, uci: Optional[str]) -> bool:
    try:
        return uci is not None and chess.Move.from_uci(uci) in board.legal_moves
    except ValueError:
        return False


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------

def check_handshake(report: Report, command: list[str]) -> None:
    raw = Raw(command)
    try:
        raw.send("uci")
        line, seen = raw.read_until(lambda l: l.strip() == "uciok", HANDSHAKE_S)
        report.check("handshake: uciok", line is not None, f"{len(seen)} lines")
        names = [l for l in seen if l.startswith("id name ")]
        report.check("handshake: id name", bool(names), names[0] if names else "missing")
        options = {}
        for l in seen:
            m = re.match(r"option name (.+?) type (\w+)", l)
            if m:
                options[m.group(1)] = m.group(2)
        for name, kind in REQUIRED_OPTIONS.items():
            report.check(f"handshake: option {name} ({kind})", options.get(name) == kind,
                         f"advertised as {options[name]}" if name in options else "not advertised")
        report.check("handshake: isready after uciok", raw.sync()[0])
    finally:
        raw.close()


def check_options(report: Report, command: list[str]) -> None:
    with open_engine(command) as engine:
        for name, value in OPTION_VALUES.items():
            try:
                engine.configure({name: value})
                engine.ping()
                report.check(f"options: set {name}", True, repr(value))
            except chess.engine.EngineError as err:
                report.check(f"options: set {name}", False, str(err))
        result = engine.play(chess.Board(), chess.engine.Limit(depth=DEPTH_LIMIT))
        report.check("options: search after setting options", legal(chess.Board(), result.move and result.move.uci()))


def check_isready_during_search(report: Report, command: list[str]) -> None:
    raw = Raw(command)
    try:
        raw.start()
        raw.send("position startpos", "go infinite")
        time.sleep(SETTLE_S)
        answered, before = raw.sync(REPLY_S)
        early = [l for l in before if is_bestmove(l)]
        report.check("isready during go infinite: readyok within 1 s", answered)
        report.check("isready during go infinite: no bestmove before stop", not early, "; ".join(early))
        raw.send("stop")
        line, _ = raw.read_until(is_bestmove, REPLY_S)
        report.check("stop: bestmove within 1 s", line is not None, line or "")
        report.check("stop: bestmove legal", legal(chess.Board(), bestmove_of(line)), line or "")
        _, after = raw.sync()
        extra = [l for l in after if is_bestmove(l)]
        report.check("stop: exactly one bestmove", not extra, "; ".join(extra))
    finally:
        raw.close()


def check_ponder(report: Report, command: list[str]) -> None:
    raw = Raw(command)
    board = chess.Board()
    for move in ("e2e4", "e7e5"):
        board.push_uci(move)
    go_ponder = "go ponder wtime 5000 btime 5000 winc 0 binc 0"
    try:
        raw.start()
        raw.send("setoption name Ponder value true", "ucinewgame", "position startpos moves e2e4 e7e5", go_ponder)
        time.sleep(SETTLE_S)
        early, _ = raw.read_until(is_bestmove, 0)
        report.check("ponder: no bestmove while pondering", early is None, early or "")
        raw.send("ponderhit")
        line, _ = raw.read_until(is_bestmove, PONDERHIT_S) if early is None else (early, [])
        report.check("ponder: bestmove after ponderhit", line is not None, line or "")
        report.check("ponder: ponderhit bestmove legal", legal(board, bestmove_of(line)), line or "")
        raw.send("position startpos moves e2e4 e7e5", go_ponder)
        time.sleep(SETTLE_S)
        raw.send("stop")
        line, _ = raw.read_until(is_bestmove, REPLY_S)
        report.check("ponder: stop while pondering -> bestmove within 1 s", line is not None, line or "")
        report.check("ponder: responsive afterwards", raw.sync()[0])
    finally:
        raw.close()


def forced_mate(board: chess.Board, moves: int) -> bool:
    """True if the side to move mates within `moves` moves against every defence."""
    for move in list(board.legal_moves):
        board.push(move)
        if board.is_checkmate():
            board.pop()
            return True
        ok = moves > 1 and not board.is_game_over() and all(
            _after(board, reply, lambda: forced_mate(board, moves - 1)) for reply in list(board.legal_moves))
        board.pop()
        if ok:
            return True
    return False


def _after(board: chess.Board, move: chess.Move, test: Callable[[], bool]) -> bool:
    board.push(move)
    try:
        return test()
    finally:
        board.pop()


def check_search_limits(report: Report, command: list[str]) -> None:
    with open_engine(command) as engine:
        board = chess.Board()
        infos = engine.analyse(board, chess.engine.Limit(depth=MULTIPV_DEPTH), multipv=MULTIPV)
        firsts = [info["pv"][0] for info in infos if info.get("pv")]
        report.check(f"multipv {MULTIPV}: {MULTIPV} lines", len(infos) == MULTIPV, f"got {len(infos)}")
        report.check(f"multipv {MULTIPV}: distinct legal first moves",
                     len(set(firsts)) == MULTIPV and all(m in board.legal_moves for m in firsts),
                     " ".join(m.uci() for m in firsts))

        info = engine.analyse(board, chess.engine.Limit(depth=DEPTH_LIMIT))
        report.check(f"go depth {DEPTH_LIMIT}: reports depth {DEPTH_LIMIT}", info.get("depth") == DEPTH_LIMIT,
                     f"depth {info.get('depth')}")

        info = engine.analyse(board, chess.engine.Limit(nodes=NODES_LIMIT))
        nodes = info.get("nodes")
        report.check(f"go nodes {NODES_LIMIT}: reported nodes within {NODES_TOLERANCE:.0%}",
                     nodes is not None and nodes <= NODES_LIMIT * (1 + NODES_TOLERANCE), f"nodes {nodes}")

        start = time.monotonic()
        result = engine.play(board, chess.engine.Limit(time=MOVETIME_S))
        elapsed = time.monotonic() - start
        report.check(f"go movetime {int(MOVETIME_S * 1000)}: bestmove within {MOVETIME_OVERHEAD_S:.2f} s overhead",
                     elapsed <= MOVETIME_S + MOVETIME_OVERHEAD_S and result.move in board.legal_moves,
                     f"{elapsed:.3f} s, {result.move}")

        mate_board = chess.Board(MATE_FEN)
        result = engine.play(mate_board, chess.engine.Limit(mate=MATE_MOVES), info=chess.engine.INFO_SCORE)
        ok = result.move in mate_board.legal_moves and _after(
            mate_board, result.move, lambda: all(
                _after(mate_board, reply, lambda: forced_mate(mate_board, MATE_MOVES - 1))
                for reply in list(mate_board.legal_moves)))
        score = result.info.get("score")
        report.check(f"go mate {MATE_MOVES}: move forces mate", ok, f"{result.move}, score {score}")

        board960 = chess.Board.from_chess960_pos(CHESS960_POSITION)
        result = engine.play(board960, chess.engine.Limit(depth=DEPTH_LIMIT))
        report.check("chess960: legal move", result.move in board960.legal_moves, f"{result.move}")


PERFT_TOTAL = re.compile(r"\b(?:nodes(?: searched)?|total)\b[:=\s]*(\d+)", re.IGNORECASE)


def perft_total(raw: Raw, depth: int) -> tuple[Optional[int], list[str]]:
    """Run go perft and return the total it reports: the number after 'nodes', 'Nodes searched:'
    or 'total' on the first line that has one (per-move lines like 'e2e4: 600' are skipped)."""
    raw.send(f"go perft {depth}")
    line, seen = raw.read_until(lambda l: bool(PERFT_TOTAL.search(l)), PERFT_S)
    return (int(PERFT_TOTAL.search(line).group(1)) if line else None), seen


def check_perft(report: Report, command: list[str]) -> None:
    raw = Raw(command)
    try:
        raw.start()
        raw.send("position startpos")
        total, seen = perft_total(raw, PERFT_DEPTH)
        report.check(f"go perft {PERFT_DEPTH}: {PERFT_NODES}", total == PERFT_NODES,
                     f"got {total}" + ("" if total else f" ({len(seen)} lines)"))
        report.check("go perft: responsive afterwards", raw.sync()[0])
    finally:
        raw.close()


def check_robustness(report: Report, command: list[str]) -> None:
    """Each bad input goes to a fresh process, so one failure does not mask the next."""

    def fresh(name: str, body: Callable[[Raw], None]) -> None:
        raw = Raw(command)
        try:
            if not raw.start():
                report.check(f"{name}: handshake", False)
                return
            body(raw)
            answered, _ = raw.sync()
            report.check(f"{name}: still responsive (isready -> readyok)", answered,
                         f"exit status {raw.proc.poll()}" if raw.proc.poll() is not None else "")
        finally:
            raw.close()

    def go_before_position(raw: Raw) -> None:
        # The start position is the natural default; an info string explaining a refusal is fine too.
        raw.send("go depth 1")
        line, seen = raw.read_until(is_bestmove, SEARCH_S)
        report.check("go before position: legal bestmove from the start position or info string",
                     legal(chess.Board(), bestmove_of(line)) or any(map(is_info_string, seen)), line or "")

    def bad_input(text: str) -> Callable[[Raw], None]:
        def body(raw: Raw) -> None:
            raw.send(text)
            _, before = raw.sync()
            report.check(f"{text[:30]!r}: answered with info string", any(map(is_info_string, before)),
                         "; ".join(l[:80] for l in before)[:200])
        return body

    def illegal_in_move_list(raw: Raw) -> None:
        raw.send("position startpos moves e2e4 e7e5 e1e8 d2d4")
        _, before = raw.sync()
        report.check("illegal move in move list: info string", any(map(is_info_string, before)),
                     "; ".join(before)[:200])
        total, _ = perft_total(raw, 1)
        report.check("illegal move in move list: position kept up to e2e4 e7e5",
                     total == AFTER_E4_E5_MOVES, f"perft 1 = {total}, want {AFTER_E4_E5_MOVES}")

    def stop_while_idle(raw: Raw) -> None:
        raw.send("stop")
        _, before = raw.sync()
        stray = [l for l in before if is_bestmove(l)]
        report.check("stop while idle: no bestmove", not stray, "; ".join(stray))

    def long_line(raw: Raw) -> None:
        raw.send("x" * LONG_LINE_BYTES)
        answered, _ = raw.sync(HANDSHAKE_S)
        report.check("1 MiB line: readyok afterwards", answered)

    fresh("go before position", go_before_position)
    fresh("unknown command", bad_input("frobnicate the engine"))
    fresh("position fen garbage", bad_input("position fen garbage"))
    fresh("illegal move in move list", illegal_in_move_list)
    fresh("stop while idle", stop_while_idle)
    fresh("1 MiB line", long_line)


def check_eof(report: Report, command: list[str]) -> None:
    raw = Raw(command)
    try:
        raw.start()
        raw.close_stdin()
        try:
            status = raw.proc.wait(timeout=EOF_EXIT_S)
        except subprocess.TimeoutExpired:
            status = None
        report.check("EOF on stdin: exits with status 0 within 2 s", status == 0, f"status {status}")
    finally:
        raw.close()


def check_games(report: Report, command: list[str], stockfish: str, games: int, seed: int) -> None:
    spec = "uci:" + shlex.join(command)
    openings = match.read_openings(DEFAULT_OPENINGS) if os.path.exists(DEFAULT_OPENINGS) else [chess.Board()]
    random.Random(seed).shuffle(openings)
    tc = match.TimeControl.parse(GAME_TC)
    opponents = [("itself", spec), (f"Stockfish Skill Level {STOCKFISH_SKILL}",
                                    f"uci:{stockfish}?Skill Level={STOCKFISH_SKILL}")]
    for label, opponent_spec in opponents:
        a = match.Player(match.EngineSpec.parse(spec), "A")
        b = match.Player(match.EngineSpec.parse(opponent_spec), "B")
        try:
            tally = match.run_match(a, b, openings, games, tc, quiet=True)
        finally:
            a.close()
            b.close()
        tested = [a, b] if opponent_spec == spec else [a]
        faults = {kind: sum(getattr(p.faults, kind) for p in tested)
                  for kind in ("illegal_moves", "time_losses", "crashes", "hangs")}
        details = [d for p in tested for d in p.faults.details]
        min_clock = min((p.faults.min_clock for p in tested if p.faults.min_clock is not None), default=None)
        summary = (f"+{tally.wins} ={tally.draws} -{tally.losses} at {GAME_TC}, min clock "
                   f"{'n/a' if min_clock is None else f'{min_clock:.3f}s'}")
        for kind, count in faults.items():
            report.check(f"games vs {label}: no {kind.replace('_', ' ')}", count == 0,
                         f"{count}; {summary}" + ("; " + "; ".join(details) if count else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", nargs="?", default=DEFAULT_ENGINE,
                        help=f"engine command, split like a shell line (default {DEFAULT_ENGINE})")
    parser.add_argument("--short", action="store_true", help=f"{SHORT_GAMES} games per opponent instead of {FULL_GAMES} (for CI)")
    parser.add_argument("--games", type=int, help="games per opponent (overrides --short)")
    parser.add_argument("--no-games", action="store_true", help="skip the games")
    parser.add_argument("--stockfish", default=DEFAULT_STOCKFISH, help=f"Stockfish path (default {DEFAULT_STOCKFISH})")
    parser.add_argument("--seed", type=int, default=1, help="seed for the choice of openings (default 1)")
    args = parser.parse_args()

    command = shlex.split(args.engine)
    report = Report()
    started = time.monotonic()
    report.run("handshake", lambda: check_handshake(report, command))
    report.run("options", lambda: check_options(report, command))
    report.run("isready", lambda: check_isready_during_search(report, command))
    report.run("ponder", lambda: check_ponder(report, command))
    report.run("limits", lambda: check_search_limits(report, command))
    report.run("perft", lambda: check_perft(report, command))
    report.run("robustness", lambda: check_robustness(report, command))
    report.run("eof", lambda: check_eof(report, command))
    if not args.no_games:
        games = args.games if args.games is not None else (SHORT_GAMES if args.short else FULL_GAMES)
        report.run("games", lambda: check_games(report, command, args.stockfish, games, args.seed),
                   timeout=None)  # match.py detects hangs itself
    print(f"\n{report.passes} passed, {len(report.failures)} failed in {time.monotonic() - started:.0f} s")
    for name in report.failures:
        print(f"  FAIL {name}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
