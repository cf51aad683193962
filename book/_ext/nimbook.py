"""This book's own Sphinx extension: anywidget's widget-manager module for the offline pages, and a quiet kernel.

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


# The lab page (book/lab.md) imports _static/nimlib/lab.js: nimlib/static/lab.js with its imports of
# "./core.js" and "./games/*.js" pointed at the one front-end bundle, _static/nimlib/play.js
_LAB_IMPORT = re.compile(r"""((?:from|import)\s+)["']\./(?:core|games/[\w-]+)\.js["']""")


def lab_module(source: str) -> str:
    """lab.js for the static book: every relative import of core or a game file becomes "./play.js"."""
    return _LAB_IMPORT.sub(r'\1"./play.js"', source)


def write_lab(app: Sphinx, exception: Exception | None) -> None:
    """Write _static/nimlib/lab.js (and play.js, widget.css if nothing else wrote them) for book/lab.md."""
    if exception is not None or app.builder.format != "html":
        return
    from nimlib import widgets

    target = Path(app.outdir) / "_static" / "nimlib"
    target.mkdir(parents=True, exist_ok=True)
    source = (widgets.STATIC / "lab.js").read_text(encoding="utf-8")
    (target / "lab.js").write_text(lab_module(source), encoding="utf-8")
    if not (target / "play.js").exists():
        (target / "play.js").write_text(widgets.bundle(), encoding="utf-8")
    if not (target / "widget.css").exists():
        (target / "widget.css").write_text(widgets.stylesheet(), encoding="utf-8")


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", theme_repository)
    app.connect("builder-inited", quiet_kernel)
    app.connect("build-finished", copy_anywidget)
    app.connect("build-finished", write_lab)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "2.0"}
