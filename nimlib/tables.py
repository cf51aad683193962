"""What the play widget's board games need from Python: their ``params``, tables included.

A page of the static book has no Python behind it, so everything the
front end (``nimlib/static/games/*.js``) cannot compute by itself is
precomputed here and sent as the widget's ``params``: Grundy tables of the
heap games the boards reduce to, a DAG's vertex values, and for Dawson's
chess a table of every position reachable on the board. Plain functions on
plain data, returning JSON-ready dicts; the rules objects' ``widget_params``
hooks call them.

The pawn tables use one canonical key per position, shared with
``pawns.js``: the board seen from the player to move (who then plays the
White pawns, moving up), one base-27 digit per column, and the smaller of
the key and its mirror image.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ._check import check_int
from .boards import vertex_values
from .grundy import heap_values, mex
from .misere import genus, tree_value
from .rulesets import HeapGame, crosses, crosses_2, kayles, trominoes

# ---------------------------------------------------------------- strips


def kayles_params(length: int) -> dict:
    """Kayles on ``length`` pins: the Kayles values g(0..length), one per run of standing pins.

    >>> kayles_params(5)
    {'length': 5, 'values': [0, 1, 2, 3, 1, 4]}
    """
    length = check_int(length, "length", minimum=1)
    return {"length": length, "values": heap_values(kayles, length + 1)}


def dawson_params(length: int) -> dict:
    """Crosses (0.137) on a strip of ``length`` cells: g(0..length), one per run of playable cells.

    >>> dawson_params(6)
    {'length': 6, 'values': [0, 1, 1, 2, 0, 3, 1]}
    """
    length = check_int(length, "length", minimum=1)
    return {"length": length, "values": heap_values(crosses, length + 1)}


def crosses2_params(length: int) -> dict:
    """Crosses-2 (three in a row, 0.11337) on ``length`` cells: g(0..length), one per run of safe cells.

    >>> crosses2_params(6)["values"]
    [0, 1, 1, 1, 2, 2, 0]
    """
    length = check_int(length, "length", minimum=1)
    return {"length": length, "distance": 2, "values": heap_values(crosses_2, length + 1)}


def tame_runs(game: HeapGame, n: int) -> list[bool]:
    """Which single heaps 0..n-1 of a heap game are tame (chapter 16's corollary, on every reachable position).

    A heap is tame when every position reachable from it (itself included) has misère value γ0
    equal to its normal value g, or {g, γ0} = {0, 1}; both values come from the game tree.

    >>> tame_runs(kayles, 7)
    [True, True, True, True, True, False, False]
    """
    game = _heap_game(game)
    n = check_int(n, "n")
    normal: dict = {}
    misere: dict = {}
    good: dict = {}

    def is_good(position: tuple[int, ...]) -> bool:
        if position not in good:
            g = tree_value(game.successors, position, normal, misere=False)
            m = tree_value(game.successors, position, misere)
            good[position] = g == m or {g, m} == {0, 1}
        return good[position]

    out = []
    for row in range(n):
        start = (row,) if row else ()
        seen, todo = {start}, [start]
        while todo:
            for q in game.successors(todo.pop()):
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        out.append(all(is_good(p) for p in seen))
    return out


def misere_strip_params(game: HeapGame, length: int) -> dict:
    """The misère tables of a strip game's runs 0..length: genus ``[g, [γ0, γ1, …]]`` and tameness.

    The page's misère Kayles and misère crosses search for their moves; these tables only let the
    explanation name the genus of a position whose runs are all tame (chapter 16's tame sums).

    >>> misere_strip_params(kayles, 5)["tame"]
    [True, True, True, True, True, False]
    """
    game = _heap_game(game)
    length = check_int(length, "length", minimum=1)
    runs = min(length, MISERE_GENUS_RUNS)
    params: dict = {
        "genus": [[g, list(gammas)] for g, gammas in genus(game, runs + 1)],
        "tame": tame_runs(game, runs + 1),
    }
    if length > MISERE_QUOTIENT_FROM:
        params["quotient"] = misere_quotient_params(game, length)
    return params


# Genus and tameness tables cover runs up to this length (longer runs: the quotient explains)
MISERE_GENUS_RUNS = 12
# Strips longer than this (the page's exhaustive search covers 24 cells, nimlib's 12) also get the quotient
MISERE_QUOTIENT_FROM = 12


def misere_quotient_params(game: HeapGame, bound: int) -> dict:
    """The misère quotient of runs <= ``bound`` as the page reads it: names, table, P-portion, pretend.

    The page multiplies the runs' elements (``pretend[k]``) in ``table`` and plays into ``p_portion``:
    the same object nimlib.quotient.quotient computes, so the page, the hint and the explanation agree.

    >>> misere_quotient_params(kayles, 5)["names"][:3]
    ['1', 'a', 'b']
    """
    from .quotient import quotient

    data = quotient(_heap_game(game), check_int(bound, "bound", minimum=1)).as_json()
    keys = ("bound", "order", "elements", "table", "p_portion", "pretend", "generators", "presentation")
    out = {k: data[k] for k in keys}
    out["names"] = out.pop("elements")
    return out


def _heap_game(game: object) -> HeapGame:
    if not isinstance(game, HeapGame):
        raise TypeError(f"game must be a HeapGame such as nimlib.rulesets.kayles, got {game!r}")
    return game


# ---------------------------------------------------------------- coins


def staircase_params(steps: int = 6, max_coins: int = 5) -> dict:
    """Staircase nim: the sizes New game draws from (``steps`` steps of up to ``max_coins`` coins).

    Nothing else: the even steps are Nim heaps, which the page computes itself.
    """
    return {"steps": check_int(steps, "steps", minimum=1), "max_coins": check_int(max_coins, "max_coins", minimum=1)}


def nimble_params(length: int, *, no_jumps: bool = False, coins: int = 4) -> dict:
    """Nimble (or Nimble-2 with ``no_jumps``) on a strip of ``length`` cells; ``coins`` for New game."""
    length = check_int(length, "length", minimum=1)
    coins = check_int(coins, "coins", minimum=1)
    if no_jumps and coins > length:
        raise ValueError(f"coins must be at most length={length} when coins cannot share cells, got {coins}")
    return {"length": length, "no_jumps": bool(no_jumps), "coins": coins}


def turtles_params(length: int, *, twins: bool = False) -> dict:
    """Turning turtles (or twins) on ``length`` coins: a heads coin at place p is a heap of p (twins: p − 1)."""
    return {"length": check_int(length, "length", minimum=1), "twins": bool(twins)}


def northcott_params(width: int, rows: int = 3) -> dict:
    """Northcott's game on ``rows`` rows of ``width`` cells (the gaps are Nim heaps; no table needed)."""
    return {"width": check_int(width, "width", minimum=2), "rows": check_int(rows, "rows", minimum=1)}


# ---------------------------------------------------------------- graphs


def graph_chips_params(
    edges: Mapping[int, Sequence[int]],
    coordinates: Mapping[int, tuple[float, float]] | None = None,
    *,
    annihilate: bool = False,
    chips: int = 3,
) -> dict:
    """Chips on a DAG: vertices (with drawing coordinates in [0, 1]), edges and the vertices' Grundy values.

    Without ``coordinates`` the vertices are laid out in layers by their
    distance to a sink, so every edge points downwards on the page.

    >>> p = graph_chips_params({0: (1,), 1: ()})
    >>> p["edges"], p["values"], [(v["id"], v["x"], v["y"]) for v in p["vertices"]]
    ([[0, 1]], [1, 0], [(0, 0.5, 0.1), (1, 0.5, 0.9)])
    """
    values = vertex_values(edges)
    ids = list(values)
    if ids != list(range(len(ids))):
        raise ValueError(f"edges must name the vertices 0..{len(ids) - 1}, got {ids}")
    if coordinates is None:
        coordinates = _layered(edges, ids)
    missing = [v for v in ids if v not in coordinates]
    if missing:
        raise ValueError(f"coordinates must give every vertex a place, missing {missing}")
    vertices = [{"id": v, "x": float(coordinates[v][0]), "y": float(coordinates[v][1])} for v in ids]
    pairs = [[v, w] for v in ids for w in edges.get(v, ())]
    return {
        "vertices": vertices,
        "edges": pairs,
        "values": [values[v] for v in ids],
        "annihilate": bool(annihilate),
        "chips": check_int(chips, "chips", minimum=1),
    }


def _layered(edges: Mapping[int, Sequence[int]], ids: Iterable[int]) -> dict[int, tuple[float, float]]:
    """Vertices in rows by their longest path to a sink (sinks at the bottom), spread evenly in each row."""
    height: dict[int, int] = {}
    for v in sorted(ids, key=lambda v: -v):  # any order: memoized longest path, explicit stack
        stack = [v]
        while stack:
            u = stack[-1]
            todo = [w for w in edges.get(u, ()) if w not in height]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            height[u] = 1 + max((height[w] for w in edges.get(u, ())), default=-1)
    top = max(height.values())
    rows: dict[int, list[int]] = {}
    for v in sorted(height):
        rows.setdefault(height[v], []).append(v)
    place = {}
    for h, members in rows.items():
        for i, v in enumerate(members):
            x = (i + 1) / (len(members) + 1)
            y = 0.1 + 0.8 * (top - h) / top if top else 0.5
            place[v] = (round(x, 4), round(y, 4))
    return place


# ---------------------------------------------------------------- trominoes


def trominoes_params(columns: int) -> dict:
    """L-trominoes on a 2×``columns`` board: the 0.007 values g(0..2·columns), one per region of free cells.

    Every connected region of free cells that play on a 2×n board can leave
    (a 2×m rectangle with at most one extra cell at each end) has the 0.007
    value of its number of cells; ``tromino_region_values`` checks that by
    exhaustive search, shape by shape.
    """
    columns = check_int(columns, "columns", minimum=1)
    return {"columns": columns, "values": heap_values(trominoes, 2 * columns + 1)}


Region = tuple[tuple[int, int], ...]


def _tromino_canon(cells: Iterable[tuple[int, int]]) -> Region:
    """A region of free cells up to translation and the board's two reflections."""
    cells = list(cells)
    left = min(c for _, c in cells)
    shifted = [(r, c - left) for r, c in cells]
    right = max(c for _, c in shifted)
    return min(
        tuple(sorted(((1 - r) if flip_r else r, (right - c) if flip_c else c) for r, c in shifted))
        for flip_r in (0, 1)
        for flip_c in (0, 1)
    )


def tromino_regions(free: Iterable[tuple[int, int]]) -> list[Region]:
    """The connected regions (cells sharing a side) of a set of free (row, column) cells, canonical."""
    todo = set(free)
    out = []
    while todo:
        stack = [todo.pop()]
        cells = []
        while stack:
            r, c = stack.pop()
            cells.append((r, c))
            for cell in ((1 - r, c), (r, c - 1), (r, c + 1)):
                if cell in todo:
                    todo.remove(cell)
                    stack.append(cell)
        out.append(_tromino_canon(cells))
    return out


def tromino_region_values(columns: int) -> dict[Region, int]:
    """The Grundy value of every region of free cells reachable from an empty 2×``columns`` board.

    Found by exhaustive search on the regions themselves (a move's result is
    split into its regions, whose values XOR by the Sprague–Grundy theorem),
    so it knows nothing about 0.007; tests compare it with the 0.007 table.
    """
    columns = check_int(columns, "columns", minimum=1)
    memo: dict[Region, int] = {}

    def options(shape: Region) -> list[list[Region]]:
        free = set(shape)
        out = []
        for c in range(max(c for _, c in shape)):
            block = [(0, c), (1, c), (0, c + 1), (1, c + 1)]
            for skip in range(4):
                piece = [b for k, b in enumerate(block) if k != skip]
                if all(b in free for b in piece):
                    out.append(tromino_regions(free - set(piece)))
        return out

    start = _tromino_canon((r, c) for r in range(2) for c in range(columns))
    stack = [start]
    while stack:  # explicit stack: a region's value once all its options' regions have one
        shape = stack[-1]
        if shape in memo:
            stack.pop()
            continue
        moves = options(shape)
        pending = [s for regions in moves for s in regions if s not in memo]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        values = []
        for regions in moves:
            v = 0
            for s in regions:
                v ^= memo[s]
            values.append(v)
        memo[shape] = mex(values)
    return memo


# ---------------------------------------------------------------- pawns (Dawson's chess)

# One base-27 digit per column: 9·row0 + 3·row1 + row2 with "." = 0, "W" = 1, "B" = 2
_DIGITS = "0123456789abcdefghijklmnopq"
_CELL = {".": 0, "W": 1, "B": 2}
_SWAP = {".": ".", "W": "B", "B": "W"}

# A board as a tuple of columns, each a 3-character string, row 0 first (White's home row)
Columns = tuple[str, ...]


def pawns_columns(rows: Sequence[Sequence[str]]) -> Columns:
    """The widget's position (three rows of "W", "B", ".") as a tuple of column strings."""
    if len(rows) != 3 or len({len(r) for r in rows}) != 1:
        raise ValueError(f"rows must be three rows of equal length, got {rows!r}")
    for row in rows:
        for cell in row:
            if cell not in _CELL:
                raise ValueError(f'rows must hold only "W", "B" and ".", got {cell!r}')
    return tuple("".join(rows[r][c] for r in range(3)) for c in range(len(rows[0])))


def pawns_flip(cols: Columns) -> Columns:
    """The board seen from the other side: rows reversed and colours swapped."""
    return tuple("".join(_SWAP[col[2 - r]] for r in range(3)) for col in cols)


def pawns_key(cols: Columns) -> str:
    """The table key of a board with White (moving up) to move: the smaller of it and its mirror image.

    >>> pawns_key(("W.B", "W.B", ".WB")), pawns_key((".WB", "W.B", "W.B"))
    ('5bb', '5bb')
    """
    digits = "".join(_DIGITS[9 * _CELL[col[0]] + 3 * _CELL[col[1]] + _CELL[col[2]]] for col in cols)
    return min(digits, digits[::-1])


def pawns_moves(cols: Columns) -> list[tuple[tuple[int, int], tuple[int, int], Columns]]:
    """White's moves (moving up): captures if there are any (compulsory), else advances.

    Each is (from, to, board after) with squares as (row, column).
    """
    width = len(cols)
    captures, advances = [], []
    for c in range(width):
        for r in range(2):
            if cols[c][r] != "W":
                continue
            for dc in (-1, 1):
                if 0 <= c + dc < width and cols[c + dc][r + 1] == "B":
                    captures.append(((r, c), (r + 1, c + dc)))
            if cols[c][r + 1] == ".":
                advances.append(((r, c), (r + 1, c)))
    out = []
    for (r, c), (r2, c2) in captures or advances:
        grid = [list(col) for col in cols]
        grid[c][r] = "."
        grid[c2][r2] = "W"
        out.append(((r, c), (r2, c2), tuple("".join(col) for col in grid)))
    return out


def pawns_values(columns: int) -> dict[str, int]:
    """Grundy values of every position of Dawson's chess on 3×``columns`` that the widget can meet.

    Whoever is to move, the board is turned so that they play White moving
    up; that makes the game impartial, and its Grundy values are found by
    exhaustive search (mex over the moves). The starts are the opening
    position with any set of columns left empty (New game draws from them;
    each looks the same from both sides, so either player may start), and
    the table holds every position play reaches from them, and the pieces
    (``pawns_pieces``) of each, for the explanation.
    """
    columns = check_int(columns, "columns", minimum=1)
    seen: set[Columns] = set()
    todo: list[Columns] = [
        tuple("W.B" if (mask >> c) & 1 else "..." for c in range(columns)) for mask in range(2**columns)
    ]
    while todo:
        cols = todo.pop()
        if cols not in seen:
            seen.add(cols)
            todo.extend(pawns_flip(after) for _, _, after in pawns_moves(cols))
    pieces = {piece for cols in seen for piece in pawns_pieces(cols)}
    memo: dict[Columns, int] = {}
    _pawns_grundy(seen | pieces, memo)
    return {pawns_key(cols): memo[cols] for cols in seen | pieces}


def pawns_pieces(cols: Columns) -> list[Columns]:
    """The board cut at its empty columns: no pawn can ever enter an empty column (only a capture moves
    a pawn sideways, onto an enemy pawn), so the pieces never touch each other."""
    out, piece = [], []
    for col in (*cols, "..."):
        if col == "...":
            if piece:
                out.append(tuple(piece))
            piece = []
        else:
            piece.append(col)
    return out


def _pawns_grundy(roots: Iterable[Columns], memo: dict[Columns, int]) -> None:
    """Grundy values (White to move, board turned after each move) of ``roots`` and all they reach."""
    for root in roots:
        stack = [root]
        while stack:
            cols = stack[-1]
            if cols in memo:
                stack.pop()
                continue
            children = [pawns_flip(after) for _, _, after in pawns_moves(cols)]
            pending = [ch for ch in children if ch not in memo]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            memo[cols] = mex(memo[ch] for ch in children)


def pawns_params(columns: int) -> dict:
    """Dawson's chess on 3×``columns``: the value table of every reachable position, keyed by ``pawns_key``.

    The page looks up the position after each move (whoever is then to move)
    and plays to value 0; a position missing from the table is refused.
    """
    columns = check_int(columns, "columns", minimum=1)
    if columns > 10:
        raise ValueError(f"columns must be at most 10 (the table grows fast), got {columns}")
    return {"columns": columns, "values": pawns_values(columns)}


# ---------------------------------------------------------------- the book's boards

CHAPTER_7_GRAPH = {0: (1, 2, 3), 1: (3, 4), 2: (4, 5), 3: (5,), 4: (5, 6), 5: (), 6: (), 7: (2, 6)}


def book_boards() -> list[tuple[str, dict, object]]:
    """The largest board of each board game the book plays, as (data-game, params, start position).

    Chapters 6–10: Kayles on 10 pins, crosses on 14 cells, crosses-2 on 14, trominoes on 2×8, staircase
    nim on 6 steps, Nimble and Nimble-2 on 12 cells, turning turtles on 11 coins, chips on chapter 7's
    graph, Dawson's chess on 3×8 and Northcott's game on 3 rows of 8. For benchmarks and table sizes.
    """
    return [
        ("kayles", kayles_params(10), [1] * 10),
        ("dawson", dawson_params(14), [0] * 14),
        ("crosses-2", crosses2_params(14), [0] * 14),
        ("trominoes", trominoes_params(8), [[0] * 8, [0] * 8]),
        ("staircase", staircase_params(6, 5), [2, 3, 1, 4, 2, 5]),
        ("nimble", nimble_params(12), [2, 5, 7, 9, 11]),
        ("nimble", nimble_params(12, no_jumps=True), [2, 5, 7, 9, 11]),
        ("turtles", turtles_params(11), [0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1]),
        ("graph-chips", graph_chips_params(CHAPTER_7_GRAPH, annihilate=True), [0, 1, 7]),
        ("pawns", pawns_params(8), [["W"] * 8, ["."] * 8, ["B"] * 8]),
        ("northcott", northcott_params(8, 3), [[0, 5], [6, 2], [3, 7]]),
    ]


# ---------------------------------------------------------------- what the widget adds to a game's own params


def page_params(game: object) -> dict:
    """What the page needs beyond a rules object's own ``widget_params``: tables and layouts it cannot compute.

    Dawson's chess gets the value table of every position reachable on its board (the page then
    answers by looking up, not by searching); chips on a graph get drawing coordinates, layered so
    every edge points down; misère Kayles and misère crosses get their runs' genus and tameness. Other
    games need nothing more. The play widget merges this in.
    """
    from .boards import CrossesStrip, GraphChips, KaylesRow, Pawns

    if isinstance(game, KaylesRow) and game.misere:
        return misere_strip_params(kayles, game.length)
    if isinstance(game, CrossesStrip) and game.misere and game.distance == 1:
        return misere_strip_params(crosses, game.length)
    if isinstance(game, Pawns):
        return pawns_params(game.columns)
    if isinstance(game, GraphChips) and sorted(game.values) == list(range(len(game.values))):
        return graph_chips_params(game.edges, annihilate=game.annihilate)
    return {}


# ---------------------------------------------------------------- old names, kept working until 5.0.0

_RENAMED = {"CHAPTER_10_GRAPH": "CHAPTER_7_GRAPH"}  # 4.1's name, from before the chapters were renumbered


def __getattr__(name: str) -> object:
    if name in _RENAMED:
        from ._deprecated import warn_moved

        warn_moved(f"nimlib.tables.{name}", f"nimlib.tables.{_RENAMED[name]}")
        return globals()[_RENAMED[name]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
