"""The printable edition: the whole book as one PDF, per edition, and a problem sheet per part.

Usage (after the book is built, from the repository root; needs chromium and chromedriver):

    .venv/bin/python tools/print_book.py [--html _build/html] [--out _build/pdf] [--edition both]

Why this route: the HTML build has run every chapter already, numbered every chapter, theorem and exercise,
and resolved every cross-reference; printing it with the headless Chromium the tests already use gives the
same mathematics (MathJax), figures and game boards, with no second execution and no TeX installation. The
pages are joined in table-of-contents order into one document (``_static/print/book-<edition>.html`` in the
HTML book, so its static files resolve): links between pages become links inside the PDF, every game,
puzzle and the lab is drawn by the games' own front end at its start position with the address where it
can be played (its controls are not printed), code cells that only compute what the prose states are left
out (their output stays), and the page furniture (sidebars, buttons) is not printed.

Editions, from the same switch as the HTML book (NIMBOOK_EDITION's two values): the student edition holds
no solution; the instructor edition moves every solution to an appendix, each linked to and from its
exercise. Problem sheets: one PDF per part of the book, its chapters' exercises, then its problems for homework
from book/problems.md (the section headed by the part's caption), all with their hints, for handing out
(solutions are in the instructor edition).
"""

from __future__ import annotations

import argparse
import base64
import copy
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urldefrag

import yaml
from bs4 import BeautifulSoup, Tag

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = ("student", "instructor")
APPENDIX = "Appendix: solutions to the exercises"
ANSWER_TAG = "exercise-answers"  # book/_ext/nimbook.py's tag of the cells that check exercises' answers
STATE_TYPE = "application/vnd.jupyter.widget-state+json"
# Where a game can be played: the chapter's page in the HTML book, and Binder
BINDER = "https://mybinder.org/v2/gh/{repo}/{branch}?urlpath=lab/tree/{path}"
# Where Binder's postBuild writes the student copies of the chapters (tools/student_copy.py, book/_ext/nimbook.py)
STUDENT_COPIES = "student"
# The class book/_ext/nimbook.py gives what an `{only} instructor` block holds
INSTRUCTOR_CLASS = "nimbook-instructor"

PRINT_CSS = """
@page {
  size: A4; margin: 20mm 16mm 18mm 16mm;
  @bottom-center { content: counter(page); font: 8pt sans-serif; color: #444; }
}
@page print-cover { @bottom-center { content: none; } }
html { font-size: 10.5pt; }
body { background: white !important; }
.print-cover { page: print-cover; }
.print-part-title { page-break-before: always; break-before: page; font-size: 2em; margin: 40vh 0 0 0; }
.print-page { page-break-before: always; break-before: page; }
.print-page h1 { font-size: 1.9em; }
.print-cover { text-align: center; padding-top: 30vh; }
.print-cover h1 { font-size: 2.6em; margin-bottom: 0.3em; }
/* The contents: a title, dotted leaders, the page number on the right */
.print-toc ol { list-style: none; padding-left: 0; }
.print-toc li { margin: 0.2em 0; display: flex; align-items: baseline; }
.print-toc li.part { font-weight: bold; margin-top: 0.8em; }
.print-toc li > a:first-child { color: inherit; text-decoration: none; }
.print-toc .print-leader { flex: 1 1 auto; border-bottom: 1px dotted #777; margin: 0 0.4em; min-width: 2em; }
.print-pageref { font-variant-numeric: tabular-nums; }
.print-toc .print-pageref { flex: 0 0 auto; min-width: 2em; text-align: right; color: inherit; text-decoration: none; }
.print-xref-page { white-space: nowrap; }
/* The index: term, page, page */
.print-index a.print-pageref { color: inherit; text-decoration: none; }
.print-index .genindex-jumpbox { display: none; }
/* The page furniture of the HTML book */
.headerlink, .toggle-button, .copybtn, button.toggle-details__summary, .cell_input .copybtn,
.nimlib-needs-js, .sd-btn, nav, .bd-header, .bd-sidebar-primary, .bd-sidebar-secondary, .prev-next-area,
.bd-footer, .bd-footer-content, .header-article, .dropdown-toggle, .tag_hide-cell > details > summary,
details.hide > summary { display: none !important; }
/* Chromium paints a blurred shadow or a filter as a grey JPEG with a mask at 300 dpi (a page-sized one behind a
   long box): none in print. The theme's shadows are !important too, so these rules outweigh any class (:not(#id)) */
html:not(#print-none) body *, html:not(#print-none) body *::before, html:not(#print-none) body *::after {
  box-shadow: none !important; text-shadow: none !important; filter: none !important;
  backdrop-filter: none !important;
}
/* Folded blocks print open: hints, proofs, "Going further" boxes */
details { display: block; } details > summary { list-style: none; }
.toggle-hidden, .toggle-details__container {
  display: block !important; visibility: visible !important; height: auto !important;
}
.admonition.dropdown > *, .dropdown .admonition > * { display: block !important; }
/* Code that only computes what the prose states (tag hide-input) is not printed; its output is */
.tag_hide-input .cell_input, .tag_remove-input .cell_input { display: none !important; }
div.cell_input, div.highlight { break-inside: avoid; }
/* Code and transcripts keep their lines: never wrapped (print_pdf shrinks a block that is too wide) */
pre { white-space: pre !important; word-break: normal !important; overflow-wrap: normal !important;
  overflow: visible !important; font-size: 0.85em; }
img { max-width: 100%; break-inside: avoid; }
figure, table, .admonition, .proof, .exercise, .solution, .nimlib-print { break-inside: avoid; }
/* A game prints as its board at the start position, with where to play it */
.nimlib-controls, .nimlib-explain, .nimlib-history, .nimlib-hint, .nimlib-status, .nimlib-live, .nimlib-typed,
.nimlib-msg, .nimlib-help, .nimlib-puzzle-score, .nimlib-puzzle-answers, .nimlib-puzzle-feedbox,
.nimlib-puzzle-feedback, .nimlib-puzzle-why, .nimlib-lab, [data-review],
/* A drill prints its problem (the rows, the table, the picture); the answer boxes are for the screen */
.nimlib-drill-form, .nimlib-drill-inputs, .nimlib-drill-feedback, .nimlib-drill-score, .nimlib-drill button,
.nimlib-drill input, .nimlib-drill select { display: none !important; }
.nimlib-print { border: 1px solid #999; border-radius: 4px; padding: 4px 8px; margin: 6px 0; }
.nimlib-print-caption { font-size: 0.9em; color: #333; margin: 2px 0 0 0; }
.print-solution-back { font-size: 0.9em; }
.print-solution-link { font-size: 0.9em; margin: 0.2em 0 0.6em 0; }
#print-solutions h2 { break-after: avoid; margin-top: 1.2em; }
"""


