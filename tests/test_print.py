"""The printable edition (tools/print_book.py): both PDFs of the whole book and a problem sheet per part.

Read back with pdftotext, as a reader's PDF viewer would show them: every chapter title, every exercise
number, the bibliography, no unresolved reference, every figure, solutions in the instructor edition's
appendix and nowhere in the student edition or the sheets.
"""

from __future__ import annotations

import collections
import functools
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup

from .conftest import ROOT
from .exercises import CHAPTERS, PROBLEMS, SOLUTION, exercises, markdown, plain, sections, solution_lines

# The tests that print (fixture ``printed``, on ``built_book``) are slow (conftest marks them); the tool's own
# pieces (the index, the folds, the page numbers' settling, --out, the writes) are tested quickly below

sys.path.insert(0, str(ROOT / "tools"))
import print_book

sys.path.remove(str(ROOT / "tools"))


def _need(tool: str) -> str:
    found = shutil.which(tool)
    if not found:
        reason = f"{tool} is not installed (apt-get install poppler-utils)"
        if os.environ.get("NIMBOOK_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


@pytest.fixture(scope="session")
def printed(built_book, tmp_path_factory, request) -> dict[str, str]:
    """The text of every PDF, by name (book-student, book-instructor, problem-sheet-N); "_dir" their folder,
    "_html" the HTML root whose ``_static/print/`` holds the joined pages they were printed from.

    One print per session, shared by every test here: tools/print_book.py runs once, in the background from
    the moment the book is built (tests/conftest.py, ``BackgroundPrint``), and each PDF is read back once.
    """
    _need("pdftotext")
    from .conftest import BackgroundPrint
    from .test_browser import CHROMEDRIVER, CHROMIUM

    if not (CHROMIUM and CHROMEDRIVER):
        _need("chromedriver")
    _need("pdfinfo")
    ready = os.environ.get("NIMBOOK_PRINTED_PDF")  # PDFs printed already from built_book, for work on these tests
    if ready:
        out, html = Path(ready), built_book
    else:
        job = getattr(request.config, "nimbook_print", None)
        if job is None:  # not started with the book: print now
            job = BackgroundPrint(built_book, tmp_path_factory.mktemp("print"))
        out, html = job.wait(timeout=3600), job.html
    texts = {}
    for pdf in sorted(out.glob("*.pdf")):
        result = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        texts[pdf.stem] = result.stdout
    assert texts, f"no PDF in {out}"
    texts["_dir"] = str(out)
    texts["_html"] = str(html)
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
    joined = (Path(printed["_html"]) / print_book.PRINT_DIR / "book-student.html").read_text(encoding="utf-8")
    sources = re.findall(r"<img [^>]*src=\"([^\"]*_images/[^\"]+)\"", joined)
    assert len(sources) >= figures
    for src in sources:
        if not src.startswith("data:"):
            assert (Path(printed["_html"]) / print_book.PRINT_DIR / src).resolve().is_file(), src
    listing = _image_list(str(Path(printed["_dir"]) / "book-student.pdf"))
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
    appendix = _appendix(printed)
    assert appendix.startswith(print_book.APPENDIX) and instructor.count("Back to the exercise") == appendix.count(
        "Back to the exercise"
    )
    found = [s for _, s in sentences if s in appendix]
    assert len(found) >= len(sentences) * 0.9, "the instructor edition's appendix misses solutions"
    total = sum(len(exercises(p)) for p in CHAPTERS) + len(exercises(PROBLEMS))
    assert appendix.count("Back to the exercise") == total
    assert {label for label, _ in sentences if label.startswith("prob-")}, "no problem's solution is looked for"
    for name, text in printed.items():
        if name == "book-instructor" or name.startswith("_"):
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


def test_each_week_of_each_path_has_its_sheet(printed):
    """Weekly sheets: one per week of each course path, that week's chapters' exercises, hints, no solution."""
    from nimlib.assignment.paths import PATHS

    numbers = _chapter_numbers()
    sentences = _solution_sentences()
    labels, parts = print_book.chapter_docnames(), print_book._parts()
    found = 0
    for weeks_long, path in PATHS.items():
        plan = print_book.week_plan(path, parts, labels)
        assert len(plan) == weeks_long
        for week, (chapters, _) in enumerate(plan, 1):
            if not chapters:
                continue
            text = _flat(printed[f"week-sheet-{weeks_long}-{week}"])
            found += 1
            assert f"Week {week} of the {weeks_long}-week path" in text and "Hint" in text
            for docname in chapters:
                stem = Path(docname).name
                for i in range(1, len(exercises(ROOT / "notebooks" / f"{stem}.ipynb")) + 1):
                    assert f"Exercise {numbers[stem]}.{i}" in text, (weeks_long, week, f"{numbers[stem]}.{i}")
            others = {Path(d).name for d in labels.values()} - {Path(d).name for d in chapters}
            assert not [n for n in others if re.search(rf"Exercise {numbers[n]}\.1(?!\d)", text)], (weeks_long, week)
            assert not [s for _, s in sentences if s in text] and "Solution to" not in text
    assert found >= 9, f"only {found} weekly sheets"


def test_sheets_can_leave_their_hints_out(built_book):
    pages = {name: Path(page).read_text(encoding="utf-8") for name, page in print_book.weekly_sheets(built_book)}
    hints = sum(len(BeautifulSoup(text, "html.parser").select("div.hint, .admonition.hint")) for text in pages.values())
    assert hints >= 30, f"only {hints} hints on the weekly sheets: the check below would pass vacuously"
    without = dict(print_book.weekly_sheets(built_book, hints=False))  # the same files, written again
    assert set(without) == set(pages)
    for name, page in without.items():
        text = Path(page).read_text(encoding="utf-8")
        assert "without hints" in text and not BeautifulSoup(text, "html.parser").select("div.hint, .admonition.hint")
        assert text.count('class="exercise') == pages[name].count('class="exercise') > 0


def test_a_week_sets_its_chapters_once_and_a_parts_problems_when_it_is_covered():
    labels = {"ch-a": "notebooks/01_a", "ch-b": "notebooks/02_b", "ch-c": "notebooks/03_c"}
    parts = {"One": ["notebooks/01_a", "notebooks/02_b"], "Two": ["notebooks/03_c", "notebooks/04_d"]}
    path = [[("ch-a", ["x"])], [("ch-b", ["x"])], [("ch-b", ["y"])], [("ch-c", ["x"])]]
    plan = print_book.week_plan(path, parts, labels)
    # ch-b's last lecture is in week 2, and part One is whole by then; part Two has a chapter the path leaves out
    assert plan == [(["notebooks/01_a"], []), (["notebooks/02_b", "notebooks/03_c"], ["One"])]


BOOKS = ["book-student", "book-instructor"]


# Each PDF and joined page is read once per session, whichever tests read it (the readers below are pure)


def _pages(printed, name: str, layout: bool = False) -> list[str]:
    """The text of each page of a printed PDF (pdftotext's pages, split at its form feeds); [0] is page 1."""
    if not layout:
        return printed[name].split("\f")  # the fixture's own pdftotext, the same command
    return list(_layout_text(str(Path(printed["_dir"]) / f"{name}.pdf")))


@functools.cache
def _layout_text(pdf: str) -> tuple[str, ...]:
    result = subprocess.run(["pdftotext", "-enc", "UTF-8", "-layout", pdf, "-"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return tuple(result.stdout.split("\f"))


@functools.cache
def _image_list(pdf: str) -> str:
    """pdfimages' listing of the images of a PDF."""
    return subprocess.run([_need("pdfimages"), "-list", pdf], capture_output=True, text=True).stdout


def _joined(printed, name: str) -> BeautifulSoup:
    """The joined page a PDF was printed from, parsed (once: callers only read it)."""
    return _parse(str(Path(printed["_html"]) / print_book.PRINT_DIR / f"{name}.html"))


@functools.cache
def _parse(path: str) -> BeautifulSoup:
    return BeautifulSoup(Path(path).read_text(encoding="utf-8"), "html.parser")


UNSUBSCRIPT = str.maketrans(print_book.SUBSCRIPTS_TO, print_book.SUBSCRIPTS_FROM)


def _key(text: str) -> str:
    """Text compared across HTML and pdftotext: no soft hyphens or line breaks, one space, lower case."""
    text = _flat(text).replace("\u2019", "'").translate(UNSUBSCRIPT)
    return " ".join(text.split()).lower()


def _contents(printed, name: str) -> list[tuple[str, int]]:
    """(title, page) of every line of the printed contents (read once per PDF)."""
    return list(_contents_of(printed["_dir"], printed["_html"], name))


@functools.cache
def _contents_of(pdf_dir: str, html: str, name: str) -> tuple[tuple[str, int], ...]:
    return tuple(_read_contents({"_dir": pdf_dir, "_html": html}, name))


def _read_contents(printed, name: str) -> list[tuple[str, int]]:
    """(title, page) of every line of the printed contents, read from the PDF's contents pages (layout text)."""
    titles = [" ".join(a.get_text().split()) for a in _joined(printed, name).select(".print-toc li > a:first-child")]
    layout = _pages(printed, name, layout=True)
    start = next(i for i, page in enumerate(layout) if re.search(r"^\s*Contents\s*$", page, re.M))
    lines = [line.strip() for page in layout[start : start + 4] for line in page.splitlines() if line.strip()]
    found, k = [], 0
    for title in titles:
        # The line that starts with the title; its page number ends it, or the line a long title wraps onto
        while k < len(lines) and not _key(lines[k]).startswith(_key(title)[:25]):
            k += 1
        assert k < len(lines), f"{name}: the contents have no line for {title!r}"
        for line in lines[k : k + 3]:
            m = re.search(r"\s(\d+)$", line)
            if m:
                found.append((title, int(m.group(1))))
                break
        else:
            raise AssertionError(f"{name}: the contents line {lines[k]!r} gives no page")
        k += 1
    return found


def _destinations(printed, name: str) -> dict[str, int]:
    """The page of every target of a link in the PDF, as the PDF itself says (its named destinations)."""
    return dict(_destinations_of(str(Path(printed["_dir"]) / f"{name}.pdf")))


@functools.cache
def _destinations_of(pdf: str) -> tuple[tuple[str, int], ...]:
    return tuple(print_book.destinations(Path(pdf).read_bytes()).items())


@pytest.mark.parametrize("edition", BOOKS)
def test_every_contents_line_gives_the_page_its_heading_is_on(printed, edition):
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    expected = 1 + sum(1 + len(part["chapters"]) for part in toc["parts"]) + 1  # the root, parts, pages, index
    expected += edition == "book-instructor"  # the solutions' appendix
    contents = _contents(printed, edition)
    assert len(contents) == expected, (len(contents), expected)
    pages = _pages(printed, edition)
    numbers = [n for _, n in contents]
    assert numbers == sorted(numbers) and numbers[-1] < len(pages), numbers
    targets = [a["data-target"] for a in _joined(printed, edition).select(".print-toc a.print-pageref")]
    dests = _destinations(printed, edition)
    for (title, n), target in zip(contents, targets, strict=True):
        assert dests[target] == n, (
            f"{edition}: the contents give p. {n} for {title!r}, which the PDF has on p. {dests[target]}"
        )
        assert _key(title)[:30] in _key(pages[n - 1]), f"{edition}: {title!r} is not on page {n}"


def _index_entries(pages: list[str], start: int) -> list[tuple[str, list[int]]]:
    """(term, pages) of every entry of the printed index, from its first page (pages[start]) to the end."""
    lines = [line.strip() for page in pages[start:] for line in page.splitlines()[1:] if line.strip()]
    entries = []
    for line in lines:
        m = re.fullmatch(r"(.*?),\s*(\d+(?:\s*,\s*\d+)*)", line)
        if m and m.group(1):
            entries.append((m.group(1), [int(n) for n in re.findall(r"\d+", m.group(2))]))
    return entries


def _term(item) -> str:
    """An index entry's own term in the joined page (not its pages, not its subentries)."""
    own = [
        n if isinstance(n, str) else n.get_text() for n in item.children if getattr(n, "name", None) not in ("ul", "a")
    ]
    own += [a.get_text() for a in item.find_all("a", recursive=False) if "print-pageref" not in (a.get("class") or [])]
    return re.sub(r"[\s,]+$", "", " ".join("".join(own).split()))


@pytest.mark.parametrize("edition", BOOKS)
def test_every_index_entry_gives_the_pages_its_term_is_on(printed, edition):
    contents = dict(_contents(printed, edition))
    pages = _pages(printed, edition)
    start = contents["Index"] - 1
    index_text = "\n".join(pages[start:])
    assert "[1]" not in index_text and "[2]" not in index_text, "an index entry gives a link number, not a page"
    joined = _joined(printed, edition).select_one(".print-index")
    items = [
        li for li in joined.select("table.genindextable li") if li.find("a", class_="print-pageref", recursive=False)
    ]
    entries = _index_entries(pages, start)
    assert len(items) >= 100 and len(entries) == len(items), (len(entries), len(items))
    # The pages printed are the pages the PDF puts the entry's anchors on, in order, each once
    dests = _destinations(printed, edition)
    expected = collections.Counter()
    for li in items:
        refs = li.find_all("a", class_="print-pageref", recursive=False)
        expected[(_key(_term(li)), tuple(sorted({dests[r["data-target"]] for r in refs})))] += 1
    got = collections.Counter((_key(term), tuple(numbers)) for term, numbers in entries)
    assert got == expected, (
        f"{edition}: printed {sorted((got - expected).items())[:5]}, expected {sorted((expected - got).items())[:5]}"
    )
    # and the term is there: a word of it on that page, or on the next (an anchor opens the passage it indexes)
    wrong = []
    for term, numbers in entries:
        words = [w for w in re.findall(r"[a-z]{4,}", _key(term).replace("-", " ")) if w not in {"game", "games"}]
        for n in numbers:
            near = _key(pages[n - 1] + pages[n]).replace("-", " ")
            if words and not any(w[:5] in near for w in words):
                wrong.append((term, n))
    assert not wrong, f"{edition}: index entries whose page does not hold the term: {wrong[:10]}"


@pytest.mark.parametrize("edition", BOOKS)
def test_chapters_carry_their_title_as_running_head(printed, edition):
    contents = _contents(printed, edition)
    pages = _pages(printed, edition)
    checked = 0
    for (title, n), (_, after) in itertools.pairwise(contents):
        if not re.match(r"\d+\. ", title) or after <= n + 1:
            continue
        for k in range(n, after - 1):  # every page of the chapter after its first
            head = next(line for line in pages[k].splitlines() if line.strip())
            assert _key(head)[:20] == _key(title)[:20], f"{edition} p. {k + 1}: running head {head!r}, not {title!r}"
        checked += 1
    assert checked >= 17


@pytest.mark.parametrize("edition", BOOKS)
def test_no_screen_furniture_is_printed(printed, edition):
    text = printed[edition]
    for furniture in ("Show code cell", "Hide code cell", "Copy to clipboard", "Toggle navigation", "Skip to main"):
        assert furniture not in text, f"{edition} prints {furniture!r} {text.count(furniture)} times"


MAX_BYTES = 10_000_000


@pytest.mark.parametrize("edition", BOOKS)
def test_each_book_is_at_most_10_mb_with_no_page_sized_image(printed, edition):
    pdf = Path(printed["_dir"]) / f"{edition}.pdf"
    assert pdf.stat().st_size <= MAX_BYTES, f"{edition}: {pdf.stat().st_size / 1e6:.1f} MB"
    listing = _image_list(str(pdf))
    rows = [line.split() for line in listing.splitlines()[2:] if line.strip()]
    assert rows, "pdfimages lists no image"
    # A4 at 150 dpi is 1240 x 1754: an image (or mask) that large is a page painted as a picture
    big = [r for r in rows if int(r[3]) >= 1200 and int(r[4]) >= 1700]
    assert not big, f"{edition}: {len(big)} page-sized images, e.g. {big[:3]}"


def test_transcripts_keep_every_line_whole(printed, built_book):
    """play()'s transcripts print in monospace, each line on one line of the page: none wraps or is cut."""
    lines = []
    for path in CHAPTERS:
        soup = BeautifulSoup(
            (built_book / "notebooks" / f"{path.stem}.html").read_text(encoding="utf-8"), "html.parser"
        )
        for cell in soup.select("div.cell"):
            source = cell.select_one("div.cell_input")
            output = cell.select_one("div.cell_output pre")
            if source and output and "play(" in source.get_text():
                lines += [" ".join(line.split()) for line in output.get_text().splitlines() if line.strip()]
    assert len(lines) >= 30, "no transcripts found"
    # pdftotext's reading order splits a line at a wide gap (the transcripts align their columns): -layout keeps it
    layout = "\n".join(_pages(printed, "book-student", layout=True))
    printed_lines = {" ".join(line.split()) for line in layout.splitlines()}
    broken = [line for line in lines if line not in printed_lines]
    assert not broken, f"{len(broken)} of {len(lines)} transcript lines are not printed whole: {broken[:3]}"


def _appendix(printed) -> str:
    """The instructor edition's appendix of solutions: its pages, from the one the contents give to the index."""
    contents = dict(_contents(printed, "book-instructor"))
    pages = _pages(printed, "book-instructor")
    text = _flat("\f".join(pages[contents[print_book.APPENDIX] - 1 : contents["Index"] - 1]))
    return text[text.index(print_book.APPENDIX, len(print_book.APPENDIX)) :]  # after the first page's running head


def test_the_appendix_heads_each_pages_solutions(printed):
    appendix = _appendix(printed)
    numbers = _chapter_numbers()
    checked = 0
    for path in CHAPTERS:
        n = numbers[path.stem]
        if not exercises(path):
            continue
        heading = appendix.find(f"{n}. {_title(path)}"[:30])
        first = appendix.find(f"Solution to Exercise {n}.1")
        assert 0 <= heading < first, f"no heading before the solutions of chapter {n}"
        checked += 1
    assert checked >= 15
    # The problems for homework's solutions ("Solution to Exercise 1", not 1.1) come under their own heading
    first_problem = re.search(r"Solution to Exercise 1(?![.\d])", appendix)
    assert first_problem, "no problem's solution in the appendix"
    assert re.search(r"\.\d+.*Problems for homework", appendix[: first_problem.start()], re.S), "no heading before them"


# ---------------------------------------------------------------------------------------------------------------
# Quick: the tool's pieces, without a book or a browser


def test_out_that_is_a_file_is_refused_at_once(tmp_path, monkeypatch, capsys):
    existing = tmp_path / "book.pdf"
    existing.write_bytes(b"%PDF old")

    def never(*args, **kwargs):
        raise AssertionError("started work before refusing --out")

    monkeypatch.setattr(print_book, "assemble", never)
    monkeypatch.setattr(print_book, "browser", never)
    assert print_book.main(["--html", str(tmp_path), "--out", str(existing)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--out" in err and str(existing) in err, err
    assert existing.read_bytes() == b"%PDF old"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    out = tmp_path / "book.pdf"
    out.write_bytes(b"%PDF old")
    print_book._write(out, b"%PDF new")
    assert out.read_bytes() == b"%PDF new"

    def broken(fd):
        raise OSError("disk full")

    monkeypatch.setattr(print_book.os, "fsync", broken)
    with pytest.raises(OSError):
        print_book._write(out, b"%PDF partial")
    assert out.read_bytes() == b"%PDF new"
    assert [f.name for f in tmp_path.iterdir()] == ["book.pdf"]


def test_destinations_are_read_from_pdfinfos_listing():
    listing = (
        "Page  Destination                 Name\n"
        '   2 [ XYZ    6  826 null      ] "notebooks-01_playing_nim"\n'
        '  17 [ XYZ   57  375 null      ] "notebooks-03_misere_nim--index-4"\n'
        ' 301 [ XYZ    6  100 null      ] "a name with spaces"\n'
    )
    assert print_book.parse_destinations(listing) == {
        "notebooks-01_playing_nim": 2,
        "notebooks-03_misere_nim--index-4": 17,
        "a name with spaces": 301,
    }


def test_page_numbers_are_printed_again_until_no_target_moves():
    """A number written can push its target to the next page: the next print must catch it and fix it."""
    # Before the numbers are written, "b" is on page 5; writing them pushes it to 6, once
    layouts = iter([{"a": 3, "b": 5}, {"a": 3, "b": 6}, {"a": 3, "b": 6}])
    prints, fills = [], []

    def print_once():
        prints.append(next(layouts))
        return str(len(prints)).encode()

    def fill(found):
        fills.append(dict(found))
        return dict(found)

    pdf, count, written = print_book.settle(print_once, fill, read=lambda pdf: prints[int(pdf) - 1])
    assert written == {"a": 3, "b": 6} and count == 3 and pdf == b"3"
    assert fills == [{"a": 3, "b": 5}, {"a": 3, "b": 6}]
    # Numbers that never settle are an error, not a wrong page
    flip = iter([{"b": 5}, {"b": 6}] * 5)
    with pytest.raises(RuntimeError, match="still moving"):
        print_book.settle(lambda: b"x", dict, passes=4, read=lambda pdf: next(flip))


GENINDEX = """
<section class="print-page" id="genindex"><h1>Index</h1>
<div class="genindex-jumpbox"><a href="#genindex--A"><strong>A</strong></a></div>
<table class="indextable genindextable"><tr><td><ul>
<li><a href="#notebooks-09--index-2">all-but subtraction game</a>, <a href="#notebooks-09--index-5">[1]</a></li>
<li><a href="#notebooks-01--index-0">Nim</a>
  <ul><li><a href="#notebooks-04--index-1">Moore's</a></li></ul></li>
<li>Bouton, Charles
  <ul><li><a href="#notebooks-02--index-0">Nim's solution</a>, <a href="#notebooks-02--index-0">[1]</a></li></ul></li>
</ul></td></tr></table></section>
"""


def test_the_index_gives_pages_not_link_numbers():
    doc = BeautifulSoup(GENINDEX, "html.parser")
    assert print_book.index_pages(doc, doc.section) == 4
    items = doc.select("table li")

    def entry(item):
        own = "".join(str(n) if isinstance(n, str) else n.get_text() for n in item.children if n.name != "ul")
        return " ".join(own.split())

    assert [entry(i) for i in items] == [
        "all-but subtraction game, 000, 000",
        "Nim, 000",
        "Moore's, 000",
        "Bouton, Charles",
        "Nim's solution, 000",  # two links to one place: one page
    ]
    refs = doc.select("a.print-pageref")
    assert [r["data-target"] for r in refs] == [
        "notebooks-09--index-2",
        "notebooks-09--index-5",
        "notebooks-01--index-0",
        "notebooks-04--index-1",
        "notebooks-02--index-0",
    ]
    assert all(r["data-kind"] == "index" for r in refs)
    assert "[1]" not in doc.get_text()


CELLS = """
<article>
<div class="cell tag_hide-input"><details class="hide above-input"><summary aria-label="Toggle hidden content">
<span class="collapsed">Show code cell source</span><span class="expanded">Hide code cell source</span></summary>
<div class="cell_input"><pre>assert compute() == 3</pre></div></details>
<div class="cell_output"><pre>3</pre></div></div>
<div class="cell tag_hide-output"><div class="cell_input"><pre>play()</pre></div>
<details class="hide below-input"><summary><span class="collapsed">Show code cell output</span></summary>
<div class="cell_output"><pre>a transcript</pre></div></details></div>
<details class="dropdown"><summary>Hint</summary><p>Think of binary.</p></details>
<div class="highlight"><button class="copybtn">Copy</button><pre>x = 1</pre></div>
</article>
"""


def test_the_screens_folds_print_plainly():
    doc = BeautifulSoup(CELLS, "html.parser")
    print_book.plain_cells(doc.article)
    text = " ".join(doc.get_text(" ").split())
    assert "code cell" not in text and "Copy" not in text
    assert "assert compute()" not in text, "a hidden input is printed"
    assert "3" in text and "a transcript" in text and "play()" in text
    assert not doc.select("details.hide, summary[aria-label], button")
    hint = doc.find("details")
    assert hint is not None and hint.has_attr("open") and hint.summary.get_text() == "Hint"


def test_the_solutions_appendix_has_a_heading_per_page():
    html = """<body>
<section class="print-page" id="ch1"><h1>1. Playing Nim</h1>
<div class="exercise" id="ch1--ex"><p class="admonition-title">Exercise 1.1</p></div>
<div class="solution"><p class="admonition-title"><a href="#ch1--ex">Solution to Exercise 1.1</a></p></div></section>
<section class="print-page" id="problems"><h1>Problems for homework</h1>
<div class="exercise" id="problems--p1"><p class="admonition-title">Exercise 1</p></div>
<div class="solution"><p class="admonition-title"><a href="#problems--p1">Solution to Exercise 1</a></p></div></section>
</body>"""
    doc = BeautifulSoup(html, "html.parser")
    assert print_book.solutions_to_appendix(doc, doc.body, "instructor") == 2
    appendix = doc.find(id="print-solutions")
    order = [n.get_text(" ", strip=True) for n in appendix.select("h1, h2, p.admonition-title")]
    assert order == [
        print_book.APPENDIX,
        "1. Playing Nim",
        "Solution to Exercise 1.1",
        "Problems for homework",
        "Solution to Exercise 1",
    ]


def test_cross_references_into_other_chapters_get_a_page():
    html = """<body>
<section class="print-page" id="ch1"><h1>One</h1>
<p><a class="reference internal" href="#ch2--thm-x">Theorem 2.1</a>,
<a class="reference internal" href="#ch1--thm-y">Theorem 1.3</a>,
<a class="reference internal" href="#book-glossary--term-nim">nim-sum</a>,
<a class="reference internal" href="#ch2"><span class="std std-doc">Chapter 2</span></a></p></section>
<section class="print-page" id="ch2"><h1>Two</h1><div id="ch2--thm-x"></div></section></body>"""
    doc = BeautifulSoup(html, "html.parser")
    assert print_book.reference_pages(doc, doc.body) == 2
    targets = [r["data-target"] for r in doc.select(".print-xref-page a.print-pageref")]
    assert targets == ["ch2--thm-x", "ch2"]  # not within the chapter, not a glossary term


def test_running_heads_are_css_strings():
    doc = BeautifulSoup("<section></section>", "html.parser")
    rule = print_book.running_head(doc, doc.section, 7, 'The "quote" \\ and\nline')
    assert doc.section["style"] == "page: print-head-7;"
    assert rule.startswith("@page print-head-7 {")
    assert 'content: "The \\"quote\\" \\\\ and\\a line"' in rule


def _link_targets(pdf: Path) -> list[str]:
    """Every external link target (a /URI action) of a PDF Chromium printed (it leaves link annotations plain)."""
    return [u.decode("latin-1") for u in re.findall(rb"/URI \(([^)]*)\)", pdf.read_bytes())]


def test_no_link_of_the_student_book_opens_a_solution(printed):
    """The student book's links: Binder opens the student copies, and nothing opens the repository itself."""
    folder = Path(printed["_dir"])
    repository = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["repository"]["url"]
    student, instructor = _link_targets(folder / "book-student.pdf"), _link_targets(folder / "book-instructor.pdf")
    launches = [u for u in student if u.startswith("https://mybinder.org/")]
    assert len(launches) >= 17, f"only {len(launches)} Binder links in the student book: the check would pass vacuously"
    assert all("urlpath=lab/tree/student/" in u for u in launches), [u for u in launches if "/student/" not in u][:3]
    assert not [u for u in student if u.startswith(repository)]
    # The instructor book keeps both (else the checks above could not see a leak)
    assert any(u.startswith(repository) for u in instructor)
    assert any("urlpath=lab/tree/notebooks/" in u for u in instructor)
    # Nor does the student book speak of what it leaves out (the `{only} instructor` passages)
    said = re.compile(r"quoted in the solutions|after a solution checks|cell after the exercises|solution folded")
    assert not said.search(_flat(printed["book-student"])) and said.search(_flat(printed["book-instructor"]))


def test_the_student_book_links_no_repository_and_launches_copies():
    config = {"repository": {"url": "https://github.com/o/r", "branch": "main"}}
    doc = BeautifulSoup(
        '<article><p>Cite <a href="https://github.com/o/r">https://github.com/o/r</a>, '
        '<a href="https://example.org/">elsewhere</a>.</p><div class="cell_output">'
        '<script type="application/vnd.jupyter.widget-view+json">{}</script></div></article>',
        "html.parser",
    )
    assert print_book.unlink_repository(doc.article, config) == 1
    assert not doc.find("a", href=re.compile("github")) and "https://github.com/o/r" in doc.get_text()
    assert doc.find("a", href="https://example.org/")
    assert print_book.printable_games(doc.article, "notebooks/01_x", config, "student") == 1
    assert doc.find("a", href=re.compile(r"urlpath=lab/tree/student/notebooks/01_x\.ipynb$"))
