"""Every bad input named in issue 11 (for the core modules) gets a clear TypeError/ValueError, or a right answer."""

from __future__ import annotations

import itertools

import pytest

from nimlib import explain, grundy, moore, nim, play, rulesets, search
from nimlib.boards import (
    CrossesStrip,
    GraphChips,
    HeapBoard,
    KaylesRow,
    Nimble,
    Northcott,
    Pawns,
    Staircase,
    Trominoes,
    TurningTurtles,
    vertex_values,
)
from nimlib.game import SuccessorsGame


@pytest.mark.parametrize("position", [{3: 1, 4: 2}, {1, 2}, "345", b"34", 3, None, (1.0, 2), (True, 2), [1, -1]])
def test_positions_must_be_sequences_of_non_negative_ints(position):
    for call in (nim.nim_sum, nim.is_p_position, nim.winning_moves, nim.canonical, moore.column_sums):
        with pytest.raises((TypeError, ValueError), match="position"):
            call(position)


def test_dicts_are_not_positions():
    with pytest.raises(TypeError, match="position must be a sequence"):
        nim.nim_sum({3: 1, 4: 2})


@pytest.mark.parametrize("misere", ["False", "True", 0, 1, None])
def test_misere_must_be_a_bool(misere):
    with pytest.raises(TypeError, match="misere must be True or False"):
        nim.is_p_position((1, 1), misere=misere)
    with pytest.raises(TypeError, match="misere"):
        nim.winning_moves((1, 1), misere=misere)
    with pytest.raises(TypeError, match="misere"):
        nim.Nim(misere=misere)
    with pytest.raises(TypeError, match="misere"):
        play.computer_move((1, 1), misere=misere)
    with pytest.raises(TypeError, match="misere"):
        explain.xor_steps((1, 1), misere=misere)
    if misere is not None:
        with pytest.raises(TypeError, match="misere"):
            search.solve(nim.successors, (1, 1), misere=misere)


@pytest.mark.parametrize(
    ("k", "error"), [(0, ValueError), (-1, ValueError), (True, TypeError), (1.5, TypeError), ("2", TypeError)]
)
def test_k_must_be_a_positive_int(k, error):
    for call in (moore.is_p_position, moore.winning_move, moore.column_sums):
        with pytest.raises(error, match="k"):
            call((1, 2), k)
    with pytest.raises(error, match="k"):
        moore.Moore(k)
    with pytest.raises(error, match="k"):
        play.computer_move((1, 2), k=k)


def test_board_positions_of_the_wrong_length_or_out_of_range():
    with pytest.raises(ValueError, match="position must have 3 cells, got 5"):
        KaylesRow(length=3).components((1,) * 5)
    with pytest.raises(ValueError, match=r"position\[1\] must be one of \(0, 1\)"):
        KaylesRow(length=3).moves((1, 2, 1))
    with pytest.raises(ValueError, match="below length=5"):
        Nimble(length=5).moves((1, 7))
    with pytest.raises(ValueError, match="not a vertex"):
        GraphChips(edges={0: (1,)}).moves((0, 9))
    with pytest.raises(ValueError, match="at most largest=10"):
        HeapBoard(game=rulesets.kayles, largest=10).components((11,))
    with pytest.raises(TypeError, match="two rows"):
        Trominoes(columns=3).moves((0, 0, 0))
    with pytest.raises(ValueError, match="share a cell"):
        Northcott(width=4).moves((((1, 1),), 0))
    with pytest.raises(ValueError, match="player"):
        Pawns(columns=2).moves(((("W", "W"), (".", "."), ("B", "B")), 2))


@pytest.mark.parametrize("move", [(2, 5), (1, -1), (1, "x"), (0,), "01", None, (0, 1, 2)])
def test_board_moves_of_the_wrong_shape_or_illegal(move):
    board = Staircase()
    with pytest.raises((TypeError, ValueError), match="move"):
        board.apply((1, 2, 3), move)
    if move != (0,):  # knocking pin 0 is legal in Kayles
        with pytest.raises((TypeError, ValueError), match="move"):
            KaylesRow(length=4).apply((1, 1, 0, 1), move)


def test_illegal_board_moves_name_the_move():
    with pytest.raises(ValueError, match="not legal"):
        KaylesRow(length=4).apply((1, 1, 0, 1), (1, 2))
    with pytest.raises(ValueError, match="not legal"):
        CrossesStrip(length=5).apply((0, 1, 0, 0, 0), (2,))
    with pytest.raises(ValueError, match="not legal"):
        TurningTurtles().apply((0, 1), (0,))
    with pytest.raises(ValueError, match="cannot become"):
        rulesets.kayles.apply((3,), (0, (0,)))
    with pytest.raises(ValueError, match="heap 0 smaller"):
        nim.apply_move((3,), (0, 3))
    with pytest.raises(ValueError, match="at most k=2"):
        moore.apply_move((3, 3, 3), ((0, 1), (1, 1), (2, 1)), 2)


