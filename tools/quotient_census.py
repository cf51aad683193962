"""A census of misère quotients: every octal game with at most two code digits after the point.

Usage: PYTHONPATH=. python tools/quotient_census.py [--bound N] [--max-work W] [--cap C] [--output FILE]

The games are the codes 0.d and 0.dd (digits 0-7, the last one not 0: 0.70 is 0.7), and the same with 4
before the point (4, 4.d, 4.dd: a heap may also split in two without losing a token), 127 codes. For each,
``quotient(octal(code), n)`` is computed for heaps <= N (default 64) within W search steps (default 200,000,
about 2 s); when it is refused, the row keeps the largest bound H that computes within W (found by climbing from
the refused heap: the engine may refuse early on an estimate of the work up to N) and the refusal of H + 1.
Each row records the order, the P-portion's size, the orders heap by heap, the least heap h from which the
order is unchanged up to the bound (an observation), and, when chapter 16's periodicity theorem for misère
quotients applies to the computed pretending function (period p from n0, bound >= 2 n0 + 2p + t - 1), that
period: then the quotient is the quotient for all heaps. Codes whose heaps have the same moves on every heap
<= N as an earlier code are marked ``same_moves_as``.

Every row is checked against exhaustive misère search written here from the code's digits (not from
nimlib's rules or quotient code): every sum of at most ``tokens_all`` tokens (default 20), and every sum of
at most 3 heaps of total up to ``tokens_3`` (raised a total at a time while the search has met fewer than C
positions, default 20,000). Writes tests/data/quotient-census.json and prints how long it took (wall clock
and CPU); asserts that every check agrees. tests/test_quotient_census.py re-checks the file.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from nimlib.quotient import MisereQuotient, quotient
from nimlib.rulesets import octal

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "tests" / "data" / "quotient-census.json"
BOUND = 64
MAX_WORK = 200_000
TOKENS_ALL = 20
CAP = 20_000


def census_codes() -> list[str]:
    """The codes in census order: 0.d, 0.dd, then 4, 4.d, 4.dd (no trailing 0 after the point)."""
    codes = [f"0.{d}" for d in "1234567"] + [f"0.{a}{b}" for a in "01234567" for b in "1234567"]
    return codes + ["4"] + [f"4.{d}" for d in "1234567"] + [f"4.{a}{b}" for a in "01234567" for b in "1234567"]


def heap_options(code: str, n: int) -> list[tuple[int, ...]]:
    """The options of one heap of n, read from the code's digits: digit j (j tokens taken) has bits 1, 2, 4.

    Bit 1: take j and leave no heap; bit 2: leave one heap (n - j >= 1); bit 4: leave two non-empty heaps.
    The digit before the point is j = 0 (only 0 or 4). Each option is a sorted tuple of heap sizes.
    """
    head, _, tail = code.partition(".")
    digits = [int(head or "0")] + [int(d) for d in tail]
    out: set[tuple[int, ...]] = set()
    for j, d in enumerate(digits):
        rest = n - j
        if d & 1 and j >= 1 and rest == 0:
            out.add(())
        if d & 2 and j >= 1 and rest >= 1:
            out.add((rest,))
        if d & 4 and rest >= 2:
            out.update((a, rest - a) for a in range(1, rest // 2 + 1))
    return sorted(out)


class MisereSearch:
    """Exhaustive misère outcomes of sums of heaps of one code: P when some move exists and every move is to N."""

    def __init__(self, code: str, largest: int) -> None:
        self.moves = {n: heap_options(code, n) for n in range(1, largest + 1)}
        self.known: dict[tuple[int, ...], bool] = {}

    def is_p(self, position: tuple[int, ...]) -> bool:
        """True for a misère P-position; heaps with no move are dropped (they never change the play)."""
        key = tuple(sorted(h for h in position if self.moves[h]))
        stack = [key]
        while stack:  # depth-first, options before the positions that reach them, without recursion
            pos = stack[-1]
            if pos in self.known:
                stack.pop()
                continue
            options = list(self._options(pos))
            todo = [o for o in options if o not in self.known]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            self.known[pos] = bool(options) and not any(self.known[o] for o in options)
        return self.known[key]

    def _options(self, pos: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            rest = pos[:i] + pos[i + 1 :]
            for option in self.moves[h]:
                yield tuple(sorted(rest + tuple(x for x in option if self.moves[x])))


def partitions(total: int, largest: int, parts: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every sum of heaps <= ``largest`` with exactly ``total`` tokens (at most ``parts`` heaps), non-increasing."""
    if total == 0:
        yield ()
        return
    if parts == 0:
        return
    for first in range(min(total, largest), 0, -1):
        for rest in partitions(total - first, first, None if parts is None else parts - 1):
            yield (first, *rest)


def check_against_search(code: str, q: MisereQuotient, tokens_all: int, cap: int) -> dict:
    """Compare the quotient's verdict with the search on every small sum; the ranges checked and the count.

    Raises AssertionError at the first sum where they differ.
    """
    bound = q.bound
    search = MisereSearch(code, max(3 * bound, tokens_all))
    checked = 0
    tokens_3 = 0
    for total in range(1, max(3 * bound, tokens_all) + 1):
        if total > tokens_all and len(search.known) > cap:
            break
        sums = partitions(total, bound) if total <= tokens_all else partitions(total, bound, 3)
        for s in sums:
            if q.is_p_position(s) != search.is_p(s):
                raise AssertionError(f"{code}: the quotient of heaps <= {bound} and the search differ at {list(s)}")
            checked += 1
        tokens_3 = total
    return {"tokens_all": min(tokens_all, tokens_3), "tokens_3": tokens_3, "sums": checked}