def toc_pages(root: Path = ROOT) -> list[tuple[str | None, str]]:
    """(part caption, docname) in reading order: the root page, then every part's chapters."""
    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    pages: list[tuple[str | None, str]] = [(None, toc["root"])]
    for part in toc.get("parts", []):
        for entry in part.get("chapters", []):
            pages.append((part.get("caption"), entry["file"]))
    return pages


def slug(docname: str) -> str:
    """A docname as an id prefix: ``notebooks/03_misere_nim`` -> ``notebooks-03_misere_nim``."""
    return re.sub(r"[^\w-]", "-", docname)


# The joined pages live in _static/print/ of the HTML book (no test or reader counts them as pages there)
PRINT_DIR = "_static/print"
UP = "../../"  # from PRINT_DIR back to the HTML root


def _resolve(base: str, url: str) -> str:
    """``url`` (relative to the folder of ``base``, a docname) as a path from a page in PRINT_DIR."""
    return UP + _from_root(base, url)


def _from_root(base: str, url: str) -> str:
    """``url`` (relative to the folder of ``base``, a docname) as a path from the HTML root."""
    parts = base.split("/")[:-1]
    for piece in url.split("/"):
        if piece == "..":
            parts = parts[:-1]
        elif piece not in ("", "."):
            parts.append(piece)
    return "/".join(parts)


def _is_external(url: str) -> bool:
    return bool(re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I)) or url.startswith("//")


def page_article(html_root: Path, docname: str) -> tuple[Tag, dict]:
    """A built page's article (ids, links and sources rewritten for one document) and its widget state."""
    soup = BeautifulSoup((html_root / f"{docname}.html").read_text(encoding="utf-8"), "html.parser")
    article = soup.select_one("article.bd-article") or soup.select_one("main") or soup.body
    state: dict = {}
    for block in soup.find_all("script", attrs={"type": STATE_TYPE}):
        state.update(json.loads(block.string or "{}").get("state", {}))
    prefix = slug(docname)
    known = set()
    for node in article.find_all(id=True):
        known.add(node["id"])
        node["id"] = f"{prefix}--{node['id']}"
    for node in article.find_all(["a", "img", "source", "link", "script"]):
        attr = "href" if node.name in ("a", "link") else "src"
        url = node.get(attr)
        if not url or _is_external(url):
            continue
        path, fragment = urldefrag(url)
        if node.name == "a":
            if not path:
                node[attr] = f"#{prefix}--{fragment}" if fragment else f"#{prefix}"
            elif path.endswith(".html"):
                target = _from_root(docname, path)[: -len(".html")]
                node[attr] = f"#{slug(target)}--{fragment}" if fragment else f"#{slug(target)}"
            else:
                node[attr] = _resolve(docname, path)
        else:
            node[attr] = _resolve(docname, path)
    for heading in article.select("section#contents, section[id$='--contents']"):
        if heading.select_one(".toctree-wrapper"):
            heading.decompose()  # the intro's own table of contents: the printed book has its own
    return article, state


