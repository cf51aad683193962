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
@pytest.mark.skipif(not (ROOT / "nimlib" / "static" / "core.js").exists(), reason="the widget core is not merged yet")
def test_the_books_largest_boards_are_played_in_the_page():
    """Every board of ``nimlib.tables.book_boards`` is analysed and answered (times printed, not asserted)."""
    from .js_fixtures import bench_boards

    out = bench_boards(NODE)
    assert sum(line.split()[0] in {"kayles", "pawns", "trominoes", "northcott"} for line in out.splitlines()) == 4
