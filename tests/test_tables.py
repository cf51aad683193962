"""nimlib.tables: the params the board widgets get, checked against nimlib's searchers."""

from __future__ import annotations

import json

import pytest

from nimlib import search, tables
from nimlib.boards import pawns_start, pawns_successors, tromino_successors
from nimlib.grundy import grundy_value, heap_values
from nimlib.rulesets import crosses, kayles, trominoes


def test_strip_tables_are_the_octal_values():
    assert tables.kayles_params(12)["values"] == heap_values(kayles, 13)
    assert tables.dawson_params(14)["values"] == heap_values(crosses, 15)
    with pytest.raises(ValueError, match="length"):
        tables.kayles_params(0)


@pytest.mark.parametrize("columns", [4, 8, 16])
def test_every_tromino_region_is_a_heap_of_its_cells(columns):
    """Region by region, exhaustive search gives the 0.007 value of the region's number of cells."""
    values = tables.tromino_region_values(columns)
    table = heap_values(trominoes, 2 * columns + 1)
    assert len(values) > columns
    assert all(value == table[len(shape)] for shape, value in values.items())
    # and the ragged shapes (an odd number of cells) do occur
    assert any(len(shape) % 2 for shape in values)


def test_tromino_boards_agree_with_the_regions():
    """Every reachable 2×6 board: its value by search is the XOR of its regions' 0.007 values."""
    columns = 6
    known: dict = {}
    grundy_value(tromino_successors(columns), 0, known=known)
    table = tables.trominoes_params(columns)["values"]
    for mask, value in known.items():
        free = [(r, c) for r in range(2) for c in range(columns) if not (mask >> (r * columns + c)) & 1]
        total = 0
        for region in tables.tromino_regions(free):
            total ^= table[len(region)]
        assert total == value, mask


def test_pawn_table_matches_search_on_the_chess_positions():
    columns = 6
    values = tables.pawns_params(columns)["values"]
    successors = pawns_successors(columns)
    start = pawns_start(columns)
    known: dict = {}
    todo, seen = [start], set()
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        todo.extend(successors(p))
        white, black, player = p
        rows = [["W" if (r, c) in white else "B" if (r, c) in black else "." for c in range(columns)] for r in range(3)]
        cols = tables.pawns_columns(rows)
        key = tables.pawns_key(tables.pawns_flip(cols) if player else cols)
        assert (values[key] == 0) == search.solve(successors, p, known=known)[p]
    assert len(seen) > 100


def test_pawn_keys_mirror_and_turn():
    cols = ("W.B", ".WB", "...")
    assert tables.pawns_key(cols) == tables.pawns_key(cols[::-1])
    assert tables.pawns_flip(tables.pawns_flip(cols)) == cols
    assert tables.pawns_pieces(("W.B", "...", "W.B", ".WB")) == [("W.B",), ("W.B", ".WB")]
    with pytest.raises(ValueError, match="three rows"):
        tables.pawns_columns([["W"], ["."]])


def test_pawn_table_size_for_the_books_board():
    """The 3×8 table stays small enough for a page: printed, not timed."""
    params = tables.pawns_params(8)
    size = len(json.dumps(params, separators=(",", ":")))
    print(f"pawns 3×8: {len(params['values'])} positions, {size} bytes of JSON")
    assert size < 60_000


def test_graph_params_values_and_layout():
    edges = {0: (1, 2, 3), 1: (3, 4), 2: (4, 5), 3: (5,), 4: (5, 6), 5: (), 6: (), 7: (2, 6)}
    params = tables.graph_chips_params(edges, annihilate=True)
    assert params["values"] == [3, 0, 2, 1, 1, 0, 0, 1]
    assert sorted(map(tuple, params["edges"])) == sorted((v, w) for v, ws in edges.items() for w in ws)
    ys = {v["id"]: v["y"] for v in params["vertices"]}
    assert all(ys[v] < ys[w] for v, ws in edges.items() for w in ws)  # every arrow points down the page
    with pytest.raises(ValueError, match="acyclic"):
        tables.graph_chips_params({0: (1,), 1: (0,)})
