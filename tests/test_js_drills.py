"""The drills' answers and diagnoses (nimlib/static/drill.js, run by node) against nimlib, on generated fixtures.

Python writes what nimlib computes for many generated problems of every skill: mexes (nimlib.grundy.mex),
g(0..n) of subtraction and octal games (nimlib.grundy.heap_values), nim-sums with the number of 1s in each
binary column, every move of small Nim, misère Nim and Moore's Nim_2 positions with its verdict by exhaustive
search (nimlib.search, which knows no formula), the values of Kayles rows and Hackenbush trees (nimlib.grundy,
nimlib.hackenbush), nim-products (nimlib.coins) and misère quotient elements with search verdicts.
tests/js/drill_check.mjs checks that the drill accepts exactly the right answers and that each diagnosis names
a true fact (the option that has the typed value, the column whose parity differs, with its count). It then
plants wrong implementations (a mex that is the largest value plus one; a diagnosis that always names column
2^0; a Moore test mod k) in copies of drill.js and requires the same checker to find each of them.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from itertools import combinations, product

import pytest

from nimlib import coins, hackenbush, moore, search
from nimlib.grundy import heap_values, mex
from nimlib.quotient import quotient
from nimlib.rulesets import kayles, octal, subtraction
from nimlib.tables import misere_quotient_params

from .conftest import ROOT

NODE = shutil.which("node")
CHECKER = ROOT / "tests" / "js" / "drill_check.mjs"
SETS = [[1, 2], [1, 3], [2, 3], [1, 2, 3], [1, 4], [2, 5], [1, 3, 4], [2, 3, 5], [1, 4, 5], [3, 4, 6]]
OCTALS = ["0.07", "0.137", "0.77", "0.75", "0.6", "0.4", "0.007"]


def _moves(heaps: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """Every position one Nim_k move away, heap by heap (emptied heaps kept as 0, as the drill shows them)."""
    out = []
    for size in range(1, k + 1):
        for chosen in combinations(range(len(heaps)), size):
            for sizes in product(*(range(heaps[i]) for i in chosen)):
                after = list(heaps)
                for i, v in zip(chosen, sizes, strict=True):
                    after[i] = v
                out.append(tuple(after))
    return out


def _verdict(k: int, misere: bool, known: dict):
    def p(position: tuple[int, ...]) -> bool:
        canon = tuple(sorted(h for h in position if h))
        return search.solve(lambda q: moore.successors(q, k), canon, misere=misere, known=known)[canon]

    return p


def _tree_edges(trunk: int, branches: list[int], first: int) -> list[tuple[int, int]]:
    edges = list(hackenbush.stalk(trunk, hackenbush.GROUND, first))
    top = first + trunk - 1
    nxt = first + trunk
    for b in branches:
        edges += hackenbush.stalk(b, top, nxt)
        nxt += b
    return edges


def fixture(seed: int = 30) -> dict:
    rng = random.Random(seed)
    mexes = []
    for _ in range(300):
        values = [rng.randint(0, 6) for _ in range(rng.randint(0, 7))]
        mexes.append({"values": values, "mex": mex(values)})
    fills = [{"rule": {"kind": "subtraction", "set": s}, "values": heap_values(subtraction(s), 24)} for s in SETS]
    fills += [{"rule": {"kind": "octal", "code": c}, "values": heap_values(octal(c), 24)} for c in OCTALS]
    sums = []
    for _ in range(300):
        heaps = [rng.randint(1, 127) for _ in range(rng.randint(2, 4))]
        width = max(h.bit_length() for h in heaps)
        sums.append({"heaps": heaps, "columns": [sum((h >> j) & 1 for h in heaps) for j in range(width + 1)]})
    moves = []
    for k, misere in ((1, False), (1, True), (2, False)):
        p = _verdict(k, misere, {})
        for _ in range(60):
            heaps = tuple(rng.randint(0, 6) for _ in range(rng.randint(k + 1, 4)))
            if not any(heaps):
                continue
            moves.append({"heaps": list(heaps), "k": k, "misere": misere, "isP": p(heaps),
                          "moves": [[list(a), p(a)] for a in _moves(heaps, k)]})  # fmt: skip
    k_values = heap_values(kayles, 20)
    rows = []
    for _ in range(200):
        runs = [[rng.randint(1, 9) for _ in range(rng.randint(1, 2))] for _ in range(rng.randint(1, 4))]
        rows.append({"rows": runs, "values": [k_values[r[0]] ^ (k_values[r[1]] if len(r) > 1 else 0) for r in runs]})
    trees = []
    for _ in range(150):
        picture = []
        for _ in range(rng.randint(1, 3)):
            branches = [rng.randint(1, 4) for _ in range(rng.choice([0, 2, 3]))]
            picture.append({"trunk": rng.randint(1, 4), "branches": branches})
        values = [hackenbush.value(_tree_edges(t["trunk"], t["branches"], 1)) for t in picture]
        trees.append({"trees": picture, "values": values})
    products = [[a, b, coins.nim_product(a, b)] for a in range(64) for b in range(64)]
    pairs = [(rng.randint(0, 255), rng.randint(0, 255)) for _ in range(500)]
    products += [[a, b, coins.nim_product(a, b)] for a, b in pairs]
    quotients = []
    for game, code, bound in ((kayles, "0.77", 4), (octal("0.75"), "0.75", 6), (kayles, "0.77", 6)):
        q = quotient(game, bound)
        known: dict = {}
        cases = []
        for _ in range(150):
            runs = tuple(sorted(rng.randint(1, bound) for _ in range(rng.randint(1, 4))))
            isp = search.solve(game.successors, runs, misere=True, known=known)[runs]
            assert isp == q.is_p_position(runs)
            cases.append({"rows": list(runs), "element": q.element(runs), "isP": isp})
        quotients.append({"code": code, "params": misere_quotient_params(game, bound), "cases": cases})
    stalk_values = []
    for _ in range(300):
        stalks = ["".join(rng.choice("BR") for _ in range(rng.randint(1, 7))) for _ in range(rng.randint(1, 3))]
        stalk_values.append(_stalk_case(stalks))
    return {"mex": mexes, "fill": fills, "nimSum": sums, "moves": moves, "kayles": rows, "trees": trees,
            "products": products, "quotients": quotients, "stalkValues": stalk_values}  # fmt: skip


def _stalk_case(stalks: list[str]) -> dict:
    """nimlib.partizan's stalk values of a sum of stalks, and the sums two wrong rules give (the drill names them)."""
    from fractions import Fraction

    from nimlib.partizan import stalk_value

    def no_halving(s: str) -> Fraction:
        return Fraction(sum(1 if c == "B" else -1 for c in s))

    def from_ground(s: str) -> Fraction:
        return sum(((1 if c == "B" else -1) * Fraction(1, 2**i) for i, c in enumerate(s)), Fraction(0))

    values = [stalk_value(s) for s in stalks]
    total = sum(values, Fraction(0))
    wrong = {
        name: sum(map(f, stalks), Fraction(0)) for name, f in (("no-halving", no_halving), ("from-ground", from_ground))
    }
    return {
        "stalks": stalks,
        "values": [[v.numerator, v.denominator] for v in values],
        "total": [total.numerator, total.denominator],
        "wrong": {k: [v.numerator, v.denominator] for k, v in wrong.items()},
    }


