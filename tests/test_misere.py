"""Misère values and genus: against the exhaustive misère search of whole sums, never against XOR."""

from __future__ import annotations

import itertools

import pytest

from nimlib import search
from nimlib.grundy import grundy_value
from nimlib.misere import check_misere_size, genus, misere_grundy, misere_values
from nimlib.rulesets import dawsons_kayles, grundys_game, kayles, laskers_nim, nim, octal

GAMES = [kayles, dawsons_kayles, octal("0.137"), grundys_game, octal("0.6"), octal("4.07")]


def sums(most_heaps: int, total: int):
    """Every multiset of 1..most_heaps non-empty heaps with at most ``total`` tokens, sorted."""
    for k in range(1, most_heaps + 1):
        for heaps in itertools.combinations_with_replacement(range(1, total + 1), k):
            if sum(heaps) <= total:
                yield heaps


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_value_zero_exactly_at_misere_p_positions_of_sums(game):
    known: dict = {}
    positions = list(sums(3, 11))
    agree = sum(
        (misere_grundy(game, p) == 0) == search.solve(game.successors, p, misere=True, known=known)[p]
        for p in positions
    )
    assert agree == len(positions)


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_single_heaps_agree_with_the_position_values(game):
    assert misere_values(game, 14) == [misere_grundy(game, (m,) if m else ()) for m in range(14)]


def test_misere_values_are_not_an_xor_rule():
    # (1, 1) in misère Nim: both heaps are worth 0 alone, but the sum is an N-position (value 1)
    assert misere_values(nim, 2) == [1, 0]
    assert misere_grundy(nim, (1, 1)) == 1
    assert not search.is_p_position(nim.successors, (1, 1), misere=True)


def test_misere_nim():
    values = misere_values(nim, 12)
    assert values == [1, 0] + list(range(2, 12))
    # Bouton's misère rule: P exactly when (some heap >= 2 and XOR = 0) or (all heaps <= 1 and XOR = 1)
    for p in sums(3, 9):
        x = p[0] ^ (p[1] if len(p) > 1 else 0) ^ (p[2] if len(p) > 2 else 0)
        bouton_p = x == 0 if max(p) >= 2 else x == 1
        assert (misere_grundy(nim, p) == 0) == bouton_p, p


def test_genus_of_nim_heaps():
    # *0 = 0^{120}, *1 = 1^{031}, and *n = n^{n, n XOR 2} for n >= 2 (ONAG ch. 12)
    expected = [(0, (1, 2, 0)), (1, (0, 3, 1))] + [(n, (n, n ^ 2)) for n in range(2, 10)]
    assert genus(nim, 10) == expected


# Misère Kayles, Winning Ways ch. 13 (the genus of heaps 0..15); each is re-derived below by search
KAYLES_GENUS = "0^120 1^031 2^20 3^31 1^031 4^146 3^31 2^20 1^13 4^046 2^20 6^46 4^046 1^13 2^20 7^57"


def test_misere_kayles_genus_matches_winning_ways():
    got = [f"{g}^{''.join(map(str, gs))}" for g, gs in genus(kayles, 16)]
    assert got == KAYLES_GENUS.split()


def test_genus_gammas_by_search():
    # In Kayles a heap of 2 pins *is* the Nim heap *2 (same game tree), so H + i·*2 is the Kayles
    # position (H, 2, …, 2): its misère outcome comes from the exhaustive search
    known: dict = {}
    checked = 0
    for m, (_, gammas) in enumerate(genus(kayles, 13)):
        for i in range(len(gammas) + 3):
            gamma = gammas[i] if i < len(gammas) else gammas[-2 + (i - len(gammas)) % 2]
            position = tuple(sorted(((m,) if m else ()) + (2,) * i))
            assert misere_grundy(kayles, position) == gamma
            assert search.solve(kayles.successors, position, misere=True, known=known)[position] == (gamma == 0)
            checked += 1
    assert checked > 60


def test_genus_first_entry_is_the_normal_value_and_gamma0_the_misere_value():
    for game in GAMES:
        entries = genus(game, 12)
        assert [g for g, _ in entries] == [misere_grundy_normal(game, m) for m in range(12)]
        assert [gs[0] for _, gs in entries] == misere_values(game, 12)
        # Settled: the last two entries alternate, the one before breaks it (or there is none)
        for _, gs in entries:
            assert len(gs) >= 2
            assert len(gs) == 2 or gs[-3] != gs[-1]


