"""The board games' page logic (nimlib/static/games/{strips,coins,graphs,trominoes,pawns,northcott}.js)
against nimlib: Python writes nimlib's verdicts (tests/js_fixtures.py) and node checks every position.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from .conftest import ROOT
from .js_fixtures import build_fixture, write_fixture

NODE = shutil.which("node")
FAMILIES = ["strips", "coins", "graphs", "trominoes", "pawns", "northcott"]


def test_fixture_covers_every_board_game_with_both_verdicts():
    fixture = build_fixture()
    assert sorted(fixture) == sorted(FAMILIES)
    for family, games in fixture.items():
        for game in games:
            verdicts = {case["isP"] for case in game["cases"]}
            assert verdicts == {True, False}, f"{family}/{game['name']}: only {verdicts} positions"


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not (ROOT / "nimlib" / "static" / "core.js").exists(), reason="the widget core is not merged yet")
@pytest.mark.parametrize("family", FAMILIES)
def test_page_logic_agrees_with_nimlib(tmp_path, family):
    path = write_fixture(tmp_path / "boards.json")
    test_file = ROOT / "tests" / "js" / f"test_{family}.test.mjs"
    env = {**os.environ, "NIMLIB_BOARDS_FIXTURE": str(path)}
    result = subprocess.run(
        [NODE, "--test", str(test_file)], capture_output=True, text=True, timeout=300, env=env, cwd=ROOT
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# skipped 0" in result.stdout
    print("\n".join(line for line in result.stdout.splitlines() if "positions agree" in line))


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_books_largest_boards_are_played_in_the_page():
    """tools/bench_widgets.py answers on every book board of ``nimlib.tables.book_boards`` (times not asserted)."""
    import subprocess
    import sys

    from nimlib.tables import book_boards

    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench_widgets.py")], capture_output=True, text=True, check=True
    ).stdout
    answered = [line for line in out.splitlines() if "the book's largest board" in line]
    assert len(answered) == len(book_boards()) and all(("wins:" in row) or ("stalls:" in row) for row in answered), out
