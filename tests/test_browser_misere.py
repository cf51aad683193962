"""Misère Kayles and misère crosses played to the end by clicking, on chapter 16's built page.

Every reply of the computer is checked against a misère search written here, on the raw rows (no
runs, no multisets, nothing shared with nimlib or the page): from a misère N-position the computer
must leave a misère P-position. The winner the page announces must be the misère one: whoever is
left without a move. Slow: it needs the built book and headless Chromium (fixtures of test_browser).
"""

from __future__ import annotations

import functools
import json
import random

import pytest

from .test_browser import browser, click_random_move, open_page, saved_widgets, server, wait_turn, widget_state  # noqa: F401

PAGE = "notebooks/16_misere_beyond_nim.html"


def _kayles_options(row: tuple[int, ...]) -> list[tuple[int, ...]]:
    out = []
    for i, up in enumerate(row):
        if up:
            out.append(row[:i] + (0,) + row[i + 1 :])
            if i + 1 < len(row) and row[i + 1]:
                out.append(row[:i] + (0, 0) + row[i + 2 :])
    return out


def _crosses_options(row: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [row[:i] + (1,) + row[i + 1 :] for i in range(len(row)) if not any(row[max(0, i - 1) : i + 2])]


OPTIONS = {"misere-kayles": _kayles_options, "misere-dawson": _crosses_options}


def _runs(game: str, row: tuple[int, ...]) -> tuple[int, ...]:
    """The sorted lengths of the row's runs (standing pins; free cells for crosses): equal runs play alike."""
    free = row if game == "misere-kayles" else tuple(int(not any(row[max(0, i - 1) : i + 2])) for i in range(len(row)))
    return tuple(sorted(len(part) for part in "".join(map(str, free)).split("0") if part))


def _run_row(game: str, runs: tuple[int, ...]) -> tuple[int, ...]:
    """A raw row with these runs (apart by one fallen pin, or by one cross with a cell on each side)."""
    row: list[int] = []
    for k in runs:
        if game == "misere-kayles":
            row += [1] * k + [0]
        else:
            row += [0] * k + [0, 1, 0] if k else []
    return tuple(row)


def misere_p(game: str, row: tuple[int, ...]) -> bool:
    """Misère play: a row with no move is won by the player to move (N); P when every move leaves N.

    Searched on the row's runs (sorted lengths), so long rows (the chapter plays 30 pins) stay small.
    """
    return _misere_p_runs(game, _runs(game, row))


@functools.cache
def _misere_p_runs(game: str, runs: tuple[int, ...]) -> bool:
    options = {_runs(game, q) for q in OPTIONS[game](_run_row(game, runs))}
    return bool(options) and not any(_misere_p_runs(game, q) for q in options)


def test_independent_search_knows_misere_play():
    assert not misere_p("misere-kayles", (0, 0))  # no move: the player to move has won
    assert misere_p("misere-kayles", (1,))  # must knock the last pin
    assert not misere_p("misere-kayles", (1, 1))  # knock one, leave one
    assert not misere_p("misere-kayles", (1, 0, 1)) and misere_p("misere-kayles", (1, 0, 1, 0, 1))
    assert misere_p("misere-dawson", (0,)) and not misere_p("misere-dawson", (0, 0, 0, 0))
    # runs searched as runs agree with the raw rows on every row of up to 10 cells
    for game, options in OPTIONS.items():

        @functools.cache
        def raw(row: tuple[int, ...], options=options) -> bool:
            after = options(row)
            return bool(after) and not any(raw(q) for q in after)

        for n in range(1, 11):
            for mask in range(1 << n):
                row = tuple((mask >> i) & 1 for i in range(n))
                if game == "misere-dawson" and any(row[i] and row[i + 1] for i in range(n - 1)):
                    continue
                assert misere_p(game, row) == raw(row), (game, row)


@pytest.mark.slow
def test_misere_strips_play_to_the_end_on_chapter_15(browser, server, built_book):  # noqa: F811
    rng = random.Random(15)
    widgets = saved_widgets((built_book / PAGE).read_text(encoding="utf-8"))
    games = [(i, w) for i, w in enumerate(widgets) if w["game"] in OPTIONS]
    assert {w["game"] for _, w in games} == set(OPTIONS), [w["game"] for w in widgets]
    problems = open_page(browser, f"{server}/{PAGE}", wait_for=".nimlib-play")
    assert not problems, problems
    browser.execute_script("window.NIMLIB_DELAY = 0")
    checked = explained = 0
    for index, state in games:
        game = state["game"]
        # Open the explanation once: it stays open, and is refilled after every move
        browser.find_elements("css selector", ".nimlib-play")[index].find_element(
            "css selector", "details > summary"
        ).click()
        for _ in range(3):
            for _ in range(100):
                turn = wait_turn(browser, index)
                if turn == "over":
                    break
                now = click_random_move(browser, index, rng, game)
                if now["last"] != "computer":
                    assert now["turn"] == "over"
                    continue
                before, after = tuple(json.loads(now["readerAfter"])), tuple(json.loads(now["position"]))
                assert after in OPTIONS[game](before), (game, before, after)
                if not misere_p(game, before):
                    assert misere_p(game, after), f"{game}: {before} -> {after}, a misère N-position"
                    checked += 1
                    # The explanation of that reply states the outcome the search found
                    html = browser.execute_script(
                        "return arguments[0].querySelector('details').innerHTML",
                        browser.find_elements("css selector", ".nimlib-play")[index],
                    )
                    if (
                        "Why the computer played" in html
                        and "misère N-position" in html
                        and "misère P-position" in html
                    ):
                        explained += 1
            else:
                raise AssertionError(f"{game}: no end after 100 moves")
            root = browser.find_elements("css selector", ".nimlib-play")[index]
            status = root.find_element("css selector", ".nimlib-status").text
            final = tuple(json.loads(widget_state(browser, index)["position"]))
            assert not OPTIONS[game](final)
            # Misère: the player left without a move wins, so whoever moved last lost
            last = widget_state(browser, index)["last"]
            assert status == ("Game over: you win." if last == "computer" else "Game over: the computer wins."), status
            root.find_element("css selector", "[data-ctl='new']").click()
    assert checked >= 5, f"only {checked} computer replies from N-positions were checked"
    assert explained == checked, f"{checked - explained} of {checked} replies without their explanation"
