"""The fast Grundy-value engine: g(0), …, g(n-1) for octal games, Grundy's game and Lasker's nim.

``grundy_values(ruleset, n)`` picks the fastest sound method:

1. an octal game whose period the periodicity theorem certifies is computed
   until the certificate holds, then extended by the period (O(1) a value);
2. otherwise, when a mask makes some values rare, the compiled rare-value
   ("sparse space") kernel costs about |rare heaps| per heap;
3. otherwise the compiled plain loop looks at every option.

Imported on first use, so ``import nimlib`` loads neither numpy nor numba.
"""

from __future__ import annotations

import numpy as np

from ._check import check_int
from .grundy import heap_values
from .periodicity import search_period
from .rulesets import HeapGame

METHODS = ("auto", "plain", "sparse", "python")

# A mask is worth using when at most this share of the values are rare
RARE_SHARE = 0.25
FIRST_STRETCH = 512


def grundy_values(ruleset: HeapGame, n: int, *, method: str = "auto") -> np.ndarray:
    """g(0), …, g(n-1) of a heap game, as a numpy array (2 bytes a value when values fit).

    ``method``: "auto" (period extension, else sparse, else plain), "plain"
    (compiled, every option), "sparse" (compiled rare-value method) or
    "python" (the pure-Python reference ``heap_values``).

    >>> from nimlib.rulesets import kayles
    >>> grundy_values(kayles, 12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """
    if not isinstance(ruleset, HeapGame):
        raise TypeError(f"ruleset must be a HeapGame such as octal('0.77'), got {ruleset!r}")
    n = check_int(n, "n")
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    if method == "python" or ruleset.takes is None:
        return _narrow(np.array(heap_values(ruleset, n), dtype=np.uint32))
    return compute_values(ruleset, n, method=method)


def compute_values(ruleset: HeapGame, n: int, *, method: str = "auto") -> np.ndarray:
    """The compiled computation behind ``grundy_values`` (no argument checks)."""
    from . import _kernels

    takes = ruleset.takes
    if takes is None:
        return _narrow(np.array(heap_values(ruleset, n), dtype=np.uint32))
    if takes.take_any:
        take_all = take_one = np.arange(1, max(n, 1), dtype=np.int64)
    else:
        take_all = np.array(takes.take_all, dtype=np.int64)
        take_one = np.array(takes.take_one, dtype=np.int64)
    take_split = np.array(takes.take_split, dtype=np.int64)
    certifiable = method == "auto" and ruleset.max_take is not None and not takes.take_any
    may_sparse = method in ("auto", "sparse") and take_split.size > 0 and not takes.take_any

    g = np.zeros(n, dtype=np.uint32)
    scratch = _Scratch()
    mask, rare, n_rare = 0, None, 0
    lo = 0
    while lo < n:
        hi = n if method != "auto" and not may_sparse else min(n, max(FIRST_STRETCH, 2 * lo))
        bound = hi * (take_split.size + 1) + take_one.size + take_all.size + 2
        stamp, need = scratch.get(bound)
        if mask:
            rare_class = scratch.classes(mask)
            n_rare = _kernels.sparse(
                g, lo, hi, take_all, take_one, take_split, takes.unequal, stamp, need, rare_class, rare, n_rare
            )
        else:
            _kernels.plain(g, lo, hi, take_all, take_one, take_split, takes.unequal, stamp)
        lo = hi
        if lo >= n:
            break
        if certifiable and lo <= 1 << 13:
            found = search_period(g[:lo], t=ruleset.max_take)
            if found is not None:
                return _extend(g[:lo], n, found.preperiod, found.period)
        if may_sparse:
            mask = best_mask(g[:lo], forced=method == "sparse")
            if mask:
                if rare is None:
                    rare = np.zeros(n, dtype=np.int64)
                # The class table covers every value the stamps can hold, so it covers g too
                found_rare = np.flatnonzero(scratch.classes(mask)[g[:lo]])
                n_rare = found_rare.size
                rare[:n_rare] = found_rare
    return _narrow(g)


class _Scratch:
    """Work arrays for the kernels, grown as values grow (owned by one computation)."""

    def __init__(self) -> None:
        self.size = 0
        self.stamp = self.need = None
        self.mask_table: dict[tuple[int, int], np.ndarray] = {}

    def get(self, bound: int) -> tuple[np.ndarray, np.ndarray]:
        size = 2 << max(bound, 2).bit_length()
        if size > self.size:
            self.size = size
            self.stamp = np.zeros(size, dtype=np.int64)
            self.need = np.zeros(size, dtype=np.int64)
        return self.stamp, self.need

    def classes(self, mask: int) -> np.ndarray:
        """1 where popcount(v & mask) is even (the rare class), for every v the stamps can hold."""
        size = self.size
        key = (mask, size)
        if key not in self.mask_table:
            v = np.arange(size, dtype=np.int64) & mask
            parity = np.zeros(size, dtype=np.int64)
            while v.any():
                parity ^= v & 1
                v >>= 1
            self.mask_table = {key: (parity == 0).astype(np.uint8)}
        return self.mask_table[key]


def best_mask(values: np.ndarray, *, forced: bool = False) -> int:
    """The mask that makes the fewest values rare (Walsh–Hadamard transform of the histogram); 0 if none helps."""
    width = max(int(values.max()), 1).bit_length()
    hist = np.bincount(values, minlength=1 << width).astype(np.int64)
    w = hist.copy()
    h = 1
    while h < w.size:
        w = w.reshape(-1, 2, h)
        w = np.stack((w[:, 0] + w[:, 1], w[:, 0] - w[:, 1]), axis=1).reshape(-1)
        h *= 2
    # w[m] = (#values with popcount(v & m) even) - (#odd); the rare count is (len + w[m]) / 2
    w[0] = np.iinfo(np.int64).max
    mask = int(np.argmin(w))
    rare_share = (values.size + w[mask]) / 2 / values.size
    return mask if forced or rare_share <= RARE_SHARE else 0


def _extend(prefix: np.ndarray, n: int, preperiod: int, period: int) -> np.ndarray:
    """g(0..n-1) from a prefix that holds a certified period: repeat the period block."""
    out = np.empty(n, dtype=_narrow(prefix).dtype)
    out[:preperiod] = prefix[:preperiod]
    out[preperiod:] = np.resize(prefix[preperiod : preperiod + period].astype(out.dtype), n - preperiod)
    return out


def _narrow(values: np.ndarray) -> np.ndarray:
    """Two bytes a value where the values fit."""
    if values.size == 0 or values.max() < 1 << 16:
        return values.astype(np.uint16)
    return values
