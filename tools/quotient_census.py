"""A census of misère quotients: every octal game with at most two code digits after the point.

Usage: PYTHONPATH=. python tools/quotient_census.py [--bound N] [--max-work W] [--tokens T] [--cap C]
       [--output FILE] [CODE ...]

The games are the codes 0.d and 0.dd (digits 0-7, the last one not 0: 0.70 is 0.7), and the same with 4
before the point (4, 4.d, 4.dd: a heap may also split in two without losing a token), 127 codes. For each,
``quotient(octal(code), n)`` is computed for heaps <= N (default 64) within W search steps (default 200,000,
about 2 s); when it is refused, the row keeps the largest bound H that computes within W (found by climbing from
the refused heap: the engine may refuse early on an estimate of the work up to N) and the refusal of H + 1.
Each row records the order, the P-portion's size, the orders heap by heap, the least heap h from which the
order is unchanged up to the bound (an observation), and, when chapter 16's periodicity theorem for misère
quotients applies to the computed pretending function (period p from n0, bound >= 2 n0 + 2p + t - 1), that
period: then the quotient is the quotient for all heaps. A code whose game is an earlier code's game with the
heaps relabelled n -> n - s (see ``twin_classes``: Kayles 0.77 is also 4.4, 4.6, 4.41, ... with every heap one
token larger) is marked ``twin`` with that code and s, and a row whose quotient is not shown final by its own
computation but is by its twin's (or by a longer computation of the twin, ``EXTENDED``: Kayles to rows of 170
pins, as chapter 16 does) is marked ``final_by``.

Every row is checked against exhaustive misère search written here from the code's digits (not from
nimlib's rules or quotient code): every sum of at most ``tokens_all`` tokens (default 20), and every sum of
at most 3 heaps of total up to ``tokens_3`` (raised a total at a time while the search has met fewer than C
positions, default 20,000). Writes tests/data/quotient-census.json and prints how long it took (wall clock
and CPU); asserts that every check agrees. tests/test_quotient_census.py re-checks the file.

Only a whole census with the default settings is written to the default file (a run on some codes, or with
other settings, needs ``--output`` naming another file), through a temporary file in the same folder and a
rename, so the committed census is never replaced by a partial one. A bad argument is refused in one line.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

from nimlib.quotient import MAX_QUOTIENT_HEAPS, MAX_QUOTIENT_WORK, MisereQuotient, quotient
from nimlib.rulesets import octal

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "tests" / "data" / "quotient-census.json"
BOUND = 64
MAX_WORK = 200_000
TOKENS_ALL = 20
CAP = 20_000
# Twins whose quotient a longer computation shows final (chapter 16 computes misère Kayles to rows of 170 pins)
EXTENDED = {"0.77": 170}


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


def code_digits(code: str) -> list[int]:
    """The digits d0 (before the point: 0 or 4), d1, d2, ... of an octal code."""
    head, _, tail = code.partition(".")
    return [int(head or "0")] + [int(d) for d in tail]


def shift_code(code: str) -> str | None:
    """The code whose heap n - 1 is this code's heap n, when this code's heap of 1 has no move; else None.

    Digit i of the result (i >= 1) has bits 1 and 2 when digit i has bit 2 here, bit 1 when digit i + 1 has bit
    1 here, and all three bits (7) when digit i - 1 has bit 4 here; it has nothing before the point. See
    ``twin_classes`` for the proof.
    """
    d = code_digits(code)
    if len(d) > 1 and d[1] & 1:
        return None
    d += [0, 0]
    out = [
        (7 if d[i - 1] & 4 else 0) | (3 if d[i] & 2 else 0) | (1 if d[i + 1] & 1 else 0) for i in range(1, len(d) - 1)
    ]
    tail = "".join(map(str, out)).rstrip("0")
    return f"0.{tail}" if tail else "0"


def root_code(code: str) -> tuple[str, int]:
    """Shift while the heap of 1 has no move: the code reached and the number s of shifts (heap n -> n - s)."""
    shifts, start = 0, code
    while (shifted := shift_code(code)) is not None and shifted != "0":
        code, shifts = shifted, shifts + 1
        if shifts > 2 * len(start) + 2:  # each shift lowers the first heap with a move, at most k + 1 of them
            raise ValueError(f"{start}: no heap with a move after {shifts} shifts")
    return code, shifts


def reduced_options(code: str, largest: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each heap's options, heaps 1 to ``largest``, with the heaps that have no move dropped from every option."""
    raw = [heap_options(code, n) for n in range(1, largest + 1)]
    dead = {n for n, found in enumerate(raw, start=1) if not found}
    return tuple(tuple(sorted({tuple(h for h in o if h not in dead) for o in found})) for found in raw)


