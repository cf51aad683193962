"""The nim-sum rule: examples, huge heaps, misère details and bad input."""

from __future__ import annotations

import numpy as np
import pytest

from nimlib import apply_move, nim_sum, optimal_move, winning_moves
from nimlib.nim import canonical, is_p_position, moves, stalling_move, successors


def test_seed_examples():
    # The two worked examples of the seeds: 3 xor 4 xor 5 = 2, 1 xor 2 xor 3 = 0
    assert nim_sum((3, 4, 5)) == 2
    assert nim_sum((1, 2, 3)) == 0
    assert winning_moves((3, 4, 5)) == [(0, 1)]
    assert winning_moves((1, 2, 3)) == []


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        ((), []),
        ((7,), [(0, 0)]),
        ((5, 5), []),
        ((1, 3, 5, 7), []),
        ((1, 2, 4), [(2, 3)]),
        ((7, 7, 7), [(0, 0), (1, 0), (2, 0)]),
    ],
)
def test_named_positions(position, expected):
    assert winning_moves(position) == expected


def test_five_eight_thirteen():
    # 5 xor 8 xor 13 = 0: a classic P-position
    assert nim_sum((5, 8, 13)) == 0 and winning_moves((5, 8, 13)) == []


def test_all_winning_moves_are_listed():
    # S = 3 xor 6 xor 7 xor 1 = 3; three heaps hold its top bit (2), so three winning moves
    assert winning_moves((3, 6, 7, 1)) == [(0, 0), (1, 5), (2, 4)]
    # S = 7, but only heap 0 holds bit 4
    assert winning_moves((4, 2, 1)) == [(0, 3)]


def test_huge_heaps():
    big = (10**30, 10**30 + 12345, 3**60)
    total = nim_sum(big)
    found = winning_moves(big)
    assert found, "a non-zero nim-sum always has a winning move"
    for i, b in found:
        assert nim_sum(apply_move(big, (i, b))) == 0
    assert total != 0
    assert winning_moves((10**30, 10**30)) == []
    assert winning_moves((10**30, 10**30), misere=True) == []


def test_numpy_integers_are_accepted():
    assert nim_sum(np.array([3, 4, 5])) == 2
    assert winning_moves((np.int64(3), 4, 5)) == [(0, 1)]


@pytest.mark.parametrize(
    ("position", "normal", "misere"),
    [
        ((), True, False),  # no move: normal play loses, misère play wins
        ((1,), False, True),
        ((1, 1), True, False),
        ((1, 1, 1), False, True),
        ((2,), False, False),
        ((2, 2), True, True),
        ((1, 2, 3), True, True),
    ],
)
def test_misere_exception(position, normal, misere):
    assert is_p_position(position) is normal
    assert is_p_position(position, misere=True) is misere


def test_misere_moves():
    assert winning_moves((1, 1, 2), misere=True) == [(2, 1)]
    assert winning_moves((1, 1, 1, 2), misere=True) == [(3, 0)]
    assert winning_moves((1, 1), misere=True) == [(0, 0), (1, 0)]
    assert winning_moves((3,), misere=True) == [(0, 1)]


def test_optimal_and_stalling():
    assert optimal_move((3, 4, 5)) == (0, 1)
    assert optimal_move((1, 2, 3)) is None
    assert stalling_move((1, 2, 3)) == (2, 2)
    assert stalling_move((0, 0)) is None


def test_moves_and_successors():
    assert list(moves((2, 1))) == [(0, 0), (0, 1), (1, 0)]
    assert sorted(set(successors((2, 1)))) == [(1,), (1, 1), (2,)]
    assert canonical((0, 3, 1, 0)) == (1, 3)


def test_apply_move_does_not_mutate():
    start = [3, 4, 5]
    assert apply_move(start, (1, 0)) == (3, 0, 5)
    assert start == [3, 4, 5]


@pytest.mark.parametrize(
    ("position", "error", "text"),
    [
        ((3, -1, 5), ValueError, "position[1] must be a non-negative int, got -1"),
        ((3, 2.0), TypeError, "position[1] must be an int, got 2.0"),
        ((True, 2), TypeError, "position[0] must be an int, got True"),
        ((None,), TypeError, "position[0] must be an int, got None"),
        (("3",), TypeError, "position[0] must be an int"),
        ("345", TypeError, "position must be a sequence of non-negative ints"),
        (5, TypeError, "position must be a sequence"),
        (None, TypeError, "position must be a sequence"),
    ],
)
def test_bad_positions(position, error, text):
    for function in (nim_sum, winning_moves, is_p_position):
        with pytest.raises(error) as info:
            function(position)
        assert text in str(info.value)


@pytest.mark.parametrize(
    ("move", "error", "text"),
    [
        ((3, 0), ValueError, "heap index) must be < 3, got 3"),
        ((0, 3), ValueError, "must make heap 0 smaller: it has 3, new size 3"),
        ((0, 4), ValueError, "must make heap 0 smaller"),
        ((0, -1), ValueError, "new size) must be a non-negative int, got -1"),
        ((0.0, 1), TypeError, "heap index) must be an int"),
        ((0,), TypeError, "move must be a pair"),
        ("01", TypeError, "move must be a pair"),
    ],
)
def test_illegal_moves(move, error, text):
    with pytest.raises(error) as info:
        apply_move((3, 4, 5), move)
    assert text in str(info.value)
