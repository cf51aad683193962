"""Periods of Grundy sequences, certified by the octal periodicity theorem (Guy & Smith, 1956).

Theorem: in an octal game whose moves remove at most t tokens, if
g(n + p) = g(n) for every n with n0 <= n < 2·n0 + p + t (n0 >= 1), then
g(n + p) = g(n) for every n >= n0. So finitely many values prove a period for
all heap sizes.

Layers: this module never imports the engine (``nimlib.engine`` uses
``search_period`` from here); to compute a game's values, ``find_period``
drives the same ``_kernels.GrundyTable`` the engine uses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ._check import check_bool, check_int
from .rulesets import HeapGame

__all__ = ["MAX_LIMIT", "Periodicity", "find_period", "search_period"]

MAX_LIMIT = 1 << 26
"""The most values ``find_period`` may compute: 67,108,864 (the published certificate of 0.354 needs 20,124,015)."""
FIRST_STRETCH = 256
# How many values at the end of the sequence rule out most candidate periods at once, before the full check
TAIL_FILTER = 64


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
    must repeat at least three times and cover at least half of the sequence.

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
        from ._kernels import GrundyTable

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
    values = np.asarray(ruleset_or_values)
    if values.ndim != 1 or (values.size and not np.issubdtype(values.dtype, np.integer)):
        raise TypeError("values must be a one-dimensional sequence of ints")
    return search_period(values.astype(np.int64), t=None, saltus=True)


def search_period(values: np.ndarray, t: int | None, *, saltus: bool = False) -> Periodicity | None:
    """The least period in ``values``; certified by the theorem when ``t`` (most tokens a move takes) is given.

    Candidates are first ruled out by the last TAIL_FILTER values (a period
    that qualifies must hold there), all at once with numpy; the few left
    get the full check, least first. Same answer as checking every p in
    turn, in about len(values) · TAIL_FILTER steps instead of len(values)²/2.

    Why multiples of a failed p may be skipped: let n0(p) be p's last
    mismatch + 1 and q = kp. From i = n0(p) on, k steps of p give
    g(i + q) = g(i), so n0(q) <= n0(p). If n0(q) < n0(p) and
    n0(p) + p + q <= n, take i = n0(p) - 1: g(i) = g(i + q) = g(i + q + p)
    = g(i + p), against the mismatch at i. So n0(q) = n0(p), and q needs
    more values than p did.
    """
    g = np.asarray(values, dtype=np.int64)
    n = len(g)
    if t is not None and 2 + 2 + t > n:
        return None  # the theorem needs at least 2·1 + 2·1 + t values: none is certified from these
    ps = np.arange(1, n // 2 + 1, dtype=np.int64)
    # The largest n0 a qualifying p can have: certified, 2·n0 + 2p + t <= n; observed, n - n0 >= max(3p, n/2).
    # From index n0 + p on, g[i] = g[i - p] (+ saltus) must hold, so a mismatch there rules p out
    most_n0 = (n - 2 * ps - t) // 2 if t is not None else n - np.maximum(3 * ps, (n + 1) // 2)
    first_sure = most_n0 + ps
    s = g[n - 1] - g[n - 1 - ps] if saltus and n else np.zeros_like(ps)
    for k in range(min(TAIL_FILTER, n)):
        i = n - 1 - k
        bad = (i >= first_sure) & (i - ps >= 0) & (g[i] - g[np.maximum(i - ps, 0)] != s)
        if bad.any():
            ps, first_sure, s = ps[~bad], first_sure[~bad], s[~bad]
    # The full check, least candidate first. A candidate q that is a multiple of a failed p (whose last
    # mismatch n0(p) is known) cannot do better than p when n0(p) + p + q <= n: then n0(q) = n0(p)
    # (see find_period's notes), so q is skipped; other multiples are first scanned from where they
    # must agree, in growing chunks, which rules most of them out after a few values.
    failed: list[tuple[int, int]] = []
    for p, sure_from, step in zip(ps.tolist(), first_sure.tolist(), s.tolist(), strict=True):
        step = step if saltus else 0
        if t is not None:
            divisors = [(f, n0f) for f, n0f in failed if p % f == 0]
            if any(p <= n - n0f - f for f, n0f in divisors):
                continue
            if divisors and not _agrees_from(g, p, max(sure_from, p), step):
                continue
        diff = g[p:] - g[:-p]
        bad = np.flatnonzero(diff != step)
        n0 = int(bad[-1]) + 1 if bad.size else 0
        if t is not None:
            # The theorem needs n0 >= 1 (split parts are non-empty); a period from 0 is proved from 1,
            # g(p) = g(0) being among the values checked
            needed = 2 * max(n0, 1) + 2 * p + t
            if needed <= n:
                return Periodicity(n0, p, 0, True, n, needed)
            failed.append((p, n0))
        elif n - n0 >= max(3 * p, n / 2):
            return Periodicity(n0, p, step, False, n, None)
    return None


def _agrees_from(g: np.ndarray, p: int, start: int, step: int) -> bool:
    """g[i] - g[i - p] == step for every i >= start, checked in growing chunks (stops at the first mismatch)."""
    chunk = 256
    while start < g.size:
        stop = min(g.size, start + chunk)
        if np.any(g[start:stop] - g[start - p : stop - p] != step):
            return False
        start, chunk = stop, chunk * 4
    return True
