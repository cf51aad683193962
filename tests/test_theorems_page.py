"""book/theorems.md, the list of theorems and algorithms, against the chapters: nothing missing, nothing stale.

The page is written by tools/list_theorems.py; these tests read the chapters on their own (any sphinx-proof
directive with a label, not only the kinds the tool knows) so that a result the tool would skip is caught too.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "book" / "theorems.md"
sys.path.insert(0, str(ROOT / "tools"))
import list_theorems  # noqa: E402 (the tool under test)

# A sphinx-proof directive (any kind but proof) and its options, up to the first line that is not an option
DIRECTIVE = re.compile(r"^[:`]{3,}\{prf:(?!proof\b|ref\b)(\w+)\}[^\n]*\n((?::[\w-]+:[^\n]*\n)*)", re.M)


def labelled_results() -> dict[str, str]:
    """label -> chapter file, for every labelled sphinx-proof result in the notebooks."""
    found = {}
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown") + "\n"
        for _kind, options in DIRECTIVE.findall(text):
            label = re.search(r"^:label:\s*(\S+)", options, re.M)
            if label:
                found[label.group(1)] = path.name
    return found


def listed() -> list[str]:
    return re.findall(r"\{prf:ref\}`([^`<>]+)`", PAGE.read_text(encoding="utf-8"))


def test_the_page_lists_every_labelled_result():
    results = labelled_results()
    missing = sorted(set(results) - set(listed()))
    assert len(results) > 50
    assert not missing, f"book/theorems.md misses {missing}: run python tools/list_theorems.py"


def test_the_page_lists_nothing_that_no_longer_exists():
    gone = sorted(set(listed()) - set(labelled_results()))
    assert not gone, f"book/theorems.md lists results no chapter defines: {gone}: run python tools/list_theorems.py"


def test_each_result_once_under_its_own_chapter():
    text = PAGE.read_text(encoding="utf-8")
    assert len(listed()) == len(set(listed()))
    results, titles = labelled_results(), {c.label: c for c in list_theorems.chapters()}
    for chapter in titles.values():
        section = text.split(f"## {chapter.number}. {chapter.title}\n", 1)
        if not chapter.results:
            continue
        body = section[1].split("\n## ", 1)[0]
        assert [r.label for r in chapter.results] == re.findall(r"\{prf:ref\}`([^`]+)`", body)
        files = {results[r.label] for r in chapter.results}
        assert len(files) == 1, (chapter.label, files)


def test_the_page_is_what_the_tool_writes():
    assert PAGE.read_text(encoding="utf-8") == list_theorems.page(), "stale: run python tools/list_theorems.py"


def test_the_page_is_linked_from_the_glossary_and_the_intro():
    for page in ("notation.md", "intro.md"):
        assert "<theorems>`" in (ROOT / "book" / page).read_text(encoding="utf-8"), page
