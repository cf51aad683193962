"""Games on their own boards, each a rules object of the protocol with its reduction to Nim.

A board is a :class:`~nimlib.game.Ruleset` over its natural positions (a row
of pins, a strip of cells, a staircase of coins, chips on a graph, pawns on a
3×n board). Each board lists its moves in the play widget's encoding, splits
a position into independent components with their Grundy values, and so can
be played by the widget and checked by the exhaustive searcher on the
*original* game. Positions are tuples, so they hash and the searcher can
memoize them. ``best_move`` and ``grundy`` delegate to ``nimlib.play`` and
``nimlib.grundy``; the first edition's successors factories
(``northcott_successors``, ``pawns_successors``, ``tromino_successors``,
``nim_with_increases``) are thin wrappers over the rules objects here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from ._check import check_bool, check_int, check_position, check_str
from .game import JSON, Move, Position, Ruleset, SuccessorsGame, to_json
from .grundy import component_value, extend_heap_values, grundy_value
from .nim import MAX_WIDGET_HEAPS
from .play import best_move
from .rulesets import HeapGame, crosses, crosses_2, kayles, trominoes

# The longest board (cells, steps, columns) a board object accepts: its Grundy table costs about n² steps
MAX_CELLS = MAX_WIDGET_HEAPS  # a board's most cells, heaps, steps or columns (the page's limit too)
MAX_STONES = 10_000  # stones in all on a heap board: the page draws every one
# The most moves one position's list of moves may hold (a staircase's coins, Nimble's coins × cells)
MAX_BOARD_MOVES = 1_000_000
# The longest strip played in misère play: best moves come from exhaustive search over the 2^n rows
MAX_MISERE_CELLS = 12


class Step(NamedTuple):
    """A move with what to call it and the position it leaves (what ``Board.best_move`` returns)."""

    label: str
    move: Move
    after: Position


# Misère Kayles and misère crosses play longer rows by their misère quotients (nimlib.quotient): up to these
# lengths the quotient of runs <= length is computed in a few seconds (Kayles: 40 elements by 27 pins; crosses,
# Dawson's Kayles shifted by one: 24 elements by 13 cells, and the engine stops at 24 cells)
MAX_MISERE_QUOTIENT_KAYLES = 30
MAX_MISERE_QUOTIENT_CROSSES = 23


def _misere(misere: object, length: int, quotient_cells: int = 0) -> bool:
    """The ``misere`` flag, and the length limit misère play needs (exhaustive search, or the quotient's bound)."""
    misere = check_bool(misere, "misere")
    limit = max(MAX_MISERE_CELLS, quotient_cells)
    if misere and length > limit:
        how = "the misère quotient's bound" if quotient_cells else "best moves come from exhaustive search"
        raise ValueError(f"length must be at most {limit} in misère play ({how}), got {length}")
    return misere


@functools.cache
def _misere_quotient(code: str, bound: int):
    from .quotient import quotient
    from .rulesets import octal

    return quotient(octal(code), bound)


def _quotient_move(board, code: str, position) -> Move | None:
    """Misère play of a strip: the first move whose runs' product lies in the quotient's P-portion, or None.

    Rows longer than MAX_MISERE_CELLS are played this way (the raw rows are too many to search); the
    chapter checks the quotient against exhaustive search.
    """
    position = board.check(position)
    q = _misere_quotient(code, board.length)
    for move in board.moves(position):
        after = board._apply(position, move)
        if q.is_p_position([k for _, k in board.runs(after)]):
            return move
    return None


def _length(value: object, name: str = "length", *, minimum: int = 0) -> int:
    value = check_int(value, name, minimum=minimum)
    if value > MAX_CELLS:
        raise ValueError(f"{name} must be at most {MAX_CELLS} (the limit for a board), got {value}")
    return value


def _cells(position: object, length: int | None, name: str = "position", values: tuple[int, ...] = (0, 1)) -> tuple:
    """A row of cells, each one of ``values``; of exactly ``length`` cells when given."""
    row = check_position(position, name)
    if length is not None and len(row) != length:
        raise ValueError(f"{name} must have {length} cells, got {len(row)}")
    if len(row) > MAX_CELLS:
        raise ValueError(f"{name} must have at most {MAX_CELLS} cells, got {len(row)}")
    for i, c in enumerate(row):
        if c not in values:
            raise ValueError(f"{name}[{i}] must be one of {values}, got {c}")
    return row


def _move(move: object, size: int | tuple[int, ...], name: str = "move") -> tuple[int, ...]:
    """A move as a tuple of ``size`` non-negative ints (size may be a tuple of allowed lengths)."""
    sizes = (size,) if isinstance(size, int) else size
    if not isinstance(move, tuple | list) or len(move) not in sizes:
        raise TypeError(f"{name} must be a tuple of {' or '.join(map(str, sizes))} ints, got {move!r}")
    return tuple(check_int(x, f"{name}[{i}]") for i, x in enumerate(move))


@dataclass(frozen=True)
class Board(Ruleset):
    """Base class: a game on a board. Subclasses define ``check``, ``moves``, ``apply``, ``components``, ``cells``.

    ``moves`` returns a list (so ``while board.moves(position)`` reads as it
    says); each move is plain data in the widget's ``data-move`` encoding.
    """

    name: str = "board"
    widget: ClassVar[str] = "board"

    def __post_init__(self) -> None:
        check_str(self.name, "name")

    def moves(self, position: Position) -> list[Move]:
        raise NotImplementedError

    def components(self, position: Position) -> list[tuple[str, int]]:
        """The independent parts of the position, each with its label and Grundy value."""
        raise NotImplementedError

    def cells(self, position: Position) -> list[str]:
        """One short text per cell, for drawing the board."""
        raise NotImplementedError

    def grundy(self, position: Position) -> int:
        """The XOR of the components' Grundy values: 0 exactly at P-positions (the reduction to Nim)."""
        return component_value(self, self.check(position))

    def best_move(self, position: Position) -> Step | None:
        """``nimlib.play.best_move`` with its label and result: ``label, move, after = board.best_move(p)``.

        A move to a position of Grundy value 0, or, when there is none, the first legal move (None at the end).
        """
        position = self.check(position)
        move = best_move(self, position)
        if move is None:
            return None
        return Step(self.describe(position, move), move, self.apply(position, move))

    def widget_params(self) -> dict[str, JSON]:
        return {}

    def _apply(self, position: Position, move: Move) -> Position:
        """The position after a move known to be legal in a checked position (no checks: the searcher's path)."""
        raise NotImplementedError

    def options(self, position: Position) -> list[Position]:
        """The positions one move away: checked once, then every move applied without re-checking."""
        position = self.check(position)
        return [self._apply(position, move) for move in self.moves(position)]

    def labelled_moves(self, position: Position) -> list[Step]:
        """Every move with its label and the position it leaves: ``(label, move, after)`` (for move lists)."""
        position = self.check(position)
        return [Step(self.describe(position, m), m, self._apply(position, m)) for m in self.moves(position)]

    def _legal(self, position: Position, move: Move) -> Move:
        """``move`` if it is one of ``moves(position)``, else a ValueError naming it."""
        if move not in self.moves(position):
            raise ValueError(f"move {move!r} is not legal in {self.name} position {position!r}")
        return move


def _runs(flags: Sequence[bool]) -> list[tuple[int, int]]:
    """Maximal runs of True as (start, length)."""
    runs, start = [], None
    for i, f in enumerate([*flags, False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            runs.append((start, i - start))
            start = None
    return runs


@dataclass(frozen=True)
class _Values:
    """Grundy values of one heap game, computed as far as needed, once per board object (not a global cache)."""

    game: HeapGame
    table: list[int] = field(default_factory=list)

    def __getitem__(self, n: int) -> int:
        if n >= len(self.table):
            extend_heap_values(self.game, self.table, n + 1)
        return self.table[n]


# ---------------------------------------------------------------- strips


@dataclass(frozen=True)
class KaylesRow(Board):
    """Kayles: a row of pins (1 standing, 0 down); knock down one pin ``(i,)`` or two adjacent pins ``(i, i + 1)``.

    A run of k standing pins is a Kayles heap of k (octal 0.77). With ``misere=True`` whoever knocks
    down the last pin loses (widget ``misere-kayles``; at most ``MAX_MISERE_CELLS`` pins): best moves
    then come from exhaustive misère search, the components' Grundy values no longer decide.
    """

    name: str = "Kayles"
    length: int = 10
    misere: bool = False
    _values: _Values = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        object.__setattr__(self, "length", _length(self.length))
        object.__setattr__(self, "misere", _misere(self.misere, self.length, MAX_MISERE_QUOTIENT_KAYLES))
        object.__setattr__(self, "_values", _Values(kayles))

    @property
    def widget(self) -> str:  # type: ignore[override]
        return "misere-kayles" if self.misere else "kayles"

    def start(self) -> tuple[int, ...]:
        return (1,) * self.length

    def check(self, position: object) -> tuple[int, ...]:
        return _cells(position, self.length)

    def moves(self, position):
        position = self.check(position)
        out: list[Move] = []
        for i, up in enumerate(position):
            if up:
                out.append((i,))
                if i + 1 < len(position) and position[i + 1]:
                    out.append((i, i + 1))
        return out

    def apply(self, position, move):
        position = self.check(position)
        return self._apply(position, self._legal(position, _move(move, (1, 2))))

    def _apply(self, position, move):
        return tuple(0 if i in move else p for i, p in enumerate(position))

    def describe(self, position, move):
        # Pins and cells are numbered from 1 in words (the page's labels), from 0 in the move itself
        return f"knock pin {move[0] + 1}" if len(move) == 1 else f"knock pins {move[0] + 1} and {move[1] + 1}"

    def components(self, position):
        position = self.check(position)
        return [
            (f"pin {s + 1}" if k == 1 else f"pins {s + 1}–{s + k}", self._values[k])
            for s, k in _runs([bool(p) for p in position])
        ]

    def cells(self, position):
        return ["▮" if p else "·" for p in self.check(position)]

    def runs(self, position) -> list[tuple[int, int]]:
        """(start, length) of each run of standing pins: the heaps of Kayles."""
        return _runs([bool(p) for p in self.check(position)])

    @property
    def winning_move(self):
        """Misère rows longer than MAX_MISERE_CELLS: the quotient's move (None otherwise: search or Grundy values)."""
        if not self.misere or self.length <= MAX_MISERE_CELLS:
            return None
        return lambda position: _quotient_move(self, "0.77", position)

    def widget_params(self):
        params: dict[str, JSON] = {"length": self.length, "values": [self._values[n] for n in range(self.length + 1)]}
        if self.misere:
            params["misere"] = True
        return params


@dataclass(frozen=True)
class CrossesStrip(Board):
    """Crosses on a 1×n strip (1 = cross): no cross within ``distance`` of another; a move ``(i,)`` crosses cell i.

    distance 1 is the book's crosses (Dawson's chess, octal 0.137; widget
    ``dawson``); distance 2 is crosses-2, three in a row (treblecross, octal
    0.11337; widget ``crosses-2``): a cross within distance 2 of another
    hands the opponent three in a row, so such cells are never played. A run
    of k playable cells is a heap of k.

    With ``misere=True`` whoever puts the last cross loses (at most ``MAX_MISERE_CELLS`` cells; best
    moves by exhaustive misère search). Misère crosses (distance 1) is misère Dawson's Kayles, a run
    of k playable cells being a row of k + 1 pins; its widget is ``misere-dawson`` (the page plays no
    misère crosses-2).
    """

    name: str = "Crosses"
    length: int = 10
    distance: int = 1
    misere: bool = False
    _values: _Values = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        object.__setattr__(self, "length", _length(self.length))
        object.__setattr__(self, "distance", check_int(self.distance, "distance"))
        if self.distance not in (1, 2):
            raise ValueError(f"distance must be 1 or 2, got {self.distance!r}")
        cells = MAX_MISERE_QUOTIENT_CROSSES if self.distance == 1 else 0
        object.__setattr__(self, "misere", _misere(self.misere, self.length, cells))
        object.__setattr__(self, "_values", _Values(crosses if self.distance == 1 else crosses_2))

    @property
    def widget(self) -> str:  # type: ignore[override]
        name = "dawson" if self.distance == 1 else "crosses-2"
        return f"misere-{name}" if self.misere else name

    def start(self) -> tuple[int, ...]:
        return (0,) * self.length

    def check(self, position: object) -> tuple[int, ...]:
        return _cells(position, self.length)

    def playable(self, position) -> list[bool]:
        position = self.check(position)
        d = self.distance
        return [not any(position[max(0, i - d) : i + d + 1]) for i in range(len(position))]

    def moves(self, position):
        return [(i,) for i, ok in enumerate(self.playable(position)) if ok]

    def apply(self, position, move):
        position = self.check(position)
        return self._apply(position, self._legal(position, _move(move, 1)))

    def _apply(self, position, move):
        i = move[0]
        return position[:i] + (1,) + position[i + 1 :]

    def describe(self, position, move):
        return f"cross on cell {move[0] + 1}"

    def components(self, position):
        return [
            (f"cell {s + 1}" if k == 1 else f"cells {s + 1}–{s + k}", self._values[k])
            for s, k in _runs(self.playable(position))
        ]

    def runs(self, position) -> list[tuple[int, int]]:
        """(start, length) of each run of playable cells: the heaps of crosses (octal 0.137)."""
        return _runs(self.playable(position))

    @property
    def winning_move(self):
        """Misère strips longer than MAX_MISERE_CELLS: the quotient's move (None otherwise: search or Grundy values)."""
        if not self.misere or self.length <= MAX_MISERE_CELLS:
            return None
        return lambda position: _quotient_move(self, "0.137", position)

    def cells(self, position):
        playable = self.playable(position)
        return ["X" if c else ("·" if ok else "×") for c, ok in zip(self.check(position), playable, strict=True)]

    def widget_params(self):
        params: dict[str, JSON] = {
            "length": self.length,
            "distance": self.distance,
            "values": [self._values[n] for n in range(self.length + 1)],
        }
        if self.misere:
            params["misere"] = True
        return params


# ---------------------------------------------------------------- coins


@dataclass(frozen=True)
class Staircase(Board):
    """Staircase nim: ``position[i]`` coins on step i + 1; a move ``(i, c)`` moves c coins from step i + 1 down one.

    Coins on step 1 stay there. Only the even steps matter: their coin counts are Nim heaps.
    """

    name: str = "Staircase nim"
    widget: ClassVar[str] = "staircase"

    def check(self, position: object) -> tuple[int, ...]:
        heaps = check_position(position)
        if len(heaps) > MAX_CELLS:
            raise ValueError(f"position must have at most {MAX_CELLS} steps, got {len(heaps)}")
        return heaps

    def moves(self, position):
        heaps = self.check(position)
        count = sum(heaps[1:])
        if count > MAX_BOARD_MOVES:
            raise ValueError(
                f"position has {count:,} moves (one per coin above step 1), more than the "
                f"MAX_BOARD_MOVES = {MAX_BOARD_MOVES:,} a list of moves may hold"
            )
        return [(i, c) for i in range(1, len(heaps)) for c in range(1, heaps[i] + 1)]

    def is_over(self, position):
        return not any(self.check(position)[1:])

    def apply(self, position, move):
        heaps = self.check(position)
        i, c = _move(move, 2)
        if not 1 <= i < len(heaps):
            raise ValueError(f"move[0] (step index) must be between 1 and {len(heaps) - 1}, got {i}")
        if not 1 <= c <= heaps[i]:
            raise ValueError(f"move[1] (coins) must be between 1 and {heaps[i]} on step {i + 1}, got {c}")
        return self._apply(heaps, (i, c))

    def _apply(self, heaps, move):
        i, c = move
        after = list(heaps)
        after[i] -= c
        after[i - 1] += c
        return tuple(after)

    def describe(self, position, move):
        i, c = move
        return f"move {c} {'coin' if c == 1 else 'coins'} from step {i + 1} to step {i}"

    def components(self, position):
        return [(f"step {i + 1}", a) for i, a in enumerate(self.check(position)) if (i + 1) % 2 == 0]

    def winning_move(self, position):
        """The first move of ``moves`` that leaves the even steps' XOR 0, None if none: one pass, not one per move.

        A move (i, c) changes one even step: step i + 1 loses c coins (i odd) or step i gains them (i even).
        """
        heaps = self.check(position)
        total = 0
        for i in range(1, len(heaps), 2):
            total ^= heaps[i]
        if total == 0:
            return None
        for i in range(1, len(heaps)):
            # i odd: step i + 1 is even and must drop to heaps[i] ^ total; else step i must rise to
            # heaps[i - 1] ^ total, with at most heaps[i] coins
            c = heaps[i] - (heaps[i] ^ total) if i % 2 else (heaps[i - 1] ^ total) - heaps[i - 1]
            if 1 <= c <= heaps[i]:
                return (i, c)
        return None

    def cells(self, position):
        return [str(a) for a in self.check(position)]


@dataclass(frozen=True)
class Nimble(Board):
    """Nimble: coins on a 1×n strip (``position`` = sorted cells, from 0); ``(from, to)`` slides a coin left.

    Coins may share cells and jump each other; each coin is a Nim heap of its cell number.
    With ``no_jumps`` (Nimble-2) a coin may neither pass nor land on another
    (so no two coins share a cell): the gaps between coins then play staircase nim.
    """

    name: str = "Nimble"
    length: int = 10
    no_jumps: bool = False
    widget: ClassVar[str] = "nimble"

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        object.__setattr__(self, "length", _length(self.length, minimum=1))
        check_bool(self.no_jumps, "no_jumps")

    def check(self, position: object) -> tuple[int, ...]:
        coins = tuple(sorted(check_position(position)))
        if len(coins) > MAX_CELLS:
            raise ValueError(f"position must have at most {MAX_CELLS} coins, got {len(coins)}")
        if coins and coins[-1] >= self.length:
            raise ValueError(f"position: cells must be below length={self.length}, got a coin on {coins[-1]}")
        if self.no_jumps and len(set(coins)) < len(coins):
            raise ValueError(f"position: in Nimble-2 (no_jumps) no two coins share a cell, got {coins}")
        return coins

    def moves(self, position):
        coins = self.check(position)
        out: dict[Move, None] = {}
        for k, cell in enumerate(coins):
            low = coins[k - 1] + 1 if self.no_jumps and k > 0 else 0
            for target in range(low, cell):
                out[(cell, target)] = None
        return list(out)

    def is_over(self, position):
        coins = self.check(position)
        if self.no_jumps:
            return all(c == k for k, c in enumerate(coins))  # packed at the left end
        return not any(coins)

    def apply(self, position, move):
        coins = self.check(position)
        cell, target = _move(move, 2)
        k = coins.index(cell) if cell in coins else -1
        low = coins[k - 1] + 1 if self.no_jumps and k > 0 else 0
        if k < 0 or not low <= target < cell:  # the same test as ``moves``, without listing them all
            raise ValueError(f"move {(cell, target)!r} is not legal in {self.name} position {coins!r}")
        return self._apply(coins, (cell, target))

    def _apply(self, coins, move):
        cell, target = move
        k = coins.index(cell)
        return tuple(sorted(coins[:k] + (target,) + coins[k + 1 :]))

    def describe(self, position, move):
        return f"coin from cell {move[0]} to cell {move[1]}"

    def winning_move(self, position):
        """The first move of ``moves`` that leaves the components' XOR 0, None if none: one pass over the coins.

        Without ``no_jumps`` a coin on c must go to c ^ S (S the XOR of the cells). In Nimble-2 moving coin k
        left by q changes one counted gap: its own (it loses q) or, when that gap is not counted, the gap of
        the coin to its right (it gains q).
        """
        coins = self.check(position)
        parts = self.components(coins)
        total = 0
        for _, v in parts:
            total ^= v
        if total == 0:
            return None
        n = len(coins)
        gaps = _nimble2_staircase(coins)[::-1] if self.no_jumps else []  # gaps[k]: empty cells left of coin k
        for k, cell in enumerate(coins):
            low = coins[k - 1] + 1 if self.no_jumps and k > 0 else 0
            if not self.no_jumps:
                q = cell - (cell ^ total)
            elif (n - 1 - k) % 2 == 0:  # coin k's own gap is counted
                q = gaps[k] - (gaps[k] ^ total)
            else:  # the gap of the coin to its right is counted
                q = (gaps[k + 1] ^ total) - gaps[k + 1]
            if q >= 1 and cell - q >= low:
                return (cell, cell - q)
        return None

    def components(self, position):
        coins = self.check(position)
        if not self.no_jumps:
            return [(f"coin on {c}", c) for c in coins]
        # The gap left of the last coin is the lowest step (it can empty onto the floor);
        # the 1st, 3rd, 5th, ... steps from the bottom are the heaps
        gaps = _nimble2_staircase(coins)
        return [(f"gap left of coin on {coins[-1 - i]}", g) for i, g in enumerate(gaps) if i % 2 == 0]

    def cells(self, position):
        counts = [0] * self.length
        for c in self.check(position):
            counts[c] += 1
        return [("●" * n if n <= 2 else f"{n}●") if n else "·" for n in counts]

    def widget_params(self):
        return {"length": self.length, "no_jumps": self.no_jumps}


def _nimble2_staircase(position: Sequence[int]) -> list[int]:
    """Nimble-2 as staircase nim: the empty cells left of each coin, from the rightmost coin down.

    Sliding a coin left by q takes q from its gap and adds q to the gap of the
    coin to its right: coins of a staircase moving one step down, the
    rightmost coin's gap emptying onto the floor.
    """
    coins = sorted(position)
    gaps = [c - (coins[i - 1] + 1 if i else 0) for i, c in enumerate(coins)]
    return gaps[::-1]


@dataclass(frozen=True)
class TurningTurtles(Board):
    """Turning turtles: a row of coins (1 = heads up, H; 0 = tails, T). ``(x,)`` turns heads coin x to tails;
    ``(x, y)`` also flips coin y < x (``twins``: the second coin is obligatory).

    Each heads coin at 1-based place p is a Nim heap of p (twins: of p − 1).
    """

    name: str = "Turning turtles"
    twins: bool = False
    widget: ClassVar[str] = "turtles"

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        check_bool(self.twins, "twins")
        if self.twins and self.name == "Turning turtles":
            object.__setattr__(self, "name", "Twins")

    def check(self, position: object) -> tuple[int, ...]:
        return _cells(position, None)

    def moves(self, position):
        position = self.check(position)
        out: list[Move] = []
        for x, coin in enumerate(position):
            if not coin:
                continue
            if not self.twins:
                out.append((x,))
            out.extend((x, y) for y in range(x))
        return out

    def apply(self, position, move):
        position = self.check(position)
        return self._apply(position, self._legal(position, _move(move, (1, 2))))

    def _apply(self, position, move):
        after = list(position)
        after[move[0]] = 0
        if len(move) == 2:
            after[move[1]] = 1 - after[move[1]]
        return tuple(after)

    def describe(self, position, move):
        if len(move) == 1:
            return f"turn coin {move[0] + 1}"
        return f"turn coin {move[0] + 1}, flip coin {move[1] + 1}"

    def components(self, position):
        shift = 1 if self.twins else 0
        return [(f"heads at {p + 1}", p + 1 - shift) for p, coin in enumerate(self.check(position)) if coin]

    def cells(self, position):
        return ["H" if c else "T" for c in self.check(position)]

    def widget_params(self):
        return {"twins": self.twins}


# ---------------------------------------------------------------- graphs


def _edges(edges: object) -> dict[int, tuple[int, ...]]:
    if not isinstance(edges, Mapping):
        raise TypeError(f"edges must be a dict from a vertex to the vertices it points to, got {edges!r}")
    out: dict[int, tuple[int, ...]] = {}
    for v, ws in edges.items():
        v = check_int(v, "edges key (a vertex)")
        if isinstance(ws, (str, bytes, Mapping)) or not isinstance(ws, Sequence | set | frozenset):
            raise TypeError(f"edges[{v}] must be a tuple of vertices, got {ws!r}")
        out[v] = tuple(check_int(w, f"edges[{v}][...]") for w in ws)
    return out


@dataclass(frozen=True)
class GraphChips(Board):
    """Chips on a directed acyclic graph: ``(from, to)`` moves a chip along an edge. ``position`` = sorted vertices.

    With ``annihilate``, two chips that meet on a vertex both vanish (so no
    two chips share a vertex). Each chip is a Nim heap of its vertex's Grundy
    value (the mex of its successors').
    """

    name: str = "Chips on a graph"
    edges: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    annihilate: bool = False
    values: dict[int, int] = field(init=False, repr=False, compare=False)
    widget: ClassVar[str] = "graph-chips"

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        object.__setattr__(self, "edges", _edges(self.edges))
        check_bool(self.annihilate, "annihilate")
        object.__setattr__(self, "values", vertex_values(self.edges))

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.edges.items())), self.annihilate))

    def check(self, position: object) -> tuple[int, ...]:
        chips = tuple(sorted(check_position(position)))
        for v in chips:
            if v not in self.values:
                raise ValueError(f"position: {v} is not a vertex of the graph (vertices {sorted(self.values)})")
        if self.annihilate and len(set(chips)) < len(chips):
            raise ValueError(f"position: annihilating chips never share a vertex, got {chips}")
        return chips

    def moves(self, position):
        chips = self.check(position)
        return list(dict.fromkeys((v, w) for v in chips for w in self.edges.get(v, ())))

    def apply(self, position, move):
        chips = self.check(position)
        return self._apply(chips, self._legal(chips, _move(move, 2)))

    def _apply(self, chips, move):
        v, w = move
        rest = list(chips)
        rest.remove(v)
        if self.annihilate and w in rest:
            rest.remove(w)
        else:
            rest.append(w)
        return tuple(sorted(rest))

    def describe(self, position, move):
        return f"chip {move[0]} → {move[1]}"

    def components(self, position):
        return [(f"chip on {v}", self.values[v]) for v in self.check(position)]

    def cells(self, position):
        chips = self.check(position)
        return [f"{v}:{chips.count(v)}" for v in sorted(self.values)]

    def widget_params(self):
        return {
            "vertices": sorted(self.values),
            "edges": [[v, w] for v, ws in sorted(self.edges.items()) for w in ws],
            "values": [[v, g] for v, g in self.values.items()],
            "annihilate": self.annihilate,
        }


