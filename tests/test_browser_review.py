"""The review of a finished game and the two-player mode, played by clicking on chapter 1's built page
opened from disk (file://), in headless Chromium.

Two-player mode: the toggle is pressed from the keyboard, both players' moves are clicked to the end,
the referee announces the winner, and the review (opened with the keyboard) gives every move a
data-verdict, as the move list has them; opening it moves none of the controls above it, at desktop
and at phone width. Against the computer: the reader gives the win away at once and loses, and the
review names that move as the first mistake and one of nimlib's winning moves as the move missed.
Slow: it needs the built book and Chromium (fixtures of tests/test_browser.py).
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from nimlib import nim

from .test_browser import IGNORED, browser  # noqa: F401 (pytest fixture)
from .test_pages import AXE

# axe-core on one widget (arguments[0]): its serious and critical WCAG A/AA findings
_AXE_WIDGET = """
const done = arguments[arguments.length - 1];
axe.run(arguments[0], {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']},
                       resultTypes: ['violations']})
  .then((r) => done(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '))))
  .catch((e) => done(['axe-error: ' + String(e)]));
"""


def _axe_serious(driver, root) -> list[str]:
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(120)
    return driver.execute_async_script(_AXE_WIDGET, root)


PAGE = "notebooks/01_playing_nim.html"
START = (3, 4, 5)  # chapter 1's game: NimGame((3, 4, 5), seed=1)

# Tops of the controls above the review (they must not move when it opens)
_TOPS = """
const root = arguments[0];
return [...root.querySelectorAll('.nimlib-controls button, .nimlib-typed input, .nimlib-typed button, .nimlib-status')]
  .map((n) => Math.round(n.getBoundingClientRect().top * 10) / 10);
"""


_MARK = """
const box = [...document.querySelectorAll('.nimlib-play[data-game="nim"]')]
  .find((b) => b.dataset.position === arguments[0]);
if (!box) return false;
box.parentNode.id = 'nimlib-under-test';  // the mount element: it outlives every redraw of the widget
return true;
"""
ROOT = "#nimlib-under-test > .nimlib-play"


def _mark(driver) -> None:
    """Mark chapter 1's first Nim game at (3, 4, 5) (widgets mount one by one: wait for it)."""
    deadline = time.monotonic() + 20
    while not driver.execute_script(_MARK, json.dumps(list(START), separators=(",", ":"))):
        assert time.monotonic() < deadline, "chapter 1's Nim game at (3, 4, 5) did not mount"
        time.sleep(0.2)


def _root(driver):
    return driver.find_element("css selector", ROOT)


def _state(driver):
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]);"
        "return {turn: r.dataset.turn, player: r.dataset.player, position: JSON.parse(r.dataset.position),"
        "players: r.dataset.players,"
        "status: r.querySelector('.nimlib-status').textContent,"
        "moves: [...r.querySelectorAll('.nimlib-history li')].map((li) => li.textContent)};",
        ROOT,
    )


def _wait(driver, until, timeout=10.0):
    deadline = time.monotonic() + timeout
    while True:
        state = _state(driver)
        if until(state) or time.monotonic() > deadline:
            return state
        time.sleep(0.05)


def _after(position, move):
    pairs = move if isinstance(move[0], list) else [move]
    out = list(position)
    for i, b in pairs:
        out[i] = b
    return tuple(out)


def _click_move(driver, choose):
    """Click the enabled move button ``choose`` picks from {data-move JSON: after-position}."""
    root = _root(driver)
    state = _state(driver)
    buttons = {
        b.get_attribute("data-move"): b
        for b in root.find_elements("css selector", ".nimlib-board button[data-move]:not([disabled])")
    }
    assert buttons, state
    afters = {m: _after(state["position"], json.loads(m)) for m in buttons}
    chosen = choose(afters)
    button = buttons[chosen]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    return afters[chosen]


def _open_review_by_keyboard(driver):
    """Focus the review's summary and press Enter; the review element."""
    from selenium.webdriver.common.keys import Keys

    root = _root(driver)
    review = root.find_element("css selector", "[data-review]")
    summary = review.find_element("css selector", "summary")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    tops = driver.execute_script(_TOPS, root)
    driver.execute_script("arguments[0].focus()", summary)
    summary.send_keys(Keys.ENTER)
    deadline = time.monotonic() + 5
    while not review.get_attribute("open") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert review.get_attribute("open") is not None, "Enter on the summary opens the review"
    assert driver.execute_script(_TOPS, root) == tops, "opening the review moved a control above it"
    return review


def _open(driver, built_book, width):
    driver.set_window_size(width, 1000)
    driver.get_log("browser")
    driver.get((built_book / PAGE).as_uri())
    _mark(driver)
    driver.execute_script("window.NIMLIB_DELAY = 0")


