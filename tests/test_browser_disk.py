"""Every page that plays, opened as readers open it: from disk (file://) and served, in headless Chromium.

Browsers refuse ES modules and fetch from file://, so a page whose games load that way is blank from disk
while it plays when served. Here every chapter's play widgets and puzzles, and the lab, must mount both
ways, as many as the page saves; one move is played from disk on each page; with JavaScript off, or with
the front end missing, the page says in words that the games need JavaScript. Slow (it builds the book).
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_browser import IGNORED, browser, server  # noqa: F401 (pytest fixtures)
from .test_pages import PLAYABLE as _PLAYABLE

sys.path.insert(0, str(ROOT / "book" / "_ext"))
from nimbook import is_play_model  # the book's extension: which saved models are play widgets

_STATE = re.compile(r'<script type="application/vnd\.(?:jupyter|nimlib)\.widget-state\+json">(.*?)</script>', re.S)
_VIEW = re.compile(r'<script type="application/vnd\.(?:jupyter|nimlib)\.widget-view\+json">(.*?)</script>', re.S)
LAB_PAGE = "book/lab.html"

_MOUNTED = (
    "return [...document.querySelectorAll('.nimlib-mount')]"
    ".filter((h) => h.querySelector(':scope > .nimlib-play, :scope > .nimlib-puzzle, :scope > .nimlib-drill')).length"
)


def saved_play_views(html: str) -> int:
    """How many play widgets (games and puzzles) a built page saves: the views of nimlib's anywidget models."""
    models: dict = {}
    for block in _STATE.findall(html):
        models.update(json.loads(block).get("state", {}))
    return sum(is_play_model(models.get(json.loads(v).get("model_id"))) for v in _VIEW.findall(html))


def playing_pages(built_book: Path) -> dict[str, int]:
    """Every built page that plays: its path and how many play widgets it saves (the lab counts as one)."""
    found = {}
    for page in sorted(built_book.rglob("*.html")):
        rel = page.relative_to(built_book)
        if rel.parts[0] in ("_static", "_sources"):
            continue
        count = saved_play_views(page.read_text(encoding="utf-8"))
        if count:
            found[rel.as_posix()] = count
    found[LAB_PAGE] = 1
    return found


def _console_problems(driver) -> list[str]:
    return [
        e["message"]
        for e in driver.get_log("browser")
        if e["level"] == "SEVERE" and not any(i in e["message"] for i in IGNORED)
    ]


def _wait(driver, script: str, timeout: float = 20):
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.1)
    return value


# Each puzzle's look, as computed by the browser, by origin and page (filled while the pages are open for the
# mount test below, so the comparison costs no page load of its own)
_PUZZLE_LOOKS: dict[str, dict[str, list]] = {}
_LOOK = """
const props = ['color', 'background-color', 'border-top-color', 'border-top-width', 'border-top-style',
  'box-shadow', 'outline-style', 'font-size', 'font-weight', 'display', 'visibility', 'opacity', 'white-space',
  'flex-wrap', 'cursor', 'width', 'height'];
return [...document.querySelectorAll('.nimlib-puzzle')].map((root) =>
  [root, ...root.querySelectorAll('*')].slice(0, 600).map((el) => {
    const cs = getComputedStyle(el);
    const name = el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className;
    return [el.tagName, String(name),
      ...props.map((p) => (p === 'width' || p === 'height') ? String(Math.round(parseFloat(cs[p]) * 2) / 2) : cs[p])];
  }));
"""


def _mounted(driver, page: str, expected: int) -> int:
    if page == LAB_PAGE:
        return int(bool(_wait(driver, "return document.querySelector('#nimlib-lab .nimlib-lab .nimlib-play')")))
    _wait(driver, f"{_MOUNTED} >= {expected}")
    return driver.execute_script(_MOUNTED)


@pytest.mark.parametrize("origin", ["disk", "served"])
def test_every_game_puzzle_and_lab_mounts(browser, server, built_book, origin):  # noqa: F811
    pages = playing_pages(built_book)
    assert len(pages) >= 18, f"only {len(pages)} pages play: {sorted(pages)}"
    missing = {}
    for page, expected in pages.items():
        url = (built_book / page).as_uri() if origin == "disk" else f"{server}/{page}"
        browser.get_log("browser")
        browser.get(url)
        got = _mounted(browser, page, expected)
        problems = _console_problems(browser)
        assert not problems, (origin, page, problems)
        assert not browser.find_elements("css selector", ".nimlib-mount-problem"), (origin, page)
        hidden = browser.execute_script(
            "return [...document.querySelectorAll('.nimlib-needs-js')].filter((p) => p.offsetParent !== null).length"
        )
        assert hidden == 0, f"{origin} {page}: the no-JavaScript words show although the games run"
        if got != expected:
            missing[page] = (got, expected)
        _PUZZLE_LOOKS.setdefault(origin, {})[page] = browser.execute_script(_LOOK)
        if origin == "disk" and page != LAB_PAGE:  # this load serves test_every_page_plays_a_move_from_disk too
            _DISK_MOVES[page] = _play_first_move(browser, page)
    assert not missing, f"{origin}: pages whose games did not all mount (mounted, saved): {missing}"


