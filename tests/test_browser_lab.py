"""The lab page (book/lab.md) in the built book: headless Chromium, network off.

The reader types 0.77 (Kayles): the table's first values and the certified period are nimlib's; then
one move on the board (a split that takes stones where one loses nothing), and the computer's reply
leaves a P-position by nimlib's exhaustive search. Slow (it builds the book): the fixtures are
tests/test_browser.py's.
"""

from __future__ import annotations

import json
import time

from nimlib import find_period, grundy_values, search
from nimlib.rulesets import kayles

from .test_browser import SHOTS, browser, open_page, server  # noqa: F401 (pytest fixtures)

LAB_PAGE = "book/lab.html"


def _wait(driver, script: str, timeout: float = 20):
    """Poll a JavaScript expression until it is truthy; its value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(f"return {script}")
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {script}")


def _is_p(position: list[int]) -> bool:
    return search.is_p_position(kayles.successors, tuple(sorted(h for h in position if h)))


def check_lab(driver, url: str) -> None:
    """Type 0.77, check values and period against nimlib, play one move and check the reply."""
    problems = open_page(driver, url, wait_for="#nimlib-lab .nimlib-play")
    assert not problems, problems
    driver.execute_script("window.NIMLIB_DELAY = 0")
    code = driver.find_element("css selector", "[data-lab='code']")
    code.clear()
    code.send_keys("0.07")  # something else first, so the page really recomputes for 0.77
    driver.find_element("css selector", "[data-lab='go']").click()
    _wait(driver, "document.querySelector(\"[data-lab='period']\").textContent.includes('from 53')")
    count = driver.find_element("css selector", "[data-lab='count']")
    count.clear()
    count.send_keys("600")
    code.clear()
    code.send_keys("0.77\n")  # Enter submits
    _wait(driver, "document.querySelectorAll('td[data-n]').length === 600")
    shown = driver.execute_script(
        "return [...document.querySelectorAll('td[data-n]')].slice(0, 40).map((c) => Number(c.textContent))"
    )
    assert shown == grundy_values(kayles, 40).tolist()
    found = find_period(kayles)
    statement = driver.find_element("css selector", "[data-lab='period']").text
    assert (found.preperiod, found.period) == (71, 12)
    assert f"period {found.period} from {found.preperiod}" in statement, statement
    assert f"g(0), …, g({found.needed - 1})" in statement, statement
    plot = driver.find_element("css selector", "svg.nimlib-lab-plot")
    assert plot.size["width"] > 200 and "0 to 599" in plot.get_attribute("aria-label")

    play = driver.find_element("css selector", "#nimlib-lab .nimlib-play")
    assert play.get_attribute("data-game") == "heaps"
    start = json.loads(play.get_attribute("data-position"))
    # A move that leaves an N-position, so the computer has a winning reply; a take-and-split if one does
    buttons = driver.find_elements("css selector", "#nimlib-lab .nimlib-board button[data-move]")
    chosen = None
    for button in sorted(buttons, key=lambda b: "nimlib-split-take" not in b.get_attribute("class")):
        move = kayles.decode_move(json.loads(button.get_attribute("data-move")))
        after = list(kayles.apply(tuple(start), move))
        if not _is_p(after):
            chosen = button
            break
    assert chosen is not None, f"no move from {start} leaves an N-position"
    for button in driver.find_elements("css selector", "#nimlib-lab .nimlib-split-take"):
        box = button.size
        assert box["width"] >= 24 and box["height"] >= 24, f"{button.get_attribute('data-move')}: {box}"
    chosen.click()
    _wait(driver, "document.querySelectorAll('#nimlib-lab .nimlib-history li').length === 2")
    items = driver.find_elements("css selector", "#nimlib-lab .nimlib-history li")
    reply = json.loads(items[1].get_attribute("data-after"))
    assert _is_p(reply), f"the computer left {reply}, an N-position by nimlib"
    # A bad code: a message, nothing else changes
    code.clear()
    code.send_keys("0x1F\n")
    _wait(driver, "document.querySelector(\"[data-lab='message']\").textContent.includes('hexadecimal')")
    assert len(driver.find_elements("css selector", "td[data-n]")) == 600
    problems = [e["message"] for e in driver.get_log("driver") if e["level"] == "SEVERE"]
    assert not problems, problems


def test_lab_offline(browser, server):  # noqa: F811 (fixtures)
    check_lab(browser, f"{server}/{LAB_PAGE}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 360):
        browser.set_window_size(width, 1000)
        browser.save_screenshot(str(SHOTS / f"lab_{width}.png"))
    browser.set_window_size(1280, 1000)


def test_lab_from_disk(browser, built_book):  # noqa: F811 (fixtures)
    """The lab as a reader opens the built book from disk (file://): the same checks as served."""
    check_lab(browser, (built_book / LAB_PAGE).as_uri())
