"""The play widget's Python side: traits, moves and replies checked by the searcher, bad input kept out.

The page's own logic (nimlib/static) is checked by node: tests/js/ and tests/test_js_games.py.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from functools import partial
from pathlib import Path

import pytest

from nimlib import moore, nim, search
from nimlib.boards import CrossesStrip, GraphChips, HeapBoard, KaylesRow, Nimble, Staircase, TurningTurtles
from nimlib.rulesets import grundys_game, laskers_nim, subtraction
from nimlib.widgets import MAX_HEAP, GameBoard, NimGame, PlayWidget, bundle

from .conftest import small_positions


def searcher_says_p(position, *, misere=False, k=1):
    successors = nim.successors if k == 1 else partial(moore.successors, k=k)
    return search.is_p_position(successors, nim.canonical(position), misere=misere)


def test_traits_of_a_new_game():
    game = NimGame((3, 4, 5), seed=2)
    assert isinstance(game, PlayWidget)
    assert (game.game, game.position, game.start, game.history) == ("nim", [3, 4, 5], [3, 4, 5], [])
    assert game.params == {"k": 1, "misere": False, "seed": 2}
    assert game._esm == bundle() and ".nimlib-play" in game._css
    assert NimGame((1, 2), misere=True).game == "misere-nim"
    assert NimGame((1, 2), k=3).game == "moore" and NimGame((1, 2), k=3).params["k"] == 3
    assert NimGame((1, 2), k=2, misere=True).game == "misere-moore"


@pytest.mark.parametrize("misere", [False, True])
def test_computer_replies_win_whenever_possible(misere):
    for start in small_positions(heaps=3, size=5):
        if sum(start) < 2:
            continue
        game = NimGame(start, misere=misere)
        assert game.play((len(start) - 1, start[-1] - 1))
        reader, *reply = game.history
        assert reader["player"] == "reader" and reader["after"] == [*start[:-1], start[-1] - 1]
        if reply:
            (reply,) = reply
            assert reply["player"] == "computer" and reply["before"] == reader["after"]
            assert game.position == reply["after"]
            if not searcher_says_p(reply["before"], misere=misere):
                assert searcher_says_p(game.position, misere=misere), (start, game.history)


@pytest.mark.parametrize(("k", "misere"), [(2, False), (3, False), (2, True), (3, True)])
def test_moore_replies(k, misere):
    for start in small_positions(heaps=k + 1, size=3):
        if sum(start) < 2:
            continue
        game = NimGame(start, k=k, misere=misere)
        i = max(range(len(start)), key=lambda j: start[j])
        assert game.play(((i, start[i] - 1),))
        last = game.history[-1]
        if last["player"] == "computer" and not searcher_says_p(last["before"], k=k, misere=misere):
            assert searcher_says_p(game.position, k=k, misere=misere), (start, game.history)
            move = last["move"]
            assert len(move) <= k if isinstance(move[0], list) else True


def test_illegal_moves_keep_the_state():
    game = NimGame((3, 4, 5))
    for bad in [(7, 0), (0, 3), (0, 9), (0.5, 1), "01", None, (True, 1), ((0, 1), (1, 1))]:
        assert game.play(bad) is False, bad
        assert game.position == [3, 4, 5] and game.history == []
        assert game.message.startswith("Illegal move"), (bad, game.message)
    moore_game = NimGame((5, 6, 7), k=2)
    assert moore_game.play(((0, 1), (1, 1), (2, 1))) is False and "at most k=2" in moore_game.message
    assert moore_game.play(((0, 1), (0, 2))) is False and "twice" in moore_game.message
    assert moore_game.position == [5, 6, 7]


def test_position_from_python_starts_a_new_game_and_bad_ones_are_refused():
    game = NimGame((3, 4, 5))
    game.play((0, 1))
    game.position = (2, 3)
    assert (game.position, game.start, game.history, game.message) == ([2, 3], [2, 3], [], "")
    for bad, said in [
        ((3, -1), "position[1] must be a non-negative int"),
        ("345", "sequence"),
        ((), "must not be empty"),
    ]:
        game.position = bad
        assert game.position == [2, 3] and said in game.message, (bad, game.message)
    game.position = (MAX_HEAP + 1, 1)
    assert game.position == [2, 3] and "2**53 - 1" in game.message
    with pytest.raises(ValueError, match=r"at most 2\*\*53 - 1 = 9007199254740991"):
        NimGame((2**60, 1))
    assert NimGame((MAX_HEAP, 1)).position == [MAX_HEAP, 1]


def test_the_front_end_state_is_trusted_not_restarted():
    """What the page sends (its move and the computer's reply) is kept: no new game, no validation detour."""
    game = NimGame((3, 4, 5))
    history = [
        {"player": "reader", "move": [0, 1], "label": "heap 0 from 3 to 1", "before": [3, 4, 5], "after": [1, 4, 5]},
        {"player": "computer", "move": [2, 4], "label": "heap 2 from 5 to 4", "before": [1, 4, 5], "after": [1, 4, 4]},
    ]
    game.set_state({"position": [1, 4, 4], "history": history, "message": "I play heap 2 from 5 to 4."})
    assert game.position == [1, 4, 4] and game.history == history and game.start == [3, 4, 5]
    assert game.play((1, 0)) and game.history[2]["before"] == [1, 4, 4]


def test_empty_boards_and_a_computer_with_nothing_to_take():
    """The reader has won both: misère play with no stone left, and a computer that starts at (0)."""
    misere = NimGame((0, 0), misere=True)
    assert misere.is_over and misere.winner == "reader" and misere.message == "Game over: you win."
    first = NimGame((0,), computer_first=True)
    assert first.is_over and first.winner == "reader" and first.history == []
    normal = NimGame((0, 0))
    assert normal.is_over and normal.winner == "computer"
    misere_first = NimGame((0,), misere=True, computer_first=True)
    assert misere_first.winner == "computer"


@pytest.mark.parametrize(("misere", "k"), [(False, 1), (True, 1), (False, 2), (True, 2)])
def test_winner_is_set_whenever_the_game_is_over(misere, k):
    rng = random.Random(5)
    for _ in range(30):
        start = tuple(rng.randint(0, 4) for _ in range(rng.randint(1, 4)))
        game = NimGame(start, misere=misere, k=k, computer_first=rng.random() < 0.5)
        while not game.is_over:
            assert game.winner is None
            live = [i for i, h in enumerate(game.position) if h]
            i = rng.choice(live)
            assert game.play((i, rng.randrange(game.position[i])))
        assert game.winner in ("reader", "computer")
        # Whoever took the last stone wins normal play and loses misère play
        last = game.history[-1]["player"] if game.history else None
        if last is not None:
            assert (game.winner == last) != misere
        assert game.play((0, 0)) is False and "over" in game.message


def test_undo_hint_and_who_starts():
    game = NimGame((3, 4, 5))
    assert game.hint() == "Hint: heap 0 from 3 to 1." and game.message == "Hint: heap 0 from 3 to 1."
    assert game.undo() is False and game.message == "Nothing to undo."
    game.play((0, 1))
    assert game.undo() and game.position == [3, 4, 5] and game.history == []
    game.computer_first = True
    assert game.history[0]["player"] == "computer" and game.history[0]["before"] == [3, 4, 5]
    assert nim.is_p_position(tuple(game.position))
    assert game.undo() is False  # the computer's opening move is not the reader's to take back
    assert NimGame((1, 2, 3)).hint().startswith("Every move loses")


def test_twenty_huge_heaps():
    game = NimGame(tuple(10**9 + 7 * i for i in range(20)))
    assert game.play((0, 5))
    assert nim.nim_sum(tuple(game.position)) == 0


BOARDS = [
    (KaylesRow(length=10), (1,) * 10, "kayles"),
    (CrossesStrip(length=14), (0,) * 14, "dawson"),
    (Staircase(), (2, 3, 1, 4, 2, 5), "staircase"),
    (Nimble(length=10), (2, 5, 7, 9), "nimble"),
    (TurningTurtles(), (0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1), "turtles"),
    (GraphChips(edges={0: (1, 2), 1: (2,), 2: ()}, annihilate=True), (0, 1), "graph-chips"),
    (HeapBoard(game=laskers_nim, largest=20), (3, 5, 7), "lasker"),
    (HeapBoard(game=grundys_game, largest=20), (7, 9), "grundy"),
    (HeapBoard(game=subtraction({1, 2, 3}), largest=20), (5, 6, 9), "subtraction"),
]


@pytest.mark.parametrize(("board", "start", "name"), BOARDS, ids=[b[2] for b in BOARDS])
def test_game_board_plays_to_grundy_zero(board, start, name):
    widget = GameBoard(board, start)
    assert widget.game == name and widget.position == list(start)
    for move, label in widget.legal_moves()[:6]:
        game = GameBoard(board, start)
        assert game.play(move), (move, game.message)
        reader = game.history[0]
        assert reader["move"] == move and reader["label"] == label
        if len(game.history) == 2:
            before = game.rules.decode(game.history[1]["before"])
            if _grundy(game.rules, before) != 0:
                assert _grundy(game.rules, game.rules.decode(game.position)) == 0
    assert widget.play("no such move") is False and "Illegal move" in widget.message


def _grundy(rules, position):
    total = 0
    for _, v in rules.components(position):
        total ^= v
    return total


def test_heap_boards_send_their_tables():
    lasker = GameBoard(HeapBoard(game=laskers_nim, largest=20), (3, 5, 7))
    assert lasker.params["values"][:9] == [0, 1, 2, 4, 3, 5, 6, 8, 7] and len(lasker.params["values"]) == 21
    s123 = GameBoard(HeapBoard(game=subtraction({1, 2, 3}), largest=20), (5,))
    assert s123.params["subtract"] == [1, 2, 3]
    s123.position = (21,)
    assert s123.position == [5] and "at most largest=20" in s123.message


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_bundle_is_one_valid_module(tmp_path):
    """core.js and every game file, concatenated: no relative import left, no top-level name twice."""
    text = bundle()
    assert "../core.js" not in text and "export default" in text
    path = tmp_path / "bundle.mjs"
    path.write_text(text, encoding="utf-8")
    script = f"import({json.dumps(path.as_uri())}).then(m => console.log(JSON.stringify(m.registeredGames())))"
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)
    for name in ["nim", "misere-nim", "moore", "misere-moore", "lasker", "grundy", "subtraction"]:
        assert name in games


