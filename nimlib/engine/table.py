"""Compiled loops for Grundy sequences (numba, cached on disk), and the table that drives them.

Imported only when values are computed, so ``import nimlib`` loads neither
numpy nor numba. ``GrundyTable`` owns g(0..size-1) of one heap game and its
work arrays, and extends them on demand: the engine and the period search
both grow the same table instead of starting again.

The kernels fill g[lo:hi] for a heap game whose moves take j tokens and
leave no heap (``take_all``), one heap (``take_one``) or two non-empty heaps
(``take_split``, optionally of unequal sizes as in Grundy's game):

- ``plain``: every option, each n costing about n/2 per split digit;
- ``sparse``: the rare-value method (Winning Ways; Flammenkamp). With a mask
  m, call v *rare* when popcount(v & m) is even. The XOR of two common values
  is rare, so a common option value needs a rare heap in its split: marking
  the splits with a rare part costs |rare heaps| per n and yields every
  common option value. A rare value below the smallest missing common one is
  then looked for among all splits, every split digit at once, from the
  middle out and from the ends in (where the evidence usually is), stopping as
  soon as every such value has been seen (the ``need`` array);
- ``take_any``: Nim's "take any number" moves reach every smaller heap
  (but the few excluded ones of an all-but game), so their option values
  are all of g(0..n-1): a running ``count`` table holds them, and only the
  splits are looked at one by one.

Every kernel stops early (returning where it stopped) when a value reaches
half the work arrays' size; the table then doubles them and resumes. So the
work arrays stay about four times the largest value, never n.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

# ---------------------------------------------------------------- size limits

MEMORY_BUDGET = 2 * 1024**3
"""Bytes a computation may use (2 GiB)."""
BYTES_PER_VALUE = 8
"""At most: 4 (uint32 while computing) + 2 (the uint16 result) + 2 to spare for the rare heaps' list."""
MAX_N = MEMORY_BUDGET // BYTES_PER_VALUE
"""The most values one computation may ask for: 268,435,456 (2^28)."""
MAX_QUADRATIC_N = 1_000_000
"""The most values for a method that looks at every split (about n²/4 steps: minutes at 10^6)."""
MAX_PYTHON_N = 5_000
"""The most values for the pure-Python reference (about n²/4 Python steps; heap_values has its own limit too)."""


# ---------------------------------------------------------------- kernels


# Indices into g are made unsigned (np.uint64) in the inner loops: numba then skips the
# negative-index wraparound test on every access, which made these loops 20-40% slower than C.
# Stamps are uint32 versions (heap m writes m + 1; n <= MAX_N < 2^32).
U1 = np.uint64(1)


@njit(cache=True, nogil=True, boundscheck=False)
def _mark_heap_options(g, m, version, take_all, take_one, stamp):  # pragma: no cover - compiled
    """Stamp the values of the moves that leave no heap (value 0) or one heap."""
    for j in take_all:
        if m == j:
            stamp[0] = version
    for j in take_one:
        if m - j >= 1:
            stamp[g[m - j]] = version


@njit(cache=True, nogil=True, boundscheck=False)
def _mark_all_splits(g, m, version, take_split, unequal, stamp):  # pragma: no cover - compiled
    """Stamp g(a) XOR g(s - a) for every split a + (s - a) of s = m - j, j a split digit."""
    for j in take_split:
        s = m - j
        h = s // 2
        if unequal and 2 * h == s:
            h -= 1
        if h >= 1:
            us = np.uint64(s)
            for a in range(U1, np.uint64(h) + U1):
                stamp[g[a] ^ g[us - a]] = version


@njit(cache=True, nogil=True, boundscheck=False)
def plain(g, lo, hi, take_all, take_one, take_split, unequal, stamp):  # pragma: no cover - compiled
    """Fill g[lo:hi] looking at every option; returns where it stopped (hi, or earlier when values outgrow stamp)."""
    top = stamp.size // 2
    for m in range(lo, hi):
        version = np.uint32(m + 1)
        _mark_heap_options(g, m, version, take_all, take_one, stamp)
        _mark_all_splits(g, m, version, take_split, unequal, stamp)
        v = 0
        while stamp[v] == version:
            v += 1
        g[m] = v
        if v >= top:
            return m + 1
    return hi


