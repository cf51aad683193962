"""Fibonacci Nim (Whinihan 1963): one heap, and each take at most twice the take before it.

The first player takes at least one counter and not the whole heap; after
that each player takes at least one counter and at most twice what the
opponent has just taken. Whoever takes the last counter wins.

A position is ``(n, most)``: ``n`` counters left and ``most`` the largest take
allowed now (``n − 1`` at the start, ``min(2t, n − t)`` after a take of ``t``,
since no take can exceed the heap). A move is the number ``t`` taken,
``1 ≤ t ≤ most``.

Whinihan's strategy reads Zeckendorf's representation of n (n as a sum of
non-consecutive Fibonacci numbers, which is unique): the player to move wins
exactly when the smallest term q of that sum is at most ``most``, and then the
winning move is to take q. Everything here is exact integer arithmetic, and
:func:`search_outcomes` checks it by a search that knows nothing of Fibonacci
numbers. ``import nimlib.fibonacci`` loads neither numpy nor matplotlib.

>>> zeckendorf(20), smallest_term(20)
((13, 5, 2), 2)
>>> is_p_position((20, 19)), winning_move((20, 19)), winning_move((21, 20))
(False, 2, None)
"""

from __future__ import annotations

from collections.abc import Iterator

from ._check import check_int
from .game import JSON, Ruleset

Position = tuple[int, int]  # (counters left, the largest take allowed now)

# The play widget's largest heap (FIB_LIMIT in nimlib/static/games/fibonacci.js; tests/test_js_bounds.py and
# tests/test_fibonacci.py check they agree): a start of 200 counters shows 199 take buttons, which wrap at 390 px
WIDGET_LIMIT = 200

MAX_SEARCH_N = 3000
"""The largest heap :func:`search_outcomes` and :func:`grundy_table` take: they fill (n + 1)(n + 2)/2 positions,
each in a constant number of steps for the search (about 4.5 million at the limit) but up to ``most`` steps for the
Grundy values, which :data:`MAX_GRUNDY_WORK` bounds."""

MAX_GRUNDY_WORK = 20_000_000
"""The most options :func:`grundy_table` examines (about n³/6 for heaps up to n: n ≤ about 490)."""

# ---------------------------------------------------------------- Fibonacci numbers and Zeckendorf's theorem


def fibonacci_numbers(limit: int) -> list[int]:
    """The Fibonacci numbers 1, 2, 3, 5, 8, … that are at most ``limit`` (F_2 = 1, F_3 = 2, …: 1 only once).

    >>> fibonacci_numbers(30)
    [1, 2, 3, 5, 8, 13, 21]
    """
    limit = check_int(limit, "limit")
    out: list[int] = []
    a, b = 1, 2
    while a <= limit:
        out.append(a)
        a, b = b, a + b
    return out


def is_fibonacci(n: int) -> bool:
    """True when ``n`` is one of 1, 2, 3, 5, 8, 13, … (exactly when its Zeckendorf sum has one term).

    >>> [n for n in range(1, 15) if is_fibonacci(n)]
    [1, 2, 3, 5, 8, 13]
    """
    n = check_int(n, "n")
    return n >= 1 and len(zeckendorf(n)) == 1


def zeckendorf(n: int) -> tuple[int, ...]:
    """Zeckendorf's representation of ``n``: distinct, non-consecutive Fibonacci numbers summing to n, largest first.

    Greedy: take the largest Fibonacci number that fits, then repeat on the rest
    (the chapter proves the rest is below the next smaller Fibonacci number, so no two terms are
    consecutive). 0 is the empty sum ``()``. Exact for any size of int.

    >>> zeckendorf(100), zeckendorf(1), zeckendorf(0)
    ((89, 8, 3), (1,), ())
    """
    n = check_int(n, "n")
    fibs = fibonacci_numbers(n)
    terms: list[int] = []
    rest = n
    for f in reversed(fibs):
        if f <= rest:
            terms.append(f)
            rest -= f
    return tuple(terms)


def smallest_term(n: int) -> int:
    """The smallest term of n's Zeckendorf sum: the number Whinihan's strategy takes. ``n`` must be at least 1.

    >>> [smallest_term(n) for n in range(1, 11)]
    [1, 2, 3, 1, 5, 1, 2, 8, 1, 2]
    """
    n = check_int(n, "n", minimum=1)
    return zeckendorf(n)[-1]


# ---------------------------------------------------------------- positions, moves and the strategy


