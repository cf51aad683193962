"""The partizan bridge's page (ch-partizan) in the built book, in headless Chromium with the network off.

At 390 px and 1280 px: both Blue-Red Hackenbush games mount, every edge's button is at least 24 x 24 px and
none covers another, the picture fits its board and the page has no sideways scroll; a cut made from the
keyboard (Tab to the button, Enter) gets the computer's reply in the other colour; axe-core finds nothing
serious in either game or in the drill. Slow: it needs the built book (``NIMBOOK_BUILT_HTML`` reuses one).
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver import Keys

from .test_browser import browser, open_page, server  # noqa: F401 (pytest fixtures)
from .test_browser_review import _axe_serious

pytestmark = pytest.mark.slow

PAGE = "notebooks/20_partizan_bridge.html"

_MARKS = """
const out = [];
for (const root of document.querySelectorAll('.nimlib-play[data-game="blue-red-hackenbush"]')) {
  const board = root.querySelector('.nimlib-board');
  const b = board.getBoundingClientRect();
  const marks = [...root.querySelectorAll('.nimlib-br-edge, .nimlib-br-mark')].map((n) => n.getBoundingClientRect());
  let overlaps = 0;
  for (let i = 0; i < marks.length; i++) for (let j = i + 1; j < marks.length; j++) {
    const [p, q] = [marks[i], marks[j]];
    const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (across > 0.5 && down > 0.5) overlaps++;
  }
  const pic = root.querySelector('.nimlib-br-pic').getBoundingClientRect();
  out.push({
    buttons: root.querySelectorAll('.nimlib-br-edge').length,
    small: [...root.querySelectorAll('.nimlib-br-edge')]
      .filter((n) => n.offsetWidth < 24 || n.offsetHeight < 24).length,
    overlaps,
    past: Math.round(pic.right - (b.left + board.clientLeft + board.clientWidth)),
    lettered: [...root.querySelectorAll('.nimlib-br-edge, .nimlib-br-mark')]
      .every((n) => /^[BR]\\d+$/.test(n.textContent.trim())),
  });
}
return out;
"""


@pytest.mark.parametrize("width", (390, 1280))
def test_the_games_fit_and_their_edges_are_buttons(browser, server, width):  # noqa: F811
    try:
        browser.set_window_size(width, 900)
        open_page(browser, f"{server}/{PAGE}", wait_for=".nimlib-play[data-game='blue-red-hackenbush']")
        found = browser.execute_script(_MARKS)
        assert len(found) == 2, found
        for game in found:
            assert game["buttons"] >= 2 and game["small"] == 0 and game["overlaps"] == 0, (width, game)
            assert game["past"] <= 1 and game["lettered"], (width, game)
        assert browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 1
    finally:
        browser.set_window_size(1280, 1000)


def test_a_cut_from_the_keyboard_gets_a_reply_and_axe_is_clean(browser, server):  # noqa: F811
    open_page(browser, f"{server}/{PAGE}", wait_for=".nimlib-play[data-game='blue-red-hackenbush']")
    browser.execute_script("window.NIMLIB_DELAY = 0")
    roots = browser.find_elements("css selector", ".nimlib-play[data-game='blue-red-hackenbush']")
    for root in roots:
        assert _axe_serious(browser, root) == [], "axe on the game"
    first = roots[0]
    button = first.find_element("css selector", ".nimlib-br-edge")
    browser.execute_script("arguments[0].focus()", button)
    button.send_keys(Keys.ENTER)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        items = browser.execute_script(
            "return [...document.querySelectorAll('.nimlib-play[data-game=\"blue-red-hackenbush\"]')][0]"
            ".querySelectorAll('.nimlib-history li').length"
        )
        if items >= 2:
            break
        time.sleep(0.1)
    text = browser.execute_script(
        "return [...document.querySelectorAll('.nimlib-play[data-game=\"blue-red-hackenbush\"]')][0].textContent"
    )
    assert "You: cut blue edge" in text and "Computer: cut red edge" in text, text[:600]
    drill = browser.find_elements("css selector", ".nimlib-drill[data-drill='stalk-value']")
    assert drill, "the stalk-value drill mounts"
    assert _axe_serious(browser, drill[0]) == [], "axe on the drill"
