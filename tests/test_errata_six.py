"""The sixth mathematical review's errata (issue 37 item 2), each with a check that would have caught it.

Computed claims are recomputed (by nimlib and by searches written here); wording that was wrong is checked
where the page states it, and the built pages are checked for repeated ids and temporary paths.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from functools import cache
from itertools import product
from pathlib import Path

import pytest

from nimlib import grundy_value
from nimlib.misere import tree_value
from nimlib.rulesets import octal

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = (ROOT / "book" / "notation.md").read_text(encoding="utf-8")
PROBLEMS = (ROOT / "book" / "problems.md").read_text(encoding="utf-8")
REFERENCES = (ROOT / "book" / "references.md").read_text(encoding="utf-8")
BIB = (ROOT / "book" / "references.bib").read_text(encoding="utf-8")
GAME_075 = octal("0.75")


def chapter(prefix: str) -> dict[str, str]:
    """A chapter's cells by id: their source text."""
    path = next((ROOT / "notebooks").glob(f"{prefix}_*.ipynb"))
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return {cell["id"]: "".join(cell["source"]) for cell in notebook["cells"]}


def entry(term: str) -> str:
    """A glossary entry's text: the lines after its term, up to the next blank line."""
    found = re.search(rf"^{re.escape(term)}\n((?:  .*\n)+)", GLOSSARY, re.M)
    assert found, term
    return " ".join(found.group(1).split())


# --- the glossary's "tame": every reachable position, not only the options ---------------------------------


def genus(position: tuple[int, ...], game=GAME_075, twos: int = 6) -> tuple[int, tuple[int, ...]]:
    """Conway's genus of a sum of heaps: g and the misère values beside 0..twos-1 heaps of 2 (a heap of 2 is *2)."""
    key = tuple(sorted(position))
    return grundy_value(game.successors, key, known={}), tuple(
        tree_value(game.successors, tuple(sorted(key + (2,) * i)), {}) for i in range(twos)
    )


def kind(g: int, gammas: tuple[int, ...]) -> str | None:
    """'fickle', 'firm', or None for a wild genus (as chapter 16 reads the gammas)."""
    if (g, gammas[:4]) in [(0, (1, 2, 0, 2)), (1, (0, 3, 1, 3))]:
        return "fickle"
    return "firm" if all(x == (g if i % 2 == 0 else g ^ 2) for i, x in enumerate(gammas)) else None


def reachable(position: tuple[int, ...], game=GAME_075) -> set[tuple[int, ...]]:
    """Every position reachable from ``position`` (itself excluded), sorted tuples without empty heaps."""
    seen, todo = set(), [tuple(sorted(position))]
    while todo:
        for after in game.successors(todo.pop()):
            after = tuple(sorted(h for h in after if h))
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def test_tame_needs_every_reachable_position_and_the_glossary_says_so():
    game = octal("0.75")
    options = {tuple(sorted(h for h in o if h)) for o in game.successors((2, 6))}
    assert genus((2, 6)) == (0, (0, 2, 0, 2, 0, 2)) and len(options) == 7
    assert all(kind(*genus(o)) == "firm" for o in options)  # one move down, everything is tame
    far = reachable((2, 6))
    assert {(5,), (1, 5)} <= far
    assert genus((5,))[:2] == (1, (4, 3, 1, 3, 1, 3)) and kind(*genus((5,))) is None  # 1^431
    assert genus((1, 5)) == (0, (5, 2, 0, 2, 0, 2)) and kind(*genus((1, 5))) is None  # 0^520
    tame = entry("tame")
    assert "every position reachable" in tame and "(2, 6)" in tame and "1^{431}" in tame and "0^{520}" in tame
    assert "of its options are" not in tame
    symbols = GLOSSARY[GLOSSARY.index("Genus $g^{") :].split("\n\n")[0]
    assert "every position reachable" in symbols


def test_glossary_octal_code_mirror_and_pretension():
    code = entry("octal code")
    assert "before the point" in code and "$d_0$" in code
    mirror = entry("mirror strategy")
    assert "in normal play" in mirror and "misère" in mirror
    pretension = entry("pretension")
    assert "P-portion" in pretension and "generated" in pretension and "reduced" in pretension


@cache
def staircase_p(position: tuple[int, ...], ground: bool) -> bool:
    """Staircase nim by search: move c >= 1 coins from step i >= 2 to i - 1 (and from step 1 off when ``ground``)."""
    after = []
    for i, coins in enumerate(position):
        for c in range(1, coins + 1):
            if i >= 1:
                after.append(position[: i - 1] + (position[i - 1] + c, coins - c) + position[i + 1 :])
            elif ground:
                after.append((coins - c,) + position[1:])
    return not any(staircase_p(a, ground) for a in after)


