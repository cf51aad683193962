"""Every bad input named in issues 11 and 20 (core modules) gets a clear TypeError/ValueError, or a right answer."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from nimlib import explain, grundy, moore, nim, play, rulesets, search
from nimlib.boards import (
    CrossesStrip,
    GraphChips,
    HeapBoard,
    KaylesRow,
    Nimble,
    NimWithIncreases,
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


# ---------------------------------------------------------------- issue 20, part 4: the last fuzz finds


def test_dicts_are_not_sets_of_take_sizes():
    for call in (
        rulesets.subtraction,
        lambda s: rulesets.TakeRule(take_one=s),
        lambda s: rulesets.TakeRule(take_all=s),
    ):
        with pytest.raises(TypeError, match=r"must be a set \(or list\) of ints, got \{1: 2\} \(dict\)"):
            call({1: 2})
    with pytest.raises(TypeError, match="take_split"):
        rulesets.TakeRule(take_split={0: 1})
    with pytest.raises(TypeError, match="take_except"):
        rulesets.TakeRule(take_any=True, take_except={2: 3})
    assert rulesets.subtraction({3, 1}).takes.take_one == (1, 3)
    assert rulesets.subtraction([2, 1, 2]).takes.take_one == (1, 2)


@pytest.mark.parametrize("name", [None, 3, ("x",)])
def test_game_names_must_be_strings(name):
    with pytest.raises(TypeError, match="name must be a str"):
        rulesets.HeapGame(name, rulesets.TakeRule(take_one=(1,)))
    for board in (KaylesRow, CrossesStrip, Staircase, Nimble, TurningTurtles, Trominoes, Northcott, Pawns):
        with pytest.raises(TypeError, match="name must be a str"):
            board(name=name)
    with pytest.raises(TypeError, match="name must be a str"):
        NimWithIncreases(name=name)
    with pytest.raises(TypeError, match="widget must be a str"):
        rulesets.HeapGame("x", rulesets.TakeRule(take_one=(1,)), widget=None)
    assert repr(rulesets.HeapGame("x", rulesets.TakeRule(take_one=(1,)))) == "x"


def test_show_source_without_a_source_file():
    from nimlib.explain import show_source

    with pytest.raises(ValueError, match="no source file"):
        show_source(eval("lambda n: n"))  # a function with no file behind it
    with pytest.raises(TypeError, match="obj must be a function"):
        show_source(len)
    with pytest.raises(TypeError, match="obj must be a function"):
        show_source(3)
    assert "def nim_sum" in str(show_source(nim.nim_sum))


@pytest.mark.parametrize("take", [2**63, 2**64, 10**30])
def test_takes_too_large_for_the_engine_are_never_used(take):
    from nimlib.engine import grundy_values
    from nimlib.engine.periodicity import find_period

    # No heap below the take can use it, so every value is 0 (no move), and no period is certified that soon
    assert grundy_values(rulesets.subtraction({take}), 10).tolist() == [0] * 10
    assert grundy_values(rulesets.subtraction({1, take}), 6).tolist() == [0, 1, 0, 1, 0, 1]
    assert find_period(rulesets.subtraction([take]), limit=512) is None
    split = rulesets.HeapGame("s", rulesets.TakeRule(take_all=(1,), take_one=(1,), take_split=(take,)))
    assert grundy_values(split, 6, method="plain").tolist() == [0, 1, 0, 1, 0, 1]
    allbut = rulesets.HeapGame("a", rulesets.TakeRule(take_any=True, take_except=(take,)))
    assert grundy_values(allbut, 5).tolist() == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("method", ["python", "auto", "plain", "sparse"])
def test_engine_sizes_beyond_any_int64_are_refused(method):
    from nimlib.engine import grundy_values

    with pytest.raises(ValueError, match="too large"):
        grundy_values(rulesets.kayles, 10**100, method=method)
    with pytest.raises(ValueError, match="too large"):
        grundy_values(rulesets.subtraction([2**64]), 10**100, method=method)


def test_mex_scratch_capacity_has_a_limit():
    with pytest.raises(ValueError, match="limit of 16,777,216"):
        grundy.MexScratch(2**64)
    with pytest.raises(ValueError, match="limit"):
        grundy.MexScratch(grundy.MAX_CAPACITY + 1)
    assert grundy.MexScratch(3)([0, 1, 2, 3]) == 4


def test_best_mask_takes_any_sequence_of_grundy_values():
    from nimlib.engine import best_mask

    assert best_mask([1, 2, 3]) == best_mask(np.array([1, 2, 3]))
    assert best_mask([0, 1, 2, 3] * 3 + [7], forced=True) == best_mask(np.array([0, 1, 2, 3] * 3 + [7]), forced=True)
    assert best_mask(()) == 0
    for bad in ("123", {1: 2}, 3, [[1, 2]], [1.5, 2], [True, False], None):
        with pytest.raises(TypeError, match="values must be"):
            best_mask(bad)
    with pytest.raises(ValueError, match="non-negative"):
        best_mask([1, -2])
    with pytest.raises(ValueError, match="MAX_MASK_VALUE"):
        best_mask([2**40])
    with pytest.raises(TypeError, match="forced"):
        best_mask([1, 2], forced="yes")


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "word"),
    [
        ((-1, 0), {"certified": True}, ValueError, "preperiod"),
        ((0, 0), {}, ValueError, "period"),
        ((0, -3), {}, ValueError, "period"),
        ((0, 2.0), {}, TypeError, "period"),
        ((1.5, 2), {}, TypeError, "preperiod"),
        ((0, 2), {"certified": "yes", "needed": 6}, TypeError, "certified"),
        ((0, 2), {"saltus": 0.5}, TypeError, "saltus"),
        ((0, 2), {"computed": -1}, ValueError, "computed"),
        ((0, 2), {"needed": -1}, ValueError, "needed"),
        ((0, 2), {"certified": True}, ValueError, "needed"),
        ((0, 2), {"certified": True, "saltus": 1, "needed": 8}, ValueError, "saltus"),
    ],
)
def test_periodicity_is_checked(args, kwargs, error, word):
    from nimlib.engine.periodicity import Periodicity

    with pytest.raises(error, match=word):
        Periodicity(*args, **kwargs)


def test_periodicity_accepts_what_the_search_makes():
    from nimlib.engine.periodicity import Periodicity, find_period

    assert find_period(rulesets.kayles).certified
    assert Periodicity(0, 3, 2).saltus == 2 and Periodicity(0, 3, -1).saltus == -1
    assert Periodicity(71, 12, 0, True, 256, 168).needed == 168


def test_heap_options_of_a_huge_heap_are_refused_up_front():
    for game in (rulesets.kayles, rulesets.nim, rulesets.grundys_game, rulesets.laskers_nim):
        with pytest.raises(ValueError, match="limit of 1,000,000"):
            game.options(10**12)
        with pytest.raises(ValueError, match="limit of 1,000,000"):
            game.heap_options(10**12)
    # a subtraction game has a handful of options at any size, and rule(n) stays lazy for the others
    assert rulesets.subtraction({1, 3}).options(10**12) == [(10**12 - 3,), (10**12 - 1,)]
    assert rulesets.kayles.options(10**5)[:2] == [(1, 99997), (1, 99998)]
    assert next(iter(rulesets.nim.rule(10**12))) == ()
    assert next(rulesets.nim.options((10**12,))) == ()


@pytest.mark.parametrize(("distance", "error"), [(1.0, TypeError), (2.0, TypeError), ("1", TypeError), (3, ValueError)])
def test_crosses_distance_must_be_the_int_1_or_2(distance, error):
    with pytest.raises(error, match="distance"):
        CrossesStrip(distance=distance)
    assert CrossesStrip(distance=2).widget == "crosses-2"


@pytest.mark.parametrize("bad", [1.0, "3", None, True])
def test_board_sizes_must_be_ints(bad):
    for make in (
        lambda v: KaylesRow(length=v),
        lambda v: CrossesStrip(length=v),
        lambda v: Nimble(length=v),
        lambda v: Trominoes(columns=v),
        lambda v: Northcott(width=v),
        lambda v: Pawns(columns=v),
        lambda v: HeapBoard(largest=v),
        lambda v: NimWithIncreases(cap=v),
        lambda v: NimWithIncreases(budget=v),
    ):
        with pytest.raises(TypeError, match="must be an int"):
            make(bad)


def test_errors_name_the_argument_the_caller_wrote():
    from nimlib.boards import nim_with_increases

    with pytest.raises(ValueError, match="budget_moves must be"):
        nim_with_increases(-1, 3)
    with pytest.raises(TypeError, match="budget_moves must be"):
        nim_with_increases(1.5, 3)
    with pytest.raises(TypeError, match="cap must be"):
        nim_with_increases(1, "3")
    assert sorted(nim_with_increases(1, 2)(((1,), 1))) == [((0,), 1), ((2,), 0)]


def test_dicts_are_not_lists_of_positions():
    from nimlib import verify

    with pytest.raises(TypeError, match="positions must be an iterable of positions"):
        verify.sum_rule_holds(rulesets.kayles, {(1, 2): 3})
    with pytest.raises(TypeError, match="positions must be"):
        verify.formula_agrees(nim.NIM, lambda p: nim.nim_sum(p) == 0, {(1, 2): 3})
    assert verify.sum_rule_holds(rulesets.kayles, {(1, 2), (3,)}) == 2


def test_progress_must_be_a_function():
    from nimlib.engine import grundy_values
    from nimlib.engine.periodicity import find_period

    with pytest.raises(TypeError, match="progress must be a function"):
        grundy_values(rulesets.kayles, 10, progress=3)
    with pytest.raises(TypeError, match="progress must be a function"):
        find_period(rulesets.kayles, progress="bar")
    done = []
    grundy_values(rulesets.grundys_game, 300, progress=done.append)
    assert done and done[-1] == 300


@pytest.mark.parametrize(
    "call",
    [
        lambda: __import__("nimlib.subtraction").subtraction.subtraction_set({1: 2}),
        lambda: __import__("nimlib.subtraction").subtraction.allbut({1: 2}),
        lambda: __import__("nimlib.subtraction").subtraction.allbut_values({1: 2}, 5),
        lambda: __import__("nimlib.hackenbush").hackenbush.check_edges({(0, 1): 1}),
    ],
    ids=["subtraction_set", "allbut", "allbut_values", "hackenbush.check_edges"],
)
def test_dicts_are_not_sets_anywhere(call):
    with pytest.raises(TypeError, match="dict"):
        call()


def test_game_board_errors_name_board():
    widgets = pytest.importorskip("nimlib.widgets")
    with pytest.raises(TypeError, match=r"^board must be a playable"):
        widgets.GameBoard(42, (1, 2))


def test_a_bare_heap_game_plays_in_the_page_with_its_table():
    """PlayWidget(HeapGame) sends the Grundy values the page needs (it once sent none: 'values only up to -1')."""
    widgets = pytest.importorskip("nimlib.widgets")
    from nimlib.rulesets import HeapGame, TakeRule

    w = widgets.PlayWidget(HeapGame("take 1 or 2", TakeRule(take_all=(1, 2), take_one=(1, 2))), (3, 40))
    assert w.game == "heaps" and w.params["values"][:7] == [0, 1, 2, 0, 1, 2, 0] and len(w.params["values"]) == 41
    assert w.play((1, 39)) and len(w.history) == 2  # the reader's move, then the computer's reply
    reply = w.history[1]["after"]  # (3, 39) is a P-position: the computer can only take 1 or 2 from one heap
    assert sum(a != b for a, b in zip(reply, [3, 39], strict=True)) == 1 and 3 + 39 - sum(reply) in (1, 2)
    with pytest.raises(TypeError, match="position must be a sequence"):
        widgets.PlayWidget(HeapGame("take 1 or 2", TakeRule(take_one=(1, 2))), {3: 1})
