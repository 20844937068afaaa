#!/usr/bin/env bash
# Seeds corpus/<target>/ from the repository's EPD suites (one file per line) so the fuzzers
# start from real FENs. Idempotent; corpus/ is not committed.
set -euo pipefail
cd "$(dirname "$0")"
data=../tests/data
for target in fen_roundtrip uci_move san_roundtrip epd_line play_invariants uci_command uci_parse; do
  mkdir -p "corpus/$target"
done
i=0
while IFS= read -r line; do
  i=$((i + 1))
  fen=${line%%;*}
  printf '%s' "$fen" >"corpus/fen_roundtrip/seed$i"
  printf '%s\n' "$line" >"corpus/epd_line/seed$i"
  # 0x80 and up: the FEN follows, then a newline, then the moves or text.
  printf '\x80%s\ne2e4 e1g1 a7a8q\n' "$fen" >"corpus/uci_move/seed$i"
  printf '\x80%s\nNf3' "$fen" >"corpus/san_roundtrip/seed$i"
  printf '\x80%s\n\x01\x02\x03\x04\x05\x06\x07\x08\x09' "$fen" >"corpus/play_invariants/seed$i"
  # A UCI session on the position: a search, a second search after a move, the position shown.
  printf 'position fen %s\ngo depth 2\nposition fen %s moves e2e4 e1g1\ngo nodes 500 searchmoves a7a8q\nd\n' \
    "$fen" "$fen" >"corpus/uci_command/seed$i"
done < <(grep -hv '^#' "$data"/random_std.epd "$data"/random_960.epd | head -100)
for n in $(seq 0 23); do
  printf "\\x$(printf %02x "$n")\\x00\\x01\\x02\\x03\\x04\\x05" >"corpus/play_invariants/fixed$n"
  printf "\\x$(printf %02x "$n")O-O" >"corpus/san_roundtrip/fixed$n"
  printf "\\x$(printf %02x "$n")e1g1" >"corpus/uci_move/fixed$n"
done
# UCI sessions by hand: every command, options, clocks, ponder, bad lines.
printf 'uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo wtime 1000 btime 1000 winc 10 binc 10\n' \
  >corpus/uci_command/fixed0
printf 'setoption name UCI_Chess960 value true\nposition fen %s\ngo depth 2\nd\n' \
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' >corpus/uci_command/fixed1
printf 'setoption name MultiPV value 3\nsetoption name Threads value 2\ngo depth 3\ngo infinite\nisready\nstop\n' \
  >corpus/uci_command/fixed2
printf 'go ponder movetime 10\nponderhit\ngo perft 2\nsetoption name Hash value 1\nsetoption name Clear Hash\n' \
  >corpus/uci_command/fixed3
printf 'position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo mate 1\nposition fen 8/8/8/8/8/8/8/K6k w - - 4294967295 1 moves a1a2\ngo\n' \
  >corpus/uci_command/fixed4
printf 'debug on\nfly\nposition fen garbage\ngo depth -1 movestogo 0\nsetoption name Move Overhead value 99\nquit\n' \
  >corpus/uci_command/fixed5
# The parser alone starts from the same sessions.
cp corpus/uci_command/* corpus/uci_parse/
