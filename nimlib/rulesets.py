"""Heap games: rulesets where a move replaces one heap by zero, one or two smaller heaps.

A position is a tuple of heap sizes, as in Nim; the ruleset says what a
single heap of size n may become (its options). Octal games, Grundy's game,
Lasker's nim and Nim itself are all of this kind, and the Sprague–Grundy
theorem reduces each position to the XOR of its heaps' Grundy values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ._check import check_int, check_position
from .types import HeapRule, Position


@dataclass(frozen=True)
class TakeRule:
    """A heap game's moves in octal form, for the compiled engine.

    A move takes j tokens from a heap and leaves no heap (j in ``take_all``),
    one heap (``take_one``) or two non-empty heaps (``take_split``; of
    different sizes when ``unequal``). ``take_any`` adds every j >= 1 to
    ``take_all`` and ``take_one`` (Nim, Lasker's nim).
    """

    take_all: tuple[int, ...] = ()
    take_one: tuple[int, ...] = ()
    take_split: tuple[int, ...] = ()
    unequal: bool = False
    take_any: bool = False


@dataclass(frozen=True)
class HeapGame:
    """An impartial game on heaps, given by the options of a single heap.

    ``rule(n)`` yields what a heap of n may become, each option a tuple of
    heap sizes; ``max_take`` is the most tokens one move removes (the ``t`` of
    the octal periodicity theorem), or None where a move may remove any number.
    """

    name: str
    rule: HeapRule = field(repr=False, compare=False)
    max_take: int | None = None
    splits_without_taking: bool = False
    takes: TakeRule | None = field(default=None, repr=False)

    def __repr__(self) -> str:
        return self.name

    def options(self, n: int) -> list[tuple[int, ...]]:
        """What a heap of size n may become, each option a sorted tuple of non-empty heaps."""
        n = check_int(n, "n")
        return sorted({tuple(sorted(h for h in opt if h)) for opt in self.rule(n)})

    def successors(self, position: Position) -> Iterator[Position]:
        """Positions one move away, canonical (sorted, empty heaps dropped); for the searcher."""
        heaps = check_position(position)
        for i, a in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for opt in self.rule(a):
                yield tuple(sorted(h for h in rest + opt if h))


# ---------------------------------------------------------------- octal games

_OCTAL = re.compile(r"[0-7]?(\.[0-7]+)?")


@dataclass(frozen=True, repr=False)
class OctalGame(HeapGame):
    """An octal game: digit j of the code says how a move may take j tokens from a heap.

    Digit d_j (j = 1, 2, … after the point) is a sum of 1 (take j, leaving
    no heap), 2 (take j, leaving one heap) and 4 (take j, leaving two
    non-empty heaps). A leading 4 (``"4.07"``) also lets a move split a heap
    in two without taking any token.
    """

    code: str = ""
    digits: tuple[int, ...] = ()


def octal(code: str) -> OctalGame:
    """The octal game with this code: ``octal("0.77")`` is Kayles.

    Codes are written like ``"0.77"``, ``".77"``, ``"4.07"`` or ``"4"``:
    digits 0–7, one optional digit before the point (0 or 4), any after.

    >>> octal("0.77"), octal("0.77").options(3)
    (octal('0.77'), [(1,), (1, 1), (2,)])
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a str such as '0.77', got {code!r} ({type(code).__name__})")
    if not code or code == "." or not _OCTAL.fullmatch(code):
        raise ValueError(f"code {code!r} is not an octal code: use digits 0-7, like '0.77' or '4.07'")
    head, _, tail = code.partition(".")
    lead = int(head or "0")
    if lead not in (0, 4):
        raise ValueError(f"code {code!r}: the digit before the point must be 0 or 4 (split without taking), got {lead}")
    digits = (lead, *(int(d) for d in tail))
    nonzero = [j for j, d in enumerate(digits) if d and j]
    max_take = max(nonzero, default=0)

    def rule(n: int) -> Iterator[tuple[int, ...]]:
        for j, d in enumerate(digits):
            rest = n - j
            if rest < 0 or (j == 0 and not d):
                continue
            if d & 1 and rest == 0 and j > 0:
                yield ()
            if d & 2 and rest >= 1 and j > 0:
                yield (rest,)
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    yield (a, rest - a)

    takes = TakeRule(
        take_all=tuple(j for j, d in enumerate(digits) if j and d & 1),
        take_one=tuple(j for j, d in enumerate(digits) if j and d & 2),
        take_split=tuple(j for j, d in enumerate(digits) if d & 4),
    )
    return OctalGame(
        name=f"octal({code!r})",
        rule=rule,
        max_take=max_take,
        splits_without_taking=bool(lead),
        takes=takes,
        code=code,
        digits=digits,
    )


# ---------------------------------------------------------------- subtraction games


def subtraction(allowed: Iterable[int]) -> HeapGame:
    """The subtraction game S(allowed): a move takes s tokens from one heap, for some s in ``allowed``.

    >>> subtraction({1, 2, 3}).options(5)
    [(2,), (3,), (4,)]
    """
    if isinstance(allowed, (str, bytes)) or not isinstance(allowed, Iterable):
        raise TypeError(f"allowed must be a set of positive ints, got {allowed!r}")
    takes = tuple(sorted({check_int(s, "allowed[...]", minimum=1) for s in allowed}))
    if not takes:
        raise ValueError("allowed must not be empty")

    def rule(n: int) -> Iterator[tuple[int, ...]]:
        for s in takes:
            if s <= n:
                yield (n - s,) if n > s else ()

    return HeapGame(
        f"subtraction({set(takes)})", rule, max_take=max(takes), takes=TakeRule(take_all=takes, take_one=takes)
    )


# ---------------------------------------------------------------- named games


def _nim_rule(n: int) -> Iterator[tuple[int, ...]]:
    for b in range(n):
        yield (b,)


def _grundy_rule(n: int) -> Iterator[tuple[int, ...]]:
    for a in range(1, (n + 1) // 2):
        yield (a, n - a)


def _lasker_rule(n: int) -> Iterator[tuple[int, ...]]:
    yield from _nim_rule(n)
    for a in range(1, n // 2 + 1):
        yield (a, n - a)


nim = HeapGame("nim", _nim_rule, max_take=None, takes=TakeRule(take_any=True))
"""Nim as a heap game: a heap may become any smaller heap."""

grundys_game = HeapGame(
    "grundys_game", _grundy_rule, max_take=0, splits_without_taking=True, takes=TakeRule(take_split=(0,), unequal=True)
)
"""Grundy's game: split one heap into two non-empty heaps of different sizes."""

laskers_nim = HeapGame(
    "laskers_nim",
    _lasker_rule,
    max_take=None,
    splits_without_taking=True,
    takes=TakeRule(take_split=(0,), take_any=True),
)
"""Lasker's nim: take any number from one heap, or split a heap into two non-empty heaps."""

kayles = octal("0.77")
"""Kayles: knock down one pin or two adjacent pins from a row; a heap is a run of standing pins."""

dawsons_kayles = octal("0.07")
"""Dawson's Kayles: knock down exactly two adjacent pins."""

crosses = octal("0.137")
"""Crosses (Dawson's chess): put a cross on a 1×n strip, never next to another; a heap is n free cells."""

crosses_2 = octal("0.11337")
"""Crosses-2 (treblecross): three in a row wins, so a cross kills the cells within distance 2; heap = free cells."""

trominoes = octal("0.007")
"""L-trominoes on a 2×n board: a heap is the number of free cells (2n to start); take 3, split the rest."""
