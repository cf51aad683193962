"""This book's own Sphinx extension: anywidget's widget-manager module for the offline pages.

Every play widget is an anywidget. The ipywidgets HTML manager that brings the saved widgets to life
on a static page loads the module "anywidget" with require.js; book/assets/nimwidgets.js points
require.js at ``_static/anywidget/index.js``, and this extension copies that file from the
*installed* anywidget wheel (``anywidget/nbextension/index.js``) at the end of every build, so the
page always runs the same version as the kernel that saved the widgets, and no copy is kept by hand.
"""

from __future__ import annotations

import shutil
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


def setup(app: Sphinx) -> dict:
    app.connect("build-finished", copy_anywidget)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "2.0"}
