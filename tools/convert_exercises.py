"""One-off migration (kept for the record): hand-made exercise dropdowns become sphinx-exercise directives.

`(ex-x)=` + `**Exercise N (★).** text` + `:::{dropdown} Solution … :::` becomes an `exercise` directive
(label ex-x, the stars as its title) and a `solution` directive folded under it, so that the student
edition (hide_solutions) can drop every solution.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

BLOCK = re.compile(
    r"\((?P<label>ex-[\w-]+)\)=\n\*\*Exercise \d+(?: \((?P<title>[^)]*)\))?\.\*\*[ \n]?(?P<body>.*?)\n+"
    r":::\{dropdown\} Solution\n(?P<solution>.*?)\n:::(?=\n|$)",
    re.S,
)


def convert(text: str) -> tuple[str, int]:
    """The markdown with every exercise block converted, and how many were."""

    def one(m: re.Match) -> str:
        title = m["title"] or ""
        head = f"::::{{exercise}} {title}".rstrip()
        return (
            f"{head}\n:label: {m['label']}\n\n{m['body'].strip()}\n::::\n\n"
            f":::{{solution}} {m['label']}\n:class: dropdown\n\n{m['solution'].strip()}\n:::"
        )

    return BLOCK.subn(one, text)


def main(paths: list[str]) -> None:
    for path in paths:
        nb = json.loads(Path(path).read_text(encoding="utf-8"))
        total = 0
        for cell in nb["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            text, n = convert("".join(cell["source"]))
            if n:
                total += n
                cell["source"] = text.splitlines(keepends=True)
        left = sum("".join(c["source"]).count("{dropdown} Solution") for c in nb["cells"])
        from nimlib._atomic import atomic_write

        with atomic_write(path, what="the notebook") as out:
            out.write(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        print(f"{path}: {total} exercises converted, {left} left")


if __name__ == "__main__":
    main(sys.argv[1:])
