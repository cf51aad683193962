"""No import cycles and no core module importing a front end: import-linter's contracts (pyproject.toml)."""

from __future__ import annotations

import subprocess

import pytest

from .conftest import ROOT, tool


def lint(contract: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [tool("lint-imports"), "--contract", contract, "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_core_never_imports_a_front_end():
    result = lint("layers")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "KEPT" in result.stdout


# periodicity.py belongs to the cli helper, who removes its import of the engine; until then this contract is broken
_PERIODICITY_IMPORTS_ENGINE = "from .engine import" in (ROOT / "nimlib" / "periodicity.py").read_text(encoding="utf-8")


@pytest.mark.xfail(
    _PERIODICITY_IMPORTS_ENGINE, reason="periodicity still imports engine (cli helper's change)", strict=True
)
def test_engine_and_periodicity_do_not_import_each_other():
    result = lint("engine-periodicity")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def test_a_planted_cycle_is_caught(tmp_path):
    """The contract bites: a copy of the package where grundy imports boards breaks it."""
    import shutil

    copy = tmp_path / "nimlib"
    shutil.copytree(ROOT / "nimlib", copy, ignore=shutil.ignore_patterns("__pycache__", "static"))
    grundy = copy / "grundy.py"
    grundy.write_text(grundy.read_text(encoding="utf-8") + "\nfrom . import boards  # noqa\n", encoding="utf-8")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    result = subprocess.run(
        [tool("lint-imports"), "--contract", "layers", "--no-cache"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode != 0 and "nimlib.grundy is not allowed to import nimlib.boards" in result.stdout
