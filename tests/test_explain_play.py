"""The step-by-step explanation and played games agree with the rules they explain."""

from __future__ import annotations

import pytest

from nimlib import moore, nim, xor_steps
from nimlib.explain import show_source
from nimlib.play import computer_move, optimal_strategy, play, random_strategy


def test_explanation_of_345():
    steps = xor_steps((3, 4, 5))
    assert steps.rows == ("011", "100", "101")
    assert steps.column_sums == (0, 1, 0)
    assert steps.nim_sum == 2 and steps.top_bit == 1
    assert steps.move == ((0, 1),)
    text = steps.to_text()
    assert "3 xor 2 = 1" in text and "<- chosen" in text
    html = steps.to_html()
    assert "nimlib-top" in html and "nimlib-chosen" in html


def test_explanation_agrees_with_the_rules(positions):
    for p in positions:
        for misere in (False, True):
            steps = xor_steps(p, misere=misere)
            assert steps.is_p_position == nim.is_p_position(p, misere=misere)
            if steps.move:
                assert steps.move[0] in nim.winning_moves(p, misere=misere)
            assert steps.nim_sum == nim.nim_sum(p)
        for k in (2, 3):
            steps = xor_steps(p, k=k)
            assert steps.move == moore.winning_move(p, k)
            sums = moore.column_sums(p, k)
            padding = len(steps.column_sums) - len(sums)
            assert steps.column_sums == (0,) * padding + sums


def test_misere_explanation_says_why():
    text = xor_steps((1, 1, 1, 2), misere=True).to_text()
    assert "odd number of 1-heaps" in text
    assert xor_steps((1, 1, 1, 2), misere=True).move == ((3, 0),)


def test_misere_empty_position_is_a_win_for_the_player_to_move():
    steps = xor_steps((0, 0), misere=True)
    assert not steps.is_p_position and steps.move is None and "has won" in steps.to_text()


def test_explanation_bad_input():
    with pytest.raises(ValueError, match="k must be an int >= 1, got 0"):
        xor_steps((1, 2), k=0)
    with pytest.raises(TypeError, match="misere"):
        xor_steps((1, 2), k=2, misere="True")


def test_misere_nim_k_is_explained_with_the_move_that_wins():
    """The explanation of misère Nim_k names a move to a misère P-position, or none at one."""
    from nimlib.nim import positions_up_to

    for k in (2, 3):
        rules = moore.Moore(k, misere=True)
        for p in positions_up_to(4, 5):
            steps = xor_steps(p, k=k, misere=True)
            if rules.is_p_position(p) or not any(p):
                assert steps.move is None, (k, p)
            else:
                assert rules.is_p_position(rules.apply(p, steps.move)), (k, p, steps.move)
            assert not any("(s)" in line for line in steps.steps)


def test_show_source_is_the_real_source():
    source = show_source(nim.nim_sum)
    assert "def nim_sum" in str(source)
    assert source._repr_markdown_().startswith("```python")


def test_optimal_players_win_from_n_positions(positions):
    for p in positions:
        if not p:
            continue
        for misere in (False, True):
            game = play(p, misere=misere)
            first_should_win = not nim.is_p_position(p, misere=misere)
            assert (game.winner == 0) == first_should_win, (p, misere)


def test_optimal_beats_random():
    for seed in range(20):
        game = play((3, 5, 7), (random_strategy(seed), optimal_strategy()))
        assert game.winner == 1


def test_moore_games():
    game = play((5, 6, 7), k=2)
    assert game.winner == 0 and all(len(t.move) <= 2 for t in game.turns)
    assert "column sums mod 3" in game.to_text()


def test_computer_move_when_losing_is_small():
    assert computer_move((1, 2, 3)) == (2, 2)
    assert computer_move((0, 0)) is None


def test_play_bad_input():
    with pytest.raises(ValueError, match="position must not be empty"):
        play(())
    with pytest.raises(ValueError, match="must have a stone"):
        play((0, 0))


def test_explanation_refuses_heaps_past_its_width_with_its_own_message():
    # Issue 31: xor_steps((2**20000, 3)) failed with Python's own "Exceeds the limit (4300 digits)" message
    from nimlib.explain import MAX_XOR_BITS

    with pytest.raises(ValueError, match=r"position\[0\] has 20,001 bits.*MAX_XOR_BITS = 4,096"):
        xor_steps((2**20000, 3))
    assert xor_steps((2 ** (MAX_XOR_BITS - 1), 3)).nim_sum == 2 ** (MAX_XOR_BITS - 1) ^ 3
    with pytest.raises(TypeError):
        xor_steps((3.0, 4))
