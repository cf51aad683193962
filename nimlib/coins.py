"""Coin-turning games (Lenstra; Winning Ways ch. 14; Conway, ONAG ch. 6) and nim multiplication.

A row of coins, place 1 on the left, each heads (1) or tails (0). A move
turns over a set of coins allowed by the game's rule; the rightmost coin of
the set must go from heads to tails, the others may go either way. Whoever
cannot move (all tails) loses.

The one fact behind every game here (the coin-sum theorem): a position is
the sum of the positions with a single heads coin, so its Grundy value is the
XOR of the values of its heads coins. ``components`` lists them. Turning a
coin twice leaves it as it was, which is why the XOR, not an ordinary sum,
appears.

Positions of a row game are tuples of 0/1 (index 0 = place 1). A move is the
tuple of the places (counting from 1) it turns, rightmost first: ``(5,)``,
``(5, 2)``, ``(5, 4, 1)``. Positions of a two-dimensional game are frozensets
of heads cells ``(i, j)`` (row i, column j, both from 1); a move of a product
game is ``(rows, columns)``, two such tuples, and turns every cell of
``rows × columns``.

>>> mock_turtles(8)
[1, 2, 4, 7, 8, 11, 13, 14]
>>> ruler(8)
[1, 2, 1, 4, 1, 2, 1, 8]
>>> nim_product(2, 2), nim_product(4, 4), nim_product(16, 16)
(3, 6, 24)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import combinations
from typing import Any

from ._check import check_int
from .game import JSON, Ruleset, from_json
from .grundy import mex

# A row game's rule: the place x of the coin turned heads→tails -> the sets of other places (all < x) turned with it
Rule = Callable[[int], Iterable[tuple[int, ...]]]
# A row position: 0/1 per place, place 1 first
Row = tuple[int, ...]
# A row move: the places turned, rightmost (the one going heads→tails) first
RowMove = tuple[int, ...]
# A two-dimensional position: the heads cells (row, column), both from 1
Cells = frozenset[tuple[int, int]]


# ---------------------------------------------------------------- rules


def turtles_rule(x: int) -> Iterator[tuple[int, ...]]:
    """Turning Turtles: coin x alone, or with one coin to its left."""
    yield ()
    for y in range(x - 1, 0, -1):
        yield (y,)


def twins_rule(x: int) -> Iterator[tuple[int, ...]]:
    """Twins: coin x with exactly one coin to its left."""
    for y in range(x - 1, 0, -1):
        yield (y,)


def mock_turtles_rule(x: int) -> Iterator[tuple[int, ...]]:
    """Mock Turtles: coin x alone, or with one or two coins to its left (1, 2 or 3 coins in all)."""
    yield ()
    for size in (1, 2):
        yield from combinations(range(x - 1, 0, -1), size)


def ruler_rule(x: int) -> Iterator[tuple[int, ...]]:
    """Ruler: a run of consecutive coins ending at x, of any length 1..x."""
    for k in range(1, x + 1):
        yield tuple(range(x - 1, x - k, -1))


# ---------------------------------------------------------------- values of single coins


def odious(n: int) -> list[int]:
    """The first ``n`` odious numbers (an odd number of 1 bits): 1, 2, 4, 7, 8, 11, …

    Exactly one of 2m and 2m + 1 is odious, so the x-th one is 2(x − 1) plus the bit that makes the count odd.

    >>> odious(6)
    [1, 2, 4, 7, 8, 11]
    """
    n = check_int(n, "n")
    return [2 * m + 1 - (m.bit_count() & 1) for m in range(n)]


def lowbit(x: int) -> int:
    """The largest power of 2 dividing ``x`` (x ≥ 1): x & −x.

    >>> [lowbit(x) for x in range(1, 9)]
    [1, 2, 1, 4, 1, 2, 1, 8]
    """
    x = check_int(x, "x", minimum=1)
    return x & -x


def single_coin_values(rule: Rule, n: int) -> list[int]:
    """Grundy values of one heads coin at places 1..n (index 0 = place 1), by the mex rule and the coin-sum theorem.

    A move from the lone coin at x turns it to tails and the coins of a set T
    (all left of x) to heads, which is the sum of the lone coins of T: its value
    is the XOR of their values, already known. Knows nothing about any formula.
    """
    if not callable(rule):
        raise TypeError(f"rule must be a function from a place to sets of places, got {rule!r}")
    n = check_int(n, "n")
    values: list[int] = []
    for x in range(1, n + 1):
        seen = set()
        for others in rule(x):
            value = 0
            for y in others:
                if isinstance(y, bool) or not isinstance(y, int) or not 1 <= y < x:
                    raise ValueError(f"rule({x}) must give places between 1 and {x - 1}, got {tuple(others)!r}")
                value ^= values[y - 1]
            seen.add(value)
        values.append(mex(seen))
    return values


# The fast computations below refuse sizes past these (each about two seconds on a laptop)
MAX_MOCK_TURTLES = 50_000
MAX_RULER = 1_000_000


def mock_turtles(n: int) -> list[int]:
    """Grundy values of one heads coin at places 1..n in Mock Turtles (computed, not read from a formula).

    From the rule alone, by the mex rule and the coin-sum theorem: with W the
    set of 0 and the values of places 1..x − 1, the options of the coin at x
    (turn it alone, or with one or two coins to its left) are worth exactly
    the XORs w ⊕ w' of two elements of W. So the coin at x is worth the mex
    of W ⊕ W, which only grows with x; each new value adds its XORs with W to
    a table of flags (about n²/2 steps, vectorised). ``n`` is limited to
    MAX_MOCK_TURTLES = 50,000 (about two seconds); the odious numbers
    (:func:`odious`) give the same values at any size.

    >>> mock_turtles(6)
    [1, 2, 4, 7, 8, 11]
    """
    n = check_int(n, "n")
    if n > MAX_MOCK_TURTLES:
        raise ValueError(
            f"n = {n:,} is too large to compute Mock Turtles from the rule (about n²/2 steps): "
            f"the limit is n <= MAX_MOCK_TURTLES = {MAX_MOCK_TURTLES:,}; odious(n) gives the same values"
        )
    import numpy as np  # only here: ``import nimlib`` stays light

    size = 4
    while size <= 2 * n + 2:  # a value is the mex of at most (n + 1)² XORs, in practice below 2n + 2
        size *= 2
    in_sums = np.zeros(size, dtype=bool)  # the flags of W ⊕ W
    in_sums[0] = True
    w = np.zeros(n + 1, dtype=np.int64)  # W: 0, then the values found so far
    values: list[int] = []
    m = 0
    for x in range(1, n + 1):
        while m < size and in_sums[m]:
            m += 1
        if m == size:  # pragma: no cover - the values stay below 2n + 2
            in_sums = np.concatenate([in_sums, np.zeros(size, dtype=bool)])
            size *= 2
        values.append(m)
        w[x] = m
        hit = m ^ w[: x + 1]
        if int(hit.max()) >= size:  # pragma: no cover - as above
            grown = np.zeros(2 * size, dtype=bool)
            grown[:size] = in_sums
            in_sums, size = grown, 2 * size
        in_sums[hit] = True
    return values


def ruler(n: int) -> list[int]:
    """Grundy values of one heads coin at places 1..n in the Ruler game (computed, not read from a formula).

    From the rule alone: with P(k) the XOR of the values of places 1..k, the
    run of places j + 1..x is worth P(x − 1) ⊕ P(j), so the coin at x is worth
    the mex of P(x − 1) ⊕ S, S the set of prefixes P(0..x − 1). S is kept in a
    binary trie that counts, under each node, how many prefixes it holds; the
    mex walks down it once (follow the bit of P(x − 1) unless that subtree is
    full), about n·log₂ n steps in all. ``n`` is limited to MAX_RULER = 10⁶
    (a few seconds).

    >>> ruler(6)
    [1, 2, 1, 4, 1, 2]
    """
    n = check_int(n, "n")
    if n > MAX_RULER:
        raise ValueError(
            f"n = {n:,} is too large to compute the Ruler game from the rule: "
            f"the limit is n <= MAX_RULER = {MAX_RULER:,}"
        )
    bits = max(1, (n + 1).bit_length())  # n + 1 prefixes at most: the root is never full
    counts: list[dict[int, int]] = [{} for _ in range(bits + 1)]  # counts[L][s >> L]: prefixes s under a node
    seen: set[int] = set()

    def insert(s: int) -> None:
        if s not in seen:
            seen.add(s)
            for level, table in enumerate(counts):
                key = s >> level
                table[key] = table.get(key, 0) + 1

    insert(0)
    prefix = 0
    values: list[int] = []
    for _ in range(n):
        value = node = 0
        for level in range(bits - 1, -1, -1):
            want = (node << 1) | ((prefix >> level) & 1)  # the child where the value's bit is 0
            count = counts[level].get(want, 0)
            if count == 0:
                break  # nothing below: the remaining bits of the mex are 0
            if count == 1 << level:  # full: every value with this bit 0 is taken
                value |= 1 << level
                want ^= 1
                if counts[level].get(want, 0) == 0:
                    break
            node = want
        values.append(value)
        prefix ^= value
        insert(prefix)
    return values


# ---------------------------------------------------------------- row games

MAX_MOVE_PLACES = 250_000
"""The most places (coins named, summed over all moves) the moves of one row may list: about a second and
30 MB of tuples. Each named game's longest row follows from it (``max_length``, the rows whose all-heads
position stays within it); ``moves`` of any game, named or built from a rule, refuse a position past it."""
MAX_ROW = 1000
"""The longest row of a game built from a rule (whose cost nimlib cannot know up front; its moves are counted)."""
MAX_PRODUCT_MOVES = 1_000_000
MAX_CORNERS_SIDE = 100  # Turning Corners' most rows or columns: the page's TURNING_MAX_SIDE
"""The most moves (pairs of row and column sets) the all-heads board of a product game may have."""


def _longest(places_at: Callable[[int], int], budget: int = MAX_MOVE_PLACES) -> int:
    """The longest all-heads row whose moves name at most ``budget`` places (``places_at(x)``: those of coin x)."""
    n, total = 0, 0
    while total + places_at(n + 1) <= budget:
        n += 1
        total += places_at(n)
    return n


def all_rows(n: int) -> list[Row]:
    """Every row of ``n`` coins, 2^n of them.

    >>> all_rows(2)
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    """
    n = check_int(n, "n")
    return [tuple((k >> (n - 1 - i)) & 1 for i in range(n)) for k in range(2**n)]


def row_text(position: Row) -> str:
    """A row as a word, place 1 first: H for heads, T for tails.

    >>> row_text((1, 0, 1, 1))
    'HTHH'
    """
    return "".join("H" if c else "T" for c in check_row(position))


def check_row(position: object, name: str = "position", *, length: int | None = None) -> Row:
    """Return ``position`` as a tuple of 0/1 coins, or raise naming what is wrong.

    >>> check_row([1, 0, 1])
    (1, 0, 1)
    """
    if isinstance(position, str | bytes) or not isinstance(position, Iterable):
        raise TypeError(f"{name} must be a sequence of coins 0 (tails) or 1 (heads), got {position!r}")
    coins = tuple(position)
    for i, c in enumerate(coins):
        check_int(c, f"{name}[{i}]")
        if c not in (0, 1):
            raise ValueError(f"{name}[{i}] must be 0 (tails) or 1 (heads), got {c!r}")
    if length is not None and len(coins) > length:
        raise ValueError(f"{name} must have at most {length} coins, got {len(coins)}")
    return tuple(int(c) for c in coins)


class TurningGame(Ruleset):
    """A coin-turning game on a row, given by its rule: ``TurningGame(rule, length=10, name=...)``.

    ``rule(x)`` lists the sets of places (each < x) that may be turned together
    with the coin at place x, which must be heads and goes to tails. A
    position is a tuple of 0/1 coins, place 1 first; ``length`` is the length
    of ``start()`` (all heads) and of the rows the play widget deals. A move
    is the tuple of places turned, rightmost first. ``length`` (and every
    position's) is at most ``max_length``: for the named games the longest row
    whose moves name at most MAX_MOVE_PLACES = 250,000 places (Ruler 113, Mock
    Turtles 79, Turning Turtles and Twins 500), for a rule MAX_ROW = 1000, and
    then ``moves`` counts as it goes and refuses a row past MAX_MOVE_PLACES.
    """

    widget: str = ""
    name = "coin-turning game"
    max_length: int = MAX_ROW  # a named game's longest row (from MAX_MOVE_PLACES); a rule's moves are counted
    why_longest = "the limit for a row"
    sets_at: Callable[[int], int] | None = None  # how many sets coin x may turn with, when known by formula

    def __init__(self, rule: Rule, length: int = 10, *, name: str | None = None) -> None:
        if not callable(rule):
            raise TypeError(f"rule must be a function from a place to sets of places, got {rule!r}")
        self.rule = rule
        self.length = self._check_length(length, "length")
        if name is not None:
            if not isinstance(name, str):
                raise TypeError(f"name must be a str, got {name!r}")
            self.name = name
        self._values: list[int] = []
        self._sets: dict[int, tuple[tuple[int, ...], ...]] = {}
        self._legal: dict[int, frozenset[tuple[int, ...]]] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(length={self.length})"

    @classmethod
    def _check_length(cls, length: object, name: str) -> int:
        """``length`` as an int from 1 to ``max_length``, or a ValueError naming the limit and why."""
        length = check_int(length, name, minimum=1)
        if length > cls.max_length:
            raise ValueError(f"{name} must be at most {cls.max_length} ({cls.why_longest}), got {length}")
        return length

    # -- rules

    def turns(self, x: int) -> tuple[tuple[int, ...], ...]:
        """The legal sets of other places for the coin at x, each rightmost first (checked once).

        In a fixed order, fewest coins first, then from the right, which the page's
        moves and strategy follow too.
        """
        if x not in self._sets:
            sets = set()
            places = 0
            for others in self.rule(x):
                others = tuple(sorted(others, reverse=True))
                places += 1 + len(others)
                if places > MAX_MOVE_PLACES:
                    raise ValueError(
                        f"rule({x}) gives sets of more than MAX_MOVE_PLACES = {MAX_MOVE_PLACES:,} places in all: "
                        "too many to list"
                    )
                if len(set(others)) != len(others) or any(not 1 <= y < x for y in others):
                    raise ValueError(f"rule({x}) must give distinct places between 1 and {x - 1}, got {others!r}")
                sets.add(others)
            self._sets[x] = tuple(sorted(sets, key=lambda t: (len(t), [-y for y in t])))
            self._legal[x] = frozenset(sets)
        return self._sets[x]

    def is_legal(self, x: int, others: tuple[int, ...]) -> bool:
        """True when the coin at x may be turned with the coins at ``others`` (rightmost first)."""
        self.turns(x)
        return others in self._legal[x]

    def move_sets(self, n: int, stop: int = MAX_PRODUCT_MOVES) -> int:
        """How many moves an all-heads row of ``n`` coins has (counting stops once past ``stop``)."""
        total = 0
        for x in range(1, n + 1):
            total += self.sets_at(x) if self.sets_at is not None else len(self.turns(x))
            if total > stop:
                break
        return total

    def start(self) -> Row:
        return (1,) * self.length

    def check(self, position: object) -> Row:
        row = check_row(position)
        if len(row) > self.max_length:
            raise ValueError(f"position must have at most {self.max_length} coins ({self.why_longest}), got {len(row)}")
        return row

    def moves(self, position: Row) -> list[RowMove]:
        """Every legal move, rightmost coin first; a ValueError, not a memory error, past MAX_MOVE_PLACES."""
        position = self.check(position)
        out = []
        places = 0
        for x in range(len(position), 0, -1):
            if position[x - 1]:
                for others in self.turns(x):
                    places += 1 + len(others)
                    if places > MAX_MOVE_PLACES:
                        raise ValueError(
                            f"the moves of this position name more than MAX_MOVE_PLACES = {MAX_MOVE_PLACES:,} "
                            f"places (a row of {len(position)} coins of {self.name}): too many to list"
                        )
                    out.append((x, *others))
        return out

    def check_move(self, position: Row, move: object) -> RowMove:
        """Return ``move`` as a tuple of places, rightmost first, or raise if it is not legal at ``position``."""
        if isinstance(move, str | bytes) or not isinstance(move, Iterable):
            raise TypeError(f"move must be a sequence of places (from 1), rightmost first, got {move!r}")
        places = tuple(check_int(p, f"move[{i}]", minimum=1) for i, p in enumerate(move))
        if not places:
            raise ValueError("move must turn at least one coin")
        x = max(places)
        if x > len(position):
            raise ValueError(f"move turns place {x}, but the row has {len(position)} coins")
        if not position[x - 1]:
            raise ValueError(f"move must turn a heads coin to tails at its rightmost place {x}, which is tails")
        others = tuple(sorted((p for p in places if p != x), reverse=True))
        if len(others) + 1 != len(places) or not self.is_legal(x, others):
            raise ValueError(f"move {places!r} is not a legal set of coins in {self.name}")
        return (x, *others)

    def apply(self, position: Row, move: RowMove) -> Row:
        position = self.check(position)
        move = self.check_move(position, move)
        coins = list(position)
        for p in move:
            coins[p - 1] ^= 1
        return tuple(coins)

    def options(self, position: Row) -> Iterator[Row]:
        for move in self.moves(position):
            coins = list(position)
            for p in move:
                coins[p - 1] ^= 1
            yield tuple(coins)

    # -- values

    def value(self, x: int) -> int:
        """The Grundy value of one heads coin at place x (from 1)."""
        x = check_int(x, "x", minimum=1)
        if len(self._values) < x:
            # the rule may be defined only up to the row length: compute that far, or just to x
            self._values = single_coin_values(self.rule, max(x, self.length))
        return self._values[x - 1]

    def values(self, n: int) -> list[int]:
        """Grundy values of one heads coin at places 1..n."""
        n = check_int(n, "n")
        return [self.value(x) for x in range(1, n + 1)]

    def components(self, position: Row) -> list[tuple[str, int]]:
        """One component per heads coin: the coin-sum theorem."""
        position = self.check(position)
        return [(f"coin {x}", self.value(x)) for x in range(1, len(position) + 1) if position[x - 1]]

    def grundy(self, position: Row) -> int:
        """The XOR of the heads coins' values (0 exactly at P-positions)."""
        total = 0
        for _, v in self.components(position):
            total ^= v
        return total

    def winning_move(self, position: Row) -> RowMove | None:
        """A move to a position of value 0, None when there is none (the value is 0).

        The strategy of the coin-sum theorem, one heads coin first (the page names the
        same move): with S the XOR of the heads coins' values, a move that turns
        exactly one heads coin x (its other coins tails) wins when the coins it turns
        to heads are worth v(x) ⊕ S together. Such a move is looked for from the heads
        coins whose value has the top bit of S, left to right, then from the others
        (whose value rises); each coin's sets in the order of ``turns``. When none
        exists, the leftmost coin x with the top bit is turned with the first set of
        coins whose values XOR to v(x) ⊕ S, heads or tails (a lone coin at x can reach
        every smaller value, so there is one).
        """
        position = self.check(position)
        total = self.grundy(position)
        if total == 0:
            return None
        top = 1 << (total.bit_length() - 1)
        heads = [x for x in range(1, len(position) + 1) if position[x - 1]]
        first = [x for x in heads if self.value(x) & top]
        for x in first + [x for x in heads if not self.value(x) & top]:
            others = self._lone_set(position, x, self.value(x) ^ total)
            if others is not None:
                return (x, *others)
        x = first[0]
        target = self.value(x) ^ total
        for others in self.turns(x):
            value = 0
            for y in others:
                value ^= self.value(y)
            if value == target:
                return (x, *others)
        raise AssertionError(f"no move from coin {x} reaches value {target}: the coin values are not Grundy values")

    def _lone_set(self, position: Row, x: int, target: int) -> tuple[int, ...] | None:
        """The first set of ``turns(x)`` whose coins are all tails and worth ``target`` together, else None.

        Turned with the heads coin x it changes that one component alone. A named game finds
        the same set by formula (each at most x steps).
        """
        for others in self.turns(x):
            if any(position[y - 1] for y in others):
                continue
            value = 0
            for y in others:
                value ^= self.value(y)
            if value == target:
                return others
        return None

    # -- play widget

    def widget_params(self) -> dict[str, JSON]:
        return {"length": self.length}

    def decode(self, data: JSON) -> Row:
        return check_row(data, length=self.length)

    def encode_move(self, move: RowMove) -> JSON:
        """The page's data-move: indices into the position list (place − 1), rightmost first."""
        return [p - 1 for p in move]

    def decode_move(self, data: JSON) -> RowMove:
        """A data-move (indices from 0) back to places (from 1)."""
        if not isinstance(data, list):
            raise TypeError(f"move must be a list of coin indices (from 0), got {data!r}")
        return tuple(check_int(i, f"move[{k}]") + 1 for k, i in enumerate(data))

    def describe(self, position: Row, move: RowMove) -> str:
        if len(move) == 1:
            return f"turn coin {move[0]}"
        return f"turn coins {', '.join(str(p) for p in move)}"


class MockTurtles(TurningGame):
    """Mock Turtles: turn 1, 2 or 3 coins, the rightmost from heads to tails. ``MockTurtles(length=12)``.

    The coin at place x is worth the x-th odious number.
    """

    widget = "mock-turtles"
    name = "Mock Turtles"
    max_length = _longest(lambda x: 1 + 2 * (x - 1) + 3 * (x - 1) * (x - 2) // 2)
    why_longest = "the moves of a longer row name more than MAX_MOVE_PLACES places"
    sets_at = staticmethod(lambda x: 1 + (x - 1) + (x - 1) * (x - 2) // 2)

    def __init__(self, length: int = 12) -> None:
        super().__init__(mock_turtles_rule, length)

    def value(self, x: int) -> int:
        x = check_int(x, "x", minimum=1)
        m = x - 1
        return 2 * m + 1 - (m.bit_count() & 1)

    @staticmethod
    def _place_worth(w: int) -> int:
        """The place whose coin is worth ``w`` (the odious numbers are distinct), 0 when none is."""
        m = w >> 1
        return m + 1 if w >= 1 and 2 * m + 1 - (m.bit_count() & 1) == w else 0

    def _lone_set(self, position: Row, x: int, target: int) -> tuple[int, ...] | None:
        """As TurningGame's, in ``turns`` order, by formula: none, one coin, then two (y > z), at most x steps."""
        if target == 0:
            return ()
        y = self._place_worth(target)
        if 0 < y < x and not position[y - 1]:
            return (y,)
        for y in range(x - 1, 1, -1):
            if position[y - 1]:
                continue
            z = self._place_worth(target ^ self.value(y))
            if 0 < z < y and not position[z - 1]:
                return (y, z)
        return None


class Ruler(TurningGame):
    """The Ruler game: turn any run of consecutive coins whose rightmost goes heads to tails. ``Ruler(length=12)``.

    The coin at place x is worth the largest power of 2 dividing x.
    """

    widget = "ruler"
    name = "Ruler"
    max_length = _longest(lambda x: x * (x + 1) // 2)
    why_longest = "the moves of a longer row name more than MAX_MOVE_PLACES places"
    sets_at = staticmethod(lambda x: x)

    def __init__(self, length: int = 12) -> None:
        super().__init__(ruler_rule, length)

    def value(self, x: int) -> int:
        return lowbit(x)

    def _lone_set(self, position: Row, x: int, target: int) -> tuple[int, ...] | None:
        """As TurningGame's, in ``turns`` order (shortest run first), by formula: at most x steps."""
        value = 0
        for y in range(x, 0, -1):  # the run x, x − 1, …, y
            if y < x:
                if position[y - 1]:
                    return None  # every longer run turns this heads coin too
                value ^= y & -y
            if value == target:
                return tuple(range(x - 1, y - 1, -1))
        return None


class TurningTurtles(TurningGame):
    """Turning Turtles: turn 1 or 2 coins, the rightmost from heads to tails. ``TurningTurtles(length=11)``.

    The coin at place x is a Nim heap of x.
    """

    widget = "turtles"
    name = "Turning Turtles"
    max_length = _longest(lambda x: 1 + 2 * (x - 1))
    why_longest = "the moves of a longer row name more than MAX_MOVE_PLACES places"
    sets_at = staticmethod(lambda x: x)

    def __init__(self, length: int = 11) -> None:
        super().__init__(turtles_rule, length)

    def value(self, x: int) -> int:
        return check_int(x, "x", minimum=1)

    # The page draws it with the "turtles" game of games/coins.js: its params and move labels
    def widget_params(self) -> dict[str, JSON]:
        return {"length": self.length, "twins": False}

    def describe(self, position: Row, move: RowMove) -> str:
        return f"turn coin {move[0]}" + (f", flip coin {move[1]}" if len(move) > 1 else "")


class Twins(TurningGame):
    """Twins: turn exactly 2 coins, the rightmost from heads to tails. ``Twins(length=10)``.

    The coin at place x is a Nim heap of x − 1 (place 1 can never move).
    """

    widget = "turtles"
    name = "Twins"
    max_length = _longest(lambda x: 2 * (x - 1))
    why_longest = "the moves of a longer row name more than MAX_MOVE_PLACES places"
    sets_at = staticmethod(lambda x: x - 1)

    def __init__(self, length: int = 10) -> None:
        super().__init__(twins_rule, length)

    def value(self, x: int) -> int:
        return check_int(x, "x", minimum=1) - 1

    def widget_params(self) -> dict[str, JSON]:
        return {"length": self.length, "twins": True}

    def describe(self, position: Row, move: RowMove) -> str:
        return f"turn coin {move[0]}, flip coin {move[1]}"


# ---------------------------------------------------------------- nim multiplication


def _check_nimber(value: object, name: str) -> int:
    return check_int(value, name)


@lru_cache(maxsize=1 << 16)
def _fermat_product(a: int, b: int) -> int:
    """a ⊗ b for a, b ≥ 0, by splitting at a Fermat 2-power F: a = a1·F ⊕ a0, with F ⊗ F = F ⊕ F/2."""
    # Both below F^2 for the Fermat 2-power F = 2^bits; F ⊗ x = F·x for x < F
    if a < 2 or b < 2:
        return a * b
    bits = 1
    while (1 << (2 * bits)) <= max(a, b):
        bits *= 2
    half = 1 << bits
    a1, a0 = a >> bits, a & (half - 1)
    b1, b0 = b >> bits, b & (half - 1)
    high = _fermat_product(a1, b1)
    low = _fermat_product(a0, b0)
    # middle = a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1 with one product fewer (Karatsuba): (a1⊕a0)⊗(b1⊕b0) ⊕ a0⊗b0
    middle = _fermat_product(a1 ^ a0, b1 ^ b0) ^ low
    return (middle << bits) ^ low ^ _fermat_product(high, half >> 1)


def nim_product(a: int, b: int) -> int:
    """The nim product a ⊗ b (Conway): the mex of a'⊗b ⊕ a⊗b' ⊕ a'⊗b' over a' < a, b' < b.

    Computed by the Fermat-2-power rule: below a Fermat 2-power F = 2^(2^k),
    F ⊗ x is the ordinary product F·x for x < F, and F ⊗ F = 3F/2. With
    ⊕ as addition, the non-negative integers form a field (ONAG, ch. 6).

    >>> nim_product(2, 3), nim_product(8, 8), nim_product(5, 1)
    (1, 13, 5)
    """
    return _fermat_product(_check_nimber(a, "a"), _check_nimber(b, "b"))


def nim_power(a: int, e: int) -> int:
    """a ⊗ a ⊗ … ⊗ a (e factors; e = 0 gives 1), by repeated squaring."""
    a, e = _check_nimber(a, "a"), _check_nimber(e, "e")
    result = 1
    while e:
        if e & 1:
            result = _fermat_product(result, a)
        a = _fermat_product(a, a)
        e >>= 1
    return result


def field_size(a: int) -> int:
    """The size 2^(2^k) of the smallest Fermat-2-power field {0, …, 2^(2^k) − 1} that contains ``a``."""
    a = _check_nimber(a, "a")
    bits = 1
    while (1 << bits) <= a:
        bits *= 2
    return 1 << bits


def nim_inverse(a: int) -> int:
    """The b with a ⊗ b = 1, for a ≥ 1: a^(q−2) in the field of size q that contains a.

    >>> nim_inverse(2), nim_product(2, nim_inverse(2))
    (3, 1)
    """
    a = check_int(a, "a", minimum=1)
    return nim_power(a, field_size(a) - 2)


def nim_product_by_mex(n: int) -> list[list[int]]:
    """The table of a ⊗ b for a, b < n straight from the mex definition (about n⁴/4 steps; n ≤ 64 or so).

    An independent check of :func:`nim_product`, which uses the Fermat-2-power rule instead.
    """
    n = check_int(n, "n")
    table = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            table[a][b] = mex(table[p][b] ^ table[a][q] ^ table[p][q] for p in range(a) for q in range(b))
    return table


MAX_MEX_TABLE = 256
"""The largest side of :func:`nim_product_table_by_mex`: about side⁴/4 steps (1.1 billion at 256, a few seconds)."""


def nim_product_table_by_mex(n: int) -> Any:
    """The n × n numpy table of a ⊗ b straight from the mex definition, compiled (numba) for n up to 256.

    The same computation as :func:`nim_product_by_mex`: entry (a, b) is the mex of
    ``T[a', b] ⊕ T[a, b'] ⊕ T[a', b']`` over a' < a, b' < b, filled row by row. It knows nothing of
    Fermat 2-powers, so it checks :func:`nim_product` independently. At most MAX_MEX_TABLE = 256 (the
    work grows as n⁴/4); numba is imported, and the loop compiled, on the first call only.

    >>> nim_product_table_by_mex(4).tolist()
    [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    """
    n = check_int(n, "n")
    if n > MAX_MEX_TABLE:
        raise ValueError(f"n must be at most MAX_MEX_TABLE = {MAX_MEX_TABLE} (the work grows as n⁴/4), got {n}")
    return _mex_table_kernel()(n)


@lru_cache(maxsize=1)
def _mex_table_kernel() -> Callable[[int], Any]:
    """The compiled loop of :func:`nim_product_table_by_mex` (built once: ``import nimlib`` stays light)."""
    import numpy as np
    from numba import njit

    @njit(nogil=True)
    def fill(n: int) -> Any:  # pragma: no cover (compiled)
        table = np.zeros((n, n), dtype=np.int64)
        seen = np.zeros(n * n + 1, dtype=np.int64)  # seen[v] == stamp: v is in the current set
        stamp = 0
        for a in range(1, n):
            for b in range(1, n):
                stamp += 1
                for p in range(a):
                    for q in range(b):
                        v = table[p, b] ^ table[a, q] ^ table[p, q]
                        if v <= a * b:  # a mex of a·b numbers is at most a·b
                            seen[v] = stamp
                m = 0
                while seen[m] == stamp:
                    m += 1
                table[a, b] = m
        return table

    return fill


def field_laws(size: int, product: Callable[[int, int], int] = nim_product) -> dict[str, tuple[int, int]]:
    """Check the field laws of (0..size−1, ⊕, product) exhaustively: {law: (cases that hold, cases checked)}.

    Addition is XOR, whose laws hold by themselves; this checks closure,
    commutativity, 1 as identity, associativity, distributivity over ⊕, no
    zero divisors and inverses. The products are tabulated once (size² calls),
    then the cubic laws are table look-ups with numpy: 256 takes a moment.

    >>> field_laws(4)["associativity"]
    (64, 64)
    """
    import numpy as np  # only here: ``import nimlib`` stays light

    size = check_int(size, "size", minimum=2)
    table = np.array([[check_int(product(a, b), "product(a, b)") for b in range(size)] for a in range(size)])
    square = size * size
    closed = int(((table >= 0) & (table < size)).sum())
    laws: dict[str, tuple[int, int]] = {"closure": (closed, square)}
    if closed < square:
        return laws
    r = np.arange(size)
    laws["commutativity"] = (int((table == table.T).sum()), square)
    laws["identity 1"] = (int((table[1] == r).sum()), size)
    assoc = dist = 0
    xors = r[:, None] ^ r[None, :]  # b ⊕ c, inside the range when size is a power of 2
    inside = xors < size
    for a in range(size):
        row = table[a]
        assoc += int((table[row][:, r] == row[table]).sum())  # (a⊗b)⊗c == a⊗(b⊗c)
        dist += int(((row[np.where(inside, xors, 0)] == (row[:, None] ^ row[None, :])) & inside).sum())
    laws["associativity"] = (assoc, size**3)
    laws["distributivity"] = (dist, size**3)
    laws["no zero divisors"] = (int(((table == 0) == ((r[:, None] == 0) | (r[None, :] == 0))).sum()), square)
    laws["inverses"] = (int((table[1:] == 1).any(axis=1).sum()), size - 1)
    return laws


# ---------------------------------------------------------------- two-dimensional games


class ProductGame(Ruleset):
    """The product of two row games, played on a rows × columns board (Tartan product, Winning Ways ch. 14).

    A move picks a legal set of rows R in the first game and a legal set of
    columns C in the second, and turns every cell of R × C; the far corner
    (the rightmost row and column of the two sets) must go from heads to
    tails. A position is a frozenset of heads cells ``(i, j)``, both from 1;
    a move is ``(R, C)``, each rightmost first. The Tartan theorem: the cell
    (i, j) is worth G1(i) ⊗ G2(j). The all-heads board may have at most
    MAX_PRODUCT_MOVES = 1,000,000 moves (Turning Corners: 45 × 45 at most when
    square); a larger board is refused when made.
    """

    widget: str = ""
    name = "product game"

    def __init__(self, first: TurningGame, second: TurningGame, rows: int = 6, columns: int = 6) -> None:
        for arg, game in (("first", first), ("second", second)):
            if not isinstance(game, TurningGame):
                raise TypeError(f"{arg} must be a TurningGame (a row game), got {game!r}")
        self.first, self.second = first, second
        self.rows = check_int(rows, "rows", minimum=1)
        self.columns = check_int(columns, "columns", minimum=1)
        for name, size in (("rows", self.rows), ("columns", self.columns)):
            if size > MAX_ROW:
                raise ValueError(f"{name} must be at most {MAX_ROW} (the limit for a board side), got {size}")
        count = first.move_sets(self.rows) * second.move_sets(self.columns)
        if count > MAX_PRODUCT_MOVES:
            raise ValueError(
                f"rows × columns must give at most MAX_PRODUCT_MOVES = {MAX_PRODUCT_MOVES:,} moves on the all-heads "
                f"board (their list would not fit in memory), got rows={self.rows}, columns={self.columns} "
                f"({count:,} moves or more)"
            )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.first!r}, {self.second!r}, rows={self.rows}, columns={self.columns})"

    def start(self) -> Cells:
        return frozenset((i, j) for i in range(1, self.rows + 1) for j in range(1, self.columns + 1))

    def check(self, position: object) -> Cells:
        if isinstance(position, str | bytes) or not isinstance(position, Iterable):
            raise TypeError(f"position must be a set of heads cells (row, column), got {position!r}")
        cells = set()
        for k, cell in enumerate(position):
            if not isinstance(cell, tuple | list) or len(cell) != 2:
                raise TypeError(f"position[{k}] must be a cell (row, column), got {cell!r}")
            i = check_int(cell[0], f"position[{k}][0] (row)", minimum=1)
            j = check_int(cell[1], f"position[{k}][1] (column)", minimum=1)
            if i > self.rows or j > self.columns:
                raise ValueError(f"position[{k}] = {(i, j)} is off the {self.rows} × {self.columns} board")
            cells.add((i, j))
        return frozenset(cells)

    def moves(self, position: Cells) -> list[tuple[RowMove, RowMove]]:
        position = self.check(position)
        out = []
        for i, j in sorted(position, reverse=True):
            rows = [(i, *t) for t in self.first.turns(i)]
            columns = [(j, *t) for t in self.second.turns(j)]
            out.extend((r, c) for r in rows for c in columns)
        return out

    def check_move(self, position: Cells, move: object) -> tuple[RowMove, RowMove]:
        """Return ``move`` as (rows, columns), rightmost first, or raise if it is not legal at ``position``."""
        if not isinstance(move, tuple | list) or len(move) != 2:
            raise TypeError(f"move must be a pair (rows, columns) of place tuples, got {move!r}")
        parts = []
        for name, part, game, limit in (
            ("rows", move[0], self.first, self.rows),
            ("columns", move[1], self.second, self.columns),
        ):
            if isinstance(part, str | bytes) or not isinstance(part, Iterable):
                raise TypeError(f"move {name} must be a sequence of places, got {part!r}")
            places = tuple(check_int(p, f"move {name}", minimum=1) for p in part)
            if not places:
                raise ValueError(f"move {name} must not be empty")
            far = max(places)
            if far > limit:
                raise ValueError(f"move {name} reach place {far}, but the board has {limit} {name}")
            others = tuple(sorted((p for p in places if p != far), reverse=True))
            if len(others) + 1 != len(places) or not game.is_legal(far, others):
                raise ValueError(f"move {name} {places!r} are not a legal set in {game.name}")
            parts.append((far, *others))
        if (parts[0][0], parts[1][0]) not in position:
            raise ValueError(f"the far corner {(parts[0][0], parts[1][0])} must be heads")
        return parts[0], parts[1]

    def _turn(self, position: Cells, rows: RowMove, columns: RowMove) -> Cells:
        return position.symmetric_difference((i, j) for i in rows for j in columns)

    def apply(self, position: Cells, move: tuple[RowMove, RowMove]) -> Cells:
        position = self.check(position)
        rows, columns = self.check_move(position, move)
        return self._turn(position, rows, columns)

    def options(self, position: Cells) -> Iterator[Cells]:
        for rows, columns in self.moves(position):
            yield self._turn(position, rows, columns)

    def value(self, i: int, j: int) -> int:
        """The Tartan theorem: the cell (i, j) alone is worth G1(i) ⊗ G2(j)."""
        return nim_product(self.first.value(i), self.second.value(j))

    def components(self, position: Cells) -> list[tuple[str, int]]:
        """One component per heads cell, valued by the Tartan theorem."""
        return [(f"cell ({i}, {j})", self.value(i, j)) for i, j in sorted(self.check(position))]

    def grundy(self, position: Cells) -> int:
        """The XOR of the heads cells' values (0 exactly at P-positions)."""
        total = 0
        for _, v in self.components(position):
            total ^= v
        return total

    def winning_move(self, position: Cells) -> tuple[RowMove, RowMove] | None:
        """A move to a position of value 0, None when there is none: as for rows, one heads cell first.

        A move R × C changes the board's XOR by G1(R) ⊗ G2(C) (the XOR of its rows' and of its
        columns' values, multiplied: the Tartan theorem and distributivity), so it wins when that
        is S, the XOR. First a move whose only heads cell is its far corner (one component), the
        far corner tried among the cells whose value has the top bit of S, in (row, column) order,
        then among the others; each cell's row sets, then column sets, in the order of ``turns``.
        Else the first move (same order) from the first cell with the top bit.
        """
        position = self.check(position)
        total = self.grundy(position)
        if total == 0:
            return None
        top = 1 << (total.bit_length() - 1)
        cells = sorted(position)
        first = [cell for cell in cells if self.value(*cell) & top]
        for i, j in first + [cell for cell in cells if not self.value(*cell) & top]:
            move = self._corner_move(position, i, j, total, lone=True)
            if move is not None:
                return move
        move = self._corner_move(position, *first[0], total, lone=False)
        if move is None:
            raise AssertionError(f"no move from cell {first[0]} reaches XOR 0")
        return move

    def _corner_move(
        self, position: Cells, i: int, j: int, total: int, *, lone: bool
    ) -> tuple[RowMove, RowMove] | None:
        """The first move with far corner (i, j) that leaves XOR 0 (``lone``: and turns no other heads cell)."""
        columns = []
        for t in self.second.turns(j):
            value = 0
            for b in (j, *t):
                value ^= self.second.value(b)
            columns.append(((j, *t), value))
        for t in self.first.turns(i):
            rows = (i, *t)
            value = 0
            for a in rows:
                value ^= self.first.value(a)
            for cols, other in columns:
                if _fermat_product(value, other) != total:
                    continue
                if lone and any((a, b) in position and (a, b) != (i, j) for a in rows for b in cols):
                    continue
                return rows, cols
        return None

    # -- play widget

    def widget_params(self) -> dict[str, JSON]:
        return {"rows": self.rows, "columns": self.columns}

    def decode(self, data: JSON) -> Cells:
        return self.check(from_json(data))

    def encode_move(self, move: tuple[RowMove, RowMove]) -> JSON:
        return [list(move[0]), list(move[1])]

    def decode_move(self, data: JSON) -> tuple[RowMove, RowMove]:
        if not isinstance(data, list) or len(data) != 2:
            raise TypeError(f"move must be [rows, columns], got {data!r}")
        return tuple(data[0]), tuple(data[1])

    def describe(self, position: Cells, move: tuple[RowMove, RowMove]) -> str:
        cells = ", ".join(f"({i}, {j})" for i in move[0] for j in move[1])
        return f"turn {cells}"


@lru_cache(maxsize=1 << 12)
def _corner_quotient(total: int, alpha: int) -> int:
    """S ⊗ α⁻¹ (α ≥ 1), which TurningCorners' moves need once per row: computed once each."""
    return _fermat_product(total, nim_inverse(alpha))


class TurningCorners(ProductGame):
    """Turning Corners: turn the four corners of a rectangle whose far corner goes heads to tails.

    The product of Twins with Twins: ``TurningCorners(rows=6, columns=6)``. The
    cell (i, j) is worth (i − 1) ⊗ (j − 1); row 1 and column 1 never move.
    """

    widget = "corners"
    name = "Turning Corners"

    def __init__(self, rows: int = 6, columns: int = 6) -> None:
        super().__init__(Twins(rows), Twins(columns), rows, columns)  # refuses a board whose moves do not fit
        for name, side in (("rows", rows), ("columns", columns)):
            if side > MAX_CORNERS_SIDE:
                raise ValueError(
                    f"{name} must be at most MAX_CORNERS_SIDE = {MAX_CORNERS_SIDE} (the page draws every cell), "
                    f"got {side}"
                )

    def __repr__(self) -> str:
        return f"TurningCorners(rows={self.rows}, columns={self.columns})"

    def _corner_move(
        self, position: Cells, i: int, j: int, total: int, *, lone: bool
    ) -> tuple[RowMove, RowMove] | None:
        """ProductGame's, by formula: rows a = i − 1, …, 1 in turn, each with its one column b.

        With A = a − 1 and so on, the move's change is (A ⊕ I) ⊗ (B ⊕ J), which must be S: so
        B = J ⊕ S ⊗ (A ⊕ I)⁻¹, a column when B < J. At most i − 1 steps, not (i − 1)(j − 1).
        """
        for a in range(i - 1, 0, -1):
            b = ((j - 1) ^ _corner_quotient(total, (a - 1) ^ (i - 1))) + 1
            if b < j and not (lone and ((a, b) in position or (a, j) in position or (i, b) in position)):
                return (i, a), (j, b)
        return None

    def describe(self, position: Cells, move: tuple[RowMove, RowMove]) -> str:
        (c, a), (d, b) = move
        return f"turn the corners of rows {a}–{c}, columns {b}–{d}"


__all__ = [
    "MAX_CORNERS_SIDE",
    "MAX_MEX_TABLE",
    "MAX_MOCK_TURTLES",
    "MAX_MOVE_PLACES",
    "MAX_PRODUCT_MOVES",
    "MAX_ROW",
    "MAX_RULER",
    "MockTurtles",
    "ProductGame",
    "Ruler",
    "TurningCorners",
    "TurningGame",
    "TurningTurtles",
    "Twins",
    "all_rows",
    "check_row",
    "field_laws",
    "field_size",
    "lowbit",
    "mock_turtles",
    "mock_turtles_rule",
    "nim_inverse",
    "nim_power",
    "nim_product",
    "nim_product_by_mex",
    "nim_product_table_by_mex",
    "odious",
    "row_text",
    "ruler",
    "ruler_rule",
    "single_coin_values",
    "turtles_rule",
    "twins_rule",
]