def twin_classes(codes: list[str]) -> dict[str, dict | None]:
    """For each code, the first earlier code with the same game up to a shift of heap sizes, and the shift.

    ``{"code": c, "shift": s}`` says that heap n of this code is heap n - s of c: the same options, every heap
    in them relabelled the same way, heaps with no move (which never change a sum) dropped. Then every sum of
    heaps is the same game tree in both, so the normal and misère outcomes agree sum by sum, and the misère
    quotient of this code's heaps <= N is c's quotient of heaps <= N - s (orders: history[n] = c's history[n - s]).

    Why the shift is exact. Write d_j for digit j (j tokens taken; d_0 is 0 or 4), with bit 1 "leave no heap",
    bit 2 "leave one heap", bit 4 "leave two heaps". Let the heap of 1 have no move (d_1 has no bit 1) and let B
    be ``shift_code``; map a heap of h >= 2 to the heap of h - 1 of B and the heap of 1 (no move) to nothing.
    A move that takes j and leaves one heap r >= 1 (bit 2 of d_j) becomes, in B, a move that takes j from
    n - 1 and leaves r - 1 >= 0 tokens in one heap or none: bits 1 and 2 of B's digit j. A move that takes j
    and leaves two heaps a, b >= 1 (bit 4 of d_j) becomes one that takes j + 1 from n - 1 and leaves a - 1,
    b - 1 >= 0: any of bits 1, 2, 4 of B's digit j + 1, all of which arise as a, b range. A move that takes
    j = n and leaves nothing (bit 1 of d_j, j >= 2) becomes B's move taking n - 1 = j - 1 from the heap of
    j - 1: bit 1 of B's digit j - 1. Each bit of B's digits comes from one of these, so the options correspond
    one to one, and B's heap of 0 is nothing, as the heap of 1 was.

    Why this finds every twin by a shift. If heap n of A is heap n - s of C for every n (s >= 1), A's heaps of
    at most s have no move, so A's heap of 1 has none, and A's shift A' has heap n of A' = heap n - (s - 1) of
    C; by induction A and C shift to codes with the same options (dropped heaps aside) on every heap, and so do
    their ``root_code``s. Which heaps are compared: for a code with k digits after the point, a heap n >= k + 2
    has a move exactly when some digit has bit 2 or 4 (the same for all such n), and for n >= 3k + 4 its reduced
    options are the single heaps n - j (bit 2 of d_j), the single heaps n - j - a (bit 4, a heap a <= k + 1
    with no move beside it) and the pairs of heaps with moves that add up to n - j (bit 4): which j give pairs,
    and the set of offsets of the singles, are read off any one such n, so two codes whose reduced options
    agree on every heap n <= 3k + 4 (k the larger digit count) agree on every heap.
    """
    roots = {code: root_code(code) for code in codes}
    largest = 3 * max(len(root.partition(".")[2]) for root, _ in roots.values()) + 4
    first: dict[tuple, tuple[str, int]] = {}
    out: dict[str, dict | None] = {}
    for code in codes:
        root, shifts = roots[code]
        earlier, earlier_shifts = first.setdefault(reduced_options(root, largest), (code, shifts))
        out[code] = None if earlier == code else {"code": earlier, "shift": shifts - earlier_shifts}
    return out


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
        "twin": None,
        "final_by": None,
        "checked": check_against_search(code, q, tokens_all, cap),
    }


class OneLineParser(argparse.ArgumentParser):
    """An argument parser that refuses a bad argument in one line (no usage block, no traceback)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def positive(name: str, largest: int):
    """An argparse type: an integer from 1 to ``largest``, else a one-line refusal naming ``name``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {text!r}") from None
        if not 1 <= value <= largest:
            raise argparse.ArgumentTypeError(f"{name} must be between 1 and {largest:,}, got {value:,}")
        return value

    return parse


def census_code(text: str) -> str:
    """An argparse type: a code of the census (0.d, 0.dd, 4, 4.d, 4.dd, no trailing 0 after the point)."""
    if text not in census_codes():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a code of the census (0.1 ... 0.77 and 4, 4.1 ... 4.77, no trailing 0)"
        )
    return text


