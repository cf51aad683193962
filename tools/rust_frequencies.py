"""Turn the frequencies Rogalski's Rust solver prints into the layout of his published results/GAME/N files.

Usage: octal GAME M 0 | python tools/rust_frequencies.py N [--json FILE] > FILE     (N a power of two < M)

Why a conversion at all: the solver (rogalski-wmii-uni-lodz-pl/octal at
9841c1e, MIT) writes no frequency file. It prints, to stdout, a line
"N freqs after …" and then a JSON array of {"nimber", "frequency", "rare"}
each time it has computed g(N) for N a power of two; that array counts heaps
0..N (its first ``initialize_frequencies`` loop starts at heap 0) and runs on
with zero counts up to a power of two past the largest value. The published
files count heaps 1..N and stop at the largest value: "value count" lines
for every value from 0 up, zero counts included. So this script takes the
block for N, takes heap 0 (value 0) off the count of 0, drops the zero counts
past the largest value and prints the rest: nothing else. Run on the
solver's output for 0.167, 0.161 and 0.014 up to 2^20 it reproduces every
published file up to 2^20 byte for byte (tests/data/frequencies/README.md).

``--json FILE`` also writes the block for N exactly as the solver printed it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys


def block(text: str, n: int) -> str:
    """The JSON array the solver printed after the line "N freqs after …", as printed."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if re.fullmatch(rf"{n} freqs after .*\n?", line):
            end = next(j for j in range(i + 1, len(lines)) if lines[j].rstrip("\n") == "]")
            return "".join(lines[i + 1 : end + 1])
    raise SystemExit(f"no line '{n} freqs after' in the input: run the solver past N (octal GAME N+1 0)")


def published(array: str) -> str:
    """The block's counts as a published file: heaps 1..N (heap 0 taken off), values 0..largest."""
    entries = json.loads(array)
    if [e["nimber"] for e in entries] != list(range(len(entries))):
        raise SystemExit("the block does not list the values 0, 1, 2, … in order")
    counts = [e["frequency"] for e in entries]
    counts[0] -= 1  # heap 0 has value 0; the published files count heaps 1..N
    while counts and counts[-1] == 0:
        counts.pop()
    return "".join(f"{v} {c}\n" for v, c in enumerate(counts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, metavar="N", help="the power of two whose block to take")
    parser.add_argument("--json", metavar="FILE", help="also write the block as the solver printed it")
    args = parser.parse_args()
    array = block(sys.stdin.read(), args.n)
    if args.json:
        from nimlib._atomic import atomic_write

        with atomic_write(args.json, encoding="ascii", what="the block") as f:
            f.write(array)
    sys.stdout.write(published(array))


if __name__ == "__main__":
    main()
