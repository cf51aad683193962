"""Fibonacci Nim: Zeckendorf's theorem and Whinihan's strategy against exhaustive search, and the page's replies."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from itertools import combinations, pairwise

import pytest

from nimlib import search
from nimlib.fibonacci import (
    MAX_SEARCH_N,
    WIDGET_LIMIT,
    FibonacciNim,
    after_take,
    fibonacci_numbers,
    grundy_table,
    is_fibonacci,
    is_p_position,
    search_outcomes,
    search_p_positions,
    smallest_term,
    stalling_move,
    start_position,
    winning_move,
    zeckendorf,
)
from nimlib.game import Game, Playable

from .conftest import ROOT

NODE = shutil.which("node")
LIMIT = 200  # the chapter's range, and the page's heaps


def fibs_by_recurrence(count: int) -> list[int]:
    """1, 2, 3, 5, … written out by the recurrence alone (the test's own list)."""
    out = [1, 2]
    while len(out) < count:
        out.append(out[-1] + out[-2])
    return out


FIBS = fibs_by_recurrence(40)


# ---------------------------------------------------------------- Zeckendorf's theorem


def test_fibonacci_numbers():
    assert fibonacci_numbers(100) == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
    assert fibonacci_numbers(0) == [] and fibonacci_numbers(1) == [1]
    assert fibonacci_numbers(FIBS[-1]) == FIBS
    assert [n for n in range(1, 150) if is_fibonacci(n)] == [f for f in FIBS if f < 150]


def test_zeckendorf_exists_and_is_unique_by_enumerating_every_non_consecutive_sum():
    """Every set of non-consecutive Fibonacci numbers below 1000 has its own sum, and the sums cover 1 … 987 + …."""
    fibs = [f for f in FIBS if f < 1000]  # 16 numbers
    sums: dict[int, tuple[int, ...]] = {}
    for size in range(1, len(fibs) + 1):
        for chosen in combinations(range(len(fibs)), size):
            if any(b - a == 1 for a, b in pairwise(chosen)):
                continue
            total = sum(fibs[i] for i in chosen)
            assert total not in sums, f"{total} has two representations"
            sums[total] = tuple(sorted((fibs[i] for i in chosen), reverse=True))
    # every n up to the next Fibonacci number minus one has one, and zeckendorf finds it
    top = FIBS[len(fibs)] - 1
    assert sorted(sums) == list(range(1, top + 1))
    for n, terms in sums.items():
        assert zeckendorf(n) == terms, n
    assert zeckendorf(0) == ()


def test_zeckendorf_is_exact_for_huge_n():
    n = 10**60 + 12345
    terms = zeckendorf(n)
    assert sum(terms) == n and list(terms) == sorted(terms, reverse=True)
    fibs = fibonacci_numbers(n)
    index = [fibs.index(t) for t in terms]
    assert all(a - b >= 2 for a, b in pairwise(index))


def test_named_representations():
    assert zeckendorf(100) == (89, 8, 3)
    assert zeckendorf(20) == (13, 5, 2)
    assert zeckendorf(33) == (21, 8, 3, 1)
    assert [smallest_term(n) for n in range(1, 13)] == [1, 2, 3, 1, 5, 1, 2, 8, 1, 2, 3, 1]


# ---------------------------------------------------------------- Whinihan's theorem against search


@pytest.fixture(scope="module")
def win():
    return search_outcomes(LIMIT)


def test_whinihan_agrees_with_search_on_every_position(win):
    checked = 0
    for n in range(LIMIT + 1):
        for most in range(n + 1):
            assert is_p_position((n, most)) == (not win[n][most]), (n, most)
            checked += 1
    assert checked == (LIMIT + 1) * (LIMIT + 2) // 2 == 20_301


def test_search_agrees_with_nimlib_generic_searcher():
    """The table search against nimlib.search on the rules object (another implementation of the search)."""
    game = FibonacciNim(30)
    win = search_outcomes(30)
    for n in range(31):
        for most in range(n + 1):
            assert search.is_p_position(game, (n, most)) == (not win[n][most])


def test_the_winning_move_wins_and_is_the_smallest_term(win):
    for n in range(1, LIMIT + 1):
        for most in range(n + 1):
            t = winning_move((n, most))
            if win[n][most]:
                assert t == smallest_term(n)
                rest, allowed = after_take((n, most), t)
                assert not win[rest][allowed], (n, most, t)
            else:
                assert t is None


def test_the_two_lemmas_of_the_proof():
    """After taking q, the next term is > 2q; a take t < q leaves a smallest term ≤ 2t."""
    for n in range(1, 2000):
        terms = zeckendorf(n)
        q = terms[-1]
        if len(terms) > 1:
            assert terms[-2] > 2 * q, n
            assert smallest_term(n - q) == terms[-2]
        for t in range(1, q):
            assert smallest_term(n - t) <= 2 * t, (n, t)


def test_first_player_loses_exactly_from_a_fibonacci_number(win):
    losing = [n for n in range(2, LIMIT + 1) if not win[n][n - 1]]
    assert losing == [f for f in FIBS if 2 <= f <= LIMIT]
    assert [n for n in range(2, LIMIT + 1) if is_p_position(start_position(n))] == losing


def test_number_of_p_positions_is_the_sum_of_smallest_terms(win):
    count = len(search_p_positions(LIMIT))
    assert count == 1 + sum(smallest_term(n) for n in range(1, LIMIT + 1))
    assert count == sum(1 for row in win for w in row if not w)


def test_planted_wrong_strategies_are_caught(win):
    """The check above bites: the largest term, or '≤ 2·most', or an off-by-one, disagree with search somewhere."""

    def wrong_largest(n, most):
        return n == 0 or zeckendorf(n)[0] > most

    def wrong_off_by_one(n, most):
        return n == 0 or smallest_term(n) >= most

    def wrong_greedy_fib(n, most):
        return n == 0 or max(f for f in FIBS if f <= n) > most

    for wrong in (wrong_largest, wrong_off_by_one, wrong_greedy_fib):
        assert any(wrong(n, m) != (not win[n][m]) for n in range(LIMIT + 1) for m in range(n + 1)), wrong.__name__


def test_grundy_values_by_mex_and_zero_exactly_at_p_positions(win):
    table = grundy_table(60)
    game = FibonacciNim(60)
    for n in range(61):
        for most in range(n + 1):
            values = {table[r][m] for r, m in game.options((n, most))}
            g = 0
            while g in values:
                g += 1
            assert table[n][most] == g
            assert (g == 0) == (not win[n][most])
    assert table[4] == [0, 1, 1, 3, 3] and table[8] == [0] * 8 + [5]


# ---------------------------------------------------------------- the rules object


def test_rules_object_follows_the_protocol():
    game = FibonacciNim(20)
    assert isinstance(game, Game) and isinstance(game, Playable)
    assert game.start() == (20, 19) and repr(game) == "FibonacciNim()" and repr(FibonacciNim(13)) == "FibonacciNim(13)"
    assert game.moves((10, 3)) == [1, 2, 3] and game.moves((1, 0)) == []
    assert game.apply((20, 19), 2) == (18, 4) and game.apply((5, 4), 4) == (1, 1)
    assert game.is_over((1, 0)) and game.is_over((0, 0)) and not game.is_over((2, 1))
    assert game.describe((20, 19), 2) == "take 2"
    assert game.encode((18, 4)) == [18, 4] and game.decode([18, 4]) == (18, 4)
    assert game.encode_move(3) == [3] and game.decode_move([3]) == 3
    assert game.winning_move((20, 19)) == 2 and game.stalling_move((13, 12)) == 1
    assert stalling_move((5, 0)) is None
    assert game.widget_params() == {"heap": 20}


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: zeckendorf(-1), ValueError, "n must be a non-negative int"),
        (lambda: zeckendorf(2.0), TypeError, "n must be an int"),
        (lambda: zeckendorf(True), TypeError, "n must be an int"),
        (lambda: zeckendorf("5"), TypeError, "n must be an int"),
        (lambda: smallest_term(0), ValueError, "n"),
        (lambda: is_p_position((3, 4)), ValueError, "at most n = 3"),
        (lambda: is_p_position((3, 1, 1)), ValueError, "pair"),
        (lambda: is_p_position("31"), TypeError, "pair"),
        (lambda: winning_move((1.5, 1)), TypeError, "position[0]"),
        (lambda: after_take((10, 3), 4), ValueError, "not legal"),
        (lambda: after_take((10, 3), 0), ValueError, "take"),
        (lambda: search_outcomes(MAX_SEARCH_N + 1), ValueError, "MAX_SEARCH_N"),
        (lambda: grundy_table(1000), ValueError, "MAX_GRUNDY_WORK"),
        (lambda: FibonacciNim(1), ValueError, "heap"),
        (lambda: FibonacciNim(WIDGET_LIMIT + 1), ValueError, "WIDGET_LIMIT"),
        (lambda: FibonacciNim().encode((WIDGET_LIMIT + 1, 3)), ValueError, "WIDGET_LIMIT"),
        (lambda: FibonacciNim().decode_move(3), TypeError, "move"),
        (lambda: FibonacciNim().decode_move([0]), ValueError, "move"),
    ],
)
def test_bad_input(call, error, words):
    with pytest.raises(error, match=re.escape(words)):
        call()


