"""Write the student copies of the chapters: every solution, answer-check cell and instructor-only passage removed.

The repository is public and holds every solution. The student edition of the book must still open nothing that
shows one: its launch buttons (Binder) open these copies, under ``student/``, instead of the repository's
chapters. Binder's ``.binder/postBuild`` runs this tool in the image; ``tests/test_student_copy.py`` checks that a
copy holds none of the solutions' sentences and still holds every exercise and hint.

What is removed, in notebooks and in MyST pages alike:
- every ``{solution}`` directive (a colon fence, closed by a fence of at least as many colons);
- every ``{only} instructor`` block; an ``{only} student`` block keeps its body and loses its fences;
- every code cell tagged ``exercise-answers`` (in a MyST page: a ``{code-cell}`` whose ``:tags:`` name it).

Usage: ``python tools/student_copy.py [--out student]`` from the repository root.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The tag of the code cells that check (and print) exercises' answers; book/_ext/nimbook.py drops the same cells
ANSWER_TAG = "exercise-answers"
# What is copied: the chapters and the book's MyST pages (the student edition's launch buttons open any of them)
SOURCES = ("notebooks/*.ipynb", "book/*.md")
# The chapters read published tables as ../tests/data/…: the copy's folder links to the repository's
LINKED = ("tests",)

_FENCE = re.compile(r"^(\s*)(:{3,}|`{3,})\{([\w-]+)\}\s*(.*?)\s*$")


def _closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes a block opened by ``fence`` (the same character, at least as many of it)."""
    stripped = line.strip()
    return bool(stripped) and set(stripped) == {fence[0]} and len(stripped) >= len(fence)


def strip_markdown(text: str) -> str:
    """``text`` without its solutions and instructor-only blocks; student-only blocks unwrapped."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        name = match.group(3) if match else ""
        argument = match.group(4).strip().lower() if match else ""
        drop = name == "solution" or (name == "only" and argument == "instructor")
        unwrap = name == "only" and argument == "student"
        if not (drop or unwrap):
            out.append(lines[i])
            i += 1
            continue
        fence = match.group(2)
        end = i + 1
        while end < len(lines) and not _closes(lines[end], fence):
            end += 1
        if unwrap:
            body = [line for line in lines[i + 1 : end] if not line.lstrip().startswith(":")]
            out.extend(strip_markdown("".join(body)).splitlines(keepends=True))
        i = end + 1
    result = "".join(out)
    return re.sub(r"\n{3,}", "\n\n", result)


def _tagged(cell: dict) -> bool:
    return ANSWER_TAG in (cell.get("metadata", {}).get("tags") or [])


def strip_notebook(notebook: dict) -> dict:
    """A copy of ``notebook`` (nbformat 4 JSON) without solutions, answer cells or instructor-only text."""
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and _tagged(cell):
            continue
        if cell["cell_type"] == "markdown":
            source = strip_markdown("".join(cell["source"]))
            if not source.strip():
                continue
            cell = {**cell, "source": source.splitlines(keepends=True)}
        cells.append(cell)
    return {**notebook, "cells": cells}


_CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(?P<body>.*?)^```\s*$\n?", re.S | re.M)


def _cell_tags(body: str) -> list[str]:
    """The tags of a MyST code cell from its options: ``:tags: [a, b]`` lines, or a ``---`` YAML block's ``tags:``."""
    lines = body.splitlines()
    if lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        options = [line.strip() for line in lines[1:end]]
    else:
        options = []
        for line in lines:  # the leading ``:key: value`` lines
            if not line.startswith(":"):
                break
            options.append(line[1:])
    for option in options:
        key, _, value = option.partition(":")
        if key.strip() == "tags":
            return [tag.strip(" '\"") for tag in value.strip().strip("[]").split(",") if tag.strip()]
    return []


def strip_myst_page(text: str) -> str:
    """A MyST page without solutions, instructor-only text or code cells tagged ``exercise-answers``."""

    def keep(match: re.Match) -> str:
        return "" if ANSWER_TAG in _cell_tags(match.group("body")) else match.group(0)

    return strip_markdown(_CODE_CELL.sub(keep, text))


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all (nimlib's one way: a temporary file in the same folder, then a rename)."""
    from nimlib._atomic import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path, what=path.name) as stream:
        stream.write(text)


def student_copy(root: Path, out: Path) -> list[Path]:
    """Write the student copy of every source under ``out``; the written paths, in order."""
    written = []
    for pattern in SOURCES:
        for source in sorted(root.glob(pattern)):
            target = out / source.relative_to(root)
            text = source.read_text(encoding="utf-8")
            if source.suffix == ".ipynb":
                stripped = json.dumps(strip_notebook(json.loads(text)), indent=1, ensure_ascii=False) + "\n"
            else:
                stripped = strip_myst_page(text)
            _write(target, stripped)
            written.append(target)
    for name in LINKED:
        link = out / name
        if not link.exists() and (root / name).exists():
            link.symlink_to(os.path.relpath(root / name, out))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="student", help="the folder of the copies (default: student)")
    args = parser.parse_args(argv)
    out = (ROOT / args.out).resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        print(f"student_copy: --out must not be the repository or a folder above it, got {args.out!r}", file=sys.stderr)
        return 2
    written = student_copy(ROOT, out)
    shown = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
    print(f"student_copy: wrote {len(written)} files under {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