def test_nimble_2_does_not_jump_a_coin():
    # (3, 1) used to let the coin on 1 jump the coin on 3's place in the list
    assert Nimble(no_jumps=True).moves((3, 1)) == [(1, 0), (3, 2)]


def test_take_rule_is_validated():
    with pytest.raises(ValueError, match="take_one"):
        rulesets.TakeRule(take_one=(0,))
    with pytest.raises(TypeError, match="take_split"):
        rulesets.TakeRule(take_split="12")
    with pytest.raises(TypeError, match="takes must be a TakeRule"):
        rulesets.HeapGame("x", takes={"take_one": (1,)})


def test_a_game_that_does_not_end_is_refused():
    with pytest.raises(ValueError, match="not finite"):
        grundy.grundy_value(lambda n: [n], 1)
    with pytest.raises(ValueError, match="not finite"):
        search.solve(lambda n: [n], 1)
    with pytest.raises(ValueError, match="acyclic"):
        vertex_values({0: (1,), 1: (0,)})


def test_mex_scratch_refuses_negatives():
    with pytest.raises(ValueError, match=r"values\[1\]"):
        grundy.MexScratch(4)([0, -1])
    with pytest.raises(TypeError, match=r"values\[0\]"):
        grundy.MexScratch(4)([1.5])
    with pytest.raises(ValueError, match="capacity"):
        grundy.MexScratch(-1)


def test_search_known_must_be_a_dict():
    with pytest.raises(TypeError, match="known must be a dict"):
        search.solve(nim.successors, (1, 2), known=[])
    with pytest.raises(TypeError, match="known must be a dict"):
        grundy.grundy_value(nim.NIM, (1, 2), known=[])


def test_search_refuses_a_misere_flag_that_contradicts_the_game():
    with pytest.raises(ValueError, match="disagrees"):
        search.solve(nim.NIM, (1,), misere=True)
    assert search.solve(nim.MISERE_NIM, (1,), misere=True)[(1,)] is True


def test_heap_values_needs_a_heap_game():
    with pytest.raises(TypeError, match="heap game"):
        grundy.heap_values("kayles", 5)
    with pytest.raises(ValueError, match="limit"):
        grundy.heap_values(rulesets.kayles, 10**9)


def test_random_strategy_with_no_move_left():
    with pytest.raises(ValueError, match="no move is left"):
        play.random_strategy(1)((0, 0))
    with pytest.raises(ValueError, match="no move is left"):
        play.random_strategy(1, game=nim.NIM)((0, 0))


def test_play_needs_two_strategies():
    def one(position):
        return nim.optimal_move(position)

    with pytest.raises(TypeError, match="strategies must be a pair"):
        play.play((1, 2), strategies=(one,))
    with pytest.raises(TypeError, match="strategies must be a pair"):
        play.play(nim.NIM, (1, 2), (one, "two"))


def test_moore_successors_stay_lazy():
    first = next(moore.successors((3 * 10**7, 1), 2))
    assert first == (1,)
    huge = moore.successors((2**64, 1), 2)
    assert list(itertools.islice(huge, 3)) == [(1,), (1, 1), (1, 2)]
    assert next(iter(moore.Moore(3).moves((2**64, 2**64, 5)))) == ((0, 0),)


def test_sizes_refused_up_front_with_the_limit():
    with pytest.raises(ValueError, match="limit of 2,000,000"):
        nim.positions_up_to(20, 100)
    with pytest.raises(ValueError, match="at most 1000"):
        KaylesRow(length=10**12)
    with pytest.raises(ValueError, match="at most 1000"):
        Trominoes(columns=10**6)


def test_play_widget_checks_its_seed():
    """The seed reaches the page as a number or not at all (the first edition wrote it into HTML unescaped)."""
    from nimlib.widgets import NimGame

    for bad in ('"><script>alert(1)</script>', 1.5, True, None.__class__):
        with pytest.raises(TypeError, match="seed"):
            NimGame((3, 4), seed=bad)
    assert NimGame((3, 4), seed=7).params["seed"] == 7


def test_successors_game_checks_its_function():
    with pytest.raises(TypeError, match="successors must be a function"):
        SuccessorsGame(3)
    with pytest.raises(TypeError, match="game must be a nimlib Game"):
        search.solve(3, (1,))


def test_unhashable_positions_are_named():
    with pytest.raises(TypeError, match="hashable"):
        search.solve(lambda p: [], [1, 2])


def test_searches_stop_at_their_limit():
    with pytest.raises(ValueError, match="limit=100"):
        search.solve(nim.NIM, (30, 30, 30), limit=100)
    with pytest.raises(ValueError, match="limit=100"):
        grundy.grundy_value(rulesets.kayles, (30, 30), limit=100)
    assert search.solve(nim.NIM, (3, 3), limit=100)[(3, 3)] is True
