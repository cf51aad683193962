"""Time the heap-by-heap misère quotients (nimlib.quotient.quotient): prints a table, asserts nothing.

Usage: python tools/bench_quotient.py [--quick]

Each row computes the quotient of heaps <= N once and prints its order, the heap from which it stopped
changing (observed), the heaps where it grew, and the wall time. The published quotients it reproduces:
0.75 (Plambeck 2005: order 8, P-portion {a, b²}); Kayles and Dawson's Kayles partial quotients are computed
here. MisereSolver's own running times are not quoted: we know of no published timings to set beside these.
Machines are shared and noisy: the load average is printed with the table.
"""

from __future__ import annotations

import argparse
import os
import time

from nimlib.quotient import quotient
from nimlib.rulesets import crosses, dawsons_kayles, kayles, nim, octal

CASES = [
    ("0.75 (Plambeck 2005)", octal("0.75"), 30),
    ("nim", nim, 12),
    ("kayles 0.77", kayles, 30),
    ("kayles 0.77", kayles, 60),
    ("dawson 0.07", dawsons_kayles, 24),
    ("crosses 0.137", crosses, 23),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the long Kayles case")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f}; MisereSolver timings: none quoted (no published figures known to us)")
    print(f"{'game':<22} {'N':>4} {'order':>6} {'stable from':>12} {'seconds':>8}  grows at (heap: order)")
    for label, game, n in CASES:
        if args.quick and n > 30:
            continue
        start = time.perf_counter()
        q = quotient(game, n)
        seconds = time.perf_counter() - start
        grows = ", ".join(f"{h}: {q.history[h]}" for h in range(1, n + 1) if q.history[h] != q.history[h - 1])
        print(f"{label:<22} {n:>4} {q.order:>6} {q.stable_from():>12} {seconds:>8.2f}  {grows}")


if __name__ == "__main__":
    main()
