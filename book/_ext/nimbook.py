"""This book's own Sphinx extension: light static pages for the play widgets, and a quiet kernel.

Every play widget is an anywidget, saved in its page's widget state. After the build, every page
with play widgets is rewritten to mount them from ONE shared script (``light_pages``): the front end
(``nimlib.widgets.classic_bundle()``) and the loader (``loader.js``, next to this file), both rewritten
from their ES-module sources as classic scripts (browsers refuse ES modules from ``file://``, and
readers open the book from disk), are written once to ``_static/nimlib/play.js`` with ``widget.css``;
each widget's own copy of the bundle (``_esm``, ``_css``) is dropped from the saved state; each play
widget gets its host in the HTML, saying in words that the game needs JavaScript until the game
replaces it (hidden at once where scripts run); and a page whose widgets are all play widgets loses the
script tags of require.js and the ipywidgets HTML manager (4.4 MB it needed only to start
anywidget). A page that shows another kind of widget keeps the manager, on that page only; there
the play widgets' views and models move to ``application/vnd.nimlib.*`` blocks the manager does
not read. In Jupyter and Binder nothing changes: anywidget runs the same front end.

For such mixed pages the rest of this docstring still holds:

Every play widget is an anywidget. The ipywidgets HTML manager that brings the saved widgets to life
on a static page loads the module "anywidget" with require.js; book/assets/nimwidgets.js points
require.js at ``_static/anywidget/index.js``, and this extension copies that file from the
*installed* anywidget wheel (``anywidget/nbextension/index.js``) at the end of every build, so the
page always runs the same version as the kernel that saved the widgets, and no copy is kept by hand.

The chapters run in a kernel spec written into the build folder (found first through JUPYTER_PATH,
for this build process only): the usual ``python3`` kernel, started by ``quiet_kernel.py``, which
drops ipykernel's "Kernel is running over TCP" warning (once per chapter, on a loopback socket).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

from sphinx.application import Sphinx


def anywidget_module() -> Path:
    """The installed anywidget's widget-manager module (an AMD module for require.js)."""
    import anywidget

    path = Path(anywidget.__file__).resolve().parent / "nbextension" / "index.js"
    if not path.is_file():
        raise FileNotFoundError(f"anywidget {anywidget.__version__} has no nbextension/index.js at {path}")
    return path


def copy_anywidget(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static" / "anywidget" / "index.js"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(anywidget_module(), target)


LOADER = Path(__file__).resolve().parent / "loader.js"
VIEW_TYPE = "application/vnd.jupyter.widget-view+json"
STATE_TYPE = "application/vnd.jupyter.widget-state+json"
NIMLIB_VIEW_TYPE = "application/vnd.nimlib.widget-view+json"
NIMLIB_STATE_TYPE = "application/vnd.nimlib.widget-state+json"
_STATE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S)
_VIEW = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S)
# The scripts a page needs only for the ipywidgets HTML manager (_config.yml's nb_ipywidgets_js)
_MANAGER = re.compile(
    r'[ \t]*<script\b[^>]*\bsrc="[^"]*(?:requirejs/require\.js|nimwidgets\.js|html-manager/dist/embed-amd\.js)'
    r'[^"]*"[^>]*>\s*</script>\s*?\n?'
)
PAGE_FILES = ("play.js", "widget.css")
# Shown where a play widget will be: hidden as soon as scripts run (the class nimlib-js, set by the page's
# head), shown again if the front end cannot load (its script's onerror), and replaced by the game
NEEDS_JS = (
    '<div class="nimlib-mount"><p class="nimlib-needs-js">This game runs in your browser and needs JavaScript, '
    "which is turned off or blocked for this page. (In Jupyter or Binder the same chapter plays with Python "
    "behind it.)</p></div>"
)


def is_play_model(model: object) -> bool:
    """A saved model of a nimlib play widget: an anywidget model whose state names a game (or a drill's skill)."""
    if not isinstance(model, dict):
        return False
    state = model.get("state")
    if model.get("model_module") != "anywidget" or not isinstance(state, dict):
        return False
    return bool(state.get("game")) or (state.get("mode") == "drill" and bool(state.get("skill")))


