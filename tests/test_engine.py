"""The fast engine: right values (against plain loops, the game tree and a published table) and certified periods."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlib import find_period, grundy_value, grundy_values, octal, rulesets
from nimlib.engine.periodicity import Periodicity, search_period
from nimlib.grundy import heap_values
from nimlib.rulesets import HeapGame, TakeRule

# A copy of tczajka/octal-games (MIT licence, LICENSE alongside), so the tests stand alone
TABLE = Path(__file__).resolve().parent / "data" / "TrivialGames.md"

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
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) >= columns and re.fullmatch(r"[0-7]*\.[0-7]+|Grundy's", cells[0]):
            rows.append(cells)
    return rows


def test_grundys_game_rare_values_match_the_published_table():
    rows = {r[0]: r for r in _rows(UNSOLVED, 7)}
    _, _, _largest_index, _largest, mask, rare_count, last_rare = rows["Grundy's"][:7]
    mask = int(mask, 16)
    values = grundy_values(rulesets.grundys_game, 100_000)
    rare = [n for n, v in enumerate(values.tolist()) if bin(v & mask).count("1") % 2 == 0]
    assert (len(rare), rare[-1]) == (int(rare_count), int(last_rare))


# ---------------------------------------------------------------- fast paths, size guards, one table


def test_nim_is_g_of_n_equals_n_at_once():
    values = grundy_values(rulesets.nim, 10**6)
    assert values.dtype == np.uint32 and np.array_equal(values, np.arange(10**6))


TAKE_ANY_SPLIT = HeapGame("take any, or take 1 and split", TakeRule(take_split=(1,), take_any=True))
ALL_BUT = HeapGame("take any but 2, 3, 7, or split", TakeRule(take_split=(0,), take_any=True, take_except=(2, 3, 7)))
ALL_BUT_NO_SPLIT = HeapGame("take any but 1, 4", TakeRule(take_any=True, take_except=(1, 4)))


@pytest.mark.parametrize("game", [rulesets.laskers_nim, TAKE_ANY_SPLIT, ALL_BUT, ALL_BUT_NO_SPLIT], ids=repr)
def test_take_any_kernel_matches_the_python_reference(game):
    assert grundy_values(game, 400).tolist() == heap_values(game, 400)
    assert grundy_values(game, 17).tolist() == tree_values(game, 17)


def test_laskers_nim_formula_far_out():
    # g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3 (Winning Ways)
    n = np.arange(1, 6000)
    formula = np.where(n % 4 == 3, n + 1, np.where(n % 4 == 0, n - 1, n))
    assert np.array_equal(grundy_values(rulesets.laskers_nim, 6000)[1:], formula)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: grundy_values(rulesets.kayles, 10**12), r"limit is n <= 268,435,456 \(a 2 GiB budget\)"),
        (lambda: grundy_values(rulesets.dawsons_kayles, 2 * 10**6, method="plain"), "MAX_EVERY_SPLIT_N = 262,144"),
        (lambda: grundy_values(rulesets.laskers_nim, 2 * 10**6), "take-any game with splits"),
        (lambda: grundy_values(rulesets.kayles, 10**5, method="python"), "pure-Python method"),
        (lambda: find_period(rulesets.grundys_game, limit=10**12), "at most 67,108,864 values"),
    ],
    ids=["memory", "plain", "take-any", "python", "find_period"],
)
def test_sizes_are_refused_up_front_with_the_limit(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_long_rare_value_run_is_estimated_after_a_probe_and_refused_past_the_budget():
    """Issue 25: grundy_values(grundys_game, 10**7) ran past any estimate. Now a probe counts the rare heaps."""
    from nimlib.engine import MAX_RARE_WORK, PROBE, estimate_work
    from nimlib.engine.table import GrundyTable

    table = GrundyTable(rulesets.grundys_game)
    table.extend(PROBE)
    assert table.mask and 1200 < table.n_rare < 1300  # Grundy's game: 1,274 rare heaps in all (tczajka's table)
    # 10^7 values fit (about half a minute, tools/bench_bounds.py), 2^25 do not: n x rare visits
    assert estimate_work(table, 10**7) == {"rare": table.n_rare, "work": 10**7 * table.n_rare, "allowed": True}
    assert not estimate_work(table, 1 << 25)["allowed"] and (1 << 25) * table.n_rare > MAX_RARE_WORK
    with pytest.raises(ValueError, match=r"n = 33,554,432 is too large for grundys_game: its first 65,536 values hold"):
        grundy_values(rulesets.grundys_game, 1 << 25)
    # every size the command line accepts for a splitting game (2^24) stays allowed, even 0.014's 2,037 rare heaps
    table = GrundyTable(octal("0.014"))
    table.extend(PROBE)
    assert estimate_work(table, 1 << 24)["allowed"]
    # a period certified early needs no probe: Kayles to 2^26 is a tiling
    n = 1 << 26
    assert grundy_values(rulesets.kayles, n)[-1] == grundy_values(rulesets.kayles, 100)[72 + (n - 1 - 72) % 12]


def test_find_period_extends_one_table_and_searches_once_a_stretch(monkeypatch):
    import nimlib.engine.kernels as kernels
    import nimlib.engine.periodicity as periodicity

    searched, computed = [], []
    real_search = periodicity.search_period

    def counting_search(values, *args, **kwargs):
        searched.append(len(values))
        return real_search(values, *args, **kwargs)

    monkeypatch.setattr(periodicity, "search_period", counting_search)
    real = kernels.grundy

    def kernel(low, n_low, g, base, lo, hi, *rest):
        out = real(low, n_low, g, base, lo, hi, *rest)
        computed.append(out[0] - lo)
        return out

    monkeypatch.setattr(kernels, "grundy", kernel)  # the one hot loop: the naive mex and the rare-value method
    assert periodicity.find_period(rulesets.grundys_game, limit=8192) is None
    # Six searches (the old code made 16), and every value computed exactly once
    assert searched == [256, 512, 1024, 2048, 4096, 8192]
    assert sum(computed) == 8192


def test_progress_is_reported():
    seen = []
    grundy_values(rulesets.grundys_game, 3000, progress=seen.append)
    assert seen and seen[-1] == 3000 and seen == sorted(seen)


def test_periodicity_does_not_import_the_engine():
    """The period search sits low in the engine: it drives the table and the kernels, never the stream or methods."""
    import ast

    source = (Path(__file__).resolve().parents[1] / "nimlib" / "engine" / "periodicity.py").read_text(encoding="utf-8")
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    assert imported <= {
        "__future__",
        "collections.abc",
        "dataclasses",
        "numpy",
        "_check",
        "rulesets",
        "table",
        "kernels",
    }, imported


def reference_search(values, t, saltus):
    """The period search without the tail filter: every p in turn."""
    g = np.asarray(values, dtype=np.int64)
    n = len(g)
    for p in range(1, n // 2 + 1):
        diff = g[p:] - g[:-p]
        s = int(diff[-1]) if saltus else 0
        bad = np.flatnonzero(diff != s)
        n0 = int(bad[-1]) + 1 if bad.size else 0
        if t is not None:
            needed = 2 * max(n0, 1) + 2 * p + t
            if needed <= n:
                return (n0, p, 0, needed)
        elif n - n0 >= max(3 * p, n / 2):
            return (n0, p, s, None)
    return None


@given(
    head=st.lists(st.integers(0, 3), max_size=40),
    cycle=st.lists(st.integers(0, 3), min_size=1, max_size=12),
    repeats=st.integers(0, 12),
    step=st.integers(0, 2),
    t=st.sampled_from([None, 0, 1, 2, 5]),
)
def test_the_tail_filter_changes_no_answer(head, cycle, repeats, step, t):
    values = head + [v + step * r for r in range(repeats) for v in cycle]
    saltus = t is None
    found = search_period(np.array(values, dtype=np.int64), t, saltus=saltus)
    got = None if found is None else (found.preperiod, found.period, found.saltus, found.needed)
    assert got == reference_search(values, t, saltus)


# ---------------------------------------------------------------- published results: every solved game certified

# tczajka/octal-games, SolvedGames.md: game | prefix | period | largest idx | largest | rare mask | num rare | last rare
SOLVED_ROWS = _rows(SOLVED, 8)
# Certifying these takes more than a few seconds (values computed: .56 2^20, .376 2^23, .354 2^25)
SLOW_SOLVED = {".56", ".376", ".354"}


def test_every_solved_game_was_read():
    assert [r[0] for r in SOLVED_ROWS] == [".45", ".156", ".356", ".644", ".165", ".16", ".56", ".127", ".376", ".354"]


@pytest.mark.parametrize(
    "row",
    [pytest.param(r, marks=pytest.mark.slow) if r[0] in SLOW_SOLVED else r for r in SOLVED_ROWS],
    ids=[r[0] for r in SOLVED_ROWS],
)
def test_solved_games_are_certified(row):
    code, prefix, period, largest_index, largest, mask, rare_count, last_rare = row[:8]
    game = octal(code)
    found = find_period(game, limit=1 << 26)
    assert found is not None and found.certified
    assert (found.preperiod, found.period) == (int(prefix), int(period))
    assert found.needed == 2 * int(prefix) + 2 * int(period) + game.max_take <= found.computed
    # The other published columns, over one preperiod and period (all the distinct values there are)
    values = grundy_values(game, int(prefix) + int(period)).astype(np.int64)
    assert (int(values.argmax()), int(values.max())) == (int(largest_index), int(largest))
    if re.fullmatch(r"[0-9a-f]+", mask):
        parity = np.zeros(values.size, dtype=np.int64)
        bits = values & int(mask, 16)
        while bits.any():
            parity ^= bits & 1
            bits >>= 1
        rare = np.flatnonzero(parity == 0)
        assert (rare.size, int(rare[-1])) == (int(rare_count), int(last_rare))


def _unsolved_rows():
    games = {"Grundy's": rulesets.grundys_game}
    rows = []
    for r in _rows(UNSOLVED, 7):
        if r[1]:
            rows.append(pytest.param(games.get(r[0]) or octal(r[0]), *r[1:7], marks=pytest.mark.slow, id=r[0]))
    return rows


@pytest.mark.parametrize(("game", "n", "largest_index", "largest", "mask", "rare_count", "last_rare"), _unsolved_rows())
def test_unsolved_games_rare_values_match_the_published_table(
    game, n, largest_index, largest, mask, rare_count, last_rare
):
    # .6 and Grundy's game to 2^21, .04 and .06 to 2^17: largest value, where, and the rare values under the mask
    base, _, power = n.partition("^")
    values = grundy_values(game, int(base) ** int(power)).astype(np.int64)
    assert (int(values.argmax()), int(values.max())) == (int(largest_index), int(largest))
    parity = np.zeros(values.size, dtype=np.int64)
    bits = values & int(mask, 16)
    while bits.any():
        parity ^= bits & 1
        bits >>= 1
    rare = np.flatnonzero(parity == 0)
    assert (rare.size, int(rare[-1])) == (int(rare_count), int(last_rare))


def test_every_unsolved_row_with_data_was_read():
    assert len(_unsolved_rows()) == 4


def test_unequal_splits_are_observed_never_certified():
    """The periodicity theorem's proof may pair a split with an equal one: unequal-split rules are not covered."""
    from nimlib.rulesets import HeapGame, TakeRule

    found = find_period(
        HeapGame("take 1, splitting unequally", TakeRule(take_all=(1,), take_one=(1,), take_split=(1,), unequal=True))
    )
    assert found is not None and found.period == 2 and not found.certified
    same_rule_equal_splits_allowed = HeapGame("0.7", TakeRule(take_all=(1,), take_one=(1,), take_split=(1,)))
    assert find_period(same_rule_equal_splits_allowed).certified


