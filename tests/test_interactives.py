"""Every interactive practises something (issue 30, item 3).

Each widget a chapter shows (``NimGame``, ``GameBoard``, ``PlayWidget``, ``PuzzleWidget`` as the last
line of a code cell) is introduced by the markdown cell just before it with one line that says what it
practises (``*Practice:* …``), or, for a game that repeats one played earlier, ``*Also playable:* …``,
which says what it repeats. The five duplicates the issue names are labelled so, and no two interactives
claim to practise the same thing in the same words.
"""

from __future__ import annotations

import json
import re

import pytest

from .conftest import ROOT

WIDGET = re.compile(r"^(NimGame|GameBoard|PlayWidget|PuzzleWidget)\(")
LABEL = re.compile(r"^\*(Practice|Also playable):\* (\S.*)$", re.M)

# (chapter, cell id, what the cell plays): the duplicates issue 30 names, by today's chapter numbers
ALSO_PLAYABLE = {
    ("10", "07-play-heaps-code"): "TakeRule",  # Lasker's nim again, given by its rule
    ("13", "12-play-twins-code"): "Twins(",  # turning turtles in disguise
    ("09", "subperiods-29"): "GameBoard(board, (7, 9))",  # the lost start
    ("16", "c26"): "misere=True",  # the misère Nim reminder
    ("21", "engine-19"): "grundys_game",  # Grundy's game, played in chapter 10
}


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def interactives() -> list[tuple[str, str, str, str]]:
    """(chapter, cell id, the code, the markdown just before it) for every widget cell of the book."""
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            lines = _source(cell).strip().splitlines()
            if cell["cell_type"] != "code" or not lines or not WIDGET.match(lines[-1]):
                continue
            before = _source(cells[i - 1]) if i and cells[i - 1]["cell_type"] == "markdown" else ""
            found.append((path.name[:2], cell["id"], _source(cell), before))
    return found


FOUND = interactives()


def test_the_book_has_its_interactives():
    assert len(FOUND) >= 45, len(FOUND)
    assert {(c, i) for c, i, *_ in FOUND} >= set(ALSO_PLAYABLE), "a named duplicate is gone: update ALSO_PLAYABLE"


@pytest.mark.parametrize(("chapter", "cell", "code", "before"), FOUND, ids=[f"{f[0]}-{f[1]}" for f in FOUND])
def test_each_interactive_says_what_it_practises(chapter, cell, code, before):
    labels = LABEL.findall(before)
    assert len(labels) == 1, f"{chapter} {cell}: the markdown just before says {len(labels)} times what it practises"
    kind, sentence = labels[0]
    if (chapter, cell) in ALSO_PLAYABLE:
        assert ALSO_PLAYABLE[chapter, cell] in code, f"{chapter} {cell}: not the game the issue names"
        assert kind == "Also playable", f"{chapter} {cell} repeats an earlier game: label it *Also playable:*"
    else:
        assert kind == "Practice", f"{chapter} {cell} is no duplicate: say what it practises"
    assert sentence.endswith(".") and len(sentence.split()) >= 6, sentence


def test_no_two_interactives_practise_the_same_words():
    sentences = [LABEL.findall(before)[0][1] for *_, before in FOUND if LABEL.findall(before)]
    assert len(sentences) == len(FOUND)
    assert len(set(sentences)) == len(sentences), [s for s in sentences if sentences.count(s) > 1]
