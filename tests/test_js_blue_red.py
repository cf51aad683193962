"""The page's Blue-Red Hackenbush (nimlib/static/games/blue_red.js, run by node) against nimlib.partizan.

Python writes every position of the book's pictures (and two more), for both players to move, with
nimlib's legal cuts, the positions they leave, the value (``BlueRedHackenbush.value``: sign expansion
and the simplicity rule) and who wins by exhaustive search (``nimlib.search``, which knows no values).
``tests/js/test_blue_red.test.mjs`` checks that the page lists the same cuts, computes the same values,
and that its reply (the computer's move and the Hint) wins exactly when the search says the mover
wins, and prints "agrees with nimlib on N of N positions".
"""

from __future__ import annotations

import shutil
from fractions import Fraction
from itertools import combinations

import pytest

from nimlib import search
from nimlib.partizan import BlueRedHackenbush

from .conftest import ROOT
from .js_fixtures import node_agreement

NODE = shutil.which("node")
TEST = ROOT / "tests" / "js" / "test_blue_red.test.mjs"

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

# The chapter's two boards (tests/test_partizan.py plays them too), each for both readers, and two more
TREE = [("B", [("R", []), ("B", [("R", [])])]), ("R", [("B", [])])]
PICTURES = [
    (("BRB", "RBB", "BR"), "B"),
    (("BRB", "RBB", "BR"), "R"),
    ((TREE, "RB"), "B"),
    ((TREE, "RB"), "R"),
    (("BRRB", "RBR", "BB", "R"), "B"),
    (([("R", [("B", [("R", []), ("B", [])]), ("B", [])]), ("B", [("R", [])])], "BRB"), "R"),
]


def _fraction(x: Fraction) -> list[int]:
    return [x.numerator, x.denominator]


def cases(game: BlueRedHackenbush) -> list[dict]:
    n = len(game.edges)
    positions = sorted({game._grounded(s) for k in range(n + 1) for s in combinations(range(n), k)})
    known: dict = {}
    out = []
    for standing in positions:
        for player, turn in ((0, "reader"), (1, "computer")):
            pos = (standing, player)
            moves = game.moves(pos)
            afters = {m: game.apply(pos, m) for m in moves}
            lost = search.solve(game, pos, known=known)[pos]
            winning = [m[0] for m in moves if search.solve(game, afters[m], known=known)[afters[m]]]
            assert (not lost) == bool(winning)
            out.append(
                {
                    "position": list(standing),
                    "turn": turn,
                    "moves": [[m[0], list(afters[m][0])] for m in moves],
                    "labels": [game.describe(pos, m) for m in moves],
                    "value": _fraction(game.value(pos)),
                    "wins": not lost,
                    "winning": winning,
                }
            )
    return out


def fixture() -> list[dict]:
    games = []
    for pieces, reader in PICTURES:
        game = BlueRedHackenbush(pieces=pieces, reader=reader)
        games.append({"params": game.widget_params(), "cases": cases(game)})
    return games


def test_blue_red_js_agrees_with_nimlib(tmp_path):
    games = fixture()
    expected = sum(len(g["cases"]) for g in games)
    assert expected > 900
    agreed, total = node_agreement(NODE, TEST, "NIMLIB_BLUE_RED_FIXTURE", games, tmp_path)
    assert agreed == total == expected
