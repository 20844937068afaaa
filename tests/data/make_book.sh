#!/bin/sh
# Rebuilds tests/data/book.bin from tests/data/book.pgn with an independent tool: PolyGlot
# 2.0.4 from the Debian package `polyglot` (apt-get install -y polyglot; the binary lands in
# /usr/games). The exact command is the last line. -min-game 1 keeps moves played in one game
# only (the default is 3); -max-ply 16 covers every game in the PGN.
#
# The tests read only the committed book.bin (tests/tests/book.rs); the ignored test
# `committed_book_is_what_polyglot_makes` runs this command again and compares the bytes.
set -eu
cd "$(dirname "$0")"
PATH="$PATH:/usr/games"
polyglot make-book -pgn book.pgn -bin book.bin -min-game 1 -max-ply 16
