"""This book's own Sphinx extension: the in-page Nim game and a MathJax 2 shim, on every page.

nimplay.js is added with a low priority so that it runs before the widget manager (embed-amd.js):
the manager typesets widget labels with the MathJax 2 call ``MathJax.Hub.Queue``, which MathJax 3
lacks, and nimplay.js supplies it before the first widget renders.
"""

from __future__ import annotations

from sphinx.application import Sphinx


def setup(app: Sphinx) -> dict:
    app.add_js_file("nimplay.js", priority=200)
    app.add_css_file("nimplay.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1.0"}
