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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nimlib import moore, nim, search
from nimlib.boards import CrossesStrip, GraphChips, HeapBoard, KaylesRow, Nimble, Staircase, TurningTurtles
from nimlib.rulesets import grundys_game, laskers_nim, subtraction
from nimlib.widgets import MAX_HEAP, PAGE_GAMES, GameBoard, NimGame, PlayWidget, bundle

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


PAGE_STATE = ("game", "params", "start", "position", "history", "computer_first", "message")


def _state(widget):
    return {name: widget.trait_values()[name] for name in PAGE_STATE}


def _page_move(widget, player, move, label="the page's own words", side=None):
    """The entry and state core.js's readerMove/computerTurn save after ``move`` (its label in its own words);
    ``side`` forges a partizan move of the other side."""
    rules = widget.rules
    position = rules.decode(widget.position)
    if getattr(rules, "partizan", False):
        position = (position[0], 0 if (side or player) == "reader" else 1)
    before = rules.encode(position)
    after = rules.encode(rules.apply(position, rules.decode_move(move)))
    entry = {"player": player, "move": move, "label": label, "before": before, "after": after}
    return {"position": after, "history": [*widget.history, entry], "message": ""}


def test_the_page_moves_are_kept_with_nimlibs_labels_and_no_new_game():
    """The page's move and the computer's reply: kept, no new game, and nothing sent back (that would
    cancel the page's pending reply); the page's label wording is replaced by nimlib's in the kernel."""
    game = NimGame((3, 4, 5))
    sent = []
    game.send_state = lambda key=None: sent.append(key)
    history = [
        {"player": "reader", "move": [0, 1], "label": "3 → 1 on heap 0", "before": [3, 4, 5], "after": [1, 4, 5]},
        {"player": "computer", "move": [2, 4], "label": "heap 2 from 5 to 4", "before": [1, 4, 5], "after": [1, 4, 4]},
    ]
    game.set_state({"position": [1, 4, 5], "history": history[:1], "message": ""})
    game.set_state({"position": [1, 4, 4], "history": history, "message": "I play heap 2 from 5 to 4."})
    assert game.position == [1, 4, 4] and game.start == [3, 4, 5] and game.message == "I play heap 2 from 5 to 4."
    assert game.history[0]["label"] == "heap 0 from 3 to 1" and game.history[1] == history[1]
    assert sent == []
    assert game.play((1, 0)) and game.history[2]["before"] == [1, 4, 4]


def _refused(game, data, said):
    """``data`` from the page changes nothing, puts the kernel's state back on the page and says why."""
    before = _state(game)
    sent = []
    game.send_state = lambda key=None: sent.append(key)
    game.set_state(data)
    after = _state(game)
    message = after.pop("message")
    assert after == {k: v for k, v in before.items() if k != "message"}, data
    assert message.startswith("The page sent a change nimlib refuses") and said in message, (data, message)
    assert None in sent, "the whole authoritative state goes back to the page"
    # and the widget still works
    assert isinstance(game.is_over, bool) and isinstance(game.hint(), str)


def _deep(levels):
    root = node = []
    for _ in range(levels):
        node.append([])
        node = node[0]
    return root


