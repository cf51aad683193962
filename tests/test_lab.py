"""The lab page's JavaScript (nimlib/static/lab.js) against nimlib, under node.

Python writes what nimlib says about 200 random octal codes (seeded; 1–4 digits after the point) and
some subtraction sets and named games: the rule (``nimlib.rulesets.octal``), g(0..n-1) by the engine
(``nimlib.grundy_values``) and the period ``find_period`` certifies (kept when the certificate reads
at most n values, the most the lab has). ``tests/js/lab.test.mjs`` checks the lab agrees on each. The
"heaps" game's splits that take stones are checked position by position against nimlib's exhaustive
search for Dawson's Kayles (0.07), crosses (0.137) and Kayles (0.77), with the same checker as the
other heap games.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess

import pytest

from nimlib import find_period, grundy_values, nim
from nimlib.grundy import heap_values
from nimlib.rulesets import octal, subtraction

from .conftest import ROOT
from .test_js_games import CHECKER, FixtureGame, fixture

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed"
)
LAB_TEST = ROOT / "tests" / "js" / "lab.test.mjs"
RANDOM_CODES = 200
VALUES = 300
NAMED = ["0.77", "0.07", "0.137", "4.07", "0.6", "0.4", "0.11337", "0.007", "4.7", "0.0"]


def random_codes(count: int = RANDOM_CODES, seed: int = 19) -> list[str]:
    """Octal codes with random digits, 1–4 after the point, a leading 4 one time in five (distinct)."""
    rng = random.Random(seed)
    codes: dict[str, None] = {}
    while len(codes) < count:
        lead = "4" if rng.random() < 0.2 else "0"
        tail = "".join(str(rng.randrange(8)) for _ in range(rng.randint(1, 4)))
        codes[f"{lead}.{tail}"] = None
    return list(codes)


def _row(code: str, game, n: int) -> dict:
    rule = game.takes.as_params()
    found = find_period(game, limit=max(1 << 13, n))
    certified = found is not None and found.certified and found.needed <= n
    return {
        "code": code,
        "rule": {k: rule[k] for k in ("take_all", "take_one", "take_split", "unequal", "take_any")},
        "t": game.max_take,
        "values": grundy_values(game, n).tolist(),
        "period": {"preperiod": found.preperiod, "period": found.period, "needed": found.needed} if certified else None,
    }


def lab_fixture() -> dict:
    """nimlib's rule, values and certified period for every game the node test checks."""
    rows = [_row(code, octal(code), VALUES) for code in random_codes()]
    rows += [_row(code, octal(code), 1000) for code in NAMED]
    for s in ({1, 3, 4}, {2, 3}, {1, 2, 3}, {3, 5, 8}, {1, 4, 9, 16}):
        rows.append(_row("{" + ", ".join(map(str, sorted(s))) + "}", subtraction(s), VALUES))
    return {"games": rows, "certified": sum(row["period"] is not None for row in rows)}


