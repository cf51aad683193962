"""The built book as a reader gets it: headless Chromium with the network cut off.

Every page: math typeset (no raw TeX), widgets rendered, no JavaScript error. Every play widget on a
chapter page: a whole game played by clicking its buttons, the computer's replies checked against
nimlib, and not one dead control. Screenshots at desktop and phone width are saved under
_build/screenshots/. Skipped where Chromium and chromedriver are not installed (.ci/run installs them).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import random
import re
import shutil
import threading
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from nimlib import boards, chomp, coins, fibonacci, graph_games, hackenbush, moore, nim, rulesets, search, wythoff

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
    found = (p for p in built_book.rglob("*.html") if p.relative_to(built_book).parts[0] not in ("_static", "_sources"))
    # A moved chapter's old address only sends the reader on (tests/test_editions.py checks those pages)
    return sorted(
        p.relative_to(built_book).as_posix()
        for p in found
        if p.name not in skip and 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")
    )


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


# The width of a first look (test_every_page_offline, test_widget_screenshots_fit_the_window at 1280)
FIRST_LOOK = 1280

# The move buttons of a widget out of sight: beyond the window or clipped by the board's scroll box
_HIDDEN_MOVES = """
const board = arguments[0].querySelector('.nimlib-board');
const box = board.getBoundingClientRect();
return [...board.querySelectorAll('button[data-move]')].filter((b) => {
  const r = b.getBoundingClientRect();
  return r.width > 0 && (r.left < Math.max(0, box.left) - 0.5 || r.right > Math.min(innerWidth, box.right) + 0.5);
}).map((b) => b.dataset.move);
"""


# What a page's widgets become once mounted: a game, or a drill (the appendix of proofs has only a drill)
MOUNTED = ".nimlib-play, .nimlib-drill"


def look_at(browser, base: str, built_book: Path, page: str, width: int, *, offline: bool, shot: bool) -> dict:
    """Load ``page`` once at ``width`` and read what a first look checks, touching nothing but the scroll.

    ``offline``: console problems, raw TeX, typeset math, rendered widgets (test_every_page_offline).
    ``shot``: a screenshot under _build/screenshots/, the page's overflow, and each play widget's width and
    move buttons out of sight (test_widget_screenshots_fit_the_window).
    """
    source = (built_book / page).read_text(encoding="utf-8")
    has_widgets = "application/vnd.jupyter.widget-view+json" in source
    widgets = has_widgets or (shot and page.startswith("notebooks/"))
    look: dict = {"has_widgets": has_widgets, "math": "math notranslate" in source}
    look["problems"] = open_page(browser, f"{base}/{page}", wait_for=MOUNTED if widgets else None)
    if offline:
        look["text"] = browser.execute_script("return document.body.innerText")
        look["typeset"] = len(browser.find_elements("css selector", "mjx-container"))
        look["plays"] = len(browser.find_elements("css selector", MOUNTED))
    if shot:
        roots = browser.find_elements("css selector", ".nimlib-play")
        look["drills"] = len(browser.find_elements("css selector", ".nimlib-drill"))
        if page.startswith("notebooks/") and roots:
            browser.execute_script("arguments[0].scrollIntoView()", roots[0])
        SHOTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SHOTS / f"{re.sub(r'[^a-z0-9]+', '_', page)}_{width}.png"))
        look["overflow"] = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        look["boxes"] = [(box.size["width"], browser.execute_script(_HIDDEN_MOVES, box)) for box in roots]
    return look


@pytest.fixture(scope="module")
def first_looks(browser, server, built_book) -> dict[str, dict]:
    """Every page, loaded once as a reader first sees it (1280 px wide, from the server): what both first-look
    tests check, read in that one load. The checks only read the page, so one load serves both."""
    shots = {"book/intro.html", *widget_pages(built_book)}
    browser.set_window_size(FIRST_LOOK, 1000)
    return {
        page: look_at(browser, server, built_book, page, FIRST_LOOK, offline=True, shot=page in shots)
        for page in pages(built_book)
    }


def test_every_page_offline(first_looks):
    checked = 0
    for page, look in first_looks.items():
        assert not look["problems"], (page, look["problems"])
        text = look["text"]
        assert "\\(" not in text and "\\[" not in text and "$$" not in text, f"{page}: raw TeX on the page"
        if look["math"]:
            assert look["typeset"], f"{page}: math not typeset"
        if look["has_widgets"]:
            assert look["plays"], f"{page}: widgets not rendered"
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


# ---------------------------------------------------------------- the play widgets


# The saved widget blocks, as Jupyter writes them or as the book's build renames them for its loader
_SAVED = r'<script type="application/vnd\.(?:jupyter|nimlib)\.widget-{kind}\+json">(.*?)</script>'


def widget_pages(built_book: Path) -> list[str]:
    """Chapter pages with at least one saved widget."""
    return [
        page
        for page in pages(built_book)
        if page.startswith("notebooks/")
        and re.search(
            r"application/vnd\.(?:jupyter|nimlib)\.widget-view\+json", (built_book / page).read_text(encoding="utf-8")
        )
    ]


def saved_widgets(source: str) -> list[dict]:
    """The saved state of each play widget on a page, in the order the page shows them (puzzles left out:
    they are not ``.nimlib-play`` and have their own test, tests/test_browser_puzzles.py)."""
    states = {}
    for block in re.findall(_SAVED.format(kind="state"), source, re.S):
        states.update(json.loads(block)["state"])
    views = [states[json.loads(v)["model_id"]]["state"] for v in re.findall(_SAVED.format(kind="view"), source, re.S)]
    return [s for s in views if s.get("game") and s.get("mode") != "puzzle"]


def _heap_verdict(params: dict, position: list) -> bool:
    total = 0
    for n in position:
        total ^= params["values"][n]
    return total == 0


def _moore_verdict(misere: bool, k: int, position: list) -> bool:
    return search.is_p_position(functools.partial(moore.successors, k=k), nim.canonical(position), misere=misere)


def _components_verdict(make):
    """A verdict by the sum rule: the XOR of the values of nimlib's components of the position is 0."""

    def verdict(params: dict, position: list) -> bool:
        game = make(params, position)
        total = 0
        for _, value in game.components(game.decode(position)):
            total ^= value
        return total == 0

    return verdict


