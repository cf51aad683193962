"""Every "Your turn" puzzle of the built book, solved by clicking in headless Chromium with the network off.

On each chapter page, each puzzle block is answered rightly (P or N as nimlib says, then a winning
move at an N-position), then, on a fresh puzzle, wrongly; the feedback text and the marks are checked.
Elements are found by puzzle mode's own attributes (``.nimlib-puzzle``, ``data-answer``, ``data-ctl``),
so the test holds however the page mounts its widgets. Slow: it builds the book (``built_book``).
"""

from __future__ import annotations

import json
import re
import time

import pytest
from selenium.webdriver.common.keys import Keys

from .test_browser import IGNORED, browser, open_page, pages, server  # noqa: F401 -- fixtures
from .test_puzzles import CHAPTER_PUZZLES, chapter_widget

pytestmark = pytest.mark.slow

# One atomic read of puzzle arguments[0]
_STATE = """
const root = document.querySelectorAll('.nimlib-puzzle')[arguments[0]];
const feedback = root.querySelector('.nimlib-puzzle-feedback');
return {
  game: root.dataset.game, position: root.dataset.position, stage: root.dataset.stage,
  result: root.dataset.result || null, feedback: feedback.textContent, tone: feedback.dataset.feedback || null,
  why: root.querySelector('.nimlib-puzzle-why').textContent,
  live: feedback.getAttribute('aria-live'), replies: root.querySelectorAll('.nimlib-puzzle-reply').length,
  moves: [...root.querySelectorAll('.nimlib-board button[data-move]:not([disabled])')].map((b) => b.dataset.move),
  selects: root.querySelectorAll('.nimlib-board button[data-select]').length,
  next_top: Math.round(root.querySelector("[data-ctl='next']").getBoundingClientRect().top
    - root.getBoundingClientRect().top),
  focus: root.contains(document.activeElement) ? document.activeElement.dataset.ctl || null : null,
  small: [...root.querySelectorAll('button')].filter((b) => b.offsetParent && b.style.visibility !== 'hidden'
    && !b.closest('.nimlib-board') && (b.offsetWidth < 24 || b.offsetHeight < 24)).length,
};
"""


# The saved widget blocks, as Jupyter writes them or as the book's build renames them for its loader
_SAVED = r'<script type="application/vnd\.(?:jupyter|nimlib)\.widget-{kind}\+json">(.*?)</script>'


def puzzle_count(source: str) -> int:
    """How many saved widgets of a page are puzzles (mode "puzzle")."""
    states = {}
    for block in re.findall(_SAVED.format(kind="state"), source, re.S):
        states.update(json.loads(block)["state"])
    views = re.findall(_SAVED.format(kind="view"), source, re.S)
    return sum(states[json.loads(v)["model_id"]]["state"].get("mode") == "puzzle" for v in views)


def state(driver, index: int) -> dict:
    return driver.execute_script(_STATE, index)


