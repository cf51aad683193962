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


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", quiet_kernel)
    app.connect("build-finished", copy_anywidget)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "2.0"}
