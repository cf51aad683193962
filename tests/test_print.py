"""The printable edition (tools/print_book.py): both PDFs of the whole book and a problem sheet per part.

Read back with pdftotext, as a reader's PDF viewer would show them: every chapter title, every exercise
number, the bibliography, no unresolved reference, every figure, solutions in the instructor edition's
appendix and nowhere in the student edition or the sheets.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from .conftest import ROOT
from .exercises import CHAPTERS, PROBLEMS, SOLUTION, exercises, markdown, plain, sections, solution_lines

pytestmark = pytest.mark.slow

sys.path.insert(0, str(ROOT / "tools"))
import print_book  # noqa: E402

sys.path.remove(str(ROOT / "tools"))


def _need(tool: str) -> str:
    found = shutil.which(tool)
    if not found:
        import os

        reason = f"{tool} is not installed (apt-get install poppler-utils)"
        if os.environ.get("NIMBOOK_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


@pytest.fixture(scope="module")
def printed(built_book, tmp_path_factory) -> dict[str, str]:
    """The text of every PDF, by name (book-student, book-instructor, problem-sheet-N)."""
    _need("pdftotext")
    from .test_browser import CHROMEDRIVER, CHROMIUM

    if not (CHROMIUM and CHROMEDRIVER):
        _need("chromedriver")
    out = tmp_path_factory.mktemp("pdf")
    assert print_book.main(["--html", str(built_book), "--out", str(out)]) == 0
    texts = {}
    for pdf in sorted(out.glob("*.pdf")):
        result = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        texts[pdf.stem] = result.stdout
    texts["_dir"] = str(out)
    return texts


def _chapter_numbers() -> dict[str, int]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [c["file"] for part in toc["parts"] if part.get("numbered") for c in part["chapters"]]
    return {Path(f).name: n for n, f in enumerate(files, 1)}


def _title(path: Path) -> str:
    first = json.loads(path.read_text(encoding="utf-8"))["cells"][0]
    heading = next(line for line in "".join(first["source"]).splitlines() if line.startswith("# "))
    title = heading[2:]
    return plain(title[: min((title.index(c) for c in "{$" if c in title), default=len(title))]).strip()


def _flat(text: str) -> str:
    return plain(text.replace("\u00ad", "").replace("-\n", "-"))


def test_both_editions_and_every_sheet_were_printed(printed):
    parts = {p.get("caption") for p in yaml.safe_load((ROOT / "_toc.yml").read_text())["parts"]}
    sheets = [k for k in printed if k.startswith("problem-sheet-")]
    assert {"book-student", "book-instructor"} <= set(printed)
    assert len(sheets) == len([p for p in parts if p not in ("Reference",)])
    pages = {
        name: len(re.findall(rb"/Type\s*/Page(?![s\w])", (Path(printed["_dir"]) / f"{name}.pdf").read_bytes()))
        for name in ("book-student", "book-instructor")
    }
    assert pages["book-student"] >= 150 and pages["book-instructor"] > pages["book-student"], pages


@pytest.mark.parametrize("edition", ["book-student", "book-instructor"])
def test_every_chapter_exercise_and_reference_is_printed(printed, edition):
    text = _flat(printed[edition])
    numbers = _chapter_numbers()
    for path in CHAPTERS:
        n = numbers[path.stem]
        assert f"{n}. {_title(path)}"[:40] in text or _title(path)[:40] in text, f"{edition}: no title of {path.stem}"
        for i in range(1, len(exercises(path)) + 1):
            assert f"Exercise {n}.{i}" in text, f"{edition}: Exercise {n}.{i} is not printed"
    assert "??" not in text, "an unresolved reference is printed"
    bib = (ROOT / "book" / "references.bib").read_text(encoding="utf-8")
    titles = [re.sub(r"[{}\\]", "", t) for t in re.findall(r"^\s*title\s*=\s*\{(.*?)\},?$", bib, re.M | re.S)]
    assert len(titles) >= 30
    lowered = text.lower()  # the bibliography style sets some titles in sentence case
    missing = [t for t in titles if plain(t)[:30].lower() not in lowered]
    assert not missing, f"{edition}: bibliography entries not printed: {missing}"
    assert "Glossary and notation" in text and "Index" in text


def test_every_figure_is_printed(printed, built_book):
    figures = 0
    for path in CHAPTERS:
        html = (built_book / "notebooks" / f"{path.stem}.html").read_text(encoding="utf-8")
        figures += len(re.findall(r"<img [^>]*src=\"[^\"]*_images/[^\"]+\"", html))  # the chapters' own figures
    assert figures >= 20
    joined = (built_book / print_book.PRINT_DIR / "book-student.html").read_text(encoding="utf-8")
    sources = re.findall(r"<img [^>]*src=\"([^\"]*_images/[^\"]+)\"", joined)
    assert len(sources) >= figures
    for src in sources:
        if not src.startswith("data:"):
            assert (built_book / print_book.PRINT_DIR / src).resolve().is_file(), src
    listing = subprocess.run(
        [_need("pdfimages"), "-list", str(Path(printed["_dir"]) / "book-student.pdf")], capture_output=True, text=True
    ).stdout
    images = len([line for line in listing.splitlines()[2:] if line.strip()])
    assert images >= figures, f"{images} images in the PDF for {figures} figures"


def _solution_sentences() -> set[tuple[str, str]]:
    """The solutions' own sentences, of the chapters' exercises and of the problems for homework."""
    sources = [*CHAPTERS, PROBLEMS]
    elsewhere = plain(" ".join(SOLUTION.sub(" ", markdown(path)) for path in sources))
    return {
        (ex.label, s)
        for path in sources
        for ex in exercises(path)
        for s in solution_lines(ex.solution or "")
        if s not in elsewhere
    }


def test_solutions_only_in_the_instructor_appendix(printed):
    sentences = _solution_sentences()
    assert len({label for label, _ in sentences}) >= 100
    instructor = _flat(printed["book-instructor"])
    appendix = instructor[instructor.index("Appendix: solutions to the exercises") :]
    found = [s for _, s in sentences if s in appendix]
    assert len(found) >= len(sentences) * 0.9, "the instructor edition's appendix misses solutions"
    total = sum(len(exercises(p)) for p in CHAPTERS) + len(exercises(PROBLEMS))
    assert appendix.count("Back to the exercise") == total
    assert {label for label, _ in sentences if label.startswith("prob-")}, "no problem's solution is looked for"
    for name, text in printed.items():
        if name in ("book-instructor", "_dir"):
            continue
        flat = _flat(text)
        leaked = [s for _, s in sentences if s in flat]
        assert not leaked, f"{name} prints solutions: {leaked[:3]}"
        assert "Solution to" not in flat, name


def _problem_numbers() -> dict[str, list[int]]:
    """The numbers sphinx-exercise gives the problems (one page, not in a numbered part: 1, 2, … in order), by part."""
    numbers, n = {}, 0
    for caption, listed in sections(PROBLEMS).items():
        numbers[caption] = list(range(n + 1, n + len(listed) + 1))
        n += len(listed)
    return numbers


def test_each_sheet_holds_its_parts_exercises(printed):
    numbers = _chapter_numbers()
    problems = _problem_numbers()
    sentences = _solution_sentences()
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    sheet = 0
    for part in toc["parts"]:
        chapters = [Path(c["file"]).name for c in part["chapters"] if c["file"].startswith("notebooks/")]
        if not chapters:
            continue
        sheet += 1
        text = _flat(printed[f"problem-sheet-{sheet}"])
        assert f"Problem sheet {sheet}: {part['caption']}" in text
        for stem in chapters:
            for i in range(1, len(exercises(ROOT / "notebooks" / f"{stem}.ipynb")) + 1):
                assert f"Exercise {numbers[stem]}.{i}" in text, f"sheet {sheet}: Exercise {numbers[stem]}.{i}"
        assert "Hint" in text
        # Then the part's problems for homework, after the exercises, by their numbers on the problems page
        # ("Exercise 5", never the prefix of "Exercise 5.1" or "Exercise 15"), and the other parts' not
        assert problems[part["caption"]], f"no problems for {part['caption']}"
        after = text[text.index("Problems", text.index(f"Exercise {numbers[chapters[-1]]}.1")) :]
        for n in problems[part["caption"]]:
            assert re.search(rf"Exercise {n}(?![.\d])", after), f"sheet {sheet}: problem Exercise {n}"
        for caption, others in problems.items():
            if caption != part["caption"]:
                leaked = [n for n in others if re.search(rf"Exercise {n}(?![.\d])", text)]
                assert not leaked, f"sheet {sheet} holds problems of {caption}: {leaked}"
        # and no solution, of an exercise or of a problem
        leaked = [s for _, s in sentences if s in text]
        assert not leaked, f"sheet {sheet} prints solutions: {leaked[:3]}"
        assert "Solution to" not in text
