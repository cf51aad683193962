"""The census of misère quotients (tests/data/quotient-census.json, tools/quotient_census.py), re-checked.

Each row is recomputed with ``quotient`` and compared field by field, and the quotient's verdict is compared
with an exhaustive misère search written here from the code's digits (independent of nimlib's rules, of
quotient.py and of the tool). The quick tier does a sample of rows; the slow tier does every row.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from functools import cache
from itertools import combinations_with_replacement

import pytest

from nimlib.quotient import MisereQuotient, quotient
from nimlib.rulesets import octal
from tests.conftest import DATA, ROOT

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
    assert {"bound", "max_work", "tokens_all", "cap", "seconds", "extended"} <= CENSUS.keys()
    for row in CENSUS["rows"]:
        assert row["checked"]["tokens_all"] == CENSUS["tokens_all"], row["code"]


def _tool():
    """tools/quotient_census.py as a module."""
    spec = importlib.util.spec_from_file_location("quotient_census", ROOT / "tools" / "quotient_census.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
LARGEST = 24  # heaps compared by the brute relabelling (the tool's lemma needs 3k + 4 <= 16 for these codes)
SHIFTS = range(-3, 4)


@cache
def reduced(code: str, source: str = "digits") -> tuple[frozenset, ...]:
    """Heaps 0..LARGEST + 3: each heap's options, heaps with no move dropped (read here, or by nimlib's octal)."""
    if source == "nimlib":
        raw = list(nimlib_moves(code)[: LARGEST + 3])
    else:
        raw = [options(code, n) for n in range(1, LARGEST + 4)]
    dead = {n for n, found in enumerate(raw, start=1) if not found}
    return (frozenset(),) + tuple(frozenset(tuple(sorted(h for h in o if h not in dead)) for o in f) for f in raw)


def relabelled_same(a: str, b: str, s: int, source: str = "digits") -> bool:
    """Heap n of a is heap n - s of b (options relabelled the same way), heaps 1..LARGEST of b; by brute force."""
    if s < 0:
        return relabelled_same(b, a, -s, source)
    ra, rb = reduced(a, source), reduced(b, source)
    if any(ra[n] for n in range(1, s + 1)):  # heaps mapped to nothing must have no move
        return False

    def image(option):
        return tuple(h - s for h in option if h > s)

    return all({image(o) for o in ra[n + s]} == set(rb[n]) for n in range(1, LARGEST + 1))


@cache
def brute_twins() -> frozenset[tuple[str, str, int]]:
    """Every (a, b, s), a before b in the census, with heap n of b = heap n - s of a, found by brute relabelling."""
    codes = list(ROWS)
    return frozenset(
        (a, b, s) for i, a in enumerate(codes) for b in codes[i + 1 :] for s in SHIFTS if relabelled_same(b, a, s)
    )


def twins_as_triples(twins: dict[str, dict | None]) -> set[tuple[str, str, int]]:
    """The same relation read from twins: b is a shifted by s whenever both belong to the same first code."""
    codes = list(ROWS)
    head = {c: (t["code"], t["shift"]) if t else (c, 0) for c, t in twins.items()}
    out = set()
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            (ha, sa), (hb, sb) = head[a], head[b]
            if ha == hb and sb - sa in SHIFTS:
                out.add((a, b, sb - sa))
    return out


def head_of(code: str) -> str:
    """The first code of the code's class of twins, as the file says."""
    twin = ROWS[code]["twin"]
    return twin["code"] if twin else code


def test_shift_code_follows_the_digit_rule():
    assert TOOL.shift_code("4.4") == TOOL.shift_code("4.61") == "0.77"  # Kayles with every heap one larger
    assert TOOL.shift_code("0.07") == "0.137"  # Dawson's Kayles is crosses shifted (chapter 8)
    assert TOOL.shift_code("0.4") == "0.07" and TOOL.shift_code("4") == "0.7" and TOOL.shift_code("0.2") == "0.3"
    assert TOOL.shift_code("0.77") is None and TOOL.shift_code("0.1") is None  # the heap of 1 has a move
    assert TOOL.root_code("0.4") == ("0.137", 2)


