"""Benchmark the generic searchers' cost per position: prints CPU seconds, asserts nothing.

Usage: python tools/bench_search.py [--n N] [--repeat K]

Cases: ``grundy.grundy_value`` and ``search.solve`` on a chain (each
position has one move, n -> n - 1: the searcher's own overhead per position,
with nothing else to do), given as a plain successors function (wrapped in
``SuccessorsGame``) and as a rules object, and on Kayles positions (a
``HeapGame``, the generic path through ``moves``/``options``). The
reference row runs the first edition's loop (before the one-protocol
redesign: a successors function called directly, no argument checks) on the
same chain, so the overhead of the protocol shows as a ratio. Each case runs
K times (default 1); the table shows the least CPU time (``process_time``)
and the time per position labelled.
Machines are shared and noisy: compare ratios, not seconds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Hashable

from nimlib import grundy, rulesets, search
from nimlib.game import Ruleset


def chain(n: int) -> list[int]:
    """The successors of a chain position: one move, to n - 1."""
    return [n - 1] if n else []


class Chain(Ruleset):
    """The chain as a rules object: a move is the next position."""

    name = "chain"

    def moves(self, position: int) -> list[int]:
        return [position - 1] if position else []

    def apply(self, position: int, move: int) -> int:
        return move


def first_edition_grundy(successors: Callable, position: Hashable) -> int:
    """The first edition's grundy_value loop (explicit stack, no checks), kept here as the reference."""
    memo: dict[Hashable, int] = {}
    on_path = {position}
    stack: list[list] = [[position, iter(successors(position)), []]]
    while stack:
        frame = stack[-1]
        pushed = False
        for child in frame[1]:
            value = memo.get(child)
            if value is None:
                if child in on_path:
                    raise ValueError("not finite")
                on_path.add(child)
                stack.append([child, iter(successors(child)), []])
                pushed = True
                break
            frame[2].append(value)
        if pushed:
            continue
        stack.pop()
        on_path.discard(frame[0])
        seen = frame[2]
        flags = bytearray(len(seen) + 1)
        for v in seen:
            if v < len(flags):
                flags[v] = 1
        memo[frame[0]] = value = flags.index(0)
        if stack:
            stack[-1][2].append(value)
    return memo[position]


def cpu(call: Callable[[], object], repeat: int) -> float:
    """The least CPU time of ``repeat`` runs of ``call``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10**6, help="chain length (default 10^6)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per case; the least time is shown")
    args = parser.parse_args()
    n = args.n
    limit = max(n + 1, search.MAX_POSITIONS)
    kayles_positions = [(a, b) for a in range(1, 17) for b in range(a, 17)]
    kayles_known: dict = {}

    def kayles_values() -> None:
        kayles_known.clear()
        for p in kayles_positions:
            grundy.grundy_value(rulesets.kayles, p, known=kayles_known)

    cases = [
        ("first edition loop, successors function", lambda: first_edition_grundy(chain, n), n),
        ("grundy_value, successors function", lambda: grundy.grundy_value(chain, n, limit=limit), n),
        ("grundy_value, rules object", lambda: grundy.grundy_value(Chain(), n, limit=limit), n),
        ("solve, successors function", lambda: search.solve(chain, n, limit=limit), n),
        ("solve, rules object", lambda: search.solve(Chain(), n, limit=limit), n),
        ("grundy_value, Kayles pairs to 16 (HeapGame)", kayles_values, kayles_known),
    ]
    print(f"chain of n = {n:,}; load average {os.getloadavg()[0]:.2f}; python {sys.version.split()[0]}")
    print(f"{'case':<46} {'CPU s':>8} {'µs/position':>12} {'vs first edition':>17}")
    reference = None
    for label, call, positions in cases:
        seconds = cpu(call, args.repeat)
        if reference is None:
            reference = seconds
        chain_case = isinstance(positions, int)
        count = positions if chain_case else len(positions)  # the memo the case filled
        per = f"{seconds / count * 1e6:12.2f}"
        ratio = f"{seconds / reference:16.2f}x" if chain_case else f"{'':>17}"
        print(f"{label:<46} {seconds:8.2f} {per} {ratio}")


if __name__ == "__main__":
    main()
