"""Layout the reader sees, in the built book in headless Chromium (network off), at 390 px and 1280 px.

- Wythoff's board is one grid at every size the page takes (13 8, 30 30, 99 99): it scrolls in its
  own box, the queen in sight, and the page is never wider than the window.
- At 390 px the graph (ch. 7) and the Hackenbush picture (ch. 15) fit their boards, and a chip's
  select button covers no vertex.
- Each Hackenbush edge is one tab stop (Tab, not only a count of focusable nodes).
- A puzzle's answers and controls stay where they are after an answer and after a move, on the page
  and in the window (the focus moves without the browser's centring scroll).
- The lab: a 1000-digit code gives a short message and no sideways scroll; a count outside 1-5000 gets
  the lab's message, not the last one left standing.

Slow: it builds the book (``built_book``; NIMBOOK_BUILT_HTML reuses one).
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver import ActionChains, Keys

from .test_browser import browser, open_page, server  # noqa: F401 (pytest fixtures)

pytestmark = pytest.mark.slow

WIDTHS = (390, 1280)


def _overflow(driver) -> int:
    return driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")


_WYTHOFF_TYPE = """
const root = [...document.querySelectorAll('.nimlib-play')].find((n) => n.dataset.game === 'wythoff');
const input = root.querySelector("[data-ctl='typed']");
input.value = arguments[0];
input.dispatchEvent(new Event('input'));
root.querySelector("[data-ctl='start']").click();
"""

# The squares drawn: how many distinct rows and columns they make (in the scroll box's own coordinates)
_WYTHOFF_GRID = """
const root = [...document.querySelectorAll('.nimlib-play')].find((n) => n.dataset.game === 'wythoff');
const box = root.querySelector('.nimlib-wythoff-box');
const squares = [...root.querySelectorAll('.nimlib-wythoff > *')];
const b = box.getBoundingClientRect();
const at = (s) => s.getBoundingClientRect();
const rows = new Set(squares.map((s) => Math.round(at(s).top - b.top + box.scrollTop)));
const columns = new Set(squares.map((s) => Math.round(at(s).left - b.left + box.scrollLeft)));
const q = at(root.querySelector("[data-part='queen']"));
const widget = root.getBoundingClientRect();
return {position: root.dataset.position, squares: squares.length, rows: rows.size, columns: columns.size,
  inside: b.left >= widget.left - 0.5 && b.right <= widget.right + 0.5,
  queen: q.left >= b.left - 1 && q.right <= b.right + 1 && q.top >= b.top - 1 && q.bottom <= b.bottom + 1,
  small: squares.filter((s) => s.tagName === 'BUTTON' && (s.offsetWidth < 24 || s.offsetHeight < 24)).length};
"""


def test_wythoff_board_keeps_its_grid_at_every_size(browser, server):  # noqa: F811
    try:
        for width in WIDTHS:
            browser.set_window_size(width, 900)
            open_page(browser, f"{server}/notebooks/14_wythoff.html", wait_for=".nimlib-play[data-game='wythoff']")
            for typed, side in [("13 8", 14), ("30 30", 31), ("99 99", 100)]:
                browser.execute_script(_WYTHOFF_TYPE, typed)
                time.sleep(0.3)
                got = browser.execute_script(_WYTHOFF_GRID)
                assert got["position"] == f"[{typed.replace(' ', ',')}]", got
                assert (got["squares"], got["rows"], got["columns"]) == (side * side, side, side), (width, typed, got)
                assert got["inside"] and got["queen"] and got["small"] == 0, (width, typed, got)
                assert _overflow(browser) <= 1, (width, typed)
    finally:
        browser.set_window_size(1280, 1000)


# Each picture's right edge against its board's content box, and the select buttons on vertices
_PICTURES = """
const inner = (node) => {
  const board = node.closest('.nimlib-board');
  const r = board.getBoundingClientRect();
  return r.left + board.clientLeft + board.clientWidth - parseFloat(getComputedStyle(board).paddingRight);
};
const out = [];
for (const p of document.querySelectorAll('.nimlib-graph, .nimlib-hackenbush, .nimlib-nk, .nimlib-br-pic')) {
  const r = p.getBoundingClientRect();
  out.push({kind: p.className, width: Math.round(r.width), past: Math.round(r.right - inner(p))});
  for (const pick of p.querySelectorAll('.nimlib-pick')) {
    const a = pick.getBoundingClientRect();
    for (const v of p.querySelectorAll('.nimlib-vertex')) {
      const b = v.getBoundingClientRect();
      const area = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
        * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
      if (area > 0) out.push({kind: 'pick on ' + v.dataset.part, width: Math.round(area), past: 1});
    }
  }
}
return out;
"""


@pytest.mark.parametrize(
    "page",
    [
        "notebooks/07_chips_on_graphs.html",
        "notebooks/15_hackenbush.html",
        "notebooks/19_graph_games.html",
        "notebooks/20_partizan_bridge.html",
    ],
)
def test_pictures_fit_a_phone_and_no_button_covers_another(browser, server, page):  # noqa: F811
    try:
        browser.set_window_size(390, 900)
        open_page(browser, f"{server}/{page}", wait_for=".nimlib-play")
        found = browser.execute_script(_PICTURES)
        assert len(found) >= 2, found
        assert all(p["past"] <= 0.5 for p in found), found
        assert _overflow(browser) <= 1
    finally:
        browser.set_window_size(1280, 1000)


_ACTIVE = """
const a = document.activeElement;
return a && a.closest('.nimlib-hackenbush') ? (a.dataset.move || a.tagName) : null;
"""


def test_each_hackenbush_edge_is_one_tab_stop(browser, server):  # noqa: F811
    open_page(browser, f"{server}/notebooks/15_hackenbush.html", wait_for=".nimlib-play[data-game='hackenbush']")
    root = browser.find_element("css selector", ".nimlib-play[data-game='hackenbush']")
    standing = len(root.find_elements("css selector", ".nimlib-hackenbush [data-state='standing']"))
    board = root.find_element("css selector", ".nimlib-board")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", board)
    stops = []
    for _ in range(3 * standing + 5):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        where = browser.execute_script(_ACTIVE)
        if where is None and stops:
            break
        if where is not None:
            stops.append(where)
    assert standing >= 5 and len(stops) == standing, (standing, stops)
    assert len(set(stops)) == standing and all(s.startswith("[") for s in stops), stops


_PLACES = """
const root = document.querySelectorAll('.nimlib-puzzle')[arguments[0]];
const at = (sel) => root.querySelector(sel).getBoundingClientRect().top;
return {answers: at('.nimlib-puzzle-answers'), next: at("[data-ctl='next']"), scroll: scrollY,
        stage: root.dataset.stage};
