"""Heap games: octal codes parsed right, options as the rules say, bad codes refused."""

from __future__ import annotations

import pytest

from nimlib import grundy_value, octal, rulesets
from nimlib.grundy import heap_values
from nimlib.rulesets import HeapGame


def values(game, n):
    known: dict = {}
    return [grundy_value(game.successors, (m,) if m else (), known=known) for m in range(n)]


def test_kayles_start_matches_the_seed_table():
    # g(0..11) for Kayles as printed in the seeds
    assert values(rulesets.kayles, 12) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]


def test_lasker_formula_small():
    # g(n) = n for n = 1, 2 (mod 4); n + 1 for n = 3 (mod 4); n - 1 for n = 0 (mod 4), n > 0
    expected = [0] + [n if n % 4 in (1, 2) else n + 1 if n % 4 == 3 else n - 1 for n in range(1, 40)]
    assert heap_values(rulesets.laskers_nim, 40) == expected
    assert values(rulesets.laskers_nim, 14) == expected[:14]


@pytest.mark.parametrize(
    "game",
    [rulesets.kayles, rulesets.crosses, rulesets.crosses_2, rulesets.grundys_game, octal("4.07"), octal("0.6")],
    ids=repr,
)
def test_heap_values_agree_with_the_general_game_search(game):
    assert heap_values(game, 16) == values(game, 16)


def test_crosses_is_dawsons_kayles_shifted():
    # n free cells of crosses play like a heap of n + 1 in Dawson's Kayles
    assert values(rulesets.crosses, 40) == values(rulesets.dawsons_kayles, 41)[1:]


def test_options():
    assert octal("0.77").options(3) == [(1,), (1, 1), (2,)]
    assert octal("0.07").options(2) == [()]
    assert octal("4.07").options(4) == [(1, 1), (1, 3), (2,), (2, 2)]
    assert octal("0.6").options(1) == []
    assert octal("0.6").options(3) == [(1, 1), (2,)]
    assert rulesets.grundys_game.options(6) == [(1, 5), (2, 4)]
    assert rulesets.laskers_nim.options(2) == [(), (1,), (1, 1)]
    assert rulesets.trominoes.options(5) == [(1, 1), (2,)]


def test_repr_and_metadata():
    game = octal("0.137")
    assert repr(game) == "octal('0.137')"
    assert game.code == "0.137" and game.max_take == 3 and game.digits == (0, 1, 3, 7)
    assert octal(".77").max_take == 2
    assert repr(rulesets.grundys_game) == "grundys_game"
    assert isinstance(rulesets.kayles, HeapGame)


@pytest.mark.parametrize("code", ["0.8", "77", "", "0.", ".", "0.7a", " 0.7", "1.7", "0..7", "-0.7"])
def test_bad_codes(code):
    with pytest.raises(ValueError, match="code"):
        octal(code)


@pytest.mark.parametrize("code", [0.77, None, 77])
def test_code_must_be_a_string(code):
    with pytest.raises(TypeError, match="code must be a str"):
        octal(code)


def test_bad_heap():
    with pytest.raises(ValueError, match="n must be a non-negative int, got -1"):
        rulesets.kayles.options(-1)
    with pytest.raises(TypeError, match=r"position\[0\] must be an int"):
        list(rulesets.kayles.successors((1.0,)))


def test_option_count_bounds_what_heap_options_lists():
    """heap_options refuses a heap by option_count, so it must never undercount (else a huge list slips through)."""
    from nimlib import rulesets as r

    games = [r.kayles, r.nim, r.grundys_game, r.laskers_nim, r.crosses, r.trominoes, r.subtraction({1, 3, 4})]
    games.append(r.HeapGame("allbut", r.TakeRule(take_any=True, take_except=(2,))))
    for game in games:
        for n in range(40):
            assert len(list(game.takes.heap_options(n))) <= game.takes.option_count(n) <= 2 * n + 8