def _script(kind: str, data: object) -> str:
    """A JSON script block; ``</`` is escaped so no string in the data can close the tag."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="{kind}">{text}</script>'


def lighten_page(html: str, static_prefix: str) -> str:
    """One page rewritten to mount its play widgets from ``{static_prefix}nimlib/`` (unchanged if it has none).

    ``static_prefix`` is the page's relative path to ``_static/`` (``"../_static/"``).
    """
    if not isinstance(html, str):
        raise TypeError(f"html must be a str, got {type(html).__name__}")
    if "nimlib/play.js" in html:  # lightened already: nothing to do twice
        return html
    blocks = [json.loads(m.group(1)) for m in _STATE.finditer(html)]
    models: dict[str, dict] = {}
    for block in blocks:
        models.update(block.get("state", {}))
    views = [json.loads(m.group(1)).get("model_id") for m in _VIEW.finditer(html)]
    play = {v for v in views if is_play_model(models.get(v))}
    if not play:
        return html
    for model_id in play:
        for name in ("_esm", "_css"):
            models[model_id]["state"].pop(name, None)
    others = [v for v in views if v not in play]
    if not others:
        # Only play widgets: one state block of their models alone, and no widget manager
        kept = {"version_major": 2, "version_minor": 0, "state": {k: models[k] for k in sorted(play)}}
        first = True

        def state_block(match: re.Match) -> str:
            nonlocal first
            out = _script(STATE_TYPE, kept) if first else ""
            first = False
            return out

        html = _STATE.sub(state_block, html)
        html = _MANAGER.sub("", html)

        def host_view(match: re.Match) -> str:
            if json.loads(match.group(1)).get("model_id") in play:
                return NEEDS_JS + match.group(0)
            return match.group(0)

        html = _VIEW.sub(host_view, html)
    else:
        # Another kind of widget too: the manager stays; the play widgets move out of its sight
        def strip_play(match: re.Match) -> str:
            data = json.loads(match.group(1))
            data["state"] = {k: v for k, v in data.get("state", {}).items() if k not in play}
            return _script(STATE_TYPE, data)

        html = _STATE.sub(strip_play, html, count=0)
        ours = {"version_major": 2, "version_minor": 0, "state": {k: models[k] for k in sorted(play)}}
        html = html.replace("</body>", _script(NIMLIB_STATE_TYPE, ours) + "\n</body>", 1)

        def rename_view(match: re.Match) -> str:
            if json.loads(match.group(1)).get("model_id") in play:
                return NEEDS_JS + f'<script type="{NIMLIB_VIEW_TYPE}">{match.group(1)}</script>'
            return match.group(0)

        html = _VIEW.sub(rename_view, html)
    return html.replace("</head>", page_head(static_prefix) + "</head>", 1)


def page_head(static_prefix: str) -> str:
    """The head of a page that plays: widget.css, the class that hides the no-JavaScript words, the one script.

    The script is classic and ``async``: it runs from ``file://`` too and waits for the page to be parsed,
    not for MathJax; if it cannot load, ``onerror`` shows the words again.
    """
    return (
        f'<link rel="stylesheet" href="{static_prefix}nimlib/widget.css" />\n'
        '<script>document.documentElement.classList.add("nimlib-js")</script>\n'
        f'<script async src="{static_prefix}nimlib/play.js" '
        """onerror="document.documentElement.classList.remove('nimlib-js')"></script>\n"""
    )


# The theme's controls whose accessible name leaves out their visible text (axe: label-content-name-mismatch)
_THEME_LABELS = (
    # The search field shows "Search Ctrl+K": its name comes from that text, not from aria-label="Search"
    (re.compile(r'(<button class="btn search-button-field[^"]*"[^>]*?) aria-label="Search"'), r"\1"),
    # The colour-mode button shows one of three icons titled Light, Dark, System Settings
    (
        re.compile(r'(<button class="[^"]*theme-switch-button[^"]*"[^>]*?) aria-label="Color mode"'),
        r'\1 aria-label="Color mode: Light, Dark or System Settings"',
    ),
    # A hidden cell's toggle shows "Show code cell source": that text is its name
    (re.compile(r'<summary aria-label="Toggle hidden content">'), "<summary>"),
)


def accessible_theme(html: str) -> str:
    """The theme's buttons with accessible names that contain their visible text (WCAG 2.5.3), and the
    bibliography's entries as items of its list (sphinxcontrib-bibtex gives a role="list" whose children are
    doc-biblioentry, which a list may not hold)."""
    for pattern, replacement in _THEME_LABELS:
        html = pattern.sub(replacement, html)
    if 'class="citation-list"' in html:
        html = html.replace('role="doc-biblioentry"', 'role="listitem"')
    return html


# sphinx-proof and sphinx-exercise give every proof, and the body of every theorem, exercise and solution, the same
# id on a page; ids must be unique (WCAG 4.1.1, and a link to one reaches only the first)
REPEATED_IDS = re.compile(r'\bid="(proof|proof-content|exercise-content|solution-content)"')
PROOF_STYLE = ("div#proof{", "div#proof, div.nimbook-proof{")


def unique_ids(html: str) -> str:
    """The ids that sphinx-proof and sphinx-exercise repeat, numbered on the page: proof-content-1, -2, ...

    A proof's box keeps its look through the class ``nimbook-proof`` (proof.css styles ``div#proof``).
    """
    seen: dict[str, int] = {}

    def number(match: re.Match) -> str:
        name = match.group(1)
        seen[name] = seen.get(name, 0) + 1
        return f'id="{name}-{seen[name]}"'

    html = html.replace(
        '<div class="proof admonition" id="proof">', '<div class="proof admonition nimbook-proof" id="proof">'
    )
    return REPEATED_IDS.sub(number, html)


def proof_stylesheet(static: Path) -> None:
    """Let sphinx-proof's style for ``div#proof`` reach the renumbered proofs (``div.nimbook-proof``)."""
    sheet = static / "proof.css"
    if sheet.is_file():
        text = sheet.read_text(encoding="utf-8")
        if PROOF_STYLE[1] not in text:
            sheet.write_text(text.replace(PROOF_STYLE[0], PROOF_STYLE[1]), encoding="utf-8")