def printable_games(article: Tag, docname: str, config: dict, edition: str = "instructor") -> int:
    """Give every game's host in the article a caption with where to play it; how many games.

    The student book's Binder links open the student copies (``student/``, written by Binder's postBuild with
    tools/student_copy.py), as the student HTML edition's launch buttons do: the chapters themselves hold the
    solutions.
    """
    repo = (config.get("repository") or {}).get("url", "").removeprefix("https://github.com/")
    branch = (config.get("repository") or {}).get("branch", "main")
    prefix = STUDENT_COPIES + "/" if edition == "student" else ""
    count = 0
    for view in article.find_all("script", attrs={"type": re.compile(r"widget-view\+json$")}):
        holder = view.find_parent("div", class_=re.compile(r"cell_output|output")) or view.parent
        count += 1
        place = f"{docname}.html"
        binder = BINDER.format(repo=repo, branch=branch, path=prefix + docname + ".ipynb") if repo else ""
        caption = BeautifulSoup(
            '<p class="nimlib-print-caption">Printed at its start position. Play it in the HTML book, '
            f"<code>{place}</code>" + (f', or in Binder: <a href="{binder}">{binder}</a>' if binder else "") + ".</p>",
            "html.parser",
        )
        wrapper = BeautifulSoup('<div class="nimlib-print"></div>', "html.parser").div
        holder.wrap(wrapper)
        wrapper.append(caption)
    return count


def unlink_repository(article: Tag, config: dict) -> int:
    """Student book: a link into the repository (which holds every solution) keeps its text and loses its target."""
    url = (config.get("repository") or {}).get("url", "")
    count = 0
    for link in article.find_all("a", href=True) if url else []:
        if link["href"].startswith(url):
            link.unwrap()
            count += 1
    return count


def _exercise_number(node: Tag) -> str:
    title = node.select_one(".admonition-title, p.admonition-title")
    text = " ".join(title.get_text(" ").split()) if title else ""
    m = re.search(r"Exercise\s+([\d.]+)", text)
    return m.group(1) if m else text


def solutions_to_appendix(doc: BeautifulSoup, body: Tag, edition: str) -> int:
    """Student: drop every solution and answer-checking cell. Instructor: move each solution to an appendix,
    linked to and from its exercise."""
    solutions = doc.select("div.solution")
    if edition == "student":
        # The solutions, the code cells that check exercises' answers and the passages that speak of them (as the
        # student HTML build drops them: `{only} instructor` blocks carry INSTRUCTOR_CLASS in the instructor build)
        for node in [*solutions, *doc.select(f".tag_{ANSWER_TAG}"), *doc.select(f".{INSTRUCTOR_CLASS}")]:
            node.decompose()
        return 0
    appendix = doc.new_tag("section", attrs={"class": "print-page", "id": "print-solutions"})
    heading = doc.new_tag("h1")
    heading.string = APPENDIX
    appendix.append(heading)
    group = None
    for n, node in enumerate(solutions, 1):
        # A heading for each page the solutions come from: a chapter, or the problems for homework
        page = node.find_parent("section", class_="print-page")
        if page is not None and page is not group:
            group = page
            title = page.find("h1")
            sub = doc.new_tag("h2")
            sub.string = _heading_text(title) if title else page.get("id", "")
            appendix.append(sub)
        link = node.select_one(".admonition-title a[href], p.admonition-title a[href]")
        target = link["href"] if link else ""
        anchor = f"print-solution-{n}"
        exercise = doc.find(id=target[1:]) if target.startswith("#") else None
        if exercise is not None:
            exercise = exercise if "exercise" in (exercise.get("class") or []) else exercise.find_parent("div")
            back = doc.new_tag("p", attrs={"class": "print-solution-link"})
            a = doc.new_tag("a", href=f"#{anchor}")
            a.string = "Solution in the appendix"
            back.append(a)
            exercise.insert_after(back)
        moved = node.extract()
        moved["id"] = anchor
        for cls in ("dropdown", "toggle"):
            if cls in (moved.get("class") or []):
                moved["class"].remove(cls)
        if target:
            back_link = doc.new_tag("p", attrs={"class": "print-solution-back"})
            a = doc.new_tag("a", href=target)
            a.string = "Back to the exercise"
            back_link.append(a)
            moved.append(back_link)
        appendix.append(moved)
    body.append(appendix)
    return len(solutions)


def plain_cells(article: Tag) -> None:
    """The screen's folds as a printed book wants them: no "Show code cell source" toggle; a hidden input is
    left out (the prose states what it computes) and a hidden output is shown; every other fold prints open."""
    for details in article.find_all("details"):
        classes = details.get("class") or []
        if "hide" in classes:
            summary = details.find("summary", recursive=False)
            if summary is not None:
                summary.decompose()
            if "above-input" in classes:
                for cell_input in details.select("div.cell_input"):
                    cell_input.decompose()
            details.unwrap()
        else:
            details["open"] = ""
    for button in article.select("button.toggle-button, button.copybtn"):
        button.decompose()


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal."""
    return '"' + re.sub(r'[\\"\n]', lambda m: "\\a " if m.group() == "\n" else "\\" + m.group(), text) + '"'


def running_head(doc: BeautifulSoup, section: Tag, n: int, title: str) -> str:
    """Put ``section`` on pages of its own name, headed by ``title``; the @page rule for it."""
    name = f"print-head-{n}"
    section["style"] = f"page: {name};"
    return f"@page {name} {{ @top-center {{ content: {_css_string(title)}; font: 8pt sans-serif; color: #444; }} }}\n"


def page_number(doc: BeautifulSoup, target: str, kind: str) -> Tag:
    """A placeholder for the page of ``#target``, filled in by print_pdf from the printed PDF."""
    ref = doc.new_tag("a", attrs={"class": "print-pageref", "href": f"#{target}", "data-target": target})
    ref["data-kind"] = kind
    ref.string = "000"
    return ref


