#!/usr/bin/env bash
# CI hook for the UCI harness: installs python-chess and Stockfish if missing (quietly), then
# runs the short protocol test against the release engine. Run from anywhere after
# `cargo build --release`; exits non-zero if any protocol check fails.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE="${1:-target/release/bbengine}"
STOCKFISH=/usr/games/stockfish

if ! python3 -c "import chess" 2>/dev/null; then
    pip install --quiet chess
fi
if [ ! -x "$STOCKFISH" ]; then
    apt-get install -y -qq stockfish >/dev/null
fi

# The unit tests: every tools/test_*.py.
python3 -m unittest discover -s tools -p 'test_*.py'
python3 tools/protocol_test.py --short --stockfish "$STOCKFISH" "$ENGINE"
