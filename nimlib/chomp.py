"""Chomp and poset games (Gale 1974; Schuh's game of divisors, 1952), solved by memoised search.

**Poset games.** A finite partially ordered set (P, ≤) is the position. A move picks an element x
still there and removes x and everything above it (every y with x ≤ y). Normal play: whoever cannot
move (the empty set is left) loses. What is left is always a down-set of P, so the positions are
the down-sets (order ideals); this module keeps one as a ``frozenset`` of elements.

**Chomp.** A rectangular chocolate bar of ``rows`` × ``columns`` squares; the square in row 1,
column 1 is poisoned. A move bites a square (i, j) that is still there and eats it with every
square (i', j') with i' ≥ i and j' ≥ j. Whoever eats the poisoned square loses (Gale's rule).
Nobody eats it unless forced, and a player is forced exactly when it is the only square left, so
Chomp is the normal-play poset game on the bar *without* the poisoned square, ordered by
(i, j) ≤ (i', j') when i ≤ i' and j ≤ j': a player left with the poison alone has no move and loses.
This module uses that form throughout: biting the poison is never a legal move, and the position
with the poison alone is the end (the player to move has lost).

A Chomp position is a Young diagram: its row lengths ``(r1, r2, …)``, row 1 (the poisoned row)
first, non-increasing, every length ≥ 1, so ``(1,)`` is the poison alone. A move is the square
``(i, j)`` bitten, rows and columns counted from 1 (the poison is ``(1, 1)``).

**The divisor game** (Schuh): the divisors of N, ordered by divisibility. Naming a divisor d
removes d and all its multiples; whoever must name 1 (which removes everything) loses. As with
Chomp, this is the normal-play poset game on the divisors of N other than 1. (The dual form,
where naming d removes its divisors and N is poisoned, is the same game under d ↦ N/d.)

>>> rules = Chomp(2, 4)
>>> rules.winning_moves((4, 4)), is_p_position((4, 3))
([(2, 4)], True)
>>> grundy((3, 3, 3)), winning_first_moves(3, 3)
(5, [(2, 2)])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import cache

from ._check import check_int
from .game import JSON, Ruleset

Rows = tuple[int, ...]  # a Chomp position: row lengths, the poisoned row first, non-increasing, each >= 1
Square = tuple[int, int]  # a square (row, column), both from 1; (1, 1) is the poison

# The largest board the library solves: at most MAX_BOARD_POSITIONS positions (C(rows + columns, rows) − 1);
# 8 x 8 has 12,869, which the memoised search labels in about 8 s on a loaded 2-core machine
MAX_BOARD_POSITIONS = 12_869
# The play widget's largest board (nimlib/static/games/chomp.js says the same: CHOMP_MAX_ROWS, CHOMP_MAX_COLUMNS)
WIDGET_ROWS = 4
WIDGET_COLUMNS = 7
# Poset games: at most MAX_ELEMENTS elements, and a search labels at most MAX_STATES down-sets
MAX_ELEMENTS = 64
MAX_STATES = 200_000
# The divisor game: N up to MAX_N (a divisor list is made by trial division up to √N)
MAX_N = 10**12

# ---------------------------------------------------------------- Chomp positions


def board_positions(rows: int, columns: int) -> int:
    """How many positions a ``rows`` × ``columns`` bar has: the Young diagrams inside it that hold the poison.

    Lattice paths across the board: C(rows + columns, rows), less the empty diagram.

    >>> board_positions(2, 3), board_positions(4, 7)
    (9, 329)
    """
    rows, columns = _check_board(rows, columns, limit=False)
    return math.comb(rows + columns, rows) - 1


def _check_board(rows: object, columns: object, *, limit: bool = True) -> tuple[int, int]:
    rows = check_int(rows, "rows", minimum=1)
    columns = check_int(columns, "columns", minimum=1)
    if limit:
        count = math.comb(rows + columns, rows) - 1
        if count > MAX_BOARD_POSITIONS:
            raise ValueError(
                f"a {rows} x {columns} bar has {count:,} positions, more than MAX_BOARD_POSITIONS = "
                f"{MAX_BOARD_POSITIONS:,} (8 x 8) that this module searches"
            )
    return rows, columns


def check_rows(position: object, name: str = "position") -> Rows:
    """``position`` as a Chomp position (a tuple of row lengths), or a TypeError/ValueError naming what is wrong.

    >>> check_rows([3, 1])
    (3, 1)
    """
    if isinstance(position, (str, bytes, dict, set, frozenset)) or not isinstance(position, Iterable):
        raise TypeError(f"{name} must be a tuple of row lengths, got {position!r} ({type(position).__name__})")
    rows = tuple(check_int(r, f"{name}[{i}]", minimum=1) for i, r in enumerate(position))
    if not rows:
        raise ValueError(f"{name} must hold at least the poisoned row (the poison is never eaten), got ()")
    for i in range(1, len(rows)):
        if rows[i] > rows[i - 1]:
            raise ValueError(
                f"{name} must have non-increasing row lengths (a Young diagram), got {rows}: "
                f"row {i + 1} is longer than row {i}"
            )
    return rows


def _check_within(rows: Rows, board: tuple[int, int], name: str = "position") -> Rows:
    if len(rows) > board[0] or rows[0] > board[1]:
        raise ValueError(f"{name} {rows} does not fit a {board[0]} x {board[1]} bar")
    return rows


def positions(rows: int, columns: int) -> list[Rows]:
    """Every position of a ``rows`` × ``columns`` bar, smallest first (by squares, then row lengths).

    >>> positions(2, 2)
    [(1,), (1, 1), (2,), (2, 1), (2, 2)]
    """
    rows, columns = _check_board(rows, columns)
    found: list[Rows] = []

    def extend(prefix: Rows, most: int) -> None:
        if prefix:
            found.append(prefix)
        if len(prefix) < rows:
            for length in range(1, most + 1):
                extend((*prefix, length), length)

    extend((), columns)
    return sorted(found, key=lambda p: (sum(p), p))


def squares(position: object) -> list[Square]:
    """The squares of a position, row by row, the poison ``(1, 1)`` first."""
    rows = check_rows(position)
    return [(i + 1, j + 1) for i, length in enumerate(rows) for j in range(length)]


def _bite(rows: Rows, i: int, j: int) -> Rows:
    # rows i, i+1, … keep their first j − 1 squares; rows left empty go
    out = list(rows[: i - 1]) + [min(r, j - 1) for r in rows[i - 1 :]]
    return tuple(r for r in out if r)


def chomp_moves(position: object) -> list[Square]:
    """The legal bites, row by row from row 1, left to right, the poison left out.

    >>> chomp_moves((2, 1))
    [(1, 2), (2, 1)]
    """
    rows = check_rows(position)
    return [(i + 1, j + 1) for i, length in enumerate(rows) for j in range(length) if (i, j) != (0, 0)]


def chomp_apply(position: object, move: object) -> Rows:
    """The position after biting ``move`` = (row, column); a ValueError for a square not there or the poison.

    >>> chomp_apply((3, 3), (1, 2))
    (1, 1)
    """
    rows = check_rows(position)
    square = _check_square(move)
    i, j = square
    if i > len(rows) or j > rows[i - 1]:
        raise ValueError(f"move {square} is not a square of {rows}")
    if square == (1, 1):
        raise ValueError("move (1, 1) is the poisoned square: whoever eats it loses, so it is never a move here")
    return _bite(rows, i, j)


def _check_square(move: object, name: str = "move") -> Square:
    if isinstance(move, (str, bytes)) or not isinstance(move, Sequence) or len(move) != 2:
        raise TypeError(f"{name} must be a square (row, column), got {move!r}")
    return (check_int(move[0], f"{name}[0]", minimum=1), check_int(move[1], f"{name}[1]", minimum=1))


def chomp_options(position: object) -> list[Rows]:
    """The positions one bite away (the game as a successors function, for the generic searcher)."""
    rows = check_rows(position)
    return [_bite(rows, i, j) for i, j in chomp_moves(rows)]


@cache
def _grundy(rows: Rows) -> int:
    # Pure and keyed by the canonical tuple: a position's value does not depend on the bar it sits in
    seen = {_grundy(_bite(rows, i + 1, j + 1)) for i, length in enumerate(rows) for j in range(length) if i or j}
    value = 0
    while value in seen:
        value += 1
    return value


def grundy(position: object) -> int:
    """The Grundy value of a Chomp position, by memoised search (mex over every bite).

    >>> grundy((1,)), grundy((2,)), grundy((2, 1)), grundy((3, 3))
    (0, 1, 0, 4)
    """
    rows = check_rows(position)
    _check_board(len(rows), rows[0])
    return _grundy(rows)


def is_p_position(position: object) -> bool:
    """True when the player to move loses (Grundy value 0)."""
    return grundy(position) == 0


def winning_moves(position: object) -> list[Square]:
    """Every bite that leaves a P-position, in ``chomp_moves`` order (empty at a P-position)."""
    rows = check_rows(position)
    _check_board(len(rows), rows[0])
    return [m for m in chomp_moves(rows) if _grundy(_bite(rows, *m)) == 0]


def winning_first_moves(rows: int, columns: int) -> list[Square]:
    """Every winning first bite of the full ``rows`` × ``columns`` bar, by exhaustive search."""
    rows, columns = _check_board(rows, columns)
    return winning_moves((columns,) * rows)


def stalling_move(position: object) -> Square | None:
    """The losing side's bite: one that eats the fewest squares (the first such), None at the end."""
    rows = check_rows(position)
    best: tuple[int, Square] | None = None
    for move in chomp_moves(rows):
        eaten = sum(rows) - sum(_bite(rows, *move))
        if best is None or eaten < best[0]:
            best = (eaten, move)
    return None if best is None else best[1]