def _entry(player, move, before, after, label="x"):
    return {"player": player, "move": move, "label": label, "before": before, "after": after}


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"position": [3, -1, 5]}, "position must be start"),
        ({"position": None}, "position must be start"),
        ({"position": [1, 4, 5]}, "position must be start"),  # a legal successor, but no move in the history
        ({"position": [3, 4, 4], "history": [_entry("reader", [2, 4], [3, 4, 5], [3, 4, 4])] * 2}, "computer"),
        ({"position": [3, 4, 6], "history": [_entry("reader", [2, 6], [3, 4, 5], [3, 4, 6])]}, "smaller"),
        ({"position": [1, 4, 5], "history": [_entry("computer", [0, 1], [3, 4, 5], [1, 4, 5])]}, "by the reader"),
        ({"position": [1, 4, 5], "history": [_entry("reader", [0, 1], [3, 4, 9], [1, 4, 5])]}, "['before'] must be"),
        ({"position": [0, 4, 5], "history": [_entry("reader", [0, 1], [3, 4, 5], [0, 4, 5])]}, "['after'] must be"),
        ({"position": [1, 4, 5], "history": [_entry("reader", [0, 1], [3, 4, 5], [1, 4, 5], label=7)]}, "label"),
        ({"position": [1, 4, 5], "history": [{"player": "reader", "move": [0, 1]}]}, "exactly the keys"),
        ({"position": [1, 4, 5], "history": [[0, 1]]}, "exactly the keys"),
        ({"position": [1, 4, 5], "history": "garbage"}, "history must be a list"),
        ({"history": [_entry("reader", [0, 1], [3, 4, 5], [1, 4, 5])]}, "position must be"),
        ({"start": [1, 2], "history": [], "position": [3, 4, 5]}, "position must be start"),
        ({"start": [-1, 2], "position": [-1, 2]}, "non-negative"),
        ({"start": [2**60, 2], "position": [2**60, 2]}, "2**53 - 1"),
        ({"start": None, "position": None}, "sequence"),
        ({"computer_first": "yes"}, "computer_first must be true or false"),
        ({"message": 5}, "message must be a string"),
        ({"message": "x" * 5000}, "characters"),
        ({"game": "wythoff"}, "may change only"),
        ({"params": {}}, "may change only"),
        ({"_esm": "alert(1)"}, "may change only"),
        ({"position": _deep(5000)}, "nested more than"),
        ({"history": _deep(5000), "position": [3, 4, 5]}, "nested more than"),
        ({"position": [10**5000]}, "position must be start"),
        ({"position": [float("nan"), 4, 5]}, "exact integers only"),
        ("not a dict", "must be a dict"),
    ],
    ids=[
        "negative-heap",
        "null-position",
        "legal-successor-without-a-move",
        "two-reader-moves-in-a-row",
        "illegal-move",
        "computer-plays-the-readers-turn",
        "forged-before",
        "forged-after",
        "label-not-a-string",
        "entry-missing-keys",
        "entry-not-a-dict",
        "history-not-a-list",
        "history-without-its-position",
        "new-start-position-elsewhere",
        "negative-start",
        "huge-start",
        "null-start",
        "computer-first-not-bool",
        "message-not-a-string",
        "message-too-long",
        "game-trait",
        "params-trait",
        "esm-trait",
        "position-5000-deep",
        "history-5000-deep",
        "huge-int",
        "nan",
        "not-a-dict",
    ],
)
def test_a_message_from_the_page_that_no_move_makes_changes_nothing(data, said):
    _refused(NimGame((3, 4, 5)), data, said)


def test_moves_after_the_end_and_undo_to_a_non_prefix_are_refused():
    game = NimGame((1,))
    over = [_entry("reader", [0, 0], [1], [0]), _entry("computer", [0, 0], [0], [0])]
    _refused(game, {"position": [0], "history": over}, "after the end")
    game = NimGame((3, 4, 5))
    assert game.play((0, 1))  # reader, then the computer's reply
    undo = {"position": [3, 4, 5], "history": [], "message": "Move taken back. Your move."}
    _refused(game, {**undo, "position": game.history[0]["after"]}, "position must be start")
    _refused(game, {**undo, "history": game.history[1:]}, "by the reader")
    game.set_state(undo)  # the real Undo
    assert (game.position, game.history, game.message) == ([3, 4, 5], [], "Move taken back. Your move.")


def test_the_page_may_not_play_the_wrong_side_of_a_partizan_board():
    """Northcott: the reader is White (side 0); a Black move sent as the reader's is illegal, and the reply
    must be Black's."""
    from nimlib.boards import Northcott

    game = PlayWidget(Northcott(width=6), (((0, 5), (1, 3), (0, 4)), 0))
    white = _page_move(game, "reader", [0, 1])
    # row 1 is (1, 3): only Black reaches column 4, only White column 0
    _refused(game, _page_move(game, "reader", [1, 4], side="computer"), "not legal")  # Black's move on White's turn
    game.set_state(white)
    assert game.position == [[1, 5], [1, 3], [0, 4]] and game.history[0]["label"].startswith("White")
    _refused(game, _page_move(game, "computer", [1, 0], side="reader"), "not legal")  # White again
    black = _page_move(game, "computer", [0, 4])
    game.set_state(black)
    assert game.history[1]["label"].startswith("Black") and game.to_move == "reader"


