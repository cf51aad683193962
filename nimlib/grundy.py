"""Grundy values (Sprague 1935, Grundy 1939): every impartial game is a Nim heap.

The Grundy value of a position is the mex (minimum excludant: the least
non-negative integer not in a set) of the values of the positions one move
away. A position is a P-position exactly when its value is 0, and the value
of a sum of games is the XOR of the values of its parts.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Set
from functools import reduce
from operator import xor
from typing import Any

from ._check import check_dict, check_hashable, check_int, check_size
from .game import Game, as_game, successors_of

# heap_values refuses a table that needs more heap options than this (about a second of work per million)
MAX_HEAP_WORK = 50_000_000
# The largest MexScratch: its flags take 8 bytes each (a list of ints), so about 130 MB
MAX_CAPACITY = 1 << 24

# ---------------------------------------------------------------- mex


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among ``values``, in time linear in their number.

    With c values the answer is at most c, so a table of c + 1 flags is
    enough: mark each value that fits, then scan for the first gap.

    >>> mex([0, 1, 3]), mex([]), mex([5, 2, 0, 1])
    (2, 0, 3)
    """
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise TypeError(f"values must be an iterable of non-negative ints (a set is fine), got {values!r}")
    values = [check_int(v, f"values[{i}]") for i, v in enumerate(values)]
    seen = bytearray(len(values) + 1)
    for v in values:
        if v < len(seen):
            seen[v] = 1
    return seen.index(0)


class MexScratch:
    """A reusable mex for many calls: the versioned-array (time-stamp) trick.

    Instead of clearing the flags after each call, every call gets a new
    version number and a slot counts as marked only if it holds the current
    version. Each call then costs O(c) for c values, with no clearing pass
    and no allocation. The scratch array is an explicit object you own, not a
    hidden global.

    >>> m = MexScratch(8)
    >>> m([0, 1, 3]), m([1, 2]), m([0, 1, 2])
    (2, 0, 3)
    """

    def __init__(self, capacity: int) -> None:
        self.capacity = check_int(capacity, "capacity")
        check_size(self.capacity, MAX_CAPACITY, "MexScratch(capacity): a flag per possible value")
        self._stamp = [0] * (self.capacity + 2)
        self._version = 0

    def __call__(self, values: Iterable[int]) -> int:
        if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
            raise TypeError(f"values must be an iterable of non-negative ints, got {values!r}")
        self._version += 1
        stamp, version, top = self._stamp, self._version, self.capacity + 1
        for i, v in enumerate(values):
            v = check_int(v, f"values[{i}]")
            if v <= top:
                stamp[v] = version
        for i in range(top + 1):
            if stamp[i] != version:
                return i
        raise ValueError(f"more than capacity={self.capacity} distinct values were given")


# ---------------------------------------------------------------- values


def grundy_value(
    game: Game, position: Hashable, *, known: dict[Hashable, int] | None = None, limit: int = 5_000_000
) -> int:
    """The Grundy value of ``position`` in a finite game, by the mex recursion over the whole game tree.

    ``game`` is a rules object (or, the first edition's style, a successors
    function). Computed with an explicit stack (no recursion limit) and
    memoized in ``known``, which you may pass in to share work between calls.
    A game tree of more than ``limit`` positions is refused with a ValueError.
    The components of a position are not used: this is the value the sum rule
    is checked against.

    >>> grundy_value(lambda n: range(max(0, n - 3), n), 10)   # take 1 to 3: n mod 4
    2
    """
    game = as_game(game)
    memo: dict[Hashable, int] = {} if known is None else check_dict(known, "known")
    position = check_hashable(game.check(position))
    budget = limit = check_int(limit, "limit", minimum=1)
    if position in memo:
        return memo[position]
    successors = successors_of(game)
    memo_get = memo.get
    on_path = {position}
    # A frame: [position, its options iterator, the values of the options seen]. The loop is the
    # searcher's cost per position, so it is kept lean (tools/bench_search.py measures it)
    stack: list[list] = [[position, iter(successors(position)), []]]
    while stack:
        frame = stack[-1]
        for child in frame[1]:
            value = memo_get(child)
            if value is None:
                if child in on_path:
                    raise ValueError(f"the game is not finite: position {child!r} can reach itself")
                budget -= 1
                if budget <= 0:
                    raise ValueError(f"the game tree of {position!r} has more than limit={limit:,} positions")
                on_path.add(child)
                stack.append([child, iter(successors(child)), []])
                break
            frame[2].append(value)
        else:
            stack.pop()
            on_path.discard(frame[0])
            # The mex of values the memo holds (ints the loop computed: no checks needed)
            seen = frame[2]
            value = 0
            if seen:
                seen = set(seen)
                while value in seen:
                    value += 1
            memo[frame[0]] = value
            if stack:
                stack[-1][2].append(value)
    return memo[position]


def component_value(game: Any, position: Hashable) -> int:
    """The XOR of the Grundy values of ``game.components(position)``: the value the reduction to a sum claims.

    >>> from nimlib.nim import NIM
    >>> component_value(NIM, (1, 2, 3))
    0
    """
    parts = getattr(game, "components", None)
    if parts is None:
        raise TypeError(f"game must list its components (a Reducible game), got {game!r}")
    return reduce(xor, (v for _, v in parts(position)), 0)


def grundy_of_sum(values: Iterable[int]) -> int:
    """The Grundy value of a sum of games: the XOR of the parts' values.

    >>> grundy_of_sum([1, 2, 3])
    0
    """
    if isinstance(values, (str, bytes, Mapping, Set)) or not isinstance(values, Iterable):
        raise TypeError(
            f"values must be a sequence of Grundy values (not a set: equal values count twice), got {values!r}"
        )
    return reduce(xor, (check_int(v, f"values[{i}]") for i, v in enumerate(values)), 0)


# ---------------------------------------------------------------- heap games


def heap_values(game: Any, n: int) -> list[int]:
    """g(0), …, g(n-1) for a heap game, the plain way: each option's value is the XOR of its heaps'.

    This is the Sprague–Grundy theorem at work: a heap splitting in two is a
    sum of two games. Costs the number of options, about n² for splitting
    games; ``grundy_values`` is the fast path. A table that would need more
    than ``MAX_HEAP_WORK`` options is refused up front.

    >>> from nimlib.rulesets import kayles
    >>> heap_values(kayles, 12)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """
    values: list[int] = []
    extend_heap_values(game, values, n)
    return values


def extend_heap_values(game: Any, values: list[int], n: int) -> list[int]:
    """Extend ``values`` (g(0), g(1), … of ``game`` so far) in place to g(0), …, g(n-1); return it."""
    takes = getattr(game, "takes", None)
    if takes is None or not hasattr(takes, "heap_options"):
        raise TypeError(f"game must be a heap game such as nimlib.rulesets.kayles, got {game!r}")
    n = check_int(n, "n")
    per_heap = n if takes.take_any or takes.take_split else len(takes.take_all) + len(takes.take_one)
    check_size(
        n * max(per_heap, 1) * (len(takes.take_split) + 1) // (2 if takes.take_split else 1),
        MAX_HEAP_WORK,
        f"heap_values({game!r}, n={n}) would look at about that many options; use grundy_values for large n",
    )
    for m in range(len(values), n):
        seen = set()
        for option in takes.heap_options(m):
            v = 0
            for h in option:
                v ^= values[h]
            seen.add(v)
        g = 0
        while g in seen:
            g += 1
        values.append(g)
    return values
