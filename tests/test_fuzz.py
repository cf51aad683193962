"""Random bad and extreme inputs thrown at the public API of the core modules.

Each call must return a right answer or raise TypeError/ValueError with a
message, within a small time bound (signal.setitimer: a hang fails the test;
nothing here asserts how fast anything is). Inputs that are not valid must
never be silently accepted.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from functools import reduce
from itertools import islice
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
)

SECONDS = 3.0  # generous: the machine is shared; a real hang takes far longer


class Hang(Exception):
    """Raised by the timer when a call runs past its bound."""


@contextmanager
def bounded(seconds: float = SECONDS):
    def alarm(signum, frame):
        raise Hang(f"call ran past {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def call(fn, *args, **kwargs):
    """("ok", result) or ("error", exception) for TypeError/ValueError; anything else fails the test."""
    with bounded():
        try:
            result = fn(*args, **kwargs)
            if isinstance(result, Iterator):
                result = list(islice(result, 40))
            return "ok", result
        except (TypeError, ValueError) as error:
            assert str(error), f"{fn.__name__} raised {type(error).__name__} without a message"
            return "error", error


scalar = st.one_of(
    st.integers(-3, 12),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.text(max_size=4),
)
anything = st.recursive(
    scalar,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(st.integers(0, 5), inner, max_size=3),
        st.frozensets(st.integers(0, 5), max_size=3),
    ),
    max_leaves=8,
)
small_position = st.lists(st.integers(0, 6), max_size=4).map(tuple)
huge_position = st.lists(st.integers(min_value=0, max_value=2**70), min_size=1, max_size=4).map(tuple)
position_like = st.one_of(small_position, huge_position, anything)
flag = st.one_of(st.booleans(), st.sampled_from(["False", "True", 0, 1, None]))
k_like = st.one_of(st.integers(1, 4), st.integers(-2, 0), st.integers(min_value=2**40, max_value=2**70), scalar)


def is_position(x) -> bool:
    return isinstance(x, tuple | list) and all(isinstance(h, int) and not isinstance(h, bool) and h >= 0 for h in x)


def is_small(x) -> bool:
    return is_position(x) and len(x) <= 4 and all(h <= 6 for h in x)


def is_k(k) -> bool:
    return isinstance(k, int) and not isinstance(k, bool) and k >= 1


@given(position_like, flag)
def test_nim_functions(position, misere):
    valid = is_position(position) and isinstance(misere, bool)
    for fn in (nim.is_p_position, nim.winning_moves, nim.optimal_move):
        status, result = call(fn, position, misere=misere)
        assert (status == "ok") == valid, (fn.__name__, position, misere, result)
    for fn in (nim.nim_sum, nim.canonical, nim.moves, nim.successors):
        status, result = call(fn, position)
        assert (status == "ok") == is_position(position), (fn.__name__, position, result)
    if valid:
        assert nim.nim_sum(position) == reduce(xor, position, 0)
    if valid and is_small(position):
        game = nim.Nim(misere)
        key = nim.canonical(position)
        assert nim.is_p_position(position, misere=misere) == search.solve(game, key)[key]


@given(position_like, k_like)
def test_moore_functions(position, k):
    valid = is_position(position) and is_k(k)
    for fn in (moore.is_p_position, moore.winning_move, moore.column_sums, moore.successors, moore.moves):
        status, result = call(fn, position, k)
        assert (status == "ok") == valid, (fn.__name__, position, k, result)
    if valid and is_small(position) and k <= 3:
        move = moore.winning_move(position, k)
        if move is not None:
            after = nim.canonical(moore.apply_move(position, move, k))
            assert search.solve(moore.Moore(k), after)[after]


@given(position_like, anything, st.integers(1, 3))
def test_applying_moves(position, move, k):
    for fn, args in ((nim.apply_move, (position, move)), (moore.apply_move, (position, move, k))):
        status, result = call(fn, *args)
        if status == "ok":
            assert is_position(position) and len(result) == len(position)
            assert all(b <= a for a, b in zip(position, result, strict=True)) and tuple(result) != tuple(position)


@given(st.one_of(small_position, st.tuples(st.integers(0, 3), st.integers(0, 6))), anything)
def test_applying_moves_that_look_right(position, move):
    status, result = call(nim.apply_move, position, move)
    if status == "ok":
        assert sum(result) < sum(position)


@given(anything, anything)
def test_heap_games(code, n):
    status, game = call(rulesets.octal, code)
    assert status == "error" or isinstance(code, str)
    status, values = call(grundy.heap_values, rulesets.kayles, n)
    if status == "ok":
        assert isinstance(n, int) and not isinstance(n, bool) and len(values) == n
    call(rulesets.subtraction, code)
    call(rulesets.TakeRule, take_one=code, take_split=n)
    for game in (rulesets.kayles, rulesets.grundys_game, rulesets.laskers_nim, rulesets.nim):
        for fn in (game.moves, game.components, game.options, game.successors):
            status, _ = call(fn, code)
            assert status == "error" or is_position(code) or (fn == game.options and isinstance(code, int))
        call(game.apply, (3, 4) if not is_position(code) else code, n)


@given(st.one_of(anything, st.lists(st.integers(-2, 10), max_size=6)), anything)
def test_mex_and_sums(values, capacity):
    as_set = isinstance(values, frozenset) and all(isinstance(v, int) and v >= 0 for v in values)
    status, result = call(grundy.mex, values)
    assert (status == "ok") == (is_position(values) or as_set), values
    if status == "ok":
        assert result not in set(values) and all(v in set(values) for v in range(result))
    status, result = call(grundy.grundy_of_sum, values)
    assert (status == "ok") == is_position(values), values
    status, scratch = call(grundy.MexScratch, capacity)
    if status == "ok":
        status, result = call(scratch, values)
        if status == "ok":
            assert (is_position(values) or as_set) and result == grundy.mex(values)


BOARDS = [
    KaylesRow(length=5),
    CrossesStrip(length=5),
    CrossesStrip(length=6, distance=2),
    Staircase(),
    Nimble(length=6),
    Nimble(length=6, no_jumps=True),
    TurningTurtles(),
    TurningTurtles(twins=True),
    GraphChips(edges={0: (1, 2), 1: (2,), 2: ()}),
    GraphChips(edges={0: (1, 2), 1: (2,), 2: ()}, annihilate=True),
    HeapBoard(game=rulesets.laskers_nim, largest=8),
    Trominoes(columns=3),
    Northcott(width=4),
    Pawns(columns=3),
]
board_position = st.one_of(
    st.lists(st.integers(0, 2), max_size=7).map(tuple),
    st.tuples(st.tuples(st.integers(0, 1), st.integers(0, 1), st.integers(0, 1)), st.tuples(st.integers(0, 1))),
    st.tuples(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=2).map(tuple), st.integers(0, 2)),
    anything,
)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{type(b).__name__}-{b.widget}")
@settings(max_examples=60)
@given(position=board_position, move=st.one_of(anything, st.tuples(st.integers(-1, 7), st.integers(-1, 7))))
def test_boards(board, position, move):
    status, checked = call(board.check, position)
    for fn in (board.moves, board.best_move, board.cells):
        assert call(fn, position)[0] == status, (fn.__name__, position)
    if type(board) is not Pawns:
        assert call(board.components, position)[0] == status
    applied, after = call(board.apply, position, move)
    if applied == "ok":
        assert status == "ok" and board.check(after) == after
        assert any(board.apply(checked, m) == after for m in board.moves(checked))


@given(position_like, flag, k_like, anything)
def test_play_and_explain(position, misere, k, seed):
    valid = is_position(position) and isinstance(misere, bool) and is_k(k)
    status, move = call(play.computer_move, position, misere=misere, k=k)
    if status == "ok":
        assert valid
        if move is not None:
            assert len(play.rules(misere=misere, k=k).apply(position, move)) == len(position)
    status, steps = call(explain.xor_steps, position, misere=misere, k=k)
    if status == "ok":
        # no move: a P-position, or the misère end where the player to move has already won
        no_move = play.rules(misere=misere, k=k).is_p_position(position) or not any(position)
        assert valid and (steps.move is None) == no_move
    if valid and k == 1 and sum(position) < 40 and any(position):
        status, transcript = call(play.play, position, misere=misere)
        assert status == "ok" and transcript.turns


@given(st.one_of(small_position, huge_position, anything), anything)
def test_search(position, known):
    memo = known if isinstance(known, dict) else None
    status, result = call(search.solve, nim.NIM, position, known=memo, limit=300)
    if status == "ok":
        assert is_position(position) and result[tuple(position)] == (nim.nim_sum(position) == 0)
    status, _ = call(search.solve, nim.NIM, (1, 2), known=known)
    assert (status == "ok") == (known is None or isinstance(known, dict))
