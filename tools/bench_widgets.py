"""Benchmark the Nim widget: how long one reader move plus the computer's reply takes (prints, asserts nothing).

Usage: python tools/bench_widgets.py
Target: under 50 ms a move, even at 20 heaps of 10^9 stones (normal, misère and Moore's Nim_k).
"""

from __future__ import annotations

import random
import statistics
import time

from nimlib.widgets import NimGame


def per_move(position: tuple[int, ...], *, misere: bool = False, k: int = 1, moves: int = 30) -> list[float]:
    game = NimGame(position, misere=misere, k=k)
    rng = random.Random(0)
    timings = []
    for _ in range(moves):
        live = [i for i, h in enumerate(game.position) if h]
        if not live:
            break
        i = rng.choice(live)
        move = (i, rng.randrange(game.position[i]))
        start = time.perf_counter()
        game.play(move if k == 1 else (move,))
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def main() -> None:
    huge = tuple(10**9 + 7 * i for i in range(20))
    for label, position, kwargs in [
        ("Nim, (3, 4, 5)", (3, 4, 5), {}),
        ("Nim, 20 heaps of ~10^9", huge, {}),
        ("misère Nim, 20 heaps of ~10^9", huge, {"misere": True}),
        ("Moore's Nim_3, 20 heaps of ~10^9", huge, {"k": 3}),
        ("Nim, 20 heaps of 20 (400 stone buttons)", (20,) * 20, {}),
    ]:
        timings = per_move(position, **kwargs)
        print(
            f"{label:<42} median {statistics.median(timings):6.1f} ms, max {max(timings):6.1f} ms "
            f"over {len(timings)} moves (target < 50 ms)"
        )


if __name__ == "__main__":
    main()
