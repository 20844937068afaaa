#!/usr/bin/env python3
"""A deliberately faulty UCI engine for testing the harness's fault handling.

It plays random legal moves until ply FAULT_PLY (argument 2, default 6), then
misbehaves as told by argument 1:

    ok       never misbehaves
    illegal  answers with an illegal move
    crash    exits with status 3 instead of answering
    hang     never answers
    slow     thinks for 2 s per move (loses on time at short controls)

Example: python3 tools/match.py "uci:python3 tools/fake_engine.py crash 4" uci:/usr/games/stockfish
"""

import random
import sys
import time

import chess

SLOW_MOVE_S = 2.0


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return
    mode = sys.argv[1] if len(sys.argv) > 1 else "ok"
    fault_ply = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    board = chess.Board()
    rng = random.Random(1)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name fake-" + mode)
            print("uciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "position":
            board = chess.Board() if words[1] == "startpos" else chess.Board(" ".join(words[2:8]))
            if "moves" in words:
                for move in words[words.index("moves") + 1:]:
                    board.push_uci(move)
        elif words[0] == "go":
            if board.ply() >= fault_ply and mode != "ok":
                if mode == "illegal":
                    print("bestmove e1e8", flush=True)
                    continue
                if mode == "crash":
                    sys.exit(3)
                if mode == "hang":
                    continue
                if mode == "slow":
                    time.sleep(SLOW_MOVE_S)
            print("bestmove " + rng.choice(list(board.legal_moves)).uci(), flush=True)
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
