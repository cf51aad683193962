"""A lecturer may copy, adapt and print the book: licences, third-party parts and one version, stated alike.

The version is declared once (pyproject.toml); CITATION.cff, the intro's citation and every page's footer
(book/_ext/nimbook.py) repeat it, and the release date is declared once (CITATION.cff).
"""

from __future__ import annotations

import re
import tomllib

from .conftest import ROOT


def _version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def _cff() -> dict[str, str]:
    return dict(
        (key.strip(), value.strip().strip("\"'"))
        for key, _, value in (
            line.partition(":") for line in (ROOT / "CITATION.cff").read_text(encoding="utf-8").splitlines()
        )
        if value and not key.startswith((" ", "#", "-"))
    )


def test_licences_cover_text_and_code():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in licence and "CC BY-SA 4.0" in licence
    text = (ROOT / "LICENSE-TEXT").read_text(encoding="utf-8")
    assert text.startswith("Creative Commons Attribution-ShareAlike 4.0 International")
    assert "Section 3 – License Conditions" in text or "License Conditions" in text
    assert len(text) > 15_000  # the whole legal code, not a summary


def test_the_distribution_is_not_called_nimlib():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == "sprague-grundy"
    assert project["license"] == "MIT"


def test_citation_repeats_the_version():
    cff = _cff()
    assert cff["cff-version"] == "1.2.0"
    assert cff["version"] == _version()
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", cff["date-released"])
    intro = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    assert f"version {_version()}" in intro and cff["date-released"] in intro
    assert "CC BY-SA 4.0" in intro and "MIT" in intro


def test_notice_names_every_vendored_part():
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    vendored = [p.name for p in (ROOT / "book" / "vendor").iterdir() if p.is_dir()]
    assert vendored, "nothing vendored found: the check would pass vacuously"
    for name in vendored:
        assert f"book/vendor/{name}/" in notice, f"NOTICE does not name book/vendor/{name}"
    for table in ("SolvedGames.md", "TrivialGames.md", "UnsolvedGames.md"):
        assert (ROOT / "tests" / "data" / table).exists() and table in notice