def test_the_twins_are_exactly_the_relabellings_found_by_brute_force():
    # The tool's twins (its shift rule and canonical codes) against a brute search over every pair of codes and
    # every shift -3..3, heap by heap, with options read here from the digits
    found = brute_twins()
    assert {("0.77", "4.4", 1), ("0.4", "0.07", -1), ("0.2", "0.21", 0)} <= found and len(found) >= 50
    assert twins_as_triples(TOOL.twin_classes(list(ROWS))) == found
    assert twins_as_triples({row["code"]: row["twin"] for row in CENSUS["rows"]}) == found
    for row in CENSUS["rows"]:  # the twin named is the first code of its class
        if row["twin"]:
            assert list(ROWS).index(row["twin"]["code"]) < list(ROWS).index(row["code"])
            assert ROWS[row["twin"]["code"]]["twin"] is None


def test_a_wrong_shift_rule_is_caught(monkeypatch):
    # A shift that forgets the moves taking a whole heap of j >= 2 (bit 1 of digit j) pairs codes that differ
    def forgetful(code):
        d = TOOL.code_digits(code)
        if len(d) > 1 and d[1] & 1:
            return None
        d += [0, 0]
        tail = "".join(str((7 if d[i - 1] & 4 else 0) | (3 if d[i] & 2 else 0)) for i in range(1, len(d) - 1))
        return f"0.{tail.rstrip('0')}" if tail.rstrip("0") else "0"

    monkeypatch.setattr(TOOL, "shift_code", forgetful)
    try:
        wrong = twins_as_triples(TOOL.twin_classes(list(ROWS)))
    except ValueError:  # the forgetful shift never reaches a heap with a move
        wrong = None
    assert wrong != brute_twins()


def test_the_twin_lemmas_hold_for_every_code_of_three_digits():
    # twin_classes compares heaps up to 3k + 4 and trusts shift_code: both checked here on all 1,023 codes
    # 0.d, 0.dd, 0.ddd, 4, 4.d, ... 4.ddd, against heaps up to 40 (options relabelled here, not by the tool)
    tails = {(a + b + c).rstrip("0") for a in "01234567" for b in "01234567" for c in "01234567"}
    codes = sorted({f"{head}.{t}" if t else head for head in "04" for t in tails} - {"0"})
    assert len(codes) == 1023
    full = {code: TOOL.reduced_options(code, 41) for code in codes}
    by_prefix, by_full = {}, {}
    for code in codes:
        by_prefix.setdefault(full[code][: 3 * 3 + 4], set()).add(code)
        by_full.setdefault(full[code][:40], set()).add(code)
    assert sorted(map(sorted, by_prefix.values())) == sorted(map(sorted, by_full.values()))
    shifted = 0
    for code in codes:
        b = TOOL.shift_code(code)
        if b is None or b == "0":
            continue
        image = tuple({tuple(h - 1 for h in o if h > 1) for o in full[code][n]} for n in range(1, 41))
        assert image == tuple(set(x) for x in TOOL.reduced_options(b, 40)), (code, b)
        shifted += 1
    assert shifted > 400


@pytest.mark.parametrize("code", [c for c, row in ROWS.items() if row["twin"]])
def test_twins_have_the_same_misere_outcomes_by_search(code):
    # Every sum of at most 3 heaps and 9 tokens of the smaller-heaped twin against the same sum, every heap t
    # larger (plus a heap with no move), in the other: both by exhaustive misère search
    twin, s = ROWS[code]["twin"]["code"], ROWS[code]["twin"]["shift"]
    big, small, t = (code, twin, s) if s >= 0 else (twin, code, -s)
    on_big, on_small = misere_p(big), misere_p(small)
    sums = [p for total in range(1, 10) for p in partitions(total, total) if len(p) <= 3]
    for position in sums:
        lifted = tuple(h + t for h in position) + ((t,) if t else ())
        assert on_big(lifted) == on_small(position), (big, lifted, small, position)
    assert len(sums) > 50


