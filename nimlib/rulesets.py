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
from functools import reduce
from operator import xor

from ._check import check_bool, check_int, check_int_set, check_position, check_size, check_str
from .game import JSON, Ruleset
from .grundy import extend_heap_values
from .types import Position

# A heap game's move: (heap_index, option), option the heap sizes it leaves there:
# (b,) for a take (b may be 0: the heap is emptied and stays as a 0), (a, b) with a <= b for a split
HeapMove = tuple[int, tuple[int, ...]]

MAX_HEAP_OPTIONS = 1_000_000
"""The most options ``HeapGame.heap_options(n)`` lists (a sorted list, built in full); ``rule(n)`` is lazy."""
# Digits of an octal code after the point (as the page's lab, lab.js MAX_DIGITS): each digit is a rule the
# engine checks for every heap, and no octal game studied has more
MAX_CODE_DIGITS = 12
# The most numbers in one field of a TakeRule (or a subtraction set): each is a move the engine tries at every heap,
# and a million already takes a second to check
MAX_RULE_NUMBERS = 1_000_000


def _sizes(value: object, name: str, minimum: int) -> tuple[int, ...]:
    return check_int_set(value, name, minimum=minimum, max_count=MAX_RULE_NUMBERS, limit="MAX_RULE_NUMBERS")


