"""Compiled loops for ``grundy_values`` (numba, cached on disk); imported only when needed.

Two kernels fill g[lo:hi] for a heap game whose moves take j tokens and leave
no heap (``take_all``), one heap (``take_one``) or two non-empty heaps
(``take_split``, optionally of unequal sizes as in Grundy's game):

- ``plain``: every option, each n costing about n/2 per split digit;
- ``sparse``: the rare-value method (Winning Ways; Flammenkamp). With a mask
  m, call v *rare* when popcount(v & m) is even. The XOR of two common values
  is rare, so a common option value needs a rare heap in its split: marking
  the splits with a rare part costs |rare heaps| per n and yields every
  common option value. A rare value below the smallest missing common one is
  then looked for among all splits, stopping as soon as every such value has
  been seen (the ``need`` array).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _mark_heap_options(g, m, version, take_all, take_one, stamp):  # pragma: no cover - compiled
    """Stamp the values of the moves that leave no heap (value 0) or one heap."""
    for j in take_all:
        if m == j:
            stamp[0] = version
    for j in take_one:
        if m - j >= 1:
            stamp[g[m - j]] = version


@njit(cache=True, nogil=True)
def plain(g, lo, hi, take_all, take_one, take_split, unequal, stamp):  # pragma: no cover - compiled
    for m in range(lo, hi):
        version = m + 1
        _mark_heap_options(g, m, version, take_all, take_one, stamp)
        for j in take_split:
            s = m - j
            for a in range(1, s // 2 + 1):
                b = s - a
                if unequal and a == b:
                    continue
                stamp[g[a] ^ g[b]] = version
        v = 0
        while stamp[v] == version:
            v += 1
        g[m] = v


@njit(cache=True, nogil=True)
def sparse(
    g, lo, hi, take_all, take_one, take_split, unequal, stamp, need, rare_class, rare, n_rare
):  # pragma: no cover - compiled
    """Fill g[lo:hi]; ``rare`` holds the n_rare rare heaps so far (ascending); returns the new n_rare."""
    for m in range(lo, hi):
        version = m + 1
        _mark_heap_options(g, m, version, take_all, take_one, stamp)
        # Every split with a rare part: this yields all common option values
        for j in take_split:
            s = m - j
            for i in range(n_rare):
                r = rare[i]
                if r >= s:
                    break
                if r < 1:
                    continue
                b = s - r
                if unequal and r == b:
                    continue
                stamp[g[r] ^ g[b]] = version
        # The smallest common value that is not an option
        cand = 0
        while rare_class[cand] or stamp[cand] == version:
            cand += 1
        # Rare values below it that no split with a rare part produced
        missing = 0
        for v in range(cand):
            if rare_class[v] and stamp[v] != version:
                need[v] = version
                missing += 1
        if missing:
            # Look for them among all splits, from the middle out, until all are seen
            for j in take_split:
                s = m - j
                a = s // 2
                while a >= 1 and missing:
                    b = s - a
                    if not (unequal and a == b):
                        x = g[a] ^ g[b]
                        if need[x] == version:
                            need[x] = 0
                            missing -= 1
                    a -= 1
                if not missing:
                    break
        value = cand
        if missing:
            for v in range(cand):
                if need[v] == version:
                    value = v
                    break
        g[m] = value
        if rare_class[value]:
            rare[n_rare] = m
            n_rare += 1
    return n_rare


def warm_up() -> None:
    """Compile (or load from the on-disk cache) both kernels on a tiny game."""
    g = np.zeros(8, dtype=np.uint32)
    empty = np.zeros(0, dtype=np.int64)
    split = np.zeros(1, dtype=np.int64)
    stamp = np.zeros(64, dtype=np.int64)
    plain(g, 0, 8, empty, empty, split, True, stamp)
    need = np.zeros(64, dtype=np.int64)
    rare_class = np.zeros(64, dtype=np.uint8)
    rare = np.zeros(8, dtype=np.int64)
    sparse(g, 0, 8, empty, empty, split, True, stamp, need, rare_class, rare, 0)
