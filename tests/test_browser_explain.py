"""In the built book, what the play widget says about a typed position is true.

For each widget of a game with components, positions are typed into its "Start from" box (the
brief's examples of issue #16 and random N-positions by nimlib): the explanation's marked component
and "The move that does it" name the same part of the board, Hint hints that move, and after
"Computer starts" the computer plays it and "Why the computer played" names the component it changed.
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from .test_browser import VERDICTS, browser, open_page, saved_widgets, server, widget_pages  # noqa: F401

pytestmark = pytest.mark.slow


def _range(label: str) -> tuple[int, int]:
    """'pins 3–5' -> (3, 5); 'cell 4' -> (4, 4)."""
    numbers = [int(n) for n in re.findall(r"\d+", label)]
    return (numbers[0], numbers[-1])


def _in_range(component: str, places: list[int]) -> bool:
    low, high = _range(component)
    return any(low <= p <= high for p in places)


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def _corners(move: str) -> list[str]:
    a, c, b, d = _numbers(move)
    return [f"cell ({i}, {j})" for i in (a, c) for j in (b, d)]


# data-game -> (component label, move label) -> True when the move changes that component
AGREE = {
    "grundy": lambda comp, move: _numbers(comp)[0] == _numbers(move)[0],
    "lasker": lambda comp, move: _numbers(comp)[0] == _numbers(move)[0],
    "subtraction": lambda comp, move: _numbers(comp)[0] == _numbers(move)[0],
    "heaps": lambda comp, move: _numbers(comp)[0] == _numbers(move)[0],
    "staircase": lambda comp, move: _numbers(comp)[0] in _numbers(move)[1:],
    "kayles": lambda comp, move: _in_range(comp, _numbers(move)),
    "dawson": lambda comp, move: _in_range(comp, _numbers(move)),
    "turtles": lambda comp, move: _numbers(comp)[0] in _numbers(move),
    "mock-turtles": lambda comp, move: _numbers(comp)[0] in _numbers(move),
    "ruler": lambda comp, move: _numbers(comp)[0] in _numbers(move),
    "corners": lambda comp, move: comp in _corners(move),
    "northcott": lambda comp, move: _numbers(comp)[0] == _numbers(move)[0],
}


def _typed(game: str, position) -> str:
    """The position as a reader types it."""
    if game in ("kayles",):
        return "".join("I" if p else "." for p in position)
    if game == "dawson":
        return "".join("X" if p else "." for p in position)
    if game in ("turtles", "mock-turtles", "ruler"):
        return "".join("H" if p else "T" for p in position)
    if game == "corners":
        return " ".join(f"({i}, {j})" for i, j in position)
    return " ".join(str(n) for n in position)


def _random_position(game: str, params: dict, start, rng: random.Random):
    if game in ("grundy", "lasker", "subtraction", "heaps"):
        top = min(15, len(params["values"]) - 1)
        return [rng.randint(1, top) for _ in range(rng.randint(2, 4))]
    if game == "staircase":
        return [rng.randint(0, 5) for _ in start]
    if game == "kayles":
        return [int(rng.random() < 0.75) for _ in start]
    if game == "dawson":
        strip = [0] * len(start)
        for _ in range(2):
            free = [
                i
                for i in range(len(strip))
                if not any(strip[max(0, i - params["distance"]) : i + params["distance"] + 1])
            ]
            if free:
                strip[rng.choice(free)] = 1
        return strip
    if game in ("turtles", "mock-turtles", "ruler"):
        return [int(rng.random() < 0.5) for _ in start]
    if game == "corners":
        cells = sorted(
            {(rng.randint(2, params["rows"]), rng.randint(2, params["columns"])) for _ in range(rng.randint(1, 4))}
        )
        return [list(c) for c in cells]
    return None


# The brief's examples (issue #16): typed wherever a widget of that game is
EXAMPLES = {
    "grundy": [[7, 1, 11], [9, 7]],
    "lasker": [[9, 7], [7, 1, 11]],
    "subtraction": [[9, 7]],
    "heaps": [[9, 7]],
    "staircase": [[5, 1, 1, 3, 5, 5]],
}

_READ = """
const root = document.querySelectorAll('.nimlib-play')[arguments[0]];
const details = root.querySelector('details.nimlib-explain');
const chosen = [...details.querySelectorAll('tr.nimlib-chosen th')].map((th) => th.textContent);
const items = [...details.querySelectorAll('li')].map((li) => li.textContent);
const whys = [...details.querySelectorAll('h4')].map((h) => h.textContent);
const msg = root.querySelector('.nimlib-msg');
const hinted = [...root.querySelectorAll('.nimlib-board .nimlib-hint')].map((b) => b.dataset.move);
const error = msg && /Cannot start/.test(msg.textContent) ? msg.textContent : null;
return { chosen, items, whys, message: msg ? msg.textContent : '', hinted, turn: root.dataset.turn,
         position: root.dataset.position, error };
