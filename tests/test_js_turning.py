"""The page's coin-turning games (nimlib/static/games/turning.js, run by node) against nimlib.coins.

Python writes every small position with nimlib's moves, move labels, components, XOR, the value
exhaustive search finds, and the winning move; ``tests/js/test_turning.test.mjs`` checks the page
gives the same, position by position, and prints "N of N positions agree".
"""

from __future__ import annotations

import json
import shutil
from itertools import product

import pytest

from nimlib.coins import MockTurtles, Ruler, TurningCorners
from nimlib.grundy import grundy_value

from .conftest import ROOT
from .js_fixtures import node_agreement

NODE = shutil.which("node")
TEST = ROOT / "tests" / "js" / "test_turning.test.mjs"
CORE = ROOT / "nimlib" / "static" / "core.js"

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed"),
    pytest.mark.skipif(not CORE.exists(), reason="the widget core (nimlib/static/core.js) is not merged yet"),
]


def cases(game, positions):
    known: dict = {}
    out = []
    for p in positions:
        moves = game.moves(p)
        best = game.winning_move(p)
        out.append(
            {
                "position": game.encode(p),
                "moves": [[game.encode_move(m), game.encode(game.apply(p, m))] for m in moves],
                "labels": {json.dumps(game.encode_move(m), separators=(",", ":")): game.describe(p, m) for m in moves},
                "components": [[label, value] for label, value in game.components(p)],
                "total": game.grundy(p),
                "searched": grundy_value(game.options, p, known=known),
                "best": None if best is None else game.encode_move(best),
            }
        )
    return out


def rows_up_to(length):
    return [r for n in range(1, length + 1) for r in product((0, 1), repeat=n)]


def boards(rows, columns):
    cells = [(i, j) for i in range(1, rows + 1) for j in range(1, columns + 1)]
    return [
        frozenset(c for c, bit in zip(cells, bits, strict=True) if bit) for bits in product((0, 1), repeat=len(cells))
    ]


def fixture():
    games = []
    for game, positions in [
        (MockTurtles(7), rows_up_to(7)),
        (Ruler(8), rows_up_to(8)),
        (TurningCorners(3, 4), boards(3, 4)),
    ]:
        games.append({"id": game.widget, "params": game.widget_params(), "cases": cases(game, positions)})
    return games


def test_turning_js_agrees_with_nimlib(tmp_path):
    games = fixture()
    expected = sum(len(g["cases"]) for g in games)
    agreed, total = node_agreement(NODE, TEST, "NIMLIB_TURNING_FIXTURE", games, tmp_path)
    assert agreed == total == expected == 254 + 510 + 4096
