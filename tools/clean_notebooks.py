"""Strip outputs, execution counts and stray metadata from the chapter notebooks (idempotent).

Usage: python tools/clean_notebooks.py [notebooks/*.ipynb]   (default: every notebook under notebooks/)
Notebooks are committed as inputs only; the book build and nbval execute them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

KEEP_NOTEBOOK_METADATA = ("kernelspec", "language_info")
KEEP_CELL_METADATA = ("tags", "mystnb")


def clean(notebook: dict) -> dict:
    """Return the notebook with outputs, counts and non-allow-listed metadata removed."""
    notebook["metadata"] = {k: v for k, v in notebook.get("metadata", {}).items() if k in KEEP_NOTEBOOK_METADATA}
    notebook["metadata"].setdefault("language_info", {"name": "python"})
    notebook["metadata"]["language_info"] = {"name": notebook["metadata"]["language_info"].get("name", "python")}
    for cell in notebook["cells"]:
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k in KEEP_CELL_METADATA}
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return notebook


def main(paths: list[str]) -> int:
    from nimlib._atomic import atomic_write  # (imported here: the tool is also read as a module)

    root = Path(__file__).resolve().parent.parent
    files = [Path(p) for p in paths] or sorted((root / "notebooks").glob("*.ipynb"))
    for path in files:
        before = path.read_text(encoding="utf-8")
        after = json.dumps(clean(json.loads(before)), indent=1, ensure_ascii=False) + "\n"
        if after != before:
            with atomic_write(path, what="the notebook") as out:  # a notebook is never left half written
                out.write(after)
            print(f"cleaned {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
