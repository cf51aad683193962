"""The page's game logic (nimlib/static, run by node) against nimlib, exhaustively on small positions.

Python writes a fixture: for every game that has a JavaScript file, small positions with nimlib's
verdicts (P or N by exhaustive search, the positions one move away, those a winning move reaches,
the components' Grundy values and their XOR). ``tests/js/check_against_nimlib.mjs`` loads the
game files and checks, position by position, that the page's moves, replies, winners and
explanations agree. To add a game: one ``FixtureGame`` row in ``GAMES``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import partial

import pytest

from nimlib import chomp, moore, nim, search
from nimlib.boards import CrossesStrip, KaylesRow
from nimlib.graph_games import NodeKayles, chapter_graphs, node_kayles_components
from nimlib.grundy import heap_values
from nimlib.rulesets import grundys_game, laskers_nim, subtraction

from .conftest import ROOT

NODE = shutil.which("node")
CHECKER = ROOT / "tests" / "js" / "check_against_nimlib.mjs"


def heaps_canon(position: Iterable[int]) -> tuple[int, ...]:
    """Heap games: sorted, empty heaps dropped (the page keeps emptied heaps as 0 and splits in place)."""
    return tuple(sorted(h for h in position if h))


@dataclass(frozen=True)
class FixtureGame:
    """One row of the fixture: a data-game name and params, positions, and nimlib's rules for them.

    ``successors`` works on ``canon(position)``; ``components`` (optional) gives the Grundy values
    of a position's components in the page's order; ``canon`` names the page-side canonical form
    ("heaps": sorted without zeros, "sorted", "identity").
    """

    id: str
    params: dict
    positions: list[tuple]
    successors: Callable[[Hashable], Iterable[Hashable]]
    misere: bool = False
    components: Callable[[tuple], list[int]] | None = None
    canon: str = "heaps"
    name: str = ""


def _canon(kind: str, position: tuple) -> tuple:
    if kind == "heaps":
        return heaps_canon(position)
    if kind == "sorted":
        return tuple(sorted(position))
    return tuple(position)


def _nim_positions(heaps: int, size: int) -> list[tuple[int, ...]]:
    # Page-side positions keep their zeros: (0, 3, 0) as well as (3,)
    found = [p for p in nim.positions_up_to(heaps, size)]
    return found + [(0, *p) for p in found if len(p) == 2] + [(0, 0)]


def _heap_table(game, largest: int):
    values = heap_values(game, largest + 1)
    return values, (lambda position: [values[h] for h in position])


LASKER_VALUES, LASKER_COMPONENTS = _heap_table(laskers_nim, 20)
GRUNDY_VALUES, GRUNDY_COMPONENTS = _heap_table(grundys_game, 20)
S123 = subtraction({1, 2, 3})
S123_VALUES, S123_COMPONENTS = _heap_table(S123, 20)
S134 = subtraction({1, 3, 4})
S134_VALUES, S134_COMPONENTS = _heap_table(S134, 20)


def _misere_strip(board) -> FixtureGame:
    """A misère strip on the page: every legal row, nimlib's misère search on the board itself."""
    from itertools import product

    from nimlib.tables import page_params

    n = board.length
    rows = [
        r
        for r in product((0, 1), repeat=n)
        if board.widget == "misere-kayles" or not any(r[i] and r[i + 1] for i in range(n - 1))
    ]
    params = {**board.widget_params(), **page_params(board)}
    return FixtureGame(board.widget, params, rows, board.successors, misere=True, canon="identity")


def _node_kayles(name: str, n: int, edges: tuple) -> FixtureGame:
    """Node Kayles on one of the chapter's graphs: EVERY induced subgraph, nimlib's plain search (no components)."""
    game = NodeKayles(n, edges)

    def successors(position: tuple) -> list[tuple]:
        return [tuple(sorted(game.apply(frozenset(position), v))) for v in position]

    def components(position: tuple) -> list[int]:
        return [value for _, value in node_kayles_components(n, edges, position)]

    positions = [tuple(v for v in range(n) if mask >> v & 1) for mask in range(1 << n)]
    return FixtureGame(
        "node-kayles", game.widget_params(), positions, successors, components=components, canon="identity", name=name
    )


