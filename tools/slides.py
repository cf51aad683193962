"""Lecture slides: one reveal.js deck per lecture of the course page's 6-week path, made from the built book.

A lecturer asks for slides first, after the PDF. Each deck is cut from the chapter pages of the built book (so
its numbers, cross-references and games are the book's, never copied by hand), for the sections that the
course page's path names for that lecture (``SIX_WEEKS`` in nimlib/assignment/paths.py, which the course page
draws):
- a title slide: the lecture, its week, its chapter and sections;
- one slide per definition, theorem, lemma, corollary, proposition and algorithm stated in those sections
  (the statement, not the proof), with the book's numbers;
- one worked example: the code cell tagged ``slide-example`` in those sections, else the first visible code
  cell there with a short printed output (its input and output);
- a game: the chapter's first play widget, mounted by the book's own classic-script front end over its saved
  state (no kernel, no network: it plays from disk);
- a last slide: what to read and do before the next lecture, linked to the chapter.
The 4-week path's 8 lectures are a selection of these 12 decks: the index names both paths' decks.

Each deck opens from disk (file://) with no network: reveal.js (tools/slides/vendor/reveal, MIT), MathJax, the
front end and its stylesheet are copied beside the decks. Usage, after the build command of the README:

    python tools/slides.py [--book _build/html] [--out _build/slides]

tests/test_slides.py opens every deck in headless Chromium from file:// and checks its math and its game.
"""

from __future__ import annotations

import argparse
import copy
import html
import json
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
REVEAL = Path(__file__).resolve().parent / "slides" / "vendor" / "reveal"
STYLE = Path(__file__).resolve().parent / "slides" / "slides.css"
# What a statement slide shows (sphinx-proof's classes); proofs stay in the book
STATEMENTS = ("definition", "theorem", "lemma", "corollary", "proposition", "algorithm")
EXAMPLE_TAG = "slide-example"
# A worked example is short enough to read from the back of a room
EXAMPLE_MAX_LINES = 16
# Saved models that are play widgets, not drills or puzzles (book/_ext/loader.js: isPlayModel)
NOT_PLAY_MODES = ("drill", "puzzle")


@dataclass(frozen=True)
class Lecture:
    """One lecture of a path: its number, and the (chapter label, section title prefixes) it covers."""

    number: int
    parts: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def week(self) -> int:
        return (self.number + 1) // 2


def lectures(path: list) -> list[Lecture]:
    """A path of the course page (``nimlib.assignment.paths.SIX_WEEKS`` or ``FOUR_WEEKS``) as lectures."""
    return [
        Lecture(i, tuple((label, tuple(prefixes)) for label, prefixes in lecture)) for i, lecture in enumerate(path, 1)
    ]


def four_week_decks(six: list[Lecture], four: list[Lecture]) -> dict[int, int]:
    """For each 4-week lecture, the 6-week deck that covers the same chapters and sections (every one has one)."""
    by_parts = {lecture.parts: lecture.number for lecture in six}
    found = {}
    for lecture in four:
        match = by_parts.get(lecture.parts)
        if match is None:  # the same chapters, the 6-week lecture covering at least these sections
            match = next(
                (
                    s.number
                    for s in six
                    if [label for label, _ in s.parts] == [label for label, _ in lecture.parts]
                    and all(set(p) <= set(q) for (_, p), (_, q) in zip(lecture.parts, s.parts, strict=True))
                ),
                None,
            )
        if match is None:
            raise ValueError(f"4-week lecture {lecture.number} has no 6-week deck covering it")
        found[lecture.number] = match
    return found


def _soup(path: Path):
    from bs4 import BeautifulSoup

    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def chapter_pages(book: Path) -> dict[str, Path]:
    """Each chapter label (``ch-…``) of the built book, with its page."""
    pages = {}
    for page in sorted((book / "notebooks").glob("*.html")):
        for label in re.findall(r'id="(ch-[\w-]+)"', page.read_text(encoding="utf-8")):
            pages.setdefault(label, page)
    return pages


def _title_text(heading) -> str:
    """A heading's words, without its section number and permalink."""
    text = heading.get_text(" ", strip=True).rstrip("#").strip()
    text = text.translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'}))
    return re.sub(r"^[\d.]+\s+", "", text)


