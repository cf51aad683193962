"""The chapters' exercises read from the notebooks' source: what tests of hints, editions and stars share."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))
# The problems for homework: an executable MyST page, one section per part of the book (labels prob-...)
PROBLEMS = ROOT / "book" / "problems.md"

# ::::{exercise} TITLE / :label: ex-... / body (hint inside) / :::: then :::{solution} ex-... / :class: dropdown / body
EXERCISE = re.compile(
    r"^(?P<fence>:{4,})\{exercise\}(?P<title>[^\n]*)\n(?P<options>(?::[\w-]+:[^\n]*\n)*)"
    r"(?P<body>.*?)^(?P=fence)[ \t]*$",
    re.S | re.M,
)
SOLUTION = re.compile(
    r"^(?P<fence>:{3,})\{solution\}[ \t]*(?P<label>[\w-]+)[ \t]*\n(?P<options>(?::[\w-]+:[^\n]*\n)*)(?P<body>.*?)"
    r"^(?P=fence)[ \t]*$",
    re.S | re.M,
)
HINT = re.compile(r"^:{3,}\{hint\}", re.M)


@dataclass(frozen=True)
class Exercise:
    chapter: str
    label: str
    title: str
    body: str
    solution: str | None

    @property
    def stars(self) -> int:
        return self.title.count("★")

    @property
    def needs_computer(self) -> bool:
        return "computer" in self.title.lower()

    @property
    def has_hint(self) -> bool:
        return bool(HINT.search(self.body))


CODE_CELL = re.compile(r"^```\{code-cell\}.*?^```[ \t]*$", re.S | re.M)


def markdown(path: Path) -> str:
    """A notebook's markdown cells, joined; for a MyST page (.md), its text without the code cells."""
    if path.suffix == ".md":
        return CODE_CELL.sub("", path.read_text(encoding="utf-8"))
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def code_cells(path: Path) -> list[tuple[list[str], str]]:
    """A MyST page's code cells: (tags, source) each."""
    found = []
    for cell in CODE_CELL.finditer(path.read_text(encoding="utf-8")):
        tags = re.search(r"^:tags:[ \t]*\[(.*?)\]", cell.group(0), re.M)
        found.append(([t.strip() for t in tags[1].split(",")] if tags else [], cell.group(0)))
    return found


def sections(path: Path) -> dict[str, list[Exercise]]:
    """A MyST page's exercises by the ``## `` section they stand in, in order."""
    text = markdown(path)
    found: dict[str, list[Exercise]] = {}
    labels = {ex.label: ex for ex in exercises(path)}
    for part in re.split(r"^## ", text, flags=re.M)[1:]:
        heading, _, body = part.partition("\n")
        found[heading.strip()] = [labels[m[1]] for m in re.finditer(r"^:label:[ \t]*(prob-[\w-]+)", body, re.M)]
    return found


def exercises(path: Path) -> list[Exercise]:
    """A chapter's exercises in order, each with its solution's text (None if it has none)."""
    text = markdown(path)
    solutions = {m["label"]: m["body"] for m in SOLUTION.finditer(text)}
    found = []
    for m in EXERCISE.finditer(text):
        label = re.search(r"^:label:[ \t]*([\w-]+)", m["options"], re.M)
        if not label:
            raise ValueError(f"{path.name}: an exercise has no :label: ({m.group(0)[:80]!r})")
        found.append(Exercise(path.stem, label[1], m["title"].strip(), m["body"], solutions.get(label[1])))
    return found


MARKUP = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`|\{[\w:-]+\}|\*+|\b_|_\b|\[|\]\([^)]*\)|^:[\w-]+:.*$", re.S | re.M)


def plain(text: str) -> str:
    """Text as a page shows it, for comparing: quotes straightened, white space folded."""
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2013", "--")):
        text = text.replace(curly, straight)
    return " ".join(text.split())


def solution_lines(solution: str) -> list[str]:
    """Runs of a solution's own plain words (between math, code and markup) long enough to be its own."""
    runs = []
    for piece in MARKUP.split(solution):
        for run in re.split(r"[.;:!?()<>\n]", piece):
            run = plain(run).strip(" ,")
            if len(run) >= 40:
                runs.append(run)
    return runs