def test_page_new_game_typed_start_and_who_starts_are_accepted():
    game = NimGame((3, 4, 5))
    game.set_state({"start": [2, 2], "position": [2, 2], "history": [], "message": "Your move."})
    assert (game.start, game.position, game.history) == ([2, 2], [2, 2], [])
    # who starts: the computer's first move may come merged with the restart (the page's messages coalesce)
    reply = _entry("computer", [0, 1], [2, 2], [1, 2], "heap 0 from 2 to 1")
    game.set_state({"computer_first": True, "position": [1, 2], "history": [reply], "message": "I play"})
    assert game.computer_first and game.history == [reply] and game.to_move == "reader"
    _refused(game, {"computer_first": False}, "by the reader")  # the history says the computer began


def test_position_none_sets_and_deep_lists_from_python_are_refused_and_reset_recovers():
    game = NimGame((3, 4, 5))
    game.position = None
    assert game.position == [3, 4, 5] and "Cannot use that position" in game.message and "None" in game.message
    for bad in ({5, 3}, {"a": 1}, "35", True, 3.5):
        with pytest.raises(TypeError, match=r"^position must be a sequence"):
            NimGame(bad)
        game.position = bad
        assert game.position == [3, 4, 5] and "position must be a sequence" in game.message
    with pytest.raises(TypeError, match="nested more than"):
        NimGame(_deep(5000))
    assert game.play(_deep(5000)) is False and "nested more than" in game.message
    game.start, game.history = "garbage", [{"player": "reader"}]
    assert game.start == [3, 4, 5] and game.history == [] and "Cannot set history" in game.message
    game.reset(_deep(5000))
    assert game.position == [3, 4, 5] and "nested more than" in game.message
    game.play((0, 1))
    game._set(start=[-1])  # even a start corrupted behind the widget's back: reset() goes to the first position
    game.reset()
    assert (game.position, game.start, game.history) == ([3, 4, 5], [3, 4, 5], [])
    assert game.play((0, 1)) and game.hint() and not game.is_over


def test_deep_lists_are_a_type_error_in_to_json_and_from_json():
    from nimlib.game import MAX_DEPTH, from_json, short_repr, to_json

    for convert in (to_json, from_json):
        with pytest.raises(TypeError, match=f"nested more than {MAX_DEPTH} levels"):
            convert(_deep(5000))
    assert to_json((1, (2, frozenset({(3, 1), (0, 2)})), [])) == [1, [2, [[0, 2], [3, 1]]], []]
    assert from_json([1, [2, [3]], []]) == (1, (2, (3,)), ())
    deep = _deep(MAX_DEPTH - 1)
    assert from_json(to_json(deep)) == from_json(deep)  # just under the cap is fine
    assert short_repr(10**5000) == "<an int of 16610 bits>" and len(short_repr("x" * 10**6)) == 80


# The page's own code (core.js's helpers, as mount's readerMove/computerTurn/undo/restart call them) plays
# every game; each message it would save must be accepted by set_state
_PAGE_PLAYS = r"""
import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, spec] = [process.argv[1], JSON.parse(process.argv[2])];
const core = await import(pathToFileURL(`${dir}/core.js`));
for (const f of readdirSync(`${dir}/games`).filter((f) => f.endsWith(".js")).sort()) {
  await import(pathToFileURL(`${dir}/games/${f}`));
}
const out = [];
for (const w of spec) {
  const def = core.gameDef(w.game);
  const rng = core.makeRng(7);
  const msgs = [];
  let st = { start: w.start, position: w.start, history: [], computer_first: false, message: "" };
  const save = (values) => {  // what save_changes sends: the traits whose value changed
    const sent = {};
    for (const [k, v] of Object.entries(values)) if (JSON.stringify(st[k]) !== JSON.stringify(v)) sent[k] = v;
    st = { ...st, ...values };
    msgs.push(sent);
  };
  const over = () => core.winner(def, st.position, w.params, st.history, st.computer_first) !== null;
  const computerTurn = () => {
    if (core.toMove(st.history, st.computer_first) !== "computer") return;
    if (core.isOver(def, st.position, w.params, "computer")) return;
    let r;
    try { r = core.computerMove(def, st.position, w.params, "computer"); }
    catch (e) { if (!(e instanceof core.OutOfTable)) throw e; save({ message: e.message }); return; }
    const next = [...st.history, core.entry("computer", r, st.position)];
    save({ position: r.after, history: next, message: `I play ${r.label}.` });
  };
  const restart = (start, cf) => {
    save({ start, position: start, history: [], computer_first: cf, message: cf ? "" : "Your move." });
    if (!over() && cf) computerTurn();
  };
  const readerMove = () => {
    const moves = def.moves(st.position, w.params, "reader");
    const m = moves[Math.floor(rng() * moves.length)];
    save({ position: m.after, history: [...st.history, core.entry("reader", m, st.position)], message: "" });
    if (!over()) computerTurn();
  };
  const undo = () => {
    const h = core.undoHistory(st.history);
    save({ position: st.history[h.length].before, history: h, message: "Move taken back. Your move." });
  };
  restart(w.start, w.computer_first);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 40 && !over() && core.toMove(st.history, st.computer_first) === "reader"; i++) {
      readerMove();
      if (i === 1 && core.canUndo(st.history)) undo();
    }
    if (core.canUndo(st.history)) undo();
    let next = st.start;
    if (round === 1) next = def.random(rng, w.params);  // New game: the page's own random start
    restart(next, !st.computer_first);  // and "who starts" toggled
  }
  out.push(msgs);
}
console.log(JSON.stringify(out));
"""


