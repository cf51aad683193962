"""Periods of Grundy sequences, certified by the octal periodicity theorem (Guy & Smith, 1956).

Theorem: in an octal game whose moves remove at most t tokens, if
g(n + p) = g(n) for every n with n0 <= n < 2·n0 + p + t (n0 >= 1), then
g(n + p) = g(n) for every n >= n0. So finitely many values prove a period for
all heap sizes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ._check import check_int
from .rulesets import HeapGame


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

    def __str__(self) -> str:
        kind = f"arithmetic-periodic (saltus {self.saltus})" if self.saltus else "periodic"
        proof = f"certified from {self.needed} values" if self.certified else "observed, not proved"
        return f"{kind} with period {self.period} from n = {self.preperiod} ({proof}; {self.computed} values computed)"


def find_period(
    ruleset_or_values: HeapGame | Sequence[int] | np.ndarray, *, limit: int = 1 << 13
) -> Periodicity | None:
    """The least period (and its preperiod) of a heap game's Grundy sequence, or of a given sequence.

    For an octal game, values are computed in doubling stretches until the
    periodicity theorem certifies a period, up to ``limit`` values; None if
    none is certified by then (Grundy's game has no known period). For a
    plain sequence, or a game the theorem does not cover, the period is only
    observed: the periodic part must repeat at least three times and cover
    at least half of the sequence.

    >>> from nimlib.rulesets import kayles
    >>> p = find_period(kayles)
    >>> p.preperiod, p.period, p.certified, p.needed
    (71, 12, True, 168)
    """
    limit = check_int(limit, "limit", minimum=1)
    if isinstance(ruleset_or_values, HeapGame):
        from .engine import compute_values

        game = ruleset_or_values
        certifiable = game.max_take is not None and game.takes is not None and not game.takes.take_any
        n = min(256, limit)
        while True:
            values = compute_values(game, n)
            found = search_period(values, t=game.max_take if certifiable else None, saltus=not certifiable)
            if found is not None or n >= limit:
                return found
            n = min(2 * n, limit)
    values = np.asarray(ruleset_or_values)
    if values.ndim != 1 or (values.size and not np.issubdtype(values.dtype, np.integer)):
        raise TypeError("values must be a one-dimensional sequence of ints")
    return search_period(values.astype(np.int64), t=None, saltus=True)


def search_period(values: np.ndarray, t: int | None, *, saltus: bool = False) -> Periodicity | None:
    """The least period in ``values``; certified by the theorem when ``t`` (most tokens a move takes) is given."""
    g = np.asarray(values, dtype=np.int64)
    n = len(g)
    for p in range(1, n // 2 + 1):
        diff = g[p:] - g[:-p]
        s = int(diff[-1]) if saltus else 0
        bad = np.flatnonzero(diff != s)
        n0 = int(bad[-1]) + 1 if bad.size else 0
        if t is not None:
            # The theorem needs n0 >= 1 (split parts are non-empty); a period from 0 is proved from 1,
            # g(p) = g(0) being among the values checked
            needed = 2 * max(n0, 1) + 2 * p + t
            if needed <= n:
                return Periodicity(n0, p, 0, True, n, needed)
        elif n - n0 >= max(3 * p, n / 2):
            return Periodicity(n0, p, s, False, n, None)
    return None