def max_take(code: str) -> int:
    """The most tokens one move takes (t of the periodicity theorem): the last non-zero digit's place."""
    tail = code.partition(".")[2]
    return max((j for j, d in enumerate(tail, start=1) if d != "0"), default=0)


def final_period(q: MisereQuotient, t: int) -> dict | None:
    """A period p of the pretending function from n0 with bound >= 2 n0 + 2p + t - 1, the least such p; else None.

    Chapter 16's theorem (thm-quotient-periodicity): then the quotient is the quotient of heaps of every size.
    """
    phi, bound = q.pretend, q.bound
    for p in range(1, bound):
        n0 = bound - p + 1
        while n0 > 1 and phi[n0 - 1 + p] == phi[n0 - 1]:
            n0 -= 1
        if bound >= 2 * n0 + 2 * p + t - 1:
            return {"period": p, "from": n0}
    return None


def unchanged_from(history: list[int]) -> int:
    """The least h such that the quotients of heaps <= h, ..., <= bound all have the last order."""
    h = len(history) - 1
    while h > 0 and history[h - 1] == history[-1]:
        h -= 1
    return h


def refusal_kind(message: str) -> str:
    """What a refusal of quotient() says stopped it: the order limit, the work spent, or the work estimated ahead."""
    if "MAX_ORDER" in message:
        return "order limit"
    if "estimated" in message and "max_work" in message:
        return "work estimate"
    return "work budget" if "max_work" in message else "other limit"


def reach(code: str, bound: int, max_work: int) -> tuple[MisereQuotient, dict | None]:
    """The quotient for the largest bound H <= ``bound`` that computes within ``max_work``, and the refusal of H + 1.

    A refusal at heap h of ``bound`` may come from an estimate of the checks up to ``bound`` (quotient() refuses
    before it starts work it cannot finish), so a smaller target can get further: climb from h until a bound is
    refused. Returns (quotient, None) when ``bound`` computes.
    """
    game = octal(code)

    def attempt(n: int) -> MisereQuotient | str:
        try:
            return quotient(game, n, max_work=max_work)
        except ValueError as error:
            return str(error)

    result = attempt(bound)
    if not isinstance(result, str):
        return result, None
    found = re.match(r"heap (\d+)\b", result)
    n = int(found.group(1)) - 1 if found else 0  # heaps below the refused one were computed within the budget
    best = attempt(n) if n else None
    if isinstance(best, str):  # cannot happen when the message names the heap; fall back to searching from 1
        best, n = None, 0
    message = result
    while n + 1 < bound:
        step = attempt(n + 1)
        if isinstance(step, str):
            message = step
            break
        best, n = step, n + 1
    if best is None:
        raise ValueError(f"{code}: not even heap 1 computes within max_work = {max_work:,}: {message}")
    return best, {"heap": n + 1, "reason": refusal_kind(message), "message": message}


def census_row(code: str, bound: int, max_work: int, tokens_all: int, cap: int) -> dict:
    """One game's row: the quotient to the largest heap reached, its figures, and the search check."""
    q, stop = reach(code, bound, max_work)
    history = list(q.history)
    return {
        "code": code,
        "bound": q.bound,
        "order": q.order,
        "p_portion": len(q.p_portion),
        "history": history,
        "unchanged_from": unchanged_from(history),
        "final": final_period(q, max_take(code)),
        "stop": stop,
        "same_moves_as": None,
        "checked": check_against_search(code, q, tokens_all, cap),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bound", type=int, default=BOUND, help=f"largest heap tried (default {BOUND})")
    parser.add_argument("--max-work", type=int, default=MAX_WORK, help=f"search steps per game ({MAX_WORK:,})")
    parser.add_argument("--tokens", type=int, default=TOKENS_ALL, help=f"every sum this small ({TOKENS_ALL})")
    parser.add_argument("--cap", type=int, default=CAP, help=f"search positions per game ({CAP:,})")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the JSON file to write")
    parser.add_argument("codes", nargs="*", help="only these codes (default: the whole census)")
    args = parser.parse_args()
    start, cpu = time.perf_counter(), time.process_time()
    rows = []
    first_with: dict[tuple, str] = {}
    for code in args.codes or census_codes():
        begun = time.perf_counter()
        row = census_row(code, args.bound, args.max_work, args.tokens, args.cap)
        moves = tuple(tuple(heap_options(code, n)) for n in range(1, args.bound + 1))
        earlier = first_with.setdefault(moves, code)
        row["same_moves_as"] = earlier if earlier != code else None
        rows.append(row)
        stop = f", stops at heap {row['stop']['heap']} ({row['stop']['reason']})" if row["stop"] else ""
        print(
            f"{code:>5}: heaps <= {row['bound']:>2}, order {row['order']:>4}, P-portion {row['p_portion']:>3}, "
            f"unchanged from {row['unchanged_from']:>2}{stop}; {row['checked']['sums']:,} sums checked "
            f"({time.perf_counter() - begun:.1f} s)",
            flush=True,
        )
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    data = {
        "about": (
            "Misère quotients of the octal games with at most two code digits, by tools/quotient_census.py "
            "(nimlib.quotient.quotient), each checked against exhaustive misère search on small sums"
        ),
        "bound": args.bound,
        "max_work": args.max_work,
        "tokens_all": args.tokens,
        "cap": args.cap,
        "seconds": round(elapsed),
        "cpu_seconds": round(cpu),
        "rows": rows,
    }
    args.output.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(rows)} games in {elapsed:.0f} s ({cpu:.0f} s of CPU); written to {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