@njit(cache=True, nogil=True, boundscheck=False)
def sparse(
    g, lo, hi, take_all, take_one, take_split, unequal, stamp, need, rare_class, rare, n_rare
):  # pragma: no cover - compiled
    """Fill g[lo:hi]; ``rare`` holds the n_rare rare heaps so far (ascending). Returns (stop, n_rare)."""
    top = stamp.size // 2
    n_split = take_split.size
    for m in range(lo, hi):
        version = np.uint32(m + 1)
        _mark_heap_options(g, m, version, take_all, take_one, stamp)
        # Every split with a rare part: this yields all common option values
        for k in range(n_split):
            s = m - take_split[k]
            if s < 2:
                continue
            us = np.uint64(s)
            for i in range(n_rare):
                r = rare[i]
                if r >= us:
                    break
                if r < U1 or (unequal and r + r == us):
                    continue
                stamp[g[r] ^ g[us - r]] = version
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
        # Look for them among all splits, from the middle out and from the ends in at once
        if missing and n_split == 1:
            # One split digit (Grundy's game, Officers): a tight loop
            s = m - take_split[0]
            a = s // 2
            if unequal and 2 * a == s:
                a -= 1
            e = 1
            us = np.uint64(max(s, 0))
            while e <= a and missing:
                ua = np.uint64(a)
                x = g[ua] ^ g[us - ua]
                if need[x] == version:
                    need[x] = 0
                    missing -= 1
                if e < a:
                    ue = np.uint64(e)
                    x = g[ue] ^ g[us - ue]
                    if need[x] == version:
                        need[x] = 0
                        missing -= 1
                a -= 1
                e += 1
        elif missing:
            # Several split digits: step t looks at every digit's middle - t and 1 + t
            t = 0
            while missing:
                progress = False
                for k in range(n_split):
                    s = m - take_split[k]
                    a = s // 2 - t
                    e = 1 + t
                    if e > a:
                        continue
                    progress = True
                    us = np.uint64(s)
                    if not (unequal and 2 * a == s):
                        ua = np.uint64(a)
                        x = g[ua] ^ g[us - ua]
                        if need[x] == version:
                            need[x] = 0
                            missing -= 1
                    if e < a:
                        ue = np.uint64(e)
                        x = g[ue] ^ g[us - ue]
                        if need[x] == version:
                            need[x] = 0
                            missing -= 1
                if not progress:
                    break
                t += 1
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
        if value >= top:
            return m + 1, n_rare
    return hi, n_rare


@njit(cache=True, nogil=True, boundscheck=False)
def take_any(g, lo, hi, take_split, unequal, take_except, stamp, count, low):  # pragma: no cover - compiled
    """Fill g[lo:hi] for "take any number but ``take_except``" plus splits.

    ``count[v]`` is how many of g(0..m-1) equal v, and ``low`` the least v with
    count 0 (the mex of the prefix). Taking reaches every smaller heap except
    m - e for e in take_except, so v is a taking option exactly when count[v]
    exceeds the number of excluded heaps with value v. Returns (stop, low).
    """
    top = stamp.size // 2
    for m in range(lo, hi):
        version = np.uint32(m + 1)
        _mark_all_splits(g, m, version, take_split, unequal, stamp)
        for e in take_except:
            if e <= m:
                count[g[m - e]] -= 1
        v = low
        while count[v] or stamp[v] == version:
            v += 1
        for e in take_except:
            if e <= m:
                w = g[m - e]
                if w < v and count[w] == 0 and stamp[w] != version:
                    v = w
        for e in take_except:
            if e <= m:
                count[g[m - e]] += 1
        g[m] = v
        count[v] += 1
        while count[low]:
            low += 1
        if v >= top:
            return m + 1, low
    return hi, low


def warm_up() -> None:
    """Compile (or load from the on-disk cache) every kernel on a tiny game."""
    from ..rulesets import grundys_game, laskers_nim

    GrundyTable(grundys_game, method="plain").extend(8)
    GrundyTable(grundys_game, method="sparse").extend(600)
    GrundyTable(laskers_nim).extend(8)


# ---------------------------------------------------------------- the table


RARE_SHARE = 0.25
"""A mask is worth using when at most this share of the values are rare."""
FIRST_CHECKPOINT = 512
"""The mask is (re)chosen at 512, 1024, 2048, … values."""
CHUNK = 1 << 16
"""Values per kernel call, so a progress bar can move."""


