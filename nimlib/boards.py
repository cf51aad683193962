"""The seeds' games on their own boards, each with its reduction to Nim.

A board is a ruleset over its natural positions (a row of pins, a strip of
cells, a staircase of coins, chips on a graph). Each board lists its moves,
splits a position into independent components with their Grundy values, and
so can be played by the widgets and checked by the exhaustive searcher on
the *original* game.

Positions are tuples, so they hash and the searcher can memoize them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import xor

from ._check import check_int, check_position
from .grundy import heap_values, mex
from .rulesets import HeapGame, crosses, crosses_2, kayles

# A move on a board: what to call it, which cell it starts from (or None), and the position it leaves
BoardMove = tuple[str, int | None, tuple]


@dataclass(frozen=True)
class Board:
    """Base class: a game on a board. Subclasses define ``moves``, ``components`` and ``cells``."""

    name: str = "board"

    def moves(self, position: tuple) -> list[BoardMove]:
        raise NotImplementedError

    def components(self, position: tuple) -> list[tuple[str, int]]:
        """The independent parts of the position, each with its label and Grundy value."""
        raise NotImplementedError

    def cells(self, position: tuple) -> list[str]:
        """One short text per cell, for drawing the board."""
        raise NotImplementedError

    def successors(self, position: tuple) -> Iterator[tuple]:
        """Positions one move away (for the exhaustive searcher)."""
        for _, _, after in self.moves(position):
            yield after

    def grundy(self, position: tuple) -> int:
        """The XOR of the components' Grundy values: 0 exactly at P-positions (the reduction to Nim)."""
        return reduce(xor, (v for _, v in self.components(position)), 0)

    def best_move(self, position: tuple) -> BoardMove | None:
        """A move to a position of Grundy value 0, or, when there is none, the first legal move (None at the end)."""
        options = self.moves(position)
        for move in options:
            if self.grundy(move[2]) == 0:
                return move
        return options[0] if options else None


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
class _HeapValues:
    """Grundy values of one heap game, computed once per board object (not a global cache)."""

    game: HeapGame
    size: int
    values: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", tuple(heap_values(self.game, self.size + 1)))


# ---------------------------------------------------------------- strips


@dataclass(frozen=True)
class KaylesRow(Board):
    """Kayles: a row of pins (1 standing, 0 down); knock down one pin or two adjacent standing pins.

    A run of k standing pins is a Kayles heap of k (octal 0.77).
    """

    name: str = "Kayles"
    length: int = 10
    _values: _HeapValues = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "length", check_int(self.length, "length"))
        object.__setattr__(self, "_values", _HeapValues(kayles, self.length))

    def start(self) -> tuple[int, ...]:
        return (1,) * self.length

    def moves(self, position):
        out = []
        for i, up in enumerate(position):
            if up:
                out.append((f"knock pin {i}", i, position[:i] + (0,) + position[i + 1 :]))
                if i + 1 < len(position) and position[i + 1]:
                    out.append((f"knock pins {i} and {i + 1}", i, position[:i] + (0, 0) + position[i + 2 :]))
        return out

    def components(self, position):
        return [(f"pins {s}–{s + k - 1}", self._values.values[k]) for s, k in _runs([bool(p) for p in position])]

    def cells(self, position):
        return ["▮" if p else "·" for p in position]


@dataclass(frozen=True)
class CrossesStrip(Board):
    """Crosses on a 1×n strip (1 = cross): no cross within ``distance`` of another.

    distance 1 is the book's crosses (Dawson's chess, octal 0.137); distance 2
    is crosses-2, three in a row (treblecross, octal 0.11337): a cross within
    distance 2 of another hands the opponent three in a row, so such cells
    are never played. A run of k playable cells is a heap of k.
    """

    name: str = "Crosses"
    length: int = 10
    distance: int = 1
    _values: _HeapValues = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "length", check_int(self.length, "length"))
        if self.distance not in (1, 2):
            raise ValueError(f"distance must be 1 or 2, got {self.distance!r}")
        object.__setattr__(self, "_values", _HeapValues(crosses if self.distance == 1 else crosses_2, self.length))

    def start(self) -> tuple[int, ...]:
        return (0,) * self.length

    def playable(self, position) -> list[bool]:
        d = self.distance
        return [not any(position[max(0, i - d) : i + d + 1]) for i in range(len(position))]

    def moves(self, position):
        return [
            (f"cross on cell {i}", i, position[:i] + (1,) + position[i + 1 :])
            for i, ok in enumerate(self.playable(position))
            if ok
        ]

    def components(self, position):
        return [(f"cells {s}–{s + k - 1}", self._values.values[k]) for s, k in _runs(self.playable(position))]

    def cells(self, position):
        playable = self.playable(position)
        return ["X" if c else ("·" if ok else "×") for c, ok in zip(position, playable, strict=True)]


# ---------------------------------------------------------------- coins


