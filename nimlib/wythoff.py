"""Wythoff's game (Wythoff 1907): two heaps, take from one heap or the same number from both.

A position is ``(x, y)``, the two heap sizes — equally, the distances of a
chess queen from the bottom-left corner, which she may approach along a row,
a column or the diagonal (Isaacs' queen-in-the-corner game). A move is the
position it leaves, ``(x', y')``: the square the queen moves to.

The P-positions are the pairs (⌊nφ⌋, ⌊nφ²⌋) and their mirror images, with φ
the golden ratio; they are computed here with integer square roots only, so
they are exact for every n, however large. Everything is pure Python:
``import nimlib.wythoff`` loads neither numpy nor matplotlib.

>>> p_positions(6)
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
>>> is_p_position((8, 13)), winning_moves((7, 11))
(True, [(6, 10), (7, 4)])
"""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt

from ._check import check_int
from .game import JSON, Ruleset

Square = tuple[int, int]

# The play widget's largest heap, as nimlib/static/games/wythoff.js says (WYTHOFF_LIMIT): the page
# plays and draws heaps up to 99, a board of at most 100 x 100 squares (tests/test_wythoff.py checks both agree)
PAGE_LIMIT = 99

# ---------------------------------------------------------------- the golden-ratio sequences


def lower(n: int) -> int:
    """a_n = ⌊nφ⌋, exactly: ⌊(n + √(5n²))/2⌋ = (n + isqrt(5n²)) // 2, since √(5n²) is irrational for n ≥ 1.

    >>> [lower(n) for n in range(8)]
    [0, 1, 3, 4, 6, 8, 9, 11]
    """
    n = check_int(n, "n")
    return (n + isqrt(5 * n * n)) // 2


def upper(n: int) -> int:
    """b_n = ⌊nφ²⌋ = ⌊nφ⌋ + n, because φ² = φ + 1.

    >>> [upper(n) for n in range(8)]
    [0, 2, 5, 7, 10, 13, 15, 18]
    """
    return lower(n) + check_int(n, "n")


def p_positions(limit: int) -> list[Square]:
    """The first ``limit`` P-positions (a_n, b_n) = (⌊nφ⌋, ⌊nφ²⌋), n = 0, …, limit − 1, each with a_n ≤ b_n.

    Their mirror images (b_n, a_n) are P-positions too, and there are no others.
    """
    limit = check_int(limit, "limit")
    return [(lower(n), upper(n)) for n in range(limit)]


def index_of(m: int) -> tuple[str, int]:
    """Where m sits in the two sequences: ("lower", n) if m = a_n, else ("upper", n) with m = b_n.

    Every positive integer is in exactly one of them (Beatty's theorem); 0 is
    a_0 = b_0 and is reported as ("lower", 0).

    >>> index_of(6), index_of(7), index_of(0)
    (('lower', 4), ('upper', 3), ('lower', 0))
    """
    m = check_int(m, "m")
    # a_n ≈ nφ, so n ≈ m/φ = m(√5 − 1)/2; the exact n is within one of this estimate
    guess = (isqrt(5 * m * m) - m) // 2
    for n in (guess, guess + 1, guess - 1):
        if n >= 0 and lower(n) == m:
            return ("lower", n)
    # b_n ≈ nφ², so n ≈ m/φ² = m(3 − √5)/2
    guess = (3 * m - isqrt(5 * m * m)) // 2
    for n in (guess, guess + 1, guess - 1):
        if n >= 0 and upper(n) == m:
            return ("upper", n)
    raise AssertionError(f"{m} is in neither Beatty sequence, which Beatty's theorem rules out")  # pragma: no cover


def partner(m: int) -> int:
    """The other coordinate of the P-position that has m as a coordinate: b_n for m = a_n, a_n for m = b_n.

    >>> partner(4), partner(7), partner(0)
    (7, 4, 0)
    """
    side, n = index_of(m)
    return upper(n) if side == "lower" else lower(n)


