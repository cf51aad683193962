"""Issue 30's defects, in the built book in headless Chromium (network off), from disk and served.

- A puzzle move that grows the board (ch. 10's Lasker split, ch. 11's staircase) moves no control below it.
- Moore's "Change up to 2 heaps at once" (ch. 4 and ch. 5), pressed with Enter, leaves the keyboard focus
  on a stone to choose, not on New game; "One heap at a time" likewise.
- Ch. 17's Start from refuses 0 (a position with no move) in words and keeps the game.
- The lab's quotient panel computes Kayles to 30 heaps with a "Computing" state and the page answering
  meanwhile; a refused bound clears the last quotient; a refused code marks the last result "Not current".

Slow: it builds the book (``built_book``; NIMBOOK_BUILT_HTML reuses one).
"""

from __future__ import annotations

import json
import time

import pytest
from selenium.webdriver import ActionChains, Keys

from .test_browser import browser, open_page, server  # noqa: F401 (pytest fixtures)
from .test_pages import _AXE_RUN, AXE

pytestmark = pytest.mark.slow

_PLACES = """
const root = document.querySelectorAll('.nimlib-puzzle')[0];
const at = (sel) => root.querySelector(sel).getBoundingClientRect().top + scrollY;
return {answers: at('.nimlib-puzzle-answers'), next: at("[data-ctl='next']"), feedback: at('.nimlib-puzzle-feedback'),
        stage: root.dataset.stage, position: root.dataset.position};
"""


def _growth(page: str, move: str, position: list) -> int:
    """How much a move would add to the board's tallest part: coins on one step, or one heap more."""
    m = json.loads(move)
    if page.startswith("11"):
        step, coins = m
        return position[step - 1] + coins - max(position)
    return 1 if isinstance(m[1], list) else 0


@pytest.mark.parametrize("width", (390, 1280))
@pytest.mark.parametrize("page", ["10_splitting_games", "11_moving_coins"])
def test_a_move_that_grows_the_board_moves_no_control(browser, server, page, width):  # noqa: F811
    """Was +19 px (ch. 10's Lasker) and +68 px (ch. 11's staircase at (3, 2, 3, 0, 0, 0))."""
    moving, grown, moved = [], 0, 0
    try:
        browser.set_window_size(width, 900)
        open_page(browser, f"{server}/notebooks/{page}.html", wait_for=".nimlib-puzzle")
        root = browser.find_elements("css selector", ".nimlib-puzzle")[0]
        for _ in range(30):
            if moved >= 6 and grown >= 2:
                break
            browser.execute_script("arguments[0].click()", root.find_element("css selector", "[data-ctl='next']"))
            time.sleep(0.05)
            browser.execute_script("arguments[0].click()", root.find_element("css selector", "[data-answer='N']"))
            time.sleep(0.05)
            before = browser.execute_script(_PLACES)
            if before["stage"] != "move":
                continue
            position = json.loads(before["position"])
            found = root.find_elements("css selector", ".nimlib-board button[data-move]")
            buttons = [b for b in found if b.is_enabled()]
            pick = max(buttons, key=lambda b: _growth(page, b.get_attribute("data-move"), position))
            move = pick.get_attribute("data-move")
            grows = _growth(page, move, position) > 0
            browser.execute_script("arguments[0].click()", pick)
            time.sleep(0.05)
            after = browser.execute_script(_PLACES)
            moved += 1
            grown += grows
            shift = max(abs(after[k] - before[k]) for k in ("answers", "next", "feedback"))
            if shift > 0.5:
                moving.append((before["position"], move, round(shift)))
    finally:
        browser.set_window_size(1280, 1000)
    assert moved >= 6 and grown >= 2, (moved, grown)
    assert not moving, f"controls moved after a move (position, move, px): {moving}"


_FOCUS = """
const a = document.activeElement;
const root = a && a.closest('.nimlib-play');
return a ? {ctl: a.dataset.ctl || null, select: a.dataset.select || null, move: a.dataset.move || null,
  board: Boolean(a.closest('.nimlib-board')), game: root ? root.dataset.game : null, text: a.textContent} : null;
"""


