"""The Zeckendorf drill (drill.js, skill "zeckendorf", chapter ch-fibonacci) against nimlib, run by node.

Every problem the drill can deal (a heap n up to the top level's 300, every limit 1 ≤ most < n): the sum it
solves is nimlib.fibonacci.zeckendorf(n), the take it expects is Whinihan's, every take it accepts on heaps up
to 60 is one nimlib's search calls winning (and it accepts them all), and each wrong sum is diagnosed with the
mistake named. Then wrong implementations are planted in copies of drill.js, and the same comparison (on heaps up
to 60) must fail.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from nimlib.fibonacci import fibonacci_numbers, search_outcomes, winning_move, zeckendorf
from nimlib.widgets import DrillWidget

from .conftest import ROOT

NODE = shutil.which("node")
CHECKER = ROOT / "tests" / "js" / "zeckendorf_drill_check.mjs"
STATIC = ROOT / "nimlib" / "static"

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def typed_sums(top: int) -> list[dict]:
    """Wrong sums a reader might type, each with the words its diagnosis must contain (from nimlib's sums)."""
    fibs = fibonacci_numbers(top)
    out = []
    for k in range(2, len(fibs)):  # a Fibonacci number as the two before it: consecutive
        a, b = fibs[k - 1], fibs[k - 2]
        out.append({"n": fibs[k], "typed": f"{a} + {b}", "says": f"{a} + {b} uses consecutive Fibonacci numbers"})
    for n in range(4, top + 1):
        terms = zeckendorf(n)
        if len(terms) > 1:
            short = terms[:-1]
            out.append({"n": n, "typed": " + ".join(map(str, short)), "says": f"= {sum(short)}, not {n}"})
        else:
            out.append({"n": n, "typed": f"{n - 1} + 1", "says": "not a Fibonacci number" if n - 1 not in fibs else ""})
        if n not in fibs:
            out.append({"n": n, "typed": str(n), "says": f"{n} is not a Fibonacci number"})
        out.append({"n": n, "typed": " + ".join(map(str, [*terms, terms[-1]])), "says": "appears twice"})
    return [s for s in out if s["says"]]


def run(tmp_path: Path, drill: Path, top: int = 300) -> dict:
    fixture = tmp_path / "sums.json"
    fixture.write_text(json.dumps({"sums": typed_sums(top)}), encoding="utf-8")
    result = subprocess.run(
        [NODE, str(CHECKER), str(drill), str(fixture), str(top)], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def problems(data: dict) -> list[str]:
    """Every disagreement of the drill with nimlib (an empty list when the drill is right)."""
    found = []
    top = data["top"]
    win = search_outcomes(top)
    for row in data["rows"]:
        n, most = row["n"], row["most"]
        terms, take = list(zeckendorf(n)), winning_move((n, most))
        if row["terms"] != terms or row["fields"]["terms"] != " + ".join(map(str, terms)):
            found.append(f"({n}, {most}): sum {row['terms']}, nimlib {terms}")
        if row["take"] != take:
            found.append(f"({n}, {most}): take {row['take']}, Whinihan {take}")
        if not row["right"] or row["wrong"]:
            found.append(f"({n}, {most}): the right answer refused or the wrong one accepted")
        if row["none"] != (not win[n][most]):
            found.append(f"({n}, {most}): 'none' judged {row['none']}")
        if row["none"] and f"smallest term is {terms[-1]}, more than {most}" not in row["noneText"]:
            found.append(f"({n}, {most}): the verdict does not say why: {row['noneText']}")
        if row["takes"] is not None:
            search = [not win[n - t][min(2 * t, n - t)] for t in range(1, most + 1)]
            if row["takes"] != search:
                found.append(f"({n}, {most}): takes accepted {row['takes']}, winning by search {search}")
    for case, verdict in zip(typed_sums(top), data["sums"], strict=True):
        text = verdict["verdict"].get("text", "")
        if verdict["verdict"].get("correct") is not False or case["says"] not in text:
            found.append(f"{case['n']} typed {case['typed']!r}: expected {case['says']!r}, got {verdict['verdict']}")
    for p in data["dealt"]:
        if not (4 <= p["n"] <= data["largest"] and 1 <= p["most"] < p["n"]):
            found.append(f"dealt out of range: {p}")
    return found


def test_the_drill_agrees_with_nimlib_on_every_problem(tmp_path):
    data = run(tmp_path, STATIC / "drill.js")
    assert data["top"] == data["largest"] == 300 and len(data["rows"]) == 299 * 300 // 2
    assert problems(data) == []
    dealt = data["dealt"]
    winning = sum(winning_move((p["n"], p["most"])) is not None for p in dealt)
    assert 0.25 * len(dealt) < winning < 0.85 * len(dealt), (
        f"{winning} of {len(dealt)} dealt problems have a winning take"
    )


PLANTED = {
    "the largest term": (
        "const smallest = terms[terms.length - 1];\n  const take",
        "const smallest = terms[0];\n  const take",
    ),
    "off by one": (
        "const take = smallest <= p.most ? smallest : null;",
        "const take = smallest < p.most ? smallest : null;",
    ),
    "consecutive allowed": (
        "fibs.indexOf(t) === fibs.indexOf(sorted[k + 1]) + 1",
        "fibs.indexOf(t) === fibs.indexOf(sorted[k + 1]) + 2",
    ),
    "any take accepted": ("if (rest === 0 || q > limit) {", "if (rest >= 0) {"),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_planted_wrong_drills_are_caught(tmp_path, name):
    old, new = PLANTED[name]
    source = (STATIC / "drill.js").read_text(encoding="utf-8")
    assert source.count(old) == 1, f"the plant for {name!r} no longer matches drill.js"
    shutil.copy(STATIC / "core.js", tmp_path / "core.js")
    planted = tmp_path / "drill.js"
    planted.write_text(source.replace(old, new), encoding="utf-8")
    assert problems(run(tmp_path, planted, top=60)), f"planted {name!r} was not caught"


def test_python_offers_the_skill():
    widget = DrillWidget("zeckendorf", seed=3)
    assert widget.skill == "zeckendorf" and widget.params == {}
    with pytest.raises(ValueError, match="k is for the winning-move drill"):
        DrillWidget("zeckendorf", k=2)
