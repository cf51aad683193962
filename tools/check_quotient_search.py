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
from nimlib.search import every_heap_sum


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
    start = time.perf_counter()
    searched = every_heap_sum(game.options, args.tokens, misere=True)
    print(f"  search: {len(searched) - 1:,} sums of at most {args.tokens} tokens ({time.perf_counter() - start:.0f} s)")
    checked = wrong = 0
    for pos, is_p in searched.items():
        if pos and pos[0] <= args.heaps:
            checked += 1
            if q.is_p_position(pos) != is_p:
                wrong += 1
                if wrong <= 10:
                    print(f"  disagreement at {pos}: search says {'P' if is_p else 'N'}")
    print(f"{args.code}: {checked:,} sums of at most {args.tokens} tokens, {wrong} disagreements with the quotient")


if __name__ == "__main__":
    main()