def _every_page_game():
    from nimlib.boards import Northcott, Pawns, Trominoes
    from nimlib.chomp import Chomp
    from nimlib.coins import MockTurtles, Ruler, TurningCorners
    from nimlib.fibonacci import FibonacciNim
    from nimlib.graph_games import NodeKayles, petersen
    from nimlib.hackenbush import GreenHackenbush
    from nimlib.partizan import BlueRedHackenbush
    from nimlib.rulesets import HeapGame, TakeRule
    from nimlib.wythoff import Wythoff

    heaps = HeapGame("heaps", TakeRule(take_split=(0,), take_any=True))
    return [
        NimGame((3, 4, 5)),
        NimGame((1, 2, 3, 4), misere=True),
        NimGame((3, 4, 5, 6), k=2),
        NimGame((3, 4, 5, 6), k=2, misere=True),
        *(GameBoard(board, start) for board, start, _ in BOARDS),
        GameBoard(CrossesStrip(length=7, distance=2), (0,) * 7),
        GameBoard(KaylesRow(length=8, misere=True), (1,) * 8),
        GameBoard(CrossesStrip(length=9, distance=1, misere=True), (0,) * 9),
        GameBoard(HeapBoard(game=heaps, largest=20), (3, 5, 7)),
        GameBoard(Trominoes(columns=4), ((0, 0, 0, 0), (0, 0, 0, 0))),
        GameBoard(Northcott(width=6), (((0, 5), (1, 3), (0, 4)), 0)),
        PlayWidget(Pawns(columns=5)),
        PlayWidget(MockTurtles(12)),
        PlayWidget(Ruler(12)),
        PlayWidget(TurningCorners(4, 4)),
        PlayWidget(Wythoff()),
        PlayWidget(GreenHackenbush([(0, 1), (1, 2), (0, 3), (3, 4), (3, 5)])),
        PlayWidget(FibonacciNim(12)),
        PlayWidget(NodeKayles(*petersen())),
        PlayWidget(Chomp(4, 7)),
        PlayWidget(BlueRedHackenbush(pieces=("BRB", "RBB", "BR"))),
    ]