@pytest.mark.parametrize(("page", "game"), [("04_moores_nim", "moore"), ("05_misere_moore", "misere-moore")])
def test_change_two_heaps_by_keyboard_keeps_the_focus_on_the_board(browser, server, page, game):  # noqa: F811
    open_page(browser, f"{server}/notebooks/{page}.html", wait_for=f".nimlib-play[data-game='{game}']")
    root = browser.find_element("css selector", f".nimlib-play[data-game='{game}']")
    board = root.find_element("css selector", ".nimlib-board")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", board)
    # Tab to the button, as a keyboard user does
    for _ in range(80):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        where = browser.execute_script(_FOCUS)
        if where and where["ctl"] == "several":
            break
    assert where and where["ctl"] == "several", where
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    time.sleep(0.1)
    where = browser.execute_script(_FOCUS)
    assert where and where["game"] == game and where["board"] and where["select"] is not None, where
    assert where["ctl"] != "new"
    # choose that stone with Enter: the focus stays on the board
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    time.sleep(0.1)
    where = browser.execute_script(_FOCUS)
    assert where and where["board"], where
    # back to one heap at a time: the focus stays on the board, on a stone that moves
    root = browser.find_element("css selector", f".nimlib-play[data-game='{game}']")  # each render draws it anew
    cancel = root.find_element("css selector", "[data-ctl='cancel']")
    browser.execute_script("arguments[0].focus()", cancel)
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    time.sleep(0.1)
    where = browser.execute_script(_FOCUS)
    assert where and where["board"] and where["move"] is not None, where


def test_start_from_a_position_with_no_move_is_refused(browser, server):  # noqa: F811
    open_page(browser, f"{server}/notebooks/21_engine.html", wait_for=".nimlib-play")
    root = browser.find_elements("css selector", ".nimlib-play")[0]
    before = root.get_attribute("data-position")
    typed = root.find_element("css selector", "[data-ctl='typed']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", typed)
    typed.send_keys("0", Keys.ENTER)
    time.sleep(0.2)
    root = browser.find_elements("css selector", ".nimlib-play")[0]
    assert root.get_attribute("data-position") == before
    assert "has no move, so the game would be over before it begins" in root.text, root.text
    assert "Game over" not in root.text


_QUOTIENT = """
const panel = document.querySelector("[data-lab='quotient']");
return {text: panel.textContent, computing: Boolean(document.querySelector("[data-lab='quotient-computing']")),
        cells: panel.querySelectorAll('td').length, busy: panel.getAttribute('aria-busy')};
"""


def test_lab_quotient_computes_kayles_to_30_without_freezing(browser, server):  # noqa: F811
    open_page(browser, f"{server}/book/lab.html", wait_for="#nimlib-lab .nimlib-play")
    code = browser.find_element("css selector", "[data-lab='code']")
    code.clear()
    code.send_keys("0.77\n")
    time.sleep(0.5)
    bound = browser.find_element("css selector", "[data-lab='quotient-bound']")
    go = browser.find_element("css selector", "[data-lab='quotient-go']")
    bound.clear()
    bound.send_keys("30")
    browser.execute_script("arguments[0].click()", go)
    # the page answers while it computes: a timer keeps firing, and the Computing line is shown
    browser.execute_script("window.__ticks = 0; window.__tick = setInterval(() => window.__ticks++, 20)")
    seen_computing = False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = browser.execute_script(_QUOTIENT)
        seen_computing |= state["computing"]
        if not state["computing"]:
            break
        time.sleep(0.05)
    ticks = browser.execute_script("clearInterval(window.__tick); return window.__ticks")
    assert seen_computing, "no Computing state"
    assert state["text"].startswith("Order 40:"), state["text"][:300]
    assert ticks >= 3, f"the page froze: {ticks} timer ticks while the quotient was computed"
    # a refused bound: refused at once, the Kayles table is gone
    bound.clear()
    bound.send_keys("31")
    browser.execute_script("arguments[0].click()", go)
    state = browser.execute_script(_QUOTIENT)
    assert state["text"].startswith("Cannot compute that quotient") and state["cells"] == 0, state
    # a refused code: the last result is marked as not current
    code.clear()
    code.send_keys("0.7f\n")
    time.sleep(0.3)
    message = browser.find_element("css selector", "[data-lab='message']").text
    assert "is a letter, not a digit" in message, message
    stale = browser.find_element("css selector", "[data-lab='stale']").text
    assert stale.startswith("Not current: below is still the octal game 0.77"), stale
    # the marked result, the refused quotient and the messages: nothing axe finds serious (contrast included)
    browser.execute_script(AXE.read_text(encoding="utf-8"))
    browser.set_script_timeout(120)
    serious = [v for v in browser.execute_async_script(_AXE_RUN) if v["impact"] in ("serious", "critical")]
    assert not serious, serious
    code.clear()
    code.send_keys("0.07\n")
    time.sleep(0.5)
    assert not browser.find_elements("css selector", "[data-lab='stale']")
