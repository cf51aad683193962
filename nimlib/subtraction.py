"""Subtraction games and their periods; all-but subtraction games.

A subtraction game with subtraction set A (the book keeps S for the nim-sum)
takes a tokens from one heap, a in A (``nimlib.rulesets.subtraction``). With
k = max A, each value g(n), n ≥ k, is decided by the k values before it, and
each value is at most |A| (a mex of at most |A| numbers). So the windows of k
consecutive values run through at most (|A| + 1)^k states and must repeat:
the sequence is eventually periodic, and the pigeonhole proof bounds
preperiod + period by (|A| + 1)^k (``period_bound``). ``first_repeat`` runs
that proof as an algorithm; ``subtraction_period`` asks ``find_period`` for
the certified period.

An all-but subtraction game takes any number of tokens *except* those in a
finite excluded set E. Its values grow without bound, and the sequence is
eventually arithmetic-periodic: g(n + p) = g(n) + s for n ≥ n0 (Angela Siegel's
theorem, cited through Sleator and Slusky 2012, arXiv:1201.3299).

This module imports numpy only inside ``subtraction_period``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ._check import check_int, check_int_set
from .rulesets import MAX_RULE_NUMBERS, HeapGame, TakeRule, subtraction

if TYPE_CHECKING:
    from .engine.periodicity import Periodicity

# ---------------------------------------------------------------- finite subtraction sets


def subtraction_set(allowed: Iterable[int], name: str = "subtraction_set") -> tuple[int, ...]:
    """The sorted tuple of a non-empty set of positive ints, or ``TypeError``/``ValueError`` naming it."""
    values = check_int_set(allowed, name, minimum=1)  # a dict is refused, not read as its keys
    if not values:
        raise ValueError(f"{name} must not be empty")
    return values


def period_bound(subtraction_set_: Iterable[int]) -> int:
    """The pigeonhole proof's bound on preperiod + period: (|A| + 1)^max(A) for the subtraction set A.

    There are at most that many windows of max(A) consecutive values in
    {0, …, |A|}, so two of the windows starting at 0, 1, …, (|A| + 1)^max(A)
    coincide, at some i < j ≤ (|A| + 1)^max(A); the sequence then repeats with
    period j − i from n = i.

    >>> period_bound({1}), period_bound({1, 3, 4})
    (2, 256)
    """
    s = subtraction_set(subtraction_set_, "subtraction_set")
    return (len(s) + 1) ** max(s)


def subtraction_values(allowed: Iterable[int], n: int) -> list[int]:
    """g(0), …, g(n − 1) of the subtraction game with set ``allowed``, in plain Python (n·|A| steps).

    >>> subtraction_values({1, 3, 4}, 10)
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
    """
    s = subtraction_set(allowed, "allowed")
    n = check_int(n, "n")
    return list(_values(s, n))


def _values(s: tuple[int, ...], n: int) -> Iterator[int]:
    g: list[int] = []
    for m in range(n):
        seen = {g[m - t] for t in s if t <= m}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
        yield v


def first_repeat(allowed: Iterable[int]) -> tuple[int, int]:
    """(preperiod, period) of the subtraction game ``allowed``, by the pigeonhole proof: the first window seen twice.

    Window W(i) = (g(i), …, g(i + k − 1)) with k = max A decides W(i + 1), so
    the first j with W(j) = W(i) for an earlier i gives the least preperiod i
    and the least period j − i.

    >>> first_repeat({1, 3, 4}), first_repeat({2, 3})
    ((0, 7), (0, 5))
    """
    s = subtraction_set(allowed, "allowed")
    k = s[-1]
    g: list[int] = []
    first_seen: dict[tuple[int, ...], int] = {}
    i = 0
    while True:
        while len(g) < i + k:
            m = len(g)
            seen = {g[m - t] for t in s if t <= m}
            v = 0
            while v in seen:
                v += 1
            g.append(v)
        window = tuple(g[i : i + k])
        if window in first_seen:
            return first_seen[window], i - first_seen[window]
        first_seen[window] = i
        i += 1


def subtraction_period(allowed: Iterable[int], *, limit: int = 1 << 15) -> Periodicity:
    """The certified least period and preperiod of the subtraction game ``allowed``, from ``nimlib.find_period``.

    ``find_period`` proves the period with the periodicity theorem (a subtraction
    game is the octal game with digit 3 at each a in A). ``ValueError`` if no
    period is certified within ``limit`` values.

    >>> p = subtraction_period({1, 3, 4})
    >>> p.preperiod, p.period, p.certified
    (0, 7, True)
    """
    from .engine.periodicity import find_period

    s = subtraction_set(allowed, "allowed")
    limit = check_int(limit, "limit", minimum=1)
    found = find_period(subtraction(s), limit=limit)
    if found is None:
        raise ValueError(f"no period of the subtraction game {set(s)} certified within {limit} values: raise limit")
    return found


# ---------------------------------------------------------------- all-but subtraction games


def allbut(excluded: Iterable[int]) -> HeapGame:
    """The all-but subtraction game: take any positive number of tokens from a heap except those in ``excluded``.

    A heap game whose ``TakeRule`` takes any number except ``take_except``;
    ``allbut_values`` is the fast path for its values.

    >>> allbut({1}).options(4)
    [(), (1,), (2,)]
    """
    skip = frozenset(
        check_int_set(excluded, "excluded", minimum=1, max_count=MAX_RULE_NUMBERS, limit="MAX_RULE_NUMBERS")
    )

    name = f"allbut({set(sorted(skip))})" if skip else "allbut(set())"
    return HeapGame(name, TakeRule(take_any=True, take_except=tuple(skip)))


def allbut_values(excluded: Iterable[int], n: int) -> list[int]:
    """g(0), …, g(n − 1) of the all-but game, in about n·|E| steps.

    The options of heap m are all heaps m' < m except m − e (e in E). Keep a
    count of each value among g(0..m−1); the mex is the least value whose
    count drops to 0 once the excluded heaps are taken away — either the mex
    of everything so far, or one of the at most |E| values removed.

    >>> allbut_values({1}, 12)
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    """
    skip = list(check_int_set(excluded, "excluded", minimum=1, max_count=MAX_RULE_NUMBERS, limit="MAX_RULE_NUMBERS"))
    n = check_int(n, "n")
    g: list[int] = []
    count = [0] * (n + 2)
    full_mex = 0  # mex of all of g(0..m−1)
    for m in range(n):
        removed: dict[int, int] = {}
        for e in skip:
            if e <= m:
                v = g[m - e]
                removed[v] = removed.get(v, 0) + 1
        candidates = [v for v, c in removed.items() if count[v] == c]
        v = min([full_mex, *candidates])
        g.append(v)
        count[v] += 1
        while count[full_mex]:
            full_mex += 1
    return g