LOADER_GLOBAL = "NimlibLoader"


def page_script() -> str:
    """``play.js`` of the static book: the front end and the loader as classic scripts, then the page's start."""
    from nimlib.widgets import classic_bundle, classic_script

    loader = classic_script(LOADER.read_text(encoding="utf-8"), exports_to=LOADER_GLOBAL)
    start = f'if (typeof document !== "undefined") globalThis.{LOADER_GLOBAL}.startPage(globalThis);\n'
    return f"{classic_bundle()}{loader}{start}"


def write_page_files(static: Path) -> None:
    """The shared front end with its loader (one classic script) and its CSS, once, under ``static/nimlib/``."""
    from nimlib.widgets import stylesheet

    folder = static / "nimlib"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "play.js").write_text(page_script(), encoding="utf-8")
    (folder / "widget.css").write_text(stylesheet(), encoding="utf-8")


def lighten_build(outdir: Path) -> int:
    """Write the page files and rewrite the HTML pages of ``outdir`` (play widgets, theme labels); how many changed."""
    outdir = Path(outdir)
    if not (outdir / "_static").is_dir():
        raise ValueError(f"outdir must be a built HTML folder with _static/, got {outdir}")
    write_page_files(outdir / "_static")
    proof_stylesheet(outdir / "_static")
    changed = 0
    for page in sorted(outdir.rglob("*.html")):
        rel = page.relative_to(outdir)
        if rel.parts[0] in ("_static", "_sources"):
            continue
        html = page.read_text(encoding="utf-8")
        new = unique_ids(accessible_theme(html))
        if VIEW_TYPE in new:
            new = lighten_page(new, "../" * (len(rel.parts) - 1) + "_static/")
        if new != html:
            page.write_text(new, encoding="utf-8")
            changed += 1
    return changed


def light_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    lighten_build(Path(app.outdir))


# Chapters that moved when the book was reordered by its dependencies (edition 4.1): old page -> new page.
# Readers have bookmarks, so each old address keeps a small page that sends them on (anchor kept).
OLD_CHAPTERS = {
    "notebooks/05_sprague_grundy": "notebooks/06_sprague_grundy",
    "notebooks/06_games_on_strips": "notebooks/08_games_on_strips",
    "notebooks/07_splitting_games": "notebooks/10_splitting_games",
    "notebooks/08_moving_coins": "notebooks/11_moving_coins",
    "notebooks/09_turning_games": "notebooks/12_turning_games",
    "notebooks/10_chips_on_graphs": "notebooks/07_chips_on_graphs",
    "notebooks/11_wythoff": "notebooks/14_wythoff",
    "notebooks/12_coin_turning": "notebooks/13_coin_turning",
    "notebooks/13_hackenbush": "notebooks/15_hackenbush",
    "notebooks/14_subtraction_periods": "notebooks/09_subtraction_periods",
    "notebooks/15_misere_beyond_nim": "notebooks/16_misere_beyond_nim",
    "notebooks/16_misere_moore": "notebooks/05_misere_moore",
    # edition 6: the classics (chapters 17-20) come before the appendix
    "notebooks/17_engine": "notebooks/21_engine",
}

