"""TeX survives its escapes: no `\\neq` read as a newline and "eq", no `\\times` as a tab and "imes".

In a notebook's JSON (and in a Python string that is not raw) a single backslash before n, t, b, f or r
is an escape: `"$a \\neq b$"` written with one backslash shows the reader "a" on one line and "eq b" on
the next, `\\frac` becomes a form feed and "rac". This happened three times before this test.
The test reads every math span (`$…$` and `$$…$$`) of every chapter's markdown cells, of every
`book/*.md` page and of every string literal in a chapter's code cells and in `nimlib`, and fails on:

- any control character but the newline (tab, backspace, form feed, carriage return, bell, …);
- a newline inside inline math (the house style writes one sentence per line, so `$…$` never needs one);
- a newline directly followed by what is left of a TeX command whose name starts with n (`eq`, `abla`,
  `ot`, `u`, `eg`, …), inside display math too.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))
PAGES = sorted((ROOT / "book").glob("*.md"))
LIBRARY = sorted((ROOT / "nimlib").rglob("*.py"))

# What a newline leaves of a TeX command starting with n (\neq, \ne, \neg, \nabla, \not, \notin, \nu, \ni,
# \nmid, \nleq, \ngeq, …, \newline), followed by a non-letter. The other escapes (\t, \b, \f, \r, and \a,
# \v in Python) leave a control character, caught whatever command it ate (\times, \beta, \frac, \rho, …)
N_REMAINDER = re.compile(
    r"\n(?:eq|e|eg|abla|otin|ot|u|i|mid|leq|geq|less|gtr|subseteq|supseteq|exists|earrow|warrow|ewline|atural"
    r"|olimits|parallel|rightarrow|leftarrow|vdash|sim|cong)(?![A-Za-z])"
)
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")
CODE = re.compile(r"^(```|~~~).*?^\1|`[^`\n]*`", re.S | re.M)
MATH = re.compile(r"\$\$(?P<display>.+?)\$\$|\$(?P<inline>(?:\\.|[^$\\])+?)\$", re.S)


def math_spans(text: str) -> list[tuple[str, bool]]:
    """Every math span of a markdown text outside code, as (body, is_display)."""
    text = CODE.sub("", text)
    return [(m["display"], True) if m["display"] is not None else (m["inline"], False) for m in MATH.finditer(text)]


def tex_damage(body: str, display: bool) -> str | None:
    """What an escape broke in one math span, in words, or None when it is whole."""
    found = CONTROL.search(body)
    if found:
        return f"control character {found.group()!r} (a TeX command lost its backslash and first letter)"
    found = N_REMAINDER.search(body)
    if found:
        return f"newline + {found.group()[1:]!r}: '\\n{found.group()[1:]}' read as a newline"
    if not display and "\n" in body:
        return "newline inside inline math (an escape ate a TeX command starting with n)"
    return None


def _markdown_texts() -> list[tuple[str, str]]:
    texts = []
    for path in CHAPTERS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts += [
            (f"{path.name} cell {i}", "".join(c["source"])) for i, c in enumerate(cells) if c["cell_type"] == "markdown"
        ]
    texts += [(f"book/{path.name}", path.read_text(encoding="utf-8")) for path in PAGES]
    return texts


def _python_strings() -> list[tuple[str, str]]:
    """The value of every string literal (f-string parts too) in chapters' code cells and in nimlib."""
    sources = []
    for path in CHAPTERS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        sources += [
            (f"{path.name} cell {i}", "".join(c["source"])) for i, c in enumerate(cells) if c["cell_type"] == "code"
        ]
    sources += [(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")) for path in LIBRARY]
    strings = []
    for where, source in sources:
        # IPython magics and shell lines are not Python; chapters have none, but a parse error must not hide one
        tree = ast.parse("\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))))
        strings += [
            (f"{where} line {node.lineno}", node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "$" in node.value
        ]
    return strings


def _damage(texts: list[tuple[str, str]]) -> tuple[int, list[str]]:
    count, damaged = 0, []
    for where, text in texts:
        for body, display in math_spans(text):
            count += 1
            problem = tex_damage(body, display)
            if problem:
                damaged.append(f"{where}: {problem} in ${body[:60]!r}$")
    return count, damaged


# The bugs this test exists for, as they were in the JSON, with the single backslash decoded
BROKEN = [
    "If $a \neq b$, say $a < b$",  # chapter 1, Exercise 5 (the newline case)
    "the ${0,1}$ of $a \times b$",
    "$\frac{1}{2}$",
    "$$G(x) = \bigoplus_i G(x_i)$$",
    "$\beta$ and $\rho$",
    "$$x\n\nabla y$$",
    "$x \to y$",
    "$\nu$",
    "$$\n a \not= b\n$$",
]
WHOLE = [
    r"If $a \neq b$, say $a < b$",
    r"$$G(x) = \bigoplus_i G(x_i)$$",
    "$$\n\\frac{1}{2} \\neq \\nu\n$$",
    "$$\nw = u + v\n$$",  # a display line may start with a letter that is no command's remainder
    "`$a \n` code is not math",
]


@pytest.mark.parametrize("text", BROKEN)
def test_damaged_tex_is_caught(text):
    spans = math_spans(text)
    assert spans and any(tex_damage(body, display) for body, display in spans), text


@pytest.mark.parametrize("text", WHOLE)
def test_whole_tex_passes(text):
    assert not any(tex_damage(body, display) for body, display in math_spans(text)), text


def test_chapter_one_exercise_five_as_it_was():
    """The JSON line pair that showed "If a eq b" is caught when read as the notebook reads it."""
    source = json.loads('["If $a \\n", "eq b$, say $a < b$"]')
    count, damaged = _damage([("ch. 1 cell 33 as it was", "".join(source))])
    assert count >= 1 and damaged


def test_markdown_math_is_whole():
    count, damaged = _damage(_markdown_texts())
    assert count > 1000, f"only {count} math spans found in chapters and pages: the reader is broken"
    assert not damaged, "\n".join(damaged)


def test_python_strings_with_math_are_whole():
    strings = _python_strings()
    count, damaged = _damage(strings)
    assert count >= 1, "no string literal with math found in chapters or nimlib: the reader is broken"
    assert not damaged, "\n".join(damaged)