def _takes(sizes: tuple[int, ...]) -> np.ndarray:
    """The take sizes a table of at most MAX_N values can use, as int64."""
    return np.array([j for j in sizes if j <= MAX_N], dtype=np.int64)


class GrundyTable:
    """g(0..size-1) of one heap game, grown on demand by ``extend``: every value is computed once.

    Memory: 4 bytes a value (uint32) for g, 8 bytes per rare heap, and work
    arrays about four times the largest value.
    ``method``: "auto" or "sparse" (the rare-value kernel once a mask helps;
    "sparse" uses the best mask even when it does not), "plain" (every
    option) or "python" (the pure-Python reference, recomputed on each
    extension: for tests).
    """

    def __init__(self, game, *, method: str = "auto", capacity: int = 0) -> None:
        takes = game.takes
        self.game = game
        self.method = "python" if takes is None else method
        self.g = np.zeros(max(capacity, 16), dtype=np.uint32)
        self.size = 0
        self.kernel_calls = 0
        if takes is None:
            return
        # A take of more than MAX_N tokens never applies to a heap the table can hold (and would not fit
        # an int64): such takes are left out, which changes no value the table computes
        self.take_all = _takes(takes.take_all)
        self.take_one = _takes(takes.take_one)
        self.take_split = _takes(takes.take_split)
        self.unequal = bool(takes.unequal)
        self.take_any = bool(takes.take_any)
        self.take_except = _takes(getattr(takes, "take_except", ()))
        self.nim_like = self.take_any and self.take_split.size == 0 and self.take_except.size == 0
        self.may_sparse = method in ("auto", "sparse") and self.take_split.size > 0 and not self.take_any
        self.stamp = self.need = np.zeros(0, dtype=np.uint32)
        self.count = np.zeros(0, dtype=np.uint32)
        self.low = 0
        self.mask = 0
        self.rare_class = np.zeros(0, dtype=np.uint8)
        self.rare = np.zeros(64, dtype=np.uint64)
        self.n_rare = 0
        self.checkpoint = FIRST_CHECKPOINT
        self._grow_work(64)

    @property
    def values(self) -> np.ndarray:
        """g(0..size-1), a view (no copy)."""
        return self.g[: self.size]

    def extend(self, hi: int, progress: Callable[[int], None] | None = None) -> np.ndarray:
        """Compute up to g(hi-1) (nothing if already there); returns g(0..hi-1) as a view."""
        if hi > self.g.size:
            self.g = np.concatenate((self.g[: self.size], np.zeros(max(hi, 2 * self.size) - self.size, np.uint32)))
        if self.method == "python":
            if hi > self.size:
                from ..grundy import heap_values

                self.g[:hi] = heap_values(self.game, hi)
                self.size = hi
            return self.g[:hi]
        if self.nim_like and hi > self.size:
            # Every smaller heap is an option, so g(n) = n (induction: the options' values are 0..n-1)
            self.g[self.size : hi] = np.arange(self.size, hi, dtype=np.uint32)
            self.size = hi
        while self.size < hi:
            stop = min(hi, self.size + CHUNK)
            if self.may_sparse:
                stop = min(stop, self.checkpoint)
            self._run(self.size, stop)
            if progress is not None:
                progress(self.size)
        return self.g[:hi]

    def _run(self, lo: int, hi: int) -> None:
        self.kernel_calls += 1
        if self.take_any:
            stop, self.low = take_any(
                self.g, lo, hi, self.take_split, self.unequal, self.take_except, self.stamp, self.count, self.low
            )
        elif self.mask:
            if self.rare.size < self.n_rare + (hi - lo):
                self.rare = np.concatenate((self.rare, np.zeros(max(hi - lo, self.rare.size), np.uint64)))
            stop, self.n_rare = sparse(
                self.g, lo, hi, self.take_all, self.take_one, self.take_split, self.unequal,
                self.stamp, self.need, self.rare_class, self.rare, self.n_rare,
            )  # fmt: skip
        else:
            stop = plain(self.g, lo, hi, self.take_all, self.take_one, self.take_split, self.unequal, self.stamp)
        self.size = stop
        if stop < hi:
            self._grow_work(2 * self.stamp.size)
        if self.may_sparse and self.size == self.checkpoint:
            self.checkpoint *= 2
            self._choose_mask()

    def _grow_work(self, size: int) -> None:
        """Work arrays of ``size`` entries (a power of two above twice the largest value)."""
        old = self.stamp.size
        stamp = np.zeros(size, dtype=np.uint32)
        stamp[:old] = self.stamp
        need = np.zeros(size, dtype=np.uint32)
        need[:old] = self.need
        self.stamp, self.need = stamp, need
        if self.take_any:
            count = np.zeros(size, dtype=np.uint32)
            count[: self.count.size] = self.count
            self.count = count
        self.rare_class = class_table(self.mask, size)

    def _choose_mask(self) -> None:
        if int(self.values.max()) > MAX_MASK_VALUE:
            return  # values this large are spread too thin for a mask to make few of them rare
        mask = best_mask(self.values, forced=self.method == "sparse")
        if mask != self.mask:
            self.mask = mask
            self.rare_class = class_table(mask, self.stamp.size)
            if mask:
                found = np.flatnonzero(self.rare_class[self.values])
                self.n_rare = found.size
                self.rare = np.zeros(self.n_rare + 2 * CHUNK, dtype=np.uint64)
                self.rare[: self.n_rare] = found
            else:
                self.n_rare = 0

    def rare_heaps(self) -> np.ndarray:
        """The heaps whose values are rare under the current mask (empty when no mask is used)."""
        return self.rare[: self.n_rare].astype(np.int64) if self.mask else np.zeros(0, dtype=np.int64)