def click(driver, index: int, selector: str) -> None:
    root = driver.find_elements("css selector", ".nimlib-puzzle")[index]
    button = root.find_element("css selector", selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    time.sleep(0.05)


def _after(widget, position: list, move: str):
    from nimlib.widgets import _turn

    rules = widget.rules
    start = _turn(rules, rules.check(rules.decode(position)), "reader")
    return rules.apply(start, rules.decode_move(json.loads(move)))


def _wins(widget, position: list, move: str) -> bool:
    from nimlib.widgets import _is_p

    return _is_p(widget.rules, _after(widget, position, move))


def find_move(driver, index: int, widget, position: list, winning: bool) -> str | None:
    """A data-move on the board that wins (or loses), choosing other pieces (data-select) when needed."""
    for attempt in range(13):
        found = next((m for m in state(driver, index)["moves"] if _wins(widget, position, m) == winning), None)
        if found:
            return found
        root = driver.find_elements("css selector", ".nimlib-puzzle")[index]
        selects = root.find_elements("css selector", ".nimlib-board button[data-select]")
        if attempt >= len(selects):
            return None
        driver.execute_script("arguments[0].click()", selects[attempt])
        time.sleep(0.05)
    return None


def test_every_puzzle_block_is_solved_by_clicking(browser, server, built_book):  # noqa: F811
    chapters = {p: p.split("/")[-1][:2] for p in pages(built_book) if p.startswith("notebooks/")}
    solved = wrong = 0
    for page, chapter in sorted(chapters.items()):
        if chapter not in CHAPTER_PUZZLES:
            continue
        expected = puzzle_count((built_book / page).read_text(encoding="utf-8"))
        assert expected >= 1, f"{page}: no puzzle saved"
        problems = open_page(browser, f"{server}/{page}", wait_for=".nimlib-puzzle")
        roots = browser.find_elements("css selector", ".nimlib-puzzle")
        assert len(roots) == expected, f"{page}: {len(roots)} of {expected} puzzles rendered"
        widget = chapter_widget(chapter)
        for index in range(expected):
            # 1. the right answer, then (N) a winning move
            now = state(browser, index)
            assert now["game"] == widget.game and now["stage"] == "answer" and now["live"] == "polite", now
            assert now["small"] == 0, f"{page}: buttons under 24 px"
            position = json.loads(now["position"])
            verdict = widget.verdict(position)
            click(browser, index, f"[data-answer='{verdict}']")
            now = state(browser, index)
            assert now["feedback"].startswith("Right"), now["feedback"]
            assert now["tone"] == "right"
            if verdict == "N":
                assert now["stage"] == "move", now
                move = find_move(browser, index, widget, position, winning=True)
                assert move, f"{page}: no winning move on the board at {position}"
                click(browser, index, f".nimlib-board button[data-move='{move}']")
                now = state(browser, index)
                assert now["feedback"].startswith("Right: ") and "leaves a P-position" in now["feedback"], now
            assert (now["stage"], now["result"]) == ("done", "right"), now
            solved += 1
            # 2. a fresh puzzle, answered wrongly: the reason is shown
            click(browser, index, "[data-ctl='next']")
            now = state(browser, index)
            assert now["stage"] == "answer" and now["feedback"] == "", now
            position = json.loads(now["position"])
            verdict = widget.verdict(position)
            # by keyboard this time; the controls below the feedback do not move (no layout shift)
            top = state(browser, index)["next_top"]
            root = browser.find_elements("css selector", ".nimlib-puzzle")[index]
            root.find_element("css selector", f"[data-answer='{'N' if verdict == 'P' else 'P'}']").send_keys(Keys.ENTER)
            time.sleep(0.05)
            now = state(browser, index)
            assert now["next_top"] == top, "the answer moved the controls"
            assert now["focus"] == "next", "after the answer the focus is on Next puzzle"
            article = "an" if verdict == "N" else "a"
            assert now["feedback"].startswith(f"Not this time: it is {article} {verdict}-position"), now["feedback"]
            assert (now["stage"], now["result"], now["tone"]) == ("done", "wrong", "wrong")
            assert now["why"].strip(), "a wrong answer shows the reason"
            wrong += 1
            # 3. until an N-position comes up: answer N, then play a losing move; the computer's reply is named
            for _ in range(8):
                click(browser, index, "[data-ctl='next']")
                position = json.loads(state(browser, index)["position"])
                if widget.verdict(position) == "N":
                    break
            else:
                continue
            click(browser, index, "[data-answer='N']")
            move = find_move(browser, index, widget, position, winning=False)
            if move is None:
                continue  # every move on the board wins here
            click(browser, index, f".nimlib-board button[data-move='{move}']")
            now = state(browser, index)
            assert now["feedback"].startswith("That move loses"), now["feedback"]
            assert (now["stage"], now["result"]) == ("done", "wrong")
            if "the computer answers" in now["feedback"]:
                assert now["why"].strip()
        problems += [
            e["message"]
            for e in browser.get_log("browser")
            if e["level"] in ("SEVERE", "WARNING") and not any(i in e["message"] for i in IGNORED)
        ]
        assert not problems, (page, problems)
    assert solved >= len(CHAPTER_PUZZLES) and wrong >= len(CHAPTER_PUZZLES)