def test_the_widget_and_the_page_share_one_limit():
    source = (ROOT / "nimlib" / "static" / "games" / "fibonacci.js").read_text(encoding="utf-8")
    assert re.findall(r"^export const FIB_LIMIT = (\d+);", source, re.M) == [str(WIDGET_LIMIT)]


# ---------------------------------------------------------------- the page's replies on every position


@pytest.fixture(scope="module")
def page():
    if NODE is None:
        pytest.skip("node is not installed")
    result = subprocess.run(
        [NODE, str(ROOT / "tests" / "js" / "fibonacci_check.mjs")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def test_page_replies_agree_with_search_on_every_position(page, win):
    rows = page["rows"]
    assert page["limit"] == WIDGET_LIMIT == LIMIT and len(rows) == 20_301
    game = FibonacciNim()
    table = grundy_table(LIMIT)
    for row in rows:
        n, most = row["p"]
        assert row["count"] == most and row["over"] == (most == 0)
        assert row["terms"] == list(zeckendorf(n))
        assert row["grundy"] == table[n][most], (n, most)
        if row["moves"] is not None:
            assert row["moves"] == [[[t], list(game.apply((n, most), t)), f"take {t}"] for t in range(1, most + 1)]
        reply = row["reply"]
        if most == 0:
            assert reply is None and row["best"] is None
            continue
        t = reply["move"][0]
        assert reply["after"] == list(after_take((n, most), t)) and reply["label"] == f"take {t}"
        if win[n][most]:
            assert row["best"] == [t] and reply["winning"], (n, most)
            rest, allowed = reply["after"]
            assert not win[rest][allowed], (n, most)
        else:
            assert row["best"] is None and not reply["winning"] and t == stalling_move((n, most))


def test_page_explanation_says_the_terms_and_the_move(page, win):
    for row in page["rows"]:
        n, most = row["p"]
        text = html.unescape(row["explain"])
        if n == 0:
            assert "No counters" in text
            continue
        terms = zeckendorf(n)
        q = terms[-1]
        shown = f"{n} is itself a Fibonacci number" if len(terms) == 1 else f"{n} = {' + '.join(map(str, terms))}"
        assert shown in text and f"The smallest term is {q}." in text, (n, most)
        if win[n][most]:
            assert f"{q} ≤ {most}, so the winning move is to take {q}," in text
        else:
            assert f"{q} > {most}" in text and "winning move" not in text, (n, most)
            assert ("P-position" in text) == (most > 0) and ("has lost" in text) == (most == 0), (n, most)
