"""No import cycles and no core module importing a front end: import-linter's contracts (pyproject.toml)."""

from __future__ import annotations

import subprocess

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


def test_the_engine_is_one_package_on_one_hot_loop():
    """Inside nimlib.engine: periods on stream, stream on methods and periodicity, those on table, table on kernels."""
    result = lint("engine")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "KEPT" in result.stdout


def test_the_certificate_checker_imports_nothing_of_nimlib():
    """``nimlib check`` trusts nothing of the engine: certificate.py imports only the standard library."""
    import ast
    import sys

    source = (ROOT / "nimlib" / "certificate.py").read_text(encoding="utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"relative import from {node.module!r}"
            imported.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
    assert imported and imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


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