def vertex_values(edges: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """The Grundy value of every vertex of a DAG (a chip there is a Nim heap of that size), by ``grundy_value``.

    >>> vertex_values({0: (1, 2), 1: (2,), 2: ()})
    {0: 2, 1: 1, 2: 0}
    """
    edges = _edges(edges)
    vertices = set(edges) | {w for ws in edges.values() for w in ws}
    game = SuccessorsGame(lambda v: edges.get(v, ()), name="a chip on the graph")
    values: dict[Hashable, int] = {}
    for v in sorted(vertices):
        try:
            grundy_value(game, v, known=values)
        except ValueError as error:
            raise ValueError(f"edges must form an acyclic graph: {error}") from None
    return dict(sorted(values.items()))  # type: ignore[arg-type]


# ---------------------------------------------------------------- heaps


@dataclass(frozen=True)
class HeapBoard(Board):
    """Any heap game of ``nimlib.rulesets`` (subtraction games, Lasker's nim, Grundy's game) as a board.

    ``position`` is the tuple of heaps, each at most ``largest``; moves are the
    game's ``(heap_index, option)``; each heap is a component with its Grundy
    value g(n). The widget is the game's (``lasker``, ``grundy``, ``subtraction`` …).
    """

    game: HeapGame = kayles
    largest: int = 30
    _values: _Values = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        if not isinstance(self.game, HeapGame):
            raise TypeError(f"game must be a HeapGame such as nimlib.rulesets.kayles, got {self.game!r}")
        object.__setattr__(self, "name", repr(self.game))
        object.__setattr__(self, "largest", _length(self.largest, "largest"))
        object.__setattr__(self, "_values", _Values(self.game))

    @property
    def widget(self) -> str:  # type: ignore[override]
        return self.game.widget

    def check(self, position: object) -> tuple[int, ...]:
        heaps = check_position(position)
        for i, a in enumerate(heaps):
            if a > self.largest:
                raise ValueError(f"position[{i}] must be at most largest={self.largest}, got {a}")
        if len(heaps) > MAX_CELLS:
            raise ValueError(f"position must have at most {MAX_CELLS} heaps, got {len(heaps)}")
        if sum(heaps) > MAX_STONES:
            raise ValueError(
                f"position must hold at most MAX_STONES = {MAX_STONES:,} stones in all (the page draws each), "
                f"got {sum(heaps):,}"
            )
        return heaps

    def moves(self, position):
        return list(self.game.moves(self.check(position)))

    def apply(self, position, move):
        return self.game.apply(self.check(position), move)

    def _apply(self, position, move):
        i, option = move
        return position[:i] + option + position[i + 1 :]

    def describe(self, position, move):
        return self.game.describe(position, move)

    def encode_move(self, move):
        return self.game.encode_move(move)

    def decode_move(self, data):
        return self.game.decode_move(data)

    def components(self, position):
        return [(f"heap {i} ({a})", self._values[a]) for i, a in enumerate(self.check(position))]

    def cells(self, position):
        return [str(a) for a in self.check(position)]

    def widget_params(self):
        return {
            **self.game.widget_params(),
            "largest": self.largest,
            "values": [self._values[n] for n in range(self.largest + 1)],
        }


# ---------------------------------------------------------------- trominoes


@dataclass(frozen=True)
class Trominoes(Board):
    """L-trominoes on a 2×``columns`` board: ``position`` = two rows of 0/1 (1 covered).

    A move ``(column, skip)`` covers the 2×2 block at columns ``column`` and
    ``column + 1`` except one cell, ``skip`` 0..3 = (row 0, column),
    (row 1, column), (row 0, column + 1), (row 1, column + 1). Each connected
    region of free cells plays like a heap of its size in octal 0.007.
    """

    name: str = "L-trominoes"
    columns: int = 6
    widget: ClassVar[str] = "trominoes"
    _values: _Values = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        object.__setattr__(self, "columns", _length(self.columns, "columns", minimum=1))
        object.__setattr__(self, "_values", _Values(trominoes))

    def start(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return ((0,) * self.columns, (0,) * self.columns)

    def check(self, position: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
        if not isinstance(position, tuple | list) or len(position) != 2:
            raise TypeError(f"position must be two rows of 0/1 cells, got {position!r}")
        return tuple(_cells(row, self.columns, f"position[{r}]") for r, row in enumerate(position))  # type: ignore[return-value]

    @staticmethod
    def _block(column: int, skip: int) -> list[tuple[int, int]]:
        cells = [(0, column), (1, column), (0, column + 1), (1, column + 1)]
        return [cell for k, cell in enumerate(cells) if k != skip]

    def moves(self, position):
        rows = self.check(position)
        return [
            (c, skip)
            for c in range(self.columns - 1)
            for skip in range(4)
            if not any(rows[r][cc] for r, cc in self._block(c, skip))
        ]

    def apply(self, position, move):
        rows = self.check(position)
        return self._apply(rows, self._legal(rows, _move(move, 2)))

    def _apply(self, rows, move):
        c, skip = move
        new = [list(rows[0]), list(rows[1])]
        for r, cc in self._block(c, skip):
            new[r][cc] = 1
        return (tuple(new[0]), tuple(new[1]))

    def describe(self, position, move):
        names = ("top left", "bottom left", "top right", "bottom right")
        return f"tromino on columns {move[0]}–{move[0] + 1}, {names[move[1]]} cell free"

    def regions(self, position) -> list[int]:
        """Sizes of the connected regions of free cells."""
        rows = self.check(position)
        free = {(r, c) for r in range(2) for c in range(self.columns) if not rows[r][c]}
        sizes = []
        while free:
            stack = [free.pop()]
            size = 0
            while stack:
                r, c = stack.pop()
                size += 1
                for cell in [(1 - r, c), (r, c - 1), (r, c + 1)]:
                    if cell in free:
                        free.remove(cell)
                        stack.append(cell)
            sizes.append(size)
        return sizes

    def components(self, position):
        return [(f"region of {n} cells", self._values[n]) for n in self.regions(position)]

    def cells(self, position):
        rows = self.check(position)
        return ["".join("▮" if x else "·" for x in row) for row in rows]

    def widget_params(self):
        return {"columns": self.columns, "values": [self._values[n] for n in range(2 * self.columns + 1)]}


def tromino_successors(columns: int) -> Callable[[int], list[int]]:
    """L-trominoes on a 2×``columns`` board with a position as the bit mask of covered cells (bit r·columns + c).

    The first edition's form, a thin wrapper over :class:`Trominoes`.
    """
    board = Trominoes(columns=columns)
    n = board.columns

    def to_rows(mask: int) -> tuple:
        mask = check_int(mask, "mask")
        if mask >= 1 << (2 * n):
            raise ValueError(f"mask must be below 2**{2 * n} for {n} columns, got {mask}")
        return tuple(tuple((mask >> (r * n + c)) & 1 for c in range(n)) for r in range(2))

    def to_mask(rows: tuple) -> int:
        return sum(1 << (r * n + c) for r in range(2) for c in range(n) if rows[r][c])

    def successors(mask: int) -> list[int]:
        return [to_mask(after) for after in board.options(to_rows(mask))]

    return successors


# ---------------------------------------------------------------- Nim with increases


@dataclass(frozen=True)
class NimWithIncreases(Ruleset):
    """Nim where a move may also *increase* a heap (up to ``cap``), at most as often as the budget allows.

    A position is ``(heaps, increases_left)``; a move ``(i, b)`` sets heap i to
    b (smaller, or larger at the cost of one increase). The budget keeps the
    game finite. The nim-sum rule still decides it: increases do not help.
    """

    cap: int = 5
    budget: int = 2
    name: str = "Nim with increases"

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        object.__setattr__(self, "cap", check_int(self.cap, "cap"))
        object.__setattr__(self, "budget", check_int(self.budget, "budget"))

    def start(self) -> tuple[tuple[int, ...], int]:
        return ((3, 4, 5), self.budget)

    def check(self, position: object) -> tuple[tuple[int, ...], int]:
        if not isinstance(position, tuple | list) or len(position) != 2:
            raise TypeError(f"position must be a pair (heaps, increases_left), got {position!r}")
        return check_position(position[0], "position[0] (heaps)"), check_int(position[1], "position[1] (increases)")

    def moves(self, position):
        heaps, left = self.check(position)
        for i, a in enumerate(heaps):
            for b in range(a):
                yield (i, b)
            if left:
                for b in range(a + 1, self.cap + 1):
                    yield (i, b)

    def apply(self, position, move):
        heaps, left = self.check(position)
        i, b = _move(move, 2)
        if i >= len(heaps):
            raise ValueError(f"move[0] (heap index) must be < {len(heaps)}, got {i}")
        if b == heaps[i] or (b > heaps[i] and (not left or b > self.cap)):
            raise ValueError(f"move {move!r} is not legal in {position!r}")
        return heaps[:i] + (b,) + heaps[i + 1 :], left - (b > heaps[i])


def nim_with_increases(budget_moves: int, cap: int) -> Callable[[tuple], Iterator[tuple]]:
    """Successors of Nim where a move may also increase a heap (up to ``cap``): ``NimWithIncreases(...).options``.

    A position is ``(heaps, increases_left)``; ``budget_moves`` is the usual
    starting budget. The first edition's form, kept for the chapters.
    """
    budget_moves = check_int(budget_moves, "budget_moves")
    cap = check_int(cap, "cap")
    return NimWithIncreases(cap=cap, budget=budget_moves).options


# ---------------------------------------------------------------- partizan boards


class _Partizan:
    """Boards whose position is (board, side to move): the page is sent the board alone (it knows the turn)."""

    partizan: ClassVar[bool] = True  # each side moves its own pieces

    def encode(self, position):
        return to_json(self.check(position)[0])

    def decode(self, data):
        from .game import from_json

        return self.check((from_json(data), 0))


@dataclass(frozen=True)
class Northcott(_Partizan, Board):
    """Northcott's game on rows of ``width`` cells: position = (rows, player), a row = (white, black) columns.

    The player to move (0 = White, 1 = Black) slides one of their own pieces
    along its row, any distance, left or right, never onto or past the other
    piece: a move is ``(row, new_column)``. Play can go on forever, so the
    searcher cannot solve it, but retrograde analysis labels it and the gaps
    between the pieces are Nim heaps (the components). The widget's position
    is the rows alone (the reader plays White, so White is to move).
    """

    name: str = "Northcott's game"
    width: int = 8
    widget: ClassVar[str] = "northcott"

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        object.__setattr__(self, "width", _length(self.width, "width", minimum=2))

    def check(self, position: object) -> tuple[tuple[tuple[int, int], ...], int]:
        if not isinstance(position, tuple | list) or len(position) != 2:
            raise TypeError(f"position must be a pair (rows, player), got {position!r}")
        rows, player = position
        if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Sequence):
            raise TypeError(f"position[0] (rows) must be a tuple of (white, black) pairs, got {rows!r}")
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"position[1] (player) must be 0 (White) or 1 (Black), got {player!r}")
        checked = []
        for r, row in enumerate(rows):
            if not isinstance(row, tuple | list) or len(row) != 2:
                raise TypeError(f"rows[{r}] must be a pair (white, black), got {row!r}")
            w, b = (check_int(x, f"rows[{r}][{j}]") for j, x in enumerate(row))
            if w >= self.width or b >= self.width:
                raise ValueError(f"rows[{r}] = {(w, b)}: columns must be below width={self.width}")
            if w == b:
                raise ValueError(f"rows[{r}] = {(w, b)}: the two pieces cannot share a cell")
            checked.append((w, b))
        return tuple(checked), player

    def start(self):
        return ((0, self.width - 1),) * 3, 0

    def moves(self, position):
        rows, player = self.check(position)
        out = []
        for r, row in enumerate(rows):
            mine, theirs = row[player], row[1 - player]
            low, high = (0, theirs - 1) if mine < theirs else (theirs + 1, self.width - 1)
            out.extend((r, x) for x in range(low, high + 1) if x != mine)
        return out

    def apply(self, position, move):
        position = self.check(position)
        return self._apply(position, self._legal(position, _move(move, 2)))

    def _apply(self, position, move):
        (rows, player), (r, x) = position, move
        new = (x, rows[r][1]) if player == 0 else (rows[r][0], x)
        return rows[:r] + (new,) + rows[r + 1 :], 1 - player

    def describe(self, position, move):
        rows, player = self.check(position)
        who = "White" if player == 0 else "Black"
        return f"{who}: row {move[0]}, {rows[move[0]][player]} → {move[1]}"

    def components(self, position):
        rows, _ = self.check(position)
        return [(f"row {r}", g) for r, g in enumerate(northcott_gaps(rows))]

    def cells(self, position):
        rows, _ = self.check(position)
        return ["".join("W" if c == w else "B" if c == b else "·" for c in range(self.width)) for w, b in rows]

    def widget_params(self):
        return {"width": self.width}


def northcott_successors(width: int) -> Callable[[tuple], list[tuple]]:
    """Successors of Northcott's game on rows of ``width`` cells: ``Northcott(width=width).options``."""
    return Northcott(width=width).options  # type: ignore[return-value]


def northcott_gaps(rows: Sequence[tuple[int, int]]) -> list[int]:
    """The empty cells between the two pieces of each row: the Nim heaps of Northcott's game."""
    if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Sequence):
        raise TypeError(f"rows must be a tuple of (white, black) pairs, got {rows!r}")
    gaps = []
    for r, row in enumerate(rows):
        if not isinstance(row, tuple | list) or len(row) != 2:
            raise TypeError(f"rows[{r}] must be a pair (white, black), got {row!r}")
        w, b = (check_int(x, f"rows[{r}][{j}]") for j, x in enumerate(row))
        if w == b:
            raise ValueError(f"rows[{r}] = {(w, b)}: the two pieces cannot share a cell")
        gaps.append(abs(w - b) - 1)
    return gaps