def test_twins_have_the_same_orders_heap_by_heap():
    compared = 0
    for row in CENSUS["rows"]:
        if row["twin"]:
            other, s = ROWS[row["twin"]["code"]], row["twin"]["shift"]
            for n in range(max(s, 0), min(row["bound"], other["bound"] + s) + 1):
                assert row["history"][n] == other["history"][n - s], (row["code"], n)
                compared += 1
    assert compared > 1000


def test_final_by_names_a_twin_shown_final():
    extended = CENSUS["extended"]
    assert extended["0.77"] == {"bound": 170, "order": 40, "final": {"period": 12, "from": 71}}  # as in chapter 16
    marked = []
    for code, row in ROWS.items():
        family = [c for c in ROWS if head_of(c) == head_of(code)]
        shown = [c for c in family if ROWS[c]["final"] or c in extended]
        by = row["final_by"]
        assert (by is not None) == (not row["final"] and bool(shown)), code
        if by is None:
            continue
        marked.append(code)
        assert by["code"] in family
        source = extended[by["code"]] if by["code"] in extended else ROWS[by["code"]]
        assert source["final"] == {"period": by["period"], "from": by["from"]} and source["bound"] == by["bound"]
        assert row["order"] == source["order"], code
    # the nine rows the sixth review found: Kayles, and Kayles with every heap one token larger
    assert sorted(marked) == sorted(["0.77", "4.4", "4.6", "4.41", "4.42", "4.43", "4.61", "4.62", "4.63"])


@pytest.mark.slow  # misère Kayles to rows of 170 pins: about 35 s
def test_the_extended_computation_recomputes():
    q = quotient(octal("0.77"), 170)
    assert CENSUS["extended"]["0.77"] == {"bound": 170, "order": q.order, "final": TOOL.final_period(q, 2)}


def _run_tool(*argv: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [sys.executable, str(ROOT / "tools" / "quotient_census.py"), *argv]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


@pytest.mark.parametrize(
    "argv",
    [
        ["--bound", "-1"],
        ["--bound", "x"],
        ["--bound", "201"],
        ["--max-work", "0"],
        ["--tokens", "0"],
        ["--cap", "-5"],
        ["0.8"],
        ["0.70"],
        ["0.1"],  # a partial run would replace the committed census
        ["--bound", "10"],  # so would another census
        ["--output", "/nonexistent-folder/census.json", "0.1"],
    ],
)
def test_the_tool_refuses_bad_arguments_in_one_line(argv):
    before = (DATA / "quotient-census.json").read_bytes()
    done = _run_tool(*argv)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "error:" in done.stderr and "Traceback" not in done.stderr
    assert (DATA / "quotient-census.json").read_bytes() == before


def test_a_partial_run_writes_only_the_file_named(tmp_path):
    before = (DATA / "quotient-census.json").read_bytes()
    out = tmp_path / "part.json"
    done = _run_tool("--bound", "12", "--output", str(out), "0.1", "0.01")
    assert done.returncode == 0, done.stderr
    part = json.loads(out.read_text(encoding="utf-8"))
    assert [r["code"] for r in part["rows"]] == ["0.1", "0.01"] and part["bound"] == 12
    assert part["rows"][1]["twin"] == {"code": "0.1", "shift": 1}
    assert (DATA / "quotient-census.json").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["part.json"]  # no temporary file left behind


@pytest.mark.slow  # every row: about 5 minutes here (4.4x and 4.6x take the longest)
@pytest.mark.parametrize("code", list(ROWS))
def test_every_row_recomputes(code):
    row = ROWS[code]
    assert row_errors(row, check_stop=True) == []
    assert search_errors(code, fresh(code, row["bound"]), 16, 8) == []
    if row["twin"]:  # nimlib's octal() reads the twins as the same game too (the quotients come from it)
        assert relabelled_same(code, row["twin"]["code"], row["twin"]["shift"], source="nimlib")