# ---------------------------------------------------------------- positions and moves


def check_square(position: object, name: str = "position") -> Square:
    """Return ``position`` as a pair of non-negative ints ``(x, y)``, or raise naming what is wrong."""
    if isinstance(position, (str, bytes)) or not isinstance(position, tuple | list):
        raise TypeError(f"{name} must be a pair (x, y) of non-negative ints, got {position!r}")
    if len(position) != 2:
        raise ValueError(f"{name} must be a pair (x, y) of non-negative ints, got {len(position)} numbers")
    return check_int(position[0], f"{name}[0]"), check_int(position[1], f"{name}[1]")


def is_p_position(position: Square) -> bool:
    """True when the player to move from ``(x, y)`` loses: (x, y) is (a_n, b_n) or (b_n, a_n) for some n.

    With a fixed number of integer operations (no search): with x ≤ y the only candidate is
    n = y − x (the difference b_n − a_n is n).

    >>> [p for p in [(1, 2), (2, 1), (2, 2), (3, 5), (4, 6)] if is_p_position(p)]
    [(1, 2), (2, 1), (3, 5)]
    """
    x, y = sorted(check_square(position))
    return lower(y - x) == x


MAX_MOVES = 1_000_000
"""The most moves ``moves`` lists (x + y + min(x, y) of them); the formulas take any position."""


def moves(position: Square) -> list[Square]:
    """Every position one move away: lower x, lower y, or lower both by the same amount.

    >>> moves((1, 2))
    [(0, 2), (1, 0), (1, 1), (0, 1)]
    """
    x, y = check_square(position)
    count = x + y + min(x, y)
    if count > MAX_MOVES:
        raise ValueError(
            f"position {(x, y)} has {count:,} moves, more than the MAX_MOVES = {MAX_MOVES:,} a list of moves may "
            "hold (winning_moves and is_p_position need no list)"
        )
    out = [(i, y) for i in range(x)]
    out += [(x, j) for j in range(y)]
    out += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    return out


def is_move(position: Square, target: Square) -> bool:
    """True when one move goes from ``position`` to ``target``."""
    x, y = check_square(position)
    u, v = check_square(target, "target")
    if (u, v) == (x, y) or u > x or v > y:
        return False
    return u == x or v == y or x - u == y - v


def winning_moves(position: Square) -> list[Square]:
    """The moves to P-positions, found from the formula (no search), sorted; [] from a P-position.

    There are at most three candidates: keep x and move y to x's partner, keep
    y and move x to y's partner, or keep the difference y − x and move both
    down to the P-position with that difference.

    >>> winning_moves((7, 11)), winning_moves((2, 2)), winning_moves((4, 7))
    ([(6, 10), (7, 4)], [(0, 0), (1, 2), (2, 1)], [])
    """
    x, y = check_square(position)
    candidates = {(x, partner(x)), (partner(y), y)}
    if x <= y:
        candidates.add((lower(y - x), upper(y - x)))
    else:
        candidates.add((upper(x - y), lower(x - y)))
    return sorted(c for c in candidates if is_move((x, y), c))


# ---------------------------------------------------------------- Grundy values


# The table is computed square by square (about a second a million squares): these bound the work and memory
MAX_CELLS = 20_000_000  # grundy and grundy_row: squares computed (only one row is kept)
MAX_TABLE_CELLS = 4_000_000  # grundy_table: squares kept (a list of lists, about 40 bytes a square)
# The play widget's limit on both heaps: the page draws the board and computes G(x, y) up to it
# (WYTHOFF_LIMIT in static/games/wythoff.js; tests/test_js_bounds.py checks they agree)
WIDGET_LIMIT = 99


