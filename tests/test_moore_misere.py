"""Misère Moore's Nim_k: the criterion and the constructive move against exhaustive search."""

from __future__ import annotations

from functools import partial

import pytest

from nimlib import moore, nim, search

POSITIONS = nim.positions_up_to(heaps=5, size=7)  # 792 positions


def _solver(k: int):
    successors = partial(moore.successors, k=k)
    known: dict = {}

    def is_p(position: tuple[int, ...]) -> bool:
        q = nim.canonical(position)
        return search.solve(successors, q, misere=True, known=known)[q]

    return is_p


def _wrong_ones_mod_k(position: tuple[int, ...], k: int) -> bool:
    """A plausible slip: count the 1-heaps mod k instead of mod k + 1."""
    if max(position, default=0) <= 1:
        return sum(position) % k == 1 % k
    return moore.is_p_position(position, k)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_criterion_matches_search(k: int) -> None:
    is_p = _solver(k)
    for p in POSITIONS:
        assert moore.is_p_position(p, k, misere=True) == is_p(p), (k, p)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_winning_move_reaches_p_position(k: int) -> None:
    is_p = _solver(k)
    for p in POSITIONS:
        move = moore.winning_move(p, k, misere=True)
        if is_p(p) or not any(p):
            assert move is None, (k, p, move)
            continue
        assert move is not None and 1 <= len(move) <= k, (k, p, move)
        after = moore.apply_move(p, move, k)  # raises on an illegal move
        assert is_p(after), (k, p, move, after)


@pytest.mark.parametrize("k", [2, 3])
def test_counting_ones_mod_k_is_wrong(k: int) -> None:
    is_p = _solver(k)
    assert any(_wrong_ones_mod_k(p, k) != is_p(p) for p in POSITIONS)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_normal_rule_and_move_are_wrong_in_misere_play(k: int) -> None:
    is_p = _solver(k)
    assert any(moore.is_p_position(p, k) != is_p(p) for p in POSITIONS)
    bad = [p for p in POSITIONS if (m := moore.winning_move(p, k)) and not is_p(moore.apply_move(p, m, k))]
    assert bad, k


def test_k1_is_misere_nim() -> None:
    for p in POSITIONS:
        assert moore.is_p_position(p, 1, misere=True) == nim.is_p_position(p, misere=True), p


def test_named_positions() -> None:
    # k = 2: one 1-heap loses, four 1-heaps lose, three win (take two)
    assert moore.is_p_position((1,), 2, misere=True)
    assert moore.is_p_position((1, 1, 1, 1), 2, misere=True)
    assert not moore.is_p_position((1, 1, 1), 2, misere=True)
    assert moore.winning_move((1, 1, 1), 2, misere=True) == ((0, 0), (1, 0))
    # the empty position: the player to move has already won, and has no move
    assert not moore.is_p_position((), 2, misere=True)
    assert moore.winning_move((0, 0), 2, misere=True) is None
    # (1, 2, 3): the normal move leaves (1, 1, 1), a misère N-position; the exception leaves (1, 0, 0)
    assert moore.winning_move((1, 2, 3), 2, misere=True) == ((1, 0), (2, 0))
    # big heaps: the normal criterion and the normal move
    huge = (2**70 + 5, 3**44, 10**21, 7**25)
    assert moore.winning_move(huge, 3, misere=True) == moore.winning_move(huge, 3)


@pytest.mark.parametrize("bad", [1, 0, "yes", None])
def test_misere_must_be_a_bool(bad: object) -> None:
    with pytest.raises(TypeError, match="misere must be True or False"):
        moore.is_p_position((1, 2), 2, misere=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="misere must be True or False"):
        moore.winning_move((1, 2), 2, misere=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("k", [2, 3])
def test_a_one_heap_winning_move_is_named_first(k, misere):
    """Issue 23: where one heap alone can move to a P-position, the move named is such a move (the page's rule)."""
    from itertools import product

    from nimlib import moore

    checked = one_heap = 0
    for p in product(range(8), repeat=4):
        if not any(p) or moore.is_p_position(p, k, misere=misere):
            continue
        move = moore.winning_move(p, k, misere=misere)
        after = list(p)
        for i, v in move:
            after[i] = v
        assert moore.is_p_position(tuple(after), k, misere=misere), (p, move)
        options = (p[:i] + (v,) + p[i + 1 :] for i in range(4) for v in range(p[i]))
        alone = any(moore.is_p_position(q, k, misere=misere) for q in options)
        checked += 1
        if alone:
            one_heap += 1
            assert len(move) == 1, (p, k, misere, move)
    assert checked > 3000 and one_heap > 100, (checked, one_heap)