# ---------------------------------------------------------------- the search among two common parts


def _splits_xor(values: np.ndarray, m: int, takes: list[int], unequal: bool, held) -> tuple[set[int], bool]:
    """Every XOR of the split parts of heap m held (``held(small, large)``), and whether some split is not."""
    seen, missed = set(), False
    for j in takes:
        s = m - j
        for a in range(1, s // 2 + 1):
            if unequal and 2 * a == s:
                continue
            if held(a, s - a):
                seen.add(int(values[a] ^ values[s - a]))
            else:
                missed = True
    return seen, missed


@pytest.mark.parametrize("takes, unequal", [([2, 3], False), ([3], False), ([1], True), ([1, 2, 5], False)])
@pytest.mark.parametrize("seed", range(4))
def test_common_splits_sees_exactly_the_splits_held(takes, unequal, seed):
    """kernels._common_splits, in memory (every part held) and past a stream's window (small parts in the prefix,
    large ones in the last values): each needed value is cleared exactly when some held split gives it, and
    ``incomplete`` says whether a value may still hide in a split not held. A search that stopped a step early,
    skipped a digit or read a part outside what is held fails here."""
    from nimlib.engine import kernels

    rng = np.random.default_rng(seed)
    values = rng.integers(0, 1024, 700).astype(np.uint32)
    take_split = np.array(takes, dtype=np.int64)
    scratch = [np.zeros(len(takes), dtype=t) for t in (np.int64, np.int64, np.int64, np.bool_)]
    for m, n_low, base in ((601, 0, 0), (650, 120, 400), (650, 400, 500), (500, 300, 100), (640, 700, 0)):
        version = np.uint64(m + 1)
        need = np.zeros(2048, dtype=np.uint64)
        need[:1024] = version  # every value 0..1023 needed: the search runs to its end
        if base == 0:
            low, g, n_low = values, values[:m], 0
            seen, missed = _splits_xor(values, m, takes, unequal, lambda a, b: True)
        else:
            low, g = values[:n_low].copy(), values[base:m].copy()
            window = (n_low, base)
            seen, missed = _splits_xor(values, m, takes, unequal, lambda a, b, w=window: a < w[0] and b >= w[1])
        missing, incomplete = kernels._common_splits(
            low, n_low, g, base, m, take_split, unequal, need, version, 1024, *scratch
        )
        assert seen and len(seen) < 1024, "no split held, or every value seen: the search's end is not checked"
        assert {v for v in range(1024) if need[v] != version} == seen
        assert missing == 1024 - len(seen)
        assert incomplete == missed, (m, n_low, base)