MAX_SET_BYTES = 256 << 20
"""The memory of the bit sets (one per column and diagonal, each as wide as the largest value in it, below
rows + columns): a long thin table such as ``grundy((0, 10**6))`` has few squares but huge sets."""
SET_BITS_PER_STEP = 10_000
"""A square's mex ORs sets as wide as rows + columns bits: each 10,000 bits of width cost about one more square."""


def table_cost(rows: int, columns: int) -> tuple[int, int]:
    """(steps, bytes) of ``_table(rows, columns)``: squares weighted by the width of their sets, and the sets' memory.

    A value in the table is below rows + columns, so every set is at most that many bits; there are
    ``columns`` column sets and at most rows + columns diagonal sets alive.
    """
    width = rows + columns
    steps = rows * columns * (1 + width // SET_BITS_PER_STEP)
    return steps, (2 * columns + rows) * width // 8


def _check_cells(rows: int, columns: int, limit: int, name: str, what: str) -> None:
    if rows * columns > limit:
        raise ValueError(
            f"{what} needs {rows:,} × {columns:,} = {rows * columns:,} squares of the Grundy table: "
            f"the limit is {name} = {limit:,}"
        )
    steps, memory = table_cost(rows, columns)
    if steps > MAX_CELLS:
        raise ValueError(
            f"{what} needs {rows:,} × {columns:,} squares whose value sets are {rows + columns:,} bits wide, "
            f"{steps:,} square-steps in all: the limit is MAX_CELLS = {MAX_CELLS:,}"
        )
    if memory > MAX_SET_BYTES:
        raise ValueError(
            f"{what} needs about {memory:,} bytes of value sets ({2 * columns + rows:,} sets of up to "
            f"{rows + columns:,} bits): the limit is MAX_SET_BYTES = {MAX_SET_BYTES:,}"
        )


def grundy_table(size: int) -> list[list[int]]:
    """G(x, y) for 0 ≤ x, y < size, as rows ``table[x][y]``.

    Each row, column and diagonal keeps the set of values already in it as
    the bits of one Python int, so a value is one mex of three ORed masks
    (lowest zero bit): about size² cheap steps, 200 × 200 in a few hundredths of a second.
    At most MAX_TABLE_CELLS = 4,000,000 squares (size 2000) are kept (``ValueError`` beyond).

    >>> grundy_table(4)
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
    """
    size = check_int(size, "size")
    _check_cells(size, size, MAX_TABLE_CELLS, "MAX_TABLE_CELLS", f"grundy_table({size})")
    return _table(size, size)


def grundy_row(r: int, n: int) -> list[int]:
    """G(r, 0), …, G(r, n − 1): row r of the Grundy table (rows 0..r, columns 0..n − 1 are computed).

    Only the current row is kept, but (r + 1)·n squares are computed: at most
    MAX_CELLS = 20,000,000 (about 20 seconds; ``ValueError`` up front beyond).

    >>> grundy_row(1, 8)
    [1, 2, 0, 4, 5, 3, 7, 8]
    """
    r = check_int(r, "r")
    n = check_int(n, "n")
    _check_cells(r + 1, n, MAX_CELLS, "MAX_CELLS", f"grundy_row({r}, {n})")
    return _table(r + 1, n, last_only=True)[0]


def grundy(position: Square) -> int:
    """The Grundy value G(x, y) of one position.

    Computes the table below it, (min + 1)·(max + 1) squares keeping one row
    (G is symmetric): at most MAX_CELLS = 20,000,000 squares, each counted once more per
    SET_BITS_PER_STEP bits of width of its value sets, and MAX_SET_BYTES of sets (``ValueError`` up front
    beyond: ``grundy((0, 10**6))`` would need terabytes).
    """
    x, y = sorted(check_square(position))
    _check_cells(x + 1, y + 1, MAX_CELLS, "MAX_CELLS", f"grundy({(x, y)})")
    return _table(x + 1, y + 1, last_only=True)[0][y]


def _table(rows: int, columns: int, *, last_only: bool = False) -> list[list[int]]:
    """G(x, y) for x < rows, y < columns (or only the last row), with bitmask sets per column, row and diagonal."""
    table: list[list[int]] = []
    column_seen = [0] * columns  # values already in column y (all x' < x)
    diagonal_seen: dict[int, int] = {}  # values already on the diagonal y − x = d
    for x in range(rows):
        row_seen = 0  # values already in row x (all y' < y)
        row = [0] * columns
        for y in range(columns):
            seen = row_seen | column_seen[y] | diagonal_seen.get(y - x, 0)
            g = (~seen & (seen + 1)).bit_length() - 1  # the lowest zero bit: mex
            row[y] = g
            bit = 1 << g
            row_seen |= bit
            column_seen[y] |= bit
            diagonal_seen[y - x] = diagonal_seen.get(y - x, 0) | bit
        if last_only:
            table = [row]
            diagonal_seen.pop(columns - 1 - x, None)  # that diagonal ends in this row's last square
        else:
            table.append(row)
    return table


# ---------------------------------------------------------------- the rules object


class Wythoff(Ruleset):
    """Wythoff's game as a rules object: position ``(x, y)``, a move is the position ``(x', y')`` it leaves.

    ``board`` only sizes the play widget (the side of the chessboard it draws
    at least, and the range of its random positions): 2 to ``PAGE_LIMIT + 1``, as the page
    plays heaps up to ``PAGE_LIMIT``; the rules themselves have no limit.

    >>> game = Wythoff()
    >>> list(game.moves((1, 1))), game.apply((7, 11), (7, 4))
    ([(0, 1), (1, 0), (0, 0)], (7, 4))
    """

    name = "Wythoff's game"
    widget = "wythoff"

    def __init__(self, board: int = 12) -> None:
        self.board = check_int(board, "board", minimum=2)
        if self.board > PAGE_LIMIT + 1:
            raise ValueError(
                f"board must be at most {PAGE_LIMIT + 1} (the page plays heaps up to PAGE_LIMIT = {PAGE_LIMIT}), "
                f"got {self.board}"
            )

    def __repr__(self) -> str:
        return "Wythoff()" if self.board == 12 else f"Wythoff(board={self.board})"

    def start(self) -> Square:
        return (self.board - 1, self.board - 1)

    def check(self, position: object) -> Square:
        return check_square(position)

    def moves(self, position: Square) -> list[Square]:
        return moves(position)

    def options(self, position: Square) -> Iterator[Square]:
        yield from moves(position)

    def apply(self, position: Square, move: Square) -> Square:
        target = check_square(move, "move")
        if not is_move(position, target):
            x, y = check_square(position)
            raise ValueError(f"move {target} is not legal from {(x, y)}: lower one heap, or both by the same amount")
        return target

    def is_over(self, position: Square) -> bool:
        """True at (0, 0) only: no list of moves is made (a position of 10^9 stones has 3·10^9)."""
        return check_square(position) == (0, 0)

    def is_p_position(self, position: Square) -> bool:
        """P-position test by the golden-ratio formula."""
        return is_p_position(position)

    def winning_moves(self, position: Square) -> list[Square]:
        return winning_moves(position)

    def winning_move(self, position: Square) -> Square | None:
        """The strategy's move (the first of ``winning_moves``), None from a P-position; the widget plays it."""
        found = winning_moves(position)
        return found[0] if found else None

    def stalling_move(self, position: Square) -> Square | None:
        """The move of the side that is losing: one stone from the larger heap (heap 1 on a tie); None at the end."""
        x, y = check_square(position)
        if y >= x and y > 0:
            return (x, y - 1)
        return (x - 1, y) if x > 0 else None

    def describe(self, position: Square, move: Square) -> str:
        """The move in words, as the widget's move list says it: "take 3 from heap 0", "take 1 from both heaps"."""
        x, y = check_square(position)
        u, v = check_square(move, "move")
        if u == x:
            return f"take {y - v} from heap 1"
        if v == y:
            return f"take {x - u} from heap 0"
        return f"take {x - u} from both heaps"

    def widget_params(self) -> dict[str, JSON]:
        """The widget needs no table: the JS computes G(x, y) and the golden-ratio pairs itself."""
        return {"board": self.board}

    def encode(self, position: Square) -> JSON:
        """The page's form of a position: refused beyond WIDGET_LIMIT, which the page cannot draw."""
        x, y = check_square(position)
        if max(x, y) > WIDGET_LIMIT:
            raise ValueError(f"the play widget takes heaps of at most WIDGET_LIMIT = {WIDGET_LIMIT}, got {(x, y)}")
        return [x, y]

    def decode(self, data: JSON) -> Square:
        return check_square(data)

    def encode_move(self, move: Square) -> JSON:
        return list(check_square(move, "move"))

    def decode_move(self, data: JSON) -> Square:
        return check_square(data, "move")


# ---------------------------------------------------------------- pictures (matplotlib, imported on call)


def plot_queen(position: Square, size: int | None = None, ax=None, *, show_p: bool = True, title: str | None = None):
    """Draw the queen-in-the-corner board: the queen on ``(x, y)``, dots on the squares she reaches, P-squares shaded.

    The corner (0, 0) is bottom left; x counts columns, y rows. Returns the Axes.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    x, y = check_square(position)
    size = max(x, y) + 1 if size is None else check_int(size, "size", minimum=max(x, y) + 1)
    ax = ax or plt.gca()
    reach = set(moves((x, y)))
    for i in range(size):
        for j in range(size):
            light = (i + j) % 2 == 1
            color = "#f4e4bc" if light else "#c8a165"
            ax.add_patch(Rectangle((i, j), 1, 1, color=color, lw=0))
            if show_p and is_p_position((i, j)):
                ax.add_patch(Rectangle((i + 0.08, j + 0.08), 0.84, 0.84, fill=False, ec="#2b6cb0", lw=2))
            if (i, j) in reach:
                ax.plot(i + 0.5, j + 0.5, "o", ms=5, color="#2d3748")
    ax.text(x + 0.5, y + 0.5, "♛", ha="center", va="center", fontsize=max(8, 220 // size), color="#1a202c")
    ax.add_patch(Rectangle((0, 0), 1, 1, fill=False, ec="#c53030", lw=2.5))
    ax.set_xlim(0, size)
    ax.set_ylim(0, size)
    ax.set_aspect("equal")
    ax.set_xticks([k + 0.5 for k in range(size)], [str(k) for k in range(size)], fontsize=8)
    ax.set_yticks([k + 0.5 for k in range(size)], [str(k) for k in range(size)], fontsize=8)
    ax.tick_params(length=0)
    ax.set_xlabel("x (heap 0): columns from the corner")
    ax.set_ylabel("y (heap 1): rows from the corner")
    if title:
        ax.set_title(title)
    return ax


def plot_grundy_table(table: list[list[int]], ax=None, *, title: str | None = None):
    """Colour G(x, y) for the table's squares (x across, y up), the zeros (P-positions) in white. Returns the Axes."""
    import matplotlib.pyplot as plt
    import numpy as np

    values = np.array(table, dtype=float).T  # rows of the image are y
    ax = ax or plt.gca()
    masked = np.ma.masked_where(values == 0, values)
    cmap = plt.get_cmap("viridis").copy()
    cmap.set_bad("white")
    image = ax.imshow(masked, origin="lower", cmap=cmap, interpolation="nearest")
    ax.figure.colorbar(image, ax=ax, label="G(x, y)", shrink=0.8)
    ax.set_xlabel("x (heap 0)")
    ax.set_ylabel("y (heap 1)")
    if title:
        ax.set_title(title)
    return ax