PawnRows = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class Pawns(_Partizan, Board):
    """Dawson's chess on a 3×``columns`` board: White pawns start on row 0, Black on row 2, captures compulsory.

    A position is (rows, player): three rows of ``"W"``, ``"B"``, ``"."`` and
    whose turn it is (0 = White, moving up the rows; 1 = Black, moving down).
    A move ``((r, c), (r2, c2))`` moves a pawn straight ahead or captures
    diagonally; whoever makes the last move wins. The widget's position is the
    rows alone (the reader plays White).
    """

    name: str = "Dawson's chess"
    columns: int = 5
    widget: ClassVar[str] = "pawns"

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        object.__setattr__(self, "columns", _length(self.columns, "columns", minimum=1))

    def start(self) -> tuple[PawnRows, int]:
        n = self.columns
        return (("W",) * n, (".",) * n, ("B",) * n), 0

    def check(self, position: object) -> tuple[PawnRows, int]:
        if not isinstance(position, tuple | list) or len(position) != 2:
            raise TypeError(f"position must be a pair (rows, player), got {position!r}")
        rows, player = position
        if not isinstance(rows, tuple | list) or len(rows) != 3:
            raise TypeError(f"position[0] must be three rows of 'W', 'B', '.', got {rows!r}")
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"position[1] (player) must be 0 (White) or 1 (Black), got {player!r}")
        checked = []
        for r, row in enumerate(rows):
            if not isinstance(row, tuple | list | str) or len(row) != self.columns:
                raise ValueError(f"rows[{r}] must have {self.columns} cells, got {row!r}")
            for c, cell in enumerate(row):
                if cell not in ("W", "B", "."):
                    raise ValueError(f"rows[{r}][{c}] must be 'W', 'B' or '.', got {cell!r}")
            checked.append(tuple(row))
        return tuple(checked), player  # type: ignore[return-value]

    def moves(self, position):
        rows, player = self.check(position)
        me, them, step = ("W", "B", 1) if player == 0 else ("B", "W", -1)
        captures, advances = [], []
        for r in range(3):
            for c in range(self.columns):
                if rows[r][c] != me or not 0 <= r + step <= 2:
                    continue
                for dc in (-1, 1):
                    if 0 <= c + dc < self.columns and rows[r + step][c + dc] == them:
                        captures.append(((r, c), (r + step, c + dc)))
                if rows[r + step][c] == ".":
                    advances.append(((r, c), (r + step, c)))
        return captures or advances

    def apply(self, position, move):
        rows, player = self.check(position)
        if not isinstance(move, tuple | list) or len(move) != 2:
            raise TypeError(f"move must be ((row, column), (row, column)), got {move!r}")
        src, dst = (_move(x, 2, f"move[{j}]") for j, x in enumerate(move))
        return self._apply((rows, player), self._legal((rows, player), (src, dst)))

    def _apply(self, position, move):
        (rows, player), (src, dst) = position, move
        new = [list(row) for row in rows]
        new[dst[0]][dst[1]] = new[src[0]][src[1]]
        new[src[0]][src[1]] = "."
        return tuple(tuple(row) for row in new), 1 - player

    def describe(self, position, move):
        (r, c), (r2, c2) = move
        kind = "takes on" if c2 != c else "to"
        return f"{'White' if self.check(position)[1] == 0 else 'Black'}: pawn {(r, c)} {kind} {(r2, c2)}"

    def cells(self, position):
        return ["".join(row) for row in self.check(position)[0]]

    def components(self, position):
        raise NotImplementedError("Dawson's chess has no reduction here: best_move searches")

    def widget_params(self):
        return {"columns": self.columns}