def _errors(driver):
    return [
        e["message"]
        for e in driver.get_log("browser")
        if e["level"] in ("SEVERE", "WARNING") and not any(i in e["message"] for i in IGNORED)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("width", [1280, 390])
def test_two_player_game_to_the_end_and_its_review_from_disk(browser, built_book, width):  # noqa: F811
    from selenium.webdriver.common.keys import Keys

    _open(browser, built_book, width)
    root = _root(browser)
    toggle = root.find_element("css selector", "[data-ctl='two']")
    assert toggle.get_attribute("aria-pressed") == "false"
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", toggle)
    toggle.send_keys(Keys.ENTER)  # the keyboard presses it
    state = _wait(browser, lambda s: s["players"] == "2")
    assert state["players"] == "2" and state["moves"] == [] and state["position"] == list(START), state
    assert "Player 1's move" in state["status"], state
    toggle = _root(browser).find_element("css selector", "[data-ctl='two']")
    assert toggle.get_attribute("aria-pressed") == "true"
    assert browser.switch_to.active_element == toggle, "the toggle keeps the keyboard focus"
    rng = random.Random(width)
    played = 0
    positions = [START]  # the board after each move, as data-position says
    while state["turn"] != "over":
        assert state["turn"] == "reader", "in two-player mode a reader is always to move"
        player = int(state["player"])
        assert f"Player {player}'s move" in state["status"], state
        _click_move(browser, lambda afters: rng.choice(sorted(afters)))
        played += 1
        state = _wait(browser, lambda s, n=played: len(s["moves"]) == n)
        assert len(state["moves"]) == played, "nobody replies in two-player mode"
        assert state["moves"][-1].startswith(f"Player {player}: "), state["moves"]
        positions.append(tuple(state["position"]))
    winner = 1 if len(state["moves"]) % 2 == 1 else 2  # normal play: whoever took the last stone
    assert state["status"] == f"Game over: Player {winner} wins.", state
    review = _open_review_by_keyboard(browser)
    items = review.find_elements("css selector", "li[data-verdict]")
    assert len(items) == played >= 2
    # each verdict as nimlib says: P before -> none; else kept iff the move reaches a P-position
    for li, before, after in zip(items, positions[:-1], positions[1:], strict=True):
        verdict = li.get_attribute("data-verdict")
        expected = "none" if nim.is_p_position(before) else "kept" if nim.is_p_position(after) else "gave-away"
        assert verdict == expected, (before, after, verdict, li.text)
    assert positions[-1] == (0, 0, 0)
    assert _errors(browser) == []
    # (axe-core itself logs file:// errors, so it runs after the console is read)
    assert _axe_serious(browser, _root(browser)) == [], "axe on the open review (two players)"


@pytest.mark.slow
def test_a_lost_game_reviews_its_first_mistake_from_disk(browser, built_book):  # noqa: F811
    _open(browser, built_book, 1280)
    state = _state(browser)
    assert state["players"] == "1" and state["position"] == list(START) and not nim.is_p_position(START)
    # the reader gives the win away at once, and keeps playing moves that lose when one does
    first = None
    while state["turn"] != "over":
        assert state["turn"] == "reader", state
        n = len(state["moves"])
        after = _click_move(browser, lambda afters: min(afters, key=lambda m: (nim.is_p_position(afters[m]), m)))
        first = first or after
        state = _wait(browser, lambda s, n=n: s["turn"] != "computer" and len(s["moves"]) > n)
    assert state["status"] == "Game over: the computer wins.", state
    review = _open_review_by_keyboard(browser)
    verdicts = [li.get_attribute("data-verdict") for li in review.find_elements("css selector", "li[data-verdict]")]
    assert verdicts[0] == "gave-away" and len(verdicts) == len(state["moves"])
    assert all(v == "kept" for v in verdicts[1::2]), "the computer keeps the win it was given"
    said = review.find_element("css selector", ".nimlib-review-first").text
    match = re.fullmatch(
        r"First mistake: move 1, you played heap (\d) from (\d+) to (\d+), which gave away the win\. "
        r"The winning move was heap (\d) from (\d+) to (\d+)\.",
        said,
    )
    assert match, said
    i, was, to, j, was2, to2 = map(int, match.groups())
    assert _after(START, [i, to]) == first and was == START[i]
    missed = _after(START, [j, to2])
    assert was2 == START[j] and nim.is_p_position(missed), f"{said}: not a winning move by nimlib"
    assert (j, to2) in nim.winning_moves(START), said
    why = review.find_element("css selector", ".nimlib-review-why").text
    assert f"move: heap {j} from {was2}" in why and "nim-sum S = 3 ⊕ 4 ⊕ 5 = 2" in why, why
    assert _errors(browser) == []
    # (axe-core itself logs file:// errors, so it runs after the console is read)
    assert _axe_serious(browser, _root(browser)) == [], "axe on the open review"