@dataclass(frozen=True)
class Staircase(Board):
    """Staircase nim: ``position[i]`` coins on step i + 1; move some coins from a step to the one below.

    Coins on step 1 stay there. Only the even steps matter: their coin counts are Nim heaps.
    """

    name: str = "Staircase nim"

    def moves(self, position):
        heaps = check_position(position)
        out = []
        for i in range(1, len(heaps)):
            for c in range(1, heaps[i] + 1):
                after = list(heaps)
                after[i] -= c
                after[i - 1] += c
                out.append((f"move {c} coin(s) from step {i + 1} to step {i}", i, tuple(after)))
        return out

    def components(self, position):
        return [(f"step {i + 1}", a) for i, a in enumerate(position) if (i + 1) % 2 == 0]

    def cells(self, position):
        return [str(a) for a in position]


@dataclass(frozen=True)
class Nimble(Board):
    """Nimble: coins on a 1×n strip (``position`` = sorted cells, 0-based); slide one coin left any distance.

    Coins may share cells and jump each other; each coin is a Nim heap of its cell number.
    With ``no_jumps`` (Nimble-2) a coin may neither pass nor land on another:
    the gaps between coins then play staircase nim.
    """

    name: str = "Nimble"
    length: int = 10
    no_jumps: bool = False

    def moves(self, position):
        coins = check_position(position, "position")
        out = []
        for k, cell in enumerate(coins):
            low = 0
            if self.no_jumps and k > 0:
                low = coins[k - 1] + 1
            for target in range(low, cell):
                after = tuple(sorted(coins[:k] + (target,) + coins[k + 1 :]))
                out.append((f"coin on {cell} to {target}", cell, after))
        return list({m[2]: m for m in out}.values())

    def components(self, position):
        if not self.no_jumps:
            return [(f"coin on {c}", c) for c in position]
        # The gap left of the last coin is the lowest step (it can empty onto the floor);
        # the 1st, 3rd, 5th, ... steps from the bottom are the heaps
        coins = sorted(position)
        gaps = _nimble2_staircase(coins)
        return [(f"gap left of coin on {coins[-1 - i]}", g) for i, g in enumerate(gaps) if i % 2 == 0]

    def cells(self, position):
        counts = [0] * self.length
        for c in position:
            counts[c] += 1
        return [("●" * n if n <= 2 else f"{n}●") if n else "·" for n in counts]


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
    """Turning turtles: a row of coins (1 = heads up, O; 0 = tails, X). Turn one heads coin to tails and,
    optionally (``twins``: obligatorily), flip one coin to its left.

    Each heads coin at 1-based place p is a Nim heap of p (twins: of p − 1).
    """

    name: str = "Turning turtles"
    twins: bool = False

    def moves(self, position):
        out = []
        for x, coin in enumerate(position):
            if not coin:
                continue
            turned = position[:x] + (0,) + position[x + 1 :]
            if not self.twins:
                out.append((f"turn coin {x + 1}", x, turned))
            for y in range(x):
                flipped = turned[:y] + (1 - turned[y],) + turned[y + 1 :]
                out.append((f"turn coin {x + 1}, flip coin {y + 1}", x, flipped))
        return out

    def components(self, position):
        shift = 1 if self.twins else 0
        return [(f"heads at {p + 1}", p + 1 - shift) for p, coin in enumerate(position) if coin]

    def cells(self, position):
        return ["O" if c else "X" for c in position]


# ---------------------------------------------------------------- graphs


@dataclass(frozen=True)
class GraphChips(Board):
    """Chips on a directed acyclic graph: move one chip along an edge. ``position`` = sorted vertices.

    With ``annihilate``, two chips that meet on a vertex both vanish. Each chip
    is a Nim heap of its vertex's Grundy value (the mex of its successors').
    """

    name: str = "Chips on a graph"
    edges: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    annihilate: bool = False
    values: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", vertex_values(self.edges))

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted((k, tuple(v)) for k, v in self.edges.items())), self.annihilate))

    def moves(self, position):
        out = []
        for k, v in enumerate(position):
            for w in self.edges.get(v, ()):
                rest = list(position[:k] + position[k + 1 :])
                if self.annihilate and w in rest:
                    rest.remove(w)
                else:
                    rest.append(w)
                out.append((f"chip {v} → {w}", v, tuple(sorted(rest))))
        return list({m[2]: m for m in out}.values())

    def components(self, position):
        return [(f"chip on {v}", self.values[v]) for v in position]

    def cells(self, position):
        return [f"{v}:{position.count(v)}" for v in sorted(self.values)]