@pytest.mark.slow
def test_puzzles_look_the_same_from_disk_as_served():
    """Every puzzle's computed styles (colours, borders, marks, sizes, wrapping) from file:// equal served ones.

    Chromium refuses a linked stylesheet's rules from file://; a puzzle that depended on reading them showed
    blank stones and no marks from disk only.
    """
    assert set(_PUZZLE_LOOKS) == {"disk", "served"}, "the mount test did not run both ways before this one"
    disk, served = _PUZZLE_LOOKS["disk"], _PUZZLE_LOOKS["served"]
    puzzles = sum(len(looks) for looks in disk.values())
    assert puzzles >= 16, f"only {puzzles} puzzles seen"
    for page in sorted(disk):
        assert len(disk[page]) == len(served[page]), page
        for n, (a, b) in enumerate(zip(disk[page], served[page], strict=True)):
            diff = [(x, y) for x, y in zip(a, b, strict=False) if x != y]
            assert len(a) == len(b) and not diff, f"{page}, puzzle {n}: from disk {diff[:3]}"


# What the first move of each page from disk did (filled by the mount test from disk, in its own load of the page)
_DISK_MOVES: dict[str, dict | None] = {}


def _play_first_move(driver, page: str) -> dict | None:
    """Click a move of the page's first playable game (mounted already) and wait for the reply: what happened,
    for the test to judge; None when the page has no game to play (only puzzles, or its first game is over)."""
    if not driver.execute_script(f"return document.querySelector({json.dumps(_PLAYABLE)})"):
        return None
    driver.execute_script("window.NIMLIB_DELAY = 0")
    root = driver.execute_script(
        f"const r = document.querySelector({json.dumps(_PLAYABLE)}).closest('.nimlib-play');"
        "r.parentNode.id = 'nimlib-under-test'; return r"
    )
    before = root.get_attribute("data-position")
    root.find_element("css selector", "button[data-move]:not([disabled])").click()
    settled = _wait(
        driver,
        "const r = document.querySelector('#nimlib-under-test > .nimlib-play');"
        "return r.dataset.turn !== 'computer' && r.querySelectorAll('.nimlib-history li').length >= 1",
    )
    if not settled:
        return {"settled": False}
    after = driver.find_element("css selector", "#nimlib-under-test > .nimlib-play").get_attribute("data-position")
    return {"settled": True, "before": before, "after": after, "problems": _console_problems(driver)}


def test_every_page_plays_a_move_from_disk(browser, built_book):  # noqa: F811
    """From disk, the first game of every chapter takes a click and the computer replies (or the game ends).

    The mount test from disk plays this move in its own load of each page; a page it did not reach (run alone,
    or it stopped early) is opened here.
    """
    played = 0
    for page, expected in playing_pages(built_book).items():
        if page == LAB_PAGE:
            continue  # test_browser_lab.py plays the lab from disk
        if page in _DISK_MOVES:
            move = _DISK_MOVES[page]
        else:
            browser.get_log("browser")  # drop what earlier pages left
            browser.get((built_book / page).as_uri())
            _mounted(browser, page, expected)
            move = _play_first_move(browser, page)
        if move is None:
            continue  # this page has only puzzles, or its first game is over: test_browser_puzzles covers those
        assert move["settled"], f"{page}: no move from disk"
        assert move["after"] != move["before"], f"{page}: the position did not change"
        assert not move["problems"], (page, move["problems"])
        played += 1
    assert played >= 15, f"only {played} pages played a move from disk"


def test_without_javascript_the_page_says_so(browser, built_book, tmp_path):  # noqa: F811
    """Scripts off: every game's place says in words that it needs JavaScript; the front end missing: the same."""
    chapter = next(p for p in playing_pages(built_book) if p.startswith("notebooks/"))
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        for page in (chapter, LAB_PAGE):
            browser.get((built_book / page).as_uri())
            words = [p.text for p in browser.find_elements("css selector", ".nimlib-needs-js") if p.is_displayed()]
            assert words and all("needs JavaScript" in w for w in words), (page, words)
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    # The same page with its front end missing (blocked, or not copied): the words come back
    broken = built_book / "notebooks" / "_no_front_end.html"
    html = (built_book / chapter).read_text(encoding="utf-8").replace("nimlib/play.js", "nimlib/missing.js")
    broken.write_text(html, encoding="utf-8")
    try:
        browser.get(broken.as_uri())
        words = _wait(
            browser,
            "return [...document.querySelectorAll('.nimlib-needs-js')].filter((p) => p.offsetParent !== null)"
            ".map((p) => p.textContent)",
            timeout=10,
        )
        assert words and all("needs JavaScript" in w for w in words), words
    finally:
        broken.unlink()
