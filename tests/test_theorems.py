"""Every theorem of the book against the exhaustive searcher, which knows nothing about XOR.

All positions of up to 4 heaps of at most 7 stones (330 positions up to
order), plus random larger ones from hypothesis.
"""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlib import grundy, moore, nim, rulesets, search
from nimlib.nim import canonical


def labels(successors, positions, *, misere=False):
    known: dict = {}
    for p in positions:
        search.solve(successors, p, misere=misere, known=known)
    return known


# ---------------------------------------------------------------- Bouton


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_nim_rule_matches_search(positions, misere):
    known = labels(nim.successors, positions, misere=misere)
    agree = sum(known[p] == nim.is_p_position(p, misere=misere) for p in positions)
    assert agree == len(positions) == 330


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_winning_moves_are_exactly_the_moves_to_p_positions(positions, misere):
    known = labels(nim.successors, positions, misere=misere)
    for p in positions:
        # The searcher's answer, move by move: the moves that leave a P-position
        expected = []
        for move in nim.moves(p):
            after = canonical(nim.apply_move(p, move))
            if search.solve(nim.successors, after, misere=misere, known=known)[after]:
                expected.append(move)
        assert nim.winning_moves(p, misere=misere) == expected, p
        if p:
            # Where a move exists, you lose exactly when no move wins
            assert (not expected) == known[p]


heaps = st.lists(st.integers(min_value=0, max_value=12), min_size=0, max_size=5)


@given(heaps, st.booleans())
def test_random_positions(position, misere):
    truth = search.is_p_position(nim.successors, canonical(position), misere=misere)
    assert nim.is_p_position(position, misere=misere) == truth
    for move in nim.winning_moves(position, misere=misere):
        after = nim.apply_move(position, move)
        assert search.is_p_position(nim.successors, canonical(after), misere=misere)


@given(st.lists(st.integers(min_value=0, max_value=10**40), min_size=1, max_size=30))
def test_big_random_positions_move_to_zero(position):
    for move in nim.winning_moves(position):
        assert nim.nim_sum(nim.apply_move(position, move)) == 0
    assert bool(nim.winning_moves(position)) == (nim.nim_sum(position) != 0)


# ---------------------------------------------------------------- Moore


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moore_rule_matches_search(positions, k):
    successors = partial(moore.successors, k=k)
    known = labels(successors, positions)
    for p in positions:
        assert known[p] == moore.is_p_position(p, k), (p, k)
        move = moore.winning_move(p, k)
        if known[p]:
            assert move is None
        else:
            assert move is not None and 1 <= len(move) <= k
            after = canonical(moore.apply_move(p, move, k))
            assert search.solve(successors, after, known=known)[after], (p, k, move)


@given(
    st.lists(st.integers(min_value=0, max_value=7), min_size=1, max_size=4),
    st.integers(min_value=1, max_value=4),
)
def test_moore_random(position, k):
    successors = partial(moore.successors, k=k)
    assert moore.is_p_position(position, k) == search.is_p_position(successors, canonical(position))
    move = moore.winning_move(position, k)
    if move is not None:
        assert moore.is_p_position(moore.apply_move(position, move, k), k)


@given(st.lists(st.integers(min_value=0, max_value=2**64), min_size=1, max_size=20), st.integers(1, 6))
def test_moore_big_positions(position, k):
    move = moore.winning_move(position, k)
    assert (move is None) == moore.is_p_position(position, k)
    if move is not None:
        assert len(move) <= k
        assert moore.is_p_position(moore.apply_move(position, move, k), k)


def test_moore_k1_is_nim(positions):
    for p in positions:
        assert moore.is_p_position(p, 1) == nim.is_p_position(p)


# ---------------------------------------------------------------- Sprague–Grundy


@pytest.mark.parametrize(
    "game",
    [rulesets.kayles, rulesets.crosses, rulesets.grundys_game, rulesets.laskers_nim, rulesets.octal("4.07")],
    ids=repr,
)
def test_sums_of_games_follow_the_xor_of_grundy_values(game):
    # Sprague–Grundy: a sum of heaps is a P-position iff the XOR of the heaps' values is 0
    values = {}
    positions = [(a, b, c) for a in range(9) for b in range(a, 9) for c in range(b, 9)]
    known: dict = {}
    for p in positions:
        for h in p:
            values.setdefault(h, grundy.grundy_value(game.successors, (h,) if h else ()))
        key = tuple(h for h in p if h)
        assert search.solve(game.successors, key, known=known)[key] == (
            grundy.grundy_of_sum(values[h] for h in p) == 0
        ), (game, p)
