"""Check a misère quotient against exhaustive search on every sum of at most T tokens; prints, asserts nothing.

Usage: PYTHONPATH=. python tools/check_quotient_search.py [CODE] [--tokens T] [--heaps N]

Computes ``nimlib.quotient.quotient(octal(CODE), N)`` (default 0.77, misère Kayles, N = 60), then the misère
outcome of every sum of heaps with T tokens or fewer (default 58) by search, smallest total first (a sum is a
P-position when it has a move and none of its options is one), and counts the sums whose heaps are all <= N on
which the quotient's verdict differs. A quotient that merged two distinguishable classes, or a wrong P-portion
or pretending function, shows up as disagreements once the sums that tell them apart are in range. The quick
tier checks a smaller range (tests/test_quotient.py); this is the long run. Memory grows with the number of
sums (about 4.8 million to 58 tokens, a few GB).
"""

from __future__ import annotations

import argparse
import time

from nimlib.quotient import quotient
from nimlib.rulesets import octal


def partitions(total: int, largest: int):
    """Every multiset of positive parts with this total, parts in non-increasing order."""
    if total == 0:
        yield ()
        return
    for first in range(min(total, largest), 0, -1):
        for rest in partitions(total - first, first):
            yield (first, *rest)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("code", nargs="?", default="0.77", help="an octal code (default 0.77, Kayles)")
    parser.add_argument("--tokens", type=int, default=58, help="largest total of a sum (default 58)")
    parser.add_argument("--heaps", type=int, default=60, help="the quotient's heap bound N (default 60)")
    args = parser.parse_args()
    game = octal(args.code)
    start = time.perf_counter()
    q = quotient(game, args.heaps)
    print(f"{args.code}: quotient of heaps <= {args.heaps} has order {q.order} ({time.perf_counter() - start:.1f} s)")
    options = {
        h: sorted({tuple(sorted((x for x in o if x), reverse=True)) for o in game.options(h)})
        for h in range(args.tokens + 1)
    }
    is_p: dict[tuple[int, ...], bool] = {(): False}  # misère: no move left, the player to move has won
    checked = wrong = 0
    start = time.perf_counter()
    for total in range(1, args.tokens + 1):
        for pos in partitions(total, total):
            has_move = found_p = False
            for i, h in enumerate(pos):
                if i and pos[i - 1] == h:
                    continue
                rest = pos[:i] + pos[i + 1 :]
                for option in options[h]:
                    has_move = True
                    if is_p[tuple(sorted(rest + option, reverse=True))]:
                        found_p = True
                        break
                if found_p:
                    break
            is_p[pos] = has_move and not found_p
            if pos[0] <= args.heaps:
                checked += 1
                if q.is_p_position(pos) != is_p[pos]:
                    wrong += 1
                    if wrong <= 10:
                        print(f"  disagreement at {pos}: search says {'P' if is_p[pos] else 'N'}")
        if total % 10 == 0 or total == args.tokens:
            print(f"  sums of <= {total} tokens: {checked:,} checked, {wrong} disagreements "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)  # fmt: skip
    print(f"{args.code}: {checked:,} sums of at most {args.tokens} tokens, {wrong} disagreements with the quotient")


if __name__ == "__main__":
    main()