def test_fixture_bites():
    """The fixture is right where it is easy to see: the mex of {0, 1, 3} is 2, 0.77 is Kayles, 8 ⊗ 8 = 13."""
    data = fixture()
    assert mex([0, 1, 3]) == 2
    kayles_row = next(f for f in data["fill"] if f["rule"].get("code") == "0.77")
    assert kayles_row["values"][:8] == [0, 1, 2, 3, 1, 4, 3, 2]
    assert [8, 8, 13] in data["products"]
    nim_case = next(m for m in data["moves"] if m["k"] == 1 and not m["misere"] and not m["isP"])
    assert any(p for _, p in nim_case["moves"]) and not all(p for _, p in nim_case["moves"])


@pytest.mark.skipif(NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed")
def test_drills_agree_with_nimlib_and_the_checker_bites(tmp_path):
    path = tmp_path / "drills.json"
    path.write_text(json.dumps(fixture()), encoding="utf-8")
    result = subprocess.run([NODE, str(CHECKER), str(path), str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    out = result.stdout
    assert "drill.js: 0 failures" in out, out
    planted_list = ("mex is the largest value plus one", "diagnosis names column 2^0", "Moore's test mod k",
                    "stalks halved from the ground")  # fmt: skip
    for planted in planted_list:
        assert f"planted {planted}: caught" in out, out
