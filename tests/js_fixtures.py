"""nimlib's verdicts on small board positions, for the node tests of the board games' page logic.

For each board game with a file in ``nimlib/static/games/`` (strips, coins, graphs, trominoes,
pawns, Northcott), every position of a small board, in the page's JSON encoding, with:

- ``isP``: P or N by exhaustive search on the original game (``nimlib.search``; Northcott's game,
  which can loop, by retrograde analysis), which knows nothing about Grundy values;
- ``options``: the positions one move away, and ``winning``: those of them that are P-positions;
- ``components`` (where nimlib's board computes them): the Grundy values of the parts.

Partizan games (pawns, Northcott) list each position once per player to move (``turn``:
``"reader"`` plays White, ``"computer"`` Black). ``write_fixture(path)`` writes them all as JSON;
``tests/test_js_boards.py`` does that and runs ``node --test`` on ``tests/js/test_*.test.mjs``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable
from itertools import combinations, combinations_with_replacement, product
from pathlib import Path

from nimlib import coins, search, tables
from nimlib.boards import (
    CrossesStrip,
    GraphChips,
    KaylesRow,
    Nimble,
    Staircase,
    TurningTurtles,
    northcott_gaps,
    northcott_successors,
    pawns_successors,
    tromino_successors,
)
from nimlib.game import to_json

# The graph of chapter 7
CHAPTER_GRAPH = {0: (1, 2, 3), 1: (3, 4), 2: (4, 5), 3: (5,), 4: (5, 6), 5: (), 6: (), 7: (2, 6)}


def _impartial(
    game_id: str,
    params: dict,
    positions: Iterable[Hashable],
    successors: Callable[[Hashable], Iterable[Hashable]],
    components: Callable[[Hashable], list[int]] | None = None,
    encode: Callable[[Hashable], object] = to_json,
    name: str | None = None,
    best: Callable[[Hashable], Hashable | None] | None = None,
) -> dict:
    """Cases of an impartial game: verdicts by exhaustive search, shared memo across positions.

    ``best``, when given, is nimlib's own strategy (the position its winning move leaves, None at a
    P-position): the page must play exactly that move, not just some winning one.
    """
    known: dict[Hashable, bool] = {}
    cases = []
    for p in positions:
        options = list(dict.fromkeys(successors(p)))
        for q in options:
            search.solve(successors, q, known=known)
        is_p = search.solve(successors, p, known=known)[p]
        case = {
            "position": encode(p),
            "isP": is_p,
            "options": [encode(q) for q in options],
            "winning": [encode(q) for q in options if known[q]],
        }
        if components is not None:
            case["components"] = components(p)
        if best is not None:
            after = best(p)
            case["best"] = None if after is None else encode(after)
        cases.append(case)
    return {"id": game_id, "name": name or game_id, "params": params, "cases": cases}


def _rows(length: int) -> list[tuple[int, ...]]:
    return list(product((0, 1), repeat=length))


def kayles_fixture(length: int = 8) -> dict:
    """Every row of ``length`` pins."""
    board = KaylesRow(length=length)
    return _impartial(
        "kayles",
        tables.kayles_params(length),
        _rows(length),
        board.successors,
        lambda p: [v for _, v in board.components(p)],
    )


def dawson_fixture(length: int = 10) -> dict:
    """Every strip of ``length`` cells with no two crosses side by side."""
    board = CrossesStrip(length=length)
    legal = [r for r in _rows(length) if not any(r[i] and r[i + 1] for i in range(length - 1))]
    return _impartial(
        "dawson", tables.dawson_params(length), legal, board.successors, lambda p: [v for _, v in board.components(p)]
    )


def crosses2_fixture(length: int = 12) -> dict:
    """Every strip of ``length`` cells with no two crosses within distance 2."""
    board = CrossesStrip(length=length, distance=2)
    legal = [r for r in _rows(length) if not any(r[i] and any(r[i + 1 : i + 3]) for i in range(length))]
    return _impartial(
        "crosses-2",
        tables.crosses2_params(length),
        legal,
        board.successors,
        lambda p: [v for _, v in board.components(p)],
    )


def staircase_fixture(steps: int = 4, coins: int = 3) -> dict:
    """Every staircase of ``steps`` steps with at most ``coins`` coins on each."""
    board = Staircase()
    return _impartial(
        "staircase",
        tables.staircase_params(steps, coins),
        list(product(range(coins + 1), repeat=steps)),
        board.successors,
        lambda p: [v for _, v in board.components(p)],
    )


def nimble_fixture(length: int = 7, coins: int = 3) -> dict:
    """Nimble: up to ``coins`` coins (cells may be shared) on ``length`` cells."""
    board = Nimble(length=length)
    positions = [c for k in range(1, coins + 1) for c in combinations_with_replacement(range(length), k)]
    return _impartial(
        "nimble",
        tables.nimble_params(length, coins=coins),
        positions,
        board.successors,
        lambda p: [v for _, v in board.components(p)],
    )


def nimble2_fixture(length: int = 8, coins: int = 4) -> dict:
    """Nimble-2: up to ``coins`` coins on distinct cells of ``length`` cells."""
    board = Nimble(length=length, no_jumps=True)
    positions = [c for k in range(1, coins + 1) for c in combinations(range(length), k)]
    return _impartial(
        "nimble",
        tables.nimble_params(length, no_jumps=True, coins=coins),
        positions,
        board.successors,
        lambda p: [v for _, v in board.components(p)],
        name="nimble-2",
    )


def turtles_fixture(length: int = 8) -> dict:
    """Every row of ``length`` coins."""
    board = TurningTurtles()
    return _impartial(
        "turtles",
        tables.turtles_params(length),
        _rows(length),
        board.successors,
        lambda p: [v for _, v in board.components(p)],
        best=lambda p: _after_best(coins.TurningTurtles(length=length), p),
    )


def _after_best(rules, position):
    """The position nimlib's coin-sum strategy (``nimlib.coins``: one heads coin first) leaves, None at a P-position."""
    move = rules.winning_move(position)
    return None if move is None else rules.apply(position, move)


