"""Every "Your turn" prompt states the rule of the puzzle it sits above, as its chapter and its game have it.

The prompt is the markdown cell right before a `PuzzleWidget(...)` cell. The game is the one that cell
builds (evaluated with the chapter's own imports and the assignments it uses, widgets left out), and each
rule a prompt states is checked against that game: the staircase's counting steps (ch. 8 once said "odd"
where the theorem, the summary and the widget say even), Moore's $k$ and its modulus, the subtraction set,
period and values, misère or normal play, the place values of turning turtles. A puzzle whose game this
test does not know fails, so a new puzzle comes with its check.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from nimlib import find_period
from nimlib.grundy import grundy_value, heap_values

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))
HEAVY = ("matplotlib", "nimlib.widgets", "nimlib.plotting")


def _puzzles() -> list[tuple[str, str, str, dict]]:
    """(where, prompt, code, namespace) for every PuzzleWidget cell of every chapter."""
    found = []
    for path in CHAPTERS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        sources = ["".join(c["source"]) for c in cells]
        for i, cell in enumerate(cells):
            if cell["cell_type"] != "code" or i == 1 or "PuzzleWidget(" not in sources[i]:
                continue
            prompt = next(sources[j] for j in range(i - 1, 0, -1) if cells[j]["cell_type"] == "markdown")
            found.append(
                (
                    f"{path.name} cell {i}",
                    prompt,
                    sources[i],
                    _namespace(
                        sources[1],
                        [s for s, c in zip(sources[2:i], cells[2:i], strict=True) if c["cell_type"] == "code"],
                    ),
                )
            )
    return found


def _namespace(imports: str, earlier: list[str]) -> dict:
    """The chapter's imports (without plotting and widgets) and the top-level assignments of earlier cells."""
    namespace: dict = {}
    for node in ast.parse(imports).body:
        if isinstance(node, ast.ImportFrom) and node.module.startswith(HEAVY):
            continue
        if isinstance(node, ast.Import) and any(a.name.startswith(HEAVY) for a in node.names):
            continue
        exec(compile(ast.Module([node], []), "<imports>", "exec"), namespace)
    assignments = {}
    for source in earlier:
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                assignments[node.targets[0].id] = node.value
    return {"namespace": namespace, "assignments": assignments}