def positions_inside(position: object) -> list[Rows]:
    """Every position inside ``position`` (itself included): what the search values to find its Grundy value.

    >>> positions_inside((2, 1))
    [(1,), (1, 1), (2,), (2, 1)]
    """
    rows = check_rows(position)
    found: list[Rows] = []

    def extend(prefix: Rows, most: int) -> None:
        if prefix:
            found.append(prefix)
        k = len(prefix)
        if k < len(rows):
            for length in range(1, min(most, rows[k]) + 1):
                extend((*prefix, length), length)

    extend((), rows[0])
    return sorted(found, key=lambda p: (sum(p), p))


def grundy_table(rows: int, columns: int) -> dict[Rows, int]:
    """The Grundy value of every position of a ``rows`` × ``columns`` bar."""
    return {p: _grundy(p) for p in positions(rows, columns)}


# ---------------------------------------------------------------- the formulas the chapter proves


def two_row_is_p(position: object) -> bool:
    """Two rows or fewer: (a, b) is a P-position exactly when a = b + 1 (one row: (1,) only, b = 0).

    >>> [two_row_is_p(p) for p in [(1,), (2,), (3, 2), (3, 3)]]
    [True, False, True, False]
    """
    rows = check_rows(position)
    if len(rows) > 2:
        raise ValueError(f"position must have at most two rows, got {rows}")
    a, b = (*rows, 0) if len(rows) == 1 else rows
    return a == b + 1


