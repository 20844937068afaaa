#!/usr/bin/env python3
"""Counts the cache lines and pages that the sliders benchmark's lookups touch in a dense
(fixed-shift) magic table: bb's generated table against shakmaty's (Volker Annuss's published
magics, read from the shakmaty crate in Cargo's registry, used here only to count).

    python3 tools/dense_lines.py            # after any cargo build that fetched shakmaty

A dependent chain of lookups is as fast as the memory level its entries come from, so the
number of distinct 64-byte lines the bench's 4,096 seeded (square, occupancy) pairs touch,
against the 512 lines of a 32 KiB L1 cache, explains most of a latency difference between two
dense tables (docs/performance.md). The pairs are `bbbench::slider_inputs()`, rebuilt here
from the same SplitMix64 seed.
"""

import glob
import os
import re
import sys

MASK64 = (1 << 64) - 1
SLIDER_SEED = 0x00BB_5EED_0000_0001  # bbbench::SLIDER_SEED
SLIDER_INPUTS = 4096  # bbbench::SLIDER_INPUTS
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def splitmix64(seed):
    """bbcore::SplitMix64: the same stream of 64-bit numbers."""
    state = seed
    while True:
        state = (state + 0x9E37_79B9_7F4A_7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB) & MASK64
        yield z ^ (z >> 31)


def slider_inputs():
    """bbbench::slider_inputs(): (square, occupancy) pairs, the square always occupied."""
    rng = splitmix64(SLIDER_SEED)
    pairs = []
    for _ in range(SLIDER_INPUTS):
        sq = next(rng) >> 58
        occ = (next(rng) & next(rng)) | (1 << sq)
        pairs.append((sq, occ))
    return pairs


def bb_magics(source, name):
    """(not_mask, magic, offset) of each square, from engine/src/generated/dense.rs."""
    body = source.split(f"pub static {name}")[1].split("];")[0]
    found = re.findall(r"not_mask: 0x([0-9a-f]+),\s*magic: 0x([0-9a-f]+),\s*offset: (\d+)", body)
    return [(int(n, 16), int(m, 16), int(o)) for n, m, o in found]


def shakmaty_magics(source, name):
    """(mask, factor, offset) of each square, from shakmaty's src/attacks.rs."""
    body = source.split(f"static {name}")[1].split("];")[0]
    found = re.findall(r"mask: 0x([0-9a-f_]+), factor: 0x([0-9a-f_]+), offset:\s*(\d+)", body)
    return [(int(m.replace("_", ""), 16), int(f.replace("_", ""), 16), int(o)) for m, f, o in found]


def bb_index(record, occ, bits):
    not_mask, magic, offset = record
    return ((((occ | not_mask) * magic) & MASK64) >> (64 - bits)) + offset


def shakmaty_index(record, occ, bits):
    mask, factor, offset = record
    return (((factor * (occ & mask)) & MASK64) >> (64 - bits)) + offset


def main():
    paths = sorted(glob.glob(os.path.expanduser("~/.cargo/registry/src/*/shakmaty-0.29.4/src/attacks.rs")))
    if not paths:
        sys.exit("error: shakmaty 0.29.4 is not in Cargo's registry; run `cargo build -p bbbench` first")
    with open(paths[-1], encoding="utf-8") as f:
        shakmaty = f.read()
    with open(os.path.join(ROOT, "engine/src/generated/dense.rs"), encoding="utf-8") as f:
        bb = f.read()
    pairs = slider_inputs()
    print("table     piece   entries  lines  pages  first..last entry")
    for piece, bits, name in (("rook", 12, "ROOK_MAGICS"), ("bishop", 9, "BISHOP_MAGICS")):
        for table, records, index in (
            ("bb", bb_magics(bb, name), bb_index),
            ("shakmaty", shakmaty_magics(shakmaty, name), shakmaty_index),
        ):
            if len(records) != 64:
                sys.exit(f"error: found {len(records)} {name} records in {table}'s source, not 64")
            touched = [index(records[sq], occ, bits) for sq, occ in pairs]
            lines = {i * 8 // 64 for i in touched}
            pages = {i * 8 // 4096 for i in touched}
            print(f"{table:9} {piece:6} {len(set(touched)):8} {len(lines):6} {len(pages):6}  {min(touched)}..{max(touched)}")


if __name__ == "__main__":
    main()
