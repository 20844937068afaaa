#!/usr/bin/env bash
# Side-by-side perft speed: bbengine against the peer crates cozy-chess, shakmaty and chess,
# on the six positions of bbengine::perft::SIX_POSITIONS. This is the table bb's performance
# claim is read from; run it on a quiet machine.
#
# Each contender is built at its best: bbengine plain (`cargo build --release`, it picks its
# x86-64-v3 code at run time), the peers with `-C target-cpu=native` (and cozy-chess's `pext`
# feature where PEXT is fast) in a separate target dir. Every round runs every position with
# every contender, one after the other, in an order that rotates from round to round.
#
# Settings (environment variables):
#   ROUNDS=5          rounds; the table shows the median of each
#   DEPTH_DELTA=0     added to each position's depth (e.g. -2 for a quick check)
#   ALL_BACKENDS=0    1: also run bbengine with every backend it lists, not just auto
#   PEERS="cozy-chess shakmaty chess"   (empty: none)
#   COZY_PEXT=auto    1/0: build cozy-chess with/without its pext feature; auto: with it
#                     where the CPU has BMI2 and is not AMD family 0x17 (microcoded PEXT)
#   BASELINE=         path of another bbengine binary (say, main before a hot-path change),
#                     run as contender "base" beside the current build: the before/after
#                     ratio is then measured side by side in the same run
#
# Usage: benches/compare.sh            ROUNDS=1 DEPTH_DELTA=-2 benches/compare.sh
#        BASELINE=/tmp/bbengine-before PEERS= benches/compare.sh
set -euo pipefail
shopt -s inherit_errexit # a failing tool inside $(...) stops the script too
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-5}
depth_delta=${DEPTH_DELTA:-0}
all_backends=${ALL_BACKENDS:-0}
read -r -a peers <<<"${PEERS-cozy-chess shakmaty chess}"
cozy_pext=${COZY_PEXT:-auto}
baseline=${BASELINE:-}

[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "error: ROUNDS must be a positive whole number" >&2; exit 2; }
[[ $depth_delta =~ ^-?[0-9]+$ ]] || { echo "error: DEPTH_DELTA must be a whole number" >&2; exit 2; }
[[ -z $baseline || -x $baseline ]] || { echo "error: BASELINE $baseline is not an executable file" >&2; exit 2; }

cpu_field() { grep -m1 "^$1[[:space:]]*:" /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //' || true; }

if [[ $cozy_pext == auto ]]; then
  cozy_pext=0
  if grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
    cozy_pext=1
    if [[ $(cpu_field vendor_id) == AuthenticAMD && $(cpu_field "cpu family") == 23 ]]; then
      cozy_pext=0
    fi
  fi
fi
peer_features=()
[[ $cozy_pext == 1 ]] && peer_features=(--features pext)

echo "== building bbengine (plain release) and peer-perft (target-cpu=native ${peer_features[*]:-})" >&2
cargo build --quiet --release -p bbengine
CARGO_TARGET_DIR=target/native RUSTFLAGS="-C target-cpu=native" \
  cargo build --quiet --release -p bbbench --bin peer-perft "${peer_features[@]}"
bbengine=target/release/bbengine
peer_perft=target/native/release/peer-perft

contenders=(bb:auto)
[[ -n $baseline ]] && contenders+=(base:auto)
if [[ $all_backends == 1 ]]; then
  while read -r backend; do contenders+=("bb:$backend"); done < <("$bbengine" backends)
fi
for peer in "${peers[@]}"; do contenders+=("peer:$peer"); done

# One contender's run: prints "nodes time_ms mnps backend" from the tool's last line.
run_one() {
  local contender=$1 depth=$2 fen=$3 line
  case $contender in
    bb:*) line=$("$bbengine" perft "$depth" --fen "$fen" --backend "${contender#bb:}" | tail -n1) ;;
    base:*) line=$("$baseline" perft "$depth" --fen "$fen" --backend "${contender#base:}" | tail -n1) ;;
    peer:*) line=$("$peer_perft" "${contender#peer:}" "$depth" --fen "$fen" | tail -n1) ;;
  esac
  if [[ ! $line =~ ^nodes\ ([0-9]+)\ time_ms\ ([0-9]+)\ mnps\ ([0-9.]+)\ backend\ (.+)$ ]]; then
    echo "error: $contender printed an unexpected line: $line" >&2
    exit 1
  fi
  echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]} ${BASH_REMATCH[4]}"
}

mapfile -t positions < <("$peer_perft" --list)
results=$(mktemp)
trap 'rm -f "$results"' EXIT