MOVED_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moved: {title}</title>
<meta http-equiv="refresh" content="0; url={target}">
<link rel="canonical" href="{target}">
<script>location.replace("{target}" + location.hash);</script>
</head>
<body>
<main>
<h1>This chapter has moved</h1>
<p>The chapters were reordered to follow their dependencies. This one is now
<a href="{target}">{title}</a>.</p>
</main>
</body>
</html>
"""


def moved_chapters(app: Sphinx, exception: Exception | None) -> None:
    """Write a page at every old chapter address that sends the reader to the chapter's new one."""
    if exception is not None or app.builder.format != "html":
        return
    import html

    outdir = Path(app.outdir)
    for old, new in OLD_CHAPTERS.items():
        if new not in app.env.all_docs:
            raise ValueError(f"OLD_CHAPTERS sends {old} to {new}, which is not a page of the book")
        if old in app.env.all_docs:
            raise ValueError(f"OLD_CHAPTERS redirects {old}, which is a page of the book again")
        title = app.env.titles[new].astext()
        target = Path(new).name + ".html"  # same folder as the old page
        page = outdir / f"{old}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(MOVED_PAGE.format(title=html.escape(title), target=html.escape(target)), encoding="utf-8")


def quiet_kernel(app: Sphinx) -> None:
    """Write the ``python3`` kernel spec that starts quiet_kernel.py, and put it first on JUPYTER_PATH."""
    root = Path(app.doctreedir).parent / "jupyter"
    spec = root / "kernels" / "python3"
    spec.mkdir(parents=True, exist_ok=True)
    launcher = str(Path(__file__).resolve().parent / "quiet_kernel.py")
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, launcher, "-f", "{connection_file}"],
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "metadata": {"debugger": True},
            }
        ),
        encoding="utf-8",
    )
    paths = [str(root), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))


def declared_repository(root: str | Path) -> dict:
    """The ``repository`` and ``launch_buttons`` sections of the book's ``_config.yml`` (declared there only)."""
    import yaml

    path = Path(root) / "_config.yml"
    config = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return {"repository": config.get("repository") or {}, "launch_buttons": config.get("launch_buttons") or {}}


def theme_repository(app: Sphinx, config) -> None:
    """Give the theme the repository and launch buttons that _config.yml declares.

    Jupyter Book 1 drops them when ``sphinx.config.html_theme_options`` is set (as this book does, for its
    top bar), so without this the repository would have to be written twice.
    """
    declared = declared_repository(app.srcdir)  # the book root holds _config.yml
    options = dict(config.html_theme_options or {})
    repository = declared["repository"]
    if repository.get("url"):
        options.setdefault("repository_url", repository["url"])
        options.setdefault("repository_branch", repository.get("branch", "main"))
    if declared["launch_buttons"]:
        options.setdefault("launch_buttons", declared["launch_buttons"])
    config.html_theme_options = options


# Where Binder's postBuild writes the student copies of the chapters (tools/student_copy.py --out)
STUDENT_COPIES = "student"

# The two editions, from one source: NIMBOOK_EDITION=student leaves every solution out of the build
# (sphinx-exercise's hide_solutions); the instructor edition (the default) folds each under its exercise
EDITIONS = ("instructor", "student")


def edition() -> str:
    """The edition this build makes, from NIMBOOK_EDITION (default: instructor)."""
    name = os.environ.get("NIMBOOK_EDITION", "instructor").strip().lower() or "instructor"
    if name not in EDITIONS:
        raise ValueError(f"NIMBOOK_EDITION must be one of {', '.join(EDITIONS)}, got {name!r}")
    return name


