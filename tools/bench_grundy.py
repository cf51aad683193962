"""Benchmark the Grundy-value engine: prints timings, asserts nothing (machines are shared and noisy).

Usage: python tools/bench_grundy.py [--quick]
Targets on a 2-core machine: Grundy's game 10^6 <= 9 s and 10^5 <= 0.8 s;
Kayles 10^6 and 10^7 <= 0.5 s; Dawson's Kayles 10^5 with the plain loop <= 3 s;
the pure-Python reference within reason at 10^4.
"""

from __future__ import annotations

import sys
import time

from nimlib import find_period, grundy_values, rulesets
from nimlib._kernels import warm_up
from nimlib.grundy import heap_values


def timed(label: str, target: float | None, function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    seconds = time.perf_counter() - start
    goal = f"(target <= {target:g} s)" if target else ""
    print(f"{label:<46} {seconds:8.3f} s {goal}", flush=True)
    return result


def main(quick: bool) -> None:
    timed("compile or load the kernels", None, warm_up)
    timed("Kayles, n = 10^6", 0.5, grundy_values, rulesets.kayles, 10**6)
    timed("Kayles, n = 10^7", 0.5, grundy_values, rulesets.kayles, 10**7)
    timed("Grundy's game, n = 10^5 (sparse)", 0.8, grundy_values, rulesets.grundys_game, 10**5)
    timed("Grundy's game, n = 10^5 (plain loop)", None, grundy_values, rulesets.grundys_game, 10**5, method="plain")
    timed("Dawson's Kayles, n = 10^5 (plain loop)", 3, grundy_values, rulesets.dawsons_kayles, 10**5, method="plain")
    timed("Kayles, n = 10^4 (pure Python)", None, heap_values, rulesets.kayles, 10**4)
    timed("find_period(crosses)", None, find_period, rulesets.crosses)
    if not quick:
        values = timed("Grundy's game, n = 10^6 (sparse)", 9, grundy_values, rulesets.grundys_game, 10**6)
        print(f"  largest value {int(values.max())}, {values.nbytes / 1e6:.1f} MB ({values.dtype})")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