echo "== cpu: $(cpu_field "model name"); load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2
for ((round = 1; round <= rounds; round++)); do
  echo "== round $round of $rounds" >&2
  for entry in "${positions[@]}"; do
    read -r name depth expected fen <<<"$entry"
    depth=$((depth + depth_delta))
    ((depth >= 1)) || { echo "error: DEPTH_DELTA makes $name's depth $depth" >&2; exit 2; }
    # Rotate the order each round, so no contender always runs first (or last).
    n=${#contenders[@]}
    for ((i = 0; i < n; i++)); do
      contender=${contenders[$(((i + round - 1) % n))]}
      out=$(run_one "$contender" "$depth" "$fen")
      read -r nodes time_ms mnps backend <<<"$out"
      [[ $depth_delta == 0 ]] || expected=-
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
        "$round" "$name" "$depth" "$contender" "$backend" "$expected" "$nodes" "$time_ms" "$mnps" >>"$results"
      printf '   %-10s d%-2s %-16s %12s nodes %8s ms %8s M nodes/s\n' \
        "$name" "$depth" "$contender" "$nodes" "$time_ms" "$mnps" >&2
    done
  done
done

python3 - "$results" <<'PY'
"""Medians and ratios from compare.sh's runs (one tab-separated line per run)."""
import statistics
import sys
from collections import defaultdict

runs = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
contenders, positions, depths, resolved = [], [], {}, {}
mnps = defaultdict(list)                          # (position, contender) -> [M nodes/s]
total = defaultdict(lambda: [0, 0.0])             # (round, contender) -> [nodes, seconds]
nodes_seen = defaultdict(set)                     # (round, position) -> {nodes}
bad = []
for rnd, pos, depth, who, backend, expected, nodes, ms, rate in runs:
    if who not in contenders:
        contenders.append(who)
    if pos not in positions:
        positions.append(pos)
    depths[pos] = depth
    if who == "bb:auto":
        resolved[who] = backend
    nodes, ms = int(nodes), int(ms)
    if expected != "-" and nodes != int(expected):
        bad.append(f"{who} counted {nodes} nodes on {pos} d{depth}, expected {expected}")
    nodes_seen[rnd, pos].add(nodes)
    mnps[pos, who].append(float(rate))
    total[rnd, who][0] += nodes
    # The tools print whole milliseconds but M nodes/s from the exact time: recover the time
    # from the rate where there is one (sub-millisecond runs of a quick check).
    total[rnd, who][1] += nodes / (float(rate) * 1e6) if float(rate) > 0 else ms / 1e3
for (rnd, pos), seen in sorted(nodes_seen.items()):
    if len(seen) > 1:
        bad.append(f"round {rnd}, {pos}: contenders disagree on the node count: {sorted(seen)}")

rounds = sorted({rnd for rnd, _ in total}, key=int)
medians = {(pos, who): statistics.median(mnps[pos, who]) for pos in positions for who in contenders}
for who in contenders:
    per_round = [n / secs / 1e6 for n, secs in (total[r, who] for r in rounds) if secs > 0]
    medians["total", who] = statistics.median(per_round) if per_round else float("nan")

base = "bb:auto"
peers = [who for who in contenders if who.startswith(("peer:", "base:"))]
label = {who: who.replace("bb:", "bb ").replace("base:auto", "base").replace("peer:", "") for who in contenders}


def table(title, cols, cell):
    widths = [max(9, len(c)) for c in cols]
    print(f"\n{title}")
    print(f"{'position':<15}" + "".join(f"  {c:>{w}}" for c, w in zip(cols, widths)))
    for pos in positions + ["total"]:
        name = f"{pos} d{depths[pos]}" if pos != "total" else "total"
        print(f"{name:<15}" + "".join(f"  {cell(pos, i):>{w}}" for i, w in enumerate(widths)))


print(f"\nbb auto = the {resolved.get(base, '?')} backend; {len(rounds)} round(s);"
      " total = the six positions' nodes / their summed time, per round")
table("median M nodes/s", [label[w] for w in contenders], lambda pos, i: f"{medians[pos, contenders[i]]:.1f}")
table(
    "ratio bb auto / other, of the medians (> 1: bb auto is faster)",
    [f"/ {label[p]}" for p in peers],
    lambda pos, i: f"{medians[pos, base] / medians[pos, peers[i]]:.2f}" if medians[pos, peers[i]] > 0 else "n/a",
)
if bad:
    print("\nNODE COUNTS DO NOT AGREE:", *bad, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print("node counts: every contender agrees" + (" and matches SIX_POSITIONS" if runs[0][5] != "-" else ""))
PY