def _without_labels(value):
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [{**entry, "label": ""} for entry in value]
    return value


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_every_message_the_page_sends_is_accepted():
    """Reader moves, the computer's replies, Undo, New game, a typed start and who starts, as core.js saves
    them for every game the page plays: set_state keeps each (so the page keeps working in Jupyter)."""
    widgets = _every_page_game()
    assert {w.game for w in widgets} == PAGE_GAMES
    spec = [
        {"game": w.game, "params": w.params, "start": w.start, "computer_first": first}
        for w in widgets
        for first in (False, True)
    ]
    from nimlib import widgets as module

    result = subprocess.run(
        ["node", "--input-type=module", "-e", _PAGE_PLAYS, str(module.STATIC), json.dumps(spec)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    plays = json.loads(result.stdout)
    count = starts = 0
    for case, messages in zip(spec, plays, strict=True):
        game = next(w for w in widgets if (w.game, w.params) == (case["game"], case["params"]))
        game.computer_first = False
        game.reset(case["start"])
        kinds = set()
        for data in messages:
            game.set_state(data)
            got = {k: _without_labels(getattr(game, k)) for k in data}
            assert got == {k: _without_labels(v) for k, v in data.items()}, (case["game"], data, game.message)
            kinds.add(tuple(sorted(data)))
            count += 1
        assert any("computer_first" in k for k in kinds), case["game"]
        starts += any("start" in k for k in kinds)
        assert isinstance(game.hint(), str) and isinstance(game.is_over, bool)
    assert count > 1000 and starts > len(spec) // 2  # new games at a new start, in most games


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


# ---------------------------------------------------------------- fuzz: random messages from the page

DEEP = "<a list nested 5,000 deep>"  # drawn as this string (hypothesis cannot print the list), then made
_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 9),
    st.integers(2**53 - 2, 2**80),
    st.floats(allow_nan=True),
    st.text(max_size=4),
)
_json = st.recursive(
    _scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)
_heaps = st.lists(st.integers(-2, 5), max_size=3)
_entry_like = st.fixed_dictionaries(
    {
        "player": st.sampled_from(["reader", "computer", "nobody"]),
        "move": st.one_of(st.lists(st.integers(-1, 5), min_size=2, max_size=2), _json, st.just(DEEP)),
        "label": st.one_of(st.text(max_size=4), _json),
        "before": st.one_of(_heaps, _json),
        "after": st.one_of(_heaps, _json),
    }
)
_value = st.one_of(_json, _heaps, st.lists(_entry_like, max_size=3), st.just(DEEP), st.just([10**400]))


def _deepen(message):
    """``message`` with every DEEP placeholder (a value, or an entry's field) made a list nested 5,000 deep."""
    made = {k: _deep(5000) if v == DEEP else v for k, v in message.items()}
    if isinstance(made.get("history"), list):
        made["history"] = [
            {k: _deep(5000) if v == DEEP else v for k, v in e.items()} if isinstance(e, dict) else e
            for e in made["history"]
        ]
    return made


_garbage = st.dictionaries(
    st.sampled_from(["start", "position", "history", "computer_first", "message", "game", "params", "_esm"]),
    _value,
    max_size=4,
)


def _nim_after(before, move):
    """Nim's rules, written out again: the oracle for what the widget may accept."""
    i, size = move
    return [size if j == i else h for j, h in enumerate(before)]


def _is_nim_game(state):
    """An independent check that ``state`` is a Nim game the page or nimlib could have played."""
    start, history = state["start"], state["history"]
    ok_heaps = lambda p: isinstance(p, list) and p and all(type(h) is int and 0 <= h <= MAX_HEAP for h in p)  # noqa: E731
    if not ok_heaps(start) or not isinstance(state["message"], str) or type(state["computer_first"]) is not bool:
        return False
    player, position = ("computer" if state["computer_first"] else "reader"), start
    for entry in history:
        if set(entry) != {"player", "move", "label", "before", "after"} or entry["player"] != player:
            return False
        move = entry["move"]
        if entry["before"] != position or not (isinstance(move, list) and len(move) == 2):
            return False
        i, size = move
        if not (type(i) is int and type(size) is int and 0 <= i < len(position) and 0 <= size < position[i]):
            return False
        winning = _xor(position) != 0
        position = _nim_after(position, move)
        if entry["after"] != position:
            return False
        if player == "computer" and winning and _xor(position) != 0:
            return False  # the computer never throws away a won game (issue 25)
        player = "reader" if player == "computer" else "computer"
    return state["position"] == position


def _xor(heaps):
    total = 0
    for h in heaps:
        total ^= h
    return total


