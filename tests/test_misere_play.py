"""Misère Kayles and misère crosses (Dawson's Kayles) as rules objects and play widgets.

The reference is nimlib's exhaustive misère search on the *heap* game (the runs of the row as a
multiset of Kayles or 0.137 heaps), not on the board the rules object plays: a best move must
reach a misère P-position of the heap game whenever one exists, on every row up to 10 cells.
"""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path

import pytest

from nimlib import search
from nimlib.boards import (
    MAX_MISERE_CELLS,
    MAX_MISERE_QUOTIENT_CROSSES,
    MAX_MISERE_QUOTIENT_KAYLES,
    CrossesStrip,
    KaylesRow,
)
from nimlib.misere import misere_grundy
from nimlib.rulesets import crosses, dawsons_kayles, kayles
from nimlib.tables import misere_strip_params, page_params, tame_runs

from .conftest import ROOT


def _runs(flags) -> tuple[int, ...]:
    runs, k = [], 0
    for f in [*flags, False]:
        if f:
            k += 1
        elif k:
            runs.append(k)
            k = 0
    return tuple(sorted(runs))


def _kayles_heaps(row) -> tuple[int, ...]:
    return _runs(bool(p) for p in row)


def _crosses_heaps(row) -> tuple[int, ...]:
    n = len(row)
    return _runs(not any(row[max(0, i - 1) : i + 2]) for i in range(n))


def _legal_crosses(n: int):
    return [r for r in product((0, 1), repeat=n) if not any(r[i] and r[i + 1] for i in range(n - 1))]


CASES = [
    ("kayles", KaylesRow, kayles, _kayles_heaps, lambda n: list(product((0, 1), repeat=n))),
    ("crosses", CrossesStrip, crosses, _crosses_heaps, _legal_crosses),
]


@pytest.mark.parametrize(("name", "board_type", "heap_game", "heaps", "rows"), CASES, ids=[c[0] for c in CASES])
def test_misere_best_moves_are_optimal_on_every_row_up_to_10(name, board_type, heap_game, heaps, rows):
    known: dict = {}

    def misere_p(position: tuple[int, ...]) -> bool:
        return search.solve(heap_game.successors, position, misere=True, known=known)[position]

    checked = winning = 0
    for n in range(1, 11):
        board = board_type(length=n, misere=True)
        assert board.misere and board.widget == f"misere-{'kayles' if name == 'kayles' else 'dawson'}"
        for row in rows(n):
            step = board.best_move(row)
            options = [heaps(after) for after in board.options(row)]
            if not options:
                assert step is None
                continue
            checked += 1
            has_win = any(misere_p(q) for q in options)
            assert misere_p(heaps(row)) == (not has_win)
            if has_win:
                winning += 1
                assert misere_p(heaps(step.after)), f"{name} {row}: {step.label} does not win in misère play"
    assert checked > 300 and 0 < winning < checked


def test_misere_differs_from_normal_play():
    """The misère strategy is not the normal one: from a single pin, normal play knocks it, misère cannot win."""
    assert KaylesRow(length=1).best_move((1,)).after == (0,)
    assert search.is_p_position(KaylesRow(length=1, misere=True).successors, (1,), misere=True)
    # Two pins: in normal play knock both; in misère play knock one (leaving the last pin to the opponent)
    assert KaylesRow(length=2).best_move((1, 1)).after == (0, 0)
    assert KaylesRow(length=2, misere=True).best_move((1, 1)).after in {(0, 1), (1, 0)}


def test_crosses_runs_are_dawsons_kayles_shifted():
    """A run of k free cells is Dawson's Kayles (0.07) on k + 1 pins, in misère play too (the page says so)."""
    for k in range(12):
        assert misere_grundy(crosses, (k,)) == misere_grundy(dawsons_kayles, (k + 1,))


def test_bad_input():
    # rows longer than MAX_MISERE_CELLS are played by the misère quotient, up to its bound
    with pytest.raises(ValueError, match=f"at most {MAX_MISERE_QUOTIENT_KAYLES} in misère play"):
        KaylesRow(length=MAX_MISERE_QUOTIENT_KAYLES + 1, misere=True)
    with pytest.raises(ValueError, match=f"at most {MAX_MISERE_QUOTIENT_CROSSES} in misère play"):
        CrossesStrip(length=MAX_MISERE_QUOTIENT_CROSSES + 1, misere=True)
    with pytest.raises(ValueError, match=f"at most {MAX_MISERE_CELLS} in misère play"):
        CrossesStrip(length=MAX_MISERE_CELLS + 1, distance=2, misere=True)
    with pytest.raises(TypeError, match="misere"):
        KaylesRow(length=5, misere="yes")
    with pytest.raises(TypeError, match="HeapGame"):
        misere_strip_params("kayles", 5)
    with pytest.raises(ValueError, match="length"):
        misere_strip_params(kayles, 0)


def test_tables_for_the_page():
    """The genus and tameness tables: Kayles is tame up to 4 pins (chapter 16), crosses up to runs of 8 and 10."""
    assert tame_runs(kayles, 13) == [True] * 5 + [False] * 8
    assert [k for k, t in enumerate(tame_runs(crosses, 13)) if not t] == [9, 11, 12]
    params = page_params(KaylesRow(length=6, misere=True))
    assert params["genus"][5] == [4, [1, 4, 6]] and params["genus"][0] == [0, [1, 2, 0]]
    assert page_params(KaylesRow(length=6)) == {}
    assert len(page_params(CrossesStrip(length=7, misere=True))["tame"]) == 8