def vertex_values(edges: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """The Grundy value of every vertex of a DAG (a chip there is a Nim heap of that size).

    >>> vertex_values({0: (1, 2), 1: (2,), 2: ()})
    {0: 2, 1: 1, 2: 0}
    """
    vertices = set(edges) | {w for ws in edges.values() for w in ws}
    values: dict[int, int] = {}
    for v in sorted(vertices):
        if v in values:
            continue
        stack = [v]
        on_path = {v}
        while stack:
            u = stack[-1]
            pending = [w for w in edges.get(u, ()) if w not in values]
            if pending:
                w = pending[0]
                if w in on_path:
                    raise ValueError(f"edges must form an acyclic graph: vertex {w} lies on a cycle")
                on_path.add(w)
                stack.append(w)
                continue
            values[u] = mex(values[w] for w in edges.get(u, ()))
            stack.pop()
            on_path.discard(u)
    return dict(sorted(values.items()))


# ---------------------------------------------------------------- heaps


@dataclass(frozen=True)
class HeapBoard(Board):
    """Any heap game of ``nimlib.rulesets`` (subtraction games, Lasker's nim, Grundy's game) as a board.

    ``position`` is the tuple of heaps; each heap is a component with its Grundy value g(n).
    """

    game: HeapGame = kayles
    largest: int = 30
    _values: _HeapValues = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", repr(self.game))
        object.__setattr__(self, "_values", _HeapValues(self.game, check_int(self.largest, "largest")))

    def moves(self, position):
        heaps = check_position(position)
        out = []
        for i, a in enumerate(heaps):
            for option in self.game.options(a):
                after = heaps[:i] + option + heaps[i + 1 :]
                said = " + ".join(map(str, option)) if option else "nothing"
                out.append((f"heap {i}: {a} → {said}", i, after))
        return out

    def components(self, position):
        return [(f"heap {i} ({a})", self._values.values[a]) for i, a in enumerate(position)]

    def cells(self, position):
        return [str(a) for a in position]


def nim_with_increases(budget_moves: int, cap: int):
    """Successors of Nim where a move may also *increase* a heap (up to ``cap``), at most ``budget_moves`` times.

    A position is ``(heaps, increases_left)``; the budget keeps the game finite.
    The nim-sum rule still decides it: increases do not help.
    """
    budget_moves = check_int(budget_moves, "budget_moves")
    cap = check_int(cap, "cap")

    def successors(position):
        heaps, left = position
        for i, a in enumerate(heaps):
            for b in range(a):
                yield heaps[:i] + (b,) + heaps[i + 1 :], left
            if left:
                for b in range(a + 1, cap + 1):
                    yield heaps[:i] + (b,) + heaps[i + 1 :], left - 1

    return successors


# ---------------------------------------------------------------- partizan boards


def northcott_successors(width: int):
    """Northcott's game on rows of ``width`` cells: position = (rows, player), a row = (white, black) columns.

    The player to move (0 = White, 1 = Black) slides one of their own pieces
    along its row, any distance, left or right, never onto or past the other
    piece. Play can go on forever; retrograde analysis still labels it.
    """
    width = check_int(width, "width", minimum=2)

    def successors(position):
        rows, player = position
        for r, row in enumerate(rows):
            mine, theirs = row[player], row[1 - player]
            low, high = (0, theirs - 1) if mine < theirs else (theirs + 1, width - 1)
            for x in range(low, high + 1):
                if x != mine:
                    new = (x, theirs) if player == 0 else (theirs, x)
                    yield rows[:r] + (new,) + rows[r + 1 :], 1 - player

    return successors


def northcott_gaps(rows: Sequence[tuple[int, int]]) -> list[int]:
    """The empty cells between the two pieces of each row: the Nim heaps of Northcott's game."""
    return [abs(w - b) - 1 for w, b in rows]


def pawns_successors(columns: int):
    """Dawson's chess on a 3×``columns`` board: White pawns on row 0, Black on row 2, captures compulsory.

    A position is (white, black, player): frozensets of (row, column) and
    whose turn it is (0 = White, moving up; 1 = Black, moving down).
    """
    columns = check_int(columns, "columns", minimum=1)

    def successors(position):
        white, black, player = position
        mine, theirs, step = (white, black, 1) if player == 0 else (black, white, -1)
        captures, advances = [], []
        for r, c in mine:
            for dc in (-1, 1):
                if (r + step, c + dc) in theirs:
                    captures.append(((r, c), (r + step, c + dc)))
            target = (r + step, c)
            if 0 <= r + step <= 2 and target not in mine and target not in theirs:
                advances.append(((r, c), target))
        for src, dst in captures or advances:
            new_mine = (mine - {src}) | {dst}
            new_theirs = theirs - {dst}
            yield (new_mine, new_theirs, 1) if player == 0 else (new_theirs, new_mine, 0)

    return successors


def pawns_start(columns: int) -> tuple[frozenset, frozenset, int]:
    """The opening position of Dawson's chess: a full row of pawns each, White to move."""
    columns = check_int(columns, "columns", minimum=1)
    return frozenset((0, c) for c in range(columns)), frozenset((2, c) for c in range(columns)), 0


def tromino_successors(columns: int):
    """L-trominoes on a 2×``columns`` board: a position is the bit mask of covered cells."""
    columns = check_int(columns, "columns", minimum=1)
    shapes = []
    for c in range(columns - 1):
        block = [(0, c), (1, c), (0, c + 1), (1, c + 1)]
        for skip in range(4):
            shapes.append(sum(1 << (r * columns + cc) for k, (r, cc) in enumerate(block) if k != skip))

    def successors(mask: int):
        return [mask | s for s in shapes if not mask & s]

    return successors