def _hackenbush(params: dict, position: list) -> hackenbush.GreenHackenbush:
    coords = {int(v): tuple(xy) for v, xy in params["coords"].items()}
    return hackenbush.GreenHackenbush([tuple(e) for e in params["edges"]], coords)


# data-game -> (params, position) -> True at a P-position (computed by nimlib, not by the page).
# Games without an entry (pawns: no reduction; graph-chips: annihilation is no plain sum) are played
# to the end, but their replies are checked by node instead.
VERDICTS = {
    "kayles": _components_verdict(lambda params, p: boards.KaylesRow(length=len(p))),
    "dawson": _components_verdict(lambda params, p: boards.CrossesStrip(length=len(p), distance=params["distance"])),
    "trominoes": _components_verdict(lambda params, p: boards.Trominoes(columns=len(p[0]))),
    "staircase": _components_verdict(lambda params, p: boards.Staircase()),
    "nimble": _components_verdict(
        lambda params, p: boards.Nimble(length=params["length"], no_jumps=params["no_jumps"])
    ),
    "northcott": _components_verdict(lambda params, p: boards.Northcott(width=params["width"])),
    "turtles": _components_verdict(
        lambda params, p: coins.Twins(len(p)) if params["twins"] else coins.TurningTurtles(len(p))
    ),
    "mock-turtles": _components_verdict(lambda params, p: coins.MockTurtles(len(p))),
    "ruler": _components_verdict(lambda params, p: coins.Ruler(len(p))),
    "corners": _components_verdict(lambda params, p: coins.TurningCorners(params["rows"], params["columns"])),
    "hackenbush": _components_verdict(_hackenbush),
    "node-kayles": _components_verdict(
        lambda params, p: graph_games.NodeKayles(params["vertices"], [tuple(e) for e in params["edges"]])
    ),
    "wythoff": lambda params, p: wythoff.is_p_position(tuple(p)),
    "chomp": lambda params, p: chomp.is_p_position(tuple(p)),
    "nim": lambda params, p: nim.is_p_position(tuple(p)),
    "misere-nim": lambda params, p: nim.is_p_position(tuple(p), misere=True),
    "moore": lambda params, p: moore.is_p_position(tuple(p), params.get("k", 1)),
    "misere-moore": lambda params, p: _moore_verdict(True, params.get("k", 1), p),
    # misère strips: nimlib's exhaustive misère search on the board itself
    # on the runs (heaps of 0.77 and of crosses, 0.137): the chapter plays rows of up to 30 cells
    "misere-kayles": lambda params, p: search.is_p_position(
        rulesets.kayles.successors, tuple(sorted(k for _, k in boards.KaylesRow(length=len(p)).runs(p))), misere=True
    ),
    "misere-dawson": lambda params, p: search.is_p_position(
        rulesets.crosses.successors,
        tuple(sorted(k for _, k in boards.CrossesStrip(length=len(p)).runs(p))),
        misere=True,
    ),
    "lasker": _heap_verdict,
    "grundy": _heap_verdict,
    "subtraction": _heap_verdict,
    "heaps": _heap_verdict,
    "fibonacci-nim": lambda params, p: fibonacci.is_p_position(tuple(p)),
}