"""


def _shift(before: dict, after: dict) -> dict:
    """How far the answers and Next moved on the page and in the window, in px."""
    page = lambda k: after[k] + after["scroll"] - before[k] - before["scroll"]  # noqa: E731
    return {"page": max(abs(page("answers")), abs(page("next"))), "window": abs(after["next"] - before["next"])}


@pytest.mark.parametrize("width", WIDTHS)
def test_puzzle_controls_stay_put_after_an_answer_and_a_move(browser, server, width):  # noqa: F811
    """Chapters 4, 9, 12 and 2 had the largest jumps: 76-118 px after a move, 27-48 px after a wrong answer."""
    shifts = []
    checked = moved = 0
    try:
        browser.set_window_size(width, 900)
        for page in [
            "04_moores_nim",
            "12_turning_games",
            "13_coin_turning",
            "02_bouton_xor_rule",
            "10_splitting_games",
        ]:
            open_page(browser, f"{server}/notebooks/{page}.html", wait_for=".nimlib-puzzle")
            for trial in range(4):
                root = browser.find_elements("css selector", ".nimlib-puzzle")[0]
                answer = root.find_element("css selector", f"[data-answer='{'N' if trial % 2 == 0 else 'P'}']")
                # the answer at the window's bottom edge: the focus moving on to Next must not scroll the page
                browser.execute_script("arguments[0].scrollIntoView({block: 'end'})", answer)
                before = browser.execute_script(_PLACES, 0)
                answer.click()
                time.sleep(0.05)
                now = browser.execute_script(_PLACES, 0)
                shifts.append((page, "answer", _shift(before, now)))
                checked += 1
                if now["stage"] == "move":
                    buttons = [
                        b
                        for b in root.find_elements("css selector", ".nimlib-board button[data-move]")
                        if b.is_enabled()
                    ]
                    browser.execute_script("arguments[0].click()", buttons[trial % len(buttons)])
                    time.sleep(0.05)
                    shifts.append((page, "move", _shift(now, browser.execute_script(_PLACES, 0))))
                    moved += 1
                browser.execute_script("arguments[0].click()", root.find_element("css selector", "[data-ctl='next']"))
                time.sleep(0.05)
    finally:
        browser.set_window_size(1280, 1000)
    largest = max(max(s[2].values()) for s in shifts)
    print(f"\n{width} px: {checked} answers, {moved} moves; the largest shift {largest:.0f} px")
    assert checked >= 16 and moved >= 3, (checked, moved)
    moving = [s for s in shifts if max(s[2].values()) > 0.5]
    assert not moving, moving


def test_lab_long_code_and_count_out_of_range(browser, server):  # noqa: F811
    try:
        for width in WIDTHS:
            browser.set_window_size(width, 900)
            open_page(browser, f"{server}/book/lab.html", wait_for="#nimlib-lab .nimlib-play")
            code = browser.find_element("css selector", "[data-lab='code']")
            message = lambda: browser.find_element("css selector", "[data-lab='message']").text  # noqa: E731
            browser.execute_script("arguments[0].value = arguments[1]", code, "0." + "7" * 1000)
            code.send_keys(Keys.ENTER)
            time.sleep(0.3)
            assert "1000 digits after the point" in message() and len(message()) < 200, message()[:300]
            assert _overflow(browser) <= 1, f"a 1000-digit code makes the page {_overflow(browser)} px too wide"
            code.clear()
            code.send_keys("0.77\n")
            time.sleep(0.5)
            assert message().startswith("Computed"), message()
            count = browser.find_element("css selector", "[data-lab='count']")
            for typed, words in [("6000", "too many"), ("0", "whole number >= 1")]:
                count.clear()
                count.send_keys(f"{typed}\n")
                time.sleep(0.3)
                assert message().startswith("Cannot compute that") and words in message(), (typed, message())
                code.clear()
                code.send_keys("0.77")
                count.clear()
                count.send_keys("100\n")
                time.sleep(0.3)
                assert message().startswith("Computed"), message()
    finally:
        browser.set_window_size(1280, 1000)
