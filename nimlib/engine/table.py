"""The in-memory table of a heap game's values, grown on demand, and the masks of the rare-value method.

Imported only when values are computed, so ``import nimlib`` loads neither
numpy nor numba. ``GrundyTable`` owns g(0..size-1) of one heap game and its
work arrays, and extends them on demand: the engine and the period search
both grow the same table instead of starting again. It runs the engine's
one hot loop (``kernels.grundy``, the one the stream runs too) on all of g:

- no mask yet (or none helps): the naive mex, every option, each n costing
  about n/2 per split digit;
- with a mask (``best_mask``, chosen again at 512, 1024, … values): the
  rare-value method, about |rare heaps| per n and split digit;
- ``take_any`` games (Nim's "take any number", all-but games): their own
  kernel, a running count of the prefix's values.

Every kernel stops early (returning where it stopped) when a value reaches
half the work arrays' size; the table then doubles them and resumes. So the
work arrays stay about four times the largest value, never n.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import kernels

# ---------------------------------------------------------------- size limits

MEMORY_BUDGET = 2 * 1024**3
"""Bytes a computation may use (2 GiB)."""
BYTES_PER_VALUE = 8
"""At most: 4 (uint32 while computing) + 2 (the uint16 result) + 2 to spare (MAX_RARE_WORK keeps the rare heaps few)."""
MAX_N = MEMORY_BUDGET // BYTES_PER_VALUE
"""The most values one computation may ask for: 268,435,456 (2^28)."""
MAX_QUADRATIC_N = 1_000_000
"""The most values for a method that looks at every split (about n²/4 steps: minutes at 10^6)."""
MAX_PYTHON_N = 5_000
"""The most values for the pure-Python reference (about n²/4 Python steps; heap_values has its own limit too)."""


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
NO_LIMIT = 1 << 62
"""The kernel's ``rare_limit`` for the table: every value is held, so a rare heap may be anywhere."""


def _takes(sizes: tuple[int, ...]) -> np.ndarray:
    """The take sizes a table of at most MAX_N values can use, as int64."""
    return np.array([j for j in sizes if j <= MAX_N], dtype=np.int64)


class GrundyTable:
    """g(0..size-1) of one heap game, grown on demand by ``extend``: every value is computed once.

    Memory: 4 bytes a value (uint32) for g, 12 bytes per rare heap (heap and value), and work
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
        self.stamp = self.need = np.zeros(0, dtype=np.uint64)
        self.count = np.zeros(0, dtype=np.uint32)
        self.low = 0
        self.mask = 0
        self.rare_class = np.zeros(0, dtype=np.uint8)
        self.rare_h = np.zeros(64, dtype=np.int64)
        self.rare_v = np.zeros(64, dtype=np.uint32)
        self.n_rare = 0
        self.seen = np.zeros(0, dtype=np.int64)  # the kernel's value counts (the stream reports them; unused here)
        self.stats = np.zeros(2, dtype=np.int64)
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
            stop, self.low = kernels.take_any(
                self.g, lo, hi, self.take_split, self.unequal, self.take_except, self.stamp, self.count, self.low
            )
            status = kernels.GROW_WORK if stop < hi else kernels.OK
        else:
            if self.mask and self.rare_h.size < self.n_rare + (hi - lo) + 1:
                room = self.n_rare + max(hi - lo, self.rare_h.size) + 1
                self.rare_h = np.concatenate((self.rare_h[: self.n_rare], np.zeros(room - self.n_rare, np.int64)))
                self.rare_v = np.concatenate((self.rare_v[: self.n_rare], np.zeros(room - self.n_rare, np.uint32)))
            # The one hot loop, on all of g (base 0): the naive mex without a mask, the rare-value method with one
            stop, self.n_rare, status = kernels.grundy(
                self.g, 0, self.g, 0, lo, hi, self.take_all, self.take_one, self.take_split, self.unequal,
                self.stamp, self.need, self.rare_class, 0, 1 if self.mask else 0,
                self.rare_h, self.rare_v, self.n_rare, NO_LIMIT, self.seen, self.stats,
            )  # fmt: skip
            if status not in (kernels.OK, kernels.GROW_WORK):
                raise RuntimeError(f"the kernel stopped at heap {stop:,} with status {status} (a bug)")
        self.size = stop
        if status == kernels.GROW_WORK:
            self._grow_work(2 * self.stamp.size)
        if self.may_sparse and self.size == self.checkpoint:
            self.checkpoint *= 2
            self._choose_mask()

    def _grow_work(self, size: int) -> None:
        """Work arrays of ``size`` entries (a power of two above twice the largest value)."""
        old = self.stamp.size
        stamp = np.zeros(size, dtype=np.uint64)
        stamp[:old] = self.stamp
        need = np.zeros(size, dtype=np.uint64)
        need[:old] = self.need
        seen = np.zeros(size, dtype=np.int64)
        seen[:old] = self.seen
        self.stamp, self.need, self.seen = stamp, need, seen
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
                self.rare_h = np.zeros(self.n_rare + 2 * CHUNK, dtype=np.int64)
                self.rare_v = np.zeros(self.n_rare + 2 * CHUNK, dtype=np.uint32)
                self.rare_h[: self.n_rare] = found
                self.rare_v[: self.n_rare] = self.values[found]
            else:
                self.n_rare = 0

    def rare_heaps(self) -> np.ndarray:
        """The heaps whose values are rare under the current mask (empty when no mask is used)."""
        return self.rare_h[: self.n_rare].copy() if self.mask else np.zeros(0, dtype=np.int64)


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
