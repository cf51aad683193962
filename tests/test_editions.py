"""The student and instructor editions, the index, moved chapters and citations, in text-only builds.

Both editions come from one source and one switch (NIMBOOK_EDITION). The student edition must hold no
solution's words anywhere (pages, search index, sources); the instructor edition must hold them all (else the
check could not see a solution). These builds run no chapter (NIMBOOK_EXECUTE=off): the text is what they test.
The instructor edition is the default build, so a session that builds the whole book (``built_book``) reads
that build instead of making a text-only one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import ROOT, session_uses, tool
from .exercises import CHAPTERS, PROBLEMS, SOLUTION, exercises, markdown, plain, solution_lines

pytestmark = pytest.mark.slow


def _build(source: Path, out: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [tool("jupyter-book"), "build", str(source), "--all", "-W", "-n", "--keep-going", "--path-output", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NIMBOOK_EXECUTE": "off", **env},
    )


@pytest.fixture(scope="module")
def editions(tmp_path_factory, request) -> dict[str, Path]:
    """Each edition's HTML root. The instructor edition is the book's default build: when this session builds
    the whole book anyway (``built_book``, for the page tests), that build serves, one build fewer; it holds
    all the text a text-only build does, and the chapters' outputs besides."""
    built = {}
    for name in ("student", "instructor"):
        if name == "instructor" and session_uses(request.session, "built_book"):
            built[name] = request.getfixturevalue("built_book")
            continue
        out = tmp_path_factory.mktemp(name)
        result = _build(ROOT, out, NIMBOOK_EDITION=name)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        built[name] = out / "_build" / "html"
    return built


def _all_text(html_root: Path) -> str:
    """Every file a reader could open: pages, their sources and the search index, tags removed."""
    parts = []
    for path in html_root.rglob("*"):
        if path.suffix in (".html", ".js", ".txt", ".ipynb", ".md") and "_static" not in path.parts[-3:-1]:
            parts.append(path.read_text(encoding="utf-8", errors="replace"))
    import html

    return plain(html.unescape(re.sub(r"<[^>]+>", " ", "\n".join(parts))))


def test_student_edition_holds_no_solution(editions):
    # A solution's own words: not those that the book's other text happens to use too
    sources = [*CHAPTERS, PROBLEMS]  # the chapters' exercises and the problems for homework
    elsewhere = plain(" ".join(SOLUTION.sub(" ", markdown(path)) for path in sources))
    sentences = {
        (ex.chapter, ex.label, s)
        for path in sources
        for ex in exercises(path)
        for s in solution_lines(ex.solution or "")
        if s not in elsewhere
    }
    labels = {label for _, label, _ in sentences}
    assert len(labels) >= 100, f"only {len(labels)} solutions have sentences to look for"
    student, instructor = _all_text(editions["student"]), _all_text(editions["instructor"])
    # The instructor edition shows them (so the search below can find a solution when there is one)
    missing = [(c, label, s) for c, label, s in sentences if s not in instructor]
    assert len(missing) <= len(sentences) // 20, missing[:5]
    leaked = [(c, label, s) for c, label, s in sentences if s in student]
    assert not leaked, leaked[:5]
    for chapter in CHAPTERS:
        page = editions["student"] / "notebooks" / f"{chapter.stem}.html"
        html = page.read_text(encoding="utf-8")
        assert 'class="solution' not in html and "Solution to" not in html, page.name
        assert "Hint" in html, f"{page.name}: the student edition lost the hints"
    answers = sum(
        p.read_text(encoding="utf-8").count("tag_exercise-answers")
        for p in (editions["instructor"] / "notebooks").glob("*.html")
    )
    assert answers >= 17, "the instructor edition shows no answer-checking cell: the check below would pass vacuously"
    for page in (editions["student"] / "notebooks").glob("*.html"):
        assert "tag_exercise-answers" not in page.read_text(encoding="utf-8"), f"{page.name} shows an answer cell"
    # The problems for homework: unsolved for students (no solution, no cell checking the answers), hints kept
    problems = {name: (editions[name] / "book" / "problems.html").read_text(encoding="utf-8") for name in editions}
    assert "tag_exercise-answers" in problems["instructor"] and 'class="solution' in problems["instructor"]
    assert "tag_exercise-answers" not in problems["student"] and 'class="solution' not in problems["student"]
    assert problems["student"].count("Hint") >= len(exercises(PROBLEMS))
    assert "(student edition)" in (editions["student"] / "book" / "intro.html").read_text(encoding="utf-8")


