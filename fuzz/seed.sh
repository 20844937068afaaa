#!/usr/bin/env bash
# Seeds corpus/<target>/ from the repository's EPD suites (one file per line) so the fuzzers
# start from real FENs. Idempotent; corpus/ is not committed.
set -euo pipefail
cd "$(dirname "$0")"
data=../tests/data
for target in fen_roundtrip uci_move san_roundtrip epd_line play_invariants; do
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
done < <(grep -hv '^#' "$data"/random_std.epd "$data"/random_960.epd | head -100)
for n in $(seq 0 23); do
  printf "\\x$(printf %02x "$n")\\x00\\x01\\x02\\x03\\x04\\x05" >"corpus/play_invariants/fixed$n"
  printf "\\x$(printf %02x "$n")O-O" >"corpus/san_roundtrip/fixed$n"
  printf "\\x$(printf %02x "$n")e1g1" >"corpus/uci_move/fixed$n"
done
