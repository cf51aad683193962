"""The built book as a reader gets it: headless Chromium with the network cut off.

Every page: math typeset (no raw TeX), widgets rendered, no JavaScript error. The in-page Nim game:
its JavaScript strategy agrees with nimlib on hundreds of positions, and a click plays a move.
Screenshots of the key pages, at desktop and phone width, are saved under _build/screenshots/.
Skipped where Chromium and chromedriver are not installed (.ci/run installs them).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import threading
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from nimlib import moore, nim

from .conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
SHOTS = ROOT / "_build" / "screenshots"
# Console messages that are not the book's fault: the JSON-schema library inside the widget manager
# warns (level WARNING) about its own schema
IGNORED = ("allowUnionTypes",)


@pytest.fixture(scope="module")
def server(built_book):
    handler = functools.partial(QuietHandler, directory=str(built_book))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def browser():
    if not (CHROMIUM and CHROMEDRIVER):
        reason = "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        if os.environ.get("NIMBOOK_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        # No network: every host but this machine's loopback fails to resolve
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_window_size(1280, 1000)
    yield driver
    driver.quit()


def pages(built_book: Path) -> list[str]:
    skip = {"genindex.html", "search.html", "index.html"}
    found = (p.relative_to(built_book) for p in built_book.rglob("*.html"))
    return sorted(p.as_posix() for p in found if p.name not in skip and p.parts[0] not in ("_static", "_sources"))


def open_page(browser, url: str, *, wait_for: str | None = None) -> list[str]:
    """Load a page, wait for MathJax (and for ``wait_for`` elements), return its console errors and warnings."""
    browser.get_log("browser")  # drop what earlier pages left
    browser.get(url)
    browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const ready = () => (window.MathJax && MathJax.startup && MathJax.startup.promise) || Promise.resolve();"
        "setTimeout(() => ready().then(() => setTimeout(done, 300)), 300);"
    )
    if wait_for:
        # The widget manager renders asynchronously; give a slow machine time
        deadline = time.monotonic() + 20
        while not browser.find_elements("css selector", wait_for) and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(0.3)
    return [
        entry["message"]
        for entry in browser.get_log("browser")
        if entry["level"] in ("SEVERE", "WARNING") and not any(i in entry["message"] for i in IGNORED)
    ]


def test_every_page_offline(browser, server, built_book):
    checked = 0
    for page in pages(built_book):
        source = (built_book / page).read_text(encoding="utf-8")
        has_widgets = "application/vnd.jupyter.widget-view+json" in source
        problems = open_page(browser, f"{server}/{page}", wait_for=".jupyter-widgets" if has_widgets else None)
        assert not problems, (page, problems)
        text = browser.execute_script("return document.body.innerText")
        assert "\\(" not in text and "\\[" not in text and "$$" not in text, f"{page}: raw TeX on the page"
        if "math notranslate" in source:
            assert browser.find_elements("css selector", "mjx-container"), f"{page}: math not typeset"
        if has_widgets:
            assert browser.find_elements("css selector", ".jupyter-widgets"), f"{page}: widgets not rendered"
        checked += 1
    assert checked >= 13


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def test_no_broken_internal_links(built_book):
    parsed = {}
    for path in built_book.rglob("*.html"):
        if path.relative_to(built_book).parts[0] == "_static":
            continue
        links = _Links()
        links.feed(path.read_text(encoding="utf-8"))
        parsed[path] = links
    broken = []
    for path, links in parsed.items():
        for href in links.hrefs:
            parts = urlsplit(href)
            if parts.scheme or href.startswith(("mailto:", "javascript:")):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            missing_anchor = parts.fragment and target in parsed and parts.fragment not in parsed[target].ids
            if not target.exists() or missing_anchor:
                broken.append((path.name, href))
    assert not broken, broken[:20]


def test_static_play_agrees_with_nimlib(browser, server):
    open_page(browser, f"{server}/notebooks/02_bouton_xor_rule.html")
    positions = [list(p) for p in nim.positions_up_to(heaps=4, size=7) if p] + [[13, 27, 6, 30, 19], [1, 1, 1, 9]]
    cases = [(p, misere, 1) for p in positions for misere in (False, True)]
    cases += [(p, False, k) for p in positions for k in (2, 3)]
    replies = browser.execute_script(
        "return arguments[0].map(c => [NimlibPlay.reply(c[0], c[1], c[2]), NimlibPlay.isPPosition(c[0], c[1], c[2])]);",
        [[p, misere, k] for p, misere, k in cases],
    )
    for (position, misere, k), (reply, says_p) in zip(cases, replies, strict=True):
        heaps = tuple(position)
        if k == 1:
            assert says_p == nim.is_p_position(heaps, misere=misere)
            winning = nim.winning_moves(heaps, misere=misere)
            if winning:
                assert tuple(reply) in winning, (heaps, misere, reply)
            else:
                nim.apply_move(heaps, tuple(reply))  # a legal stalling move
        else:
            assert says_p == moore.is_p_position(heaps, k)
            move = tuple(tuple(pair) for pair in reply)
            after = moore.apply_move(heaps, move, k)
            if not moore.is_p_position(heaps, k):
                assert moore.is_p_position(after, k), (heaps, k, move)
                assert move == moore.winning_move(heaps, k)
    assert len(cases) == 4 * len(positions)


def test_static_play_by_clicking(browser, server):
    open_page(browser, f"{server}/notebooks/02_bouton_xor_rule.html")
    game = browser.find_element("css selector", ".nimlib-static-play.nimlib-ready")
    start = [int(x) for x in game.get_attribute("data-position").split(",")]
    stones = game.find_elements("css selector", ".nimlib-stone[data-heap='0']")
    stones[0].click()  # take all of heap 0
    state = browser.execute_script("return arguments[0].nimlibGame.state", game)
    assert state["history"][0]["who"] == "you" and state["history"][0]["move"] == [0, 0]
    assert state["history"][1]["who"] == "computer"
    after_you = [0, *start[1:]]
    reply = tuple(state["history"][1]["move"])
    assert nim.apply_move(after_you, reply) == tuple(state["heaps"])
    if nim.winning_moves(after_you):
        assert reply in nim.winning_moves(after_you)
    # An illegal move changes nothing and says why
    before = list(state["heaps"])
    ok = browser.execute_script("return arguments[0].nimlibGame.play([9, 0])", game)
    state = browser.execute_script("return arguments[0].nimlibGame.state", game)
    assert ok is False and state["heaps"] == before and state["message"].startswith("Illegal move")
    assert "nimlib-top" in game.find_element("css selector", ".nimlib-xor").get_attribute("innerHTML")


@pytest.mark.parametrize("width", [1280, 400])
def test_screenshots_and_no_overflow(browser, server, width):
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.set_window_size(width, 1000)
    try:
        for page in ["book/intro.html", "notebooks/02_bouton_xor_rule.html", "notebooks/07_splitting_games.html"]:
            open_page(browser, f"{server}/{page}")
            browser.save_screenshot(str(SHOTS / f"{re.sub(r'[^a-z0-9]+', '_', page)}_{width}.png"))
            overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"{page} is {overflow}px wider than a {width}px window"
        play = browser.find_element("css selector", "#play") if browser.find_elements("css selector", "#play") else None
        if play is not None:
            browser.execute_script("arguments[0].scrollIntoView()", play)
            browser.save_screenshot(str(SHOTS / f"play_{width}.png"))
    finally:
        browser.set_window_size(1280, 1000)


def test_widget_with_twenty_huge_heaps(browser, server, built_book):
    """The live widget's saved state, embedded offline like the book does: 20 heaps of 10^9 stones fit a phone."""
    from ipywidgets.embed import embed_snippet

    from nimlib.widgets import NimGame

    game = NimGame(tuple(10**9 + 7 * i for i in range(20)))
    game.play((0, 5))
    snippet = embed_snippet(
        [game], requirejs=False, cors=False, embed_url="_static/@jupyter-widgets/html-manager/dist/embed-amd.js"
    )
    page = built_book / "widget_20_heaps.html"
    page.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
        '<link rel="icon" href="_static/favicon.png"><link rel="stylesheet" href="_static/nimplay.css">'
        '<script src="_static/nimplay.js"></script>'
        '<script src="_static/requirejs/require.js"></script></head>'
        f"<body>{snippet}</body></html>",
        encoding="utf-8",
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for width in (1280, 400):
            browser.set_window_size(width, 1400)
            problems = open_page(browser, f"{server}/widget_20_heaps.html", wait_for=".nimlib-heap-label")
            assert not problems, problems
            assert len(browser.find_elements("css selector", ".nimlib-heap-label")) == 20
            assert browser.find_elements("css selector", ".nimlib-xor .nimlib-top"), "the top bit is highlighted"
            overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"the widget is {overflow}px wider than a {width}px window"
            browser.save_screenshot(str(SHOTS / f"widget_20_heaps_{width}.png"))
    finally:
        browser.set_window_size(1280, 1000)
        page.unlink()