def is_l_shape(position: object) -> bool:
    """True when every row but the first has length 1 (an L: a row and a column meeting at the poison)."""
    rows = check_rows(position)
    return all(r == 1 for r in rows[1:])


def l_shape_is_p(position: object) -> bool:
    """An L with arms of a − 1 squares (row 1) and h − 1 squares (column 1): P exactly when a = h (two Nim heaps)."""
    rows = check_rows(position)
    if not is_l_shape(rows):
        raise ValueError(f"position must be an L (every row but the first of length 1), got {rows}")
    return rows[0] == len(rows)


def square_strategy_move(position: object) -> Square | None:
    """The square bar's strategy: from n x n (n ≥ 2) bite (2, 2); from an L with unequal arms, even them.

    None at a P-position of this strategy's kind (an L with equal arms) or a position it does not cover.
    """
    rows = check_rows(position)
    n = len(rows)
    if n >= 2 and all(r == n for r in rows):
        return (2, 2)
    if is_l_shape(rows) and rows[0] != n:
        return (1, n + 1) if rows[0] > n else (rows[0] + 1, 1)
    return None


# ---------------------------------------------------------------- the rules object


class Chomp(Ruleset):
    """Chomp on a ``rows`` × ``columns`` bar: position = row lengths, a move = the square (row, column) bitten.

    The poisoned square (1, 1) is never a move: whoever is left with it alone has lost (normal play
    on the bar without the poison). ``rows`` × ``columns`` up to MAX_BOARD_POSITIONS positions; the
    play widget takes bars up to WIDGET_ROWS × WIDGET_COLUMNS (4 × 7).

    >>> game = Chomp(3, 4)
    >>> game.start(), game.apply((4, 4, 4), (2, 3))
    ((4, 4, 4), (4, 2, 2))
    """

    name = "Chomp"
    widget = "chomp"

    def __init__(self, rows: int = 4, columns: int = 7) -> None:
        self.rows, self.columns = _check_board(rows, columns)

    def __repr__(self) -> str:
        return f"Chomp({self.rows}, {self.columns})"

    def start(self) -> Rows:
        return (self.columns,) * self.rows

    def check(self, position: object) -> Rows:
        return _check_within(check_rows(position), (self.rows, self.columns))

    def moves(self, position: Rows) -> list[Square]:
        return chomp_moves(self.check(position))

    def apply(self, position: Rows, move: Square) -> Rows:
        return chomp_apply(self.check(position), move)

    def options(self, position: Rows) -> Iterator[Rows]:
        yield from chomp_options(self.check(position))

    def grundy(self, position: Rows) -> int:
        return _grundy(self.check(position))

    def is_p_position(self, position: Rows) -> bool:
        return self.grundy(position) == 0

    def winning_moves(self, position: Rows) -> list[Square]:
        return winning_moves(self.check(position))

    def winning_move(self, position: Rows) -> Square | None:
        """The first winning bite in ``moves`` order (the page plays the same one), None from a P-position."""
        found = self.winning_moves(position)
        return found[0] if found else None

    def stalling_move(self, position: Rows) -> Square | None:
        return stalling_move(self.check(position))

    def describe(self, position: Rows, move: Square) -> str:
        """The bite in words, as the page says it: "bite row 2, column 3"."""
        i, j = _check_square(move)
        return f"bite row {i}, column {j}"

    def widget_params(self) -> dict[str, JSON]:
        """The page searches the bar itself (at most 329 positions); it needs only the bar's size."""
        if self.rows > WIDGET_ROWS or self.columns > WIDGET_COLUMNS:
            raise ValueError(
                f"the play widget takes bars of at most {WIDGET_ROWS} x {WIDGET_COLUMNS} "
                f"(WIDGET_ROWS x WIDGET_COLUMNS), got {self.rows} x {self.columns}"
            )
        return {"rows": self.rows, "columns": self.columns}

    def encode(self, position: Rows) -> JSON:
        return list(self.check(position))

    def decode(self, data: JSON) -> Rows:
        return self.check(data)

    def encode_move(self, move: Square) -> JSON:
        return list(_check_square(move))

    def decode_move(self, data: JSON) -> Square:
        return _check_square(data)