def test_staircase_glossary_states_the_rule_it_describes():
    for position in product(range(3), repeat=4):
        evens = position[1] ^ position[3]
        odds = position[0] ^ position[2]
        assert staircase_p(position, ground=False) == (evens == 0)
        assert staircase_p(position, ground=True) == (odds == 0)
    text = entry("staircase nim")
    assert "stay there" in text and "Nim on the even steps" in text and "odd steps" in text


def test_ex_coins_1_does_not_ask_for_a_move_that_does_not_exist():
    assert staircase_p((0, 3, 9, 3), ground=False)  # a P-position: no winning move
    cells = chapter("11")
    text = next(t for t in cells.values() if ":label: ex-coins-1\n" in t)
    exercise = text[text.index(":label: ex-coins-1\n") :].split("::::")[0]
    assert "Find a winning move" not in exercise and "If the player to move does" in exercise


# --- chapter 16: the periodicity theorem's hypothesis, the Kayles paragraph, the hint --------------------------


def closure(table: list[list[int]], generators: set[int]) -> set[int]:
    """Every product of the generators (the empty product is element 0)."""
    found, todo = {0}, [0]
    while todo:
        x = todo.pop()
        for y in generators:
            if table[x][y] not in found:
                found.add(table[x][y])
                todo.append(table[x][y])
    return found


def test_the_periodicity_theorem_needs_every_element_to_be_a_product_of_heaps():
    # 0.1's quotient <a | a^2 = 1> with an absorbing z adjoined: right (no sum reaches z) and reduced, yet of
    # order 3, so "right and reduced" alone does not make a pretension the quotient
    one, a, z = 0, 1, 2
    table = [[one, a, z], [a, one, z], [z, z, z]]
    p_portion = {a}
    assert all(table[x][y] == table[y][x] for x in range(3) for y in range(3))
    assert all(table[table[x][y]][w] == table[x][table[y][w]] for x in range(3) for y in range(3) for w in range(3))
    distinguished = all(
        any((table[x][w] in p_portion) != (table[y][w] in p_portion) for w in range(3))
        for x in range(3)
        for y in range(x + 1, 3)
    )
    assert distinguished and closure(table, {a}) == {one, a} != set(range(3))
    theorem = chapter("16")["97c1121e"]
    statement = theorem[theorem.index(":label: thm-quotient-periodicity") : theorem.index("```{prf:proof}")]
    assert "every element is a product of $\\Phi(1), \\dots, \\Phi(N)$" in statement
    assert "absorbing" in theorem or "$zx = z$" in theorem
    assert '"Every length" follows from "every $M \\geq N$"' in theorem


def test_the_hint_to_exercise_16_2_cites_the_tame_sums_theorem():
    hint = chapter("16")["c34"]
    hint = hint[hint.index(":::{hint}") :]
    assert "thm-tame" in hint and "thm-misere" not in hint


def test_stars_follow_the_review():
    strips = chapter("08")["06-24"]
    assert "::::{exercise}\n:label: ex-strips-5" in strips
    assert "::::{exercise} ★\n:label: ex-misere-beyond-8" in chapter("16")["c45"]


def test_chapter_8_claims_only_positions_reachable_from_the_opening():
    cell = chapter("08")["strips-pawn-lemma"]
    assert "every quiet position reachable from the opening position is lost" in cell
    assert "every quiet position is lost" not in cell


def test_chapter_12_cell_7_ends_its_sentence():
    assert "rows of 10 coins.\n" in chapter("12")["09-07"]


# --- problems: every winning move, every value computed -------------------------------------------------------


@cache
def s12_p(position: tuple[int, ...]) -> bool:
    """Misère S(1, 2) by search: P when some move exists and every move leads to N."""
    after = [
        tuple(sorted(position[:i] + (n - t,) + position[i + 1 :]))
        for i, n in enumerate(position)
        for t in (1, 2)
        if t <= n
    ]
    return bool(sum(position)) and not any(s12_p(a) for a in after)


def test_prob_misere_3_gives_every_winning_move():
    start = (4, 5, 6)
    moves = {tuple(sorted(start[:i] + (n - t,) + start[i + 1 :])) for i, n in enumerate(start) for t in (1, 2)}
    assert {m for m in moves if s12_p(m)} == {(2, 5, 6), (3, 4, 6)}
    solution = PROBLEMS[PROBLEMS.index(":::{solution} prob-misere-3") :].split("\n:::\n")[0]
    assert "$(2, 5, 6)$" in solution and "$(4, 3, 6)$" in solution and "exactly two" in solution