# One atomic read of widget arguments[0] (the page re-renders as the computer replies, so elements go stale)
_STATE = """
const root = document.querySelectorAll('.nimlib-play')[arguments[0]];
const entries = [...root.querySelectorAll('.nimlib-history li')];
const readers = entries.filter((li) => li.classList.contains('nimlib-reader'));
return {
  turn: root.dataset.turn,
  position: root.dataset.position,
  last: entries.length ? entries[entries.length - 1].className.match(/nimlib-(reader|computer)/)[1] : null,
  readerAfter: readers.length ? readers[readers.length - 1].dataset.after : null,
};
"""


def widget_state(browser, index: int) -> dict:
    """Widget ``index``'s turn, position, who made the last move and what the reader's last move left."""
    return browser.execute_script(_STATE, index)


def wait_turn(browser, index: int, timeout: float = 10) -> str:
    """Wait until widget ``index`` is not thinking; its data-turn."""
    deadline = time.monotonic() + timeout
    while True:
        turn = widget_state(browser, index)["turn"]
        if turn != "computer" or time.monotonic() > deadline:
            return turn
        time.sleep(0.05)


def click_random_move(browser, index: int, rng: random.Random, game: str) -> dict:
    """Click one of widget ``index``'s enabled move buttons at random; its state once the computer is done."""
    root = browser.find_elements("css selector", ".nimlib-play")[index]
    buttons = root.find_elements("css selector", ".nimlib-board button[data-move]:not([disabled])")
    assert buttons, f"{game}: the reader's turn but no move to click"
    button = rng.choice(buttons)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait_turn(browser, index)
    return widget_state(browser, index)


def play_whole_game(browser, index: int, state: dict, rng: random.Random) -> tuple[int, str]:
    """Click moves of widget ``index`` until data-turn is "over", checking replies; (replies checked, status)."""
    verdict = VERDICTS.get(state["game"])
    checked = 0
    for _ in range(300):
        turn = wait_turn(browser, index)
        root = browser.find_elements("css selector", ".nimlib-play")[index]
        if turn == "over":
            return checked, root.find_element("css selector", ".nimlib-status").text
        assert turn == "reader", turn
        now = click_random_move(browser, index, rng, state["game"])
        if now["last"] != "computer":
            assert now["turn"] == "over", f"{state['game']}: the computer did not move"
            continue  # the reader's move ended the game
        # The move list says what the reader's move left; data-position what the reply left
        before_reply, after_reply = json.loads(now["readerAfter"]), json.loads(now["position"])
        assert after_reply != before_reply, "the computer did not move"
        if verdict is not None and not verdict(state["params"], before_reply):
            assert verdict(state["params"], after_reply), (state["game"], before_reply, after_reply)
            checked += 1
    raise AssertionError(f"{state['game']}: no end after 300 moves")


