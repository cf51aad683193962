"""Chapters are committed as inputs only, and every chapter has the house anatomy."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from .conftest import section_headings
from .exercises import exercises

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))
ENDING = ["## Checking the theorem", "## Play", "## Summary", "## Exercises"]


def test_there_are_chapters():
    assert CHAPTERS, "no notebooks found under notebooks/"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_no_outputs_or_stray_metadata(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert set(notebook["metadata"]) <= {"kernelspec", "language_info"}
    for i, cell in enumerate(notebook["cells"]):
        assert set(cell.get("metadata", {})) <= {"tags", "mystnb"}, f"cell {i} has metadata {cell['metadata']}"
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"cell {i} has outputs: run tools/clean_notebooks.py"
            assert cell["execution_count"] is None, f"cell {i} has an execution count"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_chapter_anatomy(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    first = "".join(cells[0]["source"]).splitlines()
    # Optional label line, then the title, then a paragraph saying what the reader learns
    lines = [line for line in first if not re.fullmatch(r"\(.+\)=", line)]
    assert lines[0].startswith("# "), "the first cell opens with the chapter title"
    assert "learn" in " ".join(lines[1:]), "the opening paragraph says what the reader will learn"
    assert "notation" in " ".join(lines[1:]), "the opening links the notation page"
    # One import cell, right after the title
    assert cells[1]["cell_type"] == "code" and "import" in "".join(cells[1]["source"])
    imports_elsewhere = [
        i
        for i, c in enumerate(cells[2:], 2)
        if c["cell_type"] == "code" and re.search(r"^\s*(import|from \S+ import)", "".join(c["source"]), re.M)
    ]
    assert not imports_elsewhere, f"imports outside the import cell: cells {imports_elsewhere}"
    headings = section_headings(cells)
    positions = [next((i for i, h in enumerate(headings) if h.startswith(e)), None) for e in ENDING]
    assert None not in positions, (
        f"missing headings: {[e for e, p in zip(ENDING, positions, strict=True) if p is None]}"
    )
    assert positions == sorted(positions), "the chapter ends with check, play, summary, exercises, in that order"
    assert positions[-1] == len(headings) - 1 or headings[-1].startswith("## Exercises")


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_figures_have_alt_text(path):
    """A cell that draws a figure says in words what it shows (myst-nb's image alt), not a file path."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] != "code" or not re.search(r"plt\.subplots|\bplot_\w+\(", source):
            continue
        alt = cell.get("metadata", {}).get("mystnb", {}).get("image", {}).get("alt", "")
        assert len(alt.split()) >= 8, f"cell {i} draws a figure without a real alt text (mystnb.image.alt)"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_no_path_hacks_or_installs(path):
    text = path.read_text(encoding="utf-8")
    for bad in ("sys.path", "!pip", "%pip", "import *", "%timeit"):
        assert bad not in text, f"{path.name} contains {bad!r}"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_chapter_check_asserts(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    start = next(
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown" and "## Checking the theorem" in "".join(c["source"])
    )
    code = "".join("".join(c["source"]) for c in cells[start:] if c["cell_type"] == "code")
    assert "assert " in code and "print(" in code, "the check prints how many positions agree and asserts it"


def test_every_chapter_is_in_the_toc():
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for path in CHAPTERS:
        assert f"notebooks/{path.stem}" in toc, f"{path.name} is not in _toc.yml"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_exercises_with_solutions(path):
    """At least 6 exercises a chapter, each with its solution; ★ marks at most half (tests/test_exercises.py: hints)."""
    found = exercises(path)
    assert len(found) >= 6, [ex.label for ex in found]
    assert all(ex.solution and ex.solution.strip() for ex in found), "every exercise has a solution"
    starred = sum(1 for ex in found if ex.stars)
    assert 2 * starred <= len(found), f"{starred} of {len(found)} exercises starred: stars mean harder"


def _parts() -> dict[str, list[Path]]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return {
        part["caption"]: [ROOT / f"{c['file']}.ipynb" for c in part["chapters"] if c["file"].startswith("notebooks/")]
        for part in toc["parts"]
        if any(c["file"].startswith("notebooks/") for c in part["chapters"])
    }


def test_every_part_has_a_hard_problem():
    """Each part of the book has at least one hard problem (★★) with a full solution, not a one-liner."""
    parts = _parts()
    assert len(parts) >= 5 and sum(len(chapters) for chapters in parts.values()) == len(CHAPTERS)
    for caption, chapters in parts.items():
        hard = [
            (path.name, ex.label, ex.solution or "") for path in chapters for ex in exercises(path) if ex.stars == 2
        ]
        assert hard, f"part {caption!r} has no ★★ problem"
        assert all(len(s.split()) >= 150 for _, _, s in hard), f"part {caption!r}: a ★★ solution is too short"


def test_exercise_parser_reads_titles_hints_and_solutions(tmp_path):
    cells = [
        "::::{exercise}\n:label: ex-a\n\nEasy.\n:::{hint}\n:class: dropdown\nLook.\n:::\n::::\n\n"
        ":::{solution} ex-a\n:class: dropdown\n\nYes.\n:::",
        "::::{exercise} ★, with the computer\n:label: ex-b\n\nHarder.\n::::\n\n"
        ":::{solution} ex-b\n:class: dropdown\n\nNo.\n:::",
        "::::{exercise} ★★\n:label: ex-c\n\nHard, and no solution.\n::::",
    ]
    notebook = {"cells": [{"cell_type": "markdown", "source": c} for c in cells]}
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    found = exercises(path)
    assert [(ex.label, ex.stars, ex.needs_computer, ex.has_hint) for ex in found] == [
        ("ex-a", 0, False, True),
        ("ex-b", 1, True, False),
        ("ex-c", 2, False, False),
    ]
    assert [ex.solution.strip() if ex.solution else None for ex in found] == ["Yes.", "No.", None]


def test_the_book_has_at_least_80_exercises():
    assert sum(len(exercises(path)) for path in CHAPTERS) >= 80


def test_reader_text_speaks_the_books_language():
    """No internal words or Python leaking into what readers see: 'seeds', 'coin(s)', 'k-Nim', `(4,)`."""
    sources = [*CHAPTERS, *sorted((ROOT / "book").glob("*.md")), *sorted((ROOT / "nimlib").rglob("*.py"))]
    sources += sorted((ROOT / "nimlib" / "static").rglob("*.js"))
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for bad in (r"\bseeds\b", r"\bk-Nim\b"):
            found = re.search(bad, text)
            assert not found, (path.name, text[max(0, found.start() - 60) : found.end() + 20])
    for path in CHAPTERS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        prose = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        assert not re.search(r"\$[^$\n`]*\(\d+,\)[^$\n`]*\$", prose), f"{path.name}: a 1-tuple in math"
        assert not re.search(r"[a-z]\(s\)", prose), f"{path.name}: 'coin(s)' instead of words"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_no_control_characters_in_markdown(path):
    """A lone backslash in the JSON (`\\times`, `\\frac`, `\\beta`) decodes to a tab, form feed or backspace."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        found = re.search(r"[\x00-\x09\x0b-\x1f\x7f]", source)
        assert not found, (
            f"{path.name} cell {i}: control character {found.group()!r} in "
            f"{source[max(0, found.start() - 40) : found.end() + 20]!r} (write \\\\ in the JSON)"
        )


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_no_myst_nb_imports(path):
    """Binder does not install myst_nb: a chapter that imports it fails there from its first cell on."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        assert not re.search(r"^\s*(import\s+myst_nb|from\s+myst_nb\b)", source, re.M), (
            f"{path.name} cell {i} imports myst_nb (show the figure directly, caption in markdown)"
        )
        assert "glue(" not in source, f"{path.name} cell {i} uses myst_nb's glue"