def twins_fixture(length: int = 8) -> dict:
    """Every row of ``length`` coins, in twins (the second flip is compulsory)."""
    board = TurningTurtles(twins=True)
    return _impartial(
        "turtles",
        tables.turtles_params(length, twins=True),
        _rows(length),
        board.successors,
        lambda p: [v for _, v in board.components(p)],
        name="twins",
        best=lambda p: _after_best(coins.Twins(length=length), p),
    )


def graph_fixture(annihilate: bool, chips: int = 3) -> dict:
    """Chips on chapter 7's graph: up to ``chips`` chips (on distinct vertices when they annihilate)."""
    board = GraphChips(edges=CHAPTER_GRAPH, annihilate=annihilate)
    pick = combinations if annihilate else combinations_with_replacement
    positions = sorted({c for k in range(chips + 1) for c in pick(range(len(CHAPTER_GRAPH)), k)})
    return _impartial(
        "graph-chips",
        tables.graph_chips_params(CHAPTER_GRAPH, annihilate=annihilate, chips=chips),
        positions,
        board.successors,
        lambda p: [v for _, v in board.components(p)],
        name="graph-chips (annihilating)" if annihilate else "graph-chips",
    )


def trominoes_fixture(columns: int = 5) -> dict:
    """Every position reachable on a 2×``columns`` board; components: nothing (regions are the page's)."""
    successors = tromino_successors(columns)
    reachable: set[int] = set()
    todo = [0]
    while todo:
        mask = todo.pop()
        if mask not in reachable:
            reachable.add(mask)
            todo.extend(successors(mask))

    def encode(mask: int) -> list[list[int]]:
        return [[(mask >> (r * columns + c)) & 1 for c in range(columns)] for r in range(2)]

    return _impartial("trominoes", tables.trominoes_params(columns), sorted(reachable), successors, encode=encode)