@pytest.mark.slow
def test_every_widget_plays_a_whole_game_by_clicking(browser, server, built_book):
    rng = random.Random(2026)
    found = widget_pages(built_book)
    assert len(found) >= 10, found
    checked = 0
    kinds: set[str] = set()
    for page in found:
        widgets = saved_widgets((built_book / page).read_text(encoding="utf-8"))
        problems = open_page(browser, f"{server}/{page}", wait_for=".nimlib-play")
        browser.execute_script("window.NIMLIB_DELAY = 0")  # no pause before the computer's reply
        roots = browser.find_elements("css selector", ".nimlib-play")
        assert len(roots) == len(widgets), f"{page}: {len(roots)} of {len(widgets)} widgets rendered"
        for index, state in enumerate(widgets):
            root = roots[index] if index < len(roots) else browser.find_elements("css selector", ".nimlib-play")[index]
            assert root.get_attribute("data-game") == state["game"]
            assert json.loads(root.get_attribute("data-position")) == state["position"]
            # Two games on the first widget of a game (the second from a New game deal), one on the others:
            # a reader who plays at random loses some and wins some
            rounds = 1 if state["game"] in kinds else 2
            kinds.add(state["game"])
            for _ in range(rounds):
                replies, said = play_whole_game(browser, index, state, rng)
                assert said.startswith("Game over:"), said
                checked += replies
                browser.find_elements("css selector", ".nimlib-play")[index].find_element(
                    "css selector", "[data-ctl='new']"
                ).click()
        problems += [
            e["message"]
            for e in browser.get_log("browser")
            if e["level"] in ("SEVERE", "WARNING") and not any(i in e["message"] for i in IGNORED)
        ]
        assert not problems, (page, problems)
    assert checked >= 10, "the computer faced too few winning positions to check its replies"


_BUTTONS = (
    "return [...document.querySelectorAll('.cell_output button')]"
    ".map(b => (b.dataset.move || b.dataset.ctl || b.textContent) + (b.disabled ? ' (disabled)' : ''))"
)

# For each button in an output: its kind (a move, a selection or a control), its widget (a play widget's
# index, -1 elsewhere) and, for a control, what it is: the widget's game (or the page) and the control's name
_KINDS = (
    "const plays = [...document.querySelectorAll('.nimlib-play')];"
    "return [...document.querySelectorAll('.cell_output button')].map(b => ["
    "b.dataset.move !== undefined ? 'move' : b.dataset.select !== undefined ? 'select' : 'control',"
    "plays.indexOf(b.closest('.nimlib-play')),"
    "(b.closest('[data-game]')?.dataset.game ?? 'page') + ':' + (b.closest('.nimlib-puzzle') ? 'puzzle:' : '')"
    " + (b.dataset.ctl ?? b.dataset.answer ?? b.className) + ':' + b.textContent.trim()])"
)

# For each button in an output, the index of its output and its index there; the buttons of one output (as _BUTTONS)
_OUTPUT_OF = (
    "const outputs = [...document.querySelectorAll('.cell_output')];"
    "return [...document.querySelectorAll('.cell_output button')].map(b => [outputs.indexOf(b.closest('.cell_output')),"
    " [...b.closest('.cell_output').querySelectorAll('button')].indexOf(b)])"
)
_OUTPUT_BUTTONS = (
    "return [...document.querySelectorAll('.cell_output')[arguments[0]].querySelectorAll('button')]"
    ".map(b => (b.dataset.move || b.dataset.ctl || b.textContent) + (b.disabled ? ' (disabled)' : ''))"
)

# Button arguments[1] of output arguments[0]: its folded solutions opened, scrolled to the middle; the
# button and its output's HTML
_PREPARE = """
const output = document.querySelectorAll('.cell_output')[arguments[0]];
const button = output.querySelectorAll('button')[arguments[1]];
for (let d = button.closest('details:not([open])'); d; d = d.closest('details:not([open])')) d.open = true;
button.scrollIntoView({block: 'center'});
return [button, output.innerHTML];
"""

# Mount the play widgets of output arguments[0] again from the page's saved state (the loader's own
# mountAll, with the front end the page loaded: the globals NimlibLoader and NimlibPlay of play.js); true when done
_REMOUNT = """
const [index, done] = arguments;
const output = document.querySelectorAll('.cell_output')[index];
if (!window.NimlibLoader || !window.NimlibPlay || !output.querySelector('.nimlib-mount')) return done(false);
for (const host of output.querySelectorAll('.nimlib-mount')) host.remove();
for (const s of output.querySelectorAll('script[data-nimlib-mounted]')) s.removeAttribute('data-nimlib-mounted');
NimlibLoader.mountAll(document, NimlibPlay.default.render);
done(true);
"""

