"""Regenerate the locked requirements: requirements.txt from requirements.in, .binder/requirements.txt from
.binder/requirements.in, every package pinned (uv's resolver, for CPython 3.11 and newer on any platform).

    python3 tools/lock.py            # after editing a requirements.in: keeps every other pin as it is
    python3 tools/lock.py --upgrade  # move every pin to the newest version the .in files allow

Binder's lock is resolved with the main lock as constraints, so a package both install has one version.
uv comes from PyPI at the version below, into a cache folder outside the repository, unless it is already
importable. Each file is written to a temporary file beside it and replaced only when the run succeeded.
tests/test_package.py checks that the locks are in step with their inputs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UV_VERSION = "0.13.9"
PYTHON = "3.11"
COMMAND = "python3 tools/lock.py"
# (input, output, constrained by the main lock)
LOCKS = [
    (Path("requirements.in"), Path("requirements.txt"), False),
    (Path(".binder/requirements.in"), Path(".binder/requirements.txt"), True),
]


def uv_command() -> list[str]:
    """uv, importable here or installed once into a cached venv (PyPI, the pinned version)."""
    try:
        import uv  # noqa: F401
    except ImportError:
        pass
    else:
        return [sys.executable, "-m", "uv"]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "sprague-grundy" / f"uv-{UV_VERSION}"
    python = cache / "bin" / "python"
    if not python.exists():
        venv.create(cache, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"uv=={UV_VERSION}"], check=True)
    return [str(python), "-m", "uv"]


def compile_lock(uv: list[str], source: Path, target: Path, constraints: Path | None, upgrade: bool) -> None:
    """One ``uv pip compile`` into a temporary file beside ``target``, then os.replace."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=ROOT / target.parent)
    os.close(fd)
    temporary = Path(name)
    try:
        if (ROOT / target).exists() and not upgrade:
            shutil.copyfile(ROOT / target, temporary)  # uv keeps the pins it finds in its output file
        args = [*uv, "pip", "compile", str(source), "--output-file", str(temporary.relative_to(ROOT))]
        args += ["--universal", "--python-version", PYTHON, "--custom-compile-command", COMMAND, "--quiet"]
        if constraints is not None:  # a temporary file: its name would only be noise in the annotations
            args += ["--constraint", str(constraints.relative_to(ROOT)), "--no-annotate"]
        if upgrade:
            args.append("--upgrade")
        subprocess.run(args, cwd=ROOT, check=True, env={**os.environ, "UV_NO_CONFIG": "1"})
        with open(temporary, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, ROOT / target)
    finally:
        temporary.unlink(missing_ok=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--upgrade", action="store_true", help="newest allowed versions instead of the current pins")
    args = parser.parse_args()
    uv = uv_command()
    for source, target, constrained in LOCKS:
        constraints = None
        if constrained:
            # The main lock without its editable line (constraints cannot be editable)
            lines = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
            fd, name = tempfile.mkstemp(prefix=".constraints.", suffix=".txt", dir=ROOT / target.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write("\n".join(line for line in lines if not line.startswith("-e ")) + "\n")
            constraints = Path(name)
        try:
            compile_lock(uv, source, target, constraints, args.upgrade)
        finally:
            if constraints is not None:
                constraints.unlink(missing_ok=True)
        print(f"{target}: {sum(1 for line in (ROOT / target).read_text().splitlines() if '==' in line)} pins")
    return 0


if __name__ == "__main__":
    sys.exit(main())
