"""The widgets, driven headless: moves, clicks, replies checked by the searcher, bad input kept out."""

from __future__ import annotations

from functools import partial

import pytest

from nimlib import moore, nim, search, xor_steps
from nimlib.boards import KaylesRow, Staircase
from nimlib.widgets import GameBoard, NimGame

from .conftest import small_positions


def searcher_says_p(position, *, misere=False, k=1):
    successors = nim.successors if k == 1 else partial(moore.successors, k=k)
    return search.is_p_position(successors, nim.canonical(position), misere=misere)


@pytest.mark.parametrize("misere", [False, True])
def test_computer_replies_win_whenever_possible(misere):
    for start in small_positions(heaps=3, size=6):
        if sum(start) < 2:
            continue
        game = NimGame(start, misere=misere)
        # The reader takes one stone from the last heap; the computer must then reach a P-position if it can
        assert game.play((len(start) - 1, start[-1] - 1))
        before = game.history[-1].before if game.history[-1].player == "computer" else None
        if before is not None and not searcher_says_p(before, misere=misere):
            assert searcher_says_p(game.position, misere=misere), (start, game.history)


@pytest.mark.parametrize("k", [2, 3])
def test_moore_replies(k):
    for start in [(5, 6, 7), (1, 2, 3, 4), (7, 7, 7, 7), (3, 5, 6, 6)]:
        game = NimGame(start, k=k)
        assert game.play(((0, start[0] - 1),))
        last = game.history[-1]
        if last.player == "computer" and not searcher_says_p(last.before, k=k):
            assert searcher_says_p(game.position, k=k)
            assert len(last.move) <= k


def test_stone_click_is_the_same_path_as_play():
    game = NimGame((3, 4, 5))
    heap0_row = game._heaps.children[0]
    stones = heap0_row.children[2].children
    stones[1].click()  # leave 1 stone in heap 0: the winning move
    assert game.history[0].move == (0, 1)
    assert game.position == (1, 4, 4)  # the computer, losing, stalls on its largest heap
    # Rows are rebuilt for the heaps that changed; their stones play the new sizes
    game._heaps.children[2].children[2].children[0].click()  # heap 2: 4 -> 0
    assert game.history[2].move == (2, 0) and len(game._heaps.children[2].children[2].children) <= 4


def test_buttons():
    game = NimGame((3, 4, 5), seed=3)
    game.hint_button.click()
    assert "heap 0 to 1" in game.message
    game.play((0, 1))
    game.undo_button.click()
    assert game.position == (3, 4, 5) and game.history == []
    game.new_button.click()
    first = game.position
    assert first != (3, 4, 5) and NimGame((1,), seed=3).rng.random() == NimGame((1,), seed=3).rng.random()
    game.first_toggle.value = True
    assert game.history and game.history[0].player == "computer"


def test_illegal_moves_keep_the_state():
    game = NimGame((3, 4, 5))
    for bad in [(7, 0), (0, 3), (0, 9), (0.5, 1), "01", None, (True, 1), ((0, 1), (1, 1))]:
        assert game.play(bad) is False
        assert game.position == (3, 4, 5) and game.history == []
        assert game.message.startswith("Illegal move")
    moore_game = NimGame((5, 6, 7), k=2)
    assert moore_game.play(((0, 1), (1, 1), (2, 1))) is False
    assert "at most k=2" in moore_game.message and moore_game.position == (5, 6, 7)
    assert moore_game.play(((0, 1), (0, 2))) is False and "twice" in moore_game.message


def test_bad_reset_keeps_the_state():
    game = NimGame((3, 4, 5))
    game.reset((3, -1))
    assert game.position == (3, 4, 5) and "position[1] must be a non-negative int" in game.message


def test_the_panel_is_nimlibs_explanation():
    game = NimGame((3, 4, 5))
    assert game.explanation == xor_steps((3, 4, 5))
    assert game._xor.value == xor_steps((3, 4, 5)).to_html()
    game.play((2, 0))
    # The panel shows the reasoning behind the computer's reply
    assert game.explanation == xor_steps((3, 4, 0))
    game._show_xor.value = False
    assert game._xor.layout.display == "none"


def test_game_over_and_winner():
    game = NimGame((1, 1))
    game.play((0, 0))
    assert game.is_over and game.winner == "computer"
    assert game.play((1, 0)) is False and "over" in game.message
    misere = NimGame((1, 1), misere=True)
    misere.play((0, 0))
    assert misere.winner == "you"


def test_twenty_huge_heaps_render_without_stones():
    game = NimGame((10**9,) * 20)
    assert len(game._heaps.children) == 20
    assert "stones" in game._heaps.children[0].children[2].value
    assert game.play((0, 5))


def test_game_board_plays_to_xor_zero():
    board = GameBoard(KaylesRow(length=7), (1,) * 7)
    assert board.play("knock pin 0")
    assert board.board.grundy(board.position) == 0 or board.history[-1][0] == "computer"
    assert board.play("no such move") is False and "Illegal move" in board.message
    stairs = GameBoard(Staircase(), (0, 3, 1, 2))
    assert stairs.play(stairs.legal_moves()[0][0])
    last = stairs.history[-1]
    if last[0] == "computer" and Staircase().grundy(last[2]) != 0:
        assert Staircase().grundy(stairs.position) == 0
