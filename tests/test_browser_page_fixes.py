"""Issue 37's visual defects and issue 39's saved games, in the built book in headless Chromium (network off),
from disk (file://) and served.

- At 390 px (and every width from 300 to 480 px) no score line breaks inside "Streak: 3" or "2 right in a
  row": the puzzle's and the drill's labels stay with their figures.
- The drills' binary column headers are 2 with a superscript element, not the text "2^1".
- A saved game whose first move grows a heap (the second legal), planted in the page's own saved state, is
  refused in its widget's place with one message, and the page's other widgets still mount.

A screenshot of chapter 2's drill and puzzle at 390 px is written to _build/screenshots/page_fixes_390.png.
Slow: it builds the book (``built_book``; NIMBOOK_BUILT_HTML reuses one).
"""

from __future__ import annotations

import json

import pytest

from .test_browser import SHOTS, browser, open_page, server  # noqa: F401 (pytest fixtures)

pytestmark = pytest.mark.slow

PAGE = "notebooks/02_bouton_xor_rule.html"  # a nim-sum drill and a puzzle

# For each score line: how many lines each "label: figure" unit spans (1 when it does not break inside)
_UNITS = """
const out = [];
for (const score of document.querySelectorAll('.nimlib-puzzle-score, .nimlib-drill-score')) {
  const walker = document.createTreeWalker(score, NodeFilter.SHOW_TEXT);
  let text = '';
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) { nodes.push([n, text.length]); text += n.data; }
  const units = /Streak:\\s*\\d+|solved \\d+ of \\d+|level \\d+ of \\d+|\\d+ right in a row|\\d+ solved/g;
  for (const m of text.matchAll(units)) {
    const at = (i) => { const [n, start] = nodes.filter(([, s]) => s <= i).pop(); return [n, i - start]; };
    const r = document.createRange();
    r.setStart(...at(m.index));
    const [endNode, endOffset] = at(m.index + m[0].length - 1);
    r.setEnd(endNode, endOffset + 1);
    const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.bottom)));
    out.push([m[0], tops.size]);
  }
}
return out;
"""


def _file_url(built_book, page: str) -> str:
    return (built_book / page).resolve().as_uri()


@pytest.mark.parametrize("where", ["disk", "served"])
def test_no_score_label_breaks_from_its_figure(browser, server, built_book, where):  # noqa: F811
    """Was: "Streak:" at the end of one line, its number on the next (390 px, a reader's screenshot)."""
    url = _file_url(built_book, PAGE) if where == "disk" else f"{server}/{PAGE}"
    broken, measured = [], 0
    try:
        for width in [390, *range(300, 481, 6)]:
            browser.set_window_size(width, 900)
            if width == 390 or measured == 0:
                problems = open_page(browser, url, wait_for=".nimlib-drill")
                assert not problems, problems
                # answer a puzzle wrongly and rightly, so the figures have their usual widths
                browser.execute_script(
                    "const b = document.querySelector('.nimlib-puzzle [data-answer]'); if (b) b.click();"
                )
            units = browser.execute_script(_UNITS)
            measured += len(units)
            broken += [(width, text, lines) for text, lines in units if lines != 1]
            if width == 390 and where == "disk":
                SHOTS.mkdir(parents=True, exist_ok=True)
                drill = browser.find_elements("css selector", ".nimlib-drill")[0]
                browser.execute_script("arguments[0].scrollIntoView()", drill)
                browser.save_screenshot(str(SHOTS / "page_fixes_390.png"))
    finally:
        browser.set_window_size(1280, 1000)
    assert measured >= 5 * 31, f"only {measured} score units measured"
    assert not broken, f"a label broke from its figure (width, unit, lines): {broken[:10]}"


def test_binary_headers_are_superscripts(browser, built_book):  # noqa: F811
    """The nim-sum drill's table heads its columns 2<sup>j</sup>; none shows the text "2^"."""
    problems = open_page(browser, _file_url(built_book, PAGE), wait_for=".nimlib-drill")
    assert not problems, problems
    # each head: its text, its <sup>'s text, and whether the exponent sits above the 2's baseline
    heads = browser.execute_script(
        """return [...document.querySelectorAll('.nimlib-drill .nimlib-drill-table th[scope=col]')].slice(1)
        .map((th) => {
          const sup = th.querySelector('sup');
          if (!sup) return [th.textContent, null, false];
          const r = document.createRange();
          r.selectNodeContents(sup.previousSibling || th);
          const raised = sup.getBoundingClientRect().bottom < r.getBoundingClientRect().bottom - 1;
          return [th.textContent, sup.textContent, raised];
        })"""
    )
    assert heads, "no binary table"
    for i, (text, sup, raised) in enumerate(heads):
        j = len(heads) - 1 - i
        assert (text, sup, raised) == (f"2{j}", str(j), True), heads


_PLANT = """
// a saved game whose first move grows a heap (5 -> 7), put in the page's own saved state, then the page mounted
const script = document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]');
const state = JSON.parse(script.textContent);
const models = Object.values(state.state).filter((m) => m.state && m.state.game === 'nim' && !m.state.mode);
const m = models[0].state;
const start = m.start;
const grown = start.slice();
const i = grown.findIndex((h) => h > 0);
grown[i] = start[i] + 2;
const then = grown.slice();
then[i] = grown[i] - 1;
// the computer's reply is legal from the grown heap: only the first move is wrong (the page checked only the last)
const said = (a, b) => `heap ${i} from ${a[i]} to ${b[i]}`;
m.history = [{player: 'reader', move: [i, grown[i]], label: said(start, grown), before: start, after: grown},
             {player: 'computer', move: [i, then[i]], label: said(grown, then), before: grown, after: then}];
m.position = then;
script.textContent = JSON.stringify(state);
// mount the page again from its saved state, as a fresh load would (the loader skips what it mounted)
document.querySelectorAll('[data-nimlib-mounted]').forEach((n) => n.removeAttribute('data-nimlib-mounted'));
document.querySelectorAll('.nimlib-mount').forEach((n) => { delete n.dataset.nimlibUsed; n.replaceChildren(); });
NimlibLoader.mountAll(document, NimlibPlay.default.render);
return models.length;
"""


def test_a_saved_game_that_grows_a_heap_is_refused_in_its_place(browser, built_book):  # noqa: F811
    problems = open_page(browser, _file_url(built_book, "notebooks/01_playing_nim.html"), wait_for=".nimlib-play")
    assert not problems, problems
    mounted = len(browser.find_elements("css selector", ".nimlib-play"))
    assert browser.execute_script(_PLANT) >= 1
    refused = browser.execute_script(
        "return [...document.querySelectorAll('.nimlib-invalid')].map((p) => p.textContent)"
    )
    assert len(refused) == 1, refused
    assert refused[0].startswith("This game's saved position is not valid: history[0] is not a legal move"), refused
    assert len(browser.find_elements("css selector", ".nimlib-play")) == mounted - 1
    assert "kept a winning position" not in browser.execute_script("return document.body.innerText")
    json.dumps(refused)  # plain strings