def _sections(soup, prefixes: tuple[str, ...]) -> list:
    """The page's h2/h3 sections whose titles start with the given words (each prefix must match one)."""
    found = []
    for prefix in prefixes:
        match = [
            section
            for section in soup.select("section[id]")
            if (heading := section.find(["h2", "h3"], recursive=False)) is not None
            and _title_text(heading).replace("$", "").lower().startswith(prefix.lower())
        ]
        if not match:
            raise ValueError(f"no section starts with {prefix!r}")
        found.append(match[0])
    return found


def _heading_section(node):
    """The nearest enclosing section that has its own h2/h3 heading (not sphinx-proof's statement section)."""
    for parent in node.parents:
        if parent.name == "section" and parent.find(["h2", "h3"], recursive=False) is not None:
            return parent
    return None


def _in_scope(node, sections: list) -> bool:
    """Whether ``node`` belongs to one of the chosen sections itself, not to a subsection left out of them."""
    return any(_heading_section(node) is section for section in sections)


def _relink(node, page: Path, deck: Path) -> None:
    """Point the node's relative links (from ``page``) at the same targets from ``deck``; drop duplicate ids."""
    for tag in node.find_all(True):
        for attribute in ("href", "src"):
            value = tag.get(attribute)
            if not value or re.match(r"^[a-z][a-z0-9+.-]*:", value, re.I):
                continue
            if value.startswith("#"):
                value = page.name + value
            target = os.path.normpath(os.path.join(page.parent, value.split("#")[0]))
            anchor = "#" + value.split("#", 1)[1] if "#" in value else ""
            tag[attribute] = PurePosixPath(os.path.relpath(target, deck.parent)).as_posix() + anchor
        if tag.get("id"):
            del tag["id"]


def statement_slides(sections: list, page: Path, deck: Path) -> list[str]:
    """One slide per stated result in the sections: its numbered title and its statement."""
    slides = []
    seen = set()
    for section in sections:
        for box in section.select("div.proof"):
            kind = next((k for k in STATEMENTS if k in box.get("class", [])), None)
            if kind is None or box.get("id") in seen or not _in_scope(box, sections):
                continue
            seen.add(box.get("id"))
            box = copy.copy(box)
            _relink(box, page, deck)
            for inner in box.find_all("section"):
                inner.name = "div"  # reveal.js takes a <section> inside a slide for a slide of its own
            title = box.select_one("p.admonition-title")
            heading = title.get_text(" ", strip=True) if title else kind.title()
            if title:
                title.decompose()
            slides.append(
                f'<section class="nimslides-statement"><h2>{html.escape(heading)}</h2>'
                f'<div class="nimslides-{kind}">{box.decode_contents()}</div></section>'
            )
    return slides


def _visible_code_cells(sections: list) -> list:
    return [
        cell
        for section in sections
        for cell in section.select("div.cell")
        if "tag_hide-input" not in cell.get("class", [])
        and cell.select_one("div.cell_input")
        and _in_scope(cell, sections)
    ]


def example_slide(sections: list, page: Path, deck: Path) -> str | None:
    """The lecture's worked example: the cell tagged ``slide-example``, else the first short printed one."""
    cells = _visible_code_cells(sections)
    tagged = [cell for cell in cells if f"tag_{EXAMPLE_TAG}" in cell.get("class", [])]
    for cell in tagged or cells:
        output = cell.select_one("div.cell_output pre")
        if output is None or cell.select_one("div.nimlib-mount, script"):
            continue
        lines = output.get_text().strip("\n").splitlines()
        if not lines or (len(lines) > EXAMPLE_MAX_LINES and not tagged):
            continue
        if len(lines) > EXAMPLE_MAX_LINES:  # a tagged cell's long output: its first printed blocks
            blocks = "\n".join(lines).split("\n\n")
            kept = [blocks[0]]
            while (
                len(kept) < len(blocks)
                and len("\n\n".join([*kept, blocks[len(kept)]]).splitlines()) <= EXAMPLE_MAX_LINES
            ):
                kept.append(blocks[len(kept)])
            more = len(blocks) - len(kept)
            lines = "\n\n".join(kept).splitlines() + ([f"… (the chapter prints {more} more)"] if more else [])
        code = cell.select_one("div.cell_input pre").get_text().strip("\n")
        return (
            '<section class="nimslides-example"><h2>Worked example</h2>'
            f'<pre class="nimslides-code"><code>{html.escape(code)}</code></pre>'
            f'<pre class="nimslides-output">{html.escape(chr(10).join(lines))}</pre></section>'
        )
    return None


