"""Shared fixtures: small positions enumerated once, and solved tables from the searcher."""

from __future__ import annotations

import os
import shutil
import signal
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
def built_book(tmp_path_factory, request) -> Path:
    """The whole book, built strictly (-W -n) from scratch into a temporary folder; its HTML root.

    NIMBOOK_BUILT_HTML=<folder> reuses a book built already (its _build/html), for work on the page tests.
    As soon as the book is there, its PDFs start printing in the background (``BackgroundPrint``) when a
    test of this session reads them.
    """
    ready = os.environ.get("NIMBOOK_BUILT_HTML")
    if ready:
        html = Path(ready).resolve()
    else:
        out = tmp_path_factory.mktemp("book")
        result = subprocess.run(
            [tool("jupyter-book"), "build", str(ROOT), "--all", "-W", "-n", "--keep-going", "--path-output", str(out)],
            capture_output=True,
            text=True,
            timeout=1200,
        )
        assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
        html = out / "_build" / "html"
    if session_uses(request.session, PRINT_FIXTURE) and BackgroundPrint.can_print():
        request.config.nimbook_print = BackgroundPrint(html, tmp_path_factory.mktemp("print"))
    return html


# The fixture of tests/test_print.py that reads the printed PDFs
PRINT_FIXTURE = "printed"


def session_uses(session, fixture: str) -> bool:
    """Whether a test this session runs asks for ``fixture``."""
    return any(fixture in getattr(item, "fixturenames", ()) for item in session.items)


class BackgroundPrint:
    """tools/print_book.py on a copy of the built book, in a subprocess started once the book is built.

    Printing every PDF is minutes of Chromium's work on one core; started here, it overlaps the browser
    tests (on the other core) instead of adding its minutes to the run, and the one print serves every
    test that reads a PDF (tests/test_print.py, fixture ``printed``). The copy keeps the joined pages it
    writes (``_static/print/``) out of the book the other tests read while it runs.
    """

    TOOLS = ("chromium", "chromedriver", "pdfinfo")

    @classmethod
    def can_print(cls) -> bool:
        return all(shutil.which(t) or (t == "chromium" and shutil.which("chromium-browser")) for t in cls.TOOLS)

    def __init__(self, built: Path, folder: Path) -> None:
        self.html = folder / "html"
        self.out = folder / "pdf"
        # (without the joined pages of an earlier print, when the book is one built already)
        shutil.copytree(built, self.html, ignore=lambda d, names: ["print"] if Path(d) == built / "_static" else [])
        self.log = folder / "print_book.log"
        with self.log.open("wb") as log:
            command = [sys.executable, str(ROOT / "tools" / "print_book.py"), "--html", str(self.html)]
            self.process = subprocess.Popen(
                [*command, "--out", str(self.out)],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=ROOT,
                start_new_session=True,  # its own process group: ``stop`` ends its Chromium too
            )

    def stop(self) -> None:
        """End the print (and the browser it started) if it is still running."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def wait(self, timeout: float) -> Path:
        """The folder of the PDFs, once every one is printed; the tool's failure (and its output) otherwise."""
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            raise AssertionError(f"tools/print_book.py did not finish within {timeout:.0f} s") from None
        output = self.log.read_text(encoding="utf-8", errors="replace")
        assert code == 0, f"tools/print_book.py exited with {code}:\n{output[-4000:]}"
        return self.out


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
    job = getattr(session.config, "nimbook_print", None)
    if job is not None:  # its tests ended early (-x, a failure before them)
        job.stop()
    folder = getattr(session.config, "binder_folder", None)
    background = getattr(session.config, "binder_background", None)
    if folder is not None and not (background and background.thread.is_alive()):
        shutil.rmtree(folder, ignore_errors=True)