def _legal_message(game, draw):
    """What the page sends for a random legal reader move, the computer's reply sometimes merged in."""
    position, history = game.position, game.history
    moves = [(i, s) for i, h in enumerate(position) for s in range(h)]
    if not moves or game.to_move != "reader":
        return {
            "start": [2, 3],
            "position": [2, 3],
            "history": [],
            "computer_first": draw(st.booleans()),
            "message": "",
        }
    move = list(draw(st.sampled_from(moves)))
    after = _nim_after(position, move)
    history = [*history, _entry("reader", move, position, after, draw(st.text(max_size=5)))]
    replies = [(i, s) for i, h in enumerate(after) for s in range(h)]
    if replies and draw(st.booleans()):
        # the page's strategy may differ: any winning reply when the computer wins, else any legal one
        winning = [r for r in replies if _xor(_nim_after(after, r)) == 0]
        reply = list(draw(st.sampled_from(winning or replies)))
        history.append(_entry("computer", reply, after, _nim_after(after, reply)))
        after = history[-1]["after"]
    return {"position": after, "history": history, "message": ""}


def _forge(message, draw):
    """One field of a legal message replaced by garbage, or an entry's field forged."""
    key = draw(st.sampled_from(["position", "history", "start", "computer_first", "entry"]))
    if key != "entry":
        return {**message, key: draw(_value)}
    history = [dict(entry) for entry in message.get("history", [])]
    if history:
        field = draw(st.sampled_from(sorted(history[-1])))
        history[-1][field] = draw(_value)
    return {**message, "history": history}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_page_messages_never_break_the_widget(data):
    """Random page messages (garbage types, deep lists, negative and huge numbers, illegal successors, forged
    histories): set_state never raises; the state either stays as it was or is a game Nim's rules allow
    (checked by an oracle of its own); a legal message is kept; play, hint, is_over, reset work after."""
    game = NimGame((2, 3))
    game.send_state = lambda key=None: None
    for _ in range(data.draw(st.integers(1, 5), label="steps")):
        kind = data.draw(st.sampled_from(["legal", "forged", "garbage"]), label="kind")
        if kind == "garbage":
            message = data.draw(_garbage, label="garbage")
        else:
            message = _legal_message(game, data.draw)
            if kind == "forged":
                message = _forge(message, data.draw)
        message = _deepen(message)
        before = _state(game)
        game.set_state(message)
        after = _state(game)
        if {**after, "message": ""} != {**before, "message": ""}:
            assert _is_nim_game(after), (message, after)
        if kind == "legal":
            assert not after["message"].startswith("The page sent"), (message, after["message"])
            assert {k: _without_labels(after[k]) for k in message} == {
                k: _without_labels(v) for k, v in message.items()
            }
    assert isinstance(game.is_over, bool) and isinstance(game.hint(), str)
    if not game.is_over and game.to_move == "reader":
        i = next(i for i, h in enumerate(game.position) if h)
        assert game.play((i, 0)), game.message
    game.reset()
    assert game.history == [] or (game.computer_first and [e["player"] for e in game.history] == ["computer"])
    assert _is_nim_game(_state(game))


def test_a_set_is_a_position_where_the_game_is_a_set():
    """Turning Corners' heads cells and Hackenbush's edges are sets: a set is their natural position (chapter 12)."""
    from nimlib.coins import TurningCorners

    w = PlayWidget(TurningCorners(4, 4), {(2, 2), (3, 4)})
    assert sorted(map(tuple, w.position)) == [(2, 2), (3, 4)]
    with pytest.raises(TypeError, match="set"):
        NimGame({5, 3})


# ---------------------------------------------------------------- exact integers, messages of any shape (issue 31)


@pytest.mark.parametrize(
    "change",
    [
        {"start": [3.0, 4, 5], "position": [3.0, 4, 5], "history": []},
        {"start": [3, 4, 5], "position": [3, 4, 5.0], "history": []},
        {"start": [True, 4, 5], "position": [True, 4, 5], "history": []},
    ],
)
def test_a_float_or_bool_from_the_page_is_refused_and_play_goes_on(change):
    game = NimGame((3, 4, 5))
    game.send_state = lambda key=None: None
    before = _state(game)
    game.set_state({**change, "computer_first": False, "message": ""})
    assert {**_state(game), "message": ""} == {**before, "message": ""}
    assert game.message.startswith("The page sent")
    assert isinstance(game.hint(), str) and game.play((0, 1))  # 3.0 == 3 used to pass, then hint and play raised


def test_a_float_start_from_python_is_refused():
    game = NimGame((2, 3))
    game.start = [3.0, 4]
    assert game.start == [2, 3] and "Cannot set start" in game.message


