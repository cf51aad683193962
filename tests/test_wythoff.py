"""Wythoff's game: the golden-ratio formula against exhaustive search, exact at huge n, and the widget fixture."""

from __future__ import annotations

import json
import math
from decimal import Decimal, localcontext
from pathlib import Path

import pytest

from nimlib import search
from nimlib.game import Game, Playable
from nimlib.grundy import grundy_value
from nimlib.wythoff import (
    Wythoff,
    grundy,
    grundy_row,
    grundy_table,
    index_of,
    is_p_position,
    lower,
    moves,
    p_positions,
    partner,
    upper,
    winning_moves,
)

FIXTURE = Path(__file__).parent / "js" / "fixtures" / "wythoff.json"


def fib(k: int) -> int:
    a, b = 0, 1
    for _ in range(k):
        a, b = b, a + b
    return a


def exact_floor_phi(n: int) -> int:
    """⌊nφ⌋ from 200-digit decimals, then proved by a < nφ < a + 1, i.e. (2a − n)² < 5n² < (2a + 2 − n)²."""
    with localcontext() as ctx:
        ctx.prec = 200
        a = int(Decimal(n) * (1 + Decimal(5).sqrt()) / 2)
    assert (2 * a - n) ** 2 < 5 * n * n < (2 * a + 2 - n) ** 2
    return a


def test_first_pairs_are_the_classical_table():
    assert p_positions(10) == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20), (14, 23)]


@pytest.mark.parametrize("n", [fib(k) for k in range(60, 120, 7)] + [10**30 + 1, 2**200 - 1])
def test_beatty_is_exact_for_huge_n(n):
    assert lower(n) == exact_floor_phi(n)
    assert upper(n) == lower(n) + n


def test_a_float_formula_would_fail():
    # The test above bites: the float formula is wrong already for a Fibonacci number of modest size
    phi = (1 + math.sqrt(5)) / 2
    wrong = [fib(k) for k in range(40, 120) if int(fib(k) * phi) != exact_floor_phi(fib(k))]
    assert wrong, "float arithmetic was expected to fail for some large Fibonacci n"
    assert all(lower(n) == exact_floor_phi(n) for n in wrong)


def test_beatty_sequences_partition_the_positive_integers():
    n = 5000
    a = [lower(i) for i in range(1, n)]
    b = [upper(i) for i in range(1, n)]
    top = a[-1]
    covered = sorted(x for x in a + b if x <= top)
    assert covered == list(range(1, top + 1))


def test_index_and_partner():
    for m in range(3000):
        side, n = index_of(m)
        assert (lower(n) if side == "lower" else upper(n)) == m
        assert is_p_position((m, partner(m)))
    big = fib(150) + 3
    for m in range(big, big + 200):
        assert is_p_position((m, partner(m)))


def test_formula_agrees_with_search_on_a_grid():
    known: dict = {}
    size = 30
    for x in range(size):
        for y in range(size):
            assert search.solve(moves, (x, y), known=known)[(x, y)] == is_p_position((x, y)), (x, y)


def test_winning_moves_are_exactly_the_moves_to_p_positions():
    for x in range(25):
        for y in range(25):
            expected = sorted(m for m in moves((x, y)) if is_p_position(m))
            assert winning_moves((x, y)) == expected, (x, y)


def test_winning_moves_on_huge_positions():
    n = fib(90)
    x, y = lower(n) + 5, upper(n) + 5
    found = winning_moves((x, y))
    assert (lower(n), upper(n)) in found
    assert all(is_p_position(m) for m in found)


def test_grundy_table_against_generic_grundy_values():
    table = grundy_table(14)
    known: dict = {}
    for x in range(14):
        for y in range(14):
            assert table[x][y] == grundy_value(moves, (x, y), known=known)
    assert table == [list(r) for r in zip(*table, strict=True)]  # symmetric
    assert all(table[x][y] == 0 for x, y in [(1, 2), (3, 5), (4, 7)])


def test_grundy_row_and_single_value():
    table = grundy_table(40)
    for r in (0, 1, 5, 17):
        assert grundy_row(r, 40) == table[r]
    assert grundy_row(0, 9) == list(range(9))
    assert grundy((7, 11)) == table[7][11]
    # G(x, y) is 0 exactly on the golden-ratio pairs
    assert {(x, y) for x in range(40) for y in range(40) if table[x][y] == 0} == {
        (x, y) for x in range(40) for y in range(40) if is_p_position((x, y))
    }


def test_large_table_is_computed():
    table = grundy_table(200)
    assert len(table) == 200 and len(table[199]) == 200
    assert table[199][199] > 0


