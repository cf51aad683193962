"""Saved games are games (issue 39, item 3), in Python: the five attack shapes the page refused too late.

A history sent by the page (``set_state``) or set from Python (the ``history`` trait) is kept only as a
chain of legal moves from ``start``, players alternating as ``computer_first`` says, ending at ``position``;
a label is untrusted, so nimlib's own wording replaces it. tests/js/saved_games.test.mjs checks the page.
"""

from __future__ import annotations

import pytest

from nimlib.widgets import NimGame


def _entry(player, move, before, after, label=None):
    label = f"heap {move[0]} from {before[move[0]]} to {move[1]}" if label is None else label
    return {"player": player, "move": move, "label": label, "before": before, "after": after}


# the five shapes, each from the start (3, 4, 5) with the reader first
ATTACKS = {
    "a first move that grows a heap (5 -> 7)": (
        [3, 4, 3],
        [_entry("reader", [2, 7], [3, 4, 5], [3, 4, 7]), _entry("computer", [2, 3], [3, 4, 7], [3, 4, 3])],
        "smaller",
    ),
    "moves that do not chain": (
        [3, 4, 1],
        [_entry("reader", [0, 1], [3, 4, 5], [1, 4, 5]), _entry("computer", [2, 1], [3, 4, 5], [3, 4, 1])],
        "history[1]['before'] must be [1, 4, 5]",
    ),
    "a history that does not start at the start": (
        [1, 4, 6],
        [_entry("reader", [0, 1], [3, 4, 6], [1, 4, 6])],
        "history[0]['before'] must be [3, 4, 5]",
    ),
    "one player moving twice": (
        [1, 1, 5],
        [_entry("reader", [0, 1], [3, 4, 5], [1, 4, 5]), _entry("reader", [1, 1], [1, 4, 5], [1, 1, 5])],
        "history[1] must be a move by the computer",
    ),
}


@pytest.mark.parametrize("name", list(ATTACKS))
def test_each_attack_from_the_page_is_refused_and_the_game_kept(name):
    position, history, said = ATTACKS[name]
    game = NimGame((3, 4, 5))
    game.send_state = lambda key=None: None
    game.set_state({"position": position, "history": history, "message": ""})
    assert game.position == [3, 4, 5] and game.history == [] and game.start == [3, 4, 5]
    assert game.message.startswith("The page sent a change nimlib refuses") and said in game.message, game.message
    assert game.play((2, 1)) and game.history[0]["before"] == [3, 4, 5]  # the widget still plays


@pytest.mark.parametrize("name", list(ATTACKS))
def test_each_attack_set_from_python_is_refused(name):
    _, history, said = ATTACKS[name]
    game = NimGame((3, 4, 5))
    game.history = history
    assert game.history == [] and game.position == [3, 4, 5]
    assert game.message.startswith("Cannot set history") and said in game.message, game.message


def test_a_label_that_lies_is_never_kept():
    """The fifth shape: nimlib keeps its own wording, so a forged label cannot reach the review."""
    game = NimGame((1, 1))
    lie = "heap 0 from 3 to 3 (kept a winning position)"
    history = [_entry("reader", [0, 0], [1, 1], [0, 1], label=lie), _entry("computer", [1, 0], [0, 1], [0, 0])]
    game.set_state({"position": [0, 0], "history": history, "message": ""})
    assert [e["label"] for e in game.history] == ["heap 0 from 1 to 0", "heap 1 from 1 to 0"]


def test_good_saved_games_are_kept_in_both_modes():
    """The control: a legal game (reader first, computer first, two players) is kept as sent."""
    for computer_first, two in ((False, False), (True, False), (False, True), (True, True)):
        game = NimGame((3, 4, 5))
        game.two_player = two
        game.computer_first = computer_first
        first, second = ("computer", "reader") if computer_first else ("reader", "computer")
        history = [_entry(first, [0, 1], [3, 4, 5], [1, 4, 5]), _entry(second, [2, 4], [1, 4, 5], [1, 4, 4])]
        game.set_state({"position": [1, 4, 4], "history": history, "message": ""})
        assert game.history == history and game.position == [1, 4, 4], (computer_first, two, game.message)
        # the same game with the players swapped is one player moving out of turn
        swapped = [{**e, "player": second if e["player"] == first else first} for e in history]
        game.set_state({"position": [1, 4, 4], "history": swapped, "message": ""})
        assert game.history == history and "refuses" in game.message