"""


def _root(driver, index):
    return driver.find_elements("css selector", ".nimlib-play")[index]


def _click(driver, index, selector):
    element = _root(driver, index).find_element("css selector", selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", element)


def _wait_reader(driver, index, timeout=10):
    deadline = time.monotonic() + timeout
    while driver.execute_script(_READ, index)["turn"] == "computer" and time.monotonic() < deadline:
        time.sleep(0.05)


def _open_explanation(driver, index):
    driver.execute_script(
        "const d = document.querySelectorAll('.nimlib-play')[arguments[0]].querySelector('details.nimlib-explain');"
        "if (!d.open) { d.open = true; d.dispatchEvent(new Event('toggle')); }",
        index,
    )


def _start(driver, index, text):
    box = _root(driver, index).find_element("css selector", "input[data-ctl='typed']")
    box.clear()
    box.send_keys(text)
    _click(driver, index, "[data-ctl='start']")


def _check_position(driver, index, game, text) -> int:
    """Type ``text``, check the explanation, Hint and the computer's reply; the number of checks made."""
    agree = AGREE[game]
    _start(driver, index, text)
    _open_explanation(driver, index)
    now = driver.execute_script(_READ, index)
    assert now["error"] is None, now["error"]
    # every component the move changes is marked and named (a coin turned with a second heads coin: two)
    chosen = now["chosen"]
    assert chosen, now["items"]
    moves = [i.split("The move that does it: ", 1)[1] for i in now["items"] if i.startswith("The move that does it: ")]
    assert len(moves) == 1, now["items"]
    move = re.sub(r" \(.*\)\.$|\.$", "", moves[0]) if game == "staircase" else moves[0].rstrip(".")
    names = chosen[0] if len(chosen) == 1 else f"{', '.join(chosen[:-1])} and {chosen[-1]}"
    said = f"Change {names} from value" if len(chosen) == 1 else f"Change {names} together"
    changes = [i for i in now["items"] if i.startswith(said)]
    assert changes, (game, text, chosen, now["items"])
    assert all(agree(component, move) for component in chosen), (game, text, chosen, move)
    # Hint hints the move the explanation describes, and marks its button
    _click(driver, index, "[data-ctl='hint']")
    hint = driver.execute_script(_READ, index)
    assert hint["message"] == f"Hint: {move}.", (hint["message"], move)
    assert len(set(hint["hinted"])) == 1, hint  # one move (a heap's split may have two gaps)
    # The computer starts from the typed position: its move is that move, and "Why" names its component
    if (
        driver.execute_script(
            "return document.querySelectorAll('.nimlib-play')[arguments[0]].querySelector(\"[data-ctl='first']\")"
            ".getAttribute('aria-pressed')",
            index,
        )
        == "false"
    ):
        _click(driver, index, "[data-ctl='first']")
    _wait_reader(driver, index)
    _open_explanation(driver, index)
    after = driver.execute_script(_READ, index)
    assert after["whys"][0] == f"Why the computer played {move}", (after["whys"], move)
    assert after["chosen"] == chosen, (after["chosen"], chosen)
    _click(driver, index, "[data-ctl='first']")  # back to the reader starting
    return 3


def test_typed_positions_are_explained_truly(browser, server, built_book):  # noqa: F811
    rng = random.Random(16)
    checked: dict[str, int] = {}
    for page in widget_pages(built_book):
        widgets = saved_widgets((built_book / page).read_text(encoding="utf-8"))
        if not any(w["game"] in AGREE for w in widgets):
            continue
        problems = open_page(browser, f"{server}/{page}", wait_for=".nimlib-play")
        assert not problems, problems
        browser.execute_script("window.NIMLIB_DELAY = 0")
        for index, state in enumerate(widgets):
            game = state["game"]
            if game not in AGREE:
                continue
            params = state["params"]
            start = json.loads(state["start"]) if isinstance(state["start"], str) else state["start"]
            verdict = VERDICTS[game]
            positions = [
                p
                for p in EXAMPLES.get(game, [])
                if max(p) < len(params.get("values", [99] * 99)) and not verdict(params, p)
            ]
            for _ in range(60):
                if len(positions) >= len(EXAMPLES.get(game, [])) + 3:
                    break
                p = _random_position(game, params, start, rng)
                if p is not None and not verdict(params, p):
                    positions.append(p)
            for p in positions:
                checked[game] = checked.get(game, 0) + _check_position(browser, index, game, _typed(game, p))
    print(checked)
    assert checked.get("grundy") and checked.get("staircase"), checked
