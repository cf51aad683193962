"""The page plays misère Kayles and misère crosses beyond 12 cells by the misère quotient: checked in node.

Python writes the page's params (nimlib.tables.page_params, so the quotient tables the build sends), the
run multisets that are misère P-positions by exhaustive search (nimlib.search, independent of the
quotient), each multiset's element by nimlib.quotient, and seeded random rows; tests/js/misere_quotient_check.mjs
checks the page's verdict, move and explanation words against them.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from nimlib import search
from nimlib.boards import CrossesStrip, KaylesRow
from nimlib.quotient import quotient
from nimlib.rulesets import crosses, kayles
from nimlib.tables import page_params

NODE = shutil.which("node")
CHECKER = Path(__file__).parent / "js" / "misere_quotient_check.mjs"


def _multisets(total: int) -> list[tuple[int, ...]]:
    """Every multiset of positive parts with sum at most ``total``, as sorted tuples."""
    out: list[tuple[int, ...]] = []

    def grow(prefix: tuple[int, ...], smallest: int, left: int) -> None:
        out.append(prefix)
        for k in range(smallest, left + 1):
            grow((*prefix, k), k, left - k)

    grow((), 1, total)
    return out


def _game(board, heap_game, kind: str, rows: list[tuple[int, ...]]) -> dict:
    params = {**board.widget_params(), **page_params(board)}
    q = quotient(heap_game, board.length)
    known: dict = {}
    p_runs, element = [], {}
    for s in _multisets(board.length):
        key = ",".join(map(str, s))
        element[key] = q.element(s)
        if s and search.solve(heap_game.successors, s, misere=True, known=known)[s]:
            p_runs.append(key)
    return {"id": board.widget, "kind": kind, "params": params, "rows": rows, "p_runs": p_runs, "element": element}


def _rows(length: int, count: int, seed: int, crosses_only: bool) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    rows = [(0,) * length if crosses_only else (1,) * length]
    while len(rows) < count:
        row = [int(rng.random() < (0.25 if crosses_only else 0.7)) for _ in range(length)]
        if crosses_only and any(row[i] and row[i + 1] for i in range(length - 1)):
            continue
        rows.append(tuple(row))
    return rows


def fixture() -> dict:
    kayles_board = KaylesRow(length=16, misere=True)
    crosses_board = CrossesStrip(length=14, misere=True)
    return {
        "games": [
            _game(kayles_board, kayles, "kayles", _rows(16, 400, 1, False)),
            _game(crosses_board, crosses, "dawson", _rows(14, 400, 2, True)),
        ],
        "min_rows": 800,
        "min_moves": 300,
    }


@pytest.mark.skipif(NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed")
def test_page_quotient_play_and_words_agree_with_nimlib(tmp_path):
    data = fixture()
    assert all("quotient" in g["params"] for g in data["games"])  # rows longer than 12 get the quotient
    path = tmp_path / "quotient_fixture.json"
    path.write_text(json.dumps(data))
    result = subprocess.run([NODE, str(CHECKER), str(path)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:] + result.stdout[-1000:]
    assert result.stdout.startswith("ok: ")


def test_long_misere_rows_are_played_by_the_quotient_in_python_too():
    from nimlib.boards import _misere_quotient  # the board's own (cached) quotient, tested in test_quotient.py

    # rows of 20 pins with one pin down, strips of 16 cells with one cross: the quotient's move, when it has
    # one, wins by exhaustive search on the runs; when it has none, the search agrees that none wins
    cases = [
        (KaylesRow(length=20, misere=True), "0.77", kayles, 0),
        (CrossesStrip(length=16, misere=True), "0.137", crosses, 1),
    ]
    for board, code, game, mark in cases:
        q = _misere_quotient(code, board.length)
        wins = 0
        for i in range(board.length):
            position = tuple(mark if j == i else 1 - mark for j in range(board.length))
            runs = tuple(sorted(k for _, k in board.runs(position)))
            step = board.best_move(position)
            if q.is_p_position(runs):
                assert search.is_p_position(game.successors, runs, misere=True)
                continue
            after = tuple(sorted(k for _, k in board.runs(step.after)))
            assert q.is_p_position(after) and search.is_p_position(game.successors, after, misere=True)
            wins += 1
        assert wins >= 4, (code, wins)
    with pytest.raises(ValueError, match="at most 30 in misère play"):
        KaylesRow(length=31, misere=True)