def test_fixture_bites():
    """The fixture holds certified and uncertified games, and nimlib's Kayles as the book states it."""
    data = lab_fixture()
    kayles = next(row for row in data["games"] if row["code"] == "0.77")
    assert kayles["period"] == {"preperiod": 71, "period": 12, "needed": 168}
    assert kayles["values"][:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert 50 < data["certified"] < len(data["games"]) - 10
    assert any(row["rule"]["take_split"] and row["period"] for row in data["games"])
    assert next(row for row in data["games"] if row["code"] == "0.6")["period"] is None


@needs_node
def test_lab_agrees_with_nimlib(tmp_path):
    path = tmp_path / "lab.json"
    data = lab_fixture()
    path.write_text(json.dumps(data), encoding="utf-8")
    env = {**os.environ, "NIMLIB_LAB_FIXTURE": str(path)}
    result = subprocess.run(
        [NODE, "--test", str(LAB_TEST)], capture_output=True, text=True, timeout=300, env=env, cwd=ROOT
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# skipped 0" in result.stdout
    assert f"lab: {len(data['games'])} games agree with nimlib ({data['certified']} periods certified)" in result.stdout


def _octal_row(code: str, largest: int, heaps: int, size: int) -> FixtureGame:
    game = octal(code)
    values = heap_values(game, largest + 1)
    params = {**game.takes.as_params(), "name": f"Octal game {code}", "values": values}
    return FixtureGame(
        "heaps",
        params,
        nim.positions_up_to(heaps, size),
        game.successors,
        components=lambda position: [values[h] for h in position],
        name=f"heaps: octal {code} (splits that take stones)",
    )


SPLIT_GAMES = [_octal_row("0.07", 20, 3, 9), _octal_row("0.137", 20, 3, 9), _octal_row("0.77", 20, 3, 7)]


@needs_node
def test_splits_that_take_stones_agree_with_nimlib(tmp_path):
    """Every position of up to 3 heaps: the page's moves are nimlib's successors, its replies win."""
    path = tmp_path / "fixture.json"
    data = fixture(SPLIT_GAMES)
    path.write_text(json.dumps(data), encoding="utf-8")
    result = subprocess.run([NODE, str(CHECKER), str(path)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    for game in data:
        n = len(game["cases"])
        assert f"{game['name']}: {n} of {n}" in result.stdout
    # Both verdicts occur, and splits that take stones are among nimlib's moves
    assert {case["p"] for game in data for case in game["cases"]} == {True, False}
    assert (1, 2) in set(octal("0.07").successors((5,)))


def _load_nimbook():
    import importlib.util

    spec = importlib.util.spec_from_file_location("nimbook_for_lab", ROOT / "book" / "_ext" / "nimbook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The built page's two classic scripts run as a browser runs them from disk: one after the other, in one
# global scope, with no module loader (vm.runInThisContext)
_BUILT_LAB = """
const { readFileSync } = require("node:fs");
const vm = require("node:vm");
const [play, lab] = process.argv.slice(1);
vm.runInThisContext(readFileSync(play, "utf8"), { filename: play });
vm.runInThisContext(readFileSync(lab, "utf8"), { filename: lab });
const { values, period } = NimlibLab.analyseGame("0.137", 400);
const params = NimlibLab.playParams(NimlibLab.parseGame("0.137"), values);
const moves = NimlibPlay.gameDef("heaps").moves([5], params).map((m) => JSON.stringify(m.move)).sort();
console.log(JSON.stringify({ first: Array.from(values.slice(0, 8)), period, moves }));
"""


@needs_node
def test_the_book_serves_the_lab_as_classic_scripts_on_the_one_bundle(tmp_path):
    """The build writes _static/nimlib/lab.js, a classic script on the bundle's global; it runs with no modules."""
    nimbook = _load_nimbook()

    class App:
        outdir = str(tmp_path)
        builder = type("Builder", (), {"format": "html"})()

    nimbook.write_lab(App(), None)
    folder = tmp_path / "_static" / "nimlib"
    for name in ("lab.js", "play.js"):
        text = (folder / name).read_text(encoding="utf-8")
        module_lines = [line for line in text.splitlines() if re.match(r"\s*(import|export)\b(?!\s*\()", line)]
        assert not module_lines and "import.meta" not in text, (name, module_lines[:3])
    assert "globalThis.NimlibPlay" in (folder / "lab.js").read_text(encoding="utf-8")
    assert (folder / "widget.css").is_file()
    out = subprocess.run(
        [NODE, "-e", _BUILT_LAB, str(folder / "play.js"), str(folder / "lab.js")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    data = json.loads(out.stdout)
    crosses = octal("0.137")
    assert data["first"] == grundy_values(crosses, 8).tolist()
    assert (data["period"]["preperiod"], data["period"]["period"]) == (52, 34)
    assert data["moves"] == ["[0,2]", "[0,3]", "[0,[1,1]]"]
    # Another writer's play.js is left alone
    (folder / "play.js").write_text("// theirs\n", encoding="utf-8")
    nimbook.write_lab(App(), None)
    assert (folder / "play.js").read_text(encoding="utf-8") == "// theirs\n"