GAMES: list[FixtureGame] = [
    FixtureGame("nim", {"k": 1}, _nim_positions(3, 6), nim.successors, components=list),
    FixtureGame("misere-nim", {"k": 1}, _nim_positions(3, 6), nim.successors, misere=True),
    *[
        FixtureGame(
            "moore", {"k": k}, nim.positions_up_to(k + 2, 4), partial(moore.successors, k=k), name=f"moore k={k}"
        )
        for k in (2, 3)
    ],
    *[
        FixtureGame(
            "misere-moore",
            {"k": k},
            nim.positions_up_to(k + 2, 4),
            partial(moore.successors, k=k),
            misere=True,
            name=f"misere-moore k={k}",
        )
        for k in (2, 3)
    ],
    FixtureGame(
        "lasker",
        {"values": LASKER_VALUES},
        nim.positions_up_to(3, 7),
        laskers_nim.successors,
        components=LASKER_COMPONENTS,
    ),
    FixtureGame(
        "grundy",
        {"values": GRUNDY_VALUES},
        nim.positions_up_to(3, 9),
        grundys_game.successors,
        components=GRUNDY_COMPONENTS,
    ),
    FixtureGame(
        "subtraction",
        {"values": S123_VALUES, "subtract": [1, 2, 3]},
        nim.positions_up_to(3, 9),
        S123.successors,
        components=S123_COMPONENTS,
        name="subtraction {1,2,3}",
    ),
    FixtureGame(
        "heaps",
        {
            "values": LASKER_VALUES,
            "take_any": True,
            "take_split": [0],
            "take_all": [],
            "take_one": [],
            "unequal": False,
        },
        nim.positions_up_to(3, 7),
        laskers_nim.successors,
        components=LASKER_COMPONENTS,
        name="heaps: Lasker's Nim as a TakeRule",
    ),
    FixtureGame(
        "heaps",
        {"values": S134_VALUES, "take_all": [1, 3, 4], "take_one": [1, 3, 4], "take_split": [], "unequal": False},
        nim.positions_up_to(3, 9),
        S134.successors,
        components=S134_COMPONENTS,
        name="heaps: subtraction {1,3,4} as a TakeRule",
    ),
    FixtureGame(
        "subtraction",
        {"values": S134_VALUES, "subtract": [1, 3, 4]},
        nim.positions_up_to(3, 9),
        S134.successors,
        components=S134_COMPONENTS,
        name="subtraction {1,3,4}",
    ),
    _misere_strip(KaylesRow(length=9, misere=True)),
    _misere_strip(CrossesStrip(length=11, misere=True)),
    *[_node_kayles(name, n, edges) for name, (n, edges) in chapter_graphs().items()],
    # Chomp: every position of every bar up to 4 x 7 (the page searches the bar itself)
    *[
        FixtureGame(
            "chomp",
            {"rows": m, "columns": n},
            chomp.positions(m, n),
            chomp.chomp_options,
            canon="identity",
            name=f"chomp {m}x{n}",
        )
        for m in range(1, chomp.WIDGET_ROWS + 1)
        for n in range(1, chomp.WIDGET_COLUMNS + 1)
    ],
]


def fixture(games: list[FixtureGame] = GAMES) -> list[dict]:
    """nimlib's verdicts for every row of ``games``, as JSON-ready dicts."""
    out = []
    for game in games:
        known: dict = {}
        cases = []
        for position in game.positions:
            canon = _canon(game.canon, position)
            options = sorted(set(game.successors(canon)))
            is_p = search.solve(game.successors, canon, misere=game.misere, known=known)[canon]
            winning = [q for q in options if search.solve(game.successors, q, misere=game.misere, known=known)[q]]
            case = {
                "position": list(position),
                "p": is_p,
                "options": [list(q) for q in options],
                "winning": [list(q) for q in winning],
            }
            if game.components is not None:
                values = game.components(position)
                total = 0
                for v in values:
                    total ^= v
                case["components"] = values
                case["total"] = total
            cases.append(case)
        out.append(
            {
                "id": game.id,
                "name": game.name or game.id,
                "params": game.params,
                "misere": game.misere,
                "canon": game.canon,
                "cases": cases,
            }
        )
    return out


@pytest.mark.skipif(NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed")
def test_page_logic_agrees_with_nimlib(tmp_path):
    path = tmp_path / "fixture.json"
    data = fixture()
    path.write_text(json.dumps(data), encoding="utf-8")
    result = subprocess.run([NODE, str(CHECKER), str(path)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    total = sum(len(game["cases"]) for game in data)
    assert f"{total} of {total} positions agree" in result.stdout, result.stdout
    # Every row was checked, none skipped for lack of a game file
    for game in data:
        assert f"{game['name']}: {len(game['cases'])} of {len(game['cases'])}" in result.stdout


def test_fixture_bites():
    """The fixture itself is right where it is easy to see: Nim (1, 2, 3) is P, (1, 2) wins by reaching (1, 1)."""
    (nim_rows,) = [g for g in fixture(GAMES[:1])]
    cases = {tuple(c["position"]): c for c in nim_rows["cases"]}
    assert cases[(1, 2, 3)]["p"] and not cases[(1, 2)]["p"]
    assert cases[(1, 2)]["winning"] == [[1, 1]]
    assert cases[(0, 0)]["p"] and cases[(0, 0)]["options"] == []


@pytest.mark.skipif(NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed")
def test_node_unit_tests():
    """The page's own unit tests (tests/js/*.test.mjs and test_*.mjs, run by node's test runner) pass.

    Files are named explicitly: ``node --test tests/js/`` alone would skip ``test_*.mjs`` (not one of
    node's default test-file patterns).
    """
    folder = ROOT / "tests" / "js"
    files = sorted({str(p) for pattern in ("*.test.mjs", "test_*.mjs") for p in folder.glob(pattern)})
    assert files
    result = subprocess.run([NODE, "--test", *files], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "# fail 0" in result.stdout


_REGISTERED = """
import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
const dir = process.argv[1];
const core = await import(pathToFileURL(`${dir}/core.js`));
for (const f of readdirSync(`${dir}/games`).filter((f) => f.endsWith(".js")).sort()) {
  await import(pathToFileURL(`${dir}/games/${f}`));
}
console.log(JSON.stringify(core.registeredGames().sort()));
"""


@pytest.mark.skipif(NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed")
def test_python_knows_every_game_the_page_registers():
    """widgets.PAGE_GAMES (what PlayWidget accepts) is exactly what the bundle registers, and every rules
    object with a widget name the page lacks is refused with a message, not a blank page."""
    from nimlib.rulesets import kayles
    from nimlib.widgets import PAGE_GAMES, PlayWidget

    out = subprocess.run(
        [NODE, "--input-type=module", "-e", _REGISTERED, str(ROOT / "nimlib" / "static")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert set(json.loads(out)) == PAGE_GAMES
    with pytest.raises(ValueError, match="has no game in the page"):
        PlayWidget(kayles, (3, 4))  # an octal heap game: play it on its board (KaylesRow) instead