def misere_grundy_normal(game, m):
    from nimlib.grundy import heap_values

    return heap_values(game, m + 1)[m]


def test_protocol_games_and_successor_functions():
    # A successors function: take 1 or 2 from a single counter; misère: the last to take loses
    def options(n):
        return [n - k for k in (1, 2) if k <= n]

    # Misère subtraction {1, 2}: P exactly when n = 1 mod 3
    assert [misere_grundy(options, n) == 0 for n in range(7)] == [n % 3 == 1 for n in range(7)]


def test_bad_input():
    with pytest.raises(TypeError, match="game must be a HeapGame"):
        misere_values("kayles", 3)
    with pytest.raises(ValueError, match="n must be a non-negative int"):
        genus(kayles, -1)
    with pytest.raises(TypeError, match="game must be"):
        misere_grundy(42, (1,))
    with pytest.raises(ValueError):
        misere_grundy(kayles, (1, -2))


def test_a_rules_object_of_the_game_protocol():
    from nimlib.game import Ruleset

    class TakeOneOrTwo(Ruleset):
        name = "take 1 or 2"

        def moves(self, position):
            return [k for k in (1, 2) if k <= position]

        def apply(self, position, move):
            return position - move

    assert [misere_grundy(TakeOneOrTwo(), n) for n in range(7)] == [1, 0, 2, 1, 0, 2, 1]


# ---------------------------------------------------------------- limits (issue #17)


@pytest.mark.parametrize(
    ("call", "limit"),
    [
        (lambda: misere_values(kayles, 60), "MAX_MISERE_SPLITTING = 40"),
        (lambda: misere_values(grundys_game, 41), "MAX_MISERE_SPLITTING = 40"),
        (lambda: misere_values(laskers_nim, 36), "MAX_MISERE_TAKE_ANY_SPLITTING = 35"),
        (lambda: misere_values(nim, 5001), "MAX_MISERE_SIMPLE = 5,000"),
        (lambda: genus(kayles, 45), "MAX_GENUS_SPLITTING = 30"),
        (lambda: genus(laskers_nim, 26), "MAX_GENUS_TAKE_ANY_SPLITTING = 25"),
        (lambda: genus(nim, 1001), "MAX_GENUS_SIMPLE = 1,000"),
    ],
    ids=["kayles 60", "grundy 41", "lasker 36", "nim 5001", "genus kayles 45", "genus lasker 26", "genus nim 1001"],
)
def test_sizes_past_the_caps_are_refused_up_front(call, limit):
    with pytest.raises(ValueError, match=limit):
        call()


def test_the_caps_themselves_are_accepted():
    check_misere_size(kayles, 40)
    check_misere_size(laskers_nim, 35)
    check_misere_size(kayles, 30, genus=True)
    check_misere_size(nim, 1000, genus=True)


def test_a_cyclic_game_is_refused_as_grundy_value_does():
    def options(n):  # 0 -> 1 -> 2 -> 0: no position ever ends
        return [(n + 1) % 3]

    with pytest.raises(ValueError, match="not finite"):
        misere_grundy(options, 0)
    with pytest.raises(ValueError, match="not finite"):
        grundy_value(options, 0)
    # a cycle reached after a finite part is caught too; an acyclic graph with shared positions is not refused
    with pytest.raises(ValueError, match="not finite"):
        misere_grundy(lambda n: [n - 1] if n > 5 else [6] if n == 3 else [n + 1], 10)
    assert misere_grundy(lambda n: [m for m in (n - 1, n - 2) if m >= 0], 6) == misere_grundy(
        lambda n: [m for m in (n - 1, n - 2) if m >= 0], 6, limit=100
    )


def test_a_huge_tree_is_refused_by_its_limit():
    with pytest.raises(ValueError, match="more than limit=1,000 positions"):
        misere_grundy(lambda n: [n + 1] if n < 10**6 else [], 0, limit=1000)


@pytest.mark.slow  # the caps themselves (seconds each): the documented limits finish
def test_the_caps_finish():
    assert len(misere_values(kayles, 40)) == 40
    assert len(genus(kayles, 30)) == 30
    assert len(misere_values(laskers_nim, 35)) == 35
