"""The drills of the built book, from disk (file://), in headless Chromium: found, answered by keyboard.

Every chapter page that should hold a drill is opened from disk; each ``[data-drill]`` element (none found
fails) is answered wrongly by keyboard (typing, arrow keys in a choice, Enter on Check), and the diagnosis the
page shows must be the one drill.js computes for that answer (not a bare "wrong"); then it is answered rightly.
The Check button does not move when the feedback appears; at 390 px nothing overflows and every target is at
least 24 px; axe-core finds nothing in the drills. The answers are computed by the page's own drillSolve and
drillWrongFields (tests/test_js_drills.py checks those against nimlib). Slow: it needs the built book.
"""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.keys import Keys

from .test_browser import browser, open_page  # noqa: F401 -- fixtures
from .test_pages import AXE

# axe-core on the page's drills alone (the whole pages are checked in tests/test_pages.py)
_AXE_DRILLS = """
const done = arguments[arguments.length - 1];
axe.run({include: [...document.querySelectorAll('[data-drill]')]},
        {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}})
  .then((r) => done(r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '))))
  .catch((e) => done(['axe-error: ' + e]));
"""

pytestmark = pytest.mark.slow

# Chapter page -> the skill of its drill (issue 30: a drill in each of these chapters)
DRILL_PAGES = {
    "notebooks/02_bouton_xor_rule.html": "nim-sum",
    "notebooks/03_misere_nim.html": "winning-move",
    "notebooks/04_moores_nim.html": "winning-move",
    "notebooks/06_sprague_grundy.html": "mex",
    "notebooks/08_games_on_strips.html": "sum",
    "notebooks/10_splitting_games.html": "mex",
    "notebooks/13_coin_turning.html": "nim-product",
    "notebooks/15_hackenbush.html": "sum",
    "notebooks/16_misere_beyond_nim.html": "quotient",
    "notebooks/17_fibonacci_nim.html": "zeckendorf",
    "notebooks/20_partizan_bridge.html": "stalk-value",
}

# The drill's problem, its saved params (from the page's widget state, by the view that follows its host),
# the right and a wrong answer (input name -> text) and the diagnosis of the wrong one, all from drill.js
_READ = """
const root = document.querySelectorAll('[data-drill]')[arguments[0]];
const host = root.parentElement;
let view = host.nextElementSibling;
while (view && !(view.tagName === 'SCRIPT' && /widget-view/.test(view.type))) view = view.nextElementSibling;
const models = NimlibLoader.savedModels(document);
const params = models.get(JSON.parse(view.textContent).model_id).state.params || {};
const problem = JSON.parse(root.dataset.problem);
const P = NimlibPlay;
const wrong = P.drillWrongFields(problem, params);
return {problem, params, wrong, right: P.drillSolve(problem, params).fields,
        diagnosis: P.drillJudge(problem, wrong, params).text};
"""

_SKILLS = "return [...document.querySelectorAll('[data-drill]')].map((n) => n.dataset.drill)"

_GEOMETRY = """
const root = document.querySelectorAll('[data-drill]')[arguments[0]];
const check = root.querySelector("[data-ctl='check']");
const feedback = root.querySelector('.nimlib-drill-feedback');
return {
  check_top: Math.round(check.getBoundingClientRect().top - root.getBoundingClientRect().top),
  feedback: feedback.textContent, tone: feedback.dataset.tone || null, live: feedback.getAttribute('aria-live'),
  overflow: root.scrollWidth - root.clientWidth,
  small: [...root.querySelectorAll('button, input, select')].filter((b) => b.offsetParent
    && (b.offsetWidth < 24 || b.offsetHeight < 24)).map((b) => b.name || b.dataset.ctl),
  score: root.querySelector('.nimlib-drill-score').textContent,
};
"""


def _solved(score: str) -> int:
    match = re.search(r"(\d+) solved", score)
    assert match, score
    return int(match.group(1))


def _type(driver, index: int, fields: dict) -> None:
    """Enter ``fields`` by keyboard: text typed in each input, a choice made with arrow keys; then Enter on Check."""
    root = driver.find_elements("css selector", "[data-drill]")[index]
    for name, value in fields.items():
        box = root.find_element("css selector", f"[name='{name}']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        if box.tag_name == "select":
            values = driver.execute_script("return [...arguments[0].options].map((o) => o.value)", box)
            box.send_keys(Keys.HOME)
            for _ in range(values.index(value)):
                box.send_keys(Keys.ARROW_DOWN)
            assert box.get_attribute("value") == value, (name, value)
        else:
            box.send_keys(Keys.CONTROL, "a")
            box.send_keys(Keys.DELETE)
            box.send_keys(value)
    root.find_element("css selector", "[data-ctl='check']").send_keys(Keys.ENTER)


@pytest.mark.parametrize("width", [1280, 390])
def test_every_drill_from_disk_by_keyboard(browser, built_book, width):  # noqa: F811
    browser.set_window_size(width, 1000)
    seen = 0
    try:
        for page, skill in DRILL_PAGES.items():
            problems = open_page(browser, (built_book / page).as_uri(), wait_for="[data-drill]")
            assert not problems, (page, problems)
            skills = browser.execute_script(
                "return [...document.querySelectorAll('[data-drill]')].map((n) => n.dataset.drill)"
            )
            assert skill in skills, f"{page}: no {skill} drill, found {skills}"
            for index in range(len(skills)):
                data = browser.execute_script(_READ, index)
                before = browser.execute_script(_GEOMETRY, index)
                assert before["live"] == "polite" and before["overflow"] <= 1, (page, before)
                assert not before["small"], f"{page} at {width} px: targets under 24 px: {before['small']}"
                _type(browser, index, data["wrong"])
                wrong = browser.execute_script(_GEOMETRY, index)
                assert wrong["tone"] == "wrong", (page, data["problem"], wrong)
                assert wrong["feedback"] == f"Not yet: {data['diagnosis']}", (
                    page,
                    wrong["feedback"],
                    data["diagnosis"],
                )
                assert len(data["diagnosis"]) > 30 and data["diagnosis"].lower() != "wrong", data["diagnosis"]
                assert wrong["check_top"] == before["check_top"], f"{page}: Check moved when the diagnosis appeared"
                _type(browser, index, data["right"])
                right = browser.execute_script(_GEOMETRY, index)
                assert right["tone"] == "right" and right["feedback"].startswith("Right"), (page, right)
                assert right["check_top"] == before["check_top"], f"{page}: Check moved when the answer was right"
                # one more solved (progress is kept in localStorage: the 390 px run follows the desktop one)
                assert _solved(right["score"]) == _solved(before["score"]) + 1, (before["score"], right["score"])
                seen += 1
            browser.execute_script(AXE.read_text(encoding="utf-8"))
            found = browser.execute_async_script(_AXE_DRILLS)
            assert not found, f"{page} at {width} px: axe finds {found}"
    finally:
        browser.set_window_size(1280, 1000)
    assert seen >= len(DRILL_PAGES), f"only {seen} drills answered"
