"""The rare-value methods (plain, parity) and the criterion that picks one per game.

Write p(v) = popcount(v & mask) mod 2 for a mask.

- **plain** (Winning Ways; Flammenkamp): heap x is *rare* when p(g(x)) = 0.
  The XOR of two common values has p = 0, so a split into two common parts
  never yields a common value: the common option values all come from
  splits with a rare part.
- **parity**: heap x is rare when p(g(x)) XOR (x mod 2) differs from k. For
  a split of s = m - j into two common parts, p(option) = s mod 2, so seen
  from heap m it is rare exactly when k = 1 - (j mod 2): the variant applies
  when every split digit j has the same parity, and k follows from it. For
  0.106 (one split digit, j = 3) only 15 heaps below 2^20 are rare this way,
  the last at 1,103; under the plain method about half of them are.

``choose`` is the stated criterion: among the methods that apply, take the
one whose best mask makes the fewest of the values so far rare; use it if
at most RARE_SHARE (a quarter) of them are, else fall back to the naive mex
(every option, which needs every value in memory). The engine asks again
at 512, 1024, 2048, … values while the whole history is still in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .table import MAX_MASK_VALUE, RARE_SHARE

METHODS = ("auto", "plain", "parity", "naive")


@dataclass(frozen=True)
class Method:
    """A rare-value method: name ("plain", "parity" or "naive"), mask, par (0 or 1), k (the common class)."""

    name: str
    mask: int = 0
    par: int = 0
    k: int = 1
    rare: int = field(default=0, compare=False)
    """How many of the values it was chosen on are rare."""

    def class_table(self, size: int) -> np.ndarray:
        """cls[v] = 1 when value v is rare at an even heap (at an odd heap under parity: when it is 0)."""
        if self.name == "naive":
            return np.zeros(size, dtype=np.uint8)
        return (_popcount_parity(np.arange(size, dtype=np.int64) & self.mask) != self.k).astype(np.uint8)

    def rare_heaps(self, values: np.ndarray, first: int = 0) -> np.ndarray:
        """The heaps (first + index) whose values are rare under this method."""
        if self.name == "naive":
            return np.zeros(0, dtype=np.int64)
        values = np.asarray(values, dtype=np.int64)
        heaps = np.arange(first, first + values.size, dtype=np.int64)
        flag = self.class_table(int(values.max(initial=0)) + 1)[values] ^ (self.par & heaps & 1)
        return heaps[flag.astype(bool)]


def _popcount_parity(v: np.ndarray) -> np.ndarray:
    parity = np.zeros(v.shape, dtype=np.int64)
    v = v.copy()
    while v.any():
        parity ^= v & 1
        v >>= 1
    return parity


def _walsh(hist: np.ndarray) -> np.ndarray:
    """w[mask] = #(values with p even) - #(p odd), for every mask (fast Walsh–Hadamard transform)."""
    w = hist.astype(np.int64)
    h = 1
    while h < w.size:
        w = w.reshape(-1, 2, h)
        w = np.stack((w[:, 0] + w[:, 1], w[:, 0] - w[:, 1]), axis=1).reshape(-1)
        h *= 2
    return w


def parity_class(take_split) -> int | None:
    """k for the parity variant (1 - j mod 2 when every split digit j has one parity), else None."""
    parities = {j % 2 for j in take_split}
    return 1 - parities.pop() if len(parities) == 1 else None


def best(values: np.ndarray, name: str, take_split) -> Method | None:
    """The mask that makes the fewest values rare under method ``name``; None if the method does not apply."""
    values = np.asarray(values, dtype=np.int64)
    if values.size == 0 or int(values.max()) > MAX_MASK_VALUE:
        return None
    width = max(int(values.max()), 1).bit_length()
    if name == "plain":
        w = _walsh(np.bincount(values, minlength=1 << width))
        rare = (values.size + w) // 2
        rare[0] = np.iinfo(np.int64).max
        mask = int(np.argmin(rare))
        return Method("plain", mask, 0, 1, int(rare[mask]))
    if name == "parity":
        k = parity_class(take_split)
        if k is None:
            return None
        even, odd = values[0::2], values[1::2]
        we = _walsh(np.bincount(even, minlength=1 << width))
        wo = _walsh(np.bincount(odd, minlength=1 << width))
        # Even heaps are rare when p != k, odd ones when p == k
        rare = (even.size + we) // 2 + (odd.size - wo) // 2 if k == 1 else (even.size - we) // 2 + (odd.size + wo) // 2
        rare[0] = np.iinfo(np.int64).max
        mask = int(np.argmin(rare))
        return Method("parity", mask, 1, k, int(rare[mask]))
    raise ValueError(f"method must be 'plain' or 'parity', got {name!r}")


def choose(values: np.ndarray, take_split, method: str = "auto") -> Method:
    """The method for a game whose first values are ``values``: see the module's criterion.

    ``method`` "plain" or "parity" forces that method (with its best mask;
    ``ValueError`` if parity does not apply), "naive" the naive mex.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    if method == "naive" or len(take_split) == 0:
        return Method("naive")
    if method != "auto":
        found = best(values, method, take_split)
        if found is None:
            if method == "parity":
                raise ValueError("the parity method needs split digits of one parity (see nimlib.engine.methods)")
            return Method("naive")
        return found
    found = [m for m in (best(values, "plain", take_split), best(values, "parity", take_split)) if m is not None]
    if not found:
        return Method("naive")
    winner = min(found, key=lambda m: (m.rare, m.name != "plain"))
    return winner if winner.rare <= RARE_SHARE * len(values) else Method("naive")
