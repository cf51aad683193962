"""Subtraction games: the pigeonhole bound, periods two ways, and all-but games against the plain definition."""

from __future__ import annotations

from itertools import combinations

import pytest

from nimlib import find_period, grundy_values
from nimlib.grundy import heap_values
from nimlib.rulesets import subtraction
from nimlib.subtraction import (
    allbut,
    allbut_values,
    first_repeat,
    period_bound,
    subtraction_period,
    subtraction_values,
)

SETS = [rest + (k,) for k in range(1, 9) for r in range(k) for rest in combinations(range(1, k), r)]


def test_values_match_the_engine():
    for s in SETS[:80]:
        assert subtraction_values(s, 60) == grundy_values(subtraction(s), 60).tolist()


def test_period_bound_is_the_proof_bound():
    assert period_bound({1}) == 2
    assert period_bound({2}) == 4
    assert period_bound({1, 2, 3}) == 4**3
    assert period_bound([4, 1, 3, 1]) == 4**4


def test_period_bound_holds_and_is_attained():
    # The bound is attained for S = {1} and S = {2}: an off-by-one bound fails here
    for s in SETS:
        n0, p = first_repeat(s)
        assert n0 + p <= period_bound(s)
    assert sum(first_repeat({1})) == period_bound({1})
    assert sum(first_repeat({2})) == period_bound({2})


def test_first_repeat_is_the_least_preperiod_and_period():
    for s in SETS:
        n0, p = first_repeat(s)
        g = subtraction_values(s, n0 + 6 * p + 2 * max(s))
        assert all(g[n + p] == g[n] for n in range(n0, len(g) - p))
        if n0:
            assert g[n0 - 1 + p] != g[n0 - 1]
        for q in range(1, p):
            assert any(g[n + q] != g[n] for n in range(n0, len(g) - q)), (s, q)


def test_first_repeat_agrees_with_find_period():
    for s in SETS:
        found = subtraction_period(s)
        assert found.certified and found.saltus == 0
        assert (found.preperiod, found.period) == first_repeat(s), s


def test_known_periods():
    for k in range(1, 9):
        assert first_repeat(range(1, k + 1)) == (0, k + 1)
    assert first_repeat({2, 4, 7}) == (8, 3)
    for b in range(2, 25):
        for a in range(1, b):
            odd_multiple = b % a == 0 and (b // a) % 2 == 1
            assert first_repeat({a, b}) == (0, 2 * a if odd_multiple else a + b), (a, b)


def test_allbut_fast_values_match_the_definition():
    for r in range(4):
        for excluded in combinations(range(1, 7), r):
            assert allbut_values(excluded, 90) == heap_values(allbut(excluded), 90), excluded
    assert allbut_values(set(), 6) == [0, 1, 2, 3, 4, 5]  # excluding nothing is Nim


def test_allbut_arithmetic_periods():
    assert allbut_values({1}, 8) == [0, 0, 1, 1, 2, 2, 3, 3]
    found = find_period(allbut_values({3}, 600))
    assert (found.preperiod, found.period, found.saltus) == (0, 6, 3)
    found = find_period(allbut_values({2, 3, 6, 8}, 2000))
    assert found.preperiod > 0


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: period_bound(set()), ValueError, "empty"),
        (lambda: period_bound({0, 2}), ValueError, "subtraction_set"),
        (lambda: period_bound("12"), TypeError, "subtraction_set"),
        (lambda: first_repeat({1.5}), TypeError, "allowed"),
        (lambda: subtraction_period({1, 2}, limit=0), ValueError, "limit"),
        (lambda: allbut(3), TypeError, "excluded"),
        (lambda: allbut({-1}), ValueError, "excluded"),
        (lambda: allbut_values({1}, -1), ValueError, "n"),
    ],
)
def test_bad_input(call, error, words):
    with pytest.raises(error, match=words):
        call()