def pawns_fixture(columns: int = 5) -> dict:
    """Every position the widget can meet on 3×``columns`` (its starts and what play reaches), either side to move.

    Verdicts from ``nimlib.boards.pawns_successors`` (frozensets of squares, whose turn), by search.
    """
    successors = pawns_successors(columns)
    starts = []
    for mask in range(1, 2**columns):
        used = [c for c in range(columns) if (mask >> c) & 1]
        for player in (0, 1):
            starts.append((frozenset((0, c) for c in used), frozenset((2, c) for c in used), player))
    reachable: set = set()
    todo = list(starts)
    while todo:
        p = todo.pop()
        if p not in reachable:
            reachable.add(p)
            todo.extend(successors(p))

    def rows(p) -> list[list[str]]:
        white, black, _ = p
        return [["W" if (r, c) in white else "B" if (r, c) in black else "." for c in range(columns)] for r in range(3)]

    known: dict = {}
    cases = []
    for p in sorted(reachable, key=lambda p: (json.dumps(rows(p)), p[2])):
        options = list(successors(p))
        for q in options:
            search.solve(successors, q, known=known)
        cases.append(
            {
                "position": rows(p),
                "turn": "computer" if p[2] else "reader",
                "isP": search.solve(successors, p, known=known)[p],
                "options": [rows(q) for q in options],
                "winning": [rows(q) for q in options if known[q]],
            }
        )
    return {"id": "pawns", "name": "pawns", "params": tables.pawns_params(columns), "cases": cases}


def northcott_fixture(width: int = 5, rows: int = 2) -> dict:
    """Every position of ``rows`` rows of ``width`` cells, either side to move, labelled by retrograde analysis."""
    one_row = [(w, b) for w in range(width) for b in range(width) if w != b]
    starts = [(r, player) for r in product(one_row, repeat=rows) for player in (0, 1)]
    successors = northcott_successors(width)
    labels = search.retrograde(successors, *starts)
    cases = []
    for rows_, player in starts:
        options = list(successors((rows_, player)))
        cases.append(
            {
                "position": to_json(rows_),
                "turn": "computer" if player else "reader",
                "isP": labels[(rows_, player)] == "P",
                "draw": labels[(rows_, player)] == "D",
                "options": [to_json(q[0]) for q in options],
                "winning": [to_json(q[0]) for q in options if labels[q] == "P"],
                "components": northcott_gaps(rows_),
            }
        )
    return {"id": "northcott", "name": "northcott", "params": tables.northcott_params(width, rows), "cases": cases}


FIXTURES: dict[str, list[Callable[[], dict]]] = {
    "strips": [kayles_fixture, dawson_fixture, crosses2_fixture],
    "coins": [staircase_fixture, nimble_fixture, nimble2_fixture, turtles_fixture, twins_fixture],
    "graphs": [lambda: graph_fixture(False), lambda: graph_fixture(True)],
    "trominoes": [trominoes_fixture],
    "pawns": [pawns_fixture],
    "northcott": [northcott_fixture],
}


def build_fixture() -> dict[str, list[dict]]:
    """All board games' cases, grouped by game file."""
    return {family: [make() for make in makers] for family, makers in FIXTURES.items()}


def write_fixture(path: str | Path) -> Path:
    """Write ``build_fixture()`` as JSON to ``path`` (what the node tests read) and return the path."""
    path = Path(path)
    path.write_text(json.dumps(build_fixture(), separators=(",", ":")))
    return path


def node_agreement(node: str, test: Path, variable: str, games: list, folder: Path) -> tuple[int, int]:
    """Run the node test ``test`` on ``games`` (written as JSON, its path in the environment variable ``variable``)
    and return the ``N of M`` it prints as "agrees with nimlib on N of M positions" (turning games, Blue-Red
    Hackenbush); a failed run or no such line fails the calling test with node's output."""
    import os
    import re
    import subprocess

    path = folder / f"{test.stem}.json"
    path.write_text(json.dumps(games), encoding="utf-8")
    result = subprocess.run(
        [node, "--test", str(test)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, variable: str(path)},
        cwd=test.parents[2],
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    found = re.search(r"agrees with nimlib on (\d+) of (\d+) positions", result.stdout)
    assert found, result.stdout[-2000:]
    print(found.group(0))
    return int(found.group(1)), int(found.group(2))
