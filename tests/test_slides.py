"""The lecture decks (tools/slides.py): 12 reveal.js decks cut from the built book, opened from disk.

Quick tier: the decks' plan is the course page's, and the 4-week path is a selection of the 6-week decks.
Slow tier: from the built book, every deck opens from file:// with the network off, renders its math, holds the
chapter's stated results and a worked example, and its game takes a click and answers, as in the book.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from nimlib.assignment.paths import FOUR_WEEKS, SIX_WEEKS

from .conftest import ROOT
from .test_browser import browser  # noqa: F401 (pytest fixture)
from .test_browser_disk import _PLAYABLE, _console_problems, _wait

_spec = importlib.util.spec_from_file_location("nimbook_slides", ROOT / "tools" / "slides.py")
slides = importlib.util.module_from_spec(_spec)
sys.modules["nimbook_slides"] = slides  # its dataclass looks its module up
_spec.loader.exec_module(slides)


def test_the_decks_follow_the_course_paths():
    six, four = slides.lectures(SIX_WEEKS), slides.lectures(FOUR_WEEKS)
    assert len(six) == 12 and len(four) == 8
    selection = slides.four_week_decks(six, four)
    assert sorted(selection) == list(range(1, 9)) and len(set(selection.values())) == 8
    for number, deck in selection.items():
        assert [label for label, _ in four[number - 1].parts] == [label for label, _ in six[deck - 1].parts]
    assert [lecture.week for lecture in six] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    # Misère play beyond Nim is in the 6-week path (issue 36): its deck is the last
    assert six[-1].parts[0][0] == "ch-misere-beyond"


def test_a_4_week_lecture_with_no_deck_is_refused():
    four = slides.lectures(FOUR_WEEKS)
    changed = [*four[:2], slides.Lecture(3, (("ch-misere", ("A section no deck covers",)),)), *four[3:]]
    with pytest.raises(ValueError, match="4-week lecture 3 has no 6-week deck"):
        slides.four_week_decks(slides.lectures(SIX_WEEKS), changed)


def test_the_vendored_reveal_is_named_in_notice():
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    assert "tools/slides/vendor/reveal/" in notice and (slides.REVEAL / "LICENSE").is_file()
    assert "sourceMappingURL" not in (slides.REVEAL / "reveal.js").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def decks(built_book, tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("slides")
    held = slides.make_slides(built_book, out)
    return out, held


@pytest.mark.slow
def test_every_deck_states_results_and_a_worked_example(decks):
    out, held = decks
    assert sorted(held) == list(range(1, 13))
    for number, counts in held.items():
        assert counts["statements"] >= 1 and counts["examples"] == 1 and counts["games"] == 1, (number, counts)
        page = (out / f"lecture-{number:02d}.html").read_text(encoding="utf-8")
        assert len(re.findall(r'id="', page)) == len(set(re.findall(r'id="([^"]+)"', page)))
        assert not re.search(r'(src|href)="https?://', page), f"deck {number} loads something from the network"
    index = (out / "index.html").read_text(encoding="utf-8")
    assert all(f"lecture-{n:02d}.html" in index for n in range(1, 13))


@pytest.mark.slow
def test_every_deck_opens_from_disk_with_math_and_a_playable_game(browser, decks):  # noqa: F811
    out, held = decks
    played = 0
    for number in held:
        deck = out / f"lecture-{number:02d}.html"
        browser.get(deck.as_uri())
        assert _wait(
            browser, "return window.NIMLIB_READY === true && typeof Reveal !== 'undefined' && Reveal.isReady()"
        )
        typeset = _wait(  # rendered math, and no TeX left raw (MathJax typesets the whole deck)
            browser,
            "return document.querySelectorAll('mjx-container').length > 0 && ![...document.querySelectorAll('.slides')]"
            ".some((s) => /\\\\\\(|\\\\\\[/.test(s.innerText))",
        )
        assert typeset, f"deck {number}: its math is not rendered"
        game = browser.execute_script(
            "const s = document.querySelector('section.nimslides-game'); Reveal.slide(Reveal.getIndices(s).h);"
            "return s.querySelectorAll('.nimlib-play').length"
        )
        assert game == 1, f"deck {number}: its game did not mount"
        browser.execute_script("window.NIMLIB_DELAY = 0")
        playable = browser.execute_script(
            f"const b = document.querySelector('section.nimslides-game {_PLAYABLE}');"
            "if (!b) return false; b.closest('.nimlib-play').parentNode.id = 'deck-game'; return true"
        )
        if playable:
            root = browser.find_element("css selector", "#deck-game > .nimlib-play")
            before = root.get_attribute("data-position")
            root.find_element("css selector", "button[data-move]:not([disabled])").click()
            assert _wait(
                browser,
                "const r = document.querySelector('#deck-game > .nimlib-play');"
                "return r.dataset.turn !== 'computer' && r.querySelectorAll('.nimlib-history li').length >= 1",
            ), f"deck {number}: no move"
            after = browser.find_element("css selector", "#deck-game > .nimlib-play").get_attribute("data-position")
            assert after != before, f"deck {number}: the position did not change"
            played += 1
        assert not _console_problems(browser), f"deck {number}"
    assert played >= 10, f"only {played} decks played a move"


def test_a_statement_keeps_no_section_for_reveal_to_take_as_a_slide(tmp_path):
    from bs4 import BeautifulSoup

    page = tmp_path / "notebooks" / "c.html"
    soup = BeautifulSoup(
        '<section id="s"><h2>2.1. The theorem</h2><div class="proof theorem" id="thm-x">'
        '<p class="admonition-title">Theorem 2.1</p><section class="theorem-content" id="proof-content">'
        '<p>Every <a href="../book/notation.html#term-p">P-position</a> is fine.</p></section></div></section>',
        "html.parser",
    )
    slides_html = slides.statement_slides(slides._sections(soup, ("The theorem",)), page, tmp_path / "out" / "d.html")
    assert len(slides_html) == 1 and "<section" not in slides_html[0].split(">", 1)[1]
    assert 'href="../book/notation.html#term-p"' in slides_html[0] and 'id="' not in slides_html[0]