@dataclass(frozen=True)
class TakeRule:
    """A heap game's moves, the one description both the Python rules and the compiled engine read.

    A move takes j tokens from a heap and leaves no heap (j in ``take_all``),
    one heap (``take_one``) or two non-empty heaps (``take_split``; of
    different sizes when ``unequal``). ``take_any`` adds every j >= 1 to
    ``take_all`` and ``take_one`` (Nim, Lasker's nim), except the j in
    ``take_except`` (all-but subtraction games). A split may take 0
    tokens (Grundy's game); the other moves take at least 1, or the game
    would never end.

    >>> TakeRule(take_one=(0,))
    Traceback (most recent call last):
    ...
    ValueError: take_one[...] must be an int >= 1, got 0
    """

    take_all: tuple[int, ...] = ()
    take_one: tuple[int, ...] = ()
    take_split: tuple[int, ...] = ()
    unequal: bool = False
    take_any: bool = False
    take_except: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "take_all", _sizes(self.take_all, "take_all", 1))
        object.__setattr__(self, "take_one", _sizes(self.take_one, "take_one", 1))
        object.__setattr__(self, "take_split", _sizes(self.take_split, "take_split", 0))
        check_bool(self.unequal, "unequal")
        check_bool(self.take_any, "take_any")
        object.__setattr__(self, "take_except", _sizes(self.take_except, "take_except", 1))
        if self.take_except and not self.take_any:
            raise ValueError("take_except only makes sense with take_any=True (any number but these)")

    def heap_options(self, n: int) -> Iterator[tuple[int, ...]]:
        """What a heap of n may become, lazily, each option a tuple of heap sizes; () means the heap is gone."""
        if self.take_any:
            skip = self.take_except
            if n >= 1 and n not in skip:
                yield ()
            for b in range(1, n):
                if n - b not in skip:
                    yield (b,)
        else:
            for j in self.take_all:
                if j == n:
                    yield ()
            for j in self.take_one:
                if n - j >= 1:
                    yield (n - j,)
        for j in self.take_split:
            rest = n - j
            for a in range(1, rest // 2 + 1):
                if not (self.unequal and 2 * a == rest):
                    yield (a, rest - a)

    def option_count(self, n: int) -> int:
        """How many options ``heap_options(n)`` yields at most: what listing them all costs."""
        count = n if self.take_any else len(self.take_all) + len(self.take_one)
        return count + sum(max(n - j, 0) // 2 for j in self.take_split)

    def allows(self, n: int, option: tuple[int, ...]) -> bool:
        """True when a heap of n may become ``option`` (sizes in any order; (0,) or () for nothing left)."""
        parts = tuple(h for h in option if h)
        taken = n - sum(parts)
        if len(parts) == 0:
            return n >= 1 and (self._any(n) or n in self.take_all)
        if len(parts) == 1:
            return taken >= 1 and (self._any(taken) or taken in self.take_one)
        if len(parts) == 2:
            return taken >= 0 and taken in self.take_split and not (self.unequal and parts[0] == parts[1])
        return False

    def _any(self, j: int) -> bool:
        return self.take_any and j not in self.take_except

    def as_params(self) -> dict[str, JSON]:
        """The rule as JSON, for the play widget."""
        return {
            "take_all": list(self.take_all),
            "take_one": list(self.take_one),
            "take_split": list(self.take_split),
            "unequal": self.unequal,
            "take_any": self.take_any,
            "take_except": list(self.take_except),
        }


@dataclass(frozen=True)
class HeapGame(Ruleset):
    """An impartial game on heaps, given by one :class:`TakeRule` (what a single heap may become).

    A position is a tuple of heap sizes; a move is ``(heap_index, option)``:
    ``(i, (b,))`` leaves b tokens in heap i (0 when it is emptied: emptied
    heaps stay as 0), ``(i, (a, b))`` with a <= b splits heap i in two, the
    parts taking the places i and i + 1. The searcher sees canonical positions
    (``options``: sorted, no empty heaps), and each heap is a component with
    its Grundy value g(n) (Sprague–Grundy).

    ``options(n)`` with an int (the first edition's name) lists a heap's
    options, as ``heap_options(n)`` does.
    """

    name: str = "heap game"
    takes: TakeRule = field(default_factory=TakeRule)
    widget: str = "heaps"
    _values: list[int] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        check_str(self.widget, "widget")
        if not isinstance(self.takes, TakeRule):
            raise TypeError(f"takes must be a TakeRule, got {self.takes!r}")

    def __repr__(self) -> str:
        return self.name

    @property
    def max_take(self) -> int | None:
        """The most tokens one move removes (the t of the octal periodicity theorem); None when unbounded."""
        if self.takes.take_any:
            return None
        return max((*self.takes.take_all, *self.takes.take_one, *self.takes.take_split), default=0)

    @property
    def splits_without_taking(self) -> bool:
        """True when a move may split a heap without taking a token (Grundy's game, Lasker's nim)."""
        return 0 in self.takes.take_split

    def rule(self, n: int) -> Iterator[tuple[int, ...]]:
        """What a heap of n may become (lazy, () for nothing left); the first edition's name for ``heap_options``."""
        return self.takes.heap_options(check_int(n, "n"))

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        """What a heap of size n may become, each option a sorted tuple of non-empty heaps.

        The list is sorted, so it is built in full: a heap with more than
        MAX_HEAP_OPTIONS options is refused up front (``rule(n)`` yields them lazily).
        """
        n = check_int(n, "n")
        check_size(
            self.takes.option_count(n),
            MAX_HEAP_OPTIONS,
            f"{self.name}: the options of a heap of {n:,} (rule(n) yields them lazily)",
        )
        return sorted({tuple(sorted(h for h in opt if h)) for opt in self.takes.heap_options(n)})

    def options(self, position: int | Position) -> list[tuple[int, ...]] | Iterator[Position]:  # type: ignore[override]
        """With a tuple: the positions one move away (canonical); with an int n: ``heap_options(n)``."""
        if isinstance(position, int) and not isinstance(position, bool):
            return self.heap_options(position)
        return self._successors(check_position(position))

    def _successors(self, heaps: Position) -> Iterator[Position]:
        for i, a in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for opt in self.takes.heap_options(a):
                yield tuple(sorted(h for h in rest + opt if h))

    def successors(self, position: Position) -> Iterator[Position]:
        """Positions one move away, canonical (sorted, empty heaps dropped); for the searcher."""
        return self._successors(check_position(position))

    # ------------------------------------------------ the protocol

    def check(self, position: object) -> Position:
        return check_position(position)

    def moves(self, position: Position) -> Iterator[HeapMove]:
        """Every move ``(heap_index, option)``, heap by heap, lazily."""
        heaps = check_position(position)
        for i, a in enumerate(heaps):
            for opt in self.takes.heap_options(a):
                yield i, opt or (0,)

    def apply(self, position: Position, move: HeapMove) -> Position:
        heaps = check_position(position)
        i, option = self._check_move(heaps, move)
        return heaps[:i] + option + heaps[i + 1 :]

    def _check_move(self, heaps: Position, move: object) -> HeapMove:
        if not isinstance(move, tuple | list) or len(move) != 2:
            raise TypeError(f"move must be a pair (heap_index, option), option a tuple of heap sizes, got {move!r}")
        i = check_int(move[0], "move[0] (heap index)")
        if i >= len(heaps):
            raise ValueError(f"move[0] (heap index) must be < {len(heaps)}, got {i}")
        option = move[1]
        if isinstance(option, int) and not isinstance(option, bool):
            option = (option,)
        if not isinstance(option, tuple | list) or not 1 <= len(option) <= 2:
            raise TypeError(f"move[1] must be (new_size,) or (a, b) for a split, got {move[1]!r}")
        option = tuple(sorted(check_int(h, "move[1][...]") for h in option))
        if len(option) == 2 and 0 in option:
            raise ValueError(f"a split leaves two non-empty heaps, got {move[1]!r}")
        if not self.takes.allows(heaps[i], option):
            raise ValueError(f"{self.name}: heap {i} of {heaps[i]} cannot become {option}")
        return i, option

    def value(self, n: int) -> int:
        """g(n), the Grundy value of one heap of n (computed once per game object and kept)."""
        n = check_int(n, "n")
        if self.takes.take_any and not self.takes.take_split and not self.takes.take_except:
            return n  # Nim: a heap is itself
        if n >= len(self._values):
            extend_heap_values(self, self._values, n + 1)
        return self._values[n]

    def components(self, position: Position) -> list[tuple[str, int]]:
        """Each heap with its Grundy value (Sprague–Grundy: the position's value is their XOR)."""
        return [(f"heap {i} ({a})", self.value(a)) for i, a in enumerate(check_position(position))]

    def grundy(self, position: Position) -> int:
        """The XOR of the heaps' Grundy values."""
        return reduce(xor, (v for _, v in self.components(position)), 0)

    def widget_params(self) -> dict[str, JSON]:
        """The rule as JSON (and, for a subtraction game, its set as ``subtract``)."""
        params: dict[str, JSON] = {"name": self.name, **self.takes.as_params()}
        if self.widget == "subtraction":
            params["subtract"] = list(self.takes.take_one)
        return params

    def encode_move(self, move: HeapMove) -> JSON:
        """``[heap, new_size]`` for a take, ``[heap, [a, b]]`` for a split (the widget's form)."""
        i, option = move
        return [i, option[0]] if len(option) == 1 else [i, list(option)]

    def decode_move(self, data: JSON) -> HeapMove:
        if not isinstance(data, list) or len(data) != 2:
            raise TypeError(f"data must be [heap, new_size] or [heap, [a, b]], got {data!r}")
        i, option = data
        return (i, tuple(option)) if isinstance(option, list) else (i, (option,))

    def describe(self, position: Position, move: HeapMove) -> str:
        i, option = move
        if len(option) == 2:
            return f"split heap {i} ({position[i]}) into {option[0]} and {option[1]}"
        return f"heap {i} from {position[i]} to {option[0] if option else 0}"


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
    widget: str = "octal"


def octal(code: str) -> OctalGame:
    """The octal game with this code: ``octal("0.77")`` is Kayles.

    Codes are written like ``"0.77"``, ``".77"``, ``"4.07"`` or ``"4"``:
    digits 0–7, one optional digit before the point (0 or 4), any after.
    Digit j becomes the take sizes of one :class:`TakeRule`, nothing else.

    >>> octal("0.77"), octal("0.77").options(3)
    (octal('0.77'), [(1,), (1, 1), (2,)])
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a str such as '0.77', got {code!r} ({type(code).__name__})")
    if len(code.partition(".")[2]) > MAX_CODE_DIGITS and _OCTAL.fullmatch(code):
        raise ValueError(
            f"an octal code has at most MAX_CODE_DIGITS = {MAX_CODE_DIGITS} digits after the point (each digit "
            f"is a rule the engine checks for every heap), got {len(code.partition('.')[2]):,}"
        )
    if not code or code == "." or not _OCTAL.fullmatch(code):
        raise ValueError(f"code {code!r:.40} is not an octal code: use digits 0-7, like '0.77' or '4.07'")
    head, _, tail = code.partition(".")
    lead = int(head or "0")
    if lead not in (0, 4):
        raise ValueError(f"code {code!r}: the digit before the point must be 0 or 4 (split without taking), got {lead}")
    digits = (lead, *(int(d) for d in tail))
    takes = TakeRule(
        take_all=tuple(j for j, d in enumerate(digits) if j and d & 1),
        take_one=tuple(j for j, d in enumerate(digits) if j and d & 2),
        take_split=tuple(j for j, d in enumerate(digits) if d & 4),
    )
    return OctalGame(name=f"octal({code!r})", takes=takes, code=code, digits=digits)


# ---------------------------------------------------------------- subtraction games


def subtraction(allowed: Iterable[int]) -> HeapGame:
    """The subtraction game S(allowed): a move takes s tokens from one heap, for some s in ``allowed``.

    >>> subtraction({1, 2, 3}).options(5)
    [(2,), (3,), (4,)]
    """
    takes = check_int_set(allowed, "allowed", minimum=1, max_count=MAX_RULE_NUMBERS, limit="MAX_RULE_NUMBERS")
    if not takes:
        raise ValueError("allowed must not be empty")
    return HeapGame(f"subtraction({set(takes)})", TakeRule(take_all=takes, take_one=takes), widget="subtraction")


# ---------------------------------------------------------------- named games


nim = HeapGame("nim", TakeRule(take_any=True), widget="nim")
"""Nim as a heap game: a heap may become any smaller heap."""

grundys_game = HeapGame("grundys_game", TakeRule(take_split=(0,), unequal=True), widget="grundy")
"""Grundy's game: split one heap into two non-empty heaps of different sizes."""

laskers_nim = HeapGame("laskers_nim", TakeRule(take_split=(0,), take_any=True), widget="lasker")
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