def test_prob_engine_2_computes_every_value_it_states():
    solution = PROBLEMS[PROBLEMS.index(":::{solution} prob-engine-2") :].split("\n:::\n")[0]
    values = [0, 1, 2]
    for n in range(3, 12):
        options = [values[n - 1]] + [values[a] ^ values[n - 1 - a] for a in range(1, (n - 1) // 2 + 1)]
        values.append(min(set(range(len(options) + 1)) - set(options)))
        assert f"$g({n}) = \\operatorname{{mex}}" in solution, n  # each value is worked out, none asserted
        if n >= 6:
            shown = re.search(rf"\$g\({n}\) = .*? = \\operatorname{{mex}}\\{{([\d, ]+)\\}} = (\d+)\$", solution)
            assert (
                shown and [int(x) for x in shown.group(1).split(", ")] == options and int(shown.group(2)) == values[n]
            )
    assert values == [0, 1, 2, 1, 0, 1, 0, 1, 0, 1, 0, 1]


# --- references --------------------------------------------------------------------------------------------------


def test_the_references_table_follows_the_table_of_contents():
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    files = re.findall(r"file: notebooks/(\d\d_\w+)", toc)
    labels = []
    for name in files:
        cells = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
        labels.append(re.match(r"\((ch-[\w-]+)\)=", "".join(cells[0]["source"])).group(1))
    rows = re.findall(r"^\| \{ref\}`(ch-[\w-]+)` \|", REFERENCES, re.M)
    assert rows == labels and len(rows) == len(files) == 22


def test_the_engine_row_and_the_bibliography_name_every_engine_source():
    row = next(line for line in REFERENCES.splitlines() if line.startswith("| {ref}`ch-engine`"))
    assert "Gangolli–Plambeck" in row and "Rogalski" in row and "Grossman" in row and "9841c1e" in row
    grossman = BIB[BIB.index("@incollection{grossman2025officers") :].split("\n}\n")[0]
    assert "volume       = {70}" in grossman and "Published online" in grossman
    rogalski = BIB[BIB.index("@misc{rogalski2023") :].split("\n}\n")[0]
    assert "as of commit 9841c1e" in rogalski


# --- the engine chapter (21) and the built pages -----------------------------------------------------------------


def test_engine_chapter_prints_no_temporary_path():
    cells = chapter("21")
    for cid in ("engine-13", "engine-23"):
        code = cells[cid]
        assert "contextlib.chdir(folder)" in code
        assert not re.search(r"nimlib_command\(\[[^\]]*str\((folder|certificate|dawson)", code), cid


def _nimbook():
    spec = importlib.util.spec_from_file_location("nimbook_ext", ROOT / "book" / "_ext" / "nimbook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_repeated_ids_are_numbered():
    nimbook = _nimbook()
    page = (
        '<div class="proof theorem admonition" id="thm-a"><section class="theorem-content" id="proof-content">x'
        '</section></div><div class="proof admonition" id="proof"><section id="proof-content">y</section></div>'
        '<div class="proof admonition" id="proof"></div><section id="exercise-content"></section>'
        '<section id="exercise-content"></section><section id="solution-content"></section>'
    )
    once = nimbook.unique_ids(page)
    ids = re.findall(r'\bid="([^"]+)"', once)
    assert len(ids) == len(set(ids)) == 8
    assert once.count("nimbook-proof") == 2 and 'id="proof-2"' in once and 'id="exercise-content-2"' in once
    assert nimbook.unique_ids(once) == once


def test_built_pages_have_unique_ids_and_no_temporary_paths(built_book):
    pages = [p for p in built_book.rglob("*.html") if p.relative_to(built_book).parts[0] not in ("_static", "_sources")]
    assert len(pages) > 20
    repeated = {}
    for page in pages:
        counts = Counter(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))
        twice = sorted(k for k, v in counts.items() if v > 1)
        if twice:
            repeated[str(page.relative_to(built_book))] = twice[:5]
    assert repeated == {}
    engine = (built_book / "notebooks" / "21_engine.html").read_text(encoding="utf-8")
    assert "crosses.json" in engine and not re.search(r"/tmp\w*/\w+/crosses\.json|tmp[a-z0-9_]{6,}/", engine)
    index = (built_book / "searchindex.js").read_text(encoding="utf-8")
    assert not re.search(r"tmp[a-z0-9_]{8}", index)
    assert "div.nimbook-proof" in (built_book / "_static" / "proof.css").read_text(encoding="utf-8")


@pytest.mark.parametrize("term", ["tame", "staircase nim", "octal code", "pretension", "mirror strategy"])
def test_each_corrected_glossary_entry_is_found(term):
    assert entry(term)