def test_rules_object_follows_the_protocol():
    game = Wythoff()
    assert isinstance(game, Game) and isinstance(game, Playable)
    assert game.widget == "wythoff" and game.widget_params() == {"board": 12}
    assert set(game.moves((2, 1))) == {(0, 1), (1, 1), (2, 0), (1, 0)}
    assert game.apply((7, 11), (6, 10)) == (6, 10)
    assert game.decode(game.encode((7, 11))) == (7, 11)
    assert game.decode_move([4, 7]) == (4, 7) and game.encode_move((4, 7)) == [4, 7]
    assert game.describe((7, 11), (6, 10)) == "take 1 from both heaps"
    assert game.describe((7, 11), (7, 4)) == "take 7 from heap 1"
    assert game.describe((7, 11), (2, 11)) == "take 5 from heap 0"
    assert game.is_over((0, 0)) and not game.is_over((0, 1))
    assert game.winning_move((7, 11)) == (6, 10) and game.winning_move((4, 7)) is None
    assert [game.stalling_move(p) for p in [(4, 7), (7, 4), (3, 3), (0, 0)]] == [(4, 6), (6, 4), (3, 2), None]


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: is_p_position((1, -2)), ValueError, "position[1]"),
        (lambda: is_p_position((1, 2, 3)), ValueError, "pair"),
        (lambda: is_p_position("12"), TypeError, "pair"),
        (lambda: winning_moves((1.5, 2)), TypeError, "position[0]"),
        (lambda: grundy_table(-1), ValueError, "size"),
        (lambda: grundy_row(2, True), TypeError, "n"),
        (lambda: p_positions("3"), TypeError, "limit"),
        (lambda: Wythoff().apply((3, 3), (2, 3 + 1)), ValueError, "not legal"),
        (lambda: Wythoff().apply((3, 3), (1, 2)), ValueError, "not legal"),
        (lambda: Wythoff(board=1), ValueError, "board"),
    ],
)
def test_bad_input(call, error, words):
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        call()


def test_write_js_fixture():
    """Write what the node test compares the JS rules with (tests/js/test_wythoff.test.mjs), on a 12 × 12 board."""
    size = 12
    game = Wythoff()
    table = grundy_table(size)
    positions = {}
    for x in range(size):
        for y in range(size):
            options = moves((x, y))
            positions[f"{x},{y}"] = {
                "moves": [list(m) for m in options],
                "labels": [game.describe((x, y), m) for m in options],
                "winning": [list(m) for m in winning_moves((x, y))],
                "grundy": table[x][y],
                "p": is_p_position((x, y)),
                "stall": None if (x, y) == (0, 0) else list(game.stalling_move((x, y))),
            }
    data = {"size": size, "p_positions": [list(p) for p in p_positions(40)], "positions": positions}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
    if not FIXTURE.exists() or FIXTURE.read_text() != text:
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        FIXTURE.write_text(text)
    assert json.loads(FIXTURE.read_text()) == data


# ---------------------------------------------------------------- limits (issue #17)


def test_single_values_and_rows_keep_one_row_but_agree_with_the_table():
    table = grundy_table(40)
    assert all(grundy((x, y)) == table[x][y] for x in range(40) for y in range(40))
    assert all(grundy_row(r, 40) == table[r] for r in range(40))
    assert grundy_row(0, 0) == [] and grundy_row(39, 1) == [39]


@pytest.mark.parametrize(
    ("call", "limit"),
    [
        (lambda: grundy((10**6, 10**6)), "MAX_CELLS = 20,000,000"),
        (lambda: grundy((10**18, 3)), "MAX_CELLS = 20,000,000"),
        (lambda: grundy_row(10**8, 3), "MAX_CELLS = 20,000,000"),
        (lambda: grundy_row(10**18, 3), "MAX_CELLS = 20,000,000"),
        (lambda: grundy_table(2001), "MAX_TABLE_CELLS = 4,000,000"),
    ],
    ids=["grundy 10^6", "grundy 10^18", "row 10^8", "row 10^18", "table 2001"],
)
def test_sizes_past_the_limit_are_refused_at_once(call, limit):
    with pytest.raises(ValueError, match=limit):
        call()


def test_a_thin_table_far_out_is_fine():
    # a far square of a thin table is computed by its short side: G(x, y) = G(y, x)
    assert grundy((3, 2000)) == grundy((2000, 3)) == grundy_row(3, 2001)[2000]


def test_the_widget_board_and_the_page_share_one_limit():
    """Python refuses a board the page cannot play: its PAGE_LIMIT is the page's WYTHOFF_LIMIT."""
    import re

    from nimlib import wythoff

    source = (Path(__file__).parents[1] / "nimlib" / "static" / "games" / "wythoff.js").read_text(encoding="utf-8")
    found = re.findall(r"^export const WYTHOFF_LIMIT = (\d+);", source, re.M)
    assert found == [str(wythoff.PAGE_LIMIT)], found
    largest = Wythoff(board=wythoff.PAGE_LIMIT + 1)
    assert max(largest.start()) == wythoff.PAGE_LIMIT
    with pytest.raises(ValueError, match=f"board must be at most {wythoff.PAGE_LIMIT + 1}"):
        Wythoff(board=wythoff.PAGE_LIMIT + 2)
