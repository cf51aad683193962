"""Every game a chapter opens starts the reader in a position they can win (issue 23).

A chapter's play widget (``NimGame``, ``GameBoard``, ``PlayWidget`` as the last line of a code cell)
must start at an N-position for the player who moves first when the reader does, unless the text
just before it says that the first player loses (chapter 9 does, on purpose). The widget is built
from the notebook's own code: its import cells, the cell itself and, for a name the cell uses, the
earlier cell that assigns it. The verdict is nimlib's (``PuzzleWidget`` judges answers the same way).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from nimlib.widgets import _decode, _is_p, _turn

from .conftest import ROOT

WIDGET = re.compile(r"^(NimGame|GameBoard|PlayWidget)\(")


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def chapter_games() -> list[tuple[str, str, str, object]]:
    """(notebook, the widget's line, the markdown before it, the widget) for every play widget of the book."""
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = [_source(c) for c in cells if c["cell_type"] == "code"]
        imports = "\n".join(
            s
            for s in code
            if re.search(r"^(from|import) ", s, re.M)
            and not WIDGET.search(s.strip().splitlines()[-1] if s.strip() else "")
        )
        text = ""
        for cell in cells:
            source = _source(cell)
            if cell["cell_type"] == "markdown":
                text = source
                continue
            lines = source.strip().splitlines()
            if not lines or not WIDGET.match(lines[-1]):
                continue
            namespace: dict = {}
            exec(imports, namespace)
            before = code[: code.index(source)]
            _run("\n".join([*lines[:-1], f"widget__ = {lines[-1]}"]), namespace, before)
            widget = namespace["widget__"]
            found.append((path.name, lines[-1], text, widget))
    return found


def _run(source: str, namespace: dict, earlier: list[str], depth: int = 0) -> None:
    """Run ``source``; a name it lacks is defined by the last earlier cell that assigns it (run the same way)."""
    for _ in range(10):
        try:
            exec(source, namespace)
            return
        except NameError as error:
            name = re.search(r"name '(\w+)'", str(error)).group(1)
            found = [c for c in earlier if re.search(rf"^(?:{name}\s*=|def {name}\()", c, re.M)]
            if not found or depth > 5:
                raise
            _run(found[-1], namespace, earlier, depth + 1)
    raise AssertionError(f"could not run the cell: {source[:80]!r}")


GAMES = chapter_games()


def test_the_book_has_its_play_widgets():
    assert len(GAMES) >= 30, [g[1] for g in GAMES]
    assert {name[:2] for name, *_ in GAMES} >= {"01", "02", "04", "06", "07", "12", "16"}


@pytest.mark.parametrize(("notebook", "line", "text", "widget"), GAMES, ids=[f"{g[0][:2]}-{g[1][:40]}" for g in GAMES])
def test_a_chapter_game_starts_winnable_or_says_it_is_lost(notebook, line, text, widget):
    rules = widget._rules
    first = "computer" if widget.computer_first else "reader"
    lost = _is_p(rules, _turn(rules, _decode(rules, widget.position), first))
    if first == "computer":
        lost = not lost
    if lost:
        assert re.search(r"\bfirst\b.*\bloses\b|\bloses\b.*\bfirst\b", text), (
            f"{notebook}: {line} starts the reader in a lost position and the text does not say so"
        )


_PAGE_CHECK = """
import { pathToFileURL } from "node:url";
import { readFileSync, readdirSync } from "node:fs";
const [dir, path] = process.argv.slice(1);
const core = await import(pathToFileURL(`${dir}/core.js`));
for (const f of readdirSync(`${dir}/games`).filter((f) => f.endsWith(".js"))) {
  await import(pathToFileURL(`${dir}/games/${f}`));
}
const out = JSON.parse(readFileSync(path, "utf8")).map((state) => core.savedStateError({ get: (k) => state[k] }));
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_every_chapter_game_is_a_state_the_page_takes(tmp_path):
    """What Python saves for each chapter's game, the page's own check accepts (a refused one shows 'not valid')."""
    traits = ("game", "params", "position", "start", "history", "computer_first", "message")
    states = [widget.get_state(traits) for *_, widget in GAMES]
    path = tmp_path / "states.json"
    path.write_text(json.dumps(states), encoding="utf-8")
    out = subprocess.run(
        ["node", "--input-type=module", "-e", _PAGE_CHECK, str(ROOT / "nimlib" / "static"), str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    problems = {g[1]: p for g, p in zip(GAMES, json.loads(out.stdout), strict=True) if p}
    assert len(states) >= 30 and not problems, problems