# ---------------------------------------------------------------- poset games in general


class PosetGame(Ruleset):
    """The poset game on a finite poset: a move picks x and removes every y ≥ x; normal play.

    ``elements`` are distinct hashable values; ``leq(x, y)`` says x ≤ y (it is checked to be a
    partial order: reflexive, antisymmetric, transitive). A position is a ``frozenset`` of the
    elements left (always a down-set); a move is the element picked. At most MAX_ELEMENTS elements,
    and a search labels at most MAX_STATES positions (a ValueError beyond).

    >>> chain = PosetGame([1, 2, 3], lambda x, y: x <= y)  # a chain is a Nim heap
    >>> chain.grundy(chain.start())
    3
    """

    name = "poset game"

    def __init__(self, elements: Iterable[Hashable], leq: Callable[[Hashable, Hashable], bool]) -> None:
        if isinstance(elements, (str, bytes)) or not isinstance(elements, Iterable):
            raise TypeError(f"elements must be a list of distinct values, got {elements!r}")
        items = list(elements)
        if len(items) > MAX_ELEMENTS:
            raise ValueError(f"elements holds {len(items):,} values, more than MAX_ELEMENTS = {MAX_ELEMENTS}")
        if len(set(items)) != len(items):
            raise ValueError("elements must be distinct")
        if not callable(leq):
            raise TypeError(f"leq must be a function leq(x, y) -> bool, got {leq!r}")
        n = len(items)
        le = [[bool(leq(x, y)) for y in items] for x in items]
        for a in range(n):
            if not le[a][a]:
                raise ValueError(f"leq is not reflexive: leq({items[a]!r}, {items[a]!r}) is False")
            for b in range(n):
                if a != b and le[a][b] and le[b][a]:
                    raise ValueError(f"leq is not antisymmetric: {items[a]!r} and {items[b]!r} are each <= the other")
                for c in range(n):
                    if le[a][b] and le[b][c] and not le[a][c]:
                        raise ValueError(
                            f"leq is not transitive: {items[a]!r} <= {items[b]!r} <= {items[c]!r} "
                            f"but not {items[a]!r} <= {items[c]!r}"
                        )
        self.elements = tuple(items)
        self._index = {x: k for k, x in enumerate(items)}
        # up[k]: the bit mask of the elements >= element k (what picking it removes)
        self._up = [sum(1 << b for b in range(n) if le[a][b]) for a in range(n)]
        self._le = le
        self._memo: dict[int, int] = {}

    def __repr__(self) -> str:
        return f"PosetGame({len(self.elements)} elements)"

    # positions as bit masks inside, frozensets outside
    def _mask(self, position: object) -> int:
        if not isinstance(position, (set, frozenset)):
            raise TypeError(f"position must be a set of the poset's elements, got {position!r}")
        mask = 0
        for x in position:
            if x not in self._index:
                raise ValueError(f"position holds {x!r}, which is not an element of the poset")
            mask |= 1 << self._index[x]
        # down-sets: x in the position and y <= x imply y in it
        for k in range(len(self.elements)):
            if mask >> k & 1:
                for b in range(len(self.elements)):
                    if self._le[b][k] and not mask >> b & 1:
                        raise ValueError(
                            f"position is not a down-set: it holds {self.elements[k]!r} but not {self.elements[b]!r}"
                        )
        return mask

    def _set(self, mask: int) -> frozenset:
        return frozenset(x for k, x in enumerate(self.elements) if mask >> k & 1)

    def start(self) -> frozenset:
        return frozenset(self.elements)

    def check(self, position: object) -> frozenset:
        self._mask(position)
        return frozenset(position)  # type: ignore[arg-type]

    def moves(self, position: frozenset) -> list[Hashable]:
        mask = self._mask(position)
        return [x for k, x in enumerate(self.elements) if mask >> k & 1]

    def apply(self, position: frozenset, move: Hashable) -> frozenset:
        mask = self._mask(position)
        if move not in self._index or not mask >> self._index[move] & 1:
            raise ValueError(f"move {move!r} is not an element of the position")
        return self._set(mask & ~self._up[self._index[move]])

    def _value(self, mask: int) -> int:
        memo = self._memo
        if mask in memo:
            return memo[mask]
        # explicit stack: each frame is (mask, the options still to value)
        stack = [mask]
        while stack:
            top = stack[-1]
            if top in memo:
                stack.pop()
                continue
            options = [top & ~self._up[k] for k in range(len(self.elements)) if top >> k & 1]
            missing = [o for o in options if o not in memo]
            if missing:
                if len(memo) + len(missing) > MAX_STATES:
                    raise ValueError(f"the search would label more than MAX_STATES = {MAX_STATES:,} positions")
                stack.extend(missing)
                continue
            seen = {memo[o] for o in options}
            value = 0
            while value in seen:
                value += 1
            memo[top] = value
            stack.pop()
        return memo[mask]

    def grundy(self, position: object) -> int:
        """The Grundy value of a down-set, by memoised search over the down-sets below it."""
        return self._value(self._mask(position))

    def is_p_position(self, position: object) -> bool:
        return self.grundy(position) == 0

    def winning_moves(self, position: object) -> list[Hashable]:
        mask = self._mask(position)
        return [x for k, x in enumerate(self.elements) if mask >> k & 1 and self._value(mask & ~self._up[k]) == 0]

    def winning_move(self, position: object) -> Hashable | None:
        found = self.winning_moves(position)
        return found[0] if found else None

    def states_searched(self) -> int:
        """How many down-sets this game's searches have labelled so far."""
        return len(self._memo)

    def greatest(self) -> Hashable | None:
        """The greatest element (above every other), or None when there is none."""
        n = len(self.elements)
        for a in range(n):
            if all(self._le[b][a] for b in range(n)):
                return self.elements[a]
        return None