# Pawns is not Reducible: hide the base class's components so the protocol checks see that
Pawns.components = None  # type: ignore[assignment,method-assign]


def pawns_successors(columns: int) -> Callable[[tuple], Iterator[tuple]]:
    """Dawson's chess as the first edition wrote it: a position is (white, black, player).

    white and black are frozensets of (row, column); a thin wrapper over :class:`Pawns`.
    """
    board = Pawns(columns=columns)
    n = board.columns

    def to_rows(position: tuple) -> tuple:
        white, black, player = position
        rows = tuple(
            tuple("W" if (r, c) in white else "B" if (r, c) in black else "." for c in range(n)) for r in range(3)
        )
        return rows, player

    def to_sets(position: tuple) -> tuple:
        rows, player = position
        white = frozenset((r, c) for r in range(3) for c in range(n) if rows[r][c] == "W")
        black = frozenset((r, c) for r in range(3) for c in range(n) if rows[r][c] == "B")
        return white, black, player

    def successors(position: tuple) -> Iterator[tuple]:
        if not isinstance(position, tuple) or len(position) != 3:
            raise TypeError(f"position must be (white, black, player), got {position!r}")
        for after in board.options(to_rows(position)):
            yield to_sets(after)

    return successors


def pawns_start(columns: int) -> tuple[frozenset, frozenset, int]:
    """The opening position of Dawson's chess: a full row of pawns each, White to move (the first edition's form)."""
    columns = _length(columns, "columns", minimum=1)
    return frozenset((0, c) for c in range(columns)), frozenset((2, c) for c in range(columns)), 0