def index_pages(doc: BeautifulSoup, section: Tag) -> int:
    """The general index with page numbers: "term, 12, 40" instead of "term, [1]"; how many entries."""
    section["class"] = [*(section.get("class") or []), "print-index"]
    entries = 0
    for item in section.select("table.genindextable li"):
        links = [a for a in item.find_all("a", href=True, recursive=False) if a["href"].startswith("#")]
        if not links:
            continue
        entries += 1
        targets = []
        for a in links:
            target = a["href"][1:]
            if target not in targets:
                targets.append(target)
            if a is links[0] and not re.fullmatch(r"\[\d+\]", a.get_text().strip()):
                a.unwrap()  # the term itself: its pages follow
            else:
                a.decompose()
        # What is left is the term and the commas between the old links: keep the term, then the pages
        for node in list(item.children):
            if isinstance(node, Tag):
                if node.name == "ul":
                    break
                continue
            text = str(node)
            if re.fullmatch(r"[\s,]*", text):
                node.extract()
            else:
                node.replace_with(text.rstrip().rstrip(","))
        sub = item.find("ul", recursive=False)
        for target in targets:
            if sub is not None:
                sub.insert_before(", ")
                sub.insert_before(page_number(doc, target, "index"))
            else:
                item.append(", ")
                item.append(page_number(doc, target, "index"))
    return entries


# A reference that names a numbered thing or a page gets its page when it points into another chapter
NUMBERED = re.compile(
    r"^(Chapter|Section|§|Theorem|Lemma|Corollary|Proposition|Definition|Exercise|Problem|Figure|Table|Example|"
    r"Algorithm|Conjecture|Remark|Appendix)\b"
)


def reference_pages(doc: BeautifulSoup, body: Tag) -> int:
    """Put "(p. N)" after each cross-reference into another chapter; how many."""
    count = 0
    for a in body.select("section.print-page a.reference.internal[href^='#']"):
        if a.find_parent(class_=["print-index", "print-toc"]):
            continue
        target = a["href"][1:]
        here = a.find_parent("section", class_="print-page")
        text = " ".join(a.get_text(" ").split())
        if here is None or target.startswith(here.get("id", "\\") + "--") or target == here.get("id"):
            continue
        if not (NUMBERED.match(text) or a.select_one(".std-doc, .std-numref")):
            continue
        span = doc.new_tag("span", attrs={"class": "print-xref-page"})
        span.append(" (p.\u00a0")
        span.append(page_number(doc, target, "reference"))
        span.append(")")
        a.insert_after(span)
        count += 1
    return count


