"""The fast engine: right values (against plain loops, the game tree and a published table) and certified periods."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from nimlib import find_period, grundy_value, grundy_values, octal, rulesets
from nimlib.grundy import heap_values
from nimlib.periodicity import Periodicity

TABLE = Path(__file__).resolve().parents[2] / "shared" / "octal-games-tczajka" / "TrivialGames.md"

CODES = ["0.77", "0.07", "0.137", "0.11337", "0.007", "4.07", "0.6", "0.51", "0.16", "0.31", "4.3", "0.45", "0.165"]


def tree_values(game, n):
    """Grundy values by the game tree over whole positions (no XOR of parts assumed)."""
    known: dict = {}
    return [grundy_value(game.successors, (m,) if m else (), known=known) for m in range(n)]


@pytest.mark.parametrize("code", CODES)
def test_engine_matches_the_game_tree_and_the_python_reference(code):
    game = octal(code)
    assert grundy_values(game, 61).tolist() == heap_values(game, 61)
    # The whole game tree, every multi-heap position included (no XOR of parts assumed), up to 30 tokens:
    # beyond that the tree of a splitting game grows past a million positions
    assert grundy_values(game, 31).tolist() == tree_values(game, 31)


@pytest.mark.parametrize("game", [rulesets.grundys_game, rulesets.laskers_nim, rulesets.nim], ids=repr)
def test_named_games_match_the_python_reference(game):
    assert grundy_values(game, 301).tolist() == heap_values(game, 301)
    assert grundy_values(game, 17).tolist() == tree_values(game, 17)


@pytest.mark.parametrize(
    "game", [rulesets.grundys_game, rulesets.kayles, rulesets.crosses, octal("4.07"), octal("0.007")], ids=repr
)
def test_fast_paths_equal_the_plain_loop(game):
    plain = grundy_values(game, 20_000, method="plain")
    assert np.array_equal(grundy_values(game, 20_000), plain)
    assert np.array_equal(grundy_values(game, 20_000, method="sparse"), plain)


def test_grundys_game_known_values():
    # OEIS A002188
    start = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2]
    assert grundy_values(rulesets.grundys_game, len(start)).tolist() == start


def test_two_bytes_a_value():
    assert grundy_values(rulesets.kayles, 1000).dtype == np.uint16
    assert grundy_values(rulesets.laskers_nim, 10).dtype == np.uint16


@pytest.mark.parametrize(
    ("game", "preperiod", "period"),
    [(rulesets.kayles, 71, 12), (rulesets.crosses, 52, 34), (rulesets.dawsons_kayles, 53, 34)],
    ids=repr,
)
def test_expected_periods(game, preperiod, period):
    found = find_period(game)
    assert (found.preperiod, found.period, found.certified) == (preperiod, period, True)
    assert found.needed == 2 * max(preperiod, 1) + 2 * period + game.max_take <= found.computed
    # And the certificate's claim holds far beyond what it read
    values = grundy_values(game, 5000, method="plain")
    assert np.array_equal(values[preperiod + period :], values[preperiod:-period])


def test_grundys_game_has_no_period_in_range():
    assert find_period(rulesets.grundys_game, limit=4096) is None


def test_lasker_is_arithmetic_periodic():
    found = find_period(rulesets.laskers_nim)
    assert (found.preperiod, found.period, found.saltus, found.certified) == (1, 4, 4, False)


def test_find_period_of_a_sequence():
    found = find_period([5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2])
    assert found == Periodicity(1, 3, 0, False, 13, None)
    assert find_period([0, 1, 2, 3]) is not None and find_period([0, 1, 2, 3]).saltus == 1
    with pytest.raises(TypeError):
        find_period([[1, 2], [3, 4]])


def test_bad_arguments():
    with pytest.raises(ValueError, match="n must be a non-negative int, got -1"):
        grundy_values(rulesets.kayles, -1)
    with pytest.raises(ValueError, match="method must be one of"):
        grundy_values(rulesets.kayles, 10, method="fast")
    with pytest.raises(TypeError, match="ruleset must be a HeapGame"):
        grundy_values("0.77", 10)


def _table_rows():
    if not TABLE.exists():
        return []
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(
            r"\s*([0-7]*\.?[0-7]*)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*([0-9A-Z]+)\(([0-9A-Z]+)\)\s*", line
        )
        if match:
            rows.append(match.groups())
    return rows


TABLE_ROWS = _table_rows()


def test_the_table_was_read():
    if not TABLE.exists():
        pytest.skip(f"outside reference table not found at {TABLE}")
    assert len(TABLE_ROWS) >= 80


@pytest.mark.parametrize(("code", "prefix", "period", "head", "cycle"), TABLE_ROWS, ids=[r[0] for r in TABLE_ROWS])
def test_against_the_published_table(code, prefix, period, head, cycle):
    game = octal(code)
    found = find_period(game)
    assert found is not None and found.certified
    assert (found.preperiod, found.period) == (int(prefix), int(period))
    digits = [int(c, 36) for c in head + cycle]
    assert grundy_values(game, len(digits)).tolist() == digits


SOLVED = TABLE.with_name("SolvedGames.md")
UNSOLVED = TABLE.with_name("UnsolvedGames.md")


def _rows(path, columns):
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) >= columns and re.fullmatch(r"[0-7]*\.[0-7]+|Grundy's", cells[0]):
            rows.append(cells)
    return rows


# The nontrivial solved games whose certificate needs at most 2^15 values (the others take minutes)
SOLVED_ROWS = [r for r in _rows(SOLVED, 3) if 2 * int(r[1]) + 2 * int(r[2]) + 3 <= 1 << 15]


@pytest.mark.parametrize("row", SOLVED_ROWS, ids=[r[0] for r in SOLVED_ROWS])
def test_nontrivial_solved_games(row):
    code, prefix, period = row[0], int(row[1]), int(row[2])
    found = find_period(octal(code), limit=1 << 15)
    assert found is not None and (found.preperiod, found.period) == (prefix, period)


def test_enough_solved_games_were_read():
    if not SOLVED.exists():
        pytest.skip("outside reference table not found")
    assert len(SOLVED_ROWS) >= 4


def test_grundys_game_rare_values_match_the_published_table():
    rows = {r[0]: r for r in _rows(UNSOLVED, 7)}
    if "Grundy's" not in rows:
        pytest.skip("outside reference table not found")
    _, _, _largest_index, _largest, mask, rare_count, last_rare = rows["Grundy's"][:7]
    mask = int(mask, 16)
    values = grundy_values(rulesets.grundys_game, 100_000)
    rare = [n for n, v in enumerate(values.tolist()) if bin(v & mask).count("1") % 2 == 0]
    assert (len(rare), rare[-1]) == (int(rare_count), int(last_rare))
