"""A puzzle looks the same from disk as served: its styles never come from reading the page's stylesheets.

Chromium refuses a linked stylesheet's rules (``document.styleSheets``) from ``file://``, where readers open
the book; a puzzle that copied the games' rules from there showed blank stones and no marks from disk.
Every rule written for a game's root ``.nimlib-play`` therefore names the puzzle's root ``.nimlib-puzzle``
too, in widget.css and in the <style> each board carries.
"""

from __future__ import annotations

import re

import pytest

from .conftest import ROOT

STATIC = ROOT / "nimlib" / "static"
PLAY = re.compile(r"\.nimlib-play(?![\w-])")


def _selector_lists(css: str) -> list[str]:
    """The selector list of every rule (at-rules' own heads and keyframe steps left out)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    heads = re.findall(r"([^{};]+)\{", css)
    return [
        " ".join(h.split())
        for h in heads
        if not h.strip().startswith("@") and not re.fullmatch(r"\s*(from|to|[\d.]+%)\s*", h)
    ]


def _sources() -> dict[str, str]:
    found = {"widget.css": (STATIC / "widget.css").read_text(encoding="utf-8")}
    for path in sorted((STATIC / "games").glob("*.js")):
        for i, css in enumerate(re.findall(r"const \w+_CSS = `(.*?)`", path.read_text(encoding="utf-8"), re.S)):
            found[f"{path.name}#{i}"] = css
    return found


def twins_missing(css: str) -> list[str]:
    """Selectors naming ``.nimlib-play`` whose ``.nimlib-puzzle`` twin is not in the same rule."""
    missing = []
    for head in _selector_lists(css):
        selectors = [s.strip() for s in head.split(",")]
        for selector in selectors:
            if PLAY.search(selector) and PLAY.sub(".nimlib-puzzle", selector) not in selectors:
                missing.append(selector)
    return missing


@pytest.mark.parametrize("name", sorted(_sources()))
def test_every_game_rule_names_the_puzzle_root_too(name):
    css = _sources()[name]
    assert PLAY.search(css), f"{name}: no game rule found (the check would pass vacuously)"
    assert twins_missing(css) == [], name


def test_the_check_finds_a_missing_twin():
    assert twins_missing(".nimlib-play .x, .nimlib-puzzle .x { color: red; }") == []
    assert twins_missing(".nimlib-play .x { color: red; }") == [".nimlib-play .x"]
    assert twins_missing("@media (x) { .nimlib-play .y { color: red; } }") == [".nimlib-play .y"]


def test_no_front_end_reads_the_pages_stylesheets():
    for path in [*STATIC.glob("*.js"), *(STATIC / "games").glob("*.js")]:
        assert "styleSheets" not in path.read_text(encoding="utf-8"), path.name