def test_every_page_footer_names_licence_and_version(editions):
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    pages = [p for p in editions["instructor"].rglob("*.html") if "_static" not in p.parts]
    chapters = [p for p in pages if p.parent.name == "notebooks" and p.stem in {c.stem for c in CHAPTERS}]
    assert len(chapters) == len(CHAPTERS)
    for page in [*chapters, editions["instructor"] / "book" / "intro.html"]:
        html = page.read_text(encoding="utf-8")
        footer = re.search(r'<p class="nimbook-licence">(.*?)</p>', html, re.S)
        assert footer, f"{page.name}: no licence in the footer"
        assert f"version {version}" in footer[1] and "CC BY-SA 4.0" in footer[1] and "MIT" in footer[1]
        assert "licence-and-citation" in footer[1]


def test_the_index_lists_every_glossary_term(editions):
    glossary = (ROOT / "book" / "notation.md").read_text(encoding="utf-8")
    terms = []
    for block in re.findall(r"```\{glossary\}\n(.*?)```", glossary, re.S):
        terms += [line for line in block.splitlines() if line and not line.startswith(" ")]
    assert len(terms) >= 60, terms
    index = (editions["instructor"] / "genindex.html").read_text(encoding="utf-8")
    import html

    entries = {
        plain(html.unescape(re.sub(r"<[^>]+>", "", e))).lower() for e in re.findall(r"<li><a [^>]*>(.*?)</a>", index)
    }
    missing = [t for t in terms if re.sub(r"\$[^$]*\$", "", t).strip().lower() not in entries and "$" not in t]
    assert not missing, missing
    assert len(entries) >= len(terms)


def test_old_chapter_addresses_reach_their_chapters(editions):
    import sys

    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        from nimbook import OLD_CHAPTERS
    finally:
        sys.path.remove(str(ROOT / "book" / "_ext"))
    html_root = editions["instructor"]
    assert len(OLD_CHAPTERS) == 13
    for old, new in OLD_CHAPTERS.items():
        assert (html_root / f"{new}.html").is_file(), new
        page = (html_root / f"{old}.html").read_text(encoding="utf-8")
        target = Path(new).name + ".html"
        assert f'url={target}"' in page and f'location.replace("{target}" + location.hash)' in page, old


def test_an_unknown_citation_key_fails_the_strict_build(tmp_path):
    copy = tmp_path / "book"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(".venv", "_build", ".git", "tests", "tools", "__pycache__", "*.egg-info"),
    )
    page = copy / "book" / "references.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nAs {cite}`nosuchwork1999` showed.\n", encoding="utf-8")
    result = _build(copy, tmp_path / "out")
    assert result.returncode != 0
    assert "nosuchwork1999" in result.stdout + result.stderr


def test_no_link_of_the_student_edition_opens_a_solution(editions):
    """The repository holds every solution: the student edition links to none of it, and launches only copies.

    Every link out of the book is either to a page that holds no solution (the licence, sources cited) or a
    Binder launch of a student copy (tools/student_copy.py, written by .binder/postBuild), whose file exists.
    """
    from .test_binder import declared_repository

    repository = declared_repository()
    slug = repository.removeprefix("https://github.com/")
    launches, links = [], []
    for page in editions["student"].rglob("*.html"):
        for url in re.findall(r'(?:href|src)="([^"]+)"', page.read_text(encoding="utf-8")):
            links.append((page.name, url))
            if url.startswith("https://mybinder.org/"):
                launches.append((page.name, url))
    assert len(launches) >= 17, f"only {len(launches)} launch links: the check below would pass vacuously"
    assert not [(p, u) for p, u in links if slug in u and not u.startswith("https://mybinder.org/")]
    assert not [(p, u) for p, u in links if re.search(r"\.(ipynb|md)(\?|$)", u) and "mybinder" not in u]
    for page, url in launches:
        path = re.search(r"urlpath=lab/tree/(.+)$", url).group(1)
        assert path.startswith("student/"), f"{page} launches {path}, not a student copy"
        target = path.removeprefix("student/")
        assert target == "notebooks" or (ROOT / target).is_file(), f"{page} launches {path}: no such source"
    # The instructor edition keeps its repository button and launches the chapters themselves
    instructor = (editions["instructor"] / "notebooks" / "01_playing_nim.html").read_text(encoding="utf-8")
    assert repository in instructor and "urlpath=lab/tree/notebooks/01_playing_nim.ipynb" in instructor
    # What the student edition leaves out it does not speak of; the instructor edition still says it
    said = re.compile(r"quoted in the solutions|after a solution checks|cell after the exercises|solutions are not in")
    spoken = [p.name for p in editions["student"].rglob("*.html") if said.search(p.read_text(encoding="utf-8"))]
    assert not spoken, spoken
    assert said.search((editions["instructor"] / "notebooks" / "02_bouton_xor_rule.html").read_text(encoding="utf-8"))