# After a click in output arguments[0]: wait (up to 10 s) for the computer's reply; whether the output's
# HTML differs from arguments[1] (null if the computer never replied); then Undo, where it is enabled
_SETTLE = """
const [index, before, done] = arguments;
const output = document.querySelectorAll('.cell_output')[index];
const deadline = Date.now() + 10000;
setTimeout(function wait() {
  if (output.querySelector(".nimlib-play[data-turn='computer']")) {
    if (Date.now() > deadline) return done(null);
    return setTimeout(wait, 50);
  }
  const changed = output.innerHTML !== before;
  const undo = output.querySelector("button[data-ctl='undo']:not([disabled])");
  if (undo) undo.click();
  done(changed);
}, 50);
"""

# Move and selection buttons clicked per widget (node checks every one of them); a selection changes the
# widget's state, so each one clicked costs a reload of the page
SAMPLE = {"move": 2, "select": 2}


def _to_click(kinds: list[list], seen: set[str]) -> list[int]:
    """Of each widget's move buttons the first and the last; of its selection buttons the
    first and the last; each kind of control once in the book (``seen``: the game and the control's
    name, added once clicked).

    A control is one function of the core for every widget of a game (node clicks each on a model DOM),
    and clicking one costs a reload of the page, so a second Hint of Kayles adds time, not coverage.
    """
    groups: dict[tuple, list[int]] = {}
    chosen: set[int] = set()
    for i, (kind, widget, name) in enumerate(kinds):
        if kind == "control":
            if name not in seen:
                chosen.add(i)
            continue
        groups.setdefault((kind, widget), []).append(i)
    for (kind, _), indices in groups.items():
        size = SAMPLE[kind]
        if len(indices) <= size:
            chosen.update(indices)
        else:
            step = (len(indices) - 1) / (size - 1)
            chosen.update(indices[round(j * step)] for j in range(size))
    return sorted(chosen)


@pytest.mark.slow
def test_no_dead_control(browser, server, built_book):
    """Every enabled button in a cell output, as the page first shows it, changes the page when clicked.

    Every kind of control (Undo, Hint, New game, Start, who starts, the explanation, a puzzle's answers
    and Next, copy buttons) is clicked once for each game that has it; of each widget's move buttons
    the first and the last, and of its selection buttons the first and the last,
    since they come from one function of the core and the node tests click every one of them on a
    model DOM (tests/js: each data-move plays its move). Each button is clicked in the page's first
    state: after a move, Undo brings that state back; where it cannot (New game, a selection), the page
    is loaded again.
    """
    dead, clicked, seen = [], 0, set()
    from selenium.webdriver import ActionChains

    for page in widget_pages(built_book):
        url = f"{server}/{page}"
        open_page(browser, url, wait_for=".nimlib-play")
        browser.execute_script("window.NIMLIB_DELAY = 0")  # no pause before the computer's reply
        initial = browser.execute_script(_BUTTONS)
        kinds = browser.execute_script(_KINDS)
        outputs, local = zip(*browser.execute_script(_OUTPUT_OF), strict=True)
        first = {o: browser.execute_script(_OUTPUT_BUTTONS, o) for o in set(outputs)}
        # Round robin over the outputs: the widgets are independent, so one reload of the page brings
        # back the first state of every output a round changed
        groups: dict[int, list[int]] = {}
        for i in _to_click(kinds, seen):
            if not initial[i].endswith("(disabled)"):
                groups.setdefault(outputs[i], []).append(i)
        order = [
            i
            for r in range(max(map(len, groups.values()), default=0))
            for g in groups.values()
            if r < len(g)
            for i in g[r : r + 1]
        ]
        for i in order:
            name = initial[i]
            if browser.execute_script(_OUTPUT_BUTTONS, outputs[i]) != first[outputs[i]]:
                # The widget mounted again from the page's saved state is in its first state, as after a
                # reload of the page; the reload stays for anything else
                remounted = browser.execute_async_script(_REMOUNT, outputs[i]) is True
                if not remounted or browser.execute_script(_OUTPUT_BUTTONS, outputs[i]) != first[outputs[i]]:
                    browser.get(url)
                    deadline = time.monotonic() + 20
                    while browser.execute_script(_BUTTONS) != initial:
                        assert time.monotonic() < deadline, f"{page}: the first state did not come back"
                        time.sleep(0.1)
                browser.execute_script("window.NIMLIB_DELAY = 0")
            # Found in its own output (other outputs' buttons come and go as their widgets play); a reader
            # opens the folded solution that holds it, and points at it (copy buttons show on hover)
            button, before = browser.execute_script(_PREPARE, outputs[i], local[i])
            ActionChains(browser).move_to_element(button).click().perform()
            changed = browser.execute_async_script(_SETTLE, outputs[i], before)
            assert changed is not None, f"{page}: the computer did not reply"
            clicked += 1
            if kinds[i][0] == "control":
                seen.add(kinds[i][2])
            if not changed:
                dead.append((page, i, name))
    assert clicked >= 50 and len(seen) >= 40 and not dead, (clicked, len(seen), dead)


