"""Binder's configuration installs what the chapters import, and nimlib itself after the cached layer."""

from __future__ import annotations

import re

from .conftest import ROOT


def requirement_names(path):
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            names.add(re.split(r"[<>=!~\[ ]", line)[0].lower())
    return names


def test_binder_installs_the_chapters_dependencies():
    binder = requirement_names(ROOT / ".binder" / "requirements.txt")
    root = requirement_names(ROOT / "requirements.txt")
    assert {"numpy", "numba", "matplotlib", "ipywidgets", "anywidget"} <= binder <= root
    # Every package a chapter imports is installed in Binder
    imported = set()
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        imported |= set(re.findall(r"^(?:from|import) (\w+)", notebook.read_text(encoding="utf-8"), re.M))
    third_party = {name for name in imported if name in {"numpy", "matplotlib", "ipywidgets", "numba"}}
    assert third_party <= binder


def test_nimlib_is_installed_after_the_cached_layer():
    assert "-e" not in (ROOT / ".binder" / "requirements.txt").read_text(encoding="utf-8")
    post_build = ROOT / ".binder" / "postBuild"
    assert "pip install" in post_build.read_text(encoding="utf-8") and "-e ." in post_build.read_text(encoding="utf-8")
    assert post_build.stat().st_mode & 0o111, "postBuild must be executable"
    assert (ROOT / ".binder" / "runtime.txt").read_text(encoding="utf-8").startswith("python-3.")


def test_launch_buttons_are_configured():
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert "binderhub_url: https://mybinder.org" in config
    assert re.search(r"repository:\n  url: https://github.com/[\w.-]+/[\w.-]+", config)
