#!/usr/bin/env bash
# Builds every fuzz target and runs each for a short fixed time (default 20 s, or $1), one
# after another, from a corpus seeded with the repository's EPD suites. Exit 1 on any crash.
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-20}
targets=(fen_roundtrip uci_move san_roundtrip epd_line play_invariants uci_parse uci_command)
cargo +nightly fuzz build
./seed.sh
for target in "${targets[@]}"; do
  printf '\n== fuzz %s for %s s\n' "$target" "$seconds"
  max_len=160
  case $target in fen_roundtrip | epd_line | uci_parse | uci_command) max_len=4096 ;; esac
  cargo +nightly fuzz run "$target" -- -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 2>&1 \
    | grep -E '^(stat::number_of_executed_units|Done|==[0-9]+==|SUMMARY|thread .* panicked)' || true
  # cargo fuzz exits non-zero on a crash; the pipe above hides that, the artifacts do not.
  if compgen -G "artifacts/$target/*" >/dev/null; then
    echo "fuzz $target: crash, see fuzz/artifacts/$target/" >&2
    exit 1
  fi
done