def _game(code: str, context: dict):
    """The game the puzzle cell builds: its PuzzleWidget's first argument, evaluated."""
    call = next(
        node
        for node in ast.walk(ast.parse(code))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "PuzzleWidget"
    )
    namespace, assignments = dict(context["namespace"]), context["assignments"]
    for name in sorted({n.id for n in ast.walk(call.args[0]) if isinstance(n, ast.Name)} - set(namespace)):
        namespace[name] = eval(compile(ast.Expression(assignments[name]), name, "eval"), namespace)
    return eval(compile(ast.Expression(call.args[0]), "<puzzle>", "eval"), namespace)


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def check_prompt(prompt: str, game) -> list[str]:
    """What the prompt says that the game contradicts (empty when they agree)."""
    kind = type(game).__name__
    problems = []
    misere = bool(getattr(game, "misere", False))
    if misere != ("misère" in prompt.lower()):
        problems.append(f"the game is {'misère' if misere else 'normal'} play, the prompt says otherwise")
    if kind == "Staircase":
        steps = game.components((1,) * 6)
        parity = "even" if all(int(label.split()[-1]) % 2 == 0 for label, _ in steps) else "odd"
        other = {"even": "odd", "odd": "even"}[parity]
        if f"{parity} steps" not in prompt or re.search(rf"\b{other} steps?\b", prompt):
            problems.append(f"the counting steps are the {parity} ones ({[label for label, _ in steps]})")
    elif kind == "Moore":
        k = game.k
        named = [int(n) for n in re.findall(r"Nim\$_\{?(\d+)\}?\$", prompt)]
        moduli = [int(n) for n in re.findall(r"mod (\d+)", prompt)]
        heaps = [int(n) for n in re.findall(r"up to (\d+) heaps", prompt)]
        if not named or set(named) != {k}:
            problems.append(f"the game is Nim_{k}, the prompt names Nim_{named}")
        if any(m != k + 1 for m in moduli) or any(h != k for h in heaps):
            problems.append(f"Nim_{k} sums columns mod {k + 1} and changes up to {k} heaps: {moduli}, {heaps}")
    elif kind == "HeapBoard":
        rule, values = game.game, heap_values(game.game, 200)
        stated = re.search(r"\\\{([\d, ]+)\\\}|\\mathrm\{S\}\(([\d, ]+)\)", prompt)
        if stated and _numbers(stated.group(1) or stated.group(2)) != set(rule.takes.take_all):
            problems.append(f"the prompt's set {stated.group()} is not {rule.name}")
        period = re.search(r"period (\d+)", prompt)
        if period and find_period(values).period != int(period.group(1)):
            problems.append(f"{rule.name} has period {find_period(values).period}, not {period.group(1)}")
        modulus = re.search(r"\$n \\bmod (\d+)\$", prompt)
        if modulus and values != [n % int(modulus.group(1)) for n in range(len(values))]:
            problems.append(f"{rule.name}'s values are not n mod {modulus.group(1)}")
        if "split" in prompt and not rule.takes.take_split:
            problems.append(f"{rule.name} has no splitting move")
        if not (stated or period or modulus or "Lasker" in prompt):
            problems.append("the prompt does not say which heap game it is")
        if ("Lasker" in prompt) != (rule.name == "laskers_nim"):
            problems.append(f"the game is {rule.name}")
    elif kind == "TurningTurtles":
        if "Nim heap of its place" in prompt:
            singles = [tuple(int(j == i) for j in range(8)) for i in range(8)]
            if any(grundy_value(game, p) != i + 1 for i, p in enumerate(singles)):
                problems.append("a single heads coin at place p is not worth p")
    elif kind in ("KaylesRow", "MockTurtles", "Wythoff", "GreenHackenbush", "GraphChips", "Nim"):
        word = {
            "KaylesRow": "Kayles",
            "MockTurtles": "Mock Turtles",
            "Wythoff": "Wythoff",
            "GreenHackenbush": "Hackenbush",
            "GraphChips": "graph",
            "Nim": "",
        }[kind]
        if word not in prompt:
            problems.append(f"the prompt does not name the game ({word})")
    else:
        problems.append(f"no check for a {kind} puzzle's prompt: add one to tests/test_puzzle_prompts.py")
    if kind != "Moore" and re.search(r"Nim\$_", prompt):
        problems.append("the prompt names Nim_k but the game is not Moore's")
    return problems


PUZZLES = _puzzles()


def test_every_chapter_puzzle_is_found():
    assert len(PUZZLES) >= 16, f"found {len(PUZZLES)} PuzzleWidget cells"


@pytest.mark.parametrize(("where", "prompt", "code", "context"), PUZZLES, ids=[p[0] for p in PUZZLES])
def test_prompt_states_the_games_rule(where, prompt, code, context):
    assert prompt.startswith("## Your turn"), f"{where}: the cell before the puzzle is its '## Your turn' prompt"
    game = _game(code, context)
    assert not check_prompt(prompt, game), (where, check_prompt(prompt, game))


def test_a_wrong_staircase_prompt_is_caught():
    """Chapter 8's old prompt, against the staircase it sat above."""
    from nimlib.boards import Staircase

    old = "## Your turn\n\nStaircase nim: only the odd steps count. Decide P or N, and if it is N, play a winning move."
    assert check_prompt(old, Staircase())
    assert not check_prompt(old.replace("odd", "even"), Staircase())


def test_other_wrong_prompts_are_caught():
    from nimlib.boards import HeapBoard
    from nimlib.moore import Moore
    from nimlib.rulesets import subtraction

    assert check_prompt("Nim$_2$: column sums mod 2", Moore(2))
    assert check_prompt("Nim$_3$: column sums mod 4", Moore(2))
    assert check_prompt("Misère Nim$_2$", Moore(2))
    assert check_prompt("Nim$_2$", Moore(2, misere=True))
    board = HeapBoard(game=subtraction({1, 3, 4}), largest=30)
    assert check_prompt(r"the subtraction game $\{1, 3, 4\}$ (values of period 5)", board)
    assert check_prompt(r"the subtraction game $\{1, 2, 4\}$ (values of period 7)", board)
    assert not check_prompt(r"the subtraction game $\{1, 3, 4\}$ (values of period 7)", board)
    assert check_prompt(r"heaps of $\mathrm{S}(1, 2, 3)$ ($n \bmod 3$)", HeapBoard(game=subtraction({1, 2, 3})))