def book_version(root: str | Path) -> str:
    """The book's version, declared once in pyproject.toml (CITATION.cff and the footer repeat it; a test checks)."""
    import tomllib

    return tomllib.loads((Path(root) / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


TEMPLATES = Path(__file__).resolve().parent / "templates"
# The theme's footer items, less its empty ones, plus the licence line (templates/nimbook-footer.html)
FOOTER_ITEMS = ["nimbook-footer.html"]


def book_date(root: str | Path) -> str:
    """The version's release date, declared once in CITATION.cff (date-released)."""
    for line in (Path(root) / "CITATION.cff").read_text(encoding="utf-8").splitlines():
        if line.startswith("date-released:"):
            return line.split(":", 1)[1].strip().strip("'\"")
    raise ValueError("CITATION.cff has no date-released")


# Code cells that check (and often print) exercises' answers carry this tag; the student edition drops them
ANSWER_TAG = "exercise-answers"


def drop_answer_cells(app: Sphinx, doctree) -> None:
    """In the student edition, remove the cells tagged ``exercise-answers`` (they show the answers)."""
    if not app.config.hide_solutions:
        return
    from docutils import nodes

    for node in list(doctree.findall(nodes.container)):
        if f"tag_{ANSWER_TAG}" in node.get("classes", []) and node.parent is not None:
            node.parent.remove(node)


# What an ``{only} instructor`` block holds carries this class in the instructor edition's pages, so that the
# student PDF (tools/print_book.py prints both PDFs from the instructor build) can leave it out as well
INSTRUCTOR_CLASS = "nimbook-instructor"


def mark_instructor_text(app: Sphinx, doctree) -> None:
    """Give every element of an ``{only} instructor`` block the class INSTRUCTOR_CLASS (before Sphinx resolves it)."""
    from docutils import nodes
    from sphinx import addnodes

    for only in doctree.findall(addnodes.only):
        if only.get("expr", "").strip() != "instructor":
            continue
        for child in only.children:
            if isinstance(child, nodes.Element):
                child["classes"] = [*child.get("classes", []), INSTRUCTOR_CLASS]


def editions_and_footer(app: Sphinx, config) -> None:
    """Apply the edition switch and put the licence and version in every page's footer."""
    name = edition()
    config.hide_solutions = name == "student"
    # ``{only} instructor`` / ``{only} student`` blocks: what one edition says and the other leaves out
    app.tags.add(name)
    if name == "student":
        # The pages' sources (and the theme's download of a chapter as .ipynb or .md) hold the solutions
        config.html_copy_source = False
        config.html_show_sourcelink = False
    if os.environ.get("NIMBOOK_EXECUTE") == "off":
        # For checks of the text alone (the student edition's test, a quick look while writing): no chapter runs
        config.nb_execution_mode = "off"
    version = book_version(app.srcdir)
    config.version = config.release = version
    config.html_context = {
        **(config.html_context or {}),
        "nimbook_version": version,
        "nimbook_date": book_date(app.srcdir),
        "nimbook_edition": name,
    }
    config.templates_path = [*config.templates_path, str(TEMPLATES)]
    options = dict(config.html_theme_options or {})
    options["footer_content_items"] = FOOTER_ITEMS
    if name == "student":
        options["use_download_button"] = False
        # The repository holds every solution: no button opens it, and the launch buttons open the copies
        # that Binder's postBuild writes under student/ (tools/student_copy.py), solutions and answer cells removed
        options["use_repository_button"] = False
        options["path_to_docs"] = STUDENT_COPIES
    config.html_theme_options = options


# The lab page (book/lab.md) loads _static/nimlib/play.js, then _static/nimlib/lab.js: nimlib/static/lab.js
# rewritten as a classic script whose imports of core and the game files read the bundle's global
LAB_GLOBAL = "NimlibLab"


def lab_script(source: str) -> str:
    """lab.js for the static book: a classic script on ``globalThis.NimlibPlay`` that mounts the page's labs."""
    from nimlib.widgets import PAGE_GLOBAL, classic_script

    start = (
        'if (typeof document !== "undefined") {\n'
        f"  const nimlibLabStart = () => globalThis.{LAB_GLOBAL}.mountLabs(document);\n"
        '  if (document.readyState !== "loading") nimlibLabStart();\n'
        '  else document.addEventListener("DOMContentLoaded", nimlibLabStart);\n'
        "}\n"
    )
    return classic_script(source, exports_to=LAB_GLOBAL, imports_from=PAGE_GLOBAL) + start


def write_lab(app: Sphinx, exception: Exception | None) -> None:
    """Write _static/nimlib/lab.js (and play.js, widget.css if nothing else wrote them) for book/lab.md."""
    if exception is not None or app.builder.format != "html":
        return
    from nimlib import widgets

    target = Path(app.outdir) / "_static" / "nimlib"
    target.mkdir(parents=True, exist_ok=True)
    source = (widgets.STATIC / "lab.js").read_text(encoding="utf-8")
    (target / "lab.js").write_text(lab_script(source), encoding="utf-8")
    if not (target / "play.js").exists():
        (target / "play.js").write_text(page_script(), encoding="utf-8")
    if not (target / "widget.css").exists():
        (target / "widget.css").write_text(widgets.stylesheet(), encoding="utf-8")


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", theme_repository)
    app.connect("config-inited", editions_and_footer)
    app.connect("doctree-read", drop_answer_cells)
    app.connect("doctree-read", mark_instructor_text)
    app.connect("builder-inited", quiet_kernel)
    app.connect("build-finished", copy_anywidget)
    app.connect("build-finished", light_pages)
    app.connect("build-finished", write_lab)
    app.connect("build-finished", moved_chapters)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "2.0"}
