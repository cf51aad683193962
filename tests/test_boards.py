"""Each reduction to Nim, checked by playing the original game by brute force."""

from __future__ import annotations

from functools import reduce
from itertools import combinations, combinations_with_replacement, product
from operator import xor

import pytest

from nimlib import grundy_value, grundy_values, nim, rulesets, search
from nimlib.boards import (
    CrossesStrip,
    GraphChips,
    HeapBoard,
    KaylesRow,
    Nimble,
    Staircase,
    TurningTurtles,
    nim_with_increases,
    northcott_gaps,
    northcott_successors,
    pawns_start,
    pawns_successors,
    tromino_successors,
    vertex_values,
)


def check_board(board, positions):
    """The searcher's P/N label of every position agrees with 'XOR of the components is 0'."""
    known: dict = {}
    count = 0
    for p in positions:
        assert search.solve(board.successors, p, known=known)[p] == (board.grundy(p) == 0), (board, p)
        count += 1
    return count


def test_kayles_rows():
    board = KaylesRow(length=9)
    assert check_board(board, list(product((0, 1), repeat=9))) == 512


@pytest.mark.parametrize("distance", [1, 2])
def test_crosses_strips(distance):
    board = CrossesStrip(length=11, distance=distance)
    # Every position reachable by legal play: crosses never within the distance of each other
    legal = [
        p for p in product((0, 1), repeat=11) if all(not (p[i] and any(p[i + 1 : i + distance + 1])) for i in range(11))
    ]
    assert check_board(board, legal) == len(legal) > 50


def test_staircase():
    board = Staircase()
    positions = list(product(range(4), repeat=4))
    assert check_board(board, positions) == 256


def test_nimble():
    board = Nimble(length=7)
    positions = [tuple(c) for k in range(1, 4) for c in combinations_with_replacement(range(7), k)]
    assert check_board(board, positions) == len(positions)


def test_nimble_2_is_staircase():
    board = Nimble(length=9, no_jumps=True)
    positions = [tuple(c) for k in range(1, 5) for c in combinations(range(9), k)]
    assert check_board(board, positions) == len(positions)


@pytest.mark.parametrize("twins", [False, True])
def test_turning_turtles(twins):
    board = TurningTurtles(twins=twins)
    assert check_board(board, list(product((0, 1), repeat=8))) == 256


DAG = {0: (1, 2, 3), 1: (3, 4), 2: (4, 5), 3: (5,), 4: (5, 6), 5: (), 6: (), 7: (2, 6)}


@pytest.mark.parametrize("annihilate", [False, True])
def test_chips_on_a_dag(annihilate):
    board = GraphChips(edges=DAG, annihilate=annihilate)
    vertices = sorted(board.values)
    if annihilate:
        positions = [tuple(c) for k in range(0, 4) for c in combinations(vertices, k)]
    else:
        positions = [tuple(c) for k in range(0, 4) for c in combinations_with_replacement(vertices, k)]
    assert check_board(board, positions) == len(positions)


def test_vertex_values_and_cycles():
    assert vertex_values(DAG) == {0: 3, 1: 0, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0, 7: 1}
    with pytest.raises(ValueError, match="acyclic"):
        vertex_values({0: (1,), 1: (0,)})


def test_bad_board_arguments():
    with pytest.raises(ValueError, match="distance must be 1 or 2"):
        CrossesStrip(length=5, distance=3)
    with pytest.raises(ValueError, match="length must be a non-negative int"):
        KaylesRow(length=-2)


# ---------------------------------------------------------------- games with their own searchers


def test_nim_with_increases_follows_the_nim_sum():
    successors = nim_with_increases(budget_moves=2, cap=5)
    known: dict = {}
    positions = [((a, b, c), left) for a in range(5) for b in range(5) for c in range(5) for left in range(3)]
    for p in positions:
        assert search.solve(successors, p, known=known)[p] == (nim.nim_sum(p[0]) == 0), p


@pytest.mark.parametrize("width", [4, 6])
def test_northcott_is_nim_on_the_gaps(width):
    rows = [(w, b) for w in range(width) for b in range(width) if w != b]
    starts = [((r1, r2), player) for r1 in rows for r2 in rows for player in (0, 1)]
    labels = search.retrograde(northcott_successors(width), *starts)
    assert "D" not in labels.values()
    for (rows_, _player), label in labels.items():
        assert (label == "P") == (reduce(xor, northcott_gaps(rows_)) == 0)


def test_dawsons_chess_is_crosses():
    values = grundy_values(rulesets.crosses, 10)
    for columns in range(1, 9):
        assert search.is_p_position(pawns_successors(columns), pawns_start(columns)) == (values[columns] == 0)


def test_trominoes_are_octal_0007():
    values = grundy_values(rulesets.trominoes, 20)
    for columns in range(1, 8):
        assert grundy_value(tromino_successors(columns), 0) == values[2 * columns]


def test_heap_board_and_subtraction():
    board = HeapBoard(game=rulesets.subtraction({1, 2, 3}), largest=12)
    positions = [(a, b) for a in range(9) for b in range(9)]
    assert check_board(board, positions) == 81
    assert board.grundy((5, 6)) == (5 % 4) ^ (6 % 4)
    with pytest.raises(ValueError, match="allowed must not be empty"):
        rulesets.subtraction([])
    with pytest.raises(ValueError, match="must be an int >= 1"):
        rulesets.subtraction([0, 1])


def test_retrograde_on_a_cycle():
    assert set(search.retrograde(lambda n: [(n + 1) % 3], 0).values()) == {"D"}
    labels = search.retrograde(lambda n: [n - 1] if n else [], 5)
    assert [labels[n] for n in range(6)] == ["P", "N", "P", "N", "P", "N"]
