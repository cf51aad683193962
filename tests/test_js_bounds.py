"""Python and the page share their limits (issue 25): the page's constants are Python's, a state just past
a limit is refused by Python before it could reach the page, and one at the limit is played there.

The page (``nimlib/static``) checks every saved state before drawing it (each game's ``validate``) and
plays large states by formula; ``tests/js/hostile_state.test.mjs`` and ``tests/js/large_states.test.mjs``
check that under node. Here: the numbers the two sides use are the same numbers.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from nimlib import boards, coins, widgets, wythoff
from nimlib.boards import HeapBoard, Nimble, Staircase, TurningTurtles
from nimlib.coins import MockTurtles, Ruler, TurningCorners
from nimlib.graph_games import MAX_WIDGET_VERTICES, NodeKayles
from nimlib.hackenbush import GreenHackenbush
from nimlib.nim import Nim
from nimlib.partizan import MAX_PICTURE_EDGES, MAX_PIECE_POSITIONS, BlueRedHackenbush
from nimlib.rulesets import laskers_nim
from nimlib.widgets import PlayWidget
from nimlib.wythoff import Wythoff

from .conftest import ROOT

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed"
)

_CONSTANTS = """
import { pathToFileURL } from "node:url";
const dir = process.argv[1];
const load = (f) => import(pathToFileURL(`${dir}/${f}`));
const out = {};
for (const f of ["core.js", "puzzle.js", "games/nim.js", "games/heaps.js", "games/strips.js", "games/misere_strips.js",
  "games/trominoes.js", "games/coins.js", "games/turning.js", "games/northcott.js", "games/pawns.js", "games/graphs.js",
  "games/hackenbush.js", "games/wythoff.js", "games/node_kayles.js", "games/blue_red.js"]) {
  for (const [name, value] of Object.entries(await load(f))) if (typeof value === "number") out[name] = value;
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def page() -> dict[str, int]:
    """Every exported numeric constant of the page's files, by name."""
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", _CONSTANTS, str(ROOT / "nimlib" / "static")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


@needs_node
def test_the_page_checks_saved_states_with_pythons_limits(page):
    """What the page refuses in a saved state is what PlayWidget and PuzzleWidget refuse from it."""
    pairs = {
        "STATE_MAX_DEPTH": widgets.PAGE_DEPTH,
        "STATE_MAX_ITEMS": widgets.MAX_PAGE_ITEMS,
        "STATE_MAX_HISTORY": widgets.MAX_HISTORY,
        "STATE_MAX_MESSAGE": widgets.MAX_MESSAGE,
        "PUZZLE_MAX_SIZE": widgets.MAX_PUZZLE_MOVES,
        "PUZZLE_MAX_RESULTS": widgets.MAX_RESULTS,
        "WYTHOFF_LIMIT": wythoff.WIDGET_LIMIT,
        "HEAP_MAX_STONES": boards.MAX_STONES,
        "TURNING_MAX_SIDE": coins.MAX_CORNERS_SIDE,
    }
    assert {name: page[name] for name in pairs} == pairs


@needs_node
def test_the_boards_limits_are_the_same_number_on_both_sides(page):
    """Every board's longest row, most heaps, cells, columns or vertices in the page is boards.MAX_CELLS."""
    names = [
        "NIM_MAX_HEAPS", "HEAP_MAX_HEAPS", "HEAP_MAX_TABLE", "STRIP_MAX_CELLS", "TROM_MAX_COLUMNS", "COIN_MAX_CELLS",
        "NORTH_MAX", "PAWN_MAX_COLUMNS", "GRAPH_MAX", "TURNING_MAX_COINS",
    ]  # fmt: skip
    assert {name: page[name] for name in names} == dict.fromkeys(names, boards.MAX_CELLS)
    assert page["MISERE_STRIP_MAX"] >= boards.MAX_MISERE_CELLS  # the page searches longer strips than Python allows
    # rows beyond the search play by the misère quotient: the page takes every row Python's quotient plays
    assert page["MISERE_QUOTIENT_MAX"] == max(boards.MAX_MISERE_QUOTIENT_KAYLES, boards.MAX_MISERE_QUOTIENT_CROSSES)


# A state just past each page limit: Python must refuse it (so it never reaches the page)
PAST = {
    "wythoff (100, 0)": lambda page: PlayWidget(Wythoff(), (page["WYTHOFF_LIMIT"] + 1, 0)),
    "wythoff (150, 200)": lambda page: PlayWidget(Wythoff(), (150, 200)),
    "staircase": lambda page: PlayWidget(Staircase(), [1] * (page["COIN_MAX_CELLS"] + 1)),
    "nimble": lambda page: PlayWidget(Nimble(length=page["COIN_MAX_CELLS"] + 1), [0]),
    "turtles": lambda page: PlayWidget(TurningTurtles(), [1] * (page["COIN_MAX_CELLS"] + 1)),
    "nim heaps": lambda page: PlayWidget(Nim(), [1] * (page["NIM_MAX_HEAPS"] + 1)),
    "heap stones": lambda page: HeapBoard(game=laskers_nim, largest=1000).check(
        [1000] * (page["HEAP_MAX_STONES"] // 1000 + 1)
    ),
    "mock turtles": lambda page: MockTurtles(length=page["TURNING_MAX_COINS"] + 1),
    "ruler": lambda page: Ruler(length=page["TURNING_MAX_COINS"] + 1),
    "corners": lambda page: TurningCorners(rows=page["TURNING_MAX_SIDE"] + 1, columns=2),
    "hackenbush edges": lambda page: GreenHackenbush([(0, v) for v in range(1, page["HB_MAX_EDGES"] + 2)]),
    "node kayles vertices": lambda page: NodeKayles(page["NK_MAX_VERTICES"] + 1, []),
    "blue-red edges": lambda page: BlueRedHackenbush(pieces=("B" * (page["BR_MAX_EDGES"] + 1),)),
    "blue-red bushy tree": lambda page: BlueRedHackenbush(pieces=([("B", [("R", [])] * 11)],)),
}


@needs_node
@pytest.mark.parametrize("case", sorted(PAST))
def test_python_refuses_what_the_page_cannot_play(page, case):
    with pytest.raises(ValueError):
        PAST[case](page)


@needs_node
def test_python_sends_a_state_at_the_limit(page):
    """At each limit Python accepts: the page's large-state test plays these very sizes."""
    assert PlayWidget(Wythoff(), (page["WYTHOFF_LIMIT"], page["WYTHOFF_LIMIT"] - 1)).position == [99, 98]
    assert len(PlayWidget(Staircase(), [1] * page["COIN_MAX_CELLS"]).position) == page["COIN_MAX_CELLS"]
    assert PlayWidget(Nimble(length=page["COIN_MAX_CELLS"]), [page["COIN_MAX_CELLS"] - 1]).params["length"] == 1000


# ---------------------------------------------------------------- Fibonacci Nim (chapter ch-fibonacci)


@needs_node
def test_fibonacci_nim_limit_is_one_number_on_both_sides():
    """The page plays heaps up to FIB_LIMIT; Python sends a heap at that limit and refuses one past it."""
    from nimlib import fibonacci
    from nimlib.fibonacci import FibonacciNim

    code = (
        "import { pathToFileURL } from 'node:url';"
        "const m = await import(pathToFileURL(process.argv[1] + '/games/fibonacci.js'));"
        "console.log(m.FIB_LIMIT);"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", code, str(ROOT / "nimlib" / "static")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    limit = int(out)
    assert limit == fibonacci.WIDGET_LIMIT
    assert PlayWidget(FibonacciNim(limit), (limit, limit - 1)).position == [limit, limit - 1]
    with pytest.raises(ValueError, match="WIDGET_LIMIT"):
        PlayWidget(FibonacciNim(), (limit + 1, 3))


@needs_node
def test_node_kayles_takes_the_same_graphs_on_both_sides(page):
    """The page's largest Node Kayles graph is graph_games.MAX_WIDGET_VERTICES; Python sends one that size."""
    assert page["NK_MAX_VERTICES"] == MAX_WIDGET_VERTICES
    assert PlayWidget(NodeKayles(MAX_WIDGET_VERTICES, [])).params["vertices"] == MAX_WIDGET_VERTICES


@needs_node
def test_chomp_bar_limits_are_the_same_on_both_sides():
    """The page's largest Chomp bar (CHOMP_MAX_ROWS x CHOMP_MAX_COLUMNS) is nimlib.chomp's WIDGET_ROWS x _COLUMNS."""
    from nimlib import chomp

    script = (
        "import { pathToFileURL } from 'node:url';"
        "const g = await import(pathToFileURL(process.argv[1]));"
        "console.log(JSON.stringify([g.CHOMP_MAX_ROWS, g.CHOMP_MAX_COLUMNS]));"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script, str(ROOT / "nimlib" / "static" / "games" / "chomp.js")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == [chomp.WIDGET_ROWS, chomp.WIDGET_COLUMNS] == [4, 7]
    # one past the limit is refused by Python before it could reach the page; the limit itself plays
    PlayWidget(chomp.Chomp(4, 7))
    with pytest.raises(ValueError, match="at most 4 x 7"):
        PlayWidget(chomp.Chomp(5, 7))
    with pytest.raises(ValueError, match="at most 4 x 7"):
        PlayWidget(chomp.Chomp(4, 8))


@needs_node
def test_blue_red_limits_are_pythons(page):
    """Blue-Red Hackenbush: the most edges and the most positions of one piece are the same numbers on both sides."""
    assert (page["BR_MAX_EDGES"], page["BR_MAX_PIECE_POSITIONS"]) == (MAX_PICTURE_EDGES, MAX_PIECE_POSITIONS)
    # at the limits Python accepts: a stalk of 24 edges, and a tree of 10 leaves on one edge (2^10 positions)
    assert len(PlayWidget(BlueRedHackenbush(pieces=("BR" * 12,))).position) == MAX_PICTURE_EDGES
    assert BlueRedHackenbush(pieces=([("B", [("R", [])] * 10)],)).edges[0] == (0, 1, "B")