def assemble(html_root: Path, edition: str, pages: list[tuple[str | None, str]] | None = None) -> Path:
    """Join the built pages into ``_print_<edition>.html`` in the HTML root; its path."""
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)}, got {edition!r}")
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    pages = pages or [*toc_pages(), (None, "genindex")]  # the general index last
    first = BeautifulSoup((html_root / f"{pages[0][1]}.html").read_text(encoding="utf-8"), "html.parser")
    doc = BeautifulSoup("<!DOCTYPE html><html lang='en'><head></head><body></body></html>", "html.parser")
    head, body = doc.head, doc.body
    for node in first.head.find_all(["meta", "link", "style", "script"]):
        node = copy.copy(node)
        for attr in ("href", "src"):
            if node.get(attr) and not _is_external(node[attr]):
                node[attr] = _resolve(pages[0][1], node[attr])
        if node.name == "script" and node.get("type") == STATE_TYPE:
            continue
        head.append(node)
    title = doc.new_tag("title")
    title.string = f"{config.get('title', 'Book')} ({edition} edition)"
    head.append(title)
    style = doc.new_tag("style", attrs={"media": "print"})
    style.string = PRINT_CSS
    head.append(style)
    # The same rules on screen too, so a look at the joined page shows what prints
    screen = doc.new_tag("style", attrs={"media": "screen"})
    screen.string = PRINT_CSS.replace("@page { size: A4; margin: 18mm 16mm 20mm 16mm; }", "")
    head.append(screen)

    version = _version()
    cover = BeautifulSoup(
        f'<section class="print-cover"><h1>{config.get("title", "")}</h1>'
        f"<p>An interactive textbook on impartial games, printed. {edition.capitalize()} edition, "
        f"version {version}.</p><p>Text and figures: CC BY-SA 4.0. Code: MIT.</p></section>",
        "html.parser",
    )
    body.append(cover)
    toc = doc.new_tag("section", attrs={"class": "print-page print-toc", "id": "print-toc"})
    toc_title = doc.new_tag("h1")
    toc_title.string = "Contents"
    toc.append(toc_title)
    toc_list = doc.new_tag("ol")
    toc.append(toc_list)
    body.append(toc)

    state: dict = {}
    games = 0
    part = None
    heads = [running_head(doc, toc, 0, "Contents")]
    for caption, docname in pages:
        article, page_state = page_article(html_root, docname)
        state.update(page_state)
        games += printable_games(article, docname, config, edition)
        if edition == "student":
            unlink_repository(article, config)
        plain_cells(article)
        if caption != part and caption:
            part = caption
            part_id = f"print-part-{len(heads)}"
            part_title = doc.new_tag("h1", attrs={"class": "print-part-title", "id": part_id})
            part_title.string = caption
            body.append(part_title)
            _toc_line(doc, toc_list, part_id, caption, "", "part")
        section = doc.new_tag("section", attrs={"class": "print-page", "id": slug(docname)})
        for child in list(article.children):
            section.append(child.extract() if isinstance(child, Tag) else copy.copy(child))
        body.append(section)
        heading = section.find("h1")
        text = _head_text(heading) if heading else docname
        heads.append(_toc_line(doc, toc_list, slug(docname), text, running_head(doc, section, len(heads), text)))
        if docname == "genindex":
            index_pages(doc, section)
    if solutions_to_appendix(doc, body, edition):
        appendix = body.find(id="print-solutions")
        heads.append(_toc_line(doc, toc_list, "print-solutions", APPENDIX, ""))
        heads.append(running_head(doc, appendix, len(heads), APPENDIX))
        index = body.find("section", id="genindex")
        if index is not None:  # the index stays last, after the solutions
            index.insert_before(appendix.extract())
            toc_list.find("a", href="#genindex").parent.insert_before(toc_list.find_all("li")[-1].extract())
    reference_pages(doc, body)
    heads_style = doc.new_tag("style", attrs={"media": "print"})
    heads_style.string = "".join(heads)
    head.append(heads_style)
    block = doc.new_tag("script", attrs={"type": STATE_TYPE})
    block.string = json.dumps({"version_major": 2, "version_minor": 0, "state": state})
    body.append(block)
    out = html_root / PRINT_DIR / f"book-{edition}.html"
    _write(out, str(doc).encode("utf-8"))
    print(f"{out.name}: {len(pages)} pages, {games} games, {len(doc.select('div.solution'))} solutions")
    return out


def _toc_line(doc: BeautifulSoup, toc_list: Tag, target: str, text: str, head: str, kind: str = "") -> str:
    """A contents line (title, leader, page number) for ``#target``; ``head`` passed through."""
    item = doc.new_tag("li", attrs={"class": kind} if kind else {})
    link = doc.new_tag("a", href=f"#{target}")
    link.string = text
    item.append(link)
    item.append(doc.new_tag("span", attrs={"class": "print-leader"}))
    item.append(page_number(doc, target, "contents"))
    toc_list.append(item)
    return head


def _write(path: Path, data: bytes) -> None:
    """Write ``path`` through a temporary file in its folder and a rename: an error leaves the old file or none."""
    from nimlib._atomic import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path, "wb", encoding=None, what=path.name) as out:
        out.write(data)


def _version() -> str:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def browser():
    """Headless Chromium through chromedriver (Debian's chromium and chromium-driver), network off."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver_path = shutil.which("chromedriver")
    if not (chromium and driver_path):
        raise SystemExit("print_book: chromium and chromedriver are needed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_window_size(1000, 1400)
    # Printing the whole instructor edition can take Chromium more than selenium's default 120 s on a busy
    # machine: give each command to the driver as long as the page's own script timeout
    driver.command_executor.client_config.timeout = PRINT_TIMEOUT
    return driver


READY = """
const done = arguments[arguments.length - 1];
const mj = window.MathJax && MathJax.startup && MathJax.startup.promise;
Promise.resolve(mj).then(() => (window.MathJax && MathJax.typesetPromise ? MathJax.typesetPromise() : null))
  .then(() => done(document.querySelectorAll('.nimlib-play, .nimlib-puzzle, .nimlib-drill').length))
  .catch((e) => done('error: ' + e));