def write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file in the same folder, flushed and synced, then renamed over ``path``."""
    from nimlib._atomic import atomic_write

    with atomic_write(path, what="the census") as file:
        file.write(text)


def extended_finals(codes: list[str]) -> dict[str, dict]:
    """The codes of ``EXTENDED`` among ``codes``: the quotient to the longer bound, its order and its period."""
    out = {}
    for code, bound in EXTENDED.items():
        if code in codes:
            q = quotient(octal(code), bound)
            out[code] = {"bound": bound, "order": q.order, "final": final_period(q, max_take(code))}
    return out


def mark_twins(rows: list[dict], extended: dict[str, dict]) -> None:
    """Fill each row's ``twin`` and, for a row not final by itself, ``final_by``: a twin (or itself) shown final."""
    twins = twin_classes([row["code"] for row in rows])
    by_code = {row["code"]: row for row in rows}
    for row in rows:
        row["twin"] = twins[row["code"]]
    for row in rows:
        if row["final"]:
            continue
        head = row["twin"]["code"] if row["twin"] else row["code"]
        family = [head] + [r["code"] for r in rows if r["twin"] and r["twin"]["code"] == head]
        shown = [(c, by_code[c]["bound"], by_code[c]["final"]) for c in family if by_code[c]["final"]]
        shown += [(c, extended[c]["bound"], extended[c]["final"]) for c in family if c in extended]
        shown = [(c, b, f) for c, b, f in shown if f]
        if shown:
            code, bound, final = shown[0]
            row["final_by"] = {"code": code, "bound": bound, **final}


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bound",
        type=positive("--bound", MAX_QUOTIENT_HEAPS),
        default=BOUND,
        help=f"largest heap tried (default {BOUND})",
    )
    parser.add_argument(
        "--max-work",
        type=positive("--max-work", MAX_QUOTIENT_WORK),
        default=MAX_WORK,
        help=f"search steps per game ({MAX_WORK:,})",
    )
    parser.add_argument(
        "--tokens", type=positive("--tokens", 40), default=TOKENS_ALL, help=f"every sum this small ({TOKENS_ALL})"
    )
    parser.add_argument(
        "--cap", type=positive("--cap", 1_000_000), default=CAP, help=f"search positions per game ({CAP:,})"
    )
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the JSON file to write (default: the census file)")
    parser.add_argument("codes", nargs="*", type=census_code, help="only these codes (default: the whole census)")
    args = parser.parse_args()
    codes = list(dict.fromkeys(args.codes)) or census_codes()
    settings = (args.bound, args.max_work, args.tokens, args.cap)
    whole = codes == census_codes() and settings == (BOUND, MAX_WORK, TOKENS_ALL, CAP)
    if args.output.resolve() == OUTPUT.resolve() and not whole:
        parser.error(f"only the whole census with the default settings goes to {OUTPUT.name}; name another --output")
    if not args.output.parent.is_dir():
        parser.error(f"--output: the folder {args.output.parent} does not exist")
    start, cpu = time.perf_counter(), time.process_time()
    rows = []
    for code in codes:
        begun = time.perf_counter()
        try:
            row = census_row(code, args.bound, args.max_work, args.tokens, args.cap)
        except ValueError as error:
            parser.error(str(error).splitlines()[0])
        rows.append(row)
        stop = f", stops at heap {row['stop']['heap']} ({row['stop']['reason']})" if row["stop"] else ""
        print(
            f"{code:>5}: heaps <= {row['bound']:>2}, order {row['order']:>4}, P-portion {row['p_portion']:>3}, "
            f"unchanged from {row['unchanged_from']:>2}{stop}; {row['checked']['sums']:,} sums checked "
            f"({time.perf_counter() - begun:.1f} s)",
            flush=True,
        )
    extended = extended_finals(codes)
    mark_twins(rows, extended)
    for row in rows:
        if row["twin"] or row["final_by"]:
            shift = row["twin"]["shift"] if row["twin"] else 0
            relabel = f"n {'-' if shift > 0 else '+'} {abs(shift)}" if shift else "n"
            twin = f"heap n is heap {relabel} of {row['twin']['code']}" if row["twin"] else ""
            by = f"final by {row['final_by']['code']} to {row['final_by']['bound']}" if row["final_by"] else ""
            print(f"{row['code']:>5}: {'; '.join(x for x in (twin, by) if x)}")
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
        "extended": extended,
        "rows": rows,
    }
    write_atomically(args.output, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(rows)} games in {elapsed:.0f} s ({cpu:.0f} s of CPU); written to {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
