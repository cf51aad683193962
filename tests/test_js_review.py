"""The review of a finished game (core.js ``reviewGame``) against nimlib, over many random games.

Python writes nimlib's verdicts (P or N by exhaustive search, and the positions a winning move
reaches) for every small position of Nim, misère Nim, Moore's Nim_2, misère Kayles, Kayles and the
coin games (staircase, Nimble, turning turtles): the fixtures of tests/test_js_games.py and
tests/js_fixtures.py, in one form. ``tests/js/review.test.mjs`` plays random games on them in node,
reviews each, and checks every move's verdict (kept, gave-away, none) and the first mistake's missed
winning move against these values; it also checks that a planted wrong verdict or missed move fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from . import js_fixtures
from .conftest import ROOT
from .test_js_games import GAMES, fixture

NODE = shutil.which("node")
TEST = ROOT / "tests" / "js" / "review.test.mjs"
# rows of tests/test_js_games.py's GAMES reviewed here (by name)
HEAP_GAMES = ("nim", "misere-nim", "moore k=2", "misere-kayles")


def review_fixture() -> list[dict]:
    """Games as {id, name, params, canon, cases: [{position, isP, winning}]}, positions in the page's JSON."""
    out = []
    for game in fixture([g for g in GAMES if (g.name or g.id) in HEAP_GAMES]):
        cases = [{"position": c["position"], "isP": c["p"], "winning": c["winning"]} for c in game["cases"]]
        out.append(
            {"id": game["id"], "name": game["name"], "params": game["params"], "canon": game["canon"], "cases": cases}
        )
    boards = [
        js_fixtures.kayles_fixture(8),
        js_fixtures.staircase_fixture(),
        js_fixtures.nimble_fixture(),
        js_fixtures.turtles_fixture(),
    ]
    for game in boards:
        cases = [{"position": c["position"], "isP": c["isP"], "winning": c["winning"]} for c in game["cases"]]
        out.append(
            {"id": game["id"], "name": game["name"], "params": game["params"], "canon": "identity", "cases": cases}
        )
    return out


def test_review_fixture_covers_the_games_with_both_verdicts():
    games = review_fixture()
    assert [g["name"] for g in games][: len(HEAP_GAMES)] == list(HEAP_GAMES)
    assert {g["id"] for g in games} >= {
        "nim",
        "misere-nim",
        "moore",
        "misere-kayles",
        "kayles",
        "staircase",
        "nimble",
        "turtles",
    }
    for game in games:
        assert {c["isP"] for c in game["cases"]} == {True, False}, game["name"]


@pytest.mark.skipif(NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed")
def test_reviews_agree_with_nimlib(tmp_path):
    path = tmp_path / "review.json"
    path.write_text(json.dumps(review_fixture()), encoding="utf-8")
    env = {**os.environ, "NIMLIB_REVIEW_FIXTURE": str(path)}
    result = subprocess.run([NODE, "--test", str(TEST)], capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# skipped 0" in result.stdout, result.stdout[-3000:]
    print("\n".join(line for line in result.stdout.splitlines() if "games reviewed" in line))
