"""Each reduction to Nim, checked by playing the original game by brute force."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

import pytest

from nimlib import search
from nimlib.boards import CrossesStrip, GraphChips, KaylesRow, Nimble, Staircase, TurningTurtles, vertex_values


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