def chomp_poset(rows: int, columns: int) -> PosetGame:
    """Chomp as a poset game: the bar's squares but the poison, (i, j) ≤ (i', j') when i ≤ i' and j ≤ j'."""
    rows, columns = _check_board(rows, columns)
    if rows * columns - 1 > MAX_ELEMENTS:
        raise ValueError(f"a {rows} x {columns} bar has more than MAX_ELEMENTS = {MAX_ELEMENTS} squares")
    cells = [(i, j) for i in range(1, rows + 1) for j in range(1, columns + 1) if (i, j) != (1, 1)]
    return PosetGame(cells, lambda x, y: x[0] <= y[0] and x[1] <= y[1])


def poset_position(position: object) -> frozenset:
    """A Chomp position as the poset game's position: its squares but the poison."""
    return frozenset(s for s in squares(position) if s != (1, 1))


def divisors(n: int) -> list[int]:
    """The divisors of ``n``, increasing (1 ≤ n ≤ MAX_N).

    >>> divisors(12)
    [1, 2, 3, 4, 6, 12]
    """
    n = check_int(n, "n", minimum=1)
    if n > MAX_N:
        raise ValueError(f"n must be at most MAX_N = {MAX_N:,}, got {n:,}")
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return sorted(set(small) | {n // d for d in small})


def divisor_game(n: int) -> PosetGame:
    """Schuh's game of divisors of ``n`` as a poset game: the divisors other than 1, ordered by divisibility.

    Naming d removes d and its multiples; 1 is the poison, never named (whoever must, has lost).

    >>> game = divisor_game(12)
    >>> sorted(game.start()), game.winning_moves(game.start())
    ([2, 3, 4, 6, 12], [12])
    """
    found = divisors(n)
    if len(found) - 1 > MAX_ELEMENTS:
        raise ValueError(f"{n} has {len(found)} divisors, more than MAX_ELEMENTS + 1 = {MAX_ELEMENTS + 1}")
    game = PosetGame(found[1:], lambda d, e: e % d == 0)
    game.name = f"the divisor game of {n}"
    return game


def divisor_chomp_position(n: int, position: object, p: int, q: int) -> Rows:
    """A position of the divisor game of n = p^a q^b as a Chomp position: p^i q^j ↦ the square (i + 1, j + 1).

    The down-set of divisors left (with the poison 1 added back) becomes the rows
    r_i = how many q-powers j have p^i q^j left.
    """
    n = check_int(n, "n", minimum=2)
    left = set(position) | {1}  # type: ignore[arg-type]
    rows: list[int] = []
    i = 0
    while n % p**i == 0:
        length = 0
        while n % (p**i * q**length) == 0 and p**i * q**length in left:
            length += 1
        if length == 0:
            break
        rows.append(length)
        i += 1
    return tuple(rows)