def check_position(position: object, name: str = "position") -> Position:
    """Return ``position`` as ``(n, most)`` with 0 ≤ most ≤ n, or raise naming what is wrong."""
    if isinstance(position, (str, bytes)) or not isinstance(position, tuple | list):
        raise TypeError(f"{name} must be a pair (n, most) of non-negative ints, got {position!r}")
    if len(position) != 2:
        raise ValueError(f"{name} must be a pair (n, most) of non-negative ints, got {len(position)} numbers")
    n = check_int(position[0], f"{name}[0]")
    most = check_int(position[1], f"{name}[1]")
    if most > n:
        raise ValueError(f"{name}[1] (the largest take allowed) must be at most n = {n}, got {most}")
    return n, most


def start_position(n: int) -> Position:
    """The start with ``n`` counters: the first player may take 1 … n − 1 (not the whole heap).

    >>> start_position(20), start_position(1)
    ((20, 19), (1, 0))
    """
    n = check_int(n, "n")
    return (n, max(n - 1, 0))


def after_take(position: Position, take: int) -> Position:
    """The position after taking ``take`` counters: n − take left, the next take at most min(2·take, n − take).

    >>> after_take((20, 19), 2), after_take((18, 4), 4)
    ((18, 4), (14, 8))
    """
    n, most = check_position(position)
    take = check_int(take, "take", minimum=1)
    if take > most:
        raise ValueError(f"take {take} is not legal from {(n, most)}: take 1 to {most}")
    return (n - take, min(2 * take, n - take))


def is_p_position(position: Position) -> bool:
    """Whinihan's theorem: the player to move loses exactly when n = 0 or n's smallest Zeckendorf term exceeds most.

    >>> [m for m in range(9) if is_p_position((8, m))], is_p_position((20, 1)), is_p_position((20, 2))
    ([0, 1, 2, 3, 4, 5, 6, 7], True, False)
    """
    n, most = check_position(position)
    return n == 0 or smallest_term(n) > most


def winning_move(position: Position) -> int | None:
    """Whinihan's move: take the smallest Zeckendorf term of n when it is allowed; None when no move wins.

    >>> winning_move((20, 19)), winning_move((18, 5)), winning_move((18, 4))
    (2, 5, None)
    """
    n, most = check_position(position)
    if n == 0:
        return None
    q = smallest_term(n)
    return q if q <= most else None


def stalling_move(position: Position) -> int | None:
    """The losing side's move: take one counter, which gives the opponent the least room (a take of at most 2).

    None when no move is allowed.
    """
    _, most = check_position(position)
    return 1 if most >= 1 else None


# ---------------------------------------------------------------- the independent search and Grundy values


def search_outcomes(limit: int) -> list[list[bool]]:
    """``win[n][most]`` for 0 ≤ most ≤ n ≤ limit: True when the player to move wins, by exhaustive search.

    It knows nothing of Fibonacci numbers: a position is won when some take
    1 … most leads to a lost one. Heaps are filled from 0 upwards (every move lowers n), and
    ``win[n][m] = win[n][m − 1] or not win[n − m][min(2m, n − m)]``, so each position costs a
    constant number of steps. At most ``MAX_SEARCH_N`` = 3,000 (``ValueError`` beyond).

    >>> [m for m, w in enumerate(search_outcomes(12)[12]) if w]
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    """
    limit = check_int(limit, "limit")
    if limit > MAX_SEARCH_N:
        raise ValueError(f"limit must be at most MAX_SEARCH_N = {MAX_SEARCH_N:,}, got {limit:,}")
    win: list[list[bool]] = []
    for n in range(limit + 1):
        row = [False] * (n + 1)
        for m in range(1, n + 1):
            rest = n - m
            row[m] = row[m - 1] or not win[rest][min(2 * m, rest)]
        win.append(row)
    return win


def search_p_positions(limit: int) -> list[Position]:
    """Every P-position ``(n, most)`` with n ≤ ``limit``, found by :func:`search_outcomes`, in order.

    >>> search_p_positions(4)
    [(0, 0), (1, 0), (2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0)]
    """
    win = search_outcomes(limit)
    return [(n, m) for n, row in enumerate(win) for m, w in enumerate(row) if not w]