"""

PRINT_TIMEOUT = 600  # seconds: for the page's scripts (MathJax, the games) and for printing it
# The width of a page's text block in CSS pixels (A4 less the side margins of PRINT_CSS: 178 mm), less a little
TEXT_WIDTH = int((210 - 32) / 25.4 * 96) - 4

# Shrink every code or transcript block wider than its box until its longest line fits: lines never wrap
FIT = """
const tooWide = [];
let smallest = Infinity;
for (const pre of document.querySelectorAll('pre')) {
  if (!pre.getClientRects().length) continue;
  for (let k = 0; k < 8 && pre.scrollWidth > pre.clientWidth + 1; k++) {
    const size = parseFloat(getComputedStyle(pre).fontSize);
    pre.style.setProperty('font-size', (size * Math.min(0.97, pre.clientWidth / pre.scrollWidth)) + 'px', 'important');
  }
  if (pre.scrollWidth > pre.clientWidth + 1) tooWide.push(pre.textContent.slice(0, 60));
  if (pre.style.fontSize) smallest = Math.min(smallest, parseFloat(pre.style.fontSize));
}
return [tooWide, smallest === Infinity ? null : smallest];
"""

# Write each page number found in the PDF into its placeholder; the placeholders whose target was not found
FILL = r"""
const pages = arguments[0];
const missing = [];
for (const ref of document.querySelectorAll('.print-pageref[data-target]')) {
  const page = pages[ref.dataset.target];
  if (page !== undefined) ref.textContent = String(page);
  else if (ref.dataset.kind === 'reference') ref.parentNode.remove();  // "(p. N)" is a help, not a must
  else missing.push(ref.dataset.kind + ' ' + ref.dataset.target);
}
// An index entry's pages in order, each once: "term, 110, 291"
for (const item of document.querySelectorAll('.print-index li')) {
  const refs = [...item.children].filter((c) => c.matches('a.print-pageref'));
  if (!refs.length) continue;
  const sub = [...item.children].find((c) => c.tagName === 'UL') || null;
  for (const ref of refs) {
    const before = ref.previousSibling;
    if (before && before.nodeType === 3) before.textContent = before.textContent.replace(/[\s,]+$/, '');
    ref.remove();
  }
  refs.sort((a, b) => Number(a.textContent) - Number(b.textContent));
  const seen = new Set();
  for (const ref of refs) {
    if (seen.has(ref.textContent)) continue;
    seen.add(ref.textContent);
    item.insertBefore(document.createTextNode(', '), sub);
    item.insertBefore(ref, sub);
  }
}
return missing;
"""


def destinations(pdf: bytes) -> dict[str, int]:
    """The page of every named destination in ``pdf`` (Chromium writes one for each target of an internal
    link, named by the element's id), read with poppler's pdfinfo."""
    pdfinfo = shutil.which("pdfinfo")
    if not pdfinfo:
        raise SystemExit("print_book: pdfinfo is needed for the page numbers (apt-get install poppler-utils)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pass.pdf"
        path.write_bytes(pdf)
        listing = subprocess.run(
            [pdfinfo, "-dests", str(path)], capture_output=True, text=True, check=True, encoding="utf-8"
        ).stdout
    return parse_destinations(listing)


def parse_destinations(listing: str) -> dict[str, int]:
    """``pdfinfo -dests``'s listing as {name: page}: lines ``  12 [ XYZ 6 826 null ] "name"``."""
    found = {}
    for line in listing.splitlines():
        m = re.match(r'^\s*(\d+)\s+\[[^\]]*\]\s+"(.*)"\s*$', line)
        if m:
            found[m.group(2)] = int(m.group(1))
    return found


def settle(print_once, fill, passes: int = 4, read=destinations) -> tuple[bytes, int, dict[str, int]]:
    """Print until every page number printed is the page its target is on: the PDF, the prints, the numbers.

    ``print_once()`` prints the page as it stands; ``fill(found)`` writes the pages ``found`` (target ->
    page) into the page and returns what it wrote (target -> page). The first print has placeholders; a
    number that moves a target (a wider number pushing a line over a page) is caught by the next print's
    check and written again, at most ``passes`` prints in all.
    """
    written: dict[str, int] | None = None
    for prints in range(1, passes + 1):
        pdf = print_once()
        found = read(pdf)
        if written is not None and all(found.get(t) == p for t, p in written.items()):
            return pdf, prints, written  # every number printed is the page its target is on
        written = fill(found)
    raise RuntimeError(f"page numbers still moving after {passes} prints")


def print_pdf(driver, page: Path, out: Path, expected_games: int = 0, passes: int = 4) -> dict:
    """Open ``page`` from disk, wait for MathJax and the games, and print it to ``out``.

    Chromium's print gives no page numbers to the page itself, so the numbers in the contents, the index and
    beside cross-references come from a first print: each target's page is read back from the PDF, written
    into the page, and the page printed again until no target has moved (checked, so every number is right).
    Returns figures: the passes, the references numbered, the smallest font of a shrunk code block.
    """
    driver.set_script_timeout(PRINT_TIMEOUT)
    driver.get(page.resolve().as_uri())
    mounted = driver.execute_async_script(READY)
    if isinstance(mounted, str):
        raise RuntimeError(f"{page.name}: {mounted}")
    if mounted < expected_games:
        raise RuntimeError(f"{page.name}: {mounted} of {expected_games} games drawn")
    # Lay the page out as print does, at the width of the page's text, to fit the code blocks
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": TEXT_WIDTH, "height": 1000, "deviceScaleFactor": 1, "mobile": False},
    )
    too_wide, smallest = driver.execute_script(FIT)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    if too_wide:
        raise RuntimeError(f"{page.name}: code blocks too wide for the page even shrunk: {too_wide[:3]}")
    refs = driver.execute_script("return document.querySelectorAll('.print-pageref[data-target]').length")

    def print_once() -> bytes:
        result = driver.execute_cdp_cmd(
            "Page.printToPDF",
            {
                "printBackground": True,
                "preferCSSPageSize": True,
                "displayHeaderFooter": False,
                # No structure tree: MathJax's nested spans made 45,000 of its elements, 4.5 MB of a 11 MB book
                "generateTaggedPDF": False,
            },
        )
        return base64.b64decode(result["data"])

    def fill(found: dict[str, int]) -> dict[str, int]:
        missing = driver.execute_script(FILL, found)
        if missing:
            raise RuntimeError(f"{page.name}: no page found for {len(missing)} targets: {missing[:5]}")
        targets = driver.execute_script(
            "return [...document.querySelectorAll('.print-pageref[data-target]')].map((r) => r.dataset.target)"
        )
        return {t: found[t] for t in targets}

    if refs:
        pdf, prints, written = settle(print_once, fill)
    else:
        pdf, prints, written = print_once(), 1, {}
    _write(out, pdf)
    return {
        "passes": prints,
        "numbers": len(written),
        "smallest_code_px": smallest,
    }


