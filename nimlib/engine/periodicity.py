"""Periods of Grundy sequences, certified by the octal periodicity theorem (Guy & Smith, 1956).

Theorem: in an octal game whose moves remove at most t tokens, if
g(n + p) = g(n) for every n with n0 <= n < 2·n0 + p + t (n0 >= 1), then
g(n + p) = g(n) for every n >= n0. So finitely many values prove a period for
all heap sizes.

Layers: this module uses only ``table`` and ``kernels`` of the engine
(``grundy_values`` uses ``search_period`` from here); to compute a game's
values, ``find_period`` drives the same ``table.GrundyTable`` the engine uses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .._check import check_bool, check_int
from ..rulesets import HeapGame

__all__ = ["MAX_LIMIT", "MAX_VALUE", "Periodicity", "find_period", "search_period"]

MAX_LIMIT = 1 << 26
"""The most values ``find_period`` may compute: 67,108,864 (the published certificate of 0.354 needs 20,124,015)."""
FIRST_STRETCH = 256
MAX_VALUE = 1 << 62
"""The largest magnitude of a value ``find_period`` takes: differences of two values are computed in 64-bit
integers and must not wrap around (a wrapped difference once reported a false saltus of 2^62)."""


@dataclass(frozen=True)
class Periodicity:
    """g(n + period) = g(n) + saltus for every n >= preperiod.

    ``certified`` is True when the octal periodicity theorem proves it for
    all n; then ``needed`` = 2·max(preperiod, 1) + 2·period + t is how many
    values the proof reads. ``computed`` says how many values were computed to find it.
    """

    preperiod: int
    period: int
    saltus: int = 0
    certified: bool = False
    computed: int = 0
    needed: int | None = None

    def __post_init__(self) -> None:
        check_int(self.preperiod, "preperiod")
        check_int(self.period, "period", minimum=1)
        check_int(self.saltus, "saltus", minimum=None)
        check_bool(self.certified, "certified")
        check_int(self.computed, "computed")
        if self.needed is not None:
            check_int(self.needed, "needed")
        if self.certified and (self.saltus or self.needed is None):
            raise ValueError(
                "a certified period has saltus 0 and says how many values its proof needs (needed), "
                f"got saltus={self.saltus!r}, needed={self.needed!r}"
            )

    def __str__(self) -> str:
        kind = f"arithmetic-periodic (saltus {self.saltus})" if self.saltus else "periodic"
        proof = f"certified from {self.needed} values" if self.certified else "observed, not proved"
        return f"{kind} with period {self.period} from n = {self.preperiod} ({proof}; {self.computed} values computed)"


def find_period(
    ruleset_or_values: HeapGame | Sequence[int] | np.ndarray,
    *,
    limit: int = 1 << 13,
    progress: Callable[[int], None] | None = None,
) -> Periodicity | None:
    """The least period (and its preperiod) of a heap game's Grundy sequence, or of a given sequence.

    For an octal game, values are computed in doubling stretches (256, 512,
    …), each stretch extending the same table, and the period search runs
    once per stretch, until the periodicity theorem certifies a period or
    ``limit`` values are done; None if none is certified by then (Grundy's
    game has no known period). ``limit`` is at most MAX_LIMIT = 2^26 (a
    ``ValueError`` says so up front). For a plain sequence, or a game the
    theorem does not cover, the period is only observed: the periodic part
    must repeat at least three times and cover at least half of the sequence;
    its values must lie within ±2^62 (MAX_VALUE: their differences are exact
    in 64-bit integers). The search is linear in the number of values.

    >>> from nimlib.rulesets import kayles
    >>> p = find_period(kayles)
    >>> p.preperiod, p.period, p.certified, p.needed
    (71, 12, True, 168)
    """
    limit = check_int(limit, "limit", minimum=1)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of the number of values done (or None), got {progress!r}")
    if isinstance(ruleset_or_values, HeapGame):
        if limit > MAX_LIMIT:
            raise ValueError(
                f"limit = {limit:,} is too large: find_period computes at most {MAX_LIMIT:,} values "
                "(2^26; Grundy's game takes minutes at that size)"
            )
        from .table import GrundyTable

        game = ruleset_or_values
        # The theorem's proof pairs a split of n + p - j with one of n - j that may be equal: it covers
        # splits into any two heaps (octal games), not unequal ones (Grundy's game), so those are only observed
        certifiable = game.max_take is not None and not game.takes.take_any and not game.takes.unequal
        table = GrundyTable(game)
        n = min(FIRST_STRETCH, limit)
        while True:
            values = table.extend(n, progress)
            found = search_period(values, t=game.max_take if certifiable else None, saltus=not certifiable)
            if found is not None or n >= limit:
                return found
            n = min(2 * n, limit)
    return search_period(_checked_values(ruleset_or_values), t=None, saltus=True)


def _checked_values(values: object) -> np.ndarray:
    """A sequence of ints as int64, each at most MAX_VALUE = 2^62 in magnitude (their differences then fit)."""
    if isinstance(values, str | bytes | dict | set | frozenset):
        raise TypeError("values must be a one-dimensional sequence of ints")
    array = np.asarray(values)
    if array.dtype == object and array.ndim == 1:
        if not all(isinstance(v, int | np.integer) and not isinstance(v, bool) for v in array.tolist()):
            raise TypeError("values must be a one-dimensional sequence of ints")
    elif array.ndim != 1 or (array.size and (array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer))):
        raise TypeError("values must be a one-dimensional sequence of ints")
    if array.size:
        low, high = int(array.min()), int(array.max())
        worst = high if abs(high) >= abs(low) else low
        if abs(worst) > MAX_VALUE:
            raise ValueError(
                f"values must lie between -2**62 and 2**62 (MAX_VALUE; differences are computed in 64-bit "
                f"integers and must not wrap around), got {worst}"
            )
    return array.astype(np.int64, copy=False)


def search_period(values: np.ndarray, t: int | None, *, saltus: bool = False) -> Periodicity | None:
    """The least period in ``values``; certified by the theorem when ``t`` (most tokens a move takes) is given.

    Linear in len(values): a period p qualifies when g[i] - g[i - p] is the same (0 without ``saltus``)
    for every i from ``first_sure(p)`` to the end, where first_sure(p) = p + the largest preperiod p
    may have (certified: 2·n0 + 2p + t <= n; observed: n - n0 >= max(3p, n/2)). Read backwards, that
    is a common prefix of the reversed sequence (of differences, with a saltus) and its shift by p, so
    one Z-function (the longest such prefix for every shift at once, ``kernels.z_function``) answers
    every p; the least one that qualifies then gets its exact preperiod from one pass.
    """
    g = _checked_values(values)
    n = len(g)
    if t is not None and 2 + 2 + t > n:
        return None  # the theorem needs at least 2·1 + 2·1 + t values: none is certified from these
    if n < 2:
        return None
    from .kernels import z_function

    ps = np.arange(1, n // 2 + 1, dtype=np.int64)
    # The largest n0 a qualifying p can have: certified, 2·max(n0, 1) + 2p + t <= n; observed,
    # n - n0 >= max(3p, n/2). From index n0 + p on, g[i] = g[i - p] (+ saltus) must hold
    most_n0 = (n - 2 * ps - t) // 2 if t is not None else n - np.maximum(3 * ps, (n + 1) // 2)
    first_sure = most_n0 + ps
    if saltus:
        # g[i] - g[i - p] constant for first_sure <= i < n  <=>  the differences d[j] = g[j] - g[j - 1]
        # repeat with period p for first_sure < j < n; reversed: r[k] = r[k + p] for k < n - 1 - first_sure
        z = z_function(np.diff(g)[::-1])
        reach = n - 1 - first_sure
    else:
        z = z_function(g[::-1])  # g[i] = g[i - p] for first_sure <= i < n: r[k] = r[k + p], k < n - first_sure
        reach = n - first_sure
    lowest = 1 if t is not None else 0  # a certified period needs n0 >= 1 room (the proof reads g(1) on)
    shift = np.minimum(ps, z.size - 1)
    ok = (most_n0 >= lowest) & (np.where(ps < z.size, z[shift], 0) >= reach)
    found = np.flatnonzero(ok)
    if not found.size:
        return None
    p = int(ps[found[0]])
    step = int(g[n - 1] - g[n - 1 - p]) if saltus else 0
    bad = np.flatnonzero(g[p:] - g[:-p] != step)
    n0 = int(bad[-1]) + 1 if bad.size else 0
    if t is not None:
        # The theorem needs n0 >= 1 (split parts are non-empty); a period from 0 is proved from 1,
        # g(p) = g(0) being among the values checked
        return Periodicity(n0, p, 0, True, n, 2 * max(n0, 1) + 2 * p + t)
    return Periodicity(n0, p, step, False, n, None)
