"""Binder as it really builds: what `.binder/` installs, and (slow tier) the environment built from nothing.

The slow test does repo2docker's job minus the container: a fresh virtual environment, then
`.binder/requirements.txt`, then `.binder/postBuild`, then every chapter under nbval and the command line,
all inside that environment. mybinder.org itself is never contacted.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
import yaml

from .conftest import ROOT

BINDER = ROOT / ".binder"


def requirement_names(path: Path) -> set[str]:
    """The distribution names a requirements file asks for (lower case, '_' as '-')."""
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            names.add(re.split(r"[<>=!~\[ ;]", line)[0].lower().replace("_", "-"))
    return names


def imported_modules(source: str) -> set[str]:
    """Top-level modules a piece of Python imports, anywhere (inside functions too); magics are skipped."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    found = set()
    for node in ast.walk(ast.parse("\n".join(lines))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def notebook_imports() -> set[str]:
    found = set()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                found |= imported_modules("".join(cell["source"]))
    return found


def third_party(modules: set[str]) -> set[str]:
    """The distributions (lower case) behind the modules that are neither the standard library nor nimlib."""
    owners = packages_distributions()
    dists = set()
    for module in modules - set(sys.stdlib_module_names) - {"nimlib", "__future__"}:
        assert module in owners, f"{module} is imported but installed by no distribution"
        dists |= {name.lower().replace("_", "-") for name in owners[module]}
    return dists


def test_binder_installs_every_package_a_chapter_imports():
    binder = requirement_names(BINDER / "requirements.txt")
    missing = third_party(notebook_imports()) - binder
    assert not missing, f".binder/requirements.txt lacks what chapters import: {sorted(missing)}"


def test_binder_installs_what_nimlib_imports_directly():
    """nimlib's own imports (numpy, numba, matplotlib, anywidget, rich, …), transitive ones aside."""
    binder = requirement_names(BINDER / "requirements.txt")
    modules = set()
    for path in (ROOT / "nimlib").glob("*.py"):
        modules |= imported_modules(path.read_text(encoding="utf-8"))
    # traitlets comes with anywidget and ipywidgets (it is their own dependency, not ours to pin)
    missing = third_party(modules) - binder - {"traitlets"}
    assert not missing, f".binder/requirements.txt lacks what nimlib imports: {sorted(missing)}"


def test_binder_pins_agree_with_the_root_requirements():
    """Binder asks for a subset of what the book asks for, and its lock pins each package at the main lock's version.

    Both locks are written by tools/lock.py; tests/test_package.py checks them against their inputs too.
    """
    assert requirement_names(BINDER / "requirements.in") <= requirement_names(ROOT / "requirements.in")
    assert requirement_names(BINDER / "requirements.txt") <= requirement_names(ROOT / "requirements.txt")

    def pins(path: Path) -> set[str]:
        return {line.split(";")[0].strip() for line in path.read_text(encoding="utf-8").splitlines() if "==" in line}

    binder, root = pins(BINDER / "requirements.txt"), pins(ROOT / "requirements.txt")
    assert len(binder) >= 30, f"Binder's lock pins only {len(binder)} packages"
    assert binder <= root, f"pinned differently from requirements.txt: {sorted(binder - root)}"


def test_post_build_installs_nimlib_without_assuming_wheel():
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert not [line for line in lines if line.startswith("-e")], "postBuild installs nimlib, not the lock"
    post_build = BINDER / "postBuild"
    text = post_build.read_text(encoding="utf-8")
    assert "pip install" in text and "-e ." in text
    # Python 3.11's bundled setuptools cannot build an editable wheel: build isolation must stay on
    assert "--no-build-isolation" not in text
    assert post_build.stat().st_mode & 0o111, "postBuild must be executable"
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").startswith("python-3.")


def declared_repository() -> str:
    """The one repository the book declares (`repository.url` in _config.yml)."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    url = config["repository"]["url"]
    assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", url)
    return url


def test_badge_and_launch_links_point_at_the_declared_repository():
    url = declared_repository()
    slug = url.removeprefix("https://github.com/")
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert config["launch_buttons"]["binderhub_url"] == "https://mybinder.org"
    # The theme options repeat no repository: book/_ext/nimbook.py fills them in from `repository`
    assert "repository_url" not in config["sphinx"]["config"]["html_theme_options"]
    for page in (ROOT / "README.md", ROOT / "book" / "intro.md"):
        links = re.findall(r"https://mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/", page.read_text(encoding="utf-8"))
        assert links, f"{page.name} has no Binder link"
        assert set(links) == {slug}, f"{page.name} launches {links}, the book declares {slug}"


def _copy_repository(target: Path) -> Path:
    ignore = shutil.ignore_patterns(".git", ".venv", "_build", "__pycache__", "*.egg-info", ".ipynb_checkpoints")
    shutil.copytree(ROOT, target, ignore=ignore)
    return target


def binder_from_nothing(tmp_path: Path) -> None:
    """A fresh venv, .binder/requirements.txt, postBuild: then every chapter runs under nbval, and the CLI works."""
    repo = _copy_repository(tmp_path / "repo")
    venv = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"}}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["MPLBACKEND"] = "Agg"

    def run(*args, timeout=900):
        result = subprocess.run(args, cwd=repo, env=env, capture_output=True, text=True, timeout=timeout)
        assert result.returncode == 0, f"{' '.join(map(str, args))}\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
        return result.stdout

    base = getattr(sys, "_base_executable", sys.executable)
    run(base, "-m", "venv", str(venv))
    python = str(venv / "bin" / "python")
    # What repo2docker does with .binder/, plus the test harness (nbval runs the notebooks as Jupyter would), the
    # harness held to the main lock's versions
    lock = (repo / "requirements.txt").read_text(encoding="utf-8").splitlines()
    constraints = tmp_path / "constraints.txt"
    constraints.write_text("".join(line + "\n" for line in lock if not line.startswith("-e ")), encoding="utf-8")
    harness = ["-c", str(constraints), "nbval", "pytest"]
    run(python, "-m", "pip", "install", "--quiet", "-r", ".binder/requirements.txt", *harness)
    run("bash", ".binder/postBuild")
    # Nothing from the developer's environment leaks in: nimlib is the copy's, installed by postBuild
    where = run(python, "-c", "import nimlib, nimlib.widgets, nimlib.plotting; print(nimlib.__file__)")
    assert Path(where.strip()).is_relative_to(repo)
    # The command line in a Binder terminal
    out = run(str(venv / "bin" / "nimlib"), "values", "kayles", "--to", "12", "--json")
    assert json.loads(out)["values"] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    # Every chapter, top to bottom, with the printed results nbval compares
    notebooks = sorted(str(p.relative_to(repo)) for p in (repo / "notebooks").glob("*.ipynb"))
    report = run(python, "-m", "pytest", "-q", *notebooks, timeout=1500)
    assert re.search(r"\b\d+ passed\b", report) and " failed" not in report, report[-2000:]
    assert int(re.search(r"\b(\d+) passed\b", report)[1]) >= 17, report[-2000:]


class Background:
    """``binder_from_nothing`` in a thread, started as soon as pytest has collected the test that waits for it.

    Its work is subprocesses (pip, a kernel per chapter), one core's worth, so it overlaps the book
    build on the other core instead of adding its minutes to the run. ``wait`` re-raises its failure.
    """

    def __init__(self, tmp_path: Path) -> None:
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(tmp_path,), daemon=True)
        self.thread.start()

    def _run(self, tmp_path: Path) -> None:
        try:
            binder_from_nothing(tmp_path)
        except BaseException as error:  # handed to the test
            self.error = error

    def wait(self, timeout: float) -> None:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), f"the Binder environment was not built and run within {timeout:.0f} s"
        if self.error is not None:
            raise self.error


@pytest.mark.slow
def test_binder_environment_builds_from_nothing(request, tmp_path):
    """A fresh venv, .binder/requirements.txt, postBuild: then every chapter runs under nbval, and the CLI works."""
    background = getattr(request.config, "binder_background", None)
    if background is None:  # not started at collection (the test was picked some other way): run it here
        binder_from_nothing(tmp_path)
    else:
        background.wait(timeout=2400)