def saved_games(page: Path) -> int:
    """How many play views the joined page holds (each must be drawn before printing)."""
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    return len(soup.find_all("script", attrs={"type": re.compile(r"widget-view\+json$")}))


# The problems for homework (book/problems.md): one section per part, headed by the part's caption
PROBLEMS = "book/problems"


SUBSCRIPTS_FROM, SUBSCRIPTS_TO = "0123456789aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"
SUBSCRIPTS = str.maketrans(SUBSCRIPTS_FROM, SUBSCRIPTS_TO)


def _head_text(heading: Tag) -> str:
    """A heading as plain text for a running head: a subscript as Unicode subscripts where they exist (Nimₖ)."""
    heading = copy.copy(heading)
    for sub in heading.find_all("sub"):
        text = sub.get_text()
        small = text.translate(SUBSCRIPTS)
        sub.replace_with(small if small != text or not text else "_" + text)
    for link in heading.select("a.headerlink"):
        link.decompose()
    return " ".join(heading.get_text().split())


def _heading_text(heading: Tag) -> str:
    return " ".join(heading.get_text(" ").replace("#", "").split())


def part_problems(html_root: Path, caption: str) -> list[Tag]:
    """The problems of the part ``caption`` from the built problems page, with hints and without solutions.

    The page's section for a part is the one whose heading is the part's caption. Solutions are separate
    blocks after each problem (sphinx-exercise), so taking only the problems leaves them out; the student
    edition has none anyway. An empty list if the book has no problems page or no section for the part.
    """
    if not (html_root / f"{PROBLEMS}.html").is_file():
        return []
    article, _ = page_article(html_root, PROBLEMS)
    for section in article.find_all("section"):
        heading = section.find(["h2", "h3"], recursive=False)
        if heading is None or _heading_text(heading) != caption:
            continue
        problems = []
        for problem in section.select("div.exercise"):
            for solution in problem.select("div.solution"):
                solution.decompose()
            for link in problem.find_all("a", href=True):
                link.unwrap()  # a sheet is read on paper: references show as text
            problems.append(problem.extract())
        return problems
    return []


def _sheet(html_root: Path, name: str, title: str, intro: str, docnames: list[str], problems: list[Tag], hints: bool):
    """One joined page to hand out: the chapters' exercises, then problems for homework; no solutions."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    doc = BeautifulSoup("<!DOCTYPE html><html lang='en'><head></head><body></body></html>", "html.parser")
    first = BeautifulSoup((html_root / f"{docnames[0]}.html").read_text(encoding="utf-8"), "html.parser")
    for node in first.head.find_all(["meta", "link", "style", "script"]):
        if node.name == "script" and node.get("type") == STATE_TYPE:
            continue
        node = copy.copy(node)
        for attr in ("href", "src"):
            if node.get(attr) and not _is_external(node[attr]):
                node[attr] = _resolve(docnames[0], node[attr])
        doc.head.append(node)
    style = doc.new_tag("style")
    style.string = PRINT_CSS.replace(".print-page { page-break-before: always; break-before: page; }", "")
    doc.head.append(style)
    head_title = doc.new_tag("title")
    head_title.string = title
    doc.head.append(head_title)
    kept = "all with hints" if hints else "without hints"
    header = BeautifulSoup(
        f"<h1>{html.escape(title)}</h1><p>{html.escape(config.get('title', ''))}, version {_version()}. "
        f"{html.escape(intro)}, {kept}; ★ marks a harder exercise and ★★ a hard problem. Solutions are in the "
        "instructor edition.</p>",
        "html.parser",
    )
    doc.body.append(header)
    blocks: list[Tag] = []
    for docname in docnames:
        article, _ = page_article(html_root, docname)
        heading = article.find("h1")
        chapter = doc.new_tag("h2")
        chapter.string = " ".join(heading.get_text(" ").replace("#", "").split()) if heading else docname
        doc.body.append(chapter)
        for exercise in article.select("div.exercise"):
            for link in exercise.find_all("a", href=True):
                link.unwrap()  # a sheet is read on paper: references show as text
            blocks.append(exercise)
            doc.body.append(exercise.extract())
    if problems:
        heading = doc.new_tag("h2")
        heading.string = "Problems"
        doc.body.append(heading)
        for problem in problems:
            blocks.append(problem)
            doc.body.append(problem)
    if not hints:
        for block in blocks:
            for hint in block.select("div.hint, details.hint, .admonition.hint"):
                hint.decompose()
    out = html_root / PRINT_DIR / f"{name}.html"
    _write(out, str(doc).encode("utf-8"))
    return name, out


def _parts() -> dict[str, list[str]]:
    """Each numbered part's caption with its chapters' docnames, in the book's order."""
    parts: dict[str, list[str]] = {}
    for caption, docname in toc_pages():
        if caption and docname.startswith("notebooks/"):
            parts.setdefault(caption, []).append(docname)
    return parts