def _load_ext(name: str):
    import importlib.util

    from .conftest import ROOT

    spec = importlib.util.spec_from_file_location(f"_book_ext_{name}", ROOT / "book" / "_ext" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_book_serves_the_installed_anywidget(tmp_path):
    """book/_ext/nimbook.py copies anywidget's widget-manager module from the installed wheel, not a hand-made copy."""
    import anywidget

    nimbook = _load_ext("nimbook")
    source = nimbook.anywidget_module()
    assert source.is_relative_to(Path(anywidget.__file__).parent) and "AnyModel" in source.read_text(encoding="utf-8")

    class App:
        outdir = str(tmp_path)
        builder = type("Builder", (), {"format": "html"})()

    nimbook.copy_anywidget(App(), None)
    assert (tmp_path / "_static" / "anywidget" / "index.js").read_bytes() == source.read_bytes()


def test_the_build_kernel_drops_only_the_tcp_warning(tmp_path, monkeypatch):
    import logging

    quiet = _load_ext("quiet_kernel")
    keep = quiet._NoTcpWarning()
    record = partial(logging.LogRecord, "IPKernelApp", logging.WARNING, __file__, 1, args=None, exc_info=None)
    assert not keep.filter(record(msg="Kernel is running over TCP without encryption. All communication ..."))
    assert keep.filter(record(msg="Something else went wrong"))
    nimbook = _load_ext("nimbook")
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    nimbook.quiet_kernel(type("App", (), {"doctreedir": str(tmp_path / ".doctrees")})())
    spec = json.loads((tmp_path / "jupyter" / "kernels" / "python3" / "kernel.json").read_text(encoding="utf-8"))
    assert spec["argv"][1].endswith("quiet_kernel.py") and "{connection_file}" in spec["argv"]
    assert os.environ["JUPYTER_PATH"].split(os.pathsep) == [str(tmp_path / "jupyter"), "/elsewhere"]


def test_partizan_boards_answer_with_the_other_side():
    """In Dawson's chess and Northcott's game the reader is White and the computer answers as Black."""
    from nimlib.boards import Northcott, Pawns

    for widget in (PlayWidget(Pawns(columns=5)), PlayWidget(Northcott(width=6), (((0, 5), (1, 3), (0, 4)), 0))):
        for _ in range(4):
            if widget.is_over:
                break
            move = next(iter(widget.rules.moves(widget._current())))
            assert widget.play(widget.rules.encode_move(move)), widget.message
        sides = [entry["label"].split(":")[0] for entry in widget.history]
        assert sides == ["White", "Black"] * (len(sides) // 2) + ["White"] * (len(sides) % 2), sides
        assert widget.winner in (None, "reader", "computer") and (widget.winner is not None) == widget.is_over
    with pytest.raises(TypeError, match="computer_first must be True or False"):
        PlayWidget(Pawns(columns=4), computer_first="False")
