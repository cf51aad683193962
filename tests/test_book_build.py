"""The whole book builds strictly (-W -n): every chapter executes, no warning, no broken reference."""

from __future__ import annotations

import json
import re
import subprocess

from .conftest import ROOT, section_headings, tool


def test_book_builds_without_warnings(built_book):
    pages = sorted(p.relative_to(built_book).as_posix() for p in built_book.rglob("*.html"))
    assert "book/intro.html" in pages and "notebooks/01_playing_nim.html" in pages


def test_chapters_ran_and_show_their_check(built_book):
    # (the folder also holds the pages at moved chapters' old addresses, which only send readers on)
    chapters = [built_book / "notebooks" / f"{p.stem}.html" for p in sorted((ROOT / "notebooks").glob("*.ipynb"))]
    assert len(chapters) == 22 and all(page.is_file() for page in chapters)
    for page in chapters:
        html = page.read_text(encoding="utf-8")
        assert "Checking the theorem" in html, page.name
        # Every chapter ran to the end: no traceback anywhere, and the check printed its count
        for error in ("Traceback", "NameError", "AssertionError", "ModuleNotFoundError"):
            assert error not in html, (page.name, error)
        assert re.search(r"\b(\d+) of \1\b", html), f"{page.name}: no 'N of N' count printed"


def test_ruff_is_clean():
    for args in (["check", str(ROOT)], ["format", "--check", str(ROOT)]):
        result = subprocess.run([tool("ruff"), *args], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def test_every_section_heading_is_rendered(built_book):
    # A directive fence that swallows the text after it (e.g. a backtick in a ``` info string) loses sections
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        headings = section_headings(json.loads(notebook.read_text(encoding="utf-8"))["cells"])
        html = (built_book / "notebooks" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        rendered = re.findall(r"<h2>(?:(?!</h2>).)*headerlink", html)  # section headings, not the sidebar's
        assert len(rendered) == len(headings), notebook.name
