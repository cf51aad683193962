"""The pictures draw what they say (Agg backend, no display) and refuse bad arguments clearly."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from nimlib import nim, rulesets
from nimlib.plotting import (
    N_COLOR,
    P_COLOR,
    plot_bits,
    plot_coin_row,
    plot_game_graph,
    plot_heaps,
    plot_nim_sum_table,
    plot_outcome_grid,
    plot_staircase,
    plot_values,
)


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def test_heaps_grey_the_stones_a_move_takes(ax):
    plot_heaps((3, 4, 5), ax, highlight={0: 1}, title="a move")
    colours = [p.get_facecolor()[:3] for p in ax.patches]
    assert len(ax.patches) == 12
    taken = [c for c in colours if c == matplotlib.colors.to_rgb("#e2e8f0")]
    assert len(taken) == 2 and ax.get_title() == "a move"


def test_game_graph_colours_p_and_n(ax):
    plot_game_graph(nim.NIM, (2, 2), ax)
    boxes = {t.get_text(): t.get_bbox_patch().get_facecolor()[:3] for t in ax.texts if t.get_bbox_patch()}
    assert boxes["(2, 2)"] == matplotlib.colors.to_rgb(P_COLOR)
    assert boxes["(1, 2)"] == matplotlib.colors.to_rgb(N_COLOR)
    assert boxes["()"] == matplotlib.colors.to_rgb(P_COLOR)
    assert len(boxes) == 6


def test_game_graph_takes_a_successors_function_and_misere(ax):
    plot_game_graph(nim.successors, (1, 1), ax, misere=True)
    boxes = {t.get_text(): t.get_bbox_patch().get_facecolor()[:3] for t in ax.texts if t.get_bbox_patch()}
    assert boxes["(1, 1)"] == matplotlib.colors.to_rgb(N_COLOR)  # misère: take one, leave the last


def test_values_shade_the_period(ax):
    plot_values([0, 1, 2, 0, 1, 2, 0, 1, 2], ax, preperiod=0, period=3, title="S(1,2)")
    assert len(ax.lines) >= 4 and ax.get_title() == "S(1,2)"
    plot_values([0, 1, 2, 3, 1, 4], ax, rare_mask=1)


def test_grids_and_tables(ax):
    image = plot_outcome_grid(lambda a, b: a == b, 4, ax).images[0]
    assert image.get_array().tolist()[2][2] == 1.0 and image.get_array().tolist()[1][2] == 0.0
    fig, ax2 = plt.subplots()
    plot_nim_sum_table(8, ax2)
    assert ax2.images[0].get_array().tolist()[3][5] == 3 ^ 5
    plt.close(fig)


def test_boards(ax):
    plot_bits((3, 4, 5), 1, ax)
    assert any(t.get_text() == "1" for t in ax.texts)
    plot_staircase((1, 2, 0, 3), ax)
    plot_coin_row((1, 0, 1), ax, labels=["a", "b", "c"])
    assert {"a", "b", "c"} <= {t.get_text() for t in ax.texts}


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda ax: plot_heaps((3, 4), ax, highlight=[0, 1]), TypeError, "highlight must be a dict"),
        (lambda ax: plot_heaps((3, 4), ax, highlight={5: 1}), ValueError, "highlight names heap 5"),
        (lambda ax: plot_heaps((3, 4), ax, highlight={0: 9}), ValueError, r"highlight\[0\]"),
        (lambda ax: plot_heaps((3, 4), ax, highlight={"a": 1}), TypeError, "highlight key"),
        (lambda ax: plot_heaps((3, 4), ax, title=3), TypeError, "title"),
        (lambda ax: plot_coin_row((1, 0), ax, labels=["a"]), ValueError, "labels must have one entry"),
        (lambda ax: plot_coin_row((1, 0), ax, labels="ab"), TypeError, "labels must be a sequence"),
        (lambda ax: plot_coin_row((1, 2), ax), ValueError, "row must hold"),
        (lambda ax: plot_values({1: 2}, ax), TypeError, "values"),
        (lambda ax: plot_values([1, -1], ax), ValueError, r"values\[1\]"),
        (lambda ax: plot_outcome_grid(lambda a, b: True, 10**6, ax), ValueError, "size must be at most"),
        (lambda ax: plot_nim_sum_table(0, ax), ValueError, "size"),
        (lambda ax: plot_game_graph(rulesets.kayles, (40,), ax), ValueError, "too many to draw"),
        (lambda ax: plot_game_graph(nim.NIM, (1,), ax, label="x"), TypeError, "label must be a function"),
        (lambda ax: plot_game_graph(nim.NIM, (1,), ax, misere="False"), TypeError, "misere"),
        (lambda ax: plot_staircase({1, 2}, ax), TypeError, "position"),
        (lambda ax: plot_bits((1, 2), 0, ax), ValueError, "k"),
    ],
)
def test_bad_arguments(ax, call, error, match):
    with pytest.raises(error, match=match):
        call(ax)


def test_a_huge_heap_is_a_bar_with_its_count(ax):
    """A heap of 10^12 is one bar labelled with the count (it used to draw a circle per stone and never return)."""
    plot_heaps((10**12,), ax, title="huge")
    texts = [t.get_text() for t in ax.texts]
    assert "1,000,000,000,000" in texts and ax.get_title() == "huge"
    assert len(ax.patches) == 1


def test_bars_are_in_proportion_to_the_largest_heap(ax):
    plot_heaps((10, 40, 2**70), ax, highlight={2: 2**69})
    bars = sorted((p.get_y(), p.get_x(), p.get_width(), p.get_facecolor()[:3]) for p in ax.patches)
    widths = {round(y): w for y, _, w, c in bars if c != matplotlib.colors.to_rgb("#e2e8f0")}
    # rows from the top: heap 0 at y=2, heap 2 at y=0; the highlight keeps half of heap 2, greys the other half
    assert widths[0] == pytest.approx(15.0) and widths[2] == pytest.approx(30 * 10 / 2**70)
    grey = [w for _, _, w, c in bars if c == matplotlib.colors.to_rgb("#e2e8f0")]
    assert grey == [pytest.approx(15.0)]
    assert {"10", "40", f"{2**70:,}"} <= {t.get_text() for t in ax.texts}


def test_heaps_of_at_most_thirty_stones_stay_stones(ax):
    plot_heaps((30, 1), ax)
    assert len(ax.patches) == 31 and all(isinstance(p, matplotlib.patches.Circle) for p in ax.patches)
    plt.cla()
    plot_heaps((31, 1), ax)
    assert len(ax.patches) == 2 and not any(isinstance(p, matplotlib.patches.Circle) for p in ax.patches)


def test_too_many_heaps_are_refused_with_the_limit(ax):
    with pytest.raises(ValueError, match="limit of 200"):
        plot_heaps((1,) * 201, ax)


def test_sizes_too_large_to_draw_are_refused_with_the_limit(ax):
    from nimlib.plotting import plot_bits, plot_coin_row, plot_staircase

    with pytest.raises(ValueError, match="limit of 64"):
        plot_bits((2**4000,), ax=ax)
    with pytest.raises(ValueError, match="limit of 200"):
        plot_bits((1,) * 201, ax=ax)
    with pytest.raises(ValueError, match="limit of 200"):
        plot_staircase((1,) * 10**5, ax)
    with pytest.raises(ValueError, match="limit of 200"):
        plot_coin_row((1,) * 10**5, ax)
    plot_bits((2**64 - 1, 1), ax=ax)  # 64 digits is the limit itself


def test_a_staircase_step_with_many_coins_shows_the_count(ax):
    plot_staircase((0, 10**12, 3), ax)
    coins = [p for p in ax.patches if isinstance(p, matplotlib.patches.Circle)]
    assert len(coins) == 1 + 3
    assert "1,000,000,000,000" in {t.get_text() for t in ax.texts}
