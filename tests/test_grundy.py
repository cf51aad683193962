"""mex, Grundy values of any finite game, and sums of games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlib import MexScratch, grundy_of_sum, grundy_value, mex, rulesets


@given(st.lists(st.integers(min_value=0, max_value=40), max_size=60))
def test_mex_matches_definition(values):
    expected = next(i for i in range(len(values) + 2) if i not in set(values))
    assert mex(values) == expected
    assert MexScratch(len(values) + 1)(values) == expected


def test_mex_scratch_is_reusable():
    m = MexScratch(10)
    assert [m([0, 1, 3]), m([]), m([1]), m([0, 1, 2, 3])] == [2, 0, 0, 4]


def test_mex_bad_input():
    with pytest.raises(ValueError, match=r"values\[1\] must be a non-negative int, got -2"):
        mex([0, -2])
    with pytest.raises(TypeError, match=r"values\[0\] must be an int, got True"):
        mex([True])


def test_grundy_value_of_subtraction_game():
    # Take 1, 2 or 3: the value is n mod 4
    moves = lambda n: [n - t for t in (1, 2, 3) if n >= t]  # noqa: E731
    assert [grundy_value(moves, n) for n in range(12)] == [n % 4 for n in range(12)]


def test_deep_game_has_no_recursion_error():
    # A chain of 20,000 one-stone moves: far past Python's recursion limit (1,000)
    assert grundy_value(lambda n: [n - 1] if n else [], 20_000) == 0
    assert grundy_value(lambda n: [n - 1] if n else [], 20_001) == 1


def test_known_memo_is_shared():
    known: dict = {}
    grundy_value(rulesets.kayles.successors, (10,), known=known)
    assert known[(3,)] == 3 and known[(1, 1)] == 0


def test_cyclic_game_is_rejected():
    with pytest.raises(ValueError, match="not finite"):
        grundy_value(lambda n: [(n + 1) % 3], 0)


def test_grundy_of_sum():
    assert grundy_of_sum([1, 2, 3]) == 0
    assert grundy_of_sum([]) == 0
    with pytest.raises(TypeError, match="values"):
        grundy_of_sum([1.5])


def test_nim_heap_has_its_own_size_as_value():
    assert [grundy_value(rulesets.nim.successors, (n,) if n else ()) for n in range(20)] == list(range(20))


def test_searchers_resolve_the_successors_once():
    """The searchers' per-position cost: a wrapped function is called as it is, a rules object's options directly."""
    from nimlib import search
    from nimlib.game import Ruleset, as_game, successors_of
    from nimlib.nim import NIM
    from nimlib.rulesets import kayles

    def chain(n):
        return [n - 1] if n else []

    assert successors_of(as_game(chain)) is chain
    assert successors_of(kayles) == kayles.options
    assert successors_of(NIM) == NIM.options

    class Chain(Ruleset):
        def moves(self, position):
            return ["down"] if position else []

        def apply(self, position, move):
            return position - 1

    class NoOptions:
        name, misere = "chain", False

        def start(self):
            return 3

        def check(self, position):
            return position

        def moves(self, position):
            return ["down"] if position else []

        def apply(self, position, move):
            return position - 1

    assert list(successors_of(NoOptions())(3)) == [2]
    assert list(successors_of(Chain())(3)) == [2]
    for game in (chain, Chain(), NoOptions()):
        assert grundy_value(game, 7) == 1
        assert search.solve(game, 7)[7] is False and search.solve(game, 6)[6] is True
    # a long chain: no recursion limit, and the mex of the one option's value alternates
    assert grundy_value(chain, 100_001) == 1
