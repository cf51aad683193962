"""Shared fixtures: small positions enumerated once, and solved tables from the searcher."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from nimlib.nim import positions_up_to

# Property tests run a fixed number of examples, derandomized, so CI is repeatable
settings.register_profile("ci", max_examples=150, derandomize=True, deadline=None)
settings.load_profile("ci")


def small_positions(heaps: int = 4, size: int = 7) -> list[tuple[int, ...]]:
    """Every position of at most ``heaps`` heaps of at most ``size`` stones, up to order."""
    return positions_up_to(heaps, size)


@pytest.fixture(scope="session")
def positions() -> list[tuple[int, ...]]:
    return small_positions()


ROOT = Path(__file__).resolve().parent.parent

# Published tables the tests read, copied in with their licence (tczajka/octal-games, MIT), so a clone runs every test
DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The folder of the published tables (``tests/data``)."""
    return DATA


def tool(name: str) -> str:
    """The venv's own copy of a command, next to the interpreter running the tests."""
    local = Path(sys.executable).with_name(name)
    return str(local) if local.exists() else (shutil.which(name) or name)


@pytest.fixture(scope="session")
def built_book(tmp_path_factory) -> Path:
    """The whole book, built strictly (-W -n) from scratch into a temporary folder; its HTML root.

    NIMBOOK_BUILT_HTML=<folder> reuses a book built already (its _build/html), for work on the page tests.
    """
    ready = os.environ.get("NIMBOOK_BUILT_HTML")
    if ready:
        return Path(ready).resolve()
    out = tmp_path_factory.mktemp("book")
    result = subprocess.run(
        [tool("jupyter-book"), "build", str(ROOT), "--all", "-W", "-n", "--keep-going", "--path-output", str(out)],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return out / "_build" / "html"


def section_headings(cells: list[dict]) -> list[str]:
    """The '## ' section headings of a notebook's markdown cells, in order."""
    return [
        line
        for cell in cells
        if cell["cell_type"] == "markdown"
        for line in "".join(cell["source"]).splitlines()
        if line.startswith("## ")
    ]


BINDER_TEST = "test_binder.py::test_binder_environment_builds_from_nothing"

# Whole-book, notebook and browser checks take minutes: they form the slow tier
SLOW_FIXTURES = {"built_book", "browser", "server"}


def pytest_collection_modifyitems(config, items):
    """Mark as ``slow`` every notebook (nbval), and every test that builds the book or drives a browser.

    The Binder test runs last: its work starts in the background at collection (pytest_collection_finish)
    and overlaps the book build and the browser tests, so the test itself only collects the result.
    """
    for item in items:
        if str(item.fspath).endswith(".ipynb") or SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.nodeid.endswith(BINDER_TEST))  # stable: everything else keeps its order


def pytest_collection_finish(session):
    """Start the Binder build (tests/test_binder.py) in the background when its test is going to run."""
    if any(item.nodeid.endswith(BINDER_TEST) for item in session.items) and not session.config.option.collectonly:
        from .test_binder import Background

        folder = Path(tempfile.mkdtemp(prefix="nimlib-binder-"))
        session.config.binder_folder = folder
        session.config.binder_background = Background(folder)


def pytest_sessionfinish(session):
    folder = getattr(session.config, "binder_folder", None)
    background = getattr(session.config, "binder_background", None)
    if folder is not None and not (background and background.thread.is_alive()):
        shutil.rmtree(folder, ignore_errors=True)