@pytest.mark.slow
@pytest.mark.parametrize("width", [FIRST_LOOK])  # 390 px: tests/test_pages.py, test_every_move_in_sight_…
def test_widget_screenshots_fit_the_window(browser, server, built_book, width, request):
    to_shoot = ["book/intro.html", *widget_pages(built_book)]
    if width == FIRST_LOOK:  # the loads of test_every_page_offline serve (fixture first_looks)
        looks = request.getfixturevalue("first_looks")
        assert set(to_shoot) <= set(looks), sorted(set(to_shoot) - set(looks))
    else:
        browser.set_window_size(width, 1000)
        try:
            looks = {p: look_at(browser, server, built_book, p, width, offline=False, shot=True) for p in to_shoot}
        finally:
            browser.set_window_size(1280, 1000)
    for page in to_shoot:
        look = looks[page]
        assert look["overflow"] <= 1, f"{page} is {look['overflow']}px wider than a {width}px window"
        assert (SHOTS / f"{re.sub(r'[^a-z0-9]+', '_', page)}_{width}.png").is_file(), page
        assert look["boxes"] or look["drills"] or not page.startswith("notebooks/"), f"{page}: no widget drawn"
        for box_width, hidden in look["boxes"]:
            assert box_width <= width, page
            # No move hides: boards wrap or draw long rows compactly instead of scrolling sideways
            assert not hidden, (page, hidden[:10])


@pytest.mark.slow
def test_twenty_huge_heaps_offline(browser, server, built_book):
    """A widget's saved state embedded the way the book embeds it: 20 heaps of 10^9 fit a phone and play."""
    from ipywidgets.embed import embed_snippet

    from nimlib.widgets import NimGame

    from .test_pages import lighten_page

    game = NimGame(tuple(10**9 + 7 * i for i in range(20)))
    snippet = embed_snippet(
        [game],
        drop_defaults=False,
        requirejs=False,
        cors=False,
        embed_url="_static/@jupyter-widgets/html-manager/dist/embed-amd.js",
    )
    page = built_book / "widget_20_heaps.html"
    # As the book's extension leaves a page: the shared front end and its loader, no widget manager
    html = lighten_page(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
        '<link rel="icon" href="_static/favicon.png">'
        '<script src="_static/requirejs/require.js"></script><script src="_static/nimwidgets.js"></script></head>'
        f"<body>{snippet}</body></html>",
        "_static/",
    )
    assert "require.js" not in html and "embed-amd.js" not in html and "nimlib/play.js" in html
    page.write_text(html, encoding="utf-8")
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for width in (1280, 390):
            browser.set_window_size(width, 1400)
            problems = open_page(browser, f"{server}/widget_20_heaps.html", wait_for=".nimlib-play")
            assert not problems, problems
            root = browser.find_element("css selector", ".nimlib-play")
            assert len(root.find_elements("css selector", ".nimlib-row[data-part^='heap-']")) == 20
            overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"the widget is {overflow}px wider than a {width}px window"
            browser.save_screenshot(str(SHOTS / f"widget_20_heaps_{width}.png"))
        top = root.find_elements("css selector", "button.nimlib-stone[data-move^='[0,']")[-1]
        top.click()
        assert wait_turn(browser, 0) == "reader"
        position = json.loads(browser.find_element("css selector", ".nimlib-play").get_attribute("data-position"))
        assert nim.nim_sum(tuple(position)) == 0, position
        assert sum(position) < sum(game.position) - 1  # the reader's stone and the computer's reply
    finally:
        browser.set_window_size(1280, 1000)
        page.unlink()
