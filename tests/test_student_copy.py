"""The student copies of the chapters (tools/student_copy.py): what the student edition's launch buttons open.

The repository is public and holds every solution, so the student edition's Binder buttons open copies that
Binder's postBuild writes under student/: every solution, answer-check cell and instructor-only passage gone,
every exercise and hint kept. The quick tier copies the real chapters and reads the copies back.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from .conftest import ROOT
from .exercises import CHAPTERS, PROBLEMS, SOLUTION, exercises, markdown, plain, solution_lines

_spec = importlib.util.spec_from_file_location("student_copy", ROOT / "tools" / "student_copy.py")
student_copy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student_copy)


def test_a_solution_block_goes_and_its_neighbours_stay():
    text = (
        "::::{exercise}\n:label: ex-a\n\nAsk.\n\n:::{hint}\n:class: dropdown\nA hint.\n:::\n::::\n\n"
        ":::{solution} ex-a\n:class: dropdown\n\nThe answer is 7.\n\n```python\nx = 7\n```\n:::\n\nAfter.\n"
    )
    out = student_copy.strip_markdown(text)
    assert "The answer is 7" not in out and "x = 7" not in out and "{solution}" not in out
    assert "Ask." in out and "A hint." in out and "After." in out and out.count("::::") == 2


def test_a_longer_fence_holds_shorter_ones_until_its_own_close():
    # A solution fenced with four colons holds a three-colon directive: it ends at the four-colon line only
    text = "::::{solution} ex-b\n:::{note}\nInner.\n:::\nStill the solution.\n::::\nKept.\n"
    assert student_copy.strip_markdown(text) == "Kept.\n"


def test_only_blocks_follow_the_edition():
    text = ":::{only} instructor\nThe cell checks it.\n:::\n\n:::{only} student\nA student line.\n:::\nEnd.\n"
    out = student_copy.strip_markdown(text)
    assert "The cell checks it" not in out and "A student line.\n" in out and "{only}" not in out and "End." in out


def test_an_answer_cell_of_a_myst_page_goes_by_its_tags():
    page = (
        "Text.\n\n```{code-cell} python3\n:tags: [hide-input, exercise-answers]\n\nassert 1 + 1 == 2\n```\n\n"
        "```{code-cell} python3\n:tags: [hide-input]\n\nprint('kept')\n```\n"
        "```{code-cell} python3\n---\ntags: [exercise-answers]\n---\nsecret = 3\n```\n"
    )
    out = student_copy.strip_myst_page(page)
    assert "assert 1 + 1" not in out and "secret = 3" not in out
    assert "print('kept')" in out and "Text." in out


def test_the_tag_is_the_books():
    nimbook = (ROOT / "book" / "_ext" / "nimbook.py").read_text(encoding="utf-8")
    assert f'ANSWER_TAG = "{student_copy.ANSWER_TAG}"' in nimbook
    assert 'STUDENT_COPIES = "student"' in nimbook
    assert "tools/student_copy.py --out student" in (ROOT / ".binder" / "postBuild").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def copies(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("copy") / "student"
    written = student_copy.student_copy(ROOT, out)
    assert len(written) >= len(CHAPTERS) + 1
    return out


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_the_copies_hold_no_solution_and_every_exercise_and_hint(copies):
    sources = [*CHAPTERS, PROBLEMS]
    elsewhere = plain(" ".join(SOLUTION.sub(" ", markdown(path)) for path in sources))
    checked = 0
    for source in sources:
        copy = copies / source.relative_to(ROOT)
        text = markdown(copy)
        flat = plain(text)
        assert "{solution}" not in text, copy
        assert "exercise-answers" not in copy.read_text(encoding="utf-8"), f"{copy.name} keeps an answer cell"
        originals = exercises(source)
        assert [ex.label for ex in exercises(copy)] == [ex.label for ex in originals], copy
        assert text.count("{hint}") == markdown(source).count("{hint}") > 0, copy
        for ex in originals:
            for sentence in solution_lines(ex.solution or ""):
                if sentence not in elsewhere:
                    assert sentence not in flat, (copy.name, ex.label, sentence)
                    checked += 1
        # What the student edition leaves out is not spoken of
        assert not re.search(r"quoted in the solutions|after a solution checks|cell after the exercises", text)
    assert checked >= 300, f"only {checked} solution sentences were looked for"


def test_the_copies_are_notebooks_that_still_run_from_their_folder(copies):
    for chapter in CHAPTERS:
        cells = _cells(copies / "notebooks" / chapter.name)
        original = _cells(chapter)
        assert {c["id"] for c in cells} <= {c["id"] for c in original}
        assert sum(c["cell_type"] == "code" for c in cells) > 0
    # The chapters read ../tests/data: the copies' folder links to it
    assert (copies / "notebooks" / ".." / "tests" / "data" / "SolvedGames.md").is_file()


def test_the_instructor_sources_say_what_the_copies_leave_out():
    # Else the check above could pass on chapters that never spoke of their solutions
    said = sum(
        bool(re.search(r"quoted in the solutions|after a solution checks|cell after the exercises", markdown(c)))
        for c in CHAPTERS
    )
    assert said >= 7