def _saved_models(soup) -> dict[str, dict]:
    models = {}
    for script in soup.select('script[type="application/vnd.jupyter.widget-state+json"]'):
        models.update(json.loads(script.string or "{}").get("state", {}))
    return models


def game_slide(soup, sections: list, title: str) -> tuple[str, dict] | None:
    """The first play widget of the lecture's sections, else of the chapter: its slide and its saved model."""
    models = _saved_models(soup)
    for scope in (*sections, soup):
        for view in scope.select('script[type="application/vnd.jupyter.widget-view+json"]'):
            model_id = json.loads(view.string or "{}").get("model_id")
            saved = models.get(model_id)
            state = (saved or {}).get("state", {})
            if not (isinstance(state.get("game"), str) and state.get("mode") not in NOT_PLAY_MODES):
                continue
            view_json = json.dumps({"version_major": 2, "version_minor": 1, "model_id": model_id})
            slide = (
                f'<section class="nimslides-game"><h2>Play: {html.escape(title)}</h2>'
                '<div class="nimlib-mount"><p class="nimlib-needs-js">This game runs in your browser and needs '
                "JavaScript.</p></div>"
                f'<script type="application/vnd.jupyter.widget-view+json">{view_json}</script></section>'
            )
            return slide, {model_id: saved}
    return None


def deck(lecture: Lecture, pages: dict[str, Path], out: Path) -> tuple[str, dict[str, int]]:
    """The lecture's deck as one HTML page, and what it holds (slide counts), for the index and the tests."""
    target = out / f"lecture-{lecture.number:02d}.html"
    slides: list[str] = []
    titles = []
    models: dict[str, dict] = {}
    counts = {"statements": 0, "examples": 0, "games": 0}
    for label, prefixes in lecture.parts:
        if label not in pages:
            raise ValueError(f"lecture {lecture.number}: no chapter page has the label {label}")
        page = pages[label]
        soup = _soup(page)
        chapter = _title_text(soup.find("h1"))
        sections = _sections(soup, prefixes)
        titles.append((chapter, [_title_text(s.find(["h2", "h3"], recursive=False)) for s in sections], page))
        statements = statement_slides(sections, page, target)
        slides += statements
        counts["statements"] += len(statements)
        if counts["examples"] == 0 and (example := example_slide(sections, page, target)):
            slides.append(example)
            counts["examples"] += 1
        if counts["games"] == 0 and (game := game_slide(soup, sections, chapter)):
            slides.append(game[0])
            models.update(game[1])
            counts["games"] += 1
    link = lambda page: PurePosixPath(os.path.relpath(page, target.parent)).as_posix()  # noqa: E731
    opening = "".join(
        f"<p><strong>{html.escape(chapter)}</strong>: {html.escape('; '.join(names))}</p>"
        for chapter, names, _ in titles
    )
    first = (
        f'<section class="nimslides-title"><p class="nimslides-kicker">Week {lecture.week} · Lecture '
        f"{lecture.number}</p><h1>Nim &amp; Sprague–Grundy</h1>{opening}</section>"
    )
    reading = "".join(
        f'<li><a href="{html.escape(link(page))}">{html.escape(chapter)}</a>: its <em>Checking the theorem</em>, '
        "<em>Play</em> and <em>Exercises</em> sections</li>"
        for chapter, _, page in titles
    )
    last = f'<section class="nimslides-reading"><h2>Before the next lecture</h2><ul>{reading}</ul></section>'
    state = json.dumps({"version_major": 2, "version_minor": 0, "state": models}).replace("</", "<\\/")
    title = f"Lecture {lecture.number}: " + "; ".join(chapter for chapter, _, _ in titles)
    page_html = PAGE.format(
        title=html.escape(title), slides="\n".join([first, *slides, last]), state=state, lecture=lecture.number
    )
    return page_html, counts


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="assets/reveal/reveal.css">
<link rel="stylesheet" href="assets/slides.css">
<link rel="stylesheet" href="assets/nimlib/widget.css">
<script>
window.MathJax = {{"options": {{"processHtmlClass": "tex2jax_process|mathjax_process|math|output_area"}}}};
</script>
<script defer src="assets/mathjax/tex-chtml.js"></script>
</head>
<body>
<main class="reveal" aria-label="{title}">
<div class="slides">
{slides}
</div>
</main>
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
<script src="assets/reveal/reveal.js"></script>
<script src="assets/nimlib/play.js"></script>
<script>
Reveal.initialize({{hash: true, width: 1280, height: 800, margin: 0.04, center: false,
  keyboardCondition: (event) => !(event.target && event.target.closest && event.target.closest(".nimlib-mount"))}});