def class_table(mask: int, size: int) -> np.ndarray:
    """1 where popcount(v & mask) is even (the rare class), for v < size; all 0 when mask is 0."""
    if not mask:
        return np.zeros(size, dtype=np.uint8)
    v = np.arange(size, dtype=np.int64) & mask
    parity = np.zeros(size, dtype=np.int64)
    while v.any():
        parity ^= v & 1
        v >>= 1
    return (parity == 0).astype(np.uint8)


MAX_MASK_VALUE = (1 << 24) - 1
"""The largest Grundy value ``best_mask`` takes: its histogram has a slot per value up to the next power of two."""


def best_mask(values: np.ndarray, *, forced: bool = False) -> int:
    """The mask that makes the fewest values rare (Walsh–Hadamard transform of the histogram); 0 if none helps.

    ``values``: Grundy values (a numpy array or any sequence of non-negative
    ints), each at most MAX_MASK_VALUE = 2^24 - 1. This is not a move: the
    result is a bit mask for the sparse (rare-value) method, and 0 is its
    answer "no mask makes at most RARE_SHARE of the values rare, use the plain
    loop" (``best_mask([1, 2, 3])`` is 0: every mask leaves a third or more
    rare). ``forced=True`` returns the best mask even then.
    """
    if isinstance(values, (str, bytes, dict, set, frozenset)):
        raise TypeError(f"values must be a sequence of Grundy values (ints), got {values!r}")
    if not isinstance(forced, bool):
        raise TypeError(f"forced must be True or False, got {forced!r} ({type(forced).__name__})")
    try:
        values = np.asarray(values)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"values must be a sequence of Grundy values (ints), got {values!r}") from None
    if values.ndim != 1 or (values.size and (values.dtype == np.bool_ or not np.issubdtype(values.dtype, np.integer))):
        raise TypeError(f"values must be a one-dimensional sequence of ints, got {values!r}")
    if values.size == 0:
        return 0
    if int(values.min()) < 0:
        raise ValueError(f"values must be non-negative Grundy values, got {int(values.min())}")
    if int(values.max()) > MAX_MASK_VALUE:
        raise ValueError(f"values must be at most MAX_MASK_VALUE = {MAX_MASK_VALUE:,}, got {int(values.max()):,}")
    values = values.astype(np.int64, copy=False)
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


@njit(cache=True)
def z_function(a: np.ndarray) -> np.ndarray:
    """z[k] = the length of the longest common prefix of ``a`` and ``a[k:]`` (z[0] = len(a)), in linear time.

    Used by ``periodicity.search_period``: a shift k with a long enough common prefix of the reversed
    sequence is a period of its end.
    """
    n = a.size
    z = np.zeros(n, dtype=np.int32)  # n < 2^31: find_period's MAX_LIMIT is 2^26
    if n == 0:
        return z
    z[0] = n
    left = right = 0
    for i in range(1, n):
        k = 0
        if i < right:
            k = min(right - i, z[i - left])
        while i + k < n and a[k] == a[i + k]:
            k += 1
        z[i] = k
        if i + k > right:
            left, right = i, i + k
    return z
