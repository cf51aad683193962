"""The census of misère quotients (tests/data/quotient-census.json, tools/quotient_census.py), re-checked.

Each row is recomputed with ``quotient`` and compared field by field, and the quotient's verdict is compared
with an exhaustive misère search written here from the code's digits (independent of nimlib's rules, of
quotient.py and of the tool). The quick tier does a sample of rows; the slow tier does every row.
"""

from __future__ import annotations

import json
from functools import cache
from itertools import combinations_with_replacement

import pytest

from nimlib.quotient import MisereQuotient, quotient
from nimlib.rulesets import octal
from tests.conftest import DATA

CENSUS = json.loads((DATA / "quotient-census.json").read_text(encoding="utf-8"))
ROWS = {row["code"]: row for row in CENSUS["rows"]}
# Cheap rows of every kind: finite and final, growing, stopped by the order limit and by the work budget, 4.x
SAMPLE = ("0.1", "0.34", "0.75", "0.77", "4.12", "4.3", "0.06", "0.76")


@cache
def fresh(code: str, bound: int) -> MisereQuotient:
    """The quotient of the code's heaps <= bound, computed now (default work budget)."""
    return quotient(octal(code), bound)


@cache
def nimlib_moves(code: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each heap's options, heaps 1 to the census bound, as nimlib's octal() reads the code (not as the tool does)."""
    return tuple(tuple(sorted(tuple(sorted(o)) for o in octal(code).options(n))) for n in range(1, CENSUS["bound"] + 1))


@cache
def options(code: str, n: int) -> tuple[tuple[int, ...], ...]:
    """A heap of n's options under the code: digit j's bit 1 takes all j, bit 2 leaves n - j, bit 4 splits n - j."""
    head, _, tail = code.partition(".")
    found = set()
    for j, d in enumerate([int(head or 0), *map(int, tail)]):
        if j and d & 1 and n == j:
            found.add(())
        if j and d & 2 and n > j:
            found.add((n - j,))
        if d & 4:
            found.update((a, n - j - a) for a in range(1, (n - j) // 2 + 1))
    return tuple(found)


def misere_p(code: str):
    """An exhaustive misère searcher for sums of the code's heaps: P when some move exists and all lead to N."""

    @cache
    def p(position: tuple[int, ...]) -> bool:
        after = [
            tuple(sorted(position[:i] + position[i + 1 :] + o))
            for i, h in enumerate(position)
            if i == 0 or position[i - 1] != h
            for o in options(code, h)
        ]
        return bool(after) and not any(p(a) for a in after)

    return lambda position: p(tuple(sorted(position)))


def row_errors(row: dict, *, check_stop: bool = False) -> list[str]:
    """What in a census row disagrees with a fresh quotient (empty when nothing does)."""
    code, bound = row["code"], row["bound"]
    q = fresh(code, bound)
    errors = []
    history = list(q.history)
    unchanged = min(h for h in range(bound + 1) if all(x == q.order for x in history[h:]))
    for key, value in [("order", q.order), ("p_portion", len(q.p_portion)), ("history", history)]:
        if row[key] != value:
            errors.append(f"{code}: {key} {row[key]} in the file, {value} computed")
    if row["unchanged_from"] != unchanged:
        errors.append(f"{code}: unchanged_from {row['unchanged_from']} in the file, {unchanged} computed")
    t = max((j for j, d in enumerate(code.partition(".")[2], 1) if d != "0"), default=0)
    phi = q.pretend

    def periodic(p: int, n0: int) -> bool:
        return all(phi[n + p] == phi[n] for n in range(n0, bound - p + 1))

    works = [
        (p, n0)
        for p in range(1, bound)
        for n0 in range(1, bound + 1)
        if periodic(p, n0) and bound >= 2 * n0 + 2 * p + t - 1
    ]
    least = min(works, default=None)  # the least period, from the least heap that period allows
    expected = {"period": least[0], "from": least[1]} if least else None
    if row["final"] != expected:
        errors.append(f"{code}: final {row['final']} in the file, {expected} computed")
    if (row["stop"] is None) != (bound == CENSUS["bound"]):
        errors.append(f"{code}: bound {bound} of {CENSUS['bound']} but stop {row['stop']}")
    if row["stop"] is not None and row["stop"]["heap"] != bound + 1:
        errors.append(f"{code}: stops at heap {row['stop']['heap']}, not at bound + 1 = {bound + 1}")
    if check_stop and row["stop"] is not None:
        try:
            quotient(octal(code), bound + 1, max_work=CENSUS["max_work"])
            errors.append(f"{code}: heap {bound + 1} now computes: regenerate with tools/quotient_census.py")
        except ValueError as error:
            text = str(error)
            kinds = [("MAX_ORDER", "order limit"), ("estimated", "work estimate"), ("max_work", "work budget")]
            kind = next((kind for word, kind in kinds if word in text), "other limit")
            if kind != row["stop"]["reason"]:
                errors.append(f"{code}: refused by {kind}, the file says {row['stop']['reason']}")
    return errors


def partitions(total: int, largest: int):
    """Every sum of heaps <= largest with this many tokens, as non-increasing tuples."""
    if total == 0:
        yield ()
    for first in range(min(total, largest), 0, -1):
        for rest in partitions(total - first, first):
            yield (first, *rest)


def search_errors(code: str, q: MisereQuotient, tokens: int, heaps3: int) -> list[str]:
    """Sums where q and the search under the code disagree: every sum of <= tokens tokens, 3 heaps <= heaps3."""
    bound = q.bound
    searched = misere_p(code)
    small = {s for total in range(tokens + 1) for s in partitions(total, bound)}
    small |= set(combinations_with_replacement(range(1, min(bound, heaps3) + 1), 3))
    return [f"{code}: {list(s)}" for s in sorted(small) if q.is_p_position(s) != searched(s)]


def test_the_census_lists_every_code_with_at_most_two_digits_once():
    digits = [f"{a}{b}".rstrip("0") for a in "01234567" for b in "01234567"]
    expected = {f"{lead}.{d}" if d else lead for lead in "04" for d in digits} - {"0"}
    assert sorted(ROWS) == sorted(expected) and len(CENSUS["rows"]) == len(ROWS) == 127


@pytest.mark.parametrize("code", SAMPLE)
def test_a_sample_of_rows_recomputes(code):
    assert row_errors(ROWS[code]) == []
    assert search_errors(code, fresh(code, ROWS[code]["bound"]), 12, 6) == []


def test_a_wrong_figure_in_the_file_is_caught():
    row = ROWS["0.75"]
    for key, wrong in [
        ("order", row["order"] + 1),
        ("p_portion", row["p_portion"] - 1),
        ("unchanged_from", row["unchanged_from"] + 1),
        ("history", row["history"][:-1] + [row["history"][-1] + 1]),
        ("final", {"period": 99, "from": 1}),
        ("stop", {"heap": 41, "reason": "work budget", "message": ""}),
    ]:
        assert row_errors(dict(row, **{key: wrong})), key
    assert row_errors(dict(ROWS["0.06"], stop=None))


def test_a_wrong_quotient_disagrees_with_the_search():
    # 0.34's quotient checked under the rules of 0.75 (and 0.06's under 0.07's): the search must notice
    assert search_errors("0.75", fresh("0.34", ROWS["0.34"]["bound"]), 12, 6)
    assert search_errors("0.07", fresh("0.06", ROWS["0.06"]["bound"]), 12, 6)


def test_the_file_records_how_it_was_made():
    assert {"bound", "max_work", "tokens_all", "cap", "seconds"} <= CENSUS.keys()
    for row in CENSUS["rows"]:
        assert row["checked"]["tokens_all"] == CENSUS["tokens_all"], row["code"]
        earlier = row["same_moves_as"]
        if earlier is not None:
            assert list(ROWS).index(earlier) < list(ROWS).index(row["code"])
            assert all(options(earlier, n) == options(row["code"], n) for n in range(1, CENSUS["bound"] + 1))


@pytest.mark.slow  # every row: about 5 minutes here (4.4x and 4.6x take the longest)
@pytest.mark.parametrize("code", list(ROWS))
def test_every_row_recomputes(code):
    row = ROWS[code]
    assert row_errors(row, check_stop=True) == []
    assert search_errors(code, fresh(code, row["bound"]), 16, 8) == []
    twins = [c for c in list(ROWS)[: list(ROWS).index(code)] if nimlib_moves(c) == nimlib_moves(code)]
    assert row["same_moves_as"] == (twins[0] if twins else None)