</script>
</body>
</html>
"""


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all (nimlib's one way: a temporary file in the same folder, then a rename)."""
    from nimlib._atomic import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path, what=path.name) as stream:
        stream.write(text)


def copy_assets(book: Path, out: Path) -> None:
    """reveal.js, the slides' stylesheet, MathJax and the games' front end, beside the decks."""
    assets = out / "assets"
    for source, target in (
        (REVEAL, assets / "reveal"),
        (book / "_static" / "mathjax", assets / "mathjax"),
        (book / "_static" / "nimlib", assets / "nimlib"),
    ):
        if not source.is_dir():
            raise FileNotFoundError(f"{source} is missing: build the book first (the README's build command)")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target)
    _write(assets / "slides.css", STYLE.read_text(encoding="utf-8"))


def make_slides(book: Path, out: Path) -> dict[int, dict[str, int]]:
    """Every deck of the 6-week path and their index; what each deck holds."""
    from nimlib.assignment.paths import FOUR_WEEKS, SIX_WEEKS

    six, four = lectures(SIX_WEEKS), lectures(FOUR_WEEKS)
    selection = four_week_decks(six, four)
    pages = chapter_pages(book)
    if not pages:
        raise FileNotFoundError(f"{book} holds no chapter page: build the book first")
    copy_assets(book, out)
    held = {}
    for lecture in six:
        text, counts = deck(lecture, pages, out)
        _write(out / f"lecture-{lecture.number:02d}.html", text)
        held[lecture.number] = counts
    rows6 = "".join(
        f'<li><a href="lecture-{n:02d}.html">Lecture {n}</a> (week {(n + 1) // 2})</li>' for n in sorted(held)
    )
    rows4 = "".join(
        f'<li>Lecture {n} (week {(n + 1) // 2}): <a href="lecture-{d:02d}.html">deck {d}</a></li>'
        for n, d in sorted(selection.items())
    )
    index = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Nim &amp; Sprague–Grundy: slides'
        '</title><link rel="stylesheet" href="assets/slides.css"></head><body class="nimslides-index"><main>'
        "<h1>Slides</h1><h2>Six weeks</h2><ol>"
        f"{rows6}</ol><h2>Four weeks</h2><p>The 4-week path's lectures are a selection of the same decks.</p>"
        f"<ul>{rows4}</ul></main></body></html>\n"
    )
    _write(out / "index.html", index)
    return held


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--book", default="_build/html", help="the built book (default: _build/html)")
    parser.add_argument("--out", default="_build/slides", help="where the decks go (default: _build/slides)")
    args = parser.parse_args(argv)
    book, out = Path(args.book).resolve(), Path(args.out).resolve()
    if out == book or book.is_relative_to(out):
        print(f"slides: --out must not hold the book, got {args.out!r}", file=sys.stderr)
        return 2
    try:
        held = make_slides(book, out)
    except (FileNotFoundError, ValueError) as error:
        print(f"slides: {error}", file=sys.stderr)
        return 2
    for number, counts in held.items():
        print(
            f"lecture {number:2d}: {counts['statements']} statements, {counts['examples']} example, "
            f"{counts['games']} game"
        )
    print(f"slides: {len(held)} decks and index.html in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