def sheets(html_root: Path, hints: bool = True) -> list[tuple[str, Path]]:
    """One joined page per part: its chapters' exercises, then its problems for homework, no solutions."""
    return [
        _sheet(
            html_root,
            f"problem-sheet-{number}",
            f"Problem sheet {number}: {caption}",
            "Exercises of the chapters of this part, then problems for homework",
            docnames,
            part_problems(html_root, caption),
            hints,
        )
        for number, (caption, docnames) in enumerate(_parts().items(), 1)
    ]


def chapter_docnames() -> dict[str, str]:
    """Each chapter's label (``ch-…``, the first line of its notebook) with its docname."""
    found = {}
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        first = "".join(json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["source"])
        match = re.match(r"\((ch-[\w-]+)\)=", first)
        if match:
            found[match.group(1)] = f"notebooks/{notebook.stem}"
    return found


def week_plan(path: list, parts: dict[str, list[str]], labels: dict[str, str]) -> list[tuple[list[str], list[str]]]:
    """For each week of a course path (two lectures a week): the chapters whose last lecture falls in it, and the
    parts whose problems for homework it sets (the first week by whose end the path has covered every chapter of
    the part; a part with a chapter the path leaves out gets none, since its problems may need that chapter)."""
    last_week: dict[str, int] = {}
    for lecture_number, lecture in enumerate(path, 1):
        for label, _ in lecture:
            last_week[labels[label]] = (lecture_number + 1) // 2
    plan = []
    done: set[str] = set()
    set_already: set[str] = set()
    for week in range(1, (len(path) + 1) // 2 + 1):
        chapters = sorted(d for d, w in last_week.items() if w == week)
        done |= set(chapters)
        ready = [c for c, docs in parts.items() if set(docs) <= done and c not in set_already]
        set_already.update(ready)
        plan.append((chapters, ready))
    return plan


def weekly_sheets(html_root: Path, hints: bool = True) -> list[tuple[str, Path]]:
    """One sheet per week of each course path (nimlib.assignment.paths): that week's chapters' exercises, and the
    problems for homework of each part the path has then covered whole."""
    from nimlib.assignment.paths import PATHS

    parts, labels = _parts(), chapter_docnames()
    made = []
    for weeks_long, path in sorted(PATHS.items()):
        for week, (chapters, ready) in enumerate(week_plan(path, parts, labels), 1):
            if not chapters:
                continue
            problems = [p for caption in ready for p in part_problems(html_root, caption)]
            made.append(
                _sheet(
                    html_root,
                    f"week-sheet-{weeks_long}-{week}",
                    f"Week {week} of the {weeks_long}-week path",
                    "Exercises of the chapters this week's lectures finish"
                    + (", then problems for homework on the parts now covered" if problems else ""),
                    chapters,
                    problems,
                    hints,
                )
            )
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html", help="the built HTML book")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "pdf", help="folder for the PDFs")
    parser.add_argument("--edition", choices=[*EDITIONS, "both"], default="both")
    parser.add_argument("--no-sheets", action="store_true", help="skip the problem sheets (per part and per week)")
    parser.add_argument("--no-hints", action="store_true", help="print the sheets without their hints")
    args = parser.parse_args(argv)
    if args.out.exists() and not args.out.is_dir():
        print(f"print_book: --out must be a folder for the PDFs, and {args.out} is a file", file=sys.stderr)
        return 2
    if not (args.html / "_static").is_dir():
        print(f"print_book: {args.html} is not a built HTML book (build it first)", file=sys.stderr)
        return 2
    editions = EDITIONS if args.edition == "both" else (args.edition,)
    jobs = [(f"book-{e}", assemble(args.html, e)) for e in editions]
    if not args.no_sheets:
        jobs += sheets(args.html, hints=not args.no_hints) + weekly_sheets(args.html, hints=not args.no_hints)
    driver = browser()
    try:
        for name, page in jobs:
            start = time.perf_counter()
            out = args.out / f"{name}.pdf"
            figures = print_pdf(driver, page, out, saved_games(page))
            pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", out.read_bytes()))
            print(
                f"{out}: {pages} pages, {out.stat().st_size / 1e6:.1f} MB, in {time.perf_counter() - start:.0f} s "
                f"({figures['passes']} prints, {figures['numbers']} page numbers)"
            )
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