def grundy_table(limit: int) -> list[list[int]]:
    """``G[n][most]``, the Grundy values of Fibonacci Nim for 0 ≤ most ≤ n ≤ limit, by the mex of the options.

    The position is a pair, not a heap, so these are not a heap game's values; they still
    say how Fibonacci Nim adds to other games. At most ``MAX_GRUNDY_WORK`` options are examined.

    >>> grundy_table(4)
    [[0], [0, 1], [0, 0, 2], [0, 0, 0, 3], [0, 1, 1, 3, 3]]
    """
    limit = check_int(limit, "limit")
    work = limit * (limit + 1) * (limit + 2) // 6
    if limit > MAX_SEARCH_N or work > MAX_GRUNDY_WORK:
        raise ValueError(
            f"grundy_table({limit}) examines about {work:,} options: the limit is MAX_GRUNDY_WORK = {MAX_GRUNDY_WORK:,}"
        )
    table: list[list[int]] = []
    for n in range(limit + 1):
        row = [0] * (n + 1)
        seen = 0  # the values of the options of (n, m), as bits, grown one take at a time
        for m in range(1, n + 1):
            rest = n - m
            seen |= 1 << table[rest][min(2 * m, rest)]
            row[m] = (~seen & (seen + 1)).bit_length() - 1  # the lowest zero bit: mex
        table.append(row)
    return table


# ---------------------------------------------------------------- the rules object


class FibonacciNim(Ruleset):
    """Fibonacci Nim as a rules object: position ``(n, most)``, a move is the number of counters taken.

    ``heap`` is the starting heap (``start()`` is ``(heap, heap − 1)``), from 2 to
    ``WIDGET_LIMIT`` = 200, the largest heap the play widget draws; the rules themselves take any position.

    >>> game = FibonacciNim(10)
    >>> list(game.moves((10, 3))), game.apply((10, 9), 2), game.winning_move((10, 9))
    ([1, 2, 3], (8, 4), 2)
    """

    name = "Fibonacci Nim"
    widget = "fibonacci-nim"

    def __init__(self, heap: int = 20) -> None:
        self.heap = check_int(heap, "heap", minimum=2)
        if self.heap > WIDGET_LIMIT:
            raise ValueError(
                f"heap must be at most WIDGET_LIMIT = {WIDGET_LIMIT} (the play widget's limit), got {self.heap}"
            )

    def __repr__(self) -> str:
        return "FibonacciNim()" if self.heap == 20 else f"FibonacciNim({self.heap})"

    def start(self) -> Position:
        return start_position(self.heap)

    def check(self, position: object) -> Position:
        return check_position(position)

    def moves(self, position: Position) -> list[int]:
        _, most = check_position(position)
        return list(range(1, most + 1))

    def options(self, position: Position) -> Iterator[Position]:
        for take in self.moves(position):
            yield after_take(position, take)

    def apply(self, position: Position, move: int) -> Position:
        return after_take(position, move)

    def is_over(self, position: Position) -> bool:
        return check_position(position)[1] == 0

    def is_p_position(self, position: Position) -> bool:
        """P-position test by Whinihan's theorem."""
        return is_p_position(position)

    def winning_move(self, position: Position) -> int | None:
        """Whinihan's move (the smallest Zeckendorf term), None from a P-position; the widget plays it."""
        return winning_move(position)

    def stalling_move(self, position: Position) -> int | None:
        return stalling_move(position)

    def describe(self, position: Position, move: int) -> str:
        """The move in words, as the widget's move list says it: "take 3"."""
        check_position(position)
        return f"take {check_int(move, 'move', minimum=1)}"

    def widget_params(self) -> dict[str, JSON]:
        """The page needs no table: the JS computes Zeckendorf sums itself."""
        return {"heap": self.heap}

    def encode(self, position: Position) -> JSON:
        """The page's form ``[n, most]``: refused beyond WIDGET_LIMIT, which the page does not draw."""
        n, most = check_position(position)
        if n > WIDGET_LIMIT:
            raise ValueError(f"the play widget takes heaps of at most WIDGET_LIMIT = {WIDGET_LIMIT}, got {n}")
        return [n, most]

    def decode(self, data: JSON) -> Position:
        return check_position(data)

    def encode_move(self, move: int) -> JSON:
        return [check_int(move, "move", minimum=1)]

    def decode_move(self, data: JSON) -> int:
        if isinstance(data, (str, bytes)) or not isinstance(data, list | tuple) or len(data) != 1:
            raise TypeError(f"move must be [take], one whole number in a list, got {data!r}")
        return check_int(data[0], "move[0]", minimum=1)