def test_play_widget_accepts_the_misere_boards():
    from nimlib.widgets import PAGE_GAMES, GameBoard

    for board in (KaylesRow(length=8, misere=True), CrossesStrip(length=9, misere=True)):
        assert board.widget in PAGE_GAMES
        w = GameBoard(board, board.start())
        assert w.game == board.widget and w.params["misere"] is True and "tame" in w.params
        # Python's own reply (Jupyter) is the search's move too
        step = board.best_move(board.start())
        assert step is not None
    with pytest.raises(ValueError, match="has no game in the page"):
        GameBoard(CrossesStrip(length=9, distance=2, misere=True), (0,) * 9)


# ---------------------------------------------------------------- every registered game on a page

# The page games each rules object of the notebooks produces, read from the constructors' source
_CONSTRUCTORS = {
    r"NimGame\(.*misere=True.*k=": "misere-moore",
    r"NimGame\((?!.*misere=True).*k=": "moore",
    r"NimGame\((?!.*k=).*misere=True": "misere-nim",
    r"NimGame\((?!.*(k=|misere=True))": "nim",
    r"KaylesRow\(.*misere=True": "misere-kayles",
    r"KaylesRow\((?!.*misere=True)": "kayles",
    r"CrossesStrip\(.*misere=True": "misere-dawson",
    r"CrossesStrip\((?!.*(distance=2|misere=True))": "dawson",
    r"CrossesStrip\(.*distance=2": "crosses-2",
    r"HeapBoard\(game=laskers_nim": "lasker",
    r"HeapBoard\(game=grundys_game": "grundy",
    r"HeapBoard\(game=(subtraction|s123)": "subtraction",
    r"HeapGame\(": "heaps",
    r"Trominoes\(": "trominoes",
    r"Staircase\(": "staircase",
    r"Nimble\((?!.*no_jumps=True)": "nimble",
    r"Nimble\(.*no_jumps=True": "nimble-2",
    r"TurningTurtles\((?!.*twins=True)": "turtles",
    r"TurningTurtles\(.*twins=True": "twins",
    r"Twins\(": "twins",
    r"GraphChips\(.*annihilate=True": "graph-chips (annihilating)",
    r"GraphChips\((?!.*annihilate=True)": "graph-chips",
    r"Northcott\(": "northcott",
    r"Pawns\(": "pawns",
    r"Wythoff\(": "wythoff",
    r"MockTurtles\(": "mock-turtles",
    r"Ruler\(": "ruler",
    r"TurningCorners\(": "corners",
    r"GreenHackenbush\(": "hackenbush",
    r"Chomp\(": "chomp",
    r"FibonacciNim\(": "fibonacci-nim",
    r"NodeKayles\(": "node-kayles",
    r"BlueRedHackenbush\(": "blue-red-hackenbush",
}
# Page games played as variants of a registered one (params), each needing a page of its own
_VARIANTS = {"nimble-2", "twins", "graph-chips (annihilating)"}


def _widget_calls() -> dict[str, list[str]]:
    """The lines of every notebook code cell that ends by showing a widget, by notebook."""
    import re

    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(Path(path).read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            lines = "".join(cell["source"]).strip().splitlines()
            if lines and re.match(r"(GameBoard|PlayWidget|NimGame)\(", lines[-1]):
                found.setdefault(path.name, []).extend(lines)
    return found


def _shown_games() -> set[str]:
    import re

    shown = set()
    for calls in _widget_calls().values():
        for call in calls:
            shown |= {game for pattern, game in _CONSTRUCTORS.items() if re.search(pattern, call)}
    return shown


def test_every_registered_game_and_variant_is_played_on_some_page():
    from nimlib.widgets import PAGE_GAMES

    shown = _shown_games()
    missing = (PAGE_GAMES | _VARIANTS) - shown
    assert not missing, f"registered page games no notebook plays: {sorted(missing)}"


def test_the_page_game_scan_bites():
    """The scan tells the variants apart (a plain Nimble is not Nimble-2, a misère row not a normal one)."""
    import re

    def games(call):
        return {g for p, g in _CONSTRUCTORS.items() if re.search(p, call)}

    assert games("GameBoard(Nimble(length=10), (2, 5))") == {"nimble"}
    assert games("GameBoard(Nimble(length=10, no_jumps=True), (2, 5))") == {"nimble-2"}
    assert games("GameBoard(KaylesRow(length=10, misere=True), (1,))") == {"misere-kayles"}
    assert games("GameBoard(CrossesStrip(length=14, distance=2), x)") == {"crosses-2"}
    assert games("NimGame((1, 2), misere=True, k=2, seed=7)") == {"misere-moore"}
    assert games("NimGame((1, 2), misere=True, seed=7)") == {"misere-nim"}
    assert games("GameBoard(GraphChips(edges=edges), (0, 1, 7))") == {"graph-chips"}


def test_node_tests_use_nimlibs_tables():
    """The genus and tame tables written into tests/js/test_misere_strips.test.mjs are nimlib's."""
    import re

    source = (ROOT / "tests" / "js" / "test_misere_strips.test.mjs").read_text(encoding="utf-8")
    for name, game in [("KAYLES", kayles), ("CROSSES", crosses)]:
        block = re.search(rf"const {name} = \{{\s*genus: (\[.*?\]\]\]),\s*tame: (\[.*?\]),", source, re.S)
        assert block, name
        genus, tame = json.loads(block.group(1)), json.loads(block.group(2))
        assert misere_strip_params(game, 12) == {"genus": genus, "tame": tame}, name
