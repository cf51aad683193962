"""Time the heap-by-heap misère quotients (nimlib.quotient.quotient): prints a table, asserts nothing.

Usage: python tools/bench_quotient.py [--quick]

Each row computes the quotient of heaps <= N once and prints its order, the heap from which it stopped
changing (observed), the heaps where it grew, and the wall time, with the published order beside ours where
there is one: 0.75 (Plambeck 2005: order 8, P-portion {a, b²}); Dawson's Kayles 0.07 to heap 30 (Siegel, on
Plambeck's blog "Misère games", 28 August 2007, "Some MisereSolver questions answered": "Q_30(0.07) has size
360"). Kayles partial quotients are computed here. MisereSolver's own running times are not quoted: we know of
no published timings to set beside these. Machines are shared and noisy: the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import time

from nimlib.quotient import quotient
from nimlib.rulesets import crosses, dawsons_kayles, kayles, nim, octal

# (label, game, N, published order or None)
CASES = [
    ("0.75 (Plambeck 2005)", octal("0.75"), 30, 8),
    ("nim", nim, 12, None),
    ("kayles 0.77", kayles, 30, None),
    ("kayles 0.77", kayles, 60, None),
    ("dawson 0.07", dawsons_kayles, 24, None),
    ("dawson 0.07 (Siegel)", dawsons_kayles, 30, 360),
    ("dawson 0.07", dawsons_kayles, 33, None),
    ("crosses 0.137", crosses, 23, None),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the long cases (Kayles to 60, Dawson to 30, 33)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f}; MisereSolver timings: none quoted (no published figures known to us)")
    head = f"{'game':<22} {'N':>4} {'order':>6} {'published':>9} {'stable from':>12} {'seconds':>8}"
    print(head + "  grows at (heap: order)")
    for label, game, n, published in CASES:
        if args.quick and (n > 30 or published == 360):
            continue
        start = time.perf_counter()
        q = quotient(game, n, max_work=10**8)  # the time is the point here, not the default budget
        seconds = time.perf_counter() - start
        grows = ", ".join(f"{h}: {q.history[h]}" for h in range(1, n + 1) if q.history[h] != q.history[h - 1])
        quoted = "-" if published is None else str(published)
        print(f"{label:<22} {n:>4} {q.order:>6} {quoted:>9} {q.stable_from():>12} {seconds:>8.2f}  {grows}")
    if not args.quick:
        # Where the engine stops: the first bound of Dawson's Kayles it refuses, and why (about a minute and a half)
        start = time.perf_counter()
        try:
            quotient(dawsons_kayles, 34, max_work=10**8)
            print("dawson 0.07 to 34: computed (the engine now goes further than chapter 16 says)")
        except ValueError as error:
            print(f"dawson 0.07 to 34: refused after {time.perf_counter() - start:.0f} s: {error}")


if __name__ == "__main__":
    main()