@pytest.mark.parametrize(
    "msg",
    [
        {"content": {"data": {}}, "buffers": []},  # no method
        {"content": {"data": {"method": "bogus"}}, "buffers": []},
        {"content": {}, "buffers": []},
        "not a message",
        {"content": {"data": {"method": "update", "state": [1]}}, "buffers": []},
        {
            "content": {"data": {"method": "update", "state": {"position": [1]}, "buffer_paths": [["nowhere", "x"]]}},
            "buffers": [b"x"],
        },
        {
            "content": {"data": {"method": "update", "state": {"position": [1]}, "buffer_paths": [["position", 5]]}},
            "buffers": [b"x"],
        },
        {"content": {"data": {"method": "update", "state": {}, "buffer_paths": [["a"]]}}},  # no buffers
        {"content": {"data": {"method": "custom", "content": {}}}},  # no buffers
        {"content": {"data": {}}},  # no method, no buffers
        None,
        {
            "content": {"data": {"method": "update", "state": {"level": 2}, "buffer_paths": [["params", "x", "y"]]}},
            "buffers": [b"x"],
        },
    ],
)
def test_a_widget_message_of_any_shape_is_refused_with_the_state_kept(msg, caplog):
    # every widget class shares one guard (DrillWidget had none: a KeyError or TypeError escaped into ipywidgets)
    from nimlib.widgets import DrillWidget, PuzzleWidget

    widgets = (NimGame((2, 3)), GameBoard(HeapBoard(game=laskers_nim, largest=20), (3, 5)))
    for game in (*widgets, PuzzleWidget(subtraction({1, 2, 3}), seed=1), DrillWidget("mex", level=2)):
        game.send_state = lambda key=None: None
        before = game.get_state()
        game._handle_msg(msg)
        after = game.get_state()
        assert {k: v for k, v in after.items() if k != "message"} == {k: v for k, v in before.items() if k != "message"}
    # ipywidgets logs an exception that escapes its handler (a KeyError for these, before): none did
    assert not [r for r in caplog.records if "Exception in widget method" in r.getMessage()]


def test_two_player_mode_from_the_page_and_from_python():
    """Two readers (trait ``two_player``): the page's "computer" slot is Player 2, who may give the win away;
    without the mode such a reply is refused; the flag must be a bool; ``play`` moves for whoever is to move."""
    game = NimGame((1, 2, 4))
    losing = _page_move(game, "reader", [2, 3])  # (1, 2, 4) -> (1, 2, 3): Player 1 keeps the win
    game.set_state({**losing, "two_player": True, "start": [1, 2, 4]})
    assert game.two_player and len(game.history) == 1
    # Player 2 at (1, 2, 3) has no winning move; then Player 1 gives the win away: (1, 2, 2) -> (0, 2, 2) keeps it,
    # so play (1, 2, 2) -> (1, 2, 1), an N-position for Player 2
    game.set_state(_page_move(game, "computer", [2, 2]))
    game.set_state(_page_move(game, "reader", [2, 1]))
    gift = _page_move(game, "computer", [1, 1])  # Player 2 at (1, 2, 1) plays (1, 1, 1): gives the win back
    game.set_state(gift)
    assert game.history[-1]["player"] == "computer" and game.position == [1, 1, 1]
    # against the computer, that losing "computer" move is a forgery
    forged = NimGame((3, 4, 5))
    forged.set_state(_page_move(forged, "reader", [0, 2]))  # (2, 4, 5): XOR 3, the computer can win
    _refused(forged, _page_move(forged, "computer", [0, 0]), "losing move by the computer")  # (0, 4, 5): XOR 1
    _refused(NimGame((1, 2)), {"two_player": "yes"}, "two_player must be true or false")
    # from Python: the mode starts a new game, nobody replies, the winner is a player
    duel = NimGame((1, 2))
    duel.two_player = True
    assert duel.history == [] and duel.to_move == "reader"
    assert duel.play((1, 1)) and duel.to_move == "computer" and len(duel.history) == 1
    assert duel.play((0, 0)) and duel.history[-1]["player"] == "computer"
    assert duel.undo() and len(duel.history) == 1 and duel.position == [1, 1]
    assert duel.play((0, 0)) and duel.play((1, 0)) and duel.winner == "reader"
    assert duel.message == "Game over: Player 1 wins."
